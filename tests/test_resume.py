"""A run killed with SIGKILL mid-epoch and resumed is the uninterrupted run: the same batches in the
same order, the same test metrics and the same weights (fp32, same seed)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from lightning.pytorch import Callback
from safetensors.torch import load_file

from crm.errors import UserError
from crm.export.checkpoint_file import read_checkpoint
from crm.inference import load_crm
from crm.train.run import train
from tests.conftest import TINY_TRAIN, files_override

ROOT = Path(__file__).resolve().parent.parent


class SigkillAt(Callback):
    """Kills its own process (SIGKILL: no cleanup, no last words) when a fit is about to take ``step``."""

    def __init__(self, step: int):
        self.step = step

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx) -> None:
        if trainer.global_step == self.step:
            os.kill(os.getpid(), signal.SIGKILL)


def overrides(tiny_files) -> list[str]:
    # 16 pairs in batches of 2: 8 steps; a step checkpoint every 2 steps, a validation every 4 batches
    return [
        *TINY_TRAIN,
        files_override(tiny_files),
        "data.batch_size=2",
        "data.group_by_length=true",
        "trainer.max_epochs=1",
        "trainer.val_check_interval=4",
        "callbacks.step_checkpoint.every_n_train_steps=2",
    ]


@pytest.mark.slow
def test_a_run_killed_mid_epoch_and_resumed_is_the_uninterrupted_run(compose_train, tiny_files, tmp_path, cache_dir):
    whole = tmp_path / "whole"
    metrics, _ = train(compose_train(*overrides(tiny_files), output_dir=whole))

    killed = tmp_path / "killed"
    args = [*overrides(tiny_files), f"paths.output_dir={killed}", f"hydra.run.dir={killed}"]
    kill = [f"+callbacks.sigkill._target_={__name__}.SigkillAt", "+callbacks.sigkill.step=5"]
    env = {**os.environ, "CRM_CACHE_DIR": str(cache_dir), "WANDB_MODE": "disabled"}
    done = subprocess.run(
        [sys.executable, "train.py", *args, *kill], cwd=ROOT, env=env, capture_output=True, timeout=300
    )
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()[-2000:]
    last = torch.load(killed / "checkpoints" / "last.ckpt", weights_only=False)
    assert last["global_step"] == 4 and last["loops"]["fit_loop"]["state_dict"]["combined_loader"] == [
        {"batches_done": 4}
    ]

    resumed, _ = train(compose_train(*overrides(tiny_files), f"ckpt_path={killed}", output_dir=tmp_path / "unused"))
    tested = [k for k in metrics if k.startswith("test/")]
    assert tested and {k: resumed[k] for k in tested} == {k: metrics[k] for k in tested}
    for part in ("model.safetensors",):
        a, b = load_file(whole / "export" / part), load_file(killed / "export" / part)
        assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    assert json.loads((killed / "metrics.json").read_text())["global_step"] == 8


def quickstart_overrides(tiny_files) -> list[str]:
    """The quickstart's stages at a tiny size: the criteria reader taught, the degenerate gate fitted on the
    training set's degenerate pairs, then 8 pair steps with a step checkpoint every 2 (fp32)."""
    return [
        *[o for o in TINY_TRAIN if not o.startswith(("model=", "trainer.check_val_every_n_epoch", "data.degenerate"))],
        "model=minilm",
        files_override(tiny_files),
        "trainer.precision=32-true",
        "reader.steps=2",
        "reader.batch_size=8",
        "data.degenerate_share=0.5",
        "data.batch_size=3",
        "trainer.max_epochs=1",
        "trainer.val_check_interval=4",
        "callbacks.step_checkpoint.every_n_train_steps=2",
    ]


# what a metrics.json says of the machine, not of the run: wall clocks, peak memory, and how many of the run's
# answers the answer store already held (the resumed attempt finds those its first attempt described)
MACHINE_READINGS = {"fit_seconds", "total_seconds", "seconds", "seconds_per_step", "answers_stored", "peak_memory_gb"}


def without_timings(value, run_dir: Path):
    """A metrics.json with what it says of the machine left out (:data:`MACHINE_READINGS`), and its run
    directory named ``<run>`` in the paths it gives."""
    if isinstance(value, dict):
        return {k: without_timings(v, run_dir) for k, v in value.items() if k not in MACHINE_READINGS}
    if isinstance(value, list):
        return [without_timings(v, run_dir) for v in value]
    return value.replace(str(run_dir), "<run>") if isinstance(value, str) else value


@pytest.mark.slow
@pytest.mark.parametrize("kill_at", [3, 5])
def test_the_quickstart_killed_and_resumed_is_the_uninterrupted_run(tiny_files, tmp_path, cache_dir, kill_at):
    """Reader, gate and pair steps as `python train.py` runs them, killed after a checkpoint and resumed as
    the README says: the same exported weights to the bit and the same metrics.json, timings aside."""
    env = {**os.environ, "CRM_CACHE_DIR": str(cache_dir), "WANDB_MODE": "disabled"}

    def run(run_dir: Path, *extra: str) -> subprocess.CompletedProcess:
        args = [*quickstart_overrides(tiny_files), f"paths.output_dir={run_dir}", f"hydra.run.dir={run_dir}", *extra]
        return subprocess.run([sys.executable, "train.py", *args], cwd=ROOT, env=env, capture_output=True, timeout=600)

    whole, killed = tmp_path / "whole", tmp_path / "killed"
    assert run(whole).returncode == 0
    kill = [f"+callbacks.sigkill._target_={__name__}.SigkillAt", f"+callbacks.sigkill.step={kill_at}"]
    assert run(killed, *kill).returncode == -signal.SIGKILL
    done = run(killed, f"ckpt_path={killed}")
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    for part in sorted(p.name for p in (whole / "export").glob("*.safetensors")):
        a, b = load_file(whole / "export" / part), load_file(killed / "export" / part)
        assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a), part
    ours, theirs = (without_timings(json.loads((d / "metrics.json").read_text()), d) for d in (whole, killed))
    for key in ours:
        assert ours[key] == theirs[key], key


def test_checkpoints_write_the_frozen_towers_once(compose_train, tiny_files, tmp_path, cache_dir):
    """The quickstart's towers are held fixed: every checkpoint keeps the trained rest and names one file
    beside it that holds them; reading a checkpoint puts them back (the best one is what the run exported),
    and a checkpoint whose file is gone is refused in one line."""
    run = tmp_path / "run"
    _, objects = train(compose_train(*quickstart_overrides(tiny_files), output_dir=run))
    module, checkpoints = objects["module"], run / "checkpoints"
    frozen = {name for name, weight in module.named_parameters() if not weight.requires_grad}
    assert frozen and len(list(checkpoints.glob("frozen-*.pt"))) == 1
    saved = sorted(checkpoints.glob("*.ckpt"))
    assert len(saved) >= 3  # step checkpoints, the best, the last
    for path in saved:
        assert not frozen & torch.load(path, weights_only=False)["state_dict"].keys()
    best = read_checkpoint(json.loads((run / "metrics.json").read_text())["best_checkpoint"])["state_dict"]
    exported = load_crm(run / "export").model.state_dict()
    assert all(torch.equal(value, best[f"model.{name}"]) for name, value in exported.items())
    next(checkpoints.glob("frozen-*.pt")).unlink()
    with pytest.raises(
        UserError, match=r"last.ckpt: its frozen weights are in frozen-\w+\.pt beside it, which is missing"
    ):
        read_checkpoint(checkpoints / "last.ckpt")
