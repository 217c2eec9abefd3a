"""A CRM export is a transformers model: ``AutoModel.from_pretrained(export, trust_remote_code=True)``,
in a fresh virtual environment that holds torch and transformers (and what they need) but not this
project, scores the rows of 16 pairs as ``load_crm`` does, for each architecture and head; the modeling
files an export carries import nothing else; an export of the older format is refused, naming the
command that writes it again (tests/test_train.py runs that command on a run)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest
import torch
from packaging.requirements import Requirement
from safetensors.torch import load_file, save_file
from transformers.dynamic_module_utils import get_imports

from crm.data.schema import PreferenceSample, conversation
from crm.export.artifact import ExportError, read_settings
from crm.inference import load_crm
from tests.test_two_tower import _exported_two_tower_crm

PAIRS = [
    (
        ["Prefer concise answers."] if i % 2 else ["Use bullet points.", "No jargon."],
        f"Question {i}: how do I make tea?",
        f"Boil water, steep for {i + 2} minutes.",
        f"- Boil water\n- Add the tea\n- Wait {i + 2} minutes\n- Pour" + " and enjoy it slowly" * (i % 3),
    )
    for i in range(16)
]
# what the modeling files may import: the standard library, numpy, torch and transformers
ALLOWED_IMPORTS = {"__future__", "collections", "contextlib", "functools", "importlib", "math", "types", "typing"}
ALLOWED_IMPORTS |= {"numpy", "torch", "transformers"}
STANDALONE = """
import importlib.util, json, sys
import torch
from safetensors.torch import load_file, save_file
from transformers import AutoModel
assert importlib.util.find_spec("crm") is None and importlib.util.find_spec("hydra") is None
model = AutoModel.from_pretrained(sys.argv[1], trust_remote_code=True, dtype=torch.float32).eval()
with torch.no_grad():
    out = model(**load_file(sys.argv[2]))
save_file({"out": out.contiguous()}, sys.argv[3])
print(type(model).__name__)
"""


def distributions_of(*names: str) -> dict[str, metadata.Distribution]:
    """The installed distributions ``names`` need to import: they and their requirements, recursively."""
    found: dict[str, metadata.Distribution] = {}
    pending = list(names)
    while pending:
        name = pending.pop().lower().replace("_", "-")
        if name in found:
            continue
        try:
            dist = found[name] = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # a requirement for another platform
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                pending.append(requirement.name)
    return found


def fresh_venv(root: Path, *packages: str) -> Path:
    """A new virtual environment whose site-packages holds only ``packages`` and their requirements (links
    to the installed copies: no download); its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    site = Path(sysconfig.get_path("purelib", vars={"base": str(root), "platbase": str(root)}))
    source = Path(sysconfig.get_path("purelib"))
    for dist in distributions_of(*packages).values():
        tops = {Path(str(f)).parts[0] for f in dist.files or []}
        for top in tops - {"..", "__pycache__", "bin"}:
            if (source / top).exists() and not (site / top).exists():
                (site / top).symlink_to(source / top)
    return root / "bin" / "python"


@pytest.fixture(scope="module")
def standalone_python(tmp_path_factory) -> Path:
    return fresh_venv(tmp_path_factory.mktemp("venv") / "venv", "torch", "transformers")


def samples() -> list[PreferenceSample]:
    return [
        PreferenceSample(q, conversation(q, a), conversation(q, b), c, "model_a", idx=i)
        for i, (c, q, a, b) in enumerate(PAIRS)
    ]


def scored_standalone(python: Path, export: Path, crm, tmp_path: Path) -> tuple[torch.Tensor, torch.Tensor]:
    """(load_crm's outputs, the standalone model's) for the rows of the 16 pairs as the CRM renders them."""
    encodings = [e for s in samples() for e in crm.renderer.encode_rows(s)]
    rows = crm.tokenizer.pad([e.features() for e in encodings], return_tensors="pt")
    save_file({k: v.contiguous() for k, v in rows.items()}, tmp_path / "rows.safetensors")
    env = {"PATH": os.environ["PATH"], "HF_HUB_OFFLINE": "1", "HF_MODULES_CACHE": str(tmp_path / "modules")}
    done = subprocess.run(
        [str(python), "-I", "-c", STANDALONE, str(export), str(tmp_path / "rows.safetensors"), str(tmp_path / "out")],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert len(encodings) == 16 * (2 if crm.head.judges_alone else 1)  # a cls row holds its pair
    return crm.run_rows(encodings), load_file(tmp_path / "out")["out"]


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_a_cross_encoder_loads_with_transformers_alone(head, tiny_crm_template, standalone_python, tmp_path):
    export = tiny_crm_template(head)
    expected, got = scored_standalone(standalone_python, export, load_crm(export, "cpu", "fp32"), tmp_path)
    assert got.shape == expected.shape and torch.allclose(got, expected, atol=1e-5)
    config = json.loads((export / "config.json").read_text())
    assert config["auto_map"]["AutoModel"] == "cross_encoder.CrossEncoderCRM" and config["crm"]["head"] == head
    card = (export / "README.md").read_text()
    assert "trust_remote_code=True" in card and "criteria" in card


def test_a_two_tower_crm_loads_with_transformers_alone(minilm_tokenizer, standalone_python, tmp_path):
    _, crm, export = _exported_two_tower_crm(
        minilm_tokenizer, tmp_path / "crm", 4, attention=1, scale=20.0, layout=True, query=8, gate=10.0
    )
    expected, got = scored_standalone(standalone_python, export, crm, tmp_path)
    assert torch.allclose(got, expected, atol=1e-5)
    assert json.loads((export / "config.json").read_text())["auto_map"]["AutoModel"] == "two_tower.TwoTowerCRM"


def test_the_modeling_files_an_export_carries_import_only_torch_and_transformers(tiny_crm_template):
    export = tiny_crm_template("bt")
    carried = sorted(export.glob("*.py"))
    assert {p.name for p in carried} >= {"cross_encoder.py", "reward_model.py", "configuration_crm.py", "backbones.py"}
    for path in carried:
        assert set(get_imports(path)) <= ALLOWED_IMPORTS, path
        absolute = {node.module for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.ImportFrom)}
        assert not any(module and module.split(".")[0] == "crm" for module in absolute), path


def test_an_export_of_the_older_format_is_refused_naming_the_command_that_rewrites_it(tmp_path):
    old = tmp_path / "export"
    old.mkdir()
    (old / "crm_config.json").write_text(json.dumps({"head": "bt", "format_version": 15}))
    (old / "head.safetensors").write_bytes(b"")
    with pytest.raises(ExportError, match=r"format before 16 .*python -m crm\.export <its training run directory>"):
        read_settings(old)
    with pytest.raises(ExportError, match=r"python -m crm\.export"):
        load_crm(tmp_path, "cpu", "fp32")  # given the run directory that holds it
