"""The evaluation harness: metric definitions, test-set construction, scorers, evaluate.py, table builder."""

from __future__ import annotations

import json
import logging
import math
from pathlib import Path

import numpy as np
import pytest
import torch
import yaml
from omegaconf import OmegaConf

from crm.data.criteria.style_pools import GENERAL_CRITERION
from crm.data.noise import CriteriaBank
from crm.data.schema import DataFormatError, write_samples
from crm.evaluation.ablation_table import build_table, write_csv
from crm.evaluation.harness import evaluate_scorers
from crm.evaluation.metrics import (
    PairScores,
    expected_calibration_error,
    pair_metrics,
    position_consistency,
    strict_accuracy,
    tie_rate,
)
from crm.evaluation.paper_splits import NOISE_VARIANTS, VARIANTS, TestSet, judged_pairs, load_test_set, variant
from crm.evaluation.runner import adopt_run_attributes, warn_on_data_mismatch
from crm.evaluation.scorers import CRMScorer, HFRewardModelScorer, LengthScorer, load_scorer
from crm.inference import load_crm
from tests.conftest import ROOT, style_pair, tiny_split

# ---- metric definitions on hand-made arrays ---------------------------------------------------


def test_strict_accuracy_counts_ties_as_wrong():
    prob_a = np.array([0.9, 0.5, 0.2, 0.7])
    label_a = np.array([True, True, False, False])
    assert strict_accuracy(prob_a, label_a) == 0.5  # right, tie, right, wrong
    assert tie_rate(prob_a) == 0.25


def test_both_orders_are_averaged_and_consistency_counts_agreeing_orders():
    # pair 0: A first says A (p=.88), A second says B (p=.12) -> average exactly 0.5, inconsistent
    # pair 1: both orders say A -> consistent; pair 2: both say B -> consistent
    scores = PairScores.from_both_orders(np.array([2.0, 1.0, -3.0]), np.array([-2.0, 0.5, -1.0]))

    def sig(x: float) -> float:
        return 1 / (1 + math.exp(-x))

    assert scores.prob_a[0] == pytest.approx(0.5)
    assert scores.prob_a[1] == pytest.approx((sig(1.0) + sig(0.5)) / 2)
    assert position_consistency(scores.prob_a_forward, scores.prob_a_backward) == pytest.approx(2 / 3)
    metrics = pair_metrics(scores, np.array([True, True, False]))
    assert metrics["position_consistency"] == pytest.approx(2 / 3)
    assert metrics["accuracy"] == pytest.approx(2 / 3)  # the averaged tie counts as wrong
    assert metrics["accuracy_forward_only"] == 1.0
    assert metrics["mean_margin"] == pytest.approx(((2 - 2) / 2 + (1 + 0.5) / 2 + (3 + 1) / 2) / 3)


def test_expected_calibration_error_by_hand():
    # 10 pairs said with confidence 0.9 (7 right) and 10 with 0.6 (6 right): ECE = .5*|.9-.7| + .5*|.6-.6| = 0.1
    prob_a = np.array([0.9] * 10 + [0.4] * 10)
    label_a = np.array([True] * 7 + [False] * 3 + [False] * 6 + [True] * 4)
    assert expected_calibration_error(prob_a, label_a) == pytest.approx(0.1, abs=1e-6)
    assert expected_calibration_error(np.full(10, 0.8), np.array([True] * 5 + [False] * 5)) == pytest.approx(0.3)


def test_length_rules_and_their_ties():
    samples = [style_pair("q", 1, ("short", "long")), style_pair("q", 2, ("long", "short"))]
    same = style_pair("q", 3, ("short", "short"))
    longer = LengthScorer("longer").score([*samples, same]).prob_a
    assert longer.tolist() == [0.0, 1.0, 0.5]
    assert LengthScorer("shorter").score(samples).prob_a.tolist() == [1.0, 0.0]
    with pytest.raises(ValueError, match="longer"):
        LengthScorer("random")


# ---- test sets ------------------------------------------------------------------------------


def _bank_samples():
    return (
        tiny_split(6, 1, ("short", "long")) + tiny_split(6, 2, ("funny", "long")) + tiny_split(6, 3, ("short", "funny"))
    )


def test_judged_pairs_have_both_directions_and_skip_ties():
    samples = tiny_split(3, 1)
    tie = style_pair("tie?", 9)
    tie.preference = "tie"
    pairs = judged_pairs([*samples, tie])
    assert len(pairs) == 6
    for original, reverse in zip(pairs[::2], pairs[1::2]):
        assert (original.direction, reverse.direction) == ("original", "reverse")
        assert original.label_a != reverse.label_a
        winner_criteria = original.sample.a_criteria if original.label_a else original.sample.b_criteria
        assert original.sample.criteria == winner_criteria
        assert reverse.sample.criteria != original.sample.criteria


def test_noisy_variants_are_deterministic_and_keep_labels(tmp_path):
    samples = _bank_samples()
    write_samples(tmp_path / "t.jsonl", samples)
    base, _ = load_test_set("seen_criteria", [tmp_path / "t.jsonl"])
    bank = CriteriaBank.from_samples(samples)
    for kind in (*NOISE_VARIANTS, "no_criteria"):  # the degenerate variant: tests/test_degenerate.py
        first, again, other_seed = (variant(base, kind, bank, seed) for seed in (0, 0, 1))
        assert [p.sample.criteria for p in first.pairs] == [p.sample.criteria for p in again.pairs]
        assert [p.label_a for p in first.pairs] == [p.label_a for p in base.pairs]
        assert first.notes["criteria_changed"] > 0
        if kind != "no_criteria":
            assert [p.sample.criteria for p in first.pairs] != [p.sample.criteria for p in other_seed.pairs]
    for noisy, clean in zip(variant(base, "noise_add", bank).pairs, base.pairs):
        assert set(clean.sample.criteria) <= set(noisy.sample.criteria)
        rejected = noisy.sample.b_criteria if noisy.label_a else noisy.sample.a_criteria
        assert not set(noisy.sample.criteria) & (set(rejected) - set(clean.sample.criteria))
    for noisy, clean in zip(variant(base, "noise_remove", bank).pairs, base.pairs):
        assert 1 <= len(noisy.sample.criteria) < len(clean.sample.criteria)
        assert set(noisy.sample.criteria) <= set(clean.sample.criteria)
    for noisy, clean in zip(variant(base, "noise_replace", bank).pairs, base.pairs):
        kept = set(noisy.sample.criteria) & set(clean.sample.criteria)
        assert len(kept) > len(noisy.sample.criteria) / 2  # the chosen side's criteria still dominate
    assert {tuple(p.sample.criteria) for p in variant(base, "no_criteria", bank).pairs} == {(GENERAL_CRITERION,)}


def test_reference_format_file_is_read_and_bad_lines_name_file_and_line(tmp_path):
    path = tmp_path / "reference.jsonl"
    records = [
        {
            "idx": i,
            "prompt": f"Q{i}",
            "model_a": [{"role": "user", "content": f"Q{i}"}, {"role": "assistant", "content": "short"}],
            "model_b": [{"role": "user", "content": f"Q{i}"}, {"role": "assistant", "content": "a longer answer"}],
            "criteria": ["Prefer concise answers."],
            "preference": pref,
        }
        for i, pref in enumerate(["model_a", "model_b", "tie"])
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    test_set, _ = load_test_set("reference", [path])
    assert [p.direction for p in test_set.pairs] == ["given", "given"]
    assert [p.label_a for p in test_set.pairs] == [True, False]
    assert test_set.notes["ties_excluded"] == 1

    path.write_text(path.read_text() + '{"idx": 9, "prompt": \n')
    with pytest.raises(DataFormatError, match=r"reference.jsonl:4"):
        load_test_set("reference", [path])
    skipped, _ = load_test_set("reference", [path], skip_invalid=True)
    assert skipped.notes["skipped_invalid"] == 1

    path.write_bytes(path.read_bytes().replace(b'{"idx": 9, "prompt": \n', b"\xff\xfe not utf-8\n"))
    with pytest.raises(DataFormatError, match=r"reference.jsonl:4: .*utf-8"):
        load_test_set("reference", [path])


# ---- scorers --------------------------------------------------------------------------------


def test_cls_scorer_averages_both_orders(tiny_crm):
    crm = load_crm(tiny_crm("cls"))
    samples = tiny_split(5, 4)
    scores = CRMScorer(crm, batch_size=3).score(samples)
    forward = crm.prob_a(samples)
    backward = 1 - crm.prob_a([s.swapped() for s in samples])
    np.testing.assert_allclose(scores.prob_a_forward, forward, atol=1e-5)
    np.testing.assert_allclose(scores.prob_a_backward, backward, atol=1e-5)
    np.testing.assert_allclose(scores.prob_a, (forward + backward) / 2, atol=1e-5)


def _tiny_hf_reward_model(path: Path, qwen_tokenizer) -> Path:
    from transformers import Qwen3Config, Qwen3ForSequenceClassification

    config = Qwen3Config(
        vocab_size=len(qwen_tokenizer),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        head_dim=16,
        num_labels=1,
        pad_token_id=qwen_tokenizer.pad_token_id,
    )
    torch.manual_seed(0)
    Qwen3ForSequenceClassification(config).save_pretrained(path)
    qwen_tokenizer.save_pretrained(path)
    return path


def test_hf_reward_model_directory_is_scored_consistently(tmp_path, qwen_tokenizer):
    path = _tiny_hf_reward_model(tmp_path / "rm", qwen_tokenizer)
    scorer = load_scorer(path, device="cpu", precision="fp32")
    assert isinstance(scorer, HFRewardModelScorer) and not scorer.criteria_aware
    samples = tiny_split(5, 4)
    batched = scorer.score(samples).margin_a
    one_by_one = HFRewardModelScorer(path, batch_size=1).score(samples).margin_a
    np.testing.assert_allclose(batched, one_by_one, atol=1e-5)  # padding does not move the pooled token
    aware = HFRewardModelScorer(path, criteria_in_system=True).score(samples).margin_a
    assert not np.allclose(aware, batched)  # the criteria reach the model only when asked


def test_unknown_model_directory_is_refused(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_scorer(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="neither a CRM"):
        load_scorer(tmp_path / "empty")


# ---- evaluate.py end to end -----------------------------------------------------------------


@pytest.fixture
def processed_dir(tmp_path) -> Path:
    """A processed-data directory with one source: train, test and held-out-style splits."""
    root = tmp_path / "processed" / "tiny"
    root.mkdir(parents=True)
    write_samples(root / "train.jsonl", tiny_split(8, 1, ("short", "long")))
    unseen_topics = [
        style_pair(q, i) for i, q in enumerate(["Write a haiku about autumn rain.", "Plan a trip to Kyoto."], start=4)
    ]
    write_samples(root / "test.jsonl", tiny_split(4, 2, ("short", "long")) + unseen_topics)
    write_samples(root / "test_new_criteria.jsonl", tiny_split(3, 3, ("funny", "short")))
    return root.parent


def test_evaluate_writes_every_split_and_reference_rows(compose_evaluate, tiny_crm, processed_dir, tmp_path):
    from crm.evaluation.runner import evaluate

    cfg = compose_evaluate(
        f"ckpt={tiny_crm('cls')}",
        f"data.processed_dir={processed_dir}",
        "data.raw_dir=null",
        "data.sources=[tiny]",
        "topics.threshold=0.8",
        "precision=fp32",
    )
    metrics, _ = evaluate(cfg)
    expected = ["seen_criteria", "new_criteria", "seen_topics", "new_topics", *VARIANTS]
    assert set(metrics["scorers"]["CRM"]) == set(expected)
    crm = metrics["scorers"]["CRM"]
    assert crm["seen_criteria"]["n"] == 12 and crm["new_criteria"]["n"] == 6
    assert (crm["seen_topics"]["n"], crm["new_topics"]["n"]) == (8, 4)
    assert crm["seen_criteria"]["position_consistency"] is not None
    lower, upper = crm["seen_criteria"]["accuracy_ci"]
    assert lower <= crm["seen_criteria"]["accuracy"] <= upper and crm["seen_criteria"]["queries"] == 6
    assert set(crm["seen_criteria"]["by_direction"]) == {"original", "reverse"}
    # Over both label directions any criteria-blind rule scores exactly one half (a degenerate copy is
    # shorter than the real answer, or another query's: "longer wins" judges it as it likes)
    for test_set in (t for t in expected if t != "degenerate"):
        assert metrics["scorers"]["longer wins"][test_set]["accuracy"] == 0.5
    assert crm["degenerate"]["n"] == 12 and all(f.startswith("degenerate:") for f in crm["degenerate"]["by_family"])
    written = json.loads((tmp_path / "eval" / "metrics.json").read_text())
    assert written["scorers"] == json.loads(json.dumps(metrics["scorers"]))
    markdown = (tmp_path / "eval" / "results.md").read_text()
    for text in (*expected, "longer wins", "shorter wins", "pos. consistency", "ECE"):
        assert text in markdown
    # every scorer's accuracy per source of the seen-criteria set, side by side (the votes beside "longer wins")
    assert "seen_criteria: accuracy (n) by source, every scorer" in markdown
    by_source = [line for line in markdown.splitlines() if line.startswith("| longer wins |")]
    assert by_source and by_source[-1].endswith("| 0.5000 (12) |")


def test_evaluate_scores_test_files_with_an_hf_reward_model(compose_evaluate, tmp_path, qwen_tokenizer):
    from crm.evaluation.runner import evaluate

    rm = _tiny_hf_reward_model(tmp_path / "rm", qwen_tokenizer)
    write_samples(tmp_path / "mine.jsonl", tiny_split(4, 7))
    cfg = compose_evaluate(
        f"ckpt={rm}", "name=tiny_rm", "splits=null", f"test_files=[{tmp_path / 'mine.jsonl'}]", "variants=[no_criteria]"
    )
    metrics, _ = evaluate(cfg)
    assert set(metrics["scorers"]["tiny_rm"]) == {"mine", "mine/no_criteria"}
    assert metrics["scorers"]["tiny_rm"]["mine"]["n"] == 8
    assert metrics["scorers"]["tiny_rm"]["mine"]["accuracy"] == 0.5  # criteria-agnostic, both directions


def test_evaluate_leaves_out_pairs_whose_criteria_the_crm_cannot_read(compose_evaluate, tiny_crm, tmp_path):
    """One sample too long for the CRM does not kill the run: the rest is scored, the rest is counted."""
    from crm.evaluation.runner import evaluate

    samples = tiny_split(6, 7)
    samples[2].a_criteria = ["Explain every step carefully. " * 80]
    samples[2].b_criteria = ["Keep it short, I am busy. " * 80]
    samples[2].idx = "too-long-criteria"
    write_samples(tmp_path / "mine.jsonl", samples)
    cfg = compose_evaluate(
        f"ckpt={tiny_crm('bt')}", "splits=null", f"test_files=[{tmp_path / 'mine.jsonl'}]", "variants=[]",
        "precision=fp32",
    )  # fmt: skip
    metrics, _ = evaluate(cfg)
    assert metrics["scorers"]["CRM"]["mine"]["n"] == 2 * (len(samples) - 1)
    assert metrics["scorers"]["longer wins"]["mine"]["n"] == 2 * (len(samples) - 1)  # the same pairs for every row
    info = metrics["test_sets"]["mine"]
    assert info["unscorable"] == 2 and info["unscorable_ids"] == ["too-long-criteria"]
    assert "tokens of criteria" in info["unscorable_reason"]
    assert json.loads((tmp_path / "eval" / "metrics.json").read_text())["test_sets"]["mine"]["unscorable"] == 2
    assert "(10 pairs; 2 left out, unscorable: CRM: the criteria take" in (tmp_path / "eval" / "results.md").read_text()


def test_harness_scores_shared_pairs_once():
    calls = []

    class Counting(LengthScorer):
        def score(self, samples, progress=False):
            calls.append(len(samples))
            return super().score(samples)

    base = TestSet("a", "x", judged_pairs(tiny_split(3, 1)))
    blind = variant(base, "no_criteria", CriteriaBank({}))
    evaluate_scorers({"len": Counting()}, [base, blind])
    assert calls == [6 + 3]  # the no-criteria pair is the same in both directions


# ---- table builder --------------------------------------------------------------------------


def _evaluation_run(path: Path, noise: str, acc: float) -> Path:
    path.mkdir(parents=True)
    scorers = {
        "CRM": {"seen_criteria": {"accuracy": acc, "n": 10}, "noise_add": {"accuracy": acc - 0.1, "n": 10}},
        "longer wins": {"seen_criteria": {"accuracy": 0.5, "n": 10}, "noise_add": {"accuracy": 0.5, "n": 10}},
    }
    settings = {"trained": {"model": "minilm", "head": "bt", "noise": noise, "direction": "random"}}
    (path / "metrics.json").write_text(json.dumps({"settings": settings, "scorers": scorers}))
    return path


def test_table_builder_on_two_runs(tmp_path):
    runs = [_evaluation_run(tmp_path / "a", "none", 0.9), _evaluation_run(tmp_path / "b", "add", 0.8)]
    title, header, rows = build_table(runs)
    assert header == ["run", "seen_criteria", "noise_add"]
    assert rows == [
        ["noise=none", "0.9000", "0.8000"],
        ["noise=add", "0.8000", "0.7000"],
        ["longer wins", "0.5000", "0.5000"],
    ]
    write_csv((title, header, rows), tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text().splitlines()[1] == "noise=none,0.9000,0.8000"

    train_run = tmp_path / "c"
    train_run.mkdir()
    metrics = {"test/queries_original/acc": 0.7, "test/queries_original/loss": 0.5, "val/acc": 0.6}
    (train_run / "metrics.json").write_text(json.dumps({"metrics": metrics, "settings": {"model": "qwen3_tiny"}}))
    _, header, rows = build_table([train_run], references=False)
    assert header == ["run", "queries_original"] and rows == [["model=qwen3_tiny", "0.7000"]]


def test_table_builder_cli_writes_markdown_and_csv(tmp_path):
    import subprocess
    import sys

    runs = [_evaluation_run(tmp_path / "a", "none", 0.9), _evaluation_run(tmp_path / "b", "remove", 0.85)]
    out = tmp_path / "tables" / "noise"
    subprocess.run(
        [sys.executable, str(ROOT / "experiments" / "build_table.py"), *map(str, runs), "--out", str(out)],
        check=True,
        capture_output=True,
        cwd=ROOT,
    )
    assert "| noise=remove | 0.8500 | 0.7500 |" in out.with_suffix(".md").read_text()
    assert out.with_suffix(".csv").exists()
    with pytest.raises(FileNotFoundError, match="no metrics.json"):
        build_table([tmp_path])


def test_table_builder_reads_wandb_run_directories(tmp_path):
    rows = []
    for noise, acc in (("none", 0.9), ("replace", 0.8)):
        files = tmp_path / f"offline-run-{noise}" / "files"
        files.mkdir(parents=True)
        summary = {"test/queries_original/acc": acc, "test/queries_original/loss": 0.3, "_step": 9}
        (files / "wandb-summary.json").write_text(json.dumps(summary))
        config = {"model": {"value": {"name": "qwen3_4b"}}, "noise": {"value": {"mode": noise}}, "seed": {"value": 1}}
        (files / "config.yaml").write_text(yaml.safe_dump(config))
        rows.append(files.parent)
    _, header, body = build_table(rows)
    assert header == ["run", "queries_original"]
    assert body == [["noise=none", "0.9000"], ["noise=replace", "0.8000"]]


def test_query_bootstrap_interval_resamples_whole_queries():
    from crm.stats import bootstrap_interval as query_bootstrap_interval

    assert query_bootstrap_interval(np.ones(6), np.array(list("aabbcc"))) == (1.0, 1.0)
    # query a: 4 pairs all right, query b: 4 pairs all wrong -> resampling queries gives 0, 0.5 or 1
    lower, upper = query_bootstrap_interval(np.array([1] * 4 + [0] * 4), np.array(list("aaaabbbb")), seed=1)
    assert (lower, upper) == (0.0, 1.0)
    many = query_bootstrap_interval(np.tile([1, 1, 0, 1], 50), np.repeat(np.arange(50), 4), seed=2)
    assert many == query_bootstrap_interval(np.tile([1, 1, 0, 1], 50), np.repeat(np.arange(50), 4), seed=2)
    assert many[0] == many[1] == 0.75  # every query has the same accuracy: no spread


def test_family_results_pool_sets_that_share_a_family():
    from crm.evaluation.families import pool_sets

    a = {
        "plain": {"kind": "domain", "seen": True, "n": 4, "n_pos": 4, "n_neg": 0, "accuracy": 1.0, "accuracy/pos": 1.0}
    }
    b = {
        "plain": {
            "kind": "domain",
            "seen": True,
            "n": 12,
            "n_pos": 12,
            "n_neg": 0,
            "accuracy": 0.5,
            "accuracy/pos": 0.5,
        }
    }
    pooled = pool_sets([a, b])["plain"]
    assert (
        pooled["n"] == 16
        and pooled["accuracy"] == pytest.approx(0.625)
        and pooled["accuracy/pos"] == pytest.approx(0.625)
    )


def test_a_run_trained_on_other_attribute_options_is_named_with_the_overrides(caplog):
    """Held-out families decide what counts as new criteria: evaluating a run with other options warns
    with the overrides that evaluate it on its own splits; the same options say nothing."""
    options = {"heldout_families": ["hedging"], "max_train_per_family": 300, "fractions": {"train": 0.8}}
    cfg = OmegaConf.create({"data": {"sources": ["attribute_pairs"], "attributes": options}})
    trained = {"sources": ["attribute_pairs"], "attributes": {**options, "heldout_families": ["hedging", "emoji"]}}
    with caplog.at_level(logging.WARNING, logger="crm.evaluation.runner"):
        warn_on_data_mismatch(cfg, trained)
        assert "data.attributes.heldout_families=[hedging,emoji]" in caplog.text
        assert "max_train_per_family" not in caplog.text and "fractions" not in caplog.text
        caplog.clear()
        warn_on_data_mismatch(cfg, {"sources": ["attribute_pairs"], "attributes": options})
        warn_on_data_mismatch(cfg, {"sources": ["attribute_pairs"]})  # a run from before attributes were recorded
    assert not caplog.text


def test_the_command_line_evaluates_a_run_with_its_own_attribute_options_unless_told_otherwise(caplog):
    options = {"heldout_families": ["hedging"], "max_train_per_family": 600}
    run = {"sources": ["attribute_pairs"], "attributes": {**options, "heldout_families": ["hedging", "emoji"]}}

    def config():
        return OmegaConf.create({"data": {"sources": ["attribute_pairs"], "attributes": options}})

    cfg = config()
    assert adopt_run_attributes(cfg, run, ["ckpt=logs/train/runs/x", "precision=fp32", "data.processed_dir=/d"])
    assert OmegaConf.to_container(cfg.data.attributes) == run["attributes"]
    with caplog.at_level(logging.WARNING, logger="crm.evaluation.runner"):
        warn_on_data_mismatch(cfg, run)
    assert not caplog.text
    cfg = config()  # the data group or an attribute option on the command line: the user's choice stands
    assert not adopt_run_attributes(cfg, run, ["ckpt=x", "data.attributes.max_train_per_family=600"])
    assert not adopt_run_attributes(cfg, run, ["ckpt=x", "data=styles"])
    assert not adopt_run_attributes(cfg, {"sources": ["attribute_pairs"]}, ["ckpt=x"])  # recorded nothing
    assert OmegaConf.to_container(cfg.data.attributes) == options
