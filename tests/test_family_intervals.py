"""Per-family accuracies and the headline means come with intervals that resample whole queries."""

from __future__ import annotations

import numpy as np
import pytest

from crm.data.schema import PreferenceSample
from crm.evaluation.families import (
    MIN_QUERIES_FOR_INTERVAL,
    by_family,
    family_mean_intervals,
    headline,
    pool_sets,
)
from crm.evaluation.result_tables import family_table
from crm.stats import bootstrap_interval


def pair(family: str, query: str, polarity: str = "pos") -> PreferenceSample:
    def turns(answer: str) -> list[dict[str, str]]:
        return [{"role": "user", "content": query}, {"role": "assistant", "content": answer}]

    return PreferenceSample(
        prompt=query,
        model_a=turns("first"),
        model_b=turns("second"),
        criteria=["some criterion"],
        preference="model_a",
        extra={"family": family, "a_polarity": polarity},
    )


def test_stratified_interval_is_of_the_mean_over_strata_not_the_pooled_mean():
    # stratum a: 100 pairs over 20 queries, all right; stratum b: 10 pairs over 5 queries, all wrong
    values = np.array([1.0] * 100 + [0.0] * 10)
    groups = np.array([f"a{i % 20}" for i in range(100)] + [f"b{i % 5}" for i in range(10)])
    strata = np.array(["a"] * 100 + ["b"] * 10)
    lower, upper = bootstrap_interval(values, groups, strata=strata)
    assert lower <= 0.5 <= upper < values.mean()  # the mean of the two families is 0.5, pooled 0.91
    # one stratum is the plain cluster bootstrap, draw for draw
    assert bootstrap_interval(values, groups, strata=np.zeros(110)) == bootstrap_interval(values, groups)


def test_each_family_gets_its_query_count_and_an_interval_only_from_enough_queries():
    few = [pair("tables", f"q{i}") for i in range(MIN_QUERIES_FOR_INTERVAL - 1) for _ in range(3)]
    many = [pair("bold", f"r{i}", ("pos", "neg")[i % 2]) for i in range(12) for _ in range(2)]
    correct = np.array([True] * len(few) + [i % 3 != 0 for i in range(len(many))])
    families = by_family(few + many, {"CRM": correct})
    assert families["tables"]["queries"] == MIN_QUERIES_FOR_INTERVAL - 1
    assert "CRM/ci" not in families["tables"]  # four queries: no interval rather than a false one
    lower, upper = families["bold"]["CRM/ci"]
    assert families["bold"]["queries"] == 12
    assert lower < families["bold"]["CRM"] < upper


def test_headline_intervals_cover_the_family_means():
    samples, correct = [], []
    rng = np.random.default_rng(0)
    for family, rate in (("bold", 0.9), ("tables", 0.6), ("hedging", 0.5)):
        for q in range(10):
            for polarity in ("pos", "neg"):
                samples.append(pair(family, f"{family}{q}", polarity))
                correct.append(rng.random() < rate)
    correct = np.array(correct)
    intervals = family_mean_intervals(samples, correct, heldout=["hedging"])
    summary = headline(by_family(samples, {"CRM": correct}, ["hedging"]), "CRM", intervals)
    assert summary["seen_families"] == 2 and summary["heldout_families"] == 1
    for key in ("seen_families_mean", "heldout_families_mean"):
        lower, upper = summary[f"{key}_ci"]
        assert lower <= summary[key] <= upper and upper - lower > 0
    caption = family_table(by_family(samples, {"CRM": correct}, ["hedging"]), ["CRM"], "t", summary)[3]
    assert f"{summary['seen_families_mean']:.3f} [{summary['seen_families_mean_ci'][0]:.3f}" in caption


def test_pooling_two_sets_drops_what_cannot_be_pooled():
    first = by_family([pair("bold", f"q{i}") for i in range(6)], {"accuracy": np.ones(6, dtype=bool)})
    second = by_family([pair("bold", f"q{i}") for i in range(6)], {"accuracy": np.zeros(6, dtype=bool)})
    pooled = pool_sets([first, second])["bold"]
    assert pooled["n"] == 12 and pooled["accuracy"] == pytest.approx(0.5)
    assert "accuracy/ci" not in pooled and "queries" not in pooled  # the two sets share their queries
    alone = pool_sets([first])["bold"]
    assert alone["accuracy/ci"] == first["bold"]["accuracy/ci"] and alone["queries"] == 6


def test_headline_reports_votes_and_quality_apart_from_the_form_families_with_longer_wins_beside():
    votes = [pair("", f"v{i}") for i in range(8)]  # no family: a human vote under the generic criterion
    for sample in votes:
        sample.extra.pop("family")
    quality = [pair("quality", f"q{i}") for i in range(6)]
    under_form = [pair("quality_under_form", f"f{i}", "neg") for i in range(6)]
    form = [pair("bold", f"b{i}") for i in range(6)]
    samples = votes + quality + under_form + form
    crm = np.array([i % 2 == 0 for i in range(8)] + [True] * 6 + [False] * 6 + [True] * 6)
    longer = np.array([True] * 8 + [False] * 18)
    families = by_family(samples, {"CRM": crm, "longer wins": longer})
    summary = headline(families, "CRM")
    assert summary["votes"] == 0.5 and summary["votes_longer_wins"] == 1.0 and len(summary["votes_ci"]) == 2
    assert summary["quality"] == 1.0 and summary["quality_under_form"] == 0.0
    assert summary["quality_longer_wins"] == 0.0
    assert summary["seen_families"] == 1 and summary["seen_families_mean"] == 1.0  # quality is not a form family
    assert families["quality_under_form"]["kind"] == "quality"
