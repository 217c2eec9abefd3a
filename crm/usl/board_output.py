"""A board as a rich table, CSV, JSON and markdown."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from crm.outputs import complete_or_nothing, write_whole
from crm.tables import print_tables, to_markdown
from crm.usl.board import Board

HEADER = ["rank", "model", "win rate", "95% interval", "n", "mean length"]


def board_table(board: Board, title: str):
    lc = any(r.lc_win_rate is not None for r in board.rows)
    header = HEADER + (["LC win rate"] if lc else [])
    rows = []
    for r in board.rows:
        row = [
            str(r.rank),
            r.model,
            f"{r.win_rate:.3f}",
            f"[{r.lower:.3f}, {r.upper:.3f}]",
            str(r.n),
            f"{r.mean_length:.0f}",
        ]
        rows.append(row + ([f"{r.lc_win_rate:.3f}"] if lc else []))
    return title, header, rows


def print_board(board: Board, corpus: str, topics, seconds: float, console: Console | None = None) -> None:
    title = (
        f"{corpus} ({', '.join(topics) or 'all topics'}; {board.queries} queries) vs {board.baseline} | "
        f"criteria: {' / '.join(board.criteria)}"
    )
    print_tables([board_table(board, title)], console)
    console = console or Console()
    source = "all from the cache" if board.scored == 0 else f"{board.scored} scores computed"
    console.print(f"{len(board.rows)} models in {seconds:.1f} s ({source})")
    if dropped := board.notes.get("queries_without_baseline_answer"):
        console.print(f"[yellow]{dropped} selected queries left out: {board.baseline} has no answer to them[/yellow]")
    print_readings(board, console)


def print_readings(board: Board, console: Console) -> None:
    """How the CRM read each criterion, and which readings are unsure (the board may not follow them)."""
    if board.readings:
        console.print("How the CRM read the criteria:")
    for r in board.readings:
        line = f"  {r.criterion!r}: read as asking for {r.meaning} ({r.family}, p = {r.probability:.2f})"
        if r.sure:
            console.print(line, markup=False, highlight=False)
        else:
            warning = "unsure, the board may not follow this criterion; try rewording it"
            console.print(f"[yellow]{escape(line)}: {warning}[/yellow]")


def write_board(board: Board, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = [r.as_dict() for r in board.rows]
    meta = {"baseline": board.baseline, "criteria": board.criteria, "queries": board.queries, **board.notes}
    meta["readings"] = [r.as_dict() for r in board.readings]
    write_whole(out.with_suffix(".json"), json.dumps({**meta, "rows": rows}, indent=2) + "\n")
    with complete_or_nothing(out.with_suffix(".csv"), newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["model"])
        writer.writeheader()
        writer.writerows(rows)
    write_whole(out.with_suffix(".md"), to_markdown(board_table(board, f"Board vs {board.baseline}")))
