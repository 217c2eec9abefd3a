"""Sweep definitions and paper-ablation experiment configs: every command a sweep issues composes,
and every experiment config runs end to end on the tiny Qwen3."""

from __future__ import annotations

import itertools

import pytest
import yaml
from omegaconf import OmegaConf

from crm.training import train
from tests.conftest import ROOT, TINY_TRAIN, files_override

SWEEPS = sorted((ROOT / "sweeps").glob("*.yaml"))
EXPERIMENTS = sorted(p.stem for p in (ROOT / "conf" / "experiment").glob("*.yaml"))
GROUPS = {"experiment", "model", "loss", "noise", "data", "logger", "peft", "strategy", "trainer"}


def sweep_commands(definition: dict) -> list[list[str]]:
    """The Hydra override lists a wandb grid sweep hands to train.py (``${args_no_hyphens}``)."""
    params = definition["parameters"]
    keys = sorted(params)
    choices = [params[k]["values"] if "values" in params[k] else [params[k]["value"]] for k in keys]
    return [[f"{k}={v}" for k, v in zip(keys, combo)] for combo in itertools.product(*choices)]


def test_there_are_sweeps_for_every_paper_axis():
    names = {p.stem for p in SWEEPS}
    assert {"ablation_model_size", "ablation_loss", "ablation_noise", "ablation_direction"} <= names


@pytest.mark.parametrize("path", SWEEPS, ids=lambda p: p.stem)
def test_every_sweep_command_composes(compose_train, path):
    definition = yaml.safe_load(path.read_text())
    assert definition["method"] == "grid" and (ROOT / definition["program"]).exists()
    assert "${args_no_hyphens}" in definition["command"]
    commands = sweep_commands(definition)
    assert len(commands) >= 2
    for overrides in commands:
        cfg = compose_train(*overrides)
        assert definition["metric"]["name"] == cfg.optimized_metric
        for override in overrides:
            key, value = override.split("=", 1)
            if key in GROUPS:
                chosen = cfg.hydra.runtime.choices[key]
                assert chosen == value, f"{path.name}: {override} composed to {key}={chosen}"
            else:
                assert str(OmegaConf.select(cfg, key)) == value


@pytest.mark.parametrize("name", EXPERIMENTS)
def test_every_experiment_config_smoke_runs_on_tiny_qwen3(compose_train, tiny_files, tmp_path, name):
    cfg = compose_train(
        f"experiment={name}",
        *TINY_TRAIN,
        files_override(tiny_files),
        "trainer.fast_dev_run=true",
        "trainer.val_check_interval=1",
        "export=false",
    )
    assert cfg.model.name == "qwen3_tiny" and cfg.task_name == name
    metrics, objects = train(cfg)
    assert objects["trainer"].global_step == 1
    assert "test/queries_original/acc" in metrics
