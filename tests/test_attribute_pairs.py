"""The attribute-pair builder on a tiny corpus of many models' answers: invariants and determinism."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from crm.data.conversion import stable_hash
from crm.data.criteria.pairs import SOURCE, PairOptions, build_attribute_pairs, family_counts, load_pair_corpus
from crm.data.criteria.profile import profile
from crm.data.criteria.taxonomy import FAMILIES, get_family
from crm.data.prepare import prepare
from crm.data.schema import read_samples
from crm.data.splits import query_of, split_of
from tests.conftest import ALPACA_FILES, write_alpaca_eval, write_answer_corpora

FRACTIONS = {"train": 0.5, "val": 0.25, "test": 0.25}
HELDOUT_FAMILY = "bold"
HELDOUT_MODEL = "model-numbered"


@pytest.fixture(scope="module")
def raw_dir(tmp_path_factory) -> Path:
    return write_answer_corpora(tmp_path_factory.mktemp("raw"))


# the tiny raw data has no AlpacaEval: the recipe's training corpus left out
OPTIONS = dict(
    heldout_families=(HELDOUT_FAMILY,), heldout_models=(HELDOUT_MODEL,), fractions=FRACTIONS, training_corpora=()
)


@pytest.fixture(scope="module")
def built(raw_dir):
    return build_attribute_pairs(raw_dir, seed=0, options=PairOptions(**OPTIONS))


@pytest.fixture(scope="module")
def prepared(raw_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("processed")
    attributes = {k: v for k, v in OPTIONS.items() if k != "fractions"}
    prepare(raw_dir, out, [SOURCE], seed=0, heldout_styles=(), fractions=FRACTIONS, show=False, attributes=attributes)
    splits = {s: read_samples(out / SOURCE / f"{s}.jsonl")[0] for s in ("train", "val", "test", "test_new_criteria")}
    return splits


def test_pairs_exist_for_structure_families(built):
    kept = Counter(s.extra["family"] for s in built.samples)
    assert kept["bullet_points"] and kept["numbered_list"] and kept["bold"]


def test_pairs_are_clear_and_length_matched(built):
    for s in built.samples:
        family = get_family(s.extra["family"])
        x_answer = s.response_a if s.extra["a_polarity"] == "pos" else s.response_b
        other = s.response_b if s.extra["a_polarity"] == "pos" else s.response_a
        assert family.verifier(profile(x_answer)) == "present"
        assert family.verifier(profile(other)) == "absent"
        words = sorted([profile(x_answer).words, profile(other).words])
        if family.length_matched:
            assert words[1] <= 1.5 * words[0]
        else:
            assert words[1] >= 2 * words[0]


def test_length_rules_score_one_half_under_each_polarity(built):
    for family in {s.extra["family"] for s in built.samples} - {"concise"}:
        x_longer = [s.extra["x_longer"] for s in built.samples if s.extra["family"] == family]
        assert sum(x_longer) * 2 == len(x_longer), family  # as often longer as shorter


def test_every_pair_carries_both_polarities(built):
    for s in built.samples:
        assert {s.extra["a_polarity"], s.extra["b_polarity"]} == {"pos", "neg"}
        assert s.has_side_criteria and s.criteria in (s.a_criteria, s.b_criteria)
        family = get_family(s.extra["family"])
        a_texts = set(family.texts(s.extra["a_polarity"], "all"))
        assert len(a_texts & set(s.a_criteria)) == 1  # exactly one criterion of the family; the rest agree on both
        assert len(s.a_criteria) == len(s.b_criteria) == 1 + len(s.extra["extra_criteria"])


def test_extra_criteria_do_not_separate_the_pair(built):
    with_extras = [s for s in built.samples if s.extra["extra_criteria"]]
    assert with_extras
    for s in with_extras:
        for name in s.extra["extra_criteria"]:
            verifier = get_family(name).verifier
            verdicts = {verifier(profile(s.response_a)), verifier(profile(s.response_b))}
            assert len(verdicts) == 1 and verdicts != {"unclear"}


def assert_counts_add_up(counts: Counter) -> None:
    for family, c in family_counts(counts).items():
        rejected = sum(c.get(k, 0) for k in ("dropped_heldout_model", "dropped_length_mismatch", "capped_per_query"))
        dropped = c.get("capped_per_family", 0) + c.get("dropped_length_balance", 0)
        assert c.get("candidates", 0) == rejected + c.get("kept", 0) + dropped, family


def test_counts_add_up(built):
    assert_counts_add_up(built.counts)


def test_a_retired_option_reads_as_today_at_its_kept_value_and_is_refused_otherwise():
    """Runs recorded ``min_train_per_family`` (rare families topped up: measured, not kept) at 0."""
    assert PairOptions.from_mapping({"min_train_per_family": 0, "per_query_rare": 6}) == PairOptions()
    with pytest.raises(ValueError, match="min_train_per_family is an option this crm no longer has"):
        PairOptions.from_mapping({"min_train_per_family": 300})


def test_the_pair_options_written_once_are_the_recipes(compose_train):
    """``python -m crm.data prepare`` builds ``python train.py``'s pairs: the defaults are the YAML's."""
    from omegaconf import OmegaConf

    attributes = OmegaConf.to_container(compose_train().data.attributes)
    assert PairOptions.from_mapping(attributes) == PairOptions()
    assert PairOptions().training_corpora == ("alpaca_eval",) and len(PairOptions().heldout_models) == 9


def test_deterministic(raw_dir, built):
    again = build_attribute_pairs(raw_dir, seed=0, options=PairOptions(**OPTIONS))
    assert [s.to_dict() for s in again.samples] == [s.to_dict() for s in built.samples]
    other = build_attribute_pairs(raw_dir, seed=1, options=PairOptions(**OPTIONS))
    assert [s.to_dict() for s in other.samples] != [s.to_dict() for s in built.samples]


def test_measuring_in_several_processes_builds_the_same_pairs(raw_dir, built, monkeypatch):
    from crm.data.criteria import pairs

    monkeypatch.setattr(pairs, "MIN_PARALLEL_QUERIES", 0)  # the tiny corpus would be measured in-process
    parallel = build_attribute_pairs(raw_dir, seed=0, options=PairOptions(**OPTIONS), workers=2)
    assert [s.to_dict() for s in parallel.samples] == [s.to_dict() for s in built.samples]
    assert parallel.counts == built.counts


def test_splits_hold_out_queries_families_models_and_wording(prepared):
    queries = {split: {query_of(s) for s in samples} for split, samples in prepared.items()}
    assert not queries["train"] & queries["val"] and not queries["train"] & queries["test"]
    assert not queries["val"] & queries["test"]
    assert not queries["test_new_criteria"] & (queries["train"] | queries["val"])
    trained = prepared["train"] + prepared["val"]
    assert trained and prepared["test_new_criteria"]
    heldout_texts = set(FAMILIES[HELDOUT_FAMILY].texts("pos", "all") + FAMILIES[HELDOUT_FAMILY].texts("neg", "all"))
    for s in trained:
        assert s.extra["family"] != HELDOUT_FAMILY
        assert HELDOUT_MODEL not in (s.extra["a_model"], s.extra["b_model"])
        assert not heldout_texts & set(s.a_criteria + s.b_criteria)  # not even as an extra criterion
        family = get_family(s.extra["family"])
        train_wording = {t for pol in ("pos", "neg") for w in ("train", "grammar") for t in family.texts(pol, w)}
        assert set(s.a_criteria + s.b_criteria) & train_wording
    assert {s.extra["family"] for s in prepared["test_new_criteria"]} == {HELDOUT_FAMILY}
    for s in prepared["test"] + prepared["test_new_criteria"]:
        family = get_family(s.extra["family"])
        test_wording = set(family.texts("pos", "test") + family.texts("neg", "test"))
        assert set(s.a_criteria) & test_wording and set(s.b_criteria) & test_wording


def test_alpaca_eval_answers_make_pairs_split_by_their_instruction(tmp_path):
    """AlpacaEval's instructions are a third corpus: each model in each style answers them, and their
    pairs land in the split of their instruction, as its concise/verbose style pairs do."""
    raw = write_alpaca_eval(write_answer_corpora(tmp_path))
    built = build_attribute_pairs(raw, seed=0, options=PairOptions(**OPTIONS, corpora=("arena_hard", "alpaca_eval")))
    alpaca = [s for s in built.samples if s.extra["corpus"] == "alpaca_eval"]
    assert alpaca and any(s.extra["corpus"] == "arena_hard" for s in built.samples)
    for s in alpaca:
        assert {s.extra["a_model"], s.extra["b_model"]} <= set(ALPACA_FILES.values())
        assert s.extra["question_id"] == stable_hash(query_of(s))
    assert {split_of(query_of(s), 0, FRACTIONS) for s in alpaca} == {"train", "val", "test"}
    assert_counts_add_up(built.counts)
    # a training corpus adds training and validation pairs; the test pairs stay the other corpora's
    trained = build_attribute_pairs(raw, 0, PairOptions(**{**OPTIONS, "training_corpora": ("alpaca_eval",)}))
    alone = build_attribute_pairs(raw, 0, PairOptions(**OPTIONS))

    def tested(result) -> list[dict]:
        return [s.to_dict() for s in result.samples if split_of(query_of(s), 0, FRACTIONS) == "test"]

    assert tested(trained) == tested(alone)
    added = [s for s in trained.samples if s.extra["corpus"] == "alpaca_eval"]
    assert {split_of(query_of(s), 0, FRACTIONS) for s in added} == {"train", "val"}
    instructions = {q.text for q in load_pair_corpus(raw, "alpaca_eval").queries.values()}
    skipped = sum(split_of(q, 0, FRACTIONS) == "test" for q in instructions)
    assert trained.counts["training_corpora_test_queries_skipped"] == skipped > 0
    assert_counts_add_up(trained.counts)


def test_unknown_options_are_rejected():
    with pytest.raises(ValueError, match="unknown attribute-pair option"):
        PairOptions.from_mapping({"per_qeury": 3})
    with pytest.raises(KeyError, match="unknown criteria family"):
        PairOptions.from_mapping({"heldout_families": ["bulets"]})
    with pytest.raises(ValueError, match="unknown corpus"):
        PairOptions.from_mapping({"corpora": ["alpaca"]})


def test_a_property_hidden_in_the_cut_middle_gives_no_pair():
    from crm.data.criteria.pairs import _verdicts, head_tail

    prose = " ".join(f"Sentence number {i} explains one more detail of the topic at hand." for i in range(30))
    middle_bullets = prose + "\n\n- first item\n- second item\n- third item\n\n" + prose
    verdicts = _verdicts({"hidden": middle_bullets, "plain": prose + " " + prose}, ["bullet_points"], 70)
    assert verdicts["hidden"]["bullet_points"] == "unclear"  # present in full, absent in what a model sees
    assert verdicts["plain"]["bullet_points"] == "absent"
    assert _verdicts({"hidden": middle_bullets}, ["bullet_points"], None)["hidden"]["bullet_points"] == "present"
    assert "[...]" in head_tail(middle_bullets, 70) and head_tail("short text", 70) == "short text"
