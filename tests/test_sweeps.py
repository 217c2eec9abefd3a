"""Sweep definitions and paper-ablation experiment configs: every command a sweep issues composes,
and every experiment config runs end to end on the tiny Qwen3. The config groups that extend each
other compose as intended: Qwen3 size presets, ablations of paper_crm_4b, `head=` over
every preset, and the noise group setting the data's noise."""

from __future__ import annotations

import itertools

import pytest
import yaml
from omegaconf import OmegaConf

from crm.train.run import train
from tests.conftest import ROOT, TINY_TRAIN, files_override

SWEEPS = sorted((ROOT / "sweeps").glob("*.yaml"))
EXPERIMENTS = sorted(p.stem for p in (ROOT / "conf" / "experiment").glob("*.yaml"))
# experiments of the two-tower CRM alone (a tiny Qwen3 has no answer tower), tested where they act
TWO_TOWER_EXPERIMENTS = {"mpnet_reader"}  # tests/test_reader_vocabulary.py
GROUPS = {"experiment", "model", "head", "loss", "noise", "data", "logger", "peft", "strategy", "trainer"}


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


@pytest.mark.parametrize("name", sorted(set(EXPERIMENTS) - TWO_TOWER_EXPERIMENTS))
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


QWEN3_SIZES = ["qwen3_0_6b", "qwen3_1_7b", "qwen3_4b", "qwen3_8b"]
PER_SIZE = ["model.name", "model.backbone.pretrained", "data.batch_size", "data.eval_batch_size"]


def resolved(cfg, blank=()) -> dict:
    """The composed config without hydra, interpolations resolved, the ``blank`` keys set to None."""
    cfg = OmegaConf.create(OmegaConf.to_container(OmegaConf.masked_copy(cfg, [k for k in cfg if k != "hydra"])))
    for key in blank:  # a plain copy: the model spec's schema would refuse None for a required field
        OmegaConf.update(cfg, key, None)
    return OmegaConf.to_container(cfg, resolve=True)


def test_qwen3_size_presets_share_the_base_recipe(compose_train):
    """Each size file sets only its name, weights and batch sizes; the rest comes from qwen3_base."""
    recipes = []
    for name in QWEN3_SIZES:
        raw = OmegaConf.load(ROOT / "conf" / "model" / f"{name}.yaml")
        assert list(raw.defaults) == ["qwen3_base", "_self_"]
        assert {"model", "data"} == set(raw) - {"defaults"}
        cfg = compose_train(f"model={name}")
        assert cfg.model.name == name and cfg.loss.head == "cls" and cfg.hydra.runtime.choices.loss == "cls"
        assert cfg.model.backbone.pretrained.startswith("Qwen/Qwen3-")
        recipes.append(resolved(cfg, PER_SIZE))
    assert all(r == recipes[0] for r in recipes)
    assert recipes[0]["data"]["max_length"] == 2048 and recipes[0]["effective_batch_size"] == 32


@pytest.mark.parametrize("name", [e for e in EXPERIMENTS if e.startswith("ablation_")])
def test_ablations_extend_paper_crm_4b(compose_train, name):
    cfg = compose_train(f"experiment={name}")
    paper = compose_train("experiment=paper_crm_4b")
    assert cfg.task_name == name and "ablation" in cfg.tags
    assert resolved(cfg, ["task_name", "tags"]) == resolved(paper, ["task_name", "tags"])


@pytest.mark.parametrize(
    "overrides",
    [[], ["model=qwen3_4b"], ["experiment=paper_crm_4b"], ["experiment=minilm_cls"], ["model=qwen3_tiny"]],
)
@pytest.mark.parametrize("head", ["cls", "bt"])
def test_the_head_on_the_command_line_beats_presets(compose_train, overrides, head):
    by_head = compose_train(*overrides, f"head={head}")
    assert by_head.loss.head == by_head.hydra.runtime.choices.head == head


@pytest.mark.parametrize("noise", ["none", "add", "remove", "replace", "random"])
def test_the_noise_group_sets_the_data_noise(compose_train, noise):
    for overrides in ([], ["data=votes"], ["experiment=paper_crm_4b"]):
        cfg = compose_train(*overrides, f"noise={noise}")
        assert cfg.noise.mode == cfg.data.noise == noise
    for path in (ROOT / "conf" / "data").glob("*.yaml"):
        assert "noise." not in path.read_text(), f"{path.name} reads the noise group"


def test_evaluate_config_has_no_noise_group():
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    from crm.config import register_configs

    register_configs()
    GlobalHydra.instance().clear()
    try:
        with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
            cfg = compose("evaluate", overrides=["ckpt=/x", "paths.output_dir=/tmp/x"])
    finally:
        GlobalHydra.instance().clear()
    assert "noise" not in cfg and cfg.data.noise == "none"
