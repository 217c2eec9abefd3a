"""Quality pairs and the published leaderboard they come from: labels follow the published ranking,
held-out models and test wordings never reach training, and the board agreement's rank statistics."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from crm.data.criteria.pairs import PairOptions
from crm.data.criteria.profile import profile
from crm.data.criteria.quality_pairs import QUALITY_UNDER_FORM, build_quality_pairs
from crm.data.criteria.taxonomy import QUALITY, get_family
from crm.data.criteria.verifiers import PRESENT
from crm.data.criteria.wording_files import WORDINGS
from crm.data.published import corpus_scores, match_models, read_published_scores
from crm.data.schema import DataFormatError
from crm.data.splits import split_of
from crm.usl.agreement import rank_agreement
from tests.conftest import PUBLISHED_SCORES, write_answer_corpora

QUALITY_WORDINGS = WORDINGS["quality"]["pos"]
FRACTIONS = {"train": 0.5, "val": 0.25, "test": 0.25}
HELDOUT_MODEL = "model-bullets"


@pytest.fixture(scope="module")
def raw_dir(tmp_path_factory) -> Path:
    return write_answer_corpora(tmp_path_factory.mktemp("raw"))


def build(raw_dir, **options):
    values = dict(heldout_models=(HELDOUT_MODEL,), fractions=FRACTIONS, quality_form_share_test=0.5) | options
    return build_quality_pairs(raw_dir, seed=0, options=PairOptions(**values))


@pytest.fixture(scope="module")
def built(raw_dir):
    return build(raw_dir)


def test_the_stronger_model_by_the_published_scores_wins_every_pair(built):
    assert built.samples and built.counts["models_scored"] == len(PUBLISHED_SCORES)
    assert built.counts["corpora_without_leaderboard"] == 1  # MT-Bench publishes no scores here
    for s in built.samples:
        winner = s.extra["a_model"] if s.preference == "model_a" else s.extra["b_model"]
        loser = s.extra["b_model"] if s.preference == "model_a" else s.extra["a_model"]
        assert winner == s.extra["stronger_model"]
        assert PUBLISHED_SCORES[winner] - PUBLISHED_SCORES[loser] >= 40.0 == PairOptions().quality_gap
        assert s.a_criteria == s.b_criteria == s.criteria  # one direction: nobody asks for the worse answer
    assert Counter(s.preference for s in built.samples).keys() == {"model_a", "model_b"}  # sides are shuffled


def test_heldout_models_and_test_wordings_stay_out_of_training(built):
    test_wordings = set(QUALITY_WORDINGS["test"])
    by_split = Counter()
    for s in built.samples:
        split = split_of(s.prompt, 0, FRACTIONS)
        by_split[split] += 1
        if s.extra["heldout_model"]:
            assert split == "test"
        if s.extra["family"] == QUALITY:
            assert (s.criteria[0] in test_wordings) == (split == "test")
            assert s.criteria[0] in QUALITY_WORDINGS["test" if split == "test" else "train"]
    assert by_split["train"] and by_split["test"]
    assert any(s.extra["heldout_model"] for s in built.samples)


def test_a_form_criterion_is_one_both_answers_meet(built):
    form = [s for s in built.samples if s.extra["family"] == QUALITY_UNDER_FORM]
    assert form and len(form) < len(built.samples)
    for s in form:
        family = get_family(s.extra["form_family"])
        want = PRESENT if s.extra["a_polarity"] == "pos" else "absent"
        assert {family.verifier(profile(s.response_a)), family.verifier(profile(s.response_b))} == {want}
        assert split_of(s.prompt, 0, FRACTIONS) == "test"  # training pairs are judged under quality wordings only
        assert s.criteria[0] in family.texts(s.extra["a_polarity"], "test")


def test_pairs_are_deterministic_and_follow_their_options(raw_dir, built):
    again = build(raw_dir)
    assert [s.to_dict() for s in again.samples] == [s.to_dict() for s in built.samples]
    assert not build(raw_dir, quality_gap=90.0).samples  # no two models are 90 points apart
    only_quality = build(raw_dir, quality_form_share_test=0.0)
    assert {s.extra["family"] for s in only_quality.samples} == {QUALITY}


def test_published_scores_are_read_checked_and_matched(tmp_path):
    path = tmp_path / "leaderboard.csv"
    path.write_text("model,score,CI\nllama-3.1-405b-instruct,64.09,x\ngpt-4-0314,50.0,y\n")
    scores = read_published_scores(path)
    assert scores == {"llama-3.1-405b-instruct": 64.09, "gpt-4-0314": 50.0}
    matched = match_models(scores, ["llama-3.1-405b-instruct-fp8", "gpt-4-0314", "unknown-model"])
    assert matched == {"llama-3.1-405b-instruct-fp8": 64.09, "gpt-4-0314": 50.0}
    assert corpus_scores(tmp_path / "elsewhere", ["gpt-4-0314"]) == {}  # no leaderboard: no scores
    path.write_text("model,score\na,1\nb,not-a-number\n")
    with pytest.raises(DataFormatError, match=r"leaderboard.csv:3: score 'not-a-number'"):
        read_published_scores(path)
    path.write_text("model,score\na,1\na,2\n")
    with pytest.raises(DataFormatError, match="listed twice"):
        read_published_scores(path)
    path.write_text("name,points\na,1\n")
    with pytest.raises(DataFormatError, match="needs the columns"):
        read_published_scores(path)


def test_rank_agreement_is_one_for_the_same_order_and_minus_one_reversed():
    reference = {"a": 80.0, "b": 50.0, "c": 20.0, "d": 10.0}
    same = rank_agreement({"a": 0.9, "b": 0.6, "c": 0.4, "d": 0.1}, reference, list(reference))
    assert same == {"models": 4, "spearman": pytest.approx(1.0), "kendall": pytest.approx(1.0)}
    reversed_ = rank_agreement({"a": 0.1, "b": 0.4, "c": 0.6, "d": 0.9}, reference, list(reference))
    assert reversed_["spearman"] == pytest.approx(-1.0) and reversed_["kendall"] == pytest.approx(-1.0)
    too_few = rank_agreement({"a": 0.9, "b": 0.1}, reference, ["a", "b", "unscored"])
    assert too_few == {"models": 2, "spearman": None, "kendall": None}


def test_agreement_subcommand_end_to_end(tiny_crm, raw_dir, tmp_path, capsys, monkeypatch):
    """A real (tiny) CRM's boards under the quality wordings, each checked against the published scores."""
    import json

    from crm.usl.__main__ import main as usl_main

    monkeypatch.setenv("COLUMNS", "200")
    corpus, cache, out = raw_dir / "arena_hard_v0.1", tmp_path / "c.sqlite", tmp_path / "agreement"
    args = ["agreement", "--ckpt", str(tiny_crm("bt")), "--corpus", str(corpus), "--baseline", "model-prose"]
    args += ["--cache", str(cache), "--rounds", "20", "--heldout-models", "model-bullets,model-short,model-bold"]
    assert usl_main([*args, "--out", str(out)]) == 0
    assert "Agreement with the published ranking" in capsys.readouterr().out
    saved = json.loads((out / "agreement.json").read_text())
    kinds = [b["kind"] for b in saved["boards"]]
    assert kinds.count("quality (test-only)") == len(QUALITY_WORDINGS["test"]) and kinds[-2:] == [
        "contrast: form",
        "reference",
    ]
    assert saved["models"] == sorted(PUBLISHED_SCORES) and saved["heldout_models"] == [
        "model-bold",
        "model-bullets",
        "model-short",
    ]
    for board in saved["boards"]:
        assert board["all"]["models"] == len(PUBLISHED_SCORES) and board["heldout"]["models"] == 3
        assert -1.0 <= board["all"]["spearman"] <= 1.0
    lengths = saved["boards"][-1]
    assert lengths["criteria"] == "mean answer length" and set(lengths["mean_lengths"]) == set(PUBLISHED_SCORES)
    assert usl_main([*args, "--reference", str(tmp_path / "missing.csv")]) == 1  # a clear error, no traceback
