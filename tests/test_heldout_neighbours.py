"""experiments/heldout_neighbours.py: held-out pairs judged under a seen family's wording instead of their own."""

from __future__ import annotations

import importlib.util

import pytest

from crm.data.criteria.taxonomy import DEFAULT_HELDOUT_FAMILIES, FAMILIES
from crm.data.schema import PreferenceSample, conversation
from crm.evaluation.families import family_of
from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("heldout_neighbours", ROOT / "experiments" / "heldout_neighbours.py")
neighbours = importlib.util.module_from_spec(spec)
spec.loader.exec_module(neighbours)

SHORT = FAMILIES["short_sentences"].texts("pos", "test")[0]
LONG = FAMILIES["short_sentences"].texts("neg", "test")[0]
EXTRA = FAMILIES["code"].texts("neg", "test")[0]


def short_sentences_pair() -> PreferenceSample:
    """Side A writes short sentences; A's criteria ask for them beside an extra criterion both sides meet."""
    query = "Why is the sky blue?"
    return PreferenceSample(
        prompt=query,
        model_a=conversation(query, "Air scatters light. Blue scatters most. So the sky looks blue."),
        model_b=conversation(
            query, "Because the molecules of the air scatter short wavelengths more strongly, it looks blue."
        ),
        criteria=[EXTRA, SHORT],
        preference="model_a",
        a_criteria=[EXTRA, SHORT],
        b_criteria=[EXTRA, LONG],
        source="attribute_pairs",
        extra={"family": "short_sentences", "a_polarity": "pos", "b_polarity": "neg"},
    )


def test_only_the_families_own_criterion_is_replaced():
    sample = short_sentences_pair()
    wording = FAMILIES["plain_words"].texts("pos", "test")[1]
    judged = neighbours.under(sample, "plain_words", wording)
    assert judged.criteria == [EXTRA, wording]
    assert family_of(judged) == ("short_sentences", "pos")  # scored against the pair's own label
    assert sample.criteria == [EXTRA, SHORT]  # the test pair itself is left alone


def test_a_sample_without_its_familys_criterion_is_an_error():
    sample = short_sentences_pair()
    sample.criteria = [EXTRA]
    with pytest.raises(ValueError, match="short_sentences/pos"):
        neighbours.under(sample, "plain_words", "Plain words, please.")


def test_each_default_heldout_family_has_a_seen_neighbour():
    assert set(neighbours.NEIGHBOURS) == set(DEFAULT_HELDOUT_FAMILIES)
    for neighbour in neighbours.NEIGHBOURS.values():
        assert FAMILIES[neighbour].verified and neighbour not in DEFAULT_HELDOUT_FAMILIES
