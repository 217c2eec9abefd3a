"""Training paraphrases: seen families only, both polarities, varied, and never a test wording in disguise."""

from __future__ import annotations

import difflib
import re

import pytest

from crm.data.criteria.taxonomy import DEFAULT_HELDOUT_FAMILIES, FAMILIES, get_family
from crm.data.criteria.wording_files import WORDINGS

TRAIN_PARAPHRASES = {
    family: {polarity: lists["paraphrases"] for polarity, lists in by_polarity.items()}
    for family, by_polarity in WORDINGS.items()
    if any("paraphrases" in lists for lists in by_polarity.values())
}

CASES = [(family, polarity) for family in TRAIN_PARAPHRASES for polarity in ("pos", "neg")]
NEAR = 0.75  # difflib ratio of normalised texts at or above which a training text is a test wording reworded


def normalised(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", text.lower()).strip()


def test_every_seen_non_domain_family_has_paraphrases_and_no_heldout_family_does():
    seen = {
        name
        for name, f in FAMILIES.items()
        if f.kind not in ("domain", "quality") and name not in DEFAULT_HELDOUT_FAMILIES
    }  # the quality family's wordings are a data file (crm/data/criteria/families/quality.yaml)
    assert set(TRAIN_PARAPHRASES) == seen


@pytest.mark.parametrize(("family", "polarity"), CASES)
def test_paraphrases_are_many_short_and_long_and_unique(family, polarity):
    texts = TRAIN_PARAPHRASES[family][polarity]
    assert len(texts) >= 20
    words = [len(t.split()) for t in texts]
    assert min(words) <= 5 and max(words) >= 20  # terse fragments and long requests with a reason
    assert len({normalised(t) for t in texts}) == len(texts)


@pytest.mark.parametrize(("family", "polarity"), CASES)
def test_paraphrases_are_training_wording_and_never_near_a_test_wording(family, polarity):
    f = get_family(family)
    train, test = f.texts(polarity, "train"), f.texts(polarity, "test")
    assert set(TRAIN_PARAPHRASES[family][polarity]) <= set(train)
    assert not set(train) & set(test)
    for text in TRAIN_PARAPHRASES[family][polarity]:
        for held in test:
            ratio = difflib.SequenceMatcher(None, normalised(text), normalised(held)).ratio()
            assert ratio < NEAR, (text, held)


def test_no_paraphrase_asks_for_two_things():
    """A text listed under two (family, polarity) classes would teach the reader two readings of it."""
    owners: dict[str, set[tuple[str, str]]] = {}
    for family, polarity in CASES:
        for text in TRAIN_PARAPHRASES[family][polarity]:
            owners.setdefault(normalised(text), set()).add((family, polarity))
    assert not {text: classes for text, classes in owners.items() if len(classes) > 1}
