"""What every converter shares: the result it returns, stable ids and per-record random draws, and
the pair whose two sides each carry the criteria that make them preferred."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from crm.data.schema import PreferenceSample, conversation


@dataclass
class ConversionResult:
    """The samples a converter produced and what it counted on the way (pairs, ties, skips...)."""

    samples: list[PreferenceSample] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)

    def add(self, sample: PreferenceSample) -> None:
        self.samples.append(sample)
        self.counts["pairs"] += 1
        if sample.preference == "tie":
            self.counts["ties"] += 1


def stable_hash(text: str, length: int = 12) -> str:
    """Short hex digest used in sample ids; identical across processes and platforms."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]


def record_rng(seed: int, key: str) -> random.Random:
    """A generator private to one record, so its draws do not depend on the other records."""
    digest = hashlib.sha256(f"{seed}\x00{key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def criteria_pair(
    source: str,
    idx: str,
    prompt: str,
    answers: tuple[str, str],
    side_criteria: tuple[list[str], list[str]],
    topics: tuple[str, str],
    winner: str,
    extra: dict[str, Any],
) -> PreferenceSample:
    """A pair whose sides each have the criteria that make them preferred; ``winner``'s are shown."""
    a_criteria, b_criteria = side_criteria
    return PreferenceSample(
        prompt=prompt,
        model_a=conversation(prompt, answers[0]),
        model_b=conversation(prompt, answers[1]),
        criteria=list(a_criteria if winner == "model_a" else b_criteria),
        preference=winner,
        idx=idx,
        human_winner=winner,
        a_criteria=a_criteria,
        b_criteria=b_criteria,
        a_broad_criteria_topic=topics[0],
        b_broad_criteria_topic=topics[1],
        source=source,
        extra=extra,
    )
