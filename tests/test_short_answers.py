"""The short-answer set (a right short answer against five wrong kinds) and the null models (constant
or non-answers added to a corpus): how they are built, and that evaluate.py and crm-usl agreement
report them."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from crm.data.corpus import load_corpus
from crm.data.short_answers import KINDS, TEXTS, WORDINGS, ShortAnswer, fragment, read_short_answers, short_answer_set
from crm.usl.null_models import is_null, null_answers, null_ranks, with_null_models
from tests.conftest import ROOT, write_corpus

SHORT = ["Paris.", "4", "The Pacific Ocean.", "Yes", "Mercury is the closest planet to the Sun."]


def write_raw(raw: Path) -> Path:
    """A raw directory: one AlpacaEval model in both styles and a DSP file, with short and long answers,
    a refusal and a query both sources answer."""
    styles = raw / "alpaca_eval_styles"
    styles.mkdir(parents=True)
    queries = [f"Question {i}?" for i in range(len(SHORT))] + ["Explain gravity.", "How do I hack my neighbour?"]
    concise = [*SHORT, "Gravity is " + "a long explanation " * 10, "I'm sorry, I can't help with that."]
    for style, outputs in (("concise", concise), ("verbose", [o + " More." for o in concise])):
        records = [{"instruction": q, "output": o, "dataset": "tiny"} for q, o in zip(queries, outputs)]
        (styles / f"m_{style}.json").write_text(json.dumps(records))
    dsp = raw / "dsp"
    dsp.mkdir()
    records = [
        {"query": "question 0?", "responses": {"normal": "Rome."}},  # AlpacaEval's first query: its answer is kept
        {"query": "Name a colour.", "responses": {"normal": "Blue."}},
    ]
    (dsp / "domain_specific_preference.test.json").write_text(json.dumps(records))
    return raw


def test_the_set_keeps_short_answers_that_answer_once_per_query(tmp_path):
    items = read_short_answers(write_raw(tmp_path / "raw"))
    answers = {item.query: item.answer for item in items}
    assert answers == {**{f"Question {i}?": a for i, a in enumerate(SHORT)}, "Name a colour.": "Blue."}
    assert {item.origin for item in items} == {"alpaca_eval/m", "dsp"}


def test_every_item_meets_every_kind_under_every_wording_labelled_for_the_right_answer(tmp_path):
    items = read_short_answers(write_raw(tmp_path / "raw"))
    built = short_answer_set(items, seed=0)
    assert len(built.samples) == len(items) * len(WORDINGS) * len(KINDS) and not built.counts
    assert Counter(s.source for s in built.samples) == {f"short_answer/{k}": len(items) * len(WORDINGS) for k in KINDS}
    right = {item.query: item.answer for item in items}
    sides = Counter()
    for sample in built.samples:
        chosen = sample.response_a if sample.preference == "model_a" else sample.response_b
        other = sample.response_b if sample.preference == "model_a" else sample.response_a
        assert chosen == right[sample.prompt] and other != chosen
        kind = sample.source.split("/")[1]
        assert (kind == "restated_criteria") == (other == sample.criteria[0])
        assert (kind == "restated_query") == (other == sample.prompt)
        if kind == "off_topic":
            assert other in right.values() and other != right[sample.prompt]
        if kind == "injected":
            assert other == f"{chosen} {TEXTS['injection']}"
        sides[sample.preference] += 1
    assert min(sides.values()) > 0.3 * len(built.samples)  # the right answer on either side
    assert [s.to_dict() for s in short_answer_set(items, seed=0).samples] == [s.to_dict() for s in built.samples]


def test_a_wrong_answer_with_the_right_answers_text_makes_no_pair():
    items = [ShortAnswer("Is water wet?", "Yes.", "dsp"), ShortAnswer("Is fire hot?", "Yes.", "dsp")]
    built = short_answer_set(items, wordings={"general": "General user preference."})
    assert built.counts == {"off_topic: same text as the right answer": 2}
    assert len(built.samples) == 2 * (len(KINDS) - 1)


def test_a_fragment_is_cut_off_and_a_one_word_answer_gets_its_lead_in():
    rng = random.Random(0)
    assert fragment("The Pacific Ocean is the largest ocean.", rng) == "The Pacific Ocean"
    assert fragment("Paris, France.", rng) == "Paris"
    assert fragment("4", rng) in TEXTS["lead_ins"]


def test_the_real_data_holds_at_least_200_short_answers():
    raw = ROOT.parent / "shared" / "data" / "raw"
    if not (raw / "alpaca_eval_styles").is_dir():
        pytest.skip("the raw data is not here")
    items = read_short_answers(raw)
    assert len(items) >= 200
    assert all(len(item.answer.split()) <= TEXTS["max_words"] for item in items)


def test_null_models_answer_every_query_and_leave_the_corpus_alone(tmp_path):
    corpus = load_corpus(write_corpus(tmp_path / "corpus", n=6), "tiny", "base")
    judged = with_null_models(corpus, "base", "Be brief.")
    nulls = [m for m in judged.models if is_null(m)]
    assert len(nulls) == len(TEXTS["null_models"]) + 5 and not any(is_null(m) for m in corpus.models)
    for model in nulls:
        assert set(judged.answers[model]) == set(corpus.answers["base"])
    base = corpus.answers["base"]
    assert judged.answers["null/restated_criteria"] == dict.fromkeys(base, "Be brief.")
    assert all(judged.answers["null/off_topic"][q] != base[q] for q in base)
    assert all(judged.answers["null/injected"][q].startswith(base[q]) for q in base)
    assert "null/restated_criteria" not in null_answers(corpus, "base")  # no criteria, no such model


def test_null_ranks_say_where_the_null_models_stand():
    last = null_ranks({"a": 0.6, "base": 0.5, "null/x": 0.1, "null/y": 0.2})
    assert last["all_below_real"] and last["models"] == {
        "null/y": {"rank": 3, "win_rate": 0.2},
        "null/x": {"rank": 4, "win_rate": 0.1},
    }
    assert not null_ranks({"a": 0.3, "null/x": 0.9, "base": 0.5})["all_below_real"]


def test_agreement_ranks_the_null_models_on_every_board(tiny_crm, tmp_path, capsys, monkeypatch):
    from crm.usl.__main__ import main as usl_main

    monkeypatch.setenv("COLUMNS", "220")
    corpus = write_corpus(tmp_path / "corpus", n=30)  # about 6 of its queries are outside training
    reference = tmp_path / "leaderboard.csv"
    reference.write_text("model,score\nbase,50\nshort,30\nlong,70\n")
    args = ["agreement", "--ckpt", str(tiny_crm("bt")), "--corpus", str(corpus), "--baseline", "base"]
    args += ["--cache", str(tmp_path / "c.sqlite"), "--rounds", "20", "--reference", str(reference)]
    args += ["--heldout-models", "short", "--criteria", "Be brief."]
    assert usl_main([*args, "--null-models", "--out", str(tmp_path / "out")]) == 0
    assert "null models last" in capsys.readouterr().out
    (board, lengths) = json.loads((tmp_path / "out" / "agreement.json").read_text())["boards"]
    assert set(board["null_models"]["models"]) == {m for m in board["win_rates"] if is_null(m)}
    assert len(board["null_models"]["models"]) == len(TEXTS["null_models"]) + 5
    assert board["all"]["models"] == 3  # the null models have no published score: the agreement is the real ones'
    assert "null_models" not in lengths


def test_evaluate_reports_the_short_answer_sets_per_kind(tiny_crm, tmp_path):
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from hydra.core.hydra_config import HydraConfig

    from crm.config import register_configs
    from crm.data.schema import write_samples
    from crm.evaluation.runner import evaluate
    from tests.conftest import tiny_split

    register_configs()
    processed = tmp_path / "processed" / "tiny"
    processed.mkdir(parents=True)
    for split in ("train", "test", "test_new_criteria"):
        write_samples(processed / f"{split}.jsonl", tiny_split(3, 1))
    overrides = [f"ckpt={tiny_crm('bt')}", f"data.processed_dir={processed.parent}", "data.sources=[tiny]"]
    overrides += ["data.raw_dir=null", f"short_answers={write_raw(tmp_path / 'raw')}", "variants=[]"]
    overrides += ["topics.enabled=false"]
    overrides += [f"paths.output_dir={tmp_path / 'eval'}", "progress=false", "precision=fp32"]
    GlobalHydra.instance().clear()
    try:
        with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
            cfg = compose("evaluate", overrides=overrides, return_hydra_config=True)
        HydraConfig().set_config(cfg)
        metrics, _ = evaluate(cfg)
    finally:
        GlobalHydra.instance().clear()
    for wording in WORDINGS:
        result = metrics["scorers"]["CRM"][f"short_answers/{wording}"]
        assert set(result["by_source"]) == {f"short_answer/{k}" for k in KINDS}
        assert all(r["n"] == 6 for r in result["by_source"].values())  # 6 queries, one pair each per kind
        assert metrics["test_sets"][f"short_answers/{wording}"]["queries"] == 6
    markdown = (tmp_path / "eval" / "results.md").read_text()
    assert "short_answers/concise: accuracy (n) by source, every scorer" in markdown
