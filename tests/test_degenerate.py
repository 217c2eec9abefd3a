"""Degenerate answers (crm.data.degenerate): pairs a reward must always judge for the real answer."""

import random

import pytest

from crm.data.degenerate import KINDS, TEXTS, degenerate_answer, degenerate_pairs
from crm.data.short_answers import TEXTS as TESTED_TEXTS
from crm.evaluation.families import family_of
from crm.evaluation.paper_splits import TestSet, judged_pairs, variant
from tests.conftest import tiny_split
from tests.test_datamodule import make_dm

ANSWER = "Paris is the capital of France. It has been the seat of government since the Middle Ages, mostly."


def test_each_kind_is_what_it_says():
    rng = random.Random(0)
    other, query, criteria = "Photosynthesis turns light into sugar.", "What is the capital of France?", ["Be brief."]
    made = {kind: degenerate_answer(kind, ANSWER, other, rng, query, criteria) for kind in KINDS}
    assert made["empty"] == "" and made["whitespace"].strip() == "" and made["whitespace"]
    assert ANSWER.startswith(made["truncated"]) and len(made["truncated"]) < len(ANSWER) / 2 + 10
    assert made["truncated"][-1] not in ".!?,;:"  # cut off mid-sentence
    opening = made["repeated"].split(" ")[0:6]
    assert made["repeated"].count(" ".join(opening)) >= 4
    assert made["off_topic"] == "Photosynthesis turns light into sugar."
    assert made["restated_query"] == query and made["restated_criteria"] == "Be brief."
    assert made["injected"].startswith(ANSWER) and made["injected"].removeprefix(ANSWER).strip() in TEXTS["injections"]
    assert degenerate_answer("truncated", "4.", "x", rng) == ""  # too short to cut: empty instead
    with pytest.raises(ValueError, match="unknown degenerate kind"):
        degenerate_answer("silly", ANSWER, "x", rng)


def test_a_cut_off_copy_keeps_the_layout_it_was_written_in():
    """A token limit cuts the text as written: its paragraphs and list items stay, only the end goes."""
    listed = "Three steps:\n\n- Preheat the oven to 200 C.\n- Mix the flour, eggs and milk.\n- Bake it for an hour."
    cut = degenerate_answer("truncated", listed, "", random.Random(1))
    assert listed.startswith(cut) and "\n\n- Preheat" in cut and len(cut.split()) <= len(listed.split()) // 2
    assert cut[-1] not in ".!?,;:"


def test_pairs_keep_the_real_answer_winning_under_either_sides_criteria():
    samples = tiny_split(12, 3)
    pairs = degenerate_pairs(samples, 25, seed=1)
    assert len(pairs) == 25 and [p.extra["family"] for p in pairs[: len(KINDS)]] == [f"degenerate:{k}" for k in KINDS]
    for pair in pairs:
        original = next(s for s in samples if s.prompt == pair.prompt)
        real = original.response_a if original.preference == "model_a" else original.response_b
        assert pair.preference == "model_a" and pair.response_a == real and pair.response_b != real
        assert pair.criteria in (original.a_criteria, original.b_criteria)  # both polarities drawn
        assert not pair.has_side_criteria and pair.source == "degenerate"
        assert family_of(pair)[0] == pair.extra["family"]
    assert {tuple(p.criteria) for p in pairs} == {tuple(s.a_criteria) for s in samples[:1]} | {
        tuple(s.b_criteria) for s in samples[:1]
    }  # the tiny split's two criteria sets, both used
    off_topic = [p for p in pairs if p.extra["family"] == "degenerate:off_topic"]
    assert all(p.response_b in {a for s in samples if s.prompt != p.prompt for a in (s.response_a, s.response_b)}
               for p in off_topic)  # fmt: skip
    for pair in pairs:
        kind = pair.extra["family"].removeprefix("degenerate:")
        assert (kind == "restated_query") == (pair.response_b == pair.prompt)
        assert (kind == "restated_criteria") == (pair.response_b == " ".join(pair.criteria))
    assert degenerate_pairs(samples, 25, seed=1) == pairs  # seeded
    assert degenerate_pairs(samples, 0, seed=1) == []


def test_the_injections_trained_on_are_never_the_ones_tested():
    tested = {TESTED_TEXTS["injection"], *TESTED_TEXTS["null_models"].values()}
    assert not tested & set(TEXTS["injections"])


def test_a_test_sets_queries_are_kept_out_of_the_pairs():
    samples = tiny_split(12, 3)
    kept_out = frozenset(" ".join(s.prompt.lower().split()) for s in samples[:6])
    pairs = degenerate_pairs(samples, 40, seed=1, excluded_queries=kept_out)
    assert pairs and not {" ".join(p.prompt.lower().split()) for p in pairs} & kept_out


def test_training_adds_a_counted_share_and_a_test_set(qwen_tokenizer, tiny_files):
    dm = make_dm(qwen_tokenizer, tiny_files, degenerate_share=0.25)
    report = dm.report()
    assert report["train"]["degenerate_added"] == 4 and report["train"]["by_source"]["degenerate"] == 4
    assert report["train"]["kept"] == 20  # 16 samples and 4 pairs
    assert "degenerate" in dm.test_set_names and len(dm.datasets["degenerate"]) == report["degenerate"]["kept"] == 4
    assert all(s.preference == "model_a" for s in dm.datasets["degenerate"].samples)
    assert "degenerate" not in make_dm(qwen_tokenizer, tiny_files).test_set_names
    with pytest.raises(ValueError, match="degenerate_share"):
        make_dm(qwen_tokenizer, tiny_files, degenerate_share=1.5)


def test_evaluate_builds_a_degenerate_variant_of_a_test_set():
    base = TestSet("seen_criteria", "test", judged_pairs(tiny_split(10, 4)))
    derived = variant(base, "degenerate", bank=None, seed=0)
    assert derived.name == "degenerate" and len(derived.pairs) == len(base.pairs)
    assert all(p.label_a and p.sample.source == "degenerate" for p in derived.pairs)
