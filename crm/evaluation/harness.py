"""Score test sets with one or more scorers and summarise the metrics per test set, direction and source.

Pairs that several test sets share (the no-criteria set under both directions, topic subsets) are
scored once: scorers never see the label, so one judgement serves every set that holds the pair.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from collections.abc import Mapping, Sequence

import numpy as np

from crm.data.schema import PreferenceSample
from crm.data.splits import query_of
from crm.evaluation.families import by_family, family_mean_intervals
from crm.evaluation.metrics import PairScores, pair_metrics, prob_chosen
from crm.evaluation.paper_splits import TestSet
from crm.evaluation.scorers import Scorer, unscorable
from crm.stats import bootstrap_interval

log = logging.getLogger(__name__)
MAX_LISTED_IDS = 50  # of the unscorable samples, per test set, in metrics.json


def _key(sample: PreferenceSample) -> str:
    return json.dumps([sample.model_a, sample.model_b, sample.criteria], ensure_ascii=False)


def deduplicate(test_sets: Sequence[TestSet]) -> tuple[list[PreferenceSample], dict[str, np.ndarray]]:
    """The distinct (conversations, criteria) to score, and each test set's rows into them."""
    index: dict[str, int] = {}
    unique: list[PreferenceSample] = []
    rows = {}
    for test_set in test_sets:
        positions = []
        for pair in test_set.pairs:
            key = _key(pair.sample)
            if key not in index:
                index[key] = len(unique)
                unique.append(pair.sample)
            positions.append(index[key])
        rows[test_set.name] = np.asarray(positions, dtype=np.int64)
    return unique, rows


def drop_unscorable(test_sets: Sequence[TestSet], scorers: Mapping[str, Scorer]) -> list[TestSet]:
    """Test sets without the pairs some scorer cannot judge (e.g. criteria longer than a CRM reads), so
    every scorer is measured on the same pairs; each set counts what it lost and names the samples."""
    unique, rows = deduplicate(test_sets)
    reasons: dict[int, str] = {}
    for name, scorer in scorers.items():
        for index, reason in unscorable(scorer, unique).items():
            reasons.setdefault(index, f"{name}: {reason}")
    if not reasons:
        return list(test_sets)
    kept = []
    for test_set in test_sets:
        lost = [i for i, row in enumerate(rows[test_set.name]) if int(row) in reasons]
        if not lost:
            kept.append(test_set)
            continue
        ids = sorted({str(test_set.pairs[i].sample.idx) for i in lost})
        lost_set = set(lost)
        pairs = [p for i, p in enumerate(test_set.pairs) if i not in lost_set]
        first = reasons[int(rows[test_set.name][lost[0]])]
        log.warning(
            "%s: %d pairs cannot be scored and are left out (%s), e.g. %s", test_set.name, len(lost), first, ids[:5]
        )
        notes = {
            **test_set.notes,
            "unscorable": len(lost),
            "unscorable_ids": ids[:MAX_LISTED_IDS],
            "unscorable_reason": first,
        }
        kept.append(TestSet(test_set.name, test_set.origin, pairs, test_set.description, notes))
    return kept


def summarise(test_set: TestSet, scores: PairScores, heldout: Sequence[str] = ()) -> dict:
    """Metrics of the whole set, broken down by label direction and by source, and accuracy per
    criteria family and polarity (``heldout``: families and styles never trained on)."""
    labels = np.array([p.label_a for p in test_set.pairs], dtype=bool)
    out = pair_metrics(scores, labels)
    correct = prob_chosen(scores.prob_a, labels) > 0.5
    samples = [p.sample for p in test_set.pairs]
    out["by_family"] = by_family(samples, {"accuracy": correct}, heldout)
    out["family_mean_ci"] = family_mean_intervals(samples, correct, heldout)
    queries = np.array([query_of(s) for s in samples], dtype=object)
    out["accuracy_ci"] = list(bootstrap_interval(correct, queries))
    out["queries"] = len(set(queries.tolist()))
    for field, values in (
        ("by_direction", [p.direction for p in test_set.pairs]),
        ("by_source", [p.source for p in test_set.pairs]),
    ):
        groups: dict[str, list[int]] = defaultdict(list)
        for i, value in enumerate(values):
            groups[value].append(i)
        if len(groups) > 1 or field == "by_source":
            out[field] = {g: pair_metrics(scores.take(np.array(ix)), labels[ix]) for g, ix in sorted(groups.items())}
    return out


def evaluate_scorers(
    scorers: Mapping[str, Scorer], test_sets: Sequence[TestSet], progress: bool = False, heldout: Sequence[str] = ()
) -> dict[str, dict[str, dict]]:
    """``{scorer: {test set: metrics}}`` for every non-empty test set."""
    test_sets = [t for t in test_sets if t.pairs]
    unique, rows = deduplicate(test_sets)
    results: dict[str, dict[str, dict]] = {}
    for name, scorer in scorers.items():
        scores = scorer.score(unique, progress=progress)
        results[name] = {t.name: summarise(t, scores.take(rows[t.name]), heldout) for t in test_sets}
    return results
