"""Tokenizers parsed once per process: a large vocabulary takes seconds to read, and one process reads the
same tokenizer files many times."""

from __future__ import annotations

import copy
import hashlib
from collections import OrderedDict
from pathlib import Path

from transformers import AutoTokenizer, PreTrainedTokenizerBase

# Files a tokenizer directory may hold that no tokenizer reads: left out of its digest
WEIGHT_SUFFIXES = (".safetensors", ".bin", ".pt", ".pth", ".ckpt", ".onnx", ".gguf", ".h5", ".msgpack")
PARSED_KEPT = 4  # tokenizers kept parsed per process, the least recently loaded dropped first
_PARSED: OrderedDict[tuple, PreTrainedTokenizerBase] = OrderedDict()


def pretrained_tokenizer(name_or_path: str | Path, loader=AutoTokenizer, **kwargs) -> PreTrainedTokenizerBase:
    """``loader.from_pretrained(name_or_path, **kwargs)``, a local directory's tokenizer parsed once per process
    by its content, wherever it lies: Qwen3's 151,669 tokens take over a second to parse, and a run, a board or
    an export loads the same tokenizer several times (the model, the renderer, the export's check), from the
    cache and from every export that copied it. Each call gets its own copy of the tokenizer's settings
    (padding side, template, special tokens); the parsed vocabulary, which no caller changes, is shared."""
    path = Path(name_or_path)
    if not path.is_dir():  # a hub name: transformers resolves and caches it
        return loader.from_pretrained(name_or_path, **kwargs)
    options = tuple((k, v if isinstance(v, (str, int, float, bool, type(None))) else type(v).__name__)
                    for k, v in sorted(kwargs.items()))  # fmt: skip
    key = (loader.__name__, directory_digest(path), options)
    parsed = _PARSED.get(key)
    if parsed is None:
        parsed = _PARSED[key] = loader.from_pretrained(name_or_path, **kwargs)
        while len(_PARSED) > PARSED_KEPT:
            _PARSED.popitem(last=False)
    _PARSED.move_to_end(key)
    backend = getattr(parsed, "_tokenizer", None)  # a fast tokenizer's parsed vocabulary and merges
    tokenizer = copy.deepcopy(parsed, {} if backend is None else {id(backend): backend})
    tokenizer.name_or_path = str(name_or_path)
    return tokenizer


def directory_digest(path: Path) -> str:
    """What a tokenizer directory holds, weights left out: the names and bytes of its files."""
    digest = hashlib.sha256()
    for file in sorted(p for p in path.iterdir() if p.is_file() and not p.name.endswith(WEIGHT_SUFFIXES)):
        digest.update(file.name.encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()
