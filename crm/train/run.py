"""``train(cfg)``: build everything from a composed Hydra config, fit, test, export, write metrics."""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import torch
from hydra.errors import InstantiationException
from hydra.utils import instantiate
from lightning import Callback, LightningDataModule, Trainer, seed_everything
from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.pytorch.callbacks import LearningRateMonitor
from omegaconf import DictConfig, OmegaConf

from crm.config import checkpoint_run_dir
from crm.data.datamodule import DataEpoch
from crm.data.resumable_loader import ResumeMidEpoch
from crm.errors import UserError
from crm.export.hf import export_hf_if_possible
from crm.memory import StagePeaks, release_freed_memory
from crm.models.factory import configured_model
from crm.precision import warn_if_emulated_bf16
from crm.progress import StageProgress, quiet_lightning
from crm.run_options import TrainOptions, check_options
from crm.scoring.answer_store import AnswerStore
from crm.train.checkpoints import best_checkpoint, export_run, resolve_ckpt_path
from crm.train.degenerate_gate_fit import FitDegenerateGate
from crm.train.describe_stage import DescribeAnswers, ReadCriteriaAhead
from crm.train.frozen_once import write_frozen_once
from crm.train.lit_module import CRMLitModule
from crm.train.loggers import finish_wandb, instantiate_group, keep_earlier_curves, keep_wandb_run
from crm.train.plan import check_cap, estimate_seconds, plan_run, recipe_plan
from crm.train.quality_prior import QualityPrior
from crm.train.quality_term_fit import FitQualityTerm
from crm.train.reader_beside import ReaderBeside, one_thread, teaches_beside
from crm.train.reader_stage import pretrain_reader, reader_step_probe, taught_reader_report
from crm.train.summary import DataReport, family_report, print_summary, run_summary, write_run_report

log = logging.getLogger(__name__)


def run_directory(cfg: DictConfig, ckpt_path: str | None) -> Path:
    """The output directory; a resumed fit continues in its checkpoint's run directory: Lightning reloads
    the checkpoint callback's best checkpoint and score only when its directory has not moved."""
    run = checkpoint_run_dir(ckpt_path) if cfg.get("train", True) else None
    if run is not None and Path(cfg.paths.output_dir).resolve() != run.resolve():
        log.info("resuming in the run directory %s", run)
        cfg.paths.output_dir = str(run)
    return Path(cfg.paths.output_dir)


def derive_accumulation(cfg: DictConfig, world_size: int) -> int:
    """Gradient accumulation that turns the per-device batch on ``world_size`` devices (the trainer's)
    into ``effective_batch_size``."""
    if not cfg.get("effective_batch_size"):
        return int(cfg.trainer.get("accumulate_grad_batches", 1))
    per_step = cfg.data.batch_size * world_size
    accumulation = max(1, math.ceil(cfg.effective_batch_size / per_step))
    if accumulation * per_step != cfg.effective_batch_size:
        log.warning(
            "effective batch %d is not a multiple of %d pairs per step: using %d",
            cfg.effective_batch_size,
            per_step,
            accumulation * per_step,
        )
    return accumulation


def optimized_metric(cfg: DictConfig, metrics: dict[str, Any]) -> float | None:
    """The value a sweep optimises: ``metrics[cfg.optimized_metric]``; None when no metric is named. A named
    metric the run did not produce (misspelt, or never logged) is an error, not a silent None; a run that
    did not train (``train=false``) produces no training or validation metrics and returns None for them."""
    name = cfg.get("optimized_metric")
    if not name:
        return None
    if metrics.get(name) is not None:
        return float(metrics[name])
    if not cfg.get("train", True):
        log.warning("optimized_metric=%s: not produced by a run without training", name)
        return None
    if name.startswith("val/") and not any(k.startswith("val/") for k in metrics):
        log.warning(
            "optimized_metric=%s: the fit ended before its first validation (trainer.max_steps=%s, "
            "trainer.val_check_interval=%s): nothing to return to a sweeper",
            name, cfg.trainer.get("max_steps"), cfg.trainer.get("val_check_interval"),
        )  # fmt: skip
        return None
    raise ValueError(
        f"optimized_metric={name!r} is not among this run's metrics: {', '.join(sorted(metrics)) or 'none'}"
    )


def train(cfg: DictConfig) -> tuple[dict[str, Any], dict[str, Any]]:
    """Fit and test a CRM as configured; returns (metrics, objects). A wandb run is finished however it ends."""
    started = time.time()
    check_options(cfg, TrainOptions)
    quiet_lightning()
    seed_everything(cfg.seed, workers=True)
    ckpt_path = resolve_ckpt_path(cfg.get("ckpt_path"))
    output_dir = run_directory(cfg, ckpt_path)
    output_dir.mkdir(parents=True, exist_ok=True)
    keep_wandb_run(cfg, output_dir)
    loggers = instantiate_group(cfg.get("logger"))
    exit_code = 1
    try:
        result = fit_test_export(cfg, loggers, ckpt_path, output_dir, started)
        exit_code = 0
        return result
    finally:
        finish_wandb(loggers, exit_code)


def build_data(cfg: DictConfig) -> tuple[Any, LightningDataModule]:
    """The tokenizer and datamodule a config describes. The datamodule is set up by the trainer (fit or
    test); the module's per-test-set metrics follow its test sets."""
    tokenizer = instantiate(cfg.model.tokenizer)
    datamodule = instantiate(
        cfg.data,
        tokenizer=tokenizer,
        head=cfg.loss.head,
        input_format=cfg.model.input_format,
        answer_layout=bool(cfg.model.get("answer_layout")),
        query_rows=bool(cfg.model.get("query_interaction")),
        quality_ranking=bool(cfg.model.get("quality_term")),
    )
    return tokenizer, datamodule


def build_module(cfg: DictConfig) -> CRMLitModule:
    """The LightningModule a config describes: reward model (LoRA if configured), optimizer, loss settings."""
    model = configured_model(cfg)
    optim = instantiate(cfg.optim)
    return CRMLitModule(
        model,
        optimizer=optim.optimizer,
        scheduler=optim.get("scheduler"),
        warmup_ratio=cfg.optim.warmup_ratio,
        head_lr_scale=cfg.optim.get("head_lr_scale", 1.0),
        margin=cfg.loss.margin,
        center_rewards_coef=cfg.loss.center_rewards_coef,
        label_smoothing=cfg.loss.label_smoothing,
    )


@dataclass
class Stages:
    """The callbacks that run stages of their own inside the fit, whose reports the summary gives."""

    describe: DescribeAnswers
    prior: QualityPrior | None
    gate: FitDegenerateGate
    quality: FitQualityTerm


def fit_test_export(
    cfg: DictConfig, loggers: list[Any], ckpt_path: str | None, output_dir: Path, started: float
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The run: build, plan (and refuse a run past its cap), teach the reader, fit, test, export, report."""
    peaks = StagePeaks()
    peaks.begin("data")
    tokenizer, datamodule = build_data(cfg)
    module = build_module(cfg)
    trainer, stages = build_trainer(cfg, loggers, peaks)
    training = cfg.get("train", True)
    plan, reader = plan_and_teach_reader(
        cfg, trainer, module, datamodule, tokenizer, stages, peaks, ckpt_path, output_dir, started
    )
    if training:
        peaks.begin("pairs")
        trainer.fit(module, datamodule=datamodule, ckpt_path=ckpt_path)
        ckpt_path = best_checkpoint(trainer) or None
    metrics: dict[str, Any] = {k: _to_python(v) for k, v in trainer.callback_metrics.items()}
    fit_seconds = time.time() - started
    peaks.begin("test")
    tested = run_tests(cfg, trainer, module, datamodule, ckpt_path, metrics)
    families = family_report(cfg, module, datamodule) if tested else {}
    objects = {"trainer": trainer, "module": module, "datamodule": datamodule, "tokenizer": tokenizer}
    if cfg.get("export", True):
        peaks.begin("export")
        objects["export_dir"] = export_run(cfg, trainer, module, tokenizer, ckpt_path, output_dir / "export", tested)
        if objects["export_dir"] is not None and cfg.get("export_hf", True):
            objects["hf_dir"] = export_hf_if_possible(objects["export_dir"], output_dir / "hf")
    peaks.begin(None)
    summary = run_summary(cfg, metrics, datamodule, families)
    summary.update(
        reader_pretraining=reader,
        quality_prior=stages.prior.report if stages.prior is not None else None,
        degenerate_gate=stages.gate.report or None,
        quality_term=stages.quality.report or None,
        plan=recipe_plan(cfg, plan).as_dict() if plan is not None else None,
        global_step=trainer.global_step,
        best_checkpoint=ckpt_path,
        export_dir=str(objects["export_dir"]) if objects.get("export_dir") else None,
        hf_dir=str(objects["hf_dir"]) if objects.get("hf_dir") else None,
        fit_seconds=round(fit_seconds, 1),
        total_seconds=round(time.time() - started, 1),
        peak_memory_gb={stage: round(gb, 2) for stage, gb in peaks.peaks.items()},
    )
    if trainer.is_global_zero:
        write_run_report(summary, output_dir)
        print_summary(summary, output_dir)
    return metrics, objects


def plan_and_teach_reader(
    cfg, trainer, module, datamodule, tokenizer, stages: Stages, peaks: StagePeaks, ckpt_path, output_dir, started
) -> tuple[Any, dict[str, Any] | None]:
    """The run's plan (:func:`plan_or_refuse`) and what teaching its criteria reader did (None without a
    reader). On a CPU run of one process the reader is taught beside preparing the data, describing the
    answers and fitting the degenerate gate (:mod:`crm.train.reader_beside`); elsewhere after them, alone."""
    training = cfg.get("train", True)
    teach = training and bool(cfg.get("reader")) and ckpt_path is None  # a resumed fit has its reader
    progress = bool(cfg.trainer.get("enable_progress_bar", True))
    if not (teach and teaches_beside(cfg, trainer)):
        plan = plan_or_refuse(cfg, trainer, module, datamodule, tokenizer, stages, teach, ckpt_path, started)
        if not teach:  # resumed: the reader is in the checkpoint, its report in the run
            return plan, taught_reader_report(output_dir) if training and cfg.get("reader") else None
        peaks.begin("criteria reader")
        with one_thread(trainer.strategy.root_device.type):
            bar = [StageProgress("criteria reader")] if progress else []
            return plan, pretrain_reader(cfg, module.model, tokenizer, output_dir, callbacks=bar)
    beside = ReaderBeside(cfg, module.model, output_dir, progress)
    capped = bool(cfg.get("run_deadline"))  # a cap's estimate times each stage alone: the reader starts after it
    try:
        if not capped:
            beside.start()
        plan = plan_or_refuse(cfg, trainer, module, datamodule, tokenizer, stages, teach, ckpt_path, started)
        if capped:
            beside.start()
        stages.describe.ahead(trainer, module, datamodule)  # the fit's first stages, which read no criteria
        stages.gate.ahead(trainer, module, datamodule)
        release_freed_memory()  # what the stages ahead freed, back to the system before the pair stage
        peaks.begin("criteria reader")  # what is left of its teaching
        return plan, beside.result()
    except BaseException:
        beside.cancel()
        raise


def build_trainer(cfg: DictConfig, loggers: list[Any], peaks: StagePeaks | None = None) -> tuple[Trainer, Stages]:
    """The Lightning trainer with the config's callbacks and the run's stages, its gradient accumulation
    derived from the world size, and the config logged as hyperparameters."""
    keep_earlier_curves(loggers)
    callbacks: list[Callback] = instantiate_group(cfg.get("callbacks"))
    if not loggers:  # nothing to write learning rates to (logger=none)
        callbacks = [c for c in callbacks if not isinstance(c, LearningRateMonitor)]
    describe = DescribeAnswers(AnswerStore() if cfg.get("answer_store", True) else None, peaks)
    callbacks += [DataEpoch(), ResumeMidEpoch(), DataReport(), describe, ReadCriteriaAhead()]
    prior = None
    if cfg.get("prior"):  # after `describe`: it fits on the described answers
        prior = QualityPrior(**cfg.prior, seed=cfg.seed)
        callbacks.append(prior)
    gate = FitDegenerateGate()  # after `describe` too; fits nothing for a CRM without a gate
    callbacks.append(gate)
    quality = FitQualityTerm()  # after `describe` too; fits nothing for a CRM without a quality term
    callbacks.append(quality)
    trainer = trainer_or_refuse(cfg, callbacks, loggers)
    write_frozen_once(trainer)
    warn_if_emulated_bf16(trainer.strategy.root_device.type, str(trainer.precision).startswith("bf16"), "training")
    # The accumulation needs the world size, which the trainer resolves (devices, nodes, strategy); Lightning
    # reads it from the fit on, and its own callbacks set it the same way (GradientAccumulationScheduler).
    trainer.accumulate_grad_batches = derive_accumulation(cfg, trainer.world_size)
    for lg in loggers:
        lg.log_hyperparams(
            OmegaConf.to_container(OmegaConf.masked_copy(cfg, [k for k in cfg if k != "hydra"]), resolve=True)
        )
    return trainer, Stages(describe, prior, gate, quality)


def trainer_or_refuse(cfg: DictConfig, callbacks: list[Callback], loggers: list[Any]) -> Trainer:
    """The configured Lightning trainer; options Lightning refuses together (its misconfiguration) are the
    user's mistake, named in one line."""
    try:
        return instantiate(cfg.trainer, callbacks=callbacks, logger=loggers or False)
    except InstantiationException as err:
        if isinstance(err.__cause__, MisconfigurationException):
            raise UserError(f"trainer options: {err.__cause__}") from None
        raise


def plan_or_refuse(
    cfg, trainer, module, datamodule, tokenizer, stages: Stages, teach_reader: bool, ckpt_path, started: float
):
    """The run's plan of fixed work (None for a run that does not train), logged; with ``run_deadline``,
    the recipe timed on this machine and refused before anything trains if it would overrun the cap."""
    if not cfg.get("train", True):
        return None
    datamodule.setup("fit")  # the processed data is built first: the plan counts its pairs and answers
    context = trainer.precision_plugin.forward_context
    answers, stored = stages.describe.pending(module.towers, datamodule, context)
    plan = plan_run(
        cfg, datamodule, trainer.accumulate_grad_batches, answers, stored, teach_reader, ckpt_path is not None
    )
    log.info("%s", plan.describe())
    if cfg.get("run_deadline"):
        probe = partial(reader_step_probe, cfg, module.model, tokenizer) if teach_reader else None
        estimate = estimate_seconds(plan, module, datamodule, context, probe)
        check_cap(float(cfg.run_deadline), time.time() - started, estimate)
    return plan


def run_tests(cfg, trainer, module, datamodule, ckpt_path: str | None, metrics: dict[str, Any]) -> bool:
    """Test the best checkpoint's weights (``ckpt_path``) on every test set, adding the results to
    ``metrics``; whether any test set was tested."""
    # After a fit the datamodule knows its test sets; a test-only run (train=false) leaves its setup to the test.
    if not (cfg.get("test", True) and (datamodule.test_set_names or not cfg.get("train", True))):
        return False
    if ckpt_path is not None:
        log.info("testing the checkpoint %s", ckpt_path)
    for result in trainer.test(module, datamodule=datamodule, ckpt_path=ckpt_path, verbose=False):
        metrics.update({k: _to_python(v) for k, v in result.items()})
    return bool(datamodule.test_set_names)  # Lightning skips a test without test sets


def _to_python(value: Any) -> Any:
    return value.item() if isinstance(value, torch.Tensor) else value
