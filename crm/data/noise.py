"""Label direction and criteria noise, applied each time a training sample is drawn.

Direction teaches that the label follows the criteria, not the responses: ``reverse`` gives the
loser's criteria and flips the label; ``both`` (our extension) puts a pair in the same batch under
each side's criteria, so no feature of the answers alone can lower the loss. Noise teaches robustness
to imperfect criteria:

- ``remove``: keep a random half of the criteria (at least one);
- ``add``: add about half as many criteria drawn from topics that describe neither side
  (never from the rejected side's topic), then shuffle;
- ``replace``: swap a minority (fewer than half) of the criteria for the rejected side's criteria,
  so the chosen side's criteria still dominate;
- ``random``: one of none/add/remove/replace per draw.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace as dc_replace

from crm.data.schema import OTHER_SIDE, PreferenceSample

DIRECTIONS = ("original", "reverse", "random", "both")
NOISE_MODES = ("none", "add", "remove", "replace", "random")


class CriteriaBank:
    """Criteria statements grouped by criteria topic: the pool that ``add`` noise draws from."""

    def __init__(self, by_topic: dict[str, list[str]]):
        self.by_topic = {t: sorted(set(c)) for t, c in by_topic.items() if c}

    @classmethod
    def from_samples(cls, samples: Iterable[PreferenceSample]) -> CriteriaBank:
        by_topic: dict[str, set[str]] = defaultdict(set)
        for s in samples:
            for crit, topic in ((s.a_criteria, s.a_broad_criteria_topic), (s.b_criteria, s.b_broad_criteria_topic)):
                if crit and topic:
                    by_topic[topic].update(crit)
        return cls({t: list(c) for t, c in by_topic.items()})

    def draw_unrelated(self, k: int, exclude_topics: set[str], rng: random.Random, avoid: set[str]) -> list[str]:
        candidates = [
            c for t in sorted(self.by_topic) if t not in exclude_topics for c in self.by_topic[t] if c not in avoid
        ]
        return rng.sample(candidates, min(k, len(candidates)))


def apply_direction(sample: PreferenceSample, direction: str, rng: random.Random) -> PreferenceSample:
    """Return the sample as seen under ``direction`` (label follows the criteria)."""
    if direction not in DIRECTIONS:
        raise ValueError(f"unknown direction {direction!r}; expected one of {DIRECTIONS}")
    if direction == "both":
        raise ValueError("direction 'both' draws each pair twice; the dataset expands it (see PreferenceDataset)")
    if sample.preference == "tie" or not sample.has_side_criteria:
        return sample  # generic-criterion votes have no opposite criteria to flip to
    winner = sample.preference
    if direction == "reverse" or (direction == "random" and rng.random() < 0.5):
        winner = OTHER_SIDE[winner]
    criteria = sample.a_criteria if winner == "model_a" else sample.b_criteria
    return dc_replace(sample, criteria=list(criteria), preference=winner)


def apply_noise(sample: PreferenceSample, mode: str, bank: CriteriaBank, rng: random.Random) -> PreferenceSample:
    """Return the sample with its criteria perturbed by ``mode`` (the label never changes)."""
    if mode not in NOISE_MODES:
        raise ValueError(f"unknown noise mode {mode!r}; expected one of {NOISE_MODES}")
    if mode == "random":
        mode = rng.choice(("none", "add", "remove", "replace"))
    if mode == "none" or sample.preference == "tie":
        return sample
    criteria = list(sample.criteria)
    rejected = "model_b" if sample.preference == "model_a" else "model_a"
    rejected_criteria = (sample.b_criteria if rejected == "model_b" else sample.a_criteria) or []
    rejected_topic = sample.b_broad_criteria_topic if rejected == "model_b" else sample.a_broad_criteria_topic
    chosen_topic = sample.a_broad_criteria_topic if rejected == "model_b" else sample.b_broad_criteria_topic
    if mode == "remove":
        criteria = rng.sample(criteria, max(1, math.ceil(len(criteria) / 2)))
    elif mode == "add":
        k = max(1, round(len(criteria) / 2))
        exclude = {t for t in (rejected_topic, chosen_topic) if t}
        criteria = criteria + bank.draw_unrelated(k, exclude, rng, avoid=set(criteria) | set(rejected_criteria))
        rng.shuffle(criteria)
    elif mode == "replace":
        pool = [c for c in rejected_criteria if c not in criteria]
        k = min(math.ceil(len(criteria) / 2) - 1, len(pool))
        if k > 0:
            positions = rng.sample(range(len(criteria)), k)
            for pos, new in zip(positions, rng.sample(pool, k)):
                criteria[pos] = new
    return dc_replace(sample, criteria=criteria)
