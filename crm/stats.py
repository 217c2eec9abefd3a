"""The statistics the evaluation and the leaderboard share, written once: the probability from a
score difference, and the percentile bootstrap of a mean (optionally resampling whole groups)."""

from __future__ import annotations

import numpy as np


def sigmoid(x) -> np.ndarray:
    """p(first preferred) from score(first) - score(second), in float64 so close scores do not tie."""
    return 1.0 / (1.0 + np.exp(-np.asarray(x, dtype=np.float64)))


def bootstrap_interval(
    values, groups=None, rounds: int = 1000, seed: int = 0, level: float = 0.95, strata=None
) -> tuple[float, float]:
    """Percentile interval of the mean of ``values`` over ``rounds`` seeded resamples.

    With ``groups`` whole groups are resampled (a cluster bootstrap): the pairs of one query (its
    style pairs, both label directions) are not independent, and resampling queries keeps that
    correlation in the interval. Without, each value is its own group. With ``strata`` the statistic
    is the unweighted mean over strata of each stratum's mean (accuracy averaged over criteria
    families, each family's pairs drawn with their queries); a stratum no resample reaches is left
    out of that resample's mean.
    """
    values = np.asarray(values, dtype=np.float64)
    if len(values) == 0:
        return float("nan"), float("nan")
    group = np.arange(len(values)) if groups is None else np.unique(np.asarray(groups), return_inverse=True)[1]
    stratum = (
        np.zeros(len(values), dtype=np.int64)
        if strata is None
        else np.unique(np.asarray(strata), return_inverse=True)[1]
    )
    shape = (group.max() + 1, stratum.max() + 1)
    sums, counts = np.zeros(shape), np.zeros(shape)
    np.add.at(sums, (group, stratum), values)
    np.add.at(counts, (group, stratum), 1.0)
    draws = np.random.default_rng(seed).integers(0, shape[0], size=(rounds, shape[0]))
    times = np.zeros((rounds, shape[0]))  # how often each group is drawn in each resample
    np.add.at(times, (np.arange(rounds)[:, None], draws), 1.0)
    drawn = times @ counts
    with np.errstate(invalid="ignore", divide="ignore"):
        means = np.nanmean(np.where(drawn > 0, (times @ sums) / drawn, np.nan), axis=1)
    tail = (1.0 - level) / 2
    return float(np.nanquantile(means, tail)), float(np.nanquantile(means, 1.0 - tail))
