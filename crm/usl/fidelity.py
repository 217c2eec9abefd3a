"""Board fidelity: does the leaderboard rank models by the property the criteria ask for?

For a criteria family with a verifier, every model has a measurable rate of property X (bullet points,
hedging, ...) against the baseline. Under "prefer X" a faithful CRM's win rates follow that rate; under
"prefer not-X" they follow its reverse, so the two polarity boards should disagree (Kendall tau near -1).
The check runs on queries outside the training split, with criteria wordings never used in training,
so it measures criteria-reading rather than memorised pairs.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
from rich.console import Console
from scipy.stats import spearmanr

from crm.data.corpus import Corpus
from crm.data.criteria.profile import profile
from crm.data.criteria.taxonomy import (
    DEFAULT_HELDOUT_FAMILIES,
    VERIFIED_FAMILIES,
    Family,
    get_family,
    validate_families,
)
from crm.data.criteria.verifiers import ABSENT, PRESENT
from crm.data.criteria.wording_files import TEST_WORDINGS
from crm.data.splits import DEFAULT_FRACTIONS, split_of
from crm.outputs import write_whole
from crm.tables import Table_, fmt, print_tables, to_markdown
from crm.usl.board import Board, board_kendall_tau

TABLE_HEADER = [
    "family",
    "seen / held-out",
    "Spearman X",
    "Spearman not-X",
    "Kendall tau (X, not-X)",
    "lowest Spearman",
    "wordings",
    "models",
    "queries",
    "rate spread",
]


def heldout_queries(
    corpus: Corpus,
    seed: int = 0,
    fractions: Mapping[str, float] = DEFAULT_FRACTIONS,
    splits: Sequence[str] = ("val", "test"),
) -> list[str]:
    """Question ids whose text falls in ``splits`` (never ``train``): the CRM never saw pairs built on them."""
    if "train" in splits:
        raise ValueError("board fidelity is measured on queries never used in training: leave out 'train'")
    return sorted(qid for qid, q in corpus.queries.items() if split_of(q.text, seed, fractions) in splits)


def _verified(family: str | Family) -> Family:
    family = get_family(family) if isinstance(family, str) else family
    if family.verifier is None:
        raise ValueError(f"family {family.name!r} has no verifier: its property cannot be measured on an answer")
    return family


def _verdicts(corpus: Corpus, family: Family, qids: Sequence[str], model: str) -> dict[str, str]:
    """question -> present/absent/unclear for one model's answers (profiles are cached across families)."""
    answers = corpus.answers[model]
    return {q: family.verifier(profile(answers[q])) for q in qids if q in answers}


def relative_rates(corpus: Corpus, family: str | Family, qids: Sequence[str], baseline: str) -> dict[str, float]:
    """Per model (the baseline aside), how much more often its answers have X than the baseline's on the same query.

    The mean over the queries both answered of +1 where the model's answer has X ("present") and the
    baseline's clearly lacks it ("absent"), -1 for the reverse and 0 otherwise (same verdict, or either
    unclear). It lies in [-1, 1] and mirrors the board's win rate, which is also per query against the
    baseline: under "prefer X" a +1 query is one the model should win. Models sharing no query are left out.
    """
    family = _verified(family)
    base = _verdicts(corpus, family, qids, baseline)
    sign = {(PRESENT, ABSENT): 1.0, (ABSENT, PRESENT): -1.0}
    rates = {}
    for model in corpus.models:
        if model == baseline:
            continue
        mine = _verdicts(corpus, family, [q for q in qids if q in base], model)
        if mine:
            rates[model] = float(np.mean([sign.get((v, base[q]), 0.0) for q, v in mine.items()]))
    return rates


def present_rates(corpus: Corpus, family: str | Family, qids: Sequence[str]) -> dict[str, float | None]:
    """Per model (the baseline included), the share of its clear answers that have X (None: no clear answer)."""
    family = _verified(family)
    rates = {}
    for model in corpus.models:
        clear = [v == PRESENT for v in _verdicts(corpus, family, qids, model).values() if v in (PRESENT, ABSENT)]
        rates[model] = float(np.mean(clear)) if clear else None
    return rates


def default_criteria(family: str | Family, wordings: int = TEST_WORDINGS) -> tuple[list[list[str]], list[list[str]]]:
    """The first ``wordings`` test-only paraphrases per polarity (phrasings the CRM never trained on), one
    board's criteria each: a CRM may misread one wording, and one misread wording turns a whole board."""
    family = get_family(family) if isinstance(family, str) else family
    if not 1 <= wordings <= TEST_WORDINGS:
        raise ValueError(f"wordings must be between 1 and {TEST_WORDINGS} (the test-only paraphrases per polarity)")
    return tuple([[text] for text in family.texts(polarity, "test")[:wordings]] for polarity in ("pos", "neg"))


def _mean(values: Sequence[float | None]) -> float | None:
    """The mean of the defined values (None where none is)."""
    defined = [v for v in values if v is not None]
    return float(np.mean(defined)) if defined else None


def _finite(value: float) -> float | None:
    return float(value) if np.isfinite(value) else None


def _defined(label: str, sides: Mapping[str, Sequence[float]], notes: list[str]) -> bool:
    """A rank correlation needs two models and variation on both sides; otherwise say why in ``notes``."""
    n = len(next(iter(sides.values())))
    if n < 2:
        notes.append(f"{label}: undefined with {n} model(s)")
        return False
    constant = [name for name, values in sides.items() if np.ptp(np.asarray(values, float)) == 0]
    if constant:
        notes.append(f"{label}: undefined, constant {' and '.join(constant)}")
    return not constant


def _spearman(label: str, win: Sequence[float], rate: Sequence[float], notes: list[str]) -> float | None:
    if not _defined(label, {"win rates": win, "relative rates": rate}, notes):
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _finite(spearmanr(win, rate).statistic)


def _wording_fidelity(pos: Board, neg: Board, ranked: Sequence[str], rate: Sequence[float], notes: list[str]) -> dict:
    """How one wording per polarity's two boards follow the ``ranked`` models' relative ``rate``
    (undefined correlations: None)."""
    win_pos, win_neg = ({r.model: r.win_rate for r in b.rows} for b in (pos, neg))
    x_wins, not_x_wins = [win_pos[m] for m in ranked], [win_neg[m] for m in ranked]
    tau = None
    if _defined("Kendall tau", {"X win rates": x_wins, "not-X win rates": not_x_wins}, notes):
        tau = _finite(board_kendall_tau(*([r for r in b.rows if r.model in ranked] for b in (pos, neg)))[0])
    return {
        "criteria_pos": list(pos.criteria),
        "criteria_neg": list(neg.criteria),
        "spearman_pos": _spearman("Spearman X", x_wins, rate, notes),
        "spearman_neg": _spearman("Spearman not-X", not_x_wins, [-r for r in rate], notes),
        "kendall_tau": tau,
        "win_rates_pos": dict(zip(ranked, x_wins)),
        "win_rates_neg": dict(zip(ranked, not_x_wins)),
    }


def family_fidelity(
    engine,
    corpus: Corpus,
    family: str | Family,
    qids: Sequence[str],
    baseline: str | None = None,
    criteria_pos: Sequence[Sequence[str]] | None = None,
    criteria_neg: Sequence[Sequence[str]] | None = None,
    wordings: int = TEST_WORDINGS,
    rounds: int = 200,
    seed: int = 0,
    models: Sequence[str] | None = None,
    heldout_families: Sequence[str] = DEFAULT_HELDOUT_FAMILIES,
    progress: bool = False,
) -> dict:
    """Both polarity boards of one family under each of several wordings, and how faithfully they follow
    the family's relative rates.

    ``criteria_pos`` / ``criteria_neg`` are one criteria list per board (default: ``wordings`` test-only
    paraphrases, :func:`default_criteria`); the i-th of each polarity are paired for the Kendall tau. The
    correlations are the means over the wordings (``by_wording`` has each, ``lowest_spearman`` the worst):
    a user writes one wording, and the check should not stand or fall with one. ``engine`` is anything
    with :meth:`LeaderboardEngine.board`'s signature. Correlations that are undefined (fewer than two
    models, constant input) are None, with the reason in ``notes``.
    """
    family = _verified(family)
    baseline = baseline or corpus.default_baseline
    default_pos, default_neg = default_criteria(family, wordings)
    criteria_pos = [list(c) for c in (criteria_pos or default_pos)]
    criteria_neg = [list(c) for c in (criteria_neg or default_neg)]
    if len(criteria_pos) != len(criteria_neg):
        raise ValueError(f"{len(criteria_pos)} X wordings but {len(criteria_neg)} not-X ones: they are paired")
    board = dict(qids=qids, baseline=baseline, models=models, rounds=rounds, seed=seed, progress=progress)
    boards = [tuple(engine.board(corpus, c, **board) for c in pair) for pair in zip(criteria_pos, criteria_neg)]
    relative = relative_rates(corpus, family, qids, baseline)
    finite = [{r.model for r in b.rows if np.isfinite(r.win_rate)} for pair in boards for b in pair]
    ranked = [m for m in sorted(relative) if all(m in f for f in finite)]
    rate = [relative[m] for m in ranked]
    notes: list[str] = []
    spread = float(np.std(rate)) if rate else None
    if not spread:
        notes.append("every model has the same relative rate: this family cannot show fidelity here")
    by_wording = []
    for pos, neg in boards:
        mine: list[str] = []
        by_wording.append(_wording_fidelity(pos, neg, ranked, rate, mine))
        prefix = f"{pos.criteria} / {neg.criteria}: " if len(boards) > 1 else ""
        notes += [prefix + note for note in mine]
    each = {k: [w[k] for w in by_wording] for k in ("spearman_pos", "spearman_neg", "kendall_tau")}
    lowest = [v for k in ("spearman_pos", "spearman_neg") for v in each[k] if v is not None]
    return {
        "family": family.name,
        "kind": family.kind,
        "seen": family.name not in heldout_families,
        "baseline": baseline,
        "wordings": len(boards),
        "models": len(ranked),
        "queries": boards[0][0].queries,
        **{k: _mean(v) for k, v in each.items()},
        "lowest_spearman": min(lowest) if lowest else None,
        "rate_spread": spread,
        "relative_rates": {m: relative[m] for m in ranked},
        "present_rates": present_rates(corpus, family, qids),
        "by_wording": by_wording,
        "scored": sum(b.scored for pair in boards for b in pair),
        "notes": notes,
    }


def fidelity_table(results: Sequence[dict], title: str = "Board fidelity: win rates vs the property's rate") -> Table_:
    """One row per family, in the layout of :mod:`crm.evaluation.result_tables` (``print_tables``, ``to_markdown``)."""
    rows = [
        [
            r["family"],
            "seen" if r["seen"] else "held-out",
            fmt(r["spearman_pos"], 3),
            fmt(r["spearman_neg"], 3),
            fmt(r["kendall_tau"], 3),
            fmt(r["lowest_spearman"], 3),
            str(r["wordings"]),
            str(r["models"]),
            str(r["queries"]),
            fmt(r["rate_spread"], 3),
        ]
        for r in results
    ]
    return title, list(TABLE_HEADER), rows


def fidelity_summary(results: Sequence[dict]) -> dict[str, dict]:
    """Mean Spearman (both polarities, undefined ones left out) over seen and over held-out families."""
    summary = {}
    for group, seen in (("seen", True), ("held-out", False)):
        members = [r for r in results if r["seen"] == seen]
        values = [r[k] for r in members for k in ("spearman_pos", "spearman_neg")]
        summary[group] = {"families": len(members), "mean_spearman": _mean(values)}
    return summary


def summary_lines(summary: Mapping[str, dict]) -> list[str]:
    return [
        f"mean Spearman (X and not-X), {group} families ({s['families']}): {fmt(s['mean_spearman'], 3)}"
        for group, s in summary.items()
    ]


def print_fidelity(results: Sequence[dict], console: Console | None = None) -> None:
    """The table, the seen/held-out means and every family's notes, on the terminal."""
    console = console or Console()
    print_tables([fidelity_table(results)], console)
    for line in summary_lines(fidelity_summary(results)):
        console.print(line)
    for r in results:
        for note in r["notes"]:
            console.print(f"[yellow]{r['family']}:[/yellow] {note}")


def write_fidelity(out: Path, results: Sequence[dict], meta: Mapping) -> None:
    """``fidelity.json`` (everything, per-model rates included) and ``fidelity.md`` (the command, table and means)."""
    out.mkdir(parents=True, exist_ok=True)
    summary = fidelity_summary(results)
    payload = {**meta, "summary": summary, "results": list(results)}
    write_whole(out / "fidelity.json", json.dumps(payload, indent=2) + "\n")
    notes = [f"- {r['family']}: {note}" for r in results for note in r["notes"]]
    lines = ["```", meta.get("command", ""), "```", "", to_markdown(fidelity_table(results))]
    lines += [f"{line}  " for line in summary_lines(summary)] + ([""] + notes if notes else [])
    write_whole(out / "fidelity.md", "\n".join(lines) + "\n")


def parse_families(text: str | None) -> tuple[str, ...]:
    """Comma-separated family names, typos rejected."""
    return validate_families(n.strip() for n in (text or "").split(",") if n.strip())


def run_fidelity(
    engine,
    corpus: Corpus,
    families: Sequence[str] = (),
    baseline: str | None = None,
    split_seed: int = 0,
    query_splits: Sequence[str] = ("val", "test"),
    heldout_families: Sequence[str] | None = None,
    rounds: int = 200,
    out: Path | None = None,
    meta: Mapping | None = None,
    console: Console | None = None,
    wordings: int = TEST_WORDINGS,
) -> list[dict]:
    """Every family's fidelity (default: every verified one; held out of training: the data's default) on
    the queries outside the training split, under ``wordings`` test-only wordings per polarity, printed
    and (with ``out``) written."""
    console = console or Console()
    families = families or VERIFIED_FAMILIES
    heldout_families = DEFAULT_HELDOUT_FAMILIES if heldout_families is None else heldout_families
    qids = heldout_queries(corpus, split_seed, splits=query_splits)
    results = [
        family_fidelity(
            engine,
            corpus,
            f,
            qids,
            baseline,
            wordings=wordings,
            rounds=rounds,
            heldout_families=heldout_families,
            progress=True,
        )
        for f in families
    ]
    print_fidelity(results, console)
    if out is not None:
        info = {
            **(meta or {}),
            "corpus": corpus.name,
            "baseline": baseline or corpus.default_baseline,
            "split_seed": split_seed,
            "query_splits": list(query_splits),
            "heldout_queries": len(qids),
            "heldout_families": list(heldout_families),
            "wordings": wordings,
        }
        write_fidelity(out, results, info)
        console.print(f"wrote {out / 'fidelity.json'} and {out / 'fidelity.md'}")
    return results
