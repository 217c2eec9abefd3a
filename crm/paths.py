"""Where things live: the project's root (its configs), and one policy for every cache of built
artefacts (tokenizers, scores, answer descriptions, converted weights, ONNX graphs)."""

from __future__ import annotations

import os
from pathlib import Path

_SOURCE_ROOT = Path(__file__).resolve().parent.parent
# A source checkout (editable install) is the root; an installed package uses the working directory.
PROJECT_ROOT = _SOURCE_ROOT if (_SOURCE_ROOT / "conf").is_dir() else Path.cwd()


def cache_root() -> Path:
    """Where built artefacts live (tokenizer, score cache): ``$CRM_CACHE_DIR`` or ``~/.cache/crm``."""
    return Path(os.environ.get("CRM_CACHE_DIR") or Path.home() / ".cache" / "crm").expanduser()
