"""The error contract, as a user meets it: every console script and both Hydra entry points, run as real
processes against each kind of bad input (a path that is not there, a damaged export, a bad option value,
a refused run, a run directory another run owns), exit non-zero with one line on stderr naming the thing,
and no traceback; `--debug` shows the stack."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, TINY_TRAIN, files_override

CONSOLE = {
    "crm-usl": "crm.usl.__main__",
    "crm-app": "crm.app.__main__",
    "crm-serve": "crm.serve.__main__",
    "crm-best-of-n": "crm.rlhf.best_of_n",
    "crm-data": "crm.data",
}
MISSING = "/no/such/crm"


def run(command: list[str], cache_dir: Path) -> subprocess.CompletedProcess:
    """A console script (by its name in :data:`CONSOLE`, run as its module) or ``train.py`` / ``evaluate.py``;
    ``.imported``: the modules it imported (``python -X importtime``), left out of its ``stderr``."""
    head, *rest = command
    python = [sys.executable, "-X", "importtime"]
    argv = [*python, "-m", CONSOLE[head], *rest] if head in CONSOLE else [*python, head, *rest]
    env = {**os.environ, "CRM_CACHE_DIR": str(cache_dir), "WANDB_MODE": "disabled", "HYDRA_FULL_ERROR": "0"}
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    lines = done.stderr.splitlines(keepends=True)
    done.imported = {line.rpartition("|")[2].strip() for line in lines if line.startswith("import time:")}
    done.stderr = "".join(line for line in lines if not line.startswith("import time:"))
    return done


def assert_one_line(done: subprocess.CompletedProcess, *names: str) -> None:
    """Non-zero, no traceback, and the error in one stderr line that names each of ``names``."""
    assert done.returncode not in (0, None), done.stderr[-2000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    errors = [line for line in done.stderr.splitlines() if "error" in line.lower()]
    assert errors and any(all(name in line for name in names) for line in errors), done.stderr[-2000:]


@pytest.fixture
def damaged_export(tiny_crm) -> Path:
    """The tiny bt CRM with every weight file cut in half, as a full disk or a killed copy leaves it."""
    export = tiny_crm("bt")
    for weights in export.rglob("*.safetensors"):
        data = weights.read_bytes()
        weights.write_bytes(data[: len(data) // 2])
    return export


@pytest.fixture
def candidates(tmp_path) -> Path:
    path = tmp_path / "candidates.jsonl"
    path.write_text(json.dumps({"prompt": "What is 2 + 2?", "responses": ["4.", "Five."], "criteria": "Be brief."}))
    return path


BAD_OPTIONS = [
    (["crm-usl", "--batch-size", "0"], ["--batch-size", "at least 1"]),
    (["crm-usl", "--rounds", "ten"], ["--rounds", "'ten'"]),
    (["crm-app", "--port", "0"], ["--port", "1 to 65535"]),
    (["crm-serve", "--ckpt", "x", "--max-queued", "-1"], ["--max-queued", "at least 1"]),
    (["crm-data", "extract-criteria", "v.jsonl", "--out", "o", "--base-url", "u", "--model", "m", "--attempts", "0"],
     ["--attempts", "at least 1"]),
    (["train.py", "trainer.max_steps=abc"], ["trainer.max_steps='abc'", "integer"]),
    (["train.py", "data.batch_size=0", "optim.optimizer.lr=-1"], ["data.batch_size=0", "optim.optimizer.lr=-1"]),
    (["train.py", "head=cls", "loss=bt"], ["head=cls", "loss=bt"]),
    (["evaluate.py", "ckpt=x", "batch_size=0"], ["batch_size=0", "greater than or equal to 1"]),
]  # fmt: skip


@pytest.mark.parametrize("command, names", BAD_OPTIONS, ids=lambda c: " ".join(c) if isinstance(c, list) else "")
def test_a_mistyped_option_is_one_line_naming_it_and_its_range(command, names, cache_dir):
    done = run(command, cache_dir)
    assert_one_line(done, *names)
    assert "torch" not in done.imported  # refused in about a second, not after torch's and Lightning's imports


@pytest.mark.parametrize(
    "command",
    [
        ["crm-usl", "--ckpt", MISSING, "--criteria", "Be brief."],
        ["crm-app", "--ckpt", MISSING],
        ["crm-serve", "--ckpt", MISSING],
        ["crm-best-of-n", "--ckpt", MISSING, "--input", "{candidates}", "--output", "{tmp}/out.jsonl"],
        ["crm-data", "validate", MISSING + ".jsonl"],
        ["evaluate.py", f"ckpt={MISSING}"],
    ],
    ids=lambda c: c[0],
)
def test_a_path_that_is_not_there_is_one_line_naming_it(command, cache_dir, candidates, tmp_path):
    command = [w.format(candidates=candidates, tmp=tmp_path) for w in command]
    done = run(command, cache_dir)
    assert_one_line(done, MISSING)
    if command[0] != "evaluate.py":  # which also takes a model by its hub name, that transformers resolves
        assert "torch" not in done.imported  # named in about a second, before torch's and Lightning's imports


@pytest.mark.parametrize(
    "command",
    [
        ["crm-serve", "--ckpt", "{export}"],
        ["crm-best-of-n", "--ckpt", "{export}", "--input", "{candidates}", "--output", "{tmp}/out.jsonl"],
        ["crm-usl", "--ckpt", "{export}", "--corpus", "{corpus}", "--baseline", "base", "--criteria", "Be brief."],
        ["evaluate.py", "ckpt={export}", "splits=null", "test_files=[{test}]"],
    ],
    ids=lambda c: c[0],
)
def test_a_damaged_export_is_one_line_naming_the_damaged_file(
    command, damaged_export, candidates, tmp_path, cache_dir, tiny_files
):
    from tests.conftest import write_corpus

    corpus = write_corpus(tmp_path / "corpus")
    values = {"export": damaged_export, "candidates": candidates, "tmp": tmp_path, "corpus": corpus}
    command = [w.format(**values, test=tiny_files["test"]) for w in command]
    done = run(command, cache_dir)
    assert_one_line(done, str(damaged_export), "damaged")
    assert not (tmp_path / "out.jsonl").exists()


def test_debug_shows_the_stack_of_a_user_error(cache_dir):
    done = run(["crm-data", "validate", MISSING + ".jsonl", "--debug"], cache_dir)
    assert done.returncode != 0 and "Traceback" in done.stderr


def test_a_run_its_time_cap_refuses_is_one_line_with_the_estimate(cache_dir, tiny_files, tmp_path):
    run_dir = tmp_path / "capped"
    overrides = [*TINY_TRAIN, files_override(tiny_files), "trainer.max_steps=4", "trainer.val_check_interval=4"]
    done = run(["train.py", *overrides, "run_deadline=0.001", f"hydra.run.dir={run_dir}"], cache_dir)
    assert_one_line(done, "run_deadline=0.001", "min on this machine")
    assert not run_dir.exists()  # nothing trained, no empty run left behind


def test_lightnings_refusal_of_options_together_is_one_line(cache_dir, tiny_files, tmp_path):
    options = ["trainer.check_val_every_n_epoch=null", "trainer.val_check_interval=0.5"]
    done = run(
        ["train.py", *TINY_TRAIN, files_override(tiny_files), *options, f"hydra.run.dir={tmp_path}/r"], cache_dir
    )
    assert_one_line(done, "trainer options", "val_check_interval")


def test_every_console_script_is_covered():
    """A new console script must join :data:`CONSOLE` (and these cases)."""
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert {f"{target.split(':')[0]}" for target in scripts.values()} <= set(CONSOLE.values())


def test_an_entry_point_run_outside_the_projects_environment_says_so_in_one_line(tmp_path):
    """``python train.py`` with a Python that lacks the project's packages: one line naming the first
    missing one and how to get it, exit code 1, no traceback."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    # this Python without its installed packages, as a system Python is
    without = "import sys\nsys.path[:] = [p for p in sys.path if 'packages' not in p]\n"
    (tmp_path / "sitecustomize.py").write_text(without)
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path)}
    for script in ("train.py", "evaluate.py"):
        done = subprocess.run([sys.executable, script], cwd=root, env=env, capture_output=True, text=True)
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.strip().splitlines() == [done.stderr.strip()] and "hydra is not installed" in done.stderr
        assert "README" in done.stderr
