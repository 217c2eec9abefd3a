"""How a CRM read each criterion, as a board reports it (a two-tower CRM with named classes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crm.data.corpus import load_corpus
from crm.usl.__main__ import main as usl_main
from crm.usl.engine import LeaderboardEngine, select_queries
from tests.conftest import write_corpus

ROOT = Path(__file__).resolve().parent.parent

# ---- how the CRM read the criteria -------------------------------------------------------------

CLASS_NAMES = ["bullet_points/pos", "bullet_points/neg", "concise/pos", "concise/neg"]


def _two_tower_export(tokenizer, out: Path, class_names: list[str] | None) -> Path:
    from crm.export.artifact import CRMSettings
    from crm.export.writer import export_crm
    from tests.conftest import tiny_two_tower_model, two_tower_spec

    model = tiny_two_tower_model(criteria_classes=4)
    settings = CRMSettings("bt", two_tower_spec(criteria_classes=4), 128, 48, criteria_class_names=class_names)
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
    from crm.scoring.answer_store import AnswerStore

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
    fresh.crm.towers.store = None  # describes every answer itself
    alone = fresh.board(corpus, ["Prefer concise answers."], queries, rounds=50)
    assert [(r.model, r.win_rate) for r in board.rows] == [(r.model, r.win_rate) for r in alone.rows]
