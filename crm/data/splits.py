"""Seeded, query-level train/val/test splits with held-out styles for a "new criteria" test.

A query's split is a pure function of (seed, normalised query text), so every pair built from one
query, from any source and in any run, lands in the same split, and no query leaks between
train, val and test. Pairs involving a held-out style are only ever used for testing
(``test_new_criteria``), which measures generalisation to criteria never seen in training.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from crm.data.criteria.style_pools import STYLE_TOPICS
from crm.data.schema import PreferenceSample

SPLITS = ("train", "val", "test")
NEW_CRITERIA_SPLIT = "test_new_criteria"
ALL_SPLITS = SPLITS + (NEW_CRITERIA_SPLIT,)
DEFAULT_FRACTIONS: dict[str, float] = {"train": 0.8, "val": 0.1, "test": 0.1}
DEFAULT_HELDOUT_STYLES = ("entertainment",)


class SplitResult(NamedTuple):
    """The samples of each split and why others were left out of all of them."""

    splits: dict[str, list[PreferenceSample]]
    excluded: Counter


def normalise_query(text: str) -> str:
    """Lowercase and collapse whitespace, so trivially different copies of a query agree."""
    return " ".join(text.lower().split())


def validate_fractions(fractions: Mapping[str, float]) -> dict[str, float]:
    """Exactly train/val/test, each in [0, 1], summing to 1; returns them in that order."""
    if set(fractions) != set(SPLITS):
        raise ValueError(f"fractions must have exactly the keys {SPLITS}, got {sorted(fractions)}")
    values = {name: float(fractions[name]) for name in SPLITS}
    if any(not 0.0 <= v <= 1.0 for v in values.values()):
        raise ValueError(f"each fraction must lie in [0, 1], got {values}")
    if not math.isclose(sum(values.values()), 1.0, abs_tol=1e-6):
        raise ValueError(f"fractions must sum to 1, got {sum(values.values()):.6g} from {values}")
    return values


def _unit_interval(seed: int, text: str) -> float:
    """A uniform-looking number in [0, 1) from a hashlib digest (stable across processes)."""
    digest = hashlib.sha256(f"{seed}\x00{normalise_query(text)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def split_of(query_text: str, seed: int, fractions: Mapping[str, float] = DEFAULT_FRACTIONS) -> str:
    """The split (train/val/test) of a query; the same text and seed always give the same split."""
    values = validate_fractions(fractions)
    u = _unit_interval(seed, query_text)
    cumulative = 0.0
    for name in SPLITS:
        cumulative += values[name]
        if u < cumulative:
            return name
    return next(name for name in reversed(SPLITS) if values[name] > 0)  # rounding: u beyond the sum


def query_of(sample: PreferenceSample) -> str:
    """The query that defines a sample's split: the conversation's first user turn.

    For single-turn data this is the prompt; for multi-turn conversations that open the same way
    it keeps them together, so a shared opening cannot leak between splits.
    """
    return next(m["content"] for m in sample.model_a if m["role"] == "user")


def sample_styles(sample: PreferenceSample) -> set[str]:
    """The response styles of a style pair (empty for vote data)."""
    return {sample.extra[k] for k in ("a_style", "b_style") if sample.extra.get(k)}


def is_heldout(sample: PreferenceSample, heldout_styles: set[str], heldout_families: set[str]) -> bool:
    """A pair of a held-out style or about a held-out criteria family: test only."""
    return bool(sample_styles(sample) & heldout_styles) or sample.extra.get("family") in heldout_families


def validate_heldout_styles(heldout_styles: Iterable[str]) -> tuple[str, ...]:
    """Reject typos: a held-out style nobody has would silently hold out nothing."""
    styles = tuple(heldout_styles)
    unknown = [s for s in styles if s not in STYLE_TOPICS]
    if unknown:
        raise ValueError(f"unknown held-out style(s) {unknown}; known styles: {sorted(STYLE_TOPICS)}")
    return styles


def assign_splits(
    samples: Iterable[PreferenceSample],
    seed: int,
    heldout_styles: Iterable[str] = DEFAULT_HELDOUT_STYLES,
    fractions: Mapping[str, float] = DEFAULT_FRACTIONS,
    heldout_families: Iterable[str] = (),
) -> SplitResult:
    """Put each sample in train/val/test by its query; pairs of a held-out style or criteria family go
    to ``test_new_criteria`` when their query is a test query and are dropped otherwise."""
    values = validate_fractions(fractions)
    heldout = set(validate_heldout_styles(heldout_styles))
    families = set(heldout_families)
    splits: dict[str, list[PreferenceSample]] = {name: [] for name in ALL_SPLITS}
    excluded: Counter = Counter()
    for sample in samples:
        split = split_of(query_of(sample), seed, values)
        if is_heldout(sample, heldout, families):
            if split == "test":
                splits[NEW_CRITERIA_SPLIT].append(sample)
            else:
                excluded["heldout_outside_test"] += 1
            continue
        splits[split].append(sample)
    return SplitResult(splits, excluded)
