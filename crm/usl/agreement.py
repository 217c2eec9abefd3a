"""Board agreement: under general and quality criteria, does the board rank the models as a public
leaderboard does?

A user picks LLMs by quality first. Arena-Hard publishes each model's win rate against gpt-4-0314 as
GPT-4-Turbo judged it (``leaderboard.csv`` beside the corpus); a board under "General user preference."
or "Prefer accurate, correct and genuinely helpful answers." should rank the models as those scores
do. Each board is built on the queries outside the training split and compared by Spearman and Kendall
rank correlation over every model with a published score, and over the held-out models alone (whose
answers and scores never reached training). Beside them: the ranking by mean answer length (what a
length-following judge would give), and a board under "prefer concise", whose agreement should fall:
the criteria still steer.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
from rich.console import Console
from scipy.stats import kendalltau, spearmanr

from crm.data.corpus import Corpus
from crm.data.criteria.fixed import FIXED
from crm.data.criteria.style_pools import GENERAL_CRITERION
from crm.data.criteria.taxonomy import QUALITY, get_family
from crm.outputs import write_whole
from crm.tables import fmt, print_tables, to_markdown
from crm.usl.null_models import null_ranks, with_null_models

# The paper's generic criterion and the words a user types for it (both trained on, with the votes),
# then the quality family's test-only wordings (never trained on); the contrast asks for form alone.
GENERIC_WORDINGS = (FIXED["generic"], GENERAL_CRITERION)
CONTRAST = FIXED["contrast"]
HEADER = ["criteria", "wording", "Spearman (all)", "Kendall (all)", "Spearman (held-out)", "Kendall (held-out)"]
MEAN_LENGTH = "mean answer length"


def default_wordings() -> list[tuple[str, str]]:
    """(criterion, kind) of every board: the generic wordings, the quality test wordings, the contrast."""
    return (
        [(w, "generic (trained)") for w in GENERIC_WORDINGS]
        + [(w, "quality (test-only)") for w in get_family(QUALITY).texts("pos", "test")]
        + [(CONTRAST, "contrast: form")]
    )


def rank_agreement(values: Mapping[str, float], reference: Mapping[str, float], models: Sequence[str]) -> dict:
    """Spearman and Kendall between ``values`` and ``reference`` over ``models`` (None where undefined)."""
    ranked = [m for m in models if m in values and m in reference]
    out: dict = {"models": len(ranked), "spearman": None, "kendall": None}
    x, y = [values[m] for m in ranked], [reference[m] for m in ranked]
    if len(ranked) < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return out
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out["spearman"] = float(spearmanr(x, y).statistic)
        out["kendall"] = float(kendalltau(x, y).statistic)
    return out


def mean_lengths(corpus: Corpus, qids: Sequence[str], models: Sequence[str]) -> dict[str, float]:
    """Each model's mean answer length in characters over ``qids``."""
    out = {}
    for model in models:
        lengths = [len(corpus.answers[model][q]) for q in qids if q in corpus.answers[model]]
        if lengths:
            out[model] = float(np.mean(lengths))
    return out


def run_agreement(
    engine,
    corpus: Corpus,
    reference: Mapping[str, float],
    qids: Sequence[str],
    heldout_models: Sequence[str],
    wordings: Sequence[tuple[str, str]] | None = None,
    baseline: str | None = None,
    rounds: int = 200,
    out: Path | None = None,
    meta: Mapping | None = None,
    console: Console | None = None,
    null_models: bool = False,
) -> dict:
    """Every board's agreement with ``reference`` (model -> published score) over all scored models and
    over ``heldout_models``, and the mean-length ranking's; printed and (with ``out``) written. With
    ``null_models`` each board also ranks the null models (:mod:`crm.usl.null_models`) and says whether
    every one of them is below every real model."""
    if not reference:
        raise ValueError(f"{corpus.name} has no published scores to agree with (a leaderboard.csv beside the corpus)")
    console = console or Console()
    baseline = baseline or corpus.default_baseline
    scored = [m for m in corpus.models if m in reference]
    held = [m for m in scored if m in set(heldout_models)]
    rows = []
    for criterion, kind in wordings or default_wordings():
        judged = with_null_models(corpus, baseline, criterion) if null_models else corpus
        board = engine.board(judged, [criterion], qids, baseline, rounds=rounds, progress=True)
        win = {r.model: r.win_rate for r in board.rows} | {board.baseline: 0.5}
        row = {"criteria": criterion, "kind": kind, "win_rates": win, **_both(win, reference, scored, held)}
        rows.append(row | ({"null_models": null_ranks(win)} if null_models else {}))
    lengths = mean_lengths(corpus, qids, corpus.models)
    rows.append(
        {
            "criteria": MEAN_LENGTH,
            "kind": "reference",
            "mean_lengths": lengths,
            **_both(lengths, reference, scored, held),
        }
    )
    result = {
        **(meta or {}),
        "corpus": corpus.name,
        "baseline": baseline,
        "queries": len(qids),
        "models": scored,
        "heldout_models": held,
        "boards": rows,
    }
    print_tables([agreement_table(result)], console)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        write_whole(out / "agreement.json", json.dumps(result, indent=2) + "\n")
        write_whole(out / "agreement.md", to_markdown(agreement_table(result)) + "\n")
        console.print(f"wrote {out / 'agreement.json'} and {out / 'agreement.md'}")
    return result


def _both(values, reference, scored, held) -> dict:
    return {"all": rank_agreement(values, reference, scored), "heldout": rank_agreement(values, reference, held)}


def null_cell(row: Mapping) -> str:
    """ "yes", or "no" and the highest null model's rank: every null model below every real one?"""
    nulls = row.get("null_models")
    if nulls is None:
        return "-"
    if nulls["all_below_real"]:
        return "yes"
    top = min(nulls["models"].items(), key=lambda item: item[1]["rank"])
    return f"no ({top[0]} #{top[1]['rank']})"


def agreement_table(result: Mapping) -> tuple[str, list[str], list[list[str]]]:
    with_nulls = any("null_models" in row for row in result["boards"])
    rows = [
        [
            row["criteria"],
            row["kind"],
            *(fmt(row[group][stat]) for group in ("all", "heldout") for stat in ("spearman", "kendall")),
            *([null_cell(row)] if with_nulls else []),
        ]
        for row in result["boards"]
    ]
    caption = (
        f"Agreement with the published ranking ({result['corpus']}, {len(result['models'])} scored models, "
        f"{len(result['heldout_models'])} held out of training, {result['queries']} queries outside training, "
        f"baseline {result['baseline']})"
    )
    return caption, HEADER + (["null models last"] if with_nulls else []), rows
