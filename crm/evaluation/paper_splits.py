"""The paper's test splits, built deterministically from held-out data or any reference-format file.

- ``seen_criteria``: held-out queries judged under criteria styles seen in training;
  ``new_criteria``: the style never seen in training. Pairs with per-side criteria are judged in
  both directions (the winner's criteria, then the loser's with the label flipped), so any
  criteria-blind judge scores exactly 50% on them.
- ``seen_topics`` / ``new_topics``: the seen-criteria pairs split by whether training has a query
  on the same topic (nearest training query by MiniLM cosine similarity at or above a threshold).
- ``noise_add`` / ``noise_remove`` / ``noise_replace``: the seen-criteria pairs with the criteria
  perturbed exactly as in training noise (the paper's D_add, D_remove, D_replace), seeded per pair.
- ``no_criteria``: the same pairs with one generic criterion instead of the user's: how much the
  criteria matter.
- ``degenerate``: each pair's preferred answer against a degenerate copy of it (empty, whitespace, cut
  off, looped, another query's answer: :mod:`crm.data.degenerate`) under the pair's criteria: what a
  reward must never prefer, whatever the criteria ask.
- ``short_answers/<wording>``: a right short answer against five wrong kinds (another query's answer,
  the query or the criteria given back, a cut-off fragment, the answer with an instruction to the
  judge: :mod:`crm.data.short_answers`) under a concise, an accurate and a general wording; its
  sources are the kinds.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import Any

from crm.data.criteria.style_pools import GENERAL_CRITERION
from crm.data.degenerate import degenerate_pairs
from crm.data.noise import CriteriaBank, apply_direction, apply_noise
from crm.data.schema import PreferenceSample, read_samples
from crm.data.short_answers import WORDINGS, read_short_answers, short_answer_set
from crm.data.splits import query_of

NOISE_VARIANTS = {"noise_add": "add", "noise_remove": "remove", "noise_replace": "replace"}
VARIANTS = (*NOISE_VARIANTS, "no_criteria", "degenerate")
DESCRIPTIONS = {
    "seen_criteria": "held-out queries, criteria styles seen in training",
    "new_criteria": "held-out queries, a criteria style never seen in training",
    "seen_topics": "seen-criteria pairs whose query topic training has seen",
    "new_topics": "seen-criteria pairs whose query topic training has not seen",
    "noise_add": "unrelated criteria added (D_add)",
    "noise_remove": "half of the criteria removed (D_remove)",
    "noise_replace": "some criteria replaced by the rejected side's (D_replace)",
    "no_criteria": "a generic criterion instead of the user's",
    "degenerate": "the preferred answer against a degenerate copy (empty, whitespace, cut off, looped, off topic)",
    "short_answers": "a right short answer against another query's answer, the query or criteria given back, "
    "a fragment, the answer with an instruction to the judge",
}


@dataclass(frozen=True)
class JudgedPair:
    """One pair as the scorer sees it; the label is ``sample.preference``."""

    sample: PreferenceSample
    direction: str  # original | reverse | given (no per-side criteria to flip)
    source: str

    @property
    def label_a(self) -> bool:
        return self.sample.preference == "model_a"


@dataclass
class TestSet:
    __test__ = False  # a data class, not a pytest test class, though its name starts with "Test"

    name: str
    origin: str  # the processed split or file the pairs come from
    pairs: list[JudgedPair]
    description: str = ""
    notes: dict[str, Any] = field(default_factory=dict)  # counts of what was left out, thresholds used

    def info(self) -> dict[str, Any]:
        return {"origin": self.origin, "description": self.description, "pairs": len(self.pairs), **self.notes}


def judged_pairs(samples: Sequence[PreferenceSample]) -> list[JudgedPair]:
    """Both directions for pairs with per-side criteria, the given label otherwise; ties are not pairs."""
    pairs = []
    for s in samples:
        if s.preference == "tie":
            continue
        source = s.source or "unknown"
        if s.has_side_criteria:
            pairs += [JudgedPair(apply_direction(s, d, random.Random(0)), d, source) for d in ("original", "reverse")]
        else:
            pairs.append(JudgedPair(s, "given", source))
    return pairs


def read_all(paths: Sequence[str | Path], skip_invalid: bool = False) -> tuple[list[PreferenceSample], int]:
    """All samples of ``paths`` and the number of invalid lines skipped."""
    samples: list[PreferenceSample] = []
    skipped = 0
    for path in paths:
        read, report = read_samples(path, skip_invalid=skip_invalid)
        samples += read
        skipped += report.skipped
    return samples, skipped


def load_test_set(
    name: str, paths: Sequence[str | Path], origin: str | None = None, skip_invalid: bool = False
) -> tuple[TestSet, list[PreferenceSample]]:
    """Read reference-format files into a test set (and return the samples); ties and skipped lines are counted."""
    samples, skipped = read_all(paths, skip_invalid)
    notes = {"ties_excluded": sum(s.preference == "tie" for s in samples), "skipped_invalid": skipped}
    origin = origin or ", ".join(str(p) for p in paths)
    return TestSet(name, origin, judged_pairs(samples), DESCRIPTIONS.get(name, ""), notes), samples


def variant(base: TestSet, kind: str, bank: CriteriaBank, seed: int = 0, name: str | None = None) -> TestSet:
    """``base`` with its criteria perturbed by ``kind`` (one of :data:`VARIANTS`); the same seed, the same set."""
    if kind not in VARIANTS:
        raise ValueError(f"unknown test-set variant {kind!r}; expected one of {VARIANTS}")
    if kind == "degenerate":
        samples = degenerate_pairs([p.sample for p in base.pairs], len(base.pairs), seed)
        pairs = [JudgedPair(s, "given", s.source) for s in samples]
        return TestSet(name or kind, base.origin, pairs, DESCRIPTIONS[kind], dict(base.notes))
    pairs = []
    for i, pair in enumerate(base.pairs):
        if kind == "no_criteria":
            sample = dc_replace(pair.sample, criteria=[GENERAL_CRITERION])
        else:
            rng = random.Random(zlib.crc32(f"{seed}/{kind}/{i}".encode()))
            sample = apply_noise(pair.sample, NOISE_VARIANTS[kind], bank, rng)
        pairs.append(dc_replace(pair, sample=sample))
    changed = sum(p.sample.criteria != q.sample.criteria for p, q in zip(pairs, base.pairs))
    return TestSet(name or kind, base.origin, pairs, DESCRIPTIONS[kind], {**base.notes, "criteria_changed": changed})


def short_answer_test_sets(raw_dir: str | Path, seed: int = 0) -> list[TestSet]:
    """The short-answer set from ``raw_dir``, one test set per wording (its sources: the wrong kinds)."""
    built = short_answer_set(read_short_answers(raw_dir), seed)
    notes = {"queries": len(built.items), **{f"left out ({why})": n for why, n in sorted(built.counts.items())}}
    origin = f"{raw_dir} (alpaca_eval_styles concise answers, dsp plain answers)"
    return [
        TestSet(
            f"short_answers/{wording}",
            origin,
            [JudgedPair(s, "given", s.source) for s in built.samples if s.extra["wording"] == wording],
            f"{DESCRIPTIONS['short_answers']}, under {criteria!r}",
            notes,
        )
        for wording, criteria in WORDINGS.items()
    ]


def split_by_topic(base: TestSet, train_queries: Sequence[str], encoder, threshold: float) -> tuple[TestSet, TestSet]:
    """(seen_topics, new_topics): pairs whose nearest training query has cosine >= ``threshold`` or not."""
    queries = sorted({query_of(p.sample) for p in base.pairs})
    similarity = dict(zip(queries, encoder.nearest_similarity(queries, sorted(set(train_queries))).tolist()))
    seen = [p for p in base.pairs if similarity[query_of(p.sample)] >= threshold]
    new = [p for p in base.pairs if similarity[query_of(p.sample)] < threshold]
    notes = {"similarity_threshold": threshold}
    return (
        TestSet("seen_topics", base.origin, seen, DESCRIPTIONS["seen_topics"], notes),
        TestSet("new_topics", base.origin, new, DESCRIPTIONS["new_topics"], notes),
    )
