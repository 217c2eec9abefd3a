"""Board statistics: win rate against the baseline, a bootstrap interval, ranks that respect the
intervals, a length-controlled win rate, and Kendall tau between two boards."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import numpy as np
from scipy.optimize import minimize
from scipy.stats import kendalltau

from crm.stats import sigmoid
from crm.usl.reading import CriterionReading


@dataclass
class BoardRow:
    model: str
    win_rate: float
    lower: float
    upper: float
    rank: int
    n: int
    mean_length: float
    lc_win_rate: float | None = None

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class Board:
    rows: list[BoardRow]
    baseline: str
    criteria: list[str]
    queries: int
    scored: int  # model calls made for this board (0: everything came from the cache)
    notes: dict[str, int] = field(default_factory=dict)
    outcomes: dict[str, dict[str, float]] = field(default_factory=dict)  # model -> question -> p(beats baseline)
    readings: list[CriterionReading] = field(default_factory=list)  # how the CRM read each criterion


def interval_ranks(lower: np.ndarray, upper: np.ndarray) -> list[int]:
    """Rank = 1 + the number of models whose lower bound exceeds this model's upper bound."""
    lower, upper = np.asarray(lower), np.asarray(upper)
    return [1 + int(np.sum(lower > u)) for u in upper]


def length_controlled_win_rate(outcomes: np.ndarray, length_diff_z: np.ndarray) -> float:
    """AlpacaEval-style: fit p(win) = sigmoid(a + b z) on the standardised length difference z
    (soft outcomes, a small L2 penalty on b) and report the win rate at z = 0, sigmoid(a)."""
    p = np.clip(np.asarray(outcomes, dtype=np.float64), 1e-6, 1 - 1e-6)
    z = np.asarray(length_diff_z, dtype=np.float64)

    def loss(theta: np.ndarray) -> float:
        logits = theta[0] + theta[1] * z
        return float(np.mean(np.logaddexp(0, logits) - p * logits) + 1e-3 * theta[1] ** 2)

    a, _ = minimize(loss, np.zeros(2), method="L-BFGS-B").x
    return float(sigmoid(a))


def board_kendall_tau(first: list[BoardRow], second: list[BoardRow]) -> tuple[float, float, int]:
    """(tau, p-value, models) between the win rates of the models both boards rank."""
    a = {r.model: r.win_rate for r in first}
    b = {r.model: r.win_rate for r in second}
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        raise ValueError("Kendall tau needs at least two models on both boards")
    result = kendalltau([a[m] for m in common], [b[m] for m in common])
    return float(result.statistic), float(result.pvalue), len(common)
