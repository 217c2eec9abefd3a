"""The statistics the evaluation and the leaderboard share, written once: the probability from a
score difference, and the percentile bootstrap of a mean (optionally resampling whole groups)."""

from __future__ import annotations

import numpy as np


def sigmoid(x) -> np.ndarray:
    """p(first preferred) from score(first) - score(second), in float64 so close scores do not tie."""
    return 1.0 / (1.0 + np.exp(-np.asarray(x, dtype=np.float64)))


def bootstrap_interval(
    values, groups=None, rounds: int = 1000, seed: int = 0, level: float = 0.95
) -> tuple[float, float]:
    """Percentile interval of the mean of ``values`` over ``rounds`` seeded resamples.

    With ``groups`` whole groups are resampled (a cluster bootstrap): the pairs of one query (its
    style pairs, both label directions) are not independent, and resampling queries keeps that
    correlation in the interval. Without, each value is its own group.
    """
    values = np.asarray(values, dtype=np.float64)
    if len(values) == 0:
        return float("nan"), float("nan")
    if groups is None:
        index = np.arange(len(values))
    else:
        _, index = np.unique(np.asarray(groups), return_inverse=True)
    sums = np.bincount(index, weights=values)
    counts = np.bincount(index).astype(np.float64)
    draws = np.random.default_rng(seed).integers(0, len(counts), size=(rounds, len(counts)))
    means = sums[draws].sum(axis=1) / counts[draws].sum(axis=1)
    tail = (1.0 - level) / 2
    return float(np.quantile(means, tail)), float(np.quantile(means, 1.0 - tail))
