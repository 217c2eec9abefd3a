"""The pairs the data calls ties, which the test sets leave out: how often each CRM makes a tie its
likeliest outcome. A tie-aware head gives a tie a probability of its own; a head without a tie outcome
never calls one (its figure is 0 by construction, reported beside it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from crm.data.schema import PreferenceSample
from crm.evaluation.scorers import CRMScorer, Scorer
from crm.tables import Table_, fmt


def tie_results(scorers: Mapping[str, Scorer], ties: Mapping[str, Sequence[PreferenceSample]]) -> dict:
    """Per CRM scorer and split: its tie pairs, the share whose likeliest outcome is a tie, and the mean
    probability it gives a tie."""
    results: dict[str, dict] = {}
    for name, scorer in scorers.items():
        if not isinstance(scorer, CRMScorer):
            continue
        head = scorer.crm.head
        for split, samples in ties.items():
            if not samples:
                continue
            first, tie, second = head.pair_outcomes(scorer.crm.raw_scores(samples, scorer.batch_size).double().numpy())
            called = (tie > np.maximum(first, second)).mean()
            results.setdefault(name, {})[split] = {
                "ties": len(samples),
                "head": head.name,
                "tie_accuracy": float(called),
                "mean_p_tie": float(tie.mean()),
            }
    return results


def tie_table(results: dict) -> Table_:
    rows = [
        [name, split, r["head"], str(r["ties"]), fmt(r["tie_accuracy"], 3), fmt(r["mean_p_tie"], 3)]
        for name, splits in results.items()
        for split, r in splits.items()
    ]
    caption = "tie accuracy: the share of the data's ties whose likeliest outcome under the CRM is a tie"
    return (
        "Ties (left out of the test sets above)",
        ["model", "split", "head", "ties", "tie accuracy", "mean p(tie)"],
        rows,
        caption,
    )
