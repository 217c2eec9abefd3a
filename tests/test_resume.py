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
    for part in ("head.safetensors",):
        a, b = load_file(whole / "export" / part), load_file(killed / "export" / part)
        assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    assert json.loads((killed / "metrics.json").read_text())["global_step"] == 8
