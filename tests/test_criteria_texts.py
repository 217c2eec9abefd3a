"""Hand-written criteria wordings (data files): every family and polarity, 12 unique ones, 9 train + 3 test-only."""

from __future__ import annotations

import re

import pytest

from crm.data.criteria import wording_files
from crm.data.criteria.taxonomy import get_family
from crm.data.criteria.wording_files import POLARITIES, TEST_WORDINGS, WORDINGS

# every hand-written list, training then test-only wordings
CRITERIA_TEXTS = {
    family: {polarity: lists["train"] + lists["test"] for polarity, lists in by_polarity.items()}
    for family, by_polarity in WORDINGS.items()
    if family != "quality"
}

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
    assert set(CRITERIA_TEXTS) == set(FAMILIES) and set(WORDINGS) == {*FAMILIES, "quality"}
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
    lists = WORDINGS[family][polarity]
    assert TEST_WORDINGS == 3
    assert len(lists["train"]) == PER_LIST - TEST_WORDINGS and len(lists["test"]) == TEST_WORDINGS
    f = get_family(family)
    assert f.texts(polarity, "test") == lists["test"]
    assert f.texts(polarity, "train") == lists["train"] + lists.get("paraphrases", ())
    assert not set(f.texts(polarity, "train")) & set(lists["test"])


def test_unknown_family_or_polarity():
    with pytest.raises(KeyError, match="concise"):
        get_family("no_such_family")
    with pytest.raises(KeyError, match="pos"):
        get_family("concise").texts("positive")
    with pytest.raises(ValueError, match="grammar"):
        get_family("concise").texts("pos", "dev")


@pytest.mark.parametrize(
    "content, problem",
    [
        ("- just a list\n", "mapping of polarities"),
        ("pos:\n  train: [Keep it short.]\n", "must hold 'train' and 'test'"),
        ("pos:\n  train: [Keep it short.]\n  test: []\n", "non-empty list"),
        ("pos:\n  train: [Keep it short.]\n  test: [Keep it  short.]\n", "both trained and tested on"),
    ],
)
def test_a_malformed_wording_file_is_refused_naming_it(tmp_path, monkeypatch, content, problem):
    folder = tmp_path / "families"
    folder.mkdir()
    (folder / "broken.yaml").write_text(content)
    monkeypatch.setattr(wording_files.resources, "files", lambda package: tmp_path)
    with pytest.raises(ValueError, match=problem) as err:
        wording_files.load_wordings("broken")
    assert "families/broken.yaml" in str(err.value)


def test_malformed_grammar_poles_are_refused_naming_the_file(tmp_path, monkeypatch):
    folder = tmp_path / "families"
    folder.mkdir()
    (folder / "broken.yaml").write_text("pos:\n  train: [a]\n  test: [b]\ngrammar:\n  pos: [bullets]\n")
    monkeypatch.setattr(wording_files.resources, "files", lambda package: tmp_path)
    assert wording_files.load_wordings("broken")["pos"]["test"] == ("b",)  # the poles are no wordings
    with pytest.raises(ValueError, match="families/broken.yaml: 'grammar' must hold"):
        wording_files.load_poles("broken")


def test_a_family_is_declared_in_its_file_and_names_its_verifier(tmp_path, monkeypatch):
    from crm.data.criteria import taxonomy
    from crm.data.criteria.verifiers import VERIFIERS

    assert {f.verifier_name for f in taxonomy.FAMILIES.values() if f.verified} == set(VERIFIERS)
    assert get_family("bold").verifier is VERIFIERS["bold"] and get_family("quality").verifier is None
    folder = tmp_path / "families"
    folder.mkdir()
    wordings = "pos:\n  train: [a]\n  test: [b]\n"
    (folder / "bare.yaml").write_text(wordings)
    block = "family: {kind: format, topic: layout, description: x, opposite: y, verifier: %s}\n"
    (folder / "misnamed.yaml").write_text(block % "no_such_check" + wordings)
    monkeypatch.setattr(wording_files.resources, "files", lambda package: tmp_path)
    with pytest.raises(ValueError, match="families/bare.yaml: needs a 'family' block with kind, topic"):
        wording_files.load_declaration("bare")
    with pytest.raises(ValueError, match="families/misnamed.yaml: unknown verifier 'no_such_check'"):
        taxonomy._declared("misnamed")
