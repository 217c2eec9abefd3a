"""The leaderboard engine: statistics, topics, score cache, both scoring heads, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from crm.data.corpus import load_corpus
from crm.export import load_crm
from crm.usl import engine as engine_module
from crm.usl.__main__ import main as usl_main
from crm.usl.board import BoardRow, board_kendall_tau, bootstrap_interval, interval_ranks, length_controlled_win_rate
from crm.usl.cache import ScoreCache, criteria_key
from crm.usl.engine import LeaderboardEngine, select_queries
from crm.usl.topics import BROAD_TOPICS, assign_broad_topics

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
    cached = engine.cache.get(
        engine.fingerprint, criteria_key(["Prefer short answers."]), "tiny", [("0", "short", "reward")]
    )
    assert cached[("0", "short", "reward")] == pytest.approx(float(r_short[0]), abs=1e-5)
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
    monkeypatch.setattr(engine_module, "CHUNK", 5)
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
        engine.board(corpus, ["Be brief."], select_queries(corpus))
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
    writer.put("crm", "k", "corpus", {("1", "m", "reward"): 0.5})
    writer.db.execute("BEGIN IMMEDIATE")  # a scoring run in the middle of a write
    writer.db.execute("INSERT INTO scores VALUES ('crm', 'k', 'corpus', '2', 'm', 'reward', 0.7)")
    assert reader.get("crm", "k", "corpus", [("1", "m", "reward"), ("2", "m", "reward")]) == {("1", "m", "reward"): 0.5}
    writer.db.commit()
    assert len(reader.get("crm", "k", "corpus", [("1", "m", "reward"), ("2", "m", "reward")])) == 2


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
