"""Every usable answer kept on disk, so that a killed or repeated extraction never asks twice.

The key is the prompt's version, the model's name and the vote's content (query, both conversations,
the winner): a new prompt or model asks again, a moved or renumbered vote does not. Nothing of the
endpoint (its address, its key) is part of a key or of a file. One file per answer, written whole
(a temporary file renamed): a kill leaves either the answer or nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from crm.data.extraction.prompt import ExtractedCriteria
from crm.data.schema import PreferenceSample


def answer_key(prompt_version: int, model: str, sample: PreferenceSample) -> str:
    content = {
        "prompt_version": prompt_version,
        "model": model,
        "prompt": sample.prompt,
        "model_a": sample.model_a,
        "model_b": sample.model_b,
        "preference": sample.preference,
    }
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class AnswerCache:
    def __init__(self, directory: str | Path):
        self.directory = Path(directory)

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> ExtractedCriteria | None:
        try:
            return ExtractedCriteria.model_validate_json(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None  # absent, or not an answer this version reads: asked again

    def put(self, key: str, answer: ExtractedCriteria) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.partial")
        partial.write_text(answer.model_dump_json(), encoding="utf-8")
        os.replace(partial, path)

    def __len__(self) -> int:
        return sum(1 for _ in self.directory.glob("*/*.json")) if self.directory.is_dir() else 0
