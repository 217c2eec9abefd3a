"""The leaderboard's statistics with known answers, and its topics."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from crm.stats import bootstrap_interval
from crm.usl.board import BoardRow, board_kendall_tau, interval_ranks, length_controlled_win_rate
from crm.usl.topics import BROAD_TOPICS, assign_broad_topics

ROOT = Path(__file__).resolve().parent.parent

# ---- statistics with known answers ----------------------------------------------------------


def test_bootstrap_interval_matches_the_binomial_width():
    outcomes = (np.random.default_rng(1).random(400) < 0.7).astype(float)
    lower, upper = bootstrap_interval(outcomes, rounds=2000, seed=0)
    assert lower < outcomes.mean() < upper
    assert upper - lower == pytest.approx(2 * 1.96 * np.sqrt(0.7 * 0.3 / 400), rel=0.15)
    assert bootstrap_interval(np.ones(50)) == (1.0, 1.0)
    assert bootstrap_interval(outcomes, seed=3) == bootstrap_interval(outcomes, seed=3)  # seeded


def test_rank_counts_only_models_clearly_above():
    # a clearly above b and c; b and c overlap
    assert interval_ranks([0.8, 0.4, 0.35], [0.9, 0.6, 0.5]) == [1, 2, 2]
    assert interval_ranks([0.5, 0.5], [0.6, 0.6]) == [1, 1]


def test_length_controlled_win_rate_removes_a_pure_length_effect():
    z = np.linspace(-2, 2, 200)
    outcomes = 1 / (1 + np.exp(-(0.0 + 2.0 * (z + 1.0))))  # wins only because this model is longer
    assert np.mean(outcomes) > 0.7
    assert length_controlled_win_rate(outcomes, z + 1.0) == pytest.approx(0.5, abs=0.03)


def test_kendall_tau_of_reversed_boards_is_minus_one():
    rows = lambda rates: [BoardRow(m, r, 0, 1, 1, 1, 1.0) for m, r in zip("abcd", rates)]  # noqa: E731
    assert board_kendall_tau(rows([0.9, 0.7, 0.5, 0.1]), rows([0.1, 0.5, 0.7, 0.9]))[0] == pytest.approx(-1.0)


# ---- topics ---------------------------------------------------------------------------------


def test_every_arena_hard_cluster_gets_a_broad_topic_deterministically():
    clusters = (ROOT / "tests" / "data" / "arena_hard_clusters.txt").read_text().splitlines()
    assert len(clusters) == 250
    mapping = assign_broad_topics(clusters)
    assert set(mapping) == set(clusters) and set(mapping.values()) <= set(BROAD_TOPICS)
    assert 10 <= len(set(mapping.values())) <= 20
    assert mapping == assign_broad_topics(list(reversed(clusters)))
    for cluster, topic in {
        "Advanced Regex Techniques": "coding",
        "Healthy Meal Planning": "health & lifestyle",
        "Lojban Language Translation": "language",
        "Dice Probability Calculations": "math",
        "AWS Cloud Services Essentials": "IT & systems",
        "Chess Strategy and Gameplay": "games & entertainment",
    }.items():
        assert mapping[cluster] == topic
