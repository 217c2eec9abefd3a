"""train.py end to end on the tiny Qwen3: config composition, a short run, export/reload, resume, bad data,
and the wiring left to Lightning (per-test-set metrics, the data epoch, the world size), the optimised metric
handed to sweeps and the wandb run finished however a run ends."""

import importlib.util
import json
import logging
import subprocess
import sys
from dataclasses import replace
from types import SimpleNamespace

import pytest
import torch
from lightning import Callback
from omegaconf import OmegaConf

from crm.data.datamodule import CRMDataModule, DataEpoch
from crm.data.schema import DataFormatError, read_samples, write_samples
from crm.evaluation.harness import evaluate_scorers
from crm.evaluation.paper_splits import load_test_set
from crm.evaluation.scorers import CRMScorer
from crm.export.__main__ import main as reexport_main
from crm.export.checkpoint_file import read_checkpoint
from crm.inference import CRM, load_crm
from crm.models.factory import build_reward_model
from crm.precision import WIDTH_DISPATCHED_ATTENTION
from crm.train.checkpoints import resolve_ckpt_path
from crm.train.lit_module import VAL_ACC_BEST_KEY, CRMLitModule, with_schedule
from crm.train.run import derive_accumulation, train
from tests.conftest import ROOT, TINY_TRAIN, files_override, style_pair

NO_PROGRESS = ("~callbacks.progress_bar",)


@pytest.mark.parametrize(
    "overrides, head",
    [
        (["model=qwen3_4b", "head=cls", "noise=random"], "cls"),
        (["model=qwen3_8b", "head=bt", "noise=add"], "bt"),
        (["model=qwen3_0_6b"], "cls"),
        ([], "bt"),
    ],
)
def test_configs_compose_without_downloading(compose_train, overrides, head):
    cfg = compose_train(*overrides)
    assert cfg.loss.head == head
    if overrides:
        assert cfg.optim.optimizer.lr == 1e-5 and cfg.data.max_length == 2048
        assert cfg.effective_batch_size == 32 and cfg.trainer.max_epochs == 3
        assert cfg.model.backbone.pretrained.startswith("Qwen/Qwen3-")
    assert cfg.noise.mode == (overrides[2].split("=")[1] if len(overrides) > 2 else "none")


def test_the_quickstart_attention_follows_the_training_precision(compose_train, monkeypatch):
    from crm import precision

    monkeypatch.setattr(precision, "cuda_present", lambda: False)
    bf16 = compose_train("trainer.precision=bf16-mixed").model.backbone.attn_implementation
    fp32 = compose_train("trainer.precision=32-true").model.backbone.attn_implementation
    assert (bf16, fp32) == (WIDTH_DISPATCHED_ATTENTION, None)


def test_the_plan_is_the_work_done_whatever_the_machines_speed(compose_train, tiny_files, tmp_path, monkeypatch):
    """The steps follow from the config and the data alone: a machine a thousand times slower (every timing of
    the cap's estimate), under a cap it still fits, plans and takes the same steps and makes the same model."""
    common = (*TINY_TRAIN, files_override(tiny_files), "trainer.max_epochs=2", "trainer.val_check_interval=1")
    common += ("test=false", "export=false")
    fast, _ = train(compose_train(*common, output_dir=tmp_path / "fast"))
    monkeypatch.setattr("crm.train.plan._timed", lambda fn, repeats: (fn(), 1000.0)[1])
    slow, objects = train(compose_train(*common, "run_deadline=1e9", output_dir=tmp_path / "slow"))
    plans = [json.loads((tmp_path / run / "metrics.json").read_text())["plan"] for run in ("fast", "slow")]
    assert plans[0] == plans[1] and plans[0]["pair_steps"] == 4 == objects["trainer"].global_step  # 2 epochs of 2 steps
    assert slow["val/loss"] == fast["val/loss"]


def test_an_endless_fit_asks_for_an_end_before_its_lr_schedule():
    """max_steps=-1 with max_epochs=-1: a clear error, not Python's "cannot convert float infinity"."""
    module = SimpleNamespace(
        scheduler_factory=lambda **kwargs: None,
        hparams=SimpleNamespace(warmup_ratio=0.0),
        trainer=SimpleNamespace(estimated_stepping_batches=float("inf")),
    )
    optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=1.0)
    with pytest.raises(ValueError, match="optim.scheduler=null"):
        with_schedule(module, optimizer)


@pytest.mark.parametrize("override", ["experiment=paper_crm_4b", "experiment=minilm_cls", "debug=fdr", "debug=limit"])
def test_experiment_and_debug_configs_compose(compose_train, override):
    cfg = compose_train(override)
    if override == "experiment=paper_crm_4b":
        assert cfg.model.name == "qwen3_4b" and cfg.loss.head == "cls" and "dsp_webgpt" in cfg.data.sources
    if override == "experiment=minilm_cls":
        assert cfg.model.name == "minilm_cross_encoder" and cfg.loss.head == "cls"
    if override.startswith("debug"):
        assert cfg.trainer.accelerator == "cpu" and cfg.task_name == "debug"


def test_the_cross_encoder_preset_builds_its_model(compose_train):
    """The cls experiment judges both answers in one sequence: the MiniLM cross-encoder."""
    from crm.models.cross_encoder import CrossEncoderCRM
    from crm.models.factory import build_reward_model

    cfg = compose_train("experiment=minilm_cls")
    model = build_reward_model(cfg.model, cfg.loss.head)
    assert isinstance(model, CrossEncoderCRM) and model.head_type == "cls"


def test_cfg_job_prints_the_composed_config():
    out = subprocess.run(
        [sys.executable, "train.py", "model=qwen3_4b", "head=cls", "noise=random", "--cfg", "job"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "Qwen/Qwen3-4B" in out and "head: cls" in out and "mode: random" in out


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_tiny_run_trains_tests_and_exports(compose_train, tiny_files, tmp_path, head):
    cfg = compose_train(
        *TINY_TRAIN,
        f"head={head}",
        "noise=add",
        files_override(tiny_files),
        "trainer.max_steps=3",
        "trainer.val_check_interval=3",
        "trainer.limit_val_batches=1",
    )
    metrics, objects = train(cfg)
    assert objects["trainer"].global_step == 3
    for key in ("val/loss", "test/queries_original/acc", "test/queries_reverse/acc"):
        assert key in metrics
    summary = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert summary["metrics"]["test/queries_original/acc"] == metrics["test/queries_original/acc"]
    assert summary["data"]["train"]["kept"] == 16
    assert list(summary["peak_memory_gb"]) == ["data", "pairs", "test", "export"]  # each stage's own, in GB
    assert all(0 < gb < 64 for gb in summary["peak_memory_gb"].values())
    # what evaluate.py evaluates the run with: the attribute-pair options it was trained with
    assert summary["settings"]["attributes"] == OmegaConf.to_container(cfg.data.attributes, resolve=True)
    families = summary["families"]["by_family"]  # per criteria family, the length rules beside the CRM
    assert sum(f["n"] for f in families.values()) == 8 and {"CRM", "longer wins"} <= set(next(iter(families.values())))
    assert (tmp_path / "run" / "checkpoints" / "last.ckpt").exists()
    # a bt Qwen3 CRM is also written as a transformers checkpoint (crm/export/hf.py); a cls one is not
    assert (summary["hf_dir"] is not None) == (head == "bt") == (tmp_path / "run" / "hf" / "config.json").exists()

    # The export reloads with one call and gives exactly the trained model's scores (in fp32, batch
    # composition and padding change nothing; bf16 autocast would move the last digits).
    crm = load_crm(tmp_path / "run", precision="fp32")
    samples, _ = read_samples(tiny_files["test"])
    in_memory = CRM(objects["module"].model, objects["tokenizer"], crm.settings, crm.plan)
    assert torch.equal(crm.raw_scores(samples), in_memory.raw_scores(samples))
    assert torch.allclose(crm.raw_scores(samples, batch_size=1), in_memory.raw_scores(samples), atol=1e-5)

    # The harness's accuracy agrees with the scores; each pair is judged under both sides' criteria.
    test_set, _ = load_test_set("test", [tiny_files["test"]])
    results = evaluate_scorers({"crm": CRMScorer(crm)}, [test_set])["crm"]["test"]
    p_a = crm.prob_a([p.sample for p in test_set.pairs]).tolist()
    expected = sum((p > 0.5) == pair.label_a for pair, p in zip(test_set.pairs, p_a)) / len(p_a)
    assert results["n"] == 8 and results["accuracy"] == pytest.approx(expected)
    assert set(results["by_direction"]) == {"original", "reverse"}


def test_resume_continues_from_the_checkpoint(compose_train, tiny_files, tmp_path):
    common = (*TINY_TRAIN, files_override(tiny_files), "test=false", "export=false")
    first = compose_train(*common, "trainer.max_steps=2", "trainer.val_check_interval=2", output_dir=tmp_path / "a")
    _, objects = train(first)
    assert objects["trainer"].global_step == 2
    resumed = compose_train(
        *common,
        "trainer.max_steps=4",
        "trainer.val_check_interval=2",
        f"ckpt_path={tmp_path / 'a'}",
        output_dir=tmp_path / "b",
    )
    _, objects = train(resumed)
    trainer = objects["trainer"]
    assert trainer.global_step == 4
    assert not (tmp_path / "b").exists()  # the resumed fit continues in the run's own directory
    ckpt = torch.load(tmp_path / "a" / "checkpoints" / "last.ckpt", weights_only=False)
    assert ckpt["global_step"] == 4
    # Only two new optimizer steps ran: the optimizer state counts 4 updates in all.
    state = ckpt["optimizer_states"][0]["state"]
    assert int(next(iter(state.values()))["step"]) == 4


class Killed(RuntimeError):
    """The run's state when it was killed: its logged metrics and its checkpoint callback."""

    def __init__(self, trainer):
        super().__init__(f"killed after step {trainer.global_step}")
        self.metrics = {k: float(v) for k, v in trainer.callback_metrics.items()}
        self.checkpoint_callback = trainer.checkpoint_callback


class KillAt(Callback):
    """Kills a fit before the optimizer step after ``step`` (its validation and checkpoints are written)."""

    def __init__(self, step: int):
        self.step = step

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx) -> None:
        if trainer.global_step == self.step:
            raise Killed(trainer)


def short_criteria_pairs(path, winner: str, n: int = 4) -> str:
    """Style pairs (A short, B long), both sides judged under the short style's criteria, all preferring ``winner``."""
    samples = [style_pair(f"Question {i}: what is {i} plus zero?", i) for i in range(n)]
    write_samples(path, [replace(s, preference=winner, human_winner=winner, b_criteria=s.a_criteria) for s in samples])
    return str(path)


def test_resume_keeps_the_best_checkpoint_and_metric(compose_train, tiny_files, tmp_path):
    """A run killed after its best checkpoint and resumed with ``ckpt_path=<run dir>`` continues in its directory,
    tests and exports the best checkpoint, not the worse last one, and keeps ``val/acc_best``."""
    run = tmp_path / "run"
    train_short = short_criteria_pairs(tmp_path / "train_short.jsonl", "model_a", n=16)
    common = (
        *TINY_TRAIN,
        "data.direction=original",
        "data.val_direction=original",
        "trainer.max_steps=4",
        "trainer.val_check_interval=1",
    )
    killed = compose_train(
        *common,
        files_override({**tiny_files, "train": train_short, "val": train_short}),
        "+callbacks.kill._target_=tests.test_train.KillAt",
        "+callbacks.kill.step=2",
        output_dir=run,
    )
    with pytest.raises(Killed) as kill:
        train(killed)
    best_path = kill.value.checkpoint_callback.best_model_path
    best_loss, best_acc = float(kill.value.checkpoint_callback.best_model_score), kill.value.metrics["val/acc_best"]
    assert torch.load(run / "checkpoints" / "last.ckpt", weights_only=False)["global_step"] == 2

    # After the resume the validation set prefers the long answers: every later validation is worse than the
    # best before the kill (as when a run overfits after its best checkpoint).
    val_long = short_criteria_pairs(tmp_path / "val_long.jsonl", "model_b")
    resumed = compose_train(
        *common,
        files_override({**tiny_files, "train": train_short, "val": val_long}),
        f"ckpt_path={run}",
        output_dir=tmp_path / "new_run",  # the directory a run composed without the resume would get
    )
    assert resumed.hydra.run.dir == str(run)  # `python train.py ckpt_path=<run dir>` runs in the run directory
    metrics, objects = train(resumed)
    trainer = objects["trainer"]
    assert trainer.global_step == 4 and metrics["val/loss"] > best_loss and metrics["val/acc"] < best_acc

    # (a) The same run directory, the checkpoint callback's state intact.
    assert not (tmp_path / "new_run").exists()
    assert torch.load(run / "checkpoints" / "last.ckpt", weights_only=False)["global_step"] == 4
    assert trainer.checkpoint_callback.best_model_path == best_path
    assert float(trainer.checkpoint_callback.best_model_score) == best_loss
    assert json.loads((run / "metrics.json").read_text())["best_checkpoint"] == best_path
    # (b) The export holds the best checkpoint's weights, not the last one's.
    exported = load_crm(run).model.state_dict()

    def same_weights(ckpt) -> bool:
        state = read_checkpoint(ckpt)["state_dict"]  # its frozen weights put back
        return all(torch.equal(value, state[f"model.{name}"]) for name, value in exported.items())

    assert same_weights(best_path) and not same_weights(run / "checkpoints" / "last.ckpt")
    # `python -m crm.export <run>` (what an export of an older format names) writes the same CRM again
    (run / ".hydra").mkdir()
    OmegaConf.save(resumed, run / ".hydra" / "config.yaml")  # as `python train.py` saves it
    assert reexport_main([str(run), "--out", str(tmp_path / "again")]) == 0
    again = load_crm(tmp_path / "again").model.state_dict()
    assert again.keys() == exported.keys() and all(torch.equal(again[k], v) for k, v in exported.items())
    # (c) The best validation accuracy carries over the resume (the value sweeps optimise).
    assert metrics["val/acc_best"] == best_acc


def test_checkpoints_without_the_best_accuracy_still_load(compose_train):
    cfg = compose_train("model=qwen3_tiny")
    module = CRMLitModule(build_reward_model(cfg.model, "bt"), optimizer=torch.optim.AdamW)
    module.val_acc_best.update(0.75)
    module.on_load_checkpoint({"state_dict": module.state_dict()})  # written before val/acc_best was saved
    assert module.val_acc_best.update_count == 0  # starts afresh
    checkpoint = {}
    module.on_save_checkpoint(checkpoint)
    assert VAL_ACC_BEST_KEY not in checkpoint  # nothing to carry before the first validation


def test_broken_jsonl_line_is_reported_with_file_and_line(compose_train, tiny_files):
    with open(tiny_files["train"], "a") as handle:
        handle.write('{"prompt": "oops"\n')
    # The trainer sets the datamodule up: the config must make a valid trainer for the data error to show.
    cfg = compose_train(*TINY_TRAIN, files_override(tiny_files), "trainer.max_steps=1", "trainer.val_check_interval=1")
    with pytest.raises(DataFormatError, match=rf"{tiny_files['train']}:17: malformed JSON"):
        train(cfg)


def test_fused_adamw_trains_with_gradient_clipping_under_bf16(compose_train, tiny_files, monkeypatch, caplog):
    """Lightning's AMP plugin raises for a fused optimizer with clipping; under bf16 there is no scaler. On a
    CPU without native bf16 the run says that bf16 is emulated there."""
    from crm import precision

    monkeypatch.setattr(precision, "cpu_has_native_bf16", lambda: False)
    overrides = ("optim.optimizer.fused=true", "trainer.precision=bf16-mixed", "trainer.gradient_clip_val=1e-3")
    steps = ("trainer.max_steps=2", "trainer.val_check_interval=2", "test=false")
    cfg = compose_train(*TINY_TRAIN, files_override(tiny_files), *overrides, *steps)
    with caplog.at_level(logging.WARNING, logger="crm.precision"):
        metrics, objects = train(cfg)
    assert objects["trainer"].global_step == 2
    assert objects["module"].optimizers().optimizer.defaults["fused"] is True
    assert "training in bf16 on a CPU without native bf16" in caplog.text


def test_an_optimizer_wrapped_by_a_strategy_is_left_to_its_clipping(monkeypatch):
    """DeepSpeed's ZeRO optimizer has no ``defaults``: the clip goes to the strategy's precision plugin."""
    from crm.train.lit_module import ClipsFusedOptimizers

    module = ClipsFusedOptimizers()
    monkeypatch.setattr(ClipsFusedOptimizers, "trainer", SimpleNamespace(precision_plugin=SimpleNamespace()))
    calls = []
    monkeypatch.setattr(module, "clip_gradients", lambda *args: calls.append(args))
    wrapped = SimpleNamespace(step=lambda: None)  # no `defaults`, as DeepSpeedZeroOptimizer
    module.configure_gradient_clipping(wrapped, 1.0, "norm")
    assert calls == [(wrapped, 1.0, "norm")]


def test_debug_fast_dev_run_smoke(compose_train, tiny_files):
    cfg = compose_train("model=qwen3_tiny", "debug=fdr", *NO_PROGRESS, files_override(tiny_files))
    metrics, objects = train(cfg)
    assert objects["trainer"].global_step == 1 and "test/queries_original/acc" in metrics


def test_debug_limit_reports_families_on_the_test_batches_it_ran(compose_train, tiny_files, tmp_path):
    """`debug=limit` tests two batches of each test set: the per-family report covers those pairs."""
    cfg = compose_train(
        "model=qwen3_tiny", "debug=limit", *NO_PROGRESS, files_override(tiny_files), "data.eval_batch_size=1"
    )
    train(cfg)
    summary = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert (
        summary["families"]["tested_pairs"]
        == 2 * len(summary["test_set_sizes"])
        < sum(summary["test_set_sizes"].values())
    )
    assert (tmp_path / "run" / "export").is_dir()


def test_test_set_metrics_come_from_the_trainers_datamodule(compose_train, tiny_files, tmp_path, monkeypatch):
    """train() sets the data up first (its plan counts the pairs and answers), then Lightning's setup calls find
    it ready: the module makes its per-test-set metrics in its own setup; the best checkpoint tests the same in a
    later ``train=false`` run; the data epoch advances."""
    calls = []
    setup = CRMDataModule.setup

    def spy(self, stage=None):
        calls.append((stage, self.trainer is not None))  # the trainer attaches itself before its setup call
        return setup(self, stage)

    monkeypatch.setattr(CRMDataModule, "setup", spy)
    epochs = ("trainer.max_epochs=2", "trainer.check_val_every_n_epoch=1", "trainer.limit_train_batches=1")
    common = (*TINY_TRAIN, files_override(tiny_files), *epochs, "trainer.limit_val_batches=1", "export=false")
    cfg = compose_train(*common)
    metrics, objects = train(cfg)
    assert calls == [("fit", False), ("fit", True), ("test", True)]
    module, datamodule = objects["module"], objects["datamodule"]
    assert module.test_names == ["queries_original", "queries_reverse"] == datamodule.test_set_names
    assert len(module.test_acc) == len(module.test_loss) == 2
    assert datamodule.datasets["train"].epoch == 1 and objects["trainer"].global_step == 2  # redrawn per epoch
    best = json.loads((tmp_path / "run" / "metrics.json").read_text())["best_checkpoint"]
    assert best and "test_acc.0" not in str(list(torch.load(best, weights_only=False)["state_dict"]))

    calls.clear()
    tested = compose_train(*common, "train=false", f"ckpt_path={best}", output_dir=tmp_path / "test_only")
    again, objects = train(tested)
    assert calls == [("test", True)]
    for name in module.test_names:
        assert again[f"test/{name}/acc"] == metrics[f"test/{name}/acc"]
        assert again[f"test/{name}/loss"] == pytest.approx(metrics[f"test/{name}/loss"])
    assert json.loads((tmp_path / "test_only" / "metrics.json").read_text())["test_set_sizes"] == {
        "queries_original": 4,
        "queries_reverse": 4,
    }


def test_the_data_epoch_callback_sets_the_datamodules_epoch():
    epochs = []
    datamodule = SimpleNamespace(set_epoch=epochs.append)
    DataEpoch().on_train_epoch_start(SimpleNamespace(datamodule=datamodule, current_epoch=3), None)
    DataEpoch().on_train_epoch_start(SimpleNamespace(datamodule=None, current_epoch=4), None)  # no datamodule
    assert epochs == [3]
    assert "on_train_epoch_start" not in vars(CRMLitModule)  # the module no longer reaches into the datamodule


def test_accumulation_comes_from_the_effective_batch_and_the_trainers_world_size(compose_train):
    cfg = compose_train("model=qwen3_tiny", "trainer=cpu", "effective_batch_size=32", "data.batch_size=4")
    assert [derive_accumulation(cfg, world_size) for world_size in (1, 2, 8)] == [8, 4, 1]
    cfg = compose_train("model=qwen3_tiny", "trainer.accumulate_grad_batches=3", "effective_batch_size=null")
    assert derive_accumulation(cfg, 4) == 3  # no effective batch: the trainer's setting as given


def entry_point():
    """``main`` of train.py; called with a composed config it runs without parsing the command line."""
    spec = importlib.util.spec_from_file_location("train_entry_point", ROOT / "train.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script.main


def test_the_optimized_metric_is_returned_and_a_misspelt_one_raises(compose_train, monkeypatch):
    import crm.train.run

    main = entry_point()
    metrics = {"val/acc_best": 0.75, "val/loss": 0.5}
    monkeypatch.setattr(crm.train.run, "train", lambda cfg: (metrics, {}))
    assert main(compose_train()) == 0.75
    with pytest.raises(ValueError, match=r"optimized_metric='val/acc_bset' .*: val/acc_best, val/loss"):
        main(compose_train("optimized_metric=val/acc_bset"))
    assert main(compose_train("optimized_metric=null")) is None  # none named: nothing to optimise

    monkeypatch.setattr(crm.train.run, "train", lambda cfg: ({"val/loss": 0.5}, {}))
    with pytest.raises(ValueError, match=r"'val/acc_best' is not among this run's metrics: val/loss"):
        main(compose_train())  # validation ran, the metric was never logged
    assert main(compose_train("train=false")) is None  # a test-only run logs no validation metrics
    # a short fit that ended before its first validation trains, tests and exports: a warning, not a failure
    monkeypatch.setattr(crm.train.run, "train", lambda cfg: ({"test/queries_original/acc": 0.5}, {}))
    assert main(compose_train("trainer.max_steps=5")) is None


def test_a_failing_run_still_finishes_its_wandb_run(compose_train, tiny_files, monkeypatch):
    import wandb

    monkeypatch.setenv("WANDB_MODE", "disabled")  # no files, no network
    finished = []
    finish = wandb.finish

    def spy(*args, **kwargs):
        finished.append(kwargs.get("exit_code"))
        return finish(*args, **kwargs)

    monkeypatch.setattr(wandb, "finish", spy)
    cfg = compose_train(
        *(o for o in TINY_TRAIN if not o.startswith("logger=")),
        "logger=wandb",
        files_override(tiny_files),
        "trainer.max_steps=3",
        "trainer.val_check_interval=1",
        "trainer.limit_val_batches=1",
        "+callbacks.kill._target_=tests.test_train.KillAt",
        "+callbacks.kill.step=1",
    )
    with pytest.raises(Killed):
        train(cfg)
    assert finished == [1]  # finished, and marked failed
    assert wandb.run is None


def test_ckpt_path_names_a_file_a_deepspeed_checkpoint_or_a_run(tmp_path):
    """A DeepSpeed checkpoint is a directory (``last.ckpt/latest``, ``last.ckpt/checkpoint/``): a run
    directory holding one resumes from it, and the checkpoint directory itself is taken as it is."""
    plain, deepspeed = tmp_path / "plain" / "checkpoints", tmp_path / "ds" / "checkpoints" / "last.ckpt"
    plain.mkdir(parents=True)
    (plain / "last.ckpt").write_bytes(b"weights")
    (deepspeed / "checkpoint").mkdir(parents=True)
    (deepspeed / "latest").write_text("checkpoint")
    assert resolve_ckpt_path(str(tmp_path / "plain")) == str(plain / "last.ckpt")
    assert resolve_ckpt_path(str(plain / "last.ckpt")) == str(plain / "last.ckpt")
    assert resolve_ckpt_path(str(tmp_path / "ds")) == str(deepspeed)
    assert resolve_ckpt_path(str(deepspeed)) == str(deepspeed)
    (tmp_path / "empty" / "checkpoints").mkdir(parents=True)
    with pytest.raises(FileNotFoundError, match="no checkpoint at .*empty/checkpoints/last.ckpt"):
        resolve_ckpt_path(str(tmp_path / "empty"))
    with pytest.raises(FileNotFoundError, match="no checkpoint at"):
        resolve_ckpt_path(str(tmp_path / "missing.ckpt"))


def test_a_resumed_fit_continues_its_wandb_run(compose_train, tiny_files, tmp_path, monkeypatch):
    monkeypatch.setenv("WANDB_MODE", "offline")
    monkeypatch.setenv("WANDB_DIR", str(tmp_path / "wandb"))
    monkeypatch.delenv("WANDB_RUN_ID", raising=False)
    common = (*(o for o in TINY_TRAIN if not o.startswith("logger=")), "logger=wandb", files_override(tiny_files))
    common += ("test=false", "export=false", "trainer.val_check_interval=2")
    ids = []
    for steps, extra in ((2, ()), (4, (f"ckpt_path={tmp_path / 'a'}",))):
        cfg = compose_train(*common, f"trainer.max_steps={steps}", *extra, output_dir=tmp_path / "a")
        _, objects = train(cfg)
        ids.append(objects["trainer"].logger.experiment.id)
        assert objects["trainer"].global_step == steps
    assert ids[0] == ids[1] == (tmp_path / "a" / "wandb_run_id").read_text().strip()
    assert cfg.logger.wandb.resume == "allow"
    other = compose_train(*common, "trainer.max_steps=1", output_dir=tmp_path / "b")
    train(other)
    assert other.logger.wandb.id != ids[0]  # a new run gets a new wandb run
