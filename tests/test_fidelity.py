"""Board fidelity: relative rates with known verdicts, the held-out queries, and the wiring of both boards."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from crm.data.corpus import Corpus, Query
from crm.data.criteria.profile import profile
from crm.data.criteria.taxonomy import get_family
from crm.data.splits import split_of
from crm.tables import to_markdown
from crm.usl.board import Board, BoardRow
from crm.usl.fidelity import (
    TABLE_HEADER,
    family_fidelity,
    fidelity_summary,
    fidelity_table,
    heldout_queries,
    present_rates,
    relative_rates,
)

BULLETS = "Here are the points:\n\n- one\n- two\n- three\n"
PROSE = "It is a plain sentence without any list at all."
UNCLEAR = "Two steps:\n\n1. first\n2. second\n"  # a list, but not three bullet items: neither present nor absent
# q3: the baseline has bullets too; "mixed" never answered q3.
ANSWERS = {
    "base": {"q0": PROSE, "q1": PROSE, "q2": PROSE, "q3": BULLETS},
    "bullets": {"q0": BULLETS, "q1": BULLETS, "q2": BULLETS, "q3": BULLETS},
    "prose": {"q0": PROSE, "q1": PROSE, "q2": PROSE, "q3": PROSE},
    "mixed": {"q0": BULLETS, "q1": PROSE, "q2": UNCLEAR},
}
EXPECTED = {"bullets": 3 / 4, "prose": -1 / 4, "mixed": 1 / 3}


def make_corpus(answers=ANSWERS, texts: dict[str, str] | None = None) -> Corpus:
    qids = sorted({q for per_model in answers.values() for q in per_model})
    texts = texts or {q: f"Question {q}?" for q in qids}
    queries = {q: Query(q, texts[q], "writing") for q in qids}
    return Corpus("tiny", queries, {m: dict(a) for m, a in answers.items()}, "base")


def test_the_hand_made_answers_get_the_intended_verdicts():
    verify = get_family("bullet_points").verifier
    assert [verify(profile(t)) for t in (BULLETS, PROSE, UNCLEAR)] == ["present", "absent", "unclear"]


def test_relative_rates_count_clear_differences_against_the_baseline():
    corpus = make_corpus()
    rates = relative_rates(corpus, "bullet_points", ["q0", "q1", "q2", "q3"], "base")
    assert rates == pytest.approx(EXPECTED) and "base" not in rates
    assert relative_rates(corpus, "bullet_points", ["q3"], "base") == {"bullets": 0.0, "prose": -1.0}  # mixed: no q3
    assert relative_rates(corpus, "bullet_points", ["q0"], "prose") == {"base": 0.0, "bullets": 1.0, "mixed": 1.0}
    plain = present_rates(corpus, "bullet_points", ["q0", "q1", "q2", "q3"])
    assert plain == {"base": 0.25, "bullets": 1.0, "prose": 0.0, "mixed": 0.5}  # mixed: the unclear q2 left out
    with pytest.raises(ValueError, match="no verifier"):
        relative_rates(corpus, "academic", ["q0"], "base")


def test_heldout_queries_are_exactly_those_outside_the_training_split():
    texts = {f"q{i}": f"Tell me something about subject number {i}." for i in range(60)}
    corpus = make_corpus({"base": {q: PROSE for q in texts}}, texts)
    held = heldout_queries(corpus)
    assert held == sorted(q for q, t in texts.items() if split_of(t, 0) != "train")
    assert 0 < len(held) < 30  # about a fifth: train is 80%
    assert heldout_queries(corpus, seed=1) != held
    assert heldout_queries(corpus, fractions={"train": 1.0, "val": 0.0, "test": 0.0}) == []
    assert heldout_queries(corpus, fractions={"train": 0.0, "val": 0.5, "test": 0.5}) == sorted(texts)


class FakeEngine:
    """Boards whose win rates are a given function of each model's relative rate, per polarity."""

    def __init__(self, corpus: Corpus, pos, neg, misread=()):
        self.rates = relative_rates(corpus, "bullet_points", sorted(corpus.queries), "base")
        self.win = {"pos": pos, "neg": neg}
        self.misread = set(misread)  # criteria read as the other polarity
        self.calls: list[list[str]] = []

    def board(self, corpus, criteria, qids, baseline=None, models=None, rounds=1000, seed=0, progress=False):
        self.calls.append(list(criteria))
        polarity = "pos" if len(self.calls) % 2 else "neg"
        win = self.win[{"pos": "neg", "neg": "pos"}[polarity] if criteria[0] in self.misread else polarity]
        rows = [BoardRow(m, win(r), 0.0, 1.0, 1, len(qids), 10.0) for m, r in self.rates.items()]
        return Board(rows, baseline, list(criteria), len(qids), 0)


def fidelity(pos, neg, family="bullet_points", misread=(), **kw):
    corpus = make_corpus()
    engine = FakeEngine(corpus, pos, neg, misread)
    return engine, family_fidelity(engine, corpus, family, sorted(corpus.queries), "base", **kw)


def test_a_faithful_board_has_spearman_one_and_reversed_polarities():
    engine, r = fidelity(lambda x: 0.5 + x / 2, lambda x: 0.5 - x / 2)
    family = get_family("bullet_points")
    pos, neg = family.texts("pos", "test"), family.texts("neg", "test")
    assert len(pos) == len(neg) == 3 and r["wordings"] == 3  # every test-only wording, X and not-X paired
    assert engine.calls == [[text] for pair in zip(pos, neg) for text in pair]
    assert not set(pos + neg) & set(family.texts("pos") + family.texts("neg"))  # never trained on
    assert (r["spearman_pos"], r["spearman_neg"], r["kendall_tau"]) == pytest.approx((1.0, 1.0, -1.0))
    assert r["lowest_spearman"] == pytest.approx(1.0) and len(r["by_wording"]) == 3
    assert [w["criteria_pos"] for w in r["by_wording"]] == [[text] for text in pos]
    assert r["models"] == 3 and r["queries"] == 4 and r["seen"] and r["notes"] == []
    assert r["relative_rates"] == pytest.approx(EXPECTED)
    assert r["rate_spread"] == pytest.approx(float(np.std(list(EXPECTED.values()))))


def test_one_misread_wording_lowers_the_mean_and_is_named_as_the_lowest():
    second = get_family("bullet_points").texts("pos", "test")[1]
    _, r = fidelity(lambda x: 0.5 + x / 2, lambda x: 0.5 - x / 2, misread=[second])
    assert [w["spearman_pos"] for w in r["by_wording"]] == pytest.approx([1.0, -1.0, 1.0])
    assert [w["kendall_tau"] for w in r["by_wording"]] == pytest.approx([-1.0, 1.0, -1.0])
    assert (r["spearman_pos"], r["spearman_neg"], r["kendall_tau"]) == pytest.approx((1 / 3, 1.0, -1 / 3))
    assert r["lowest_spearman"] == pytest.approx(-1.0)
    _, one = fidelity(lambda x: 0.5 + x / 2, lambda x: 0.5 - x / 2, misread=[second], wordings=1)
    assert one["spearman_pos"] == pytest.approx(1.0)  # the misread wording is not among the first one
    with pytest.raises(ValueError, match="between 1 and 3"):
        fidelity(lambda x: x, lambda x: x, wordings=4)
    with pytest.raises(ValueError, match="paired"):
        fidelity(lambda x: x, lambda x: x, criteria_pos=[["Lists!"]])


def test_an_unfaithful_board_and_undefined_correlations():
    _, backwards = fidelity(lambda x: 0.5 - x / 2, lambda x: 0.5 - x / 2, wordings=1, criteria_pos=[["Lists!"]])
    assert (backwards["spearman_pos"], backwards["spearman_neg"], backwards["kendall_tau"]) == pytest.approx(
        (-1.0, 1.0, 1.0)
    )
    assert backwards["by_wording"][0]["criteria_pos"] == ["Lists!"] and backwards["wordings"] == 1
    _, flat = fidelity(lambda x: 0.5, lambda x: 0.5 - x / 2)
    assert flat["spearman_pos"] is None and flat["kendall_tau"] is None and flat["spearman_neg"] == pytest.approx(1.0)
    assert any("constant win rates" in n for n in flat["notes"])
    _, alike = fidelity(lambda x: 0.5 + x / 2, lambda x: 0.5 - x / 2, family="tables")  # no answer has a table
    assert alike["rate_spread"] == 0.0 and alike["spearman_pos"] is None and alike["spearman_neg"] is None
    assert any("cannot show fidelity" in n for n in alike["notes"])


def test_the_table_has_one_row_per_family_and_the_summary_splits_seen_from_held_out():
    results = [
        fidelity(lambda x: 0.5 + x / 2, lambda x: 0.5 - x / 2)[1],
        fidelity(lambda x: 0.5 - x / 2, lambda x: 0.5 - x / 2, heldout_families=["bullet_points"])[1],
    ]
    title, header, rows = fidelity_table(results)
    assert header == TABLE_HEADER and len(rows) == 2 and all(len(row) == len(header) for row in rows)
    assert rows[0][:7] == ["bullet_points", "seen", "1.000", "1.000", "-1.000", "1.000", "3"]
    assert rows[1][1] == "held-out" and rows[1][2] == "-1.000"
    assert "| bullet_points | held-out |" in to_markdown((title, header, rows))
    summary = fidelity_summary(results)
    assert summary["seen"] == {"families": 1, "mean_spearman": pytest.approx(1.0)}
    assert summary["held-out"] == {"families": 1, "mean_spearman": pytest.approx(0.0)}


# ---- end to end: the script and `crm-usl fidelity` on a tiny CRM ------------------------------------


def write_corpus(root: Path) -> Path:
    """Four held-out queries (and two training ones, which must be left out) in the FastChat layout."""
    candidates = [f"Question {i}: say something about topic {i}." for i in range(200)]
    held, train = ([t for t in candidates if (split_of(t, 0) == "train") == is_train] for is_train in (False, True))
    texts = held[:4] + train[:2]
    (root / "model_answer").mkdir(parents=True)
    (root / "question.jsonl").write_text(
        "".join(json.dumps({"question_id": i, "category": "writing", "turns": [t]}) + "\n" for i, t in enumerate(texts))
    )
    styles = {"base": [PROSE] * 6, "bullets": [BULLETS] * 6, "mixed": [BULLETS, PROSE] * 3, "prose": [PROSE] * 6}
    for model, answers in styles.items():
        lines = [json.dumps({"question_id": i, "choices": [{"turns": [a]}]}) + "\n" for i, a in enumerate(answers)]
        (root / "model_answer" / f"{model}.jsonl").write_text("".join(lines))
    return root


def test_subcommand_end_to_end_and_cached_rerun(tiny_crm, tmp_path, capsys, monkeypatch):
    from crm.usl.__main__ import main as usl_main

    monkeypatch.setenv("COLUMNS", "200")
    corpus, crm, cache = str(write_corpus(tmp_path / "corpus")), str(tiny_crm("bt")), str(tmp_path / "c.sqlite")
    common = ["--corpus", corpus, "--baseline", "base", "--families", "bullet_points,hedging", "--cache", cache]
    assert usl_main(["fidelity", "--ckpt", crm, *common, "--rounds", "50", "--out", str(tmp_path / "a")]) == 0
    out = capsys.readouterr().out
    assert "bullet_points" in out and "mean Spearman" in out and "held-out" in out
    saved = json.loads((tmp_path / "a" / "fidelity.json").read_text())
    assert [r["family"] for r in saved["results"]] == ["bullet_points", "hedging"] and saved["heldout_queries"] == 4
    first = saved["results"][0]
    assert first["queries"] == 4 and first["relative_rates"] == {"bullets": 1.0, "mixed": 0.5, "prose": 0.0}
    assert "crm-usl fidelity --ckpt" in (tmp_path / "a" / "fidelity.md").read_text()

    assert usl_main(["fidelity", "--ckpt", crm, *common, "--rounds", "50", "--out", str(tmp_path / "b")]) == 0
    again = json.loads((tmp_path / "b" / "fidelity.json").read_text())
    assert [r["scored"] for r in again["results"]] == [0, 0]  # every score came from the cache
    assert again["results"][0]["spearman_pos"] == first["spearman_pos"]
    assert usl_main(["fidelity", "--ckpt", crm, *common[:-4], "--families", "bullet_pints", "--cache", cache]) == 1
