"""Criteria the code itself uses (``fixed_criteria.yaml`` beside it): the examples that turn a token
budget into characters, a rendering probe, the leaderboard's generic and contrast boards, the export's
checks and the web page's presets. Kept as data, as every wording is."""

from __future__ import annotations

from importlib import resources

import yaml

FIXED = yaml.safe_load(resources.files(__package__).joinpath("fixed_criteria.yaml").read_text(encoding="utf-8"))
