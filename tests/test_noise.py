"""The contracts of label direction and each criteria-noise mode."""

import random

import pytest

from crm.data.noise import CriteriaBank, apply_direction, apply_noise
from tests.conftest import STYLE_CRITERIA, TOPICS, style_pair, tiny_split


@pytest.fixture
def bank():
    samples = tiny_split(4, 0) + tiny_split(4, 1, styles=("funny", "short"))
    return CriteriaBank.from_samples(samples)


def test_bank_groups_criteria_by_topic(bank):
    assert set(bank.by_topic) == {"concise", "detailed", "humorous"}
    assert set(bank.by_topic["humorous"]) == set(STYLE_CRITERIA["funny"])


def test_reverse_flips_label_and_uses_the_losers_criteria():
    sample = style_pair("q", 1, winner="model_a")
    reversed_ = apply_direction(sample, "reverse", random.Random(0))
    assert reversed_.preference == "model_b"
    assert reversed_.criteria == sample.b_criteria
    assert apply_direction(sample, "original", random.Random(0)).preference == "model_a"


def test_random_direction_draws_both_and_label_follows_criteria():
    sample = style_pair("q", 1, winner="model_b")
    seen = set()
    for seed in range(40):
        drawn = apply_direction(sample, "random", random.Random(seed))
        expected = sample.a_criteria if drawn.preference == "model_a" else sample.b_criteria
        assert drawn.criteria == expected
        seen.add(drawn.preference)
    assert seen == {"model_a", "model_b"}


def test_direction_leaves_generic_votes_alone():
    sample = style_pair("q", 1)
    sample.a_criteria = sample.b_criteria = ["Prefer the better answer."]
    sample.criteria = ["Prefer the better answer."]
    assert apply_direction(sample, "reverse", random.Random(0)).preference == sample.preference


@pytest.mark.parametrize("seed", range(20))
def test_remove_keeps_half(bank, seed):
    sample = style_pair("q", 1)
    noisy = apply_noise(sample, "remove", bank, random.Random(seed))
    assert len(noisy.criteria) == 2  # ceil(3 / 2)
    assert set(noisy.criteria) <= set(sample.criteria)
    assert noisy.preference == sample.preference


@pytest.mark.parametrize("seed", range(20))
def test_add_only_adds_unrelated_topics(bank, seed):
    sample = style_pair("q", 1, winner="model_a")  # chosen "short", rejected "long"
    noisy = apply_noise(sample, "add", bank, random.Random(seed))
    added = [c for c in noisy.criteria if c not in sample.criteria]
    assert set(sample.criteria) <= set(noisy.criteria)
    assert len(added) == 2  # round(3 / 2)
    assert not set(added) & set(bank.by_topic[TOPICS["long"]]), "add drew from the rejected side's topic"
    assert set(added) <= set(bank.by_topic["humorous"])
    assert noisy.preference == sample.preference


@pytest.mark.parametrize("seed", range(20))
def test_replace_uses_rejected_criteria_as_a_minority(bank, seed):
    sample = style_pair("q", 1, winner="model_b")  # rejected side is A
    noisy = apply_noise(sample, "replace", bank, random.Random(seed))
    replaced = [c for c in noisy.criteria if c not in sample.criteria]
    assert len(noisy.criteria) == len(sample.criteria)
    assert len(replaced) == 1 and set(replaced) <= set(sample.a_criteria)
    assert noisy.preference == "model_b"


def test_random_noise_uses_every_mode(bank):
    sample = style_pair("q", 1)
    lengths = {len(apply_noise(sample, "random", bank, random.Random(s)).criteria) for s in range(50)}
    assert lengths == {2, 3, 5}  # remove, none/replace, add


def test_unknown_modes_are_rejected(bank):
    with pytest.raises(ValueError, match="unknown noise mode"):
        apply_noise(style_pair("q", 1), "shuffle", bank, random.Random(0))
    with pytest.raises(ValueError, match="unknown direction"):
        apply_direction(style_pair("q", 1), "sideways", random.Random(0))
