"""Hand-written criteria pools (``style_pools.yaml`` beside it): several paraphrases per response style.

The raw style corpora (DSP, AlpacaEval concise/verbose) say which style each answer has, but not
what a user who wants that style would write. Each style therefore gets a pool of paraphrased
criteria statements; every sample draws a random subset, so a model cannot learn one fixed wording
instead of the meaning.
"""

from __future__ import annotations

import random
from importlib import resources

import yaml

_POOLS = yaml.safe_load(resources.files(__package__).joinpath("style_pools.yaml").read_text(encoding="utf-8"))
# Response-style key in the raw data -> criteria topic (the "broad criteria topic" of a sample).
STYLE_TOPICS: dict[str, str] = _POOLS["style_topics"]
CRITERIA_POOLS: dict[str, list[str]] = _POOLS["pools"]
DOMAIN_FAMILIES: dict[str, str] = _POOLS["domain_families"]  # DSP style family (its topic) -> its description
GENERAL_CRITERION = CRITERIA_POOLS["general"][0]  # the criterion human votes are judged under


def draw_criteria(topic: str, rng: random.Random, k_min: int = 2, k_max: int = 3) -> list[str]:
    """A random subset of ``topic``'s pool in random order, so no single wording dominates."""
    try:
        pool = CRITERIA_POOLS[topic]
    except KeyError:
        raise KeyError(f"unknown criteria topic {topic!r}; known: {sorted(CRITERIA_POOLS)}") from None
    if not 1 <= k_min <= k_max:
        raise ValueError(f"need 1 <= k_min <= k_max, got k_min={k_min}, k_max={k_max}")
    k = rng.randint(min(k_min, len(pool)), min(k_max, len(pool)))
    return rng.sample(pool, k)
