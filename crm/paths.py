"""Where built artefacts live: one policy for every cache (tokenizers, scores, answer descriptions,
converted weights, ONNX graphs)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """Where built artefacts live (tokenizer, score cache): ``$CRM_CACHE_DIR`` or ``~/.cache/crm``."""
    return Path(os.environ.get("CRM_CACHE_DIR") or Path.home() / ".cache" / "crm").expanduser()
