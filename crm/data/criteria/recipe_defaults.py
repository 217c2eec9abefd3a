"""The criteria mixture's pair options as ``conf/data/criteria.yaml`` writes them: the one place each
default is written. Code that needs one without a composed Hydra config (the pair builders' defaults
for ``python -m crm.data prepare``, the leaderboard's held-out families and models) reads it here, so
the data a command prepares and the held-out checks of a board are those of ``python train.py``."""

from __future__ import annotations

import functools
from typing import Any

import yaml

from crm.paths import PROJECT_ROOT

CRITERIA_CONFIG = PROJECT_ROOT / "conf" / "data" / "criteria.yaml"


@functools.cache
def criteria_attributes() -> dict[str, Any]:
    """The ``attributes`` block: :class:`crm.data.criteria.pairs.PairOptions`' fields."""
    return yaml.safe_load(CRITERIA_CONFIG.read_text(encoding="utf-8"))["attributes"]
