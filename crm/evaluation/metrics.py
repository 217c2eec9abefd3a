"""Metric definitions for judged pairs, on plain arrays so they can be checked by hand.

Conventions (as in RewardBench): a pair counts as correct only when the chosen side gets strictly
more than half the probability; an exact tie is wrong and reported as its own rate. Calibration is
the top-label expected calibration error (torchmetrics), so a judge that says 0.9 should be right
nine times in ten.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch
from torchmetrics.functional.classification import multiclass_calibration_error

from crm.stats import sigmoid

ECE_BINS = 10


@dataclass
class PairScores:
    """A scorer's judgement of N pairs.

    ``prob_a`` is the final p(A preferred). ``margin_a`` is score(A) - score(B) in the scorer's own
    units (reward or logit difference; None for rules). Position-sensitive scorers judge both
    orders: ``prob_a_forward`` with A shown first, ``prob_a_backward`` with A shown second, and
    ``prob_a`` is their average.
    """

    prob_a: np.ndarray
    margin_a: np.ndarray | None = None
    prob_a_forward: np.ndarray | None = None
    prob_a_backward: np.ndarray | None = None

    def take(self, index: np.ndarray) -> PairScores:
        def pick(values: np.ndarray | None) -> np.ndarray | None:
            return None if values is None else values[index]

        return PairScores(
            self.prob_a[index], pick(self.margin_a), pick(self.prob_a_forward), pick(self.prob_a_backward)
        )

    @classmethod
    def from_margins(cls, margin_a: np.ndarray) -> PairScores:
        margin_a = np.asarray(margin_a, dtype=np.float64)
        return cls(prob_a=sigmoid(margin_a), margin_a=margin_a)

    @classmethod
    def from_both_orders(cls, margin_forward: np.ndarray, margin_backward: np.ndarray) -> PairScores:
        """``margin_backward`` is score(A) - score(B) when A is shown second; the prediction averages the orders."""
        forward, backward = sigmoid(margin_forward), sigmoid(margin_backward)
        margin = (np.asarray(margin_forward, np.float64) + np.asarray(margin_backward, np.float64)) / 2
        return cls((forward + backward) / 2, margin, forward, backward)


def prob_chosen(prob_a: np.ndarray, label_a: np.ndarray) -> np.ndarray:
    return np.where(label_a, prob_a, 1.0 - prob_a)


def strict_accuracy(prob_a: np.ndarray, label_a: np.ndarray) -> float:
    """Fraction of pairs whose chosen side gets p > 0.5 (ties are wrong)."""
    return float(np.mean(prob_chosen(prob_a, label_a) > 0.5))


def tie_rate(prob_a: np.ndarray) -> float:
    return float(np.mean(np.asarray(prob_a) == 0.5))


def position_consistency(prob_a_forward: np.ndarray, prob_a_backward: np.ndarray) -> float:
    """Fraction of pairs judged the same way in both orders (a tie in either order is inconsistent)."""
    forward, backward = np.sign(prob_a_forward - 0.5), np.sign(prob_a_backward - 0.5)
    return float(np.mean((forward == backward) & (forward != 0)))


def expected_calibration_error(prob_a: np.ndarray, label_a: np.ndarray, n_bins: int = ECE_BINS) -> float:
    """Top-label ECE over ``n_bins`` equal-width confidence bins (torchmetrics, L1 norm)."""
    p = torch.as_tensor(np.asarray(prob_a, dtype=np.float64))
    preds = torch.stack([1.0 - p, p], dim=1)
    target = torch.as_tensor(np.asarray(label_a, dtype=np.int64))
    return float(multiclass_calibration_error(preds, target, num_classes=2, n_bins=n_bins, norm="l1"))


def pair_metrics(scores: PairScores, label_a: np.ndarray) -> dict[str, float | int | None]:
    """Accuracy, tie rate, count, confidence, margin, calibration and (if judged twice) position consistency."""
    label_a = np.asarray(label_a, dtype=bool)
    n = len(label_a)
    if n == 0:
        return {"accuracy": None, "tie_rate": None, "n": 0}
    p = scores.prob_a
    metrics: dict[str, float | int | None] = {
        "accuracy": strict_accuracy(p, label_a),
        "tie_rate": tie_rate(p),
        "n": n,
        "confidence": float(np.mean(np.maximum(p, 1.0 - p))),
        "mean_margin": None if scores.margin_a is None else float(np.mean(np.where(label_a, 1, -1) * scores.margin_a)),
        "ece": expected_calibration_error(p, label_a),
        "position_consistency": None,
    }
    if scores.prob_a_forward is not None and scores.prob_a_backward is not None:
        metrics["position_consistency"] = position_consistency(scores.prob_a_forward, scores.prob_a_backward)
        metrics["accuracy_forward_only"] = strict_accuracy(scores.prob_a_forward, label_a)
    return metrics
