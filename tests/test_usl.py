"""The leaderboard engine: statistics, topics, score cache, both scoring heads, and the CLI."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np
import pytest

from crm.data.corpus import load_corpus
from crm.data.rendering import CriteriaTooLong
from crm.data.schema import DataFormatError, PreferenceSample, conversation
from crm.inference import load_crm
from crm.scoring.cache import ScoreCache, content_key, criteria_key
from crm.stats import bootstrap_interval
from crm.usl.__main__ import main as usl_main
from crm.usl.board import BoardRow, board_kendall_tau, interval_ranks, length_controlled_win_rate
from crm.usl.engine import LeaderboardEngine, select_queries
from crm.usl.topics import BROAD_TOPICS, assign_broad_topics
from tests.conftest import has_module, require

ROOT = Path(__file__).resolve().parent.parent
MODELS = {"base": "It is {i}.", "short": "{i}.", "long": "Let me explain at length why the answer is {i}. " * 3}

# ---- statistics with known answers ----------------------------------------------------------


def test_bootstrap_interval_matches_the_binomial_width():
    outcomes = (np.random.default_rng(1).random(400) < 0.7).astype(float)
    lower, upper = bootstrap_interval(outcomes, rounds=2000, seed=0)
    assert lower < outcomes.mean() < upper
    assert upper - lower == pytest.approx(2 * 1.96 * np.sqrt(0.7 * 0.3 / 400), rel=0.15)
    assert bootstrap_interval(np.ones(50)) == (1.0, 1.0)
    assert bootstrap_interval(outcomes, seed=3) == bootstrap_interval(outcomes, seed=3)  # seeded


def test_rank_counts_only_models_clearly_above():
    # a clearly above b and c; b and c overlap
    assert interval_ranks([0.8, 0.4, 0.35], [0.9, 0.6, 0.5]) == [1, 2, 2]
    assert interval_ranks([0.5, 0.5], [0.6, 0.6]) == [1, 1]


def test_length_controlled_win_rate_removes_a_pure_length_effect():
    z = np.linspace(-2, 2, 200)
    outcomes = 1 / (1 + np.exp(-(0.0 + 2.0 * (z + 1.0))))  # wins only because this model is longer
    assert np.mean(outcomes) > 0.7
    assert length_controlled_win_rate(outcomes, z + 1.0) == pytest.approx(0.5, abs=0.03)


def test_kendall_tau_of_reversed_boards_is_minus_one():
    rows = lambda rates: [BoardRow(m, r, 0, 1, 1, 1, 1.0) for m, r in zip("abcd", rates)]  # noqa: E731
    assert board_kendall_tau(rows([0.9, 0.7, 0.5, 0.1]), rows([0.1, 0.5, 0.7, 0.9]))[0] == pytest.approx(-1.0)


# ---- topics ---------------------------------------------------------------------------------


def test_every_arena_hard_cluster_gets_a_broad_topic_deterministically():
    clusters = (ROOT / "tests" / "data" / "arena_hard_clusters.txt").read_text().splitlines()
    assert len(clusters) == 250
    mapping = assign_broad_topics(clusters)
    assert set(mapping) == set(clusters) and set(mapping.values()) <= set(BROAD_TOPICS)
    assert 10 <= len(set(mapping.values())) <= 20
    assert mapping == assign_broad_topics(list(reversed(clusters)))
    for cluster, topic in {
        "Advanced Regex Techniques": "coding",
        "Healthy Meal Planning": "health & lifestyle",
        "Lojban Language Translation": "language",
        "Dice Probability Calculations": "math",
        "AWS Cloud Services Essentials": "IT & systems",
        "Chess Strategy and Gameplay": "games & entertainment",
    }.items():
        assert mapping[cluster] == topic


# ---- engine on a tiny corpus ------------------------------------------------------------------


def write_corpus(root: Path, n: int = 6, missing: dict[str, int] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    topics = ["writing", "math"]
    with (root / "question.jsonl").open("w") as f:
        for i in range(n):
            f.write(
                json.dumps({"question_id": i, "category": topics[i % 2], "turns": [f"What is {i}?", "And?"]}) + "\n"
            )
    (root / "model_answer").mkdir(exist_ok=True)
    for model, template in MODELS.items():
        with (root / "model_answer" / f"{model}.jsonl").open("w") as f:
            for i in range(n - (missing or {}).get(model, 0)):
                turns = [template.format(i=i), "more"]
                f.write(
                    json.dumps({"question_id": i, "model_id": model, "choices": [{"index": 0, "turns": turns}]}) + "\n"
                )
    return root


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
    assert usl_main([*common, "--topics", "cooking", "--criteria", "x"]) == 2
    assert "unknown topic" in capsys.readouterr().out
    assert usl_main([*common, "--criteria", " "]) == 2


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
    for model in MODELS:
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

    from crm.artifact import CONFIG_NAME

    copy = Path(shutil.copytree(crm_dir, tmp_path / f"damaged_{how}"))
    if how in ("truncated_head", "truncated_backbone"):
        weights = copy / ("head.safetensors" if how == "truncated_head" else "backbone/model.safetensors")
        weights.write_bytes(weights.read_bytes()[:40])
    elif how == "extra_key":
        config = json.loads((copy / CONFIG_NAME).read_text())
        (copy / CONFIG_NAME).write_text(json.dumps({**config, "format_version": 1, "temperature": 2.0}))
    elif how == "retired_option":
        config = json.loads((copy / CONFIG_NAME).read_text())
        (copy / CONFIG_NAME).write_text(json.dumps({**config, "format_version": 11, "criteria_confidence": 0.5}))
    elif how == "retired_gate":
        config = json.loads((copy / CONFIG_NAME).read_text())
        (copy / CONFIG_NAME).write_text(json.dumps({**config, "format_version": 12, "degenerate_gate": 10.0}))
    elif how == "wrong_head":
        config = json.loads((copy / CONFIG_NAME).read_text())
        (copy / CONFIG_NAME).write_text(json.dumps({**config, "head": "cls"}))  # the weights are a bt head
    return copy


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("truncated_head", r"head.safetensors: cannot be read .* damaged"),
        ("truncated_backbone", r"backbone: cannot load the backbone .* damaged or incomplete"),
        ("extra_key", r"crm_config.json: unknown field\(s\) temperature"),
        ("retired_option", r"crm_config.json: criteria_confidence is an option this crm no longer has"),
        ("retired_gate", r"crm_config.json: its degenerate gate \(format 12\) is retired"),
        ("wrong_head", r"head.safetensors: weights .* do not fit a 'cls' head"),
    ],
)
def test_a_damaged_export_names_the_file_and_the_cli_prints_no_traceback(tiny_crm, tmp_path, capsys, how, message):
    from crm.artifact import ExportError

    damaged = _damaged(tiny_crm("bt"), tmp_path, how)
    with pytest.raises(ExportError, match=message):
        load_crm(damaged)
    corpus = write_corpus(tmp_path / "corpus")
    args = ["--ckpt", str(damaged), "--corpus", str(corpus), "--baseline", "base", "--criteria", "Be brief."]
    code = usl_main([*args, "--cache", str(tmp_path / "c.sqlite")])
    out = capsys.readouterr()
    assert code == 2 and "Traceback" not in out.out + out.err
    assert "error:" in out.out and damaged.name in out.out.replace("\n", "")


def test_an_older_export_with_a_retired_option_at_its_kept_value_still_loads(tiny_crm, tmp_path):
    import dataclasses
    import shutil

    from crm.artifact import CONFIG_NAME, read_settings

    copy = Path(shutil.copytree(tiny_crm("bt"), tmp_path / "older"))
    config = json.loads((copy / CONFIG_NAME).read_text())
    older = {**config, "format_version": 11, "criteria_confidence": 0.0, "criteria_reading": True}
    (copy / CONFIG_NAME).write_text(json.dumps(older))
    assert read_settings(copy) == dataclasses.replace(read_settings(tiny_crm("bt")), format_version=11)
    assert load_crm(copy).settings.head == "bt"


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
    assert "must be at least 1" in capsys.readouterr().err
    assert usl_main([*common, "--baseline", "base", "--criteria", "Be brief.", "--rounds", "50"]) == 0
    assert "2 selected queries left out: base has no answer to them" in capsys.readouterr().out
    only_config = tmp_path / "not_a_corpus"
    only_config.mkdir()
    (only_config / "crm_config.json").write_text("{}")
    assert usl_main(["--ckpt", str(only_config), "--corpus", str(only_config), "--criteria", "x"]) == 2
    out = capsys.readouterr()
    assert "question.jsonl does not exist" in out.out and "Traceback" not in out.out + out.err


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
    assert precision.cpu_attention("bert", "cpu", bf16=True) == "eager"
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


# ---- how the CRM read the criteria -------------------------------------------------------------

CLASS_NAMES = ["bullet_points/pos", "bullet_points/neg", "concise/pos", "concise/neg"]


def _two_tower_export(tokenizer, out: Path, class_names: list[str] | None) -> Path:
    from crm.artifact import CRMSettings
    from crm.export import export_crm
    from tests.test_model import tiny_two_tower_model

    model = tiny_two_tower_model(criteria_classes=4)
    settings = CRMSettings(
        "bt", "mean", "text_pair", 128, 48, interaction=8, answer_tower=True, criteria_classes=4,
        criteria_class_names=class_names,
    )  # fmt: skip
    return export_crm(out, model, tokenizer, settings)


def test_a_board_says_how_the_crm_read_each_criterion(minilm_tokenizer, tmp_path, capsys, monkeypatch):
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    crm_dir = _two_tower_export(minilm_tokenizer, tmp_path / "crm", CLASS_NAMES)
    criteria = ["Use bullet points.", "No lists,   please."]
    engine = LeaderboardEngine(crm_dir, tmp_path / "cache.sqlite", device="cpu", precision="fp32")
    board = engine.board(corpus, criteria, select_queries(corpus), rounds=50)
    posteriors = engine.crm.criteria_posteriors(["Use bullet points.", "No lists, please."])
    assert [r.criterion for r in board.readings] == ["Use bullet points.", "No lists, please."]
    for reading, posterior in zip(board.readings, posteriors):
        assert f"{reading.family}/{reading.polarity}" == CLASS_NAMES[int(posterior.argmax())]
        assert reading.probability == pytest.approx(float(posterior.max()), abs=1e-6)
        assert reading.sure == (reading.probability >= 0.5)
    # a fresh engine answers the readings from the cache, without loading the CRM
    again = LeaderboardEngine(crm_dir, tmp_path / "cache.sqlite", device="cpu", precision="fp32")
    assert again.board(corpus, criteria, select_queries(corpus), rounds=50, cached_only=True).readings == board.readings
    assert again._crm is None
    # the CLI prints them, and says which are unsure
    monkeypatch.setattr("crm.usl.reading.SURE", 1.0)
    args = ["--ckpt", str(crm_dir), "--corpus", str(tmp_path / "corpus"), "--cache", str(tmp_path / "cache.sqlite")]
    assert usl_main([*args, "--criteria", "Use bullet points.", "--baseline", "base", "--rounds", "50"]) == 0
    out = capsys.readouterr().out
    assert "How the CRM read the criteria" in out and f"read as asking for {board.readings[0].meaning}" in out
    assert "unsure" in out


def test_a_crm_without_named_classes_gives_no_readings(minilm_tokenizer, tmp_path):
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    crm_dir = _two_tower_export(minilm_tokenizer, tmp_path / "crm", None)  # as exports before format 5
    engine = LeaderboardEngine(crm_dir, tmp_path / "cache.sqlite", device="cpu", precision="fp32")
    assert engine.board(corpus, ["Use bullet points."], select_queries(corpus), rounds=50).readings == []


def test_a_new_process_boards_new_criteria_from_the_answers_the_store_holds(minilm_tokenizer, tmp_path, monkeypatch):
    """What the frozen tower says of each answer does not depend on the criteria: a second engine (as a new
    process) under criteria never scored reads every answer's description from the store, and scores as
    an engine that described them itself."""
    from crm.models.answer_store import AnswerStore

    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path / "cache"))  # this test's store alone
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    crm_dir = _two_tower_export(minilm_tokenizer, tmp_path / "crm", CLASS_NAMES)
    queries = select_queries(corpus)
    first = LeaderboardEngine(crm_dir, tmp_path / "scores.sqlite", device="cpu", precision="fp32")
    first.board(corpus, ["Use bullet points."], queries, rounds=50)
    stored = len(AnswerStore())
    assert stored == len({a for answers in corpus.answers.values() for a in answers.values()})

    second = LeaderboardEngine(crm_dir, tmp_path / "other_scores.sqlite", device="cpu", precision="fp32")
    described = []
    tower = second.crm.model._describe_as_rows
    second.crm.model._describe_as_rows = lambda ids, mask: described.append(len(ids)) or tower(ids, mask)
    board = second.board(corpus, ["Prefer concise answers."], queries, rounds=50)
    assert described == [] and board.scored > 0  # every score computed, no answer described again

    fresh = LeaderboardEngine(crm_dir, tmp_path / "third_scores.sqlite", device="cpu", precision="fp32")
    fresh.crm.model.attach_answer_store(None)  # describes every answer itself
    alone = fresh.board(corpus, ["Prefer concise answers."], queries, rounds=50)
    assert [(r.model, r.win_rate) for r in board.rows] == [(r.model, r.win_rate) for r in alone.rows]
