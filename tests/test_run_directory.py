"""A run directory has one owner: a second training into a directory that holds another run is refused
before anything is written there, unless it resumes that run."""

from __future__ import annotations

import os
import subprocess
import sys

from crm.run_directory import another_run_in, another_sweep_in
from crm.train.run import train
from tests.conftest import ROOT, TINY_TRAIN, files_override


def test_a_second_training_into_a_run_directory_is_refused_and_the_first_run_is_untouched(
    compose_train, tiny_files, tmp_path, cache_dir
):
    run = tmp_path / "run"
    train(
        compose_train(
            *TINY_TRAIN,
            files_override(tiny_files),
            "trainer.max_steps=1",
            "trainer.val_check_interval=1",
            output_dir=run,
        )
    )
    before = {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()}
    env = {**os.environ, "CRM_CACHE_DIR": str(cache_dir), "WANDB_MODE": "disabled"}
    second = subprocess.run(
        [sys.executable, "train.py", f"hydra.run.dir={run}", "noise=add"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert second.returncode == 1 and "Traceback" not in second.stderr
    assert f"{run} already holds another run" in second.stderr and f"ckpt_path={run}" in second.stderr
    assert {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()} == before  # nothing written there


def test_a_new_directory_and_the_run_resumed_are_accepted(tmp_path):
    run = tmp_path / "run"
    assert another_run_in(run, None) is None
    (run / "checkpoints").mkdir(parents=True)
    assert another_run_in(run, None) == "checkpoints"
    assert another_run_in(run, run) is None  # ckpt_path=<run>: the command resumes it
    assert another_run_in(run, tmp_path / "other") == "checkpoints"


def test_a_sweep_directory_holding_another_sweep_is_refused(tmp_path):
    sweep = tmp_path / "sweep"
    assert another_sweep_in(sweep) is None
    (sweep / "0" / ".hydra").mkdir(parents=True)
    assert another_sweep_in(sweep) is None  # a job's folder, no run in it yet
    (sweep / "0" / ".hydra" / "config.yaml").write_text("{}")
    assert another_sweep_in(sweep) == "0/.hydra/config.yaml"
    (sweep / "multirun.yaml").write_text("{}")
    assert another_sweep_in(sweep) == "multirun.yaml"


def test_a_sweep_into_another_sweeps_directory_is_refused_before_any_job(tmp_path, cache_dir):
    sweep = tmp_path / "sweep"
    sweep.mkdir()
    (sweep / "multirun.yaml").write_text("{}")
    env = {**os.environ, "CRM_CACHE_DIR": str(cache_dir), "WANDB_MODE": "disabled"}
    done = subprocess.run(
        [sys.executable, "train.py", "-m", f"hydra.sweep.dir={sweep}", "noise=none,add"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{sweep} already holds another run (multirun.yaml)" in done.stderr
    assert sorted(p.name for p in sweep.iterdir()) == ["multirun.yaml"]  # no job started
