"""Hand-written criteria texts: every family and polarity, 12 unique paraphrases, 9 train + 3 test-only."""

from __future__ import annotations

import re

import pytest

from crm.data.criteria import texts as criteria_texts
from crm.data.criteria.texts import CRITERIA_TEXTS, POLARITIES, TEST_ONLY, train_texts

held_out_texts = criteria_texts.test_texts  # imported under another name so pytest does not collect it as a test

FAMILIES = (
    "concise",
    "markdown_structure",
    "headings",
    "bullet_points",
    "numbered_list",
    "tables",
    "bold",
    "code",
    "tldr_first",
    "closing_summary",
    "short_paragraphs",
    "plain_words",
    "analogies",
    "short_sentences",
    "casual",
    "emoji",
    "enthusiasm",
    "first_person",
    "examples",
    "numbers",
    "sources",
    "hedging",
    "safety_warnings",
    "ai_disclaimer",
    "alternatives",
    "pros_cons",
    "preamble",
    "closing_offer",
)
PER_LIST = 12
MAX_CHARS = 170
NEGATION = re.compile(
    r"\b(no|not|nor|none|nothing|never|without|dislike|avoid|hate|skip|stop|don't|can't|cannot|won't|isn't|"
    r"aren't|doesn't|didn't)\b",
    re.IGNORECASE,
)
CASES = [(family, polarity) for family in FAMILIES for polarity in ("pos", "neg")]


def _words(text: str) -> int:
    return len(text.split())


def test_families_and_polarities():
    assert tuple(CRITERIA_TEXTS) == FAMILIES
    assert POLARITIES == ("pos", "neg")
    for family, lists in CRITERIA_TEXTS.items():
        assert set(lists) == set(POLARITIES), family


@pytest.mark.parametrize(("family", "polarity"), CASES)
def test_list_shape(family, polarity):
    texts = CRITERIA_TEXTS[family][polarity]
    assert isinstance(texts, tuple)
    assert len(texts) == PER_LIST
    for text in texts:
        assert isinstance(text, str)
        assert text.strip() == text and text, repr(text)
        assert len(text) <= MAX_CHARS, text
        assert text.isascii(), text
        assert text[-1] in ".!?", text


@pytest.mark.parametrize(("family", "polarity"), CASES)
def test_length_mix(family, polarity):
    texts = CRITERIA_TEXTS[family][polarity]
    assert sum(2 <= _words(t) <= 6 for t in texts) >= 3
    assert sum(15 <= _words(t) <= 30 for t in texts) >= 3


@pytest.mark.parametrize(("family", "polarity"), CASES)
def test_negative_phrasings(family, polarity):
    negated = [t for t in CRITERIA_TEXTS[family][polarity] if NEGATION.search(t)]
    assert len(negated) >= 3, negated


def test_all_unique():
    everything = [t.lower() for lists in CRITERIA_TEXTS.values() for texts in lists.values() for t in texts]
    assert len(everything) == len(FAMILIES) * 2 * PER_LIST
    assert len(set(everything)) == len(everything)


@pytest.mark.parametrize(("family", "polarity"), CASES)
def test_train_test_partition(family, polarity):
    train, test = train_texts(family, polarity), held_out_texts(family, polarity)
    assert TEST_ONLY == 3
    assert len(train) == PER_LIST - TEST_ONLY and len(test) == TEST_ONLY
    assert train + test == CRITERIA_TEXTS[family][polarity]
    assert not set(train) & set(test)


def test_unknown_family_or_polarity():
    with pytest.raises(KeyError, match="concise"):
        train_texts("no_such_family", "pos")
    with pytest.raises(KeyError, match="concise"):
        held_out_texts("no_such_family", "neg")
    with pytest.raises(KeyError, match="pos"):
        train_texts("concise", "positive")
    with pytest.raises(KeyError, match="neg"):
        held_out_texts("concise", "maybe")
