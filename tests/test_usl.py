"""The leaderboard engine: statistics, topics, score cache, both scoring heads, and the CLI."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np
import pytest

from crm.data.corpus import load_corpus
from crm.data.row_format import CriteriaTooLong
from crm.data.schema import DataFormatError, PreferenceSample, conversation
from crm.inference import load_crm
from crm.precision import WIDTH_DISPATCHED_ATTENTION
from crm.scoring.cache import ScoreCache, content_key, criteria_key
from crm.usl.__main__ import main as usl_main
from crm.usl.engine import LeaderboardEngine, select_queries
from tests.conftest import CORPUS_MODELS, has_module, require, write_corpus

ROOT = Path(__file__).resolve().parent.parent

# ---- engine on a tiny corpus ------------------------------------------------------------------


def test_bt_scores_each_answer_once_and_reuses_the_baseline(tiny_crm, tmp_path, monkeypatch):
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    engine = LeaderboardEngine(tiny_crm("bt"), tmp_path / "cache.sqlite")
    calls = []
    rewards = engine.crm.answer_rewards
    monkeypatch.setattr(
        engine.crm, "answer_rewards", lambda items, *a, **k: calls.append(len(items)) or rewards(items, *a, **k)
    )
    board = engine.board(corpus, ["Prefer short answers."], select_queries(corpus), rounds=200)
    assert sum(calls) == 3 * 6  # (2 models + the baseline) x 6 queries: the baseline is scored once per query
    assert {r.model for r in board.rows} == {"short", "long"}
    r_short = engine.crm.answer_rewards(
        [(["Prefer short answers."], [{"role": "user", "content": "What is 0?"}], "0.")]
    )
    r_base = engine.crm.answer_rewards(
        [(["Prefer short answers."], [{"role": "user", "content": "What is 0?"}], "It is 0.")]
    )
    content = content_key("reward", "What is 0?", "0.")
    cached = engine.cache.get(engine.fingerprint, criteria_key(["Prefer short answers."]), [content])
    assert cached[content] == pytest.approx(float(r_short[0]), abs=1e-5)
    assert float(r_base[0]) != float(r_short[0])


def test_cls_averages_both_orders(tiny_crm, tmp_path):
    from crm.data.schema import PreferenceSample, conversation

    corpus = load_corpus(write_corpus(tmp_path / "corpus", n=2), "tiny", "base")
    engine = LeaderboardEngine(tiny_crm("cls"), tmp_path / "cache.sqlite")
    board = engine.board(
        corpus, ["Prefer short answers."], select_queries(corpus), models=["short", "base"], rounds=100
    )
    crm = load_crm(engine.export_dir)
    expected = []
    for i in range(2):
        short, base = conversation(f"What is {i}?", f"{i}."), conversation(f"What is {i}?", f"It is {i}.")
        first = PreferenceSample(f"What is {i}?", short, base, ["Prefer short answers."], "model_a")
        second = PreferenceSample(f"What is {i}?", base, short, ["Prefer short answers."], "model_a")
        expected.append((float(crm.prob_a([first])[0]) + 1 - float(crm.prob_a([second])[0])) / 2)
    assert board.rows[0].win_rate == pytest.approx(np.mean(expected), abs=1e-5)


def test_cache_hits_and_a_killed_run_resumes(tiny_crm, tmp_path, monkeypatch):
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    crm_dir, cache = tiny_crm("bt"), tmp_path / "cache.sqlite"
    engine = LeaderboardEngine(crm_dir, cache)
    real = engine._compute
    done = []

    def dies_after_two_chunks(*args):
        if len(done) == 2:
            raise KeyboardInterrupt("killed")
        done.append(1)
        return real(*args)

    monkeypatch.setattr(engine, "_compute", dies_after_two_chunks)
    with pytest.raises(KeyboardInterrupt):
        engine.board(corpus, ["Be brief."], select_queries(corpus), chunk=5)
    assert ScoreCache(cache).count() == 10  # two chunks of 5 were committed before the kill

    resumed = LeaderboardEngine(crm_dir, cache)  # a new process: only the rest is scored
    first = resumed.board(corpus, ["Be brief."], select_queries(corpus))
    assert first.scored == 18 - 10
    again = LeaderboardEngine(crm_dir, cache)
    repeat = again.board(corpus, ["  Be   brief. ", ""], select_queries(corpus))  # the same criteria, normalised
    assert repeat.scored == 0 and again._crm is None  # no model call, not even a model load
    assert [r.win_rate for r in repeat.rows] == [r.win_rate for r in first.rows]
    assert again.board(corpus, ["Be brief."], select_queries(corpus, ["math"])).scored == 0  # a subset: cached


def test_missing_answers_and_bad_requests(tiny_crm, tmp_path):
    corpus = load_corpus(write_corpus(tmp_path / "corpus", missing={"long": 2}), "tiny", "base")
    engine = LeaderboardEngine(tiny_crm("bt"), tmp_path / "cache.sqlite")
    board = engine.board(corpus, ["Be brief."], select_queries(corpus), rounds=100)
    assert {r.model: r.n for r in board.rows} == {"short": 6, "long": 4}
    with pytest.raises(ValueError, match="criteria are empty"):
        engine.board(corpus, ["  ", ""], select_queries(corpus))
    with pytest.raises(ValueError, match="unknown topic"):
        select_queries(corpus, ["cooking"])
    with pytest.raises(ValueError, match="unknown baseline"):
        engine.board(corpus, ["Be brief."], select_queries(corpus), baseline="nobody")


def test_cli_on_a_tiny_corpus(tiny_crm, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    corpus = write_corpus(tmp_path / "corpus")
    common = [
        "--ckpt",
        str(tiny_crm("bt")),
        "--corpus",
        str(corpus),
        "--baseline",
        "base",
        "--cache",
        str(tmp_path / "c.sqlite"),
    ]
    code = usl_main(
        [
            *common,
            "--topics",
            "writing",
            "--criteria",
            "Prefer short answers.",
            "--versus",
            "Prefer long answers.",
            "--rounds",
            "100",
            "--length-control",
            "--out",
            str(tmp_path / "out"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0 and "Kendall tau" in out and "short" in out
    saved = json.loads((tmp_path / "out" / "criteria.json").read_text())
    assert saved["queries"] == 3 and {r["model"] for r in saved["rows"]} == {"short", "long"}
    assert (tmp_path / "out" / "versus.csv").exists() and (tmp_path / "out" / "criteria.md").exists()
    assert usl_main([*common, "--topics", "cooking", "--criteria", "x"]) == 1
    assert "unknown topic" in capsys.readouterr().err
    assert usl_main([*common, "--criteria", " "]) == 1


def test_cache_serves_readers_while_a_writer_holds_a_transaction(tmp_path):
    writer, reader = ScoreCache(tmp_path / "c.sqlite"), ScoreCache(tmp_path / "c.sqlite")
    writer.put("crm", "k", {"one": 0.5})
    writer.db.execute("BEGIN IMMEDIATE")  # a scoring run in the middle of a write
    writer.db.execute("INSERT INTO scores_v2 VALUES ('crm', 'k', 'two', 0.7)")
    assert reader.get("crm", "k", ["one", "two"]) == {"one": 0.5}
    writer.db.commit()
    assert len(reader.get("crm", "k", ["one", "two"])) == 2


def test_cache_lookups_past_one_query_chunk(tmp_path):
    cache = ScoreCache(tmp_path / "c.sqlite")
    cache.put("crm", "k", {f"c{i}": i / 2000 for i in range(1200)})
    cache.put("crm", "other criteria", {"c1": 9.0})
    wanted = [f"c{i}" for i in range(0, 1300, 3)] + ["c3"]  # three SELECTs, a duplicate, some never stored
    assert cache.get("crm", "k", wanted) == {f"c{i}": i / 2000 for i in range(0, 1200, 3)}


def test_edited_answers_are_scored_afresh(tiny_crm, tmp_path):
    """The stale-cache scenario: replace one model's answers in a user corpus, re-run with the same cache."""
    root = write_corpus(tmp_path / "corpus")
    crm_dir, cache = tiny_crm("bt"), tmp_path / "cache.sqlite"
    criteria = ["Prefer detailed answers."]
    LeaderboardEngine(crm_dir, cache).board(load_corpus(root, "tiny", "base"), criteria, [str(i) for i in range(6)])
    with (root / "model_answer" / "long.jsonl").open("w") as f:
        for i in range(6):
            f.write(json.dumps({"question_id": i, "choices": [{"turns": ["OK."]}]}) + "\n")
    edited = load_corpus(root, "tiny", "base")
    reused = LeaderboardEngine(crm_dir, cache).board(edited, criteria, select_queries(edited), rounds=100)
    fresh = LeaderboardEngine(crm_dir, tmp_path / "fresh.sqlite").board(
        edited, criteria, select_queries(edited), rounds=100
    )
    assert reused.scored == 6  # the six edited answers; the others come from the cache
    # equal up to bf16 autocast's dependence on batch composition (exactly equal in fp32)
    assert {r.model: r.win_rate for r in reused.rows} == pytest.approx(
        {r.model: r.win_rate for r in fresh.rows}, abs=1e-3
    )


def test_corpora_in_directories_of_the_same_name_share_no_scores(tiny_crm, tmp_path):
    first = load_corpus(write_corpus(tmp_path / "a" / "corpus"), default_baseline="base")
    second_root = write_corpus(tmp_path / "b" / "corpus")
    for model in CORPUS_MODELS:
        path = second_root / "model_answer" / f"{model}.jsonl"
        path.write_text(path.read_text().replace("is", "was"))
    second = load_corpus(second_root, default_baseline="base")
    assert first.name == second.name == "corpus"
    crm_dir, cache = tiny_crm("bt"), tmp_path / "cache.sqlite"
    LeaderboardEngine(crm_dir, cache).board(first, ["Be brief."], select_queries(first), rounds=100)
    other = LeaderboardEngine(crm_dir, cache).board(second, ["Be brief."], select_queries(second), rounds=100)
    fresh = LeaderboardEngine(crm_dir, tmp_path / "fresh.sqlite").board(
        second, ["Be brief."], select_queries(second), rounds=100
    )
    assert other.scored == 6 * 2  # "long" and "base" changed; "short" ("{i}.") is the same text in both
    assert [r.win_rate for r in other.rows] == pytest.approx([r.win_rate for r in fresh.rows], abs=1e-3)


def test_cached_scores_are_kept_apart_by_precision(tiny_crm, tmp_path):
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    crm_dir, cache = tiny_crm("bt"), tmp_path / "cache.sqlite"
    fp32 = LeaderboardEngine(crm_dir, cache, precision="fp32")
    bf16 = LeaderboardEngine(crm_dir, cache, precision="bf16")
    assert fp32.fingerprint != bf16.fingerprint
    fp32.board(corpus, ["Be brief."], select_queries(corpus), rounds=100)
    assert bf16.board(corpus, ["Be brief."], select_queries(corpus), rounds=100).scored == 18


@pytest.mark.slow
@pytest.mark.parametrize("head", ["bt", "cls"])
def test_the_onnx_engine_scores_as_pytorch_fp32_and_keeps_its_own_cache(tiny_crm, tmp_path, head, monkeypatch):
    """ONNX Runtime (engine="onnx") is exported once into the cache dir, scores what PyTorch fp32 scores,
    and its scores are cached apart (its arithmetic differs in the last digits)."""
    require(has_module("onnxruntime") and has_module("onnxscript"), "onnxruntime and onnxscript (the bench extra)")
    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path / "crm-cache"))
    crm_dir = tiny_crm(head)
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    samples = [
        PreferenceSample(
            prompt=q.text,
            model_a=conversation(q.text, corpus.answers["long"][qid]),
            model_b=conversation(q.text, corpus.answers["short"][qid]),
            criteria=["Be brief."],
            preference="model_a",
        )
        for qid, q in corpus.queries.items()
    ]
    torch_scores = load_crm(crm_dir, "cpu", "fp32").raw_scores(samples)
    onnx_crm = load_crm(crm_dir, "cpu", "fp32", engine="onnx")
    assert onnx_crm.plan.label == "cpu/fp32/onnx"
    assert onnx_crm.raw_scores(samples).numpy() == pytest.approx(torch_scores.numpy(), abs=1e-4)
    assert len(list((tmp_path / "crm-cache" / "onnx").glob("*/crm.onnx"))) == 1
    cache = tmp_path / "cache.sqlite"
    fp32 = LeaderboardEngine(crm_dir, cache, precision="fp32")
    onnx = LeaderboardEngine(crm_dir, cache, precision="fp32", engine="onnx")
    assert fp32.fingerprint != onnx.fingerprint
    scored = fp32.board(corpus, ["Be brief."], select_queries(corpus), rounds=50).scored
    assert onnx.board(corpus, ["Be brief."], select_queries(corpus), rounds=50).scored == scored > 0
    with pytest.raises(ValueError, match="engine='onnx' scores on the CPU in fp32"):
        load_crm(crm_dir, "cpu", "bf16", engine="onnx")
    with pytest.raises(ValueError, match="this CRM is a cross-encoder"):
        load_crm(crm_dir, "cpu", "fp32", engine="onnx-int8")


def test_duplicate_question_ids_name_the_file_and_line(tmp_path):
    root = write_corpus(tmp_path / "corpus")
    with (root / "question.jsonl").open("a") as f:
        f.write(json.dumps({"question_id": 2, "category": "math", "turns": ["Again?"]}) + "\n")
    with pytest.raises(DataFormatError, match=r"question.jsonl:7: duplicate question_id '2' \(first at .*:3\)"):
        load_corpus(root)
    root = write_corpus(tmp_path / "other")
    with (root / "model_answer" / "short.jsonl").open("a") as f:
        f.write(json.dumps({"question_id": 0, "choices": [{"turns": ["Zero."]}]}) + "\n")
    with pytest.raises(DataFormatError, match=r"short.jsonl:7: a second answer to question_id '0'"):
        load_corpus(root)


def test_criteria_too_long_for_the_crm_fail_before_scoring_with_the_limit(tiny_crm, tmp_path, monkeypatch):
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    engine = LeaderboardEngine(tiny_crm("bt"), tmp_path / "cache.sqlite")
    limits = engine.criteria_limits()
    assert 0 < limits["tokens"] < limits["characters"]
    monkeypatch.setattr(engine, "_compute", lambda *a: pytest.fail("scored criteria the CRM cannot read"))
    with pytest.raises(CriteriaTooLong, match=rf"at most {limits['tokens']} tokens of criteria \(about \d+ characters"):
        engine.board(corpus, ["Prefer answers that are careful and clear. " * 40], select_queries(corpus))


def test_free_text_selects_the_most_similar_queries(tmp_path):
    root = tmp_path / "corpus"
    write_corpus(root)
    with (root / "question.jsonl").open("a") as f:
        f.write(
            json.dumps({"question_id": "poem", "category": "writing", "turns": ["Write a poem about the sea."]}) + "\n"
        )
    corpus = load_corpus(root, "tiny", "base")
    assert select_queries(corpus, search="a poem about the ocean", top_k=1) == ["poem"]
    assert select_queries(corpus, ["writing"], search="a poem about the ocean", top_k=3)[0] == "poem"


def test_a_new_search_encodes_only_its_own_text(monkeypatch):
    """The corpus's query embeddings are computed once per process, not once per search."""
    from crm.usl import topics

    encoded = []

    class Recording:
        def encode(self, texts):
            import torch

            encoded.append(list(texts))
            return torch.nn.functional.normalize(torch.tensor([[len(t), 1.0] for t in texts]), dim=-1)

    monkeypatch.setattr(topics, "_encoder", Recording)
    topics._embedded.cache_clear()
    queries = {"a": "short", "b": "a much longer query text"}
    topics.search_queries(queries, "first search", top_k=1)
    topics.search_queries(queries, "second search", top_k=1)
    topics._embedded.cache_clear()
    assert encoded == [["short", "a much longer query text"], ["first search"], ["second search"]]


# ---- damaged exports and small input mistakes: one clear message, no traceback ---------------


def _damaged(crm_dir: Path, tmp_path: Path, how: str) -> Path:
    import shutil

    from crm.export.artifact import CONFIG_NAME

    copy = Path(shutil.copytree(crm_dir, tmp_path / f"damaged_{how}"))
    config = json.loads((copy / CONFIG_NAME).read_text())
    settings = config["crm"]
    if how == "truncated_weights":
        weights = copy / "model.safetensors"
        weights.write_bytes(weights.read_bytes()[:40])
    elif how == "extra_key":
        settings["temperature"] = 2.0
    elif how == "older_format":
        settings["format_version"] = 15
    elif how == "older_layout":
        (copy / CONFIG_NAME).unlink()
        (copy / "crm_config.json").write_text(json.dumps(settings))
        return copy
    elif how == "option_of_another_architecture":
        settings["model"]["interaction"] = 8  # a two-tower option on a cross-encoder
    elif how == "wrong_head":
        settings["head"] = "cls"  # the weights are a bt head
    (copy / CONFIG_NAME).write_text(json.dumps(config))
    return copy


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("truncated_weights", r"model.safetensors: cannot be read .* damaged"),
        ("extra_key", r"config.json: unknown field\(s\) temperature"),
        ("older_format", r"config.json: export format 15 is older than this crm reads \(16\); .*python -m crm.export"),
        ("older_layout", r"a format before 16 \(crm_config.json\).*python -m crm.export <its training run directory>"),
        ("option_of_another_architecture", r"its model cannot be read: unknown cross_encoder field\(s\) interaction"),
        ("wrong_head", r"model.safetensors: weights do not fit a 'cls' cross_encoder CRM"),
    ],
)
def test_a_damaged_export_names_the_file_and_the_cli_prints_no_traceback(tiny_crm, tmp_path, capsys, how, message):
    from crm.export.artifact import ExportError

    damaged = _damaged(tiny_crm("bt"), tmp_path, how)
    with pytest.raises(ExportError, match=message):
        load_crm(damaged)
    corpus = write_corpus(tmp_path / "corpus")
    args = ["--ckpt", str(damaged), "--corpus", str(corpus), "--baseline", "base", "--criteria", "Be brief."]
    code = usl_main([*args, "--cache", str(tmp_path / "c.sqlite")])
    out = capsys.readouterr()
    assert code == 1 and "Traceback" not in out.out + out.err
    errors = [line for line in out.err.splitlines() if "error:" in line]
    assert len(errors) == 1 and damaged.name in errors[0]


def test_ctrl_c_says_the_scores_are_cached_and_how_to_resume(tiny_crm, tmp_path, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(LeaderboardEngine, "board", interrupted)
    corpus = write_corpus(tmp_path / "corpus")
    code = usl_main(["--ckpt", str(tiny_crm("bt")), "--corpus", str(corpus), "--baseline", "base", "--criteria", "x"])
    out = " ".join(capsys.readouterr().out.split())
    assert code == 130 and "cached" in out and "again to resume" in out


def test_small_input_mistakes_get_clear_messages(tiny_crm, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    root = write_corpus(tmp_path / "corpus", missing={"base": 2})
    corpus = load_corpus(root)
    engine = LeaderboardEngine(tiny_crm("bt"), tmp_path / "cache.sqlite")
    with pytest.raises(ValueError, match="has no default baseline: name one .* among base, long, short"):
        engine.board(corpus, ["Be brief."], select_queries(corpus))
    with pytest.raises(ValueError, match="top_k must be at least 1"):
        select_queries(corpus, search="anything", top_k=-2)
    common = ["--ckpt", str(engine.export_dir), "--corpus", str(root), "--cache", str(tmp_path / "c.sqlite")]
    with pytest.raises(SystemExit):  # argparse refuses it
        usl_main([*common, "--search", "zero", "--top-k", "-1", "--criteria", "x"])
    assert "a whole number at least 1" in capsys.readouterr().err
    assert usl_main([*common, "--baseline", "base", "--criteria", "Be brief.", "--rounds", "50"]) == 0
    assert "2 selected queries left out: base has no answer to them" in capsys.readouterr().out
    only_config = tmp_path / "not_a_corpus"
    only_config.mkdir()
    (only_config / "crm_config.json").write_text("{}")
    assert usl_main(["--ckpt", str(only_config), "--corpus", str(only_config), "--criteria", "x"]) == 1
    out = capsys.readouterr()
    assert "not a corpus" in out.err and "question.jsonl" in out.err and "Traceback" not in out.out + out.err


def test_one_precision_policy_for_every_scorer(tiny_crm, tmp_path, monkeypatch):
    """evaluate.py, crm-usl and the app load a CRM through the same plan: a GPU when one is visible,
    bf16 where the hardware runs it natively; the plan names the scores in the cache."""
    from crm import precision
    from crm.evaluation.scorers import load_scorer

    monkeypatch.setattr(precision, "cuda_present", lambda: False)
    for native in (True, False):
        monkeypatch.setattr(precision, "cpu_has_native_bf16", lambda native=native: native)
        expected = "cpu/bf16-autocast" if native else "cpu/fp32"
        engine = LeaderboardEngine(tiny_crm("bt"), tmp_path / f"c{native}.sqlite")
        assert engine.plan.label == expected and engine.fingerprint.endswith(expected)
        assert engine.crm.plan.label == expected  # loading does not change it
        assert load_scorer(engine.export_dir).crm.plan.label == expected
    monkeypatch.setattr(precision, "cuda_present", lambda: True)
    assert precision.inference_plan().label == "cuda/bf16"
    assert precision.inference_plan(precision="fp32").label == "cuda/fp32"
    assert precision.inference_plan("cpu", "bf16").label == "cpu/bf16-autocast"
    with pytest.raises(ValueError, match="precision must be one of"):
        precision.inference_plan(precision="fp16")
    # attention: eager only where it was measured faster (a BERT encoder under bf16 on a CPU)
    assert precision.cpu_attention("bert", "cpu", bf16=True) == WIDTH_DISPATCHED_ATTENTION
    assert precision.cpu_attention("bert", "cpu", bf16=False) is None
    assert precision.cpu_attention("bert", "cuda", bf16=True) is None
    assert precision.cpu_attention("qwen3", "cpu", bf16=True) is None


def test_bf16_asked_for_on_a_cpu_that_emulates_it_is_named(monkeypatch, caplog):
    from crm import precision

    monkeypatch.setattr(precision, "cpu_has_native_bf16", lambda: False)
    with caplog.at_level(logging.WARNING, logger="crm.precision"):
        assert precision.inference_plan("cpu", "bf16").label == "cpu/bf16-autocast"  # done as asked
    assert "scoring in bf16 on a CPU without native bf16" in caplog.text
    assert not precision.warn_if_emulated_bf16("cpu", False, "training")
    assert not precision.warn_if_emulated_bf16("cuda", True, "training")
    monkeypatch.setattr(precision, "cpu_has_native_bf16", lambda: True)
    assert not precision.warn_if_emulated_bf16("cpu", True, "training")


def test_a_cached_board_and_the_criteria_limits_need_no_torch(tiny_crm, tmp_path):
    """A fresh process answers a cached board and states the CRM's criteria limit without importing torch."""
    import subprocess
    import sys

    root = write_corpus(tmp_path / "corpus")
    crm_dir, cache = tiny_crm("bt"), tmp_path / "cache.sqlite"
    engine = LeaderboardEngine(crm_dir, cache)
    engine.board(load_corpus(root, "tiny", "base"), ["Be brief."], [str(i) for i in range(6)], rounds=50)
    measured = engine.renderer.criteria_limits()
    script = (
        "import json, sys\n"
        "from crm.data.corpus import load_corpus\n"
        "from crm.usl.engine import LeaderboardEngine\n"
        f"engine = LeaderboardEngine({str(crm_dir)!r}, {str(cache)!r})\n"
        f"board = engine.board(load_corpus({str(root)!r}, 'tiny', 'base'), ['Be brief.'], "
        "[str(i) for i in range(6)], rounds=50)\n"
        "print(json.dumps([board.scored, engine.criteria_limits(), 'torch' in sys.modules]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [0, measured, False]
