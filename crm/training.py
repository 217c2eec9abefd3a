"""``train(cfg)``: build everything from a composed Hydra config, fit, test, export, write metrics."""

from __future__ import annotations

import json
import logging
import math
import os
import time
import uuid
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import torch
from hydra.utils import instantiate
from lightning import Callback, LightningDataModule, LightningModule, Trainer, seed_everything
from lightning.pytorch.callbacks import LearningRateMonitor, ModelCheckpoint
from lightning.pytorch.loggers import CSVLogger, WandbLogger
from lightning.pytorch.utilities import rank_zero_only
from omegaconf import DictConfig, OmegaConf, open_dict
from rich.console import Console
from rich.table import Table

from crm.artifact import CRMSettings
from crm.config import attribute_options, checkpoint_run_dir
from crm.data.datamodule import DataEpoch, ResumeMidEpoch, eval_order
from crm.evaluation.families import by_family, family_mean_intervals, headline, heldout_criteria
from crm.evaluation.metrics import prob_chosen
from crm.evaluation.result_tables import family_table
from crm.evaluation.scorers import LengthScorer
from crm.export import export_crm
from crm.hf_export import export_hf_if_possible
from crm.models.answer_store import AnswerStore, DescribeAnswers
from crm.models.degenerate_gate import FitDegenerateGate
from crm.models.factory import build_reward_model
from crm.models.lit_module import CRMLitModule
from crm.models.lora import apply_lora, merge_lora
from crm.models.quality_prior import QualityPrior
from crm.models.reader_pretraining import pretrain_reader, reader_step_probe
from crm.precision import warn_if_emulated_bf16
from crm.progress import StageProgress, quiet_lightning
from crm.run_plan import check_cap, estimate_seconds, plan_run
from crm.tables import Table_, to_markdown
from crm.zero_export import export_zero_checkpoint

log = logging.getLogger(__name__)


def is_deepspeed_checkpoint(path: Path) -> bool:
    """A DeepSpeed checkpoint, which Lightning writes as a directory named like a checkpoint file."""
    return path.is_dir() and ((path / "latest").is_file() or (path / "checkpoint").is_dir())


def resolve_ckpt_path(value: str | None) -> str | None:
    """A checkpoint (a file, or a DeepSpeed checkpoint directory), or a run directory whose
    ``checkpoints/last.ckpt`` is resumed."""
    if not value:
        return None
    path = Path(value)
    if not is_deepspeed_checkpoint(path) and (path / "checkpoints").is_dir():
        path = path / "checkpoints" / "last.ckpt"
    if not (path.is_file() or is_deepspeed_checkpoint(path)):
        raise FileNotFoundError(f"no checkpoint at {path}")
    return str(path)


def run_directory(cfg: DictConfig, ckpt_path: str | None) -> Path:
    """The output directory; a resumed fit continues in its checkpoint's run directory: Lightning reloads
    the checkpoint callback's best checkpoint and score only when its directory has not moved."""
    run = checkpoint_run_dir(ckpt_path) if cfg.get("train", True) else None
    if run is not None and Path(cfg.paths.output_dir).resolve() != run.resolve():
        log.info("resuming in the run directory %s", run)
        cfg.paths.output_dir = str(run)
    return Path(cfg.paths.output_dir)


@rank_zero_only
def keep_earlier_curves(loggers: list[Any]) -> None:
    """Lightning's CSVLogger deletes an existing metrics.csv: a resumed run keeps its earlier curves
    as ``metrics.<n>.csv`` beside the new file."""
    for logger in loggers:
        current = Path(logger.log_dir) / "metrics.csv" if isinstance(logger, CSVLogger) else None
        if current is not None and current.is_file():
            n = 1
            while current.with_name(f"metrics.{n}.csv").exists():
                n += 1
            current.rename(current.with_name(f"metrics.{n}.csv"))


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


def instantiate_group(group: DictConfig | None) -> list[Any]:
    if not group:
        return []
    return [instantiate(node) for node in group.values() if isinstance(node, DictConfig) and "_target_" in node]


class DataReport(Callback):
    """Prints the datamodule's per-split counts once, when the trainer has set it up (for the fit, or the test)."""

    def __init__(self) -> None:
        self.printed = False

    def setup(self, trainer: Trainer, pl_module: LightningModule, stage: str) -> None:
        report = getattr(trainer.datamodule, "report", None)
        if report is not None and not self.printed:
            print_data_report(report())
            self.printed = True


def finish_wandb(loggers: list[Any], exit_code: int) -> None:
    """Finish the wandb run of a WandbLogger (marked failed with a non-zero ``exit_code``): a sweep agent or a
    Hydra multirun starts the next run in the same process, which must not log into this one."""
    if any(isinstance(lg, WandbLogger) for lg in loggers):
        import wandb

        wandb.finish(exit_code=exit_code)


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


WANDB_ID_FILE = "wandb_run_id"


def keep_wandb_run(cfg: DictConfig, output_dir: Path) -> None:
    """A resumed fit continues its wandb run instead of starting a second one: the run's id is kept in
    the run directory and given back to wandb with ``resume="allow"``. An id set in the config, or by a
    sweep agent (``WANDB_RUN_ID``), is left alone."""
    wandb_cfg = (cfg.get("logger") or {}).get("wandb")
    if wandb_cfg is None or wandb_cfg.get("id") or os.environ.get("WANDB_RUN_ID") or rank_zero_only.rank != 0:
        return
    path = output_dir / WANDB_ID_FILE
    if not path.exists():
        path.write_text(uuid.uuid4().hex[:8] + "\n")  # wandb run ids: lowercase letters and digits
    with open_dict(wandb_cfg):
        wandb_cfg.id = path.read_text().strip()
        wandb_cfg.resume = "allow"


def train(cfg: DictConfig) -> tuple[dict[str, Any], dict[str, Any]]:
    """Fit and test a CRM as configured; returns (metrics, objects). A wandb run is finished however it ends."""
    started = time.time()
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
    )
    return tokenizer, datamodule


def build_module(cfg: DictConfig) -> CRMLitModule:
    """The LightningModule a config describes: reward model (LoRA if configured), optimizer, loss settings."""
    model = apply_lora(build_reward_model(cfg.model, cfg.loss.head), cfg.get("peft"))
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


def fit_test_export(
    cfg: DictConfig, loggers: list[Any], ckpt_path: str | None, output_dir: Path, started: float
) -> tuple[dict[str, Any], dict[str, Any]]:
    head = cfg.loss.head
    tokenizer, datamodule = build_data(cfg)
    module = build_module(cfg)
    keep_earlier_curves(loggers)
    callbacks: list[Callback] = instantiate_group(cfg.get("callbacks"))
    if not loggers:  # nothing to write learning rates to (logger=none)
        callbacks = [c for c in callbacks if not isinstance(c, LearningRateMonitor)]
    describe = DescribeAnswers(AnswerStore() if cfg.get("answer_store", True) else None)
    callbacks += [DataEpoch(), ResumeMidEpoch(), DataReport(), describe]
    prior = None
    if cfg.get("prior"):  # after `describe`: it fits on the described answers
        prior = QualityPrior(**cfg.prior, seed=cfg.seed)
        callbacks.append(prior)
    gate = FitDegenerateGate()  # after `describe` too; fits nothing for a CRM without a gate
    callbacks.append(gate)
    trainer: Trainer = instantiate(cfg.trainer, callbacks=callbacks, logger=loggers or False)
    warn_if_emulated_bf16(trainer.strategy.root_device.type, str(trainer.precision).startswith("bf16"), "training")
    # The accumulation needs the world size, which the trainer resolves (devices, nodes, strategy); Lightning
    # reads it from the fit on, and its own callbacks set it the same way (GradientAccumulationScheduler).
    trainer.accumulate_grad_batches = derive_accumulation(cfg, trainer.world_size)
    for lg in loggers:
        lg.log_hyperparams(
            OmegaConf.to_container(OmegaConf.masked_copy(cfg, [k for k in cfg if k != "hydra"]), resolve=True)
        )

    training = cfg.get("train", True)
    teach_reader = training and bool(cfg.get("reader")) and ckpt_path is None  # a resumed fit has its reader
    plan = None
    if training:
        datamodule.setup("fit")  # the processed data is built first: the plan counts its pairs and answers
        context = trainer.precision_plugin.forward_context
        answers, stored = describe.pending(module.model, datamodule, context)
        plan = plan_run(
            cfg, datamodule, trainer.accumulate_grad_batches, answers, stored, teach_reader, ckpt_path is not None
        )
        log.info("%s", plan.describe())
        if cfg.get("run_deadline"):
            estimate = estimate_seconds(
                plan,
                module,
                datamodule,
                context,
                partial(reader_step_probe, cfg, module.model, tokenizer) if teach_reader else None,
            )
            check_cap(float(cfg.run_deadline), time.time() - started, estimate)
    reader = None
    if teach_reader:
        bar = [StageProgress("criteria reader")] if cfg.trainer.get("enable_progress_bar", True) else []
        reader = pretrain_reader(cfg, module.model, tokenizer, output_dir, callbacks=bar)
    if training:
        trainer.fit(module, datamodule=datamodule, ckpt_path=ckpt_path)
        ckpt_path = best_checkpoint(trainer) or None
    metrics: dict[str, Any] = {k: _to_python(v) for k, v in trainer.callback_metrics.items()}
    fit_seconds = time.time() - started

    # After a fit the datamodule knows its test sets; a test-only run (train=false) leaves its setup to the test.
    tested = bool(cfg.get("test", True) and (datamodule.test_set_names or not cfg.get("train", True)))
    if tested:  # with ckpt_path: loads the best checkpoint's weights into the module
        if ckpt_path is not None:
            log.info("testing the checkpoint %s", ckpt_path)
        test_results = trainer.test(module, datamodule=datamodule, ckpt_path=ckpt_path, verbose=False)
        for result in test_results:
            metrics.update({k: _to_python(v) for k, v in result.items()})
        tested = bool(datamodule.test_set_names)  # Lightning skips a test without test sets
    families = family_report(cfg, module, datamodule) if tested else {}
    objects = {"trainer": trainer, "module": module, "datamodule": datamodule, "tokenizer": tokenizer}
    if cfg.get("export", True):
        objects["export_dir"] = export_run(cfg, trainer, module, tokenizer, ckpt_path, output_dir / "export", tested)
        if objects["export_dir"] is not None and cfg.get("export_hf", True):
            objects["hf_dir"] = export_hf_if_possible(objects["export_dir"], output_dir / "hf")

    summary = {
        "metrics": metrics,
        "settings": {
            "model": cfg.model.name,
            "head": head,
            "noise": cfg.noise.mode,
            "direction": cfg.data.direction,
            "sources": list(cfg.data.sources),
            "attributes": attribute_options(cfg.data),
            "seed": cfg.seed,
        },
        "data": datamodule.report(),
        "test_set_sizes": {name: len(datamodule.datasets[name]) for name in datamodule.test_set_names},
        "families": families,
        "reader_pretraining": reader,
        "quality_prior": prior.report if prior is not None else None,
        "degenerate_gate": gate.report or None,
        "plan": plan.as_dict() if plan is not None else None,
        "global_step": trainer.global_step,
        "best_checkpoint": ckpt_path,
        "export_dir": str(objects["export_dir"]) if objects.get("export_dir") else None,
        "hf_dir": str(objects["hf_dir"]) if objects.get("hf_dir") else None,
        "fit_seconds": round(fit_seconds, 1),
        "total_seconds": round(time.time() - started, 1),
    }
    if trainer.is_global_zero:
        (output_dir / "metrics.json").write_text(json.dumps(summary, indent=2) + "\n")
        tables = [test_table(metrics, summary["test_set_sizes"])]
        if families:
            tables.append(family_table(families["by_family"], FAMILY_SCORERS, FAMILY_TITLE, families["headline"]))
        (output_dir / REPORT_FILE).write_text("\n".join(to_markdown(t) for t in tables))
        print_summary(summary, output_dir)
    return metrics, objects


REPORT_FILE = "report.md"


def print_summary(summary: dict[str, Any], output_dir: Path) -> None:
    """The run's end in a few lines: its steps and time, the headline accuracies with their intervals,
    each test set's accuracy, and where the rest is."""
    plan = summary.get("plan") or {}
    lines = [f"run finished in {summary['total_seconds'] / 60:.1f} min"]
    if plan:
        reader = f"{plan['reader_steps']} criteria reader steps, " if plan["reader_steps"] else ""
        lines[0] += f": {reader}{summary['global_step']:,} of {plan['pair_steps']:,} pair steps"
    head = (summary.get("families") or {}).get("headline") or {}
    for label, key, extra in (
        ("seen families", "seen_families_mean", "seen_families_min"),
        ("held-out families", "heldout_families_mean", None),
        ("concise/detailed", "concise_detailed", None),
        ("human votes", "votes", None),
        ("quality pairs", "quality", None),
        ("quality under form", "quality_under_form", None),
    ):
        if head.get(key) is not None:
            ci = head.get(f"{key}_ci")
            line = f"  {label:<18} {head[key]:.3f}" + (f" [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "")
            if extra and head.get(extra) is not None:
                line += f" (lowest family {head[extra]:.3f})"
            if head.get(f"{key}_longer_wins") is not None:
                line += f" (longer wins {head[f'{key}_longer_wins']:.3f})"
            lines.append(line)
    accuracies = [
        f"{name} {summary['metrics'][f'test/{name}/acc']:.3f}"
        for name in summary["test_set_sizes"]
        if summary["metrics"].get(f"test/{name}/acc") is not None
    ]
    if accuracies:
        lines.append("  test sets: " + ", ".join(accuracies))
    lines.append(f"tables per test set and criteria family: {output_dir / REPORT_FILE}")
    lines.append(f"run directory: {output_dir} (metrics.json, export/, checkpoints/)")
    Console().print("\n".join(lines), highlight=False, soft_wrap=True)


def export_run(
    cfg: DictConfig,
    trainer: Trainer,
    module: CRMLitModule,
    tokenizer,
    ckpt_path: str | None,
    out: Path,
    loaded: bool = False,
):
    """Write the export directory on rank 0 with the weights of ``ckpt_path`` (the best checkpoint; ``loaded``:
    testing already put them in the module): consolidated from the checkpoint under DeepSpeed, else from memory."""
    zero3 = getattr(trainer.strategy, "zero_stage_3", False)
    if zero3:
        trainer.strategy.barrier()  # every rank has finished writing its shards
        ckpt_path = ckpt_path or trainer.checkpoint_callback.last_model_path
    if not trainer.is_global_zero:
        return None
    if zero3 or (ckpt_path and not loaded and is_deepspeed_checkpoint(Path(ckpt_path))):
        return export_zero_checkpoint(ckpt_path, cfg, out)
    if ckpt_path and not loaded:  # after a fit the module holds the last weights, not the best
        state = torch.load(ckpt_path, map_location="cpu", weights_only=False, mmap=True)["state_dict"]
        module.load_state_dict(state)
    return export_crm(out, merge_lora(module.model), tokenizer, CRMSettings.from_config(cfg))


def best_checkpoint(trainer: Trainer) -> str:
    callback = trainer.checkpoint_callback
    if isinstance(callback, ModelCheckpoint) and callback.best_model_path:
        return callback.best_model_path
    return ""


def _to_python(value: Any) -> Any:
    return value.item() if isinstance(value, torch.Tensor) else value


def print_data_report(report: dict[str, dict]) -> None:
    table = Table(title="Data (per split)")
    columns = {
        "read": "read",
        "kept": "kept",
        "ties_excluded": "ties excluded",
        "not_sampled": "not sampled",
        "too_long_filtered": "too long (filtered)",
        "degenerate_added": "degenerate added",
        "truncated": "truncated",
        "skipped_invalid": "invalid skipped",
    }
    table.add_column("split", no_wrap=True)
    for title in columns.values():
        table.add_column(title, justify="right")
    for split, r in report.items():
        table.add_row(split, *(str(r[key]) for key in columns))
    Console().print(table)


def family_report(cfg: DictConfig, module: CRMLitModule, datamodule: LightningDataModule) -> dict[str, Any]:
    """Test accuracy per criteria family and polarity (all test sets pooled), the length rules beside it."""
    outcomes = module.test_outcomes()
    samples, crm_correct = [], []
    for name, correct in outcomes.items():
        dataset = datamodule.datasets[name]
        # the order the test loader visited, as far as it went (limit_test_batches stops it early)
        samples += [dataset.draw(i) for i in eval_order(dataset)[: len(correct)]]
        crm_correct.append(correct.numpy())
    if not samples:
        return {}
    labels = np.array([s.preference == "model_a" for s in samples])
    correct = {"CRM": np.concatenate(crm_correct)}
    for rule in (LengthScorer("longer"), LengthScorer("shorter")):
        correct[rule.name] = prob_chosen(rule.score(samples).prob_a, labels) > 0.5
    heldout = heldout_criteria(cfg.data)
    table = by_family(samples, correct, heldout)
    return {
        "by_family": table,
        "headline": headline(table, "CRM", family_mean_intervals(samples, correct["CRM"], heldout)),
        "tested_pairs": len(samples),
    }


FAMILY_SCORERS = ["CRM", "longer wins", "shorter wins"]
FAMILY_TITLE = "Test accuracy per criteria family (held-out queries; * = never seen in training)"


def test_table(metrics: dict[str, Any], test_set_sizes: dict[str, int]) -> Table_:
    rows = [
        [name, str(size), f"{metrics[f'test/{name}/acc']:.4f}", f"{metrics[f'test/{name}/loss']:.4f}"]
        for name, size in test_set_sizes.items()
        if metrics.get(f"test/{name}/acc") is not None
    ]
    return "Test accuracy (strict: a tie counts as wrong)", ["test set", "pairs", "accuracy", "loss"], rows
