"""Every documented command line composes: each `python train.py` / `python evaluate.py` line of the README,
docs/, sweeps/, conf/experiment/ and experiments/ is composed as Hydra would compose it, and each group it
names is the option it chose; the design's own line (`loss=cls`) runs on the tiny model to its export. A
renamed group or option can no longer silently break a command users copy."""

from __future__ import annotations

import itertools
import re
import shlex

import pytest
from omegaconf import OmegaConf

from tests.conftest import ROOT, TINY_TRAIN, files_override

SOURCES = ["README.md", "docs/*.md", "sweeps/*", "conf/experiment/*.yaml", "experiments/*.sh", "experiments/*.md"]
COMMAND = re.compile(r"python (train|evaluate)\.py\b([^`|\n]*)")
GROUPS = {"train": {"model", "loss", "head", "noise", "data", "reader", "prior", "optim", "peft", "trainer", "strategy",
                    "callbacks", "logger", "experiment", "debug", "paths"},
          "evaluate": {"data", "paths"}}  # fmt: skip


def documented_commands() -> list[tuple[str, str, tuple[str, ...]]]:
    """(where, entry point, overrides) of every documented command line; a placeholder (``<run>``, ``$model``,
    ``...``) leaves its override out, a multirun (``-m a=x,y``) gives one command per combination."""
    found = {}
    for pattern in SOURCES:
        for path in sorted(ROOT.glob(pattern)):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for match in COMMAND.finditer(line):
                    text = re.split(r"\s#|;", match.group(2))[0].rstrip(" \\")
                    try:
                        words = shlex.split(text)
                    except ValueError:
                        words = text.split()
                    overrides = [w for w in words if "=" in w and not re.search(r"[<$\[]|\.\.\.", w.split("=", 1)[0])]
                    overrides = [w for w in overrides if not re.search(r"[<$]|\.\.\.", w)]
                    multirun = "-m" in words or "--multirun" in words
                    for combination in expand(overrides, multirun):
                        found.setdefault((match.group(1), combination), f"{path.relative_to(ROOT)}:{number}")
    return [(where, entry, overrides) for (entry, overrides), where in found.items()]


def expand(overrides: list[str], multirun: bool) -> list[tuple[str, ...]]:
    """A multirun's sweep as its single runs (``key=a,b``: one each); a single run as it is."""
    if not multirun:
        return [tuple(overrides)]
    choices = []
    for override in overrides:
        key, value = override.split("=", 1)
        values = value.split(",") if "[" not in value and "{" not in value else [value]
        choices.append([f"{key}={v}" for v in values])
    return [tuple(c) for c in itertools.product(*choices)]


COMMANDS = documented_commands()


def test_the_documents_hold_the_designs_command_lines():
    lines = {" ".join(overrides) for _, entry, overrides in COMMANDS if entry == "train"}
    assert "model=qwen3_4b loss=cls noise=random" in lines and len(COMMANDS) > 30
    assert any(entry == "evaluate" for _, entry, _ in COMMANDS)


@pytest.mark.parametrize("where, entry, overrides", COMMANDS, ids=[f"{w} {' '.join(o)}" for w, _, o in COMMANDS])
def test_every_documented_command_composes(compose_train, where, entry, overrides):
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    from crm.run_options import check_head_alias

    GlobalHydra.instance().clear()
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose(entry, overrides=list(overrides), return_hydra_config=True)
    GlobalHydra.instance().clear()
    check_head_alias(cfg)
    choices = cfg.hydra.runtime.choices
    for override in overrides:
        key, value = override.split("=", 1)
        if key in GROUPS[entry]:
            assert choices[key] == value, f"{where}: {override} composed to {key}={choices[key]}"
            if key == "head":
                assert choices["loss"] == value and cfg.loss.head == value, where
        elif not key.startswith("hydra."):
            assert OmegaConf.select(cfg, key, throw_on_missing=False) is not None or value == "null", where


@pytest.mark.parametrize("group", ["loss", "head"])
def test_the_designs_loss_spelling_selects_the_head_on_qwen3_4b(compose_train, group):
    cfg = compose_train("model=qwen3_4b", f"{group}=cls", "noise=random")
    assert cfg.loss.head == "cls" and cfg.noise.mode == "random" and cfg.model.backbone.pretrained == "Qwen/Qwen3-4B"
    assert compose_train("model=qwen3_4b", f"{group}=bt").loss.head == "bt"


def test_two_spellings_of_the_head_that_disagree_are_refused(compose_train):
    from crm.errors import UserError
    from crm.run_options import check_head_alias

    with pytest.raises(UserError, match="head=cls and loss=bt name two heads"):
        check_head_alias(compose_train("head=cls", "loss=bt"))
    check_head_alias(compose_train("head=cls", "loss=cls"))


@pytest.mark.parametrize("head", ["cls", "bt"])
def test_the_designs_line_runs_on_the_tiny_model_to_its_export(compose_train, tiny_files, tmp_path, head):
    """`python train.py model=qwen3_tiny loss=<head> noise=random trainer.max_steps=5`, on tiny files."""
    from crm.export.artifact import read_settings
    from crm.train.run import train

    validate = ("trainer.val_check_interval=5", "trainer.limit_val_batches=1")
    cfg = compose_train(
        *TINY_TRAIN, f"loss={head}", "noise=random", "trainer.max_steps=5", *validate, files_override(tiny_files)
    )
    _, objects = train(cfg)
    assert objects["trainer"].global_step == 5
    assert read_settings(objects["export_dir"]).head == head
