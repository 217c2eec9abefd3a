"""The stance grammar: compositional training wordings, both polarities, never a test wording."""

from __future__ import annotations

import re

import pytest

from crm.data.criteria import grammar
from crm.data.criteria.pairs import PairOptions, build_attribute_pairs
from crm.data.criteria.taxonomy import FAMILIES, get_family
from crm.data.splits import query_of, split_of
from tests.conftest import write_answer_corpora

ATTRIBUTE_FAMILIES = [name for name, family in FAMILIES.items() if family.verified]  # the families with two poles


def test_every_attribute_family_names_both_poles():
    assert sorted(grammar.POLES) == sorted(ATTRIBUTE_FAMILIES)
    for name, (x, not_x) in grammar.POLES.items():
        assert len(x) >= 3 and len(not_x) >= 3, name
        for phrase in x + not_x:  # "avoid no headings" would be a double negative nobody writes
            assert not re.match(r"(no|not|never|don't)\b", phrase, re.IGNORECASE), (name, phrase)


@pytest.mark.parametrize("name", ATTRIBUTE_FAMILIES)
def test_wordings_take_a_stance_on_either_pole(name):
    x, not_x = grammar.POLES[name]
    pos, neg = grammar.wordings(name, "pos"), grammar.wordings(name, "neg")
    assert len(pos) == len(x) * len(grammar.WANT) + len(not_x) * len(grammar.REJECT)
    assert len(neg) == len(not_x) * len(grammar.WANT) + len(x) * len(grammar.REJECT)
    assert not set(pos) & set(neg)
    assert "I prefer " + x[0] + "." in pos and "I dislike " + not_x[0] + "." in pos
    assert "I prefer " + not_x[0] + "." in neg and "I dislike " + x[0] + "." in neg
    assert all(w[0].isupper() and w.endswith(".") for w in pos + neg)
    test_wording = set(get_family(name).texts("pos", "test") + get_family(name).texts("neg", "test"))
    assert not test_wording & set(pos + neg)


def test_grammar_share_decides_the_training_wording(tmp_path):
    raw = write_answer_corpora(tmp_path)
    fractions = {"train": 0.5, "val": 0.25, "test": 0.25}

    def family_criteria(share: float):
        options = PairOptions(grammar_share=share, fractions=fractions, training_corpora=())  # no AlpacaEval here
        built = build_attribute_pairs(raw, seed=0, options=options)
        out = {}
        for s in built.samples:
            family = get_family(s.extra["family"])
            hand_written = {t for pol in ("pos", "neg") for w in ("train", "test") for t in family.texts(pol, w)}
            composed = {t for pol in ("pos", "neg") for t in family.texts(pol, "grammar")} - hand_written
            split = "test" if split_of(query_of(s), 0, fractions) == "test" else "trained"
            out.setdefault(split, []).append(bool(composed & set(s.a_criteria + s.b_criteria)))
        return out

    never, always = family_criteria(0.0), family_criteria(1.0)
    assert never["trained"] and not any(never["trained"])
    assert always["trained"] and all(always["trained"])
    assert always["test"] and not any(always["test"])  # test criteria stay hand-written, test-only wording
