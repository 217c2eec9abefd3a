"""Every table the project prints or writes, in one layout: ``(title, header, rows)`` or ``(title,
header, rows, caption)`` of strings, rendered by rich in a terminal or as markdown in files."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

Table_ = tuple  # (title, header, rows) or (title, header, rows, caption); all cells are strings


def fmt(value: Any, digits: int = 4) -> str:
    if value is None:
        return "-"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(fmt(v, 3) for v in value) + "]"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def to_markdown(table: Table_) -> str:
    title, header, rows, *caption = table
    lines = [f"### {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    if caption and caption[0]:
        lines += ["", caption[0]]
    return "\n".join(lines) + "\n"


def print_tables(tables: Sequence[Table_], console: Console | None = None) -> None:
    console = console or Console()
    if not console.is_terminal:  # logs and pipes: wide enough that a table with every split stays on one line
        console.width = max(console.width, 160)
    for title, header, rows, *caption in tables:
        table = Table(title=title, caption=caption[0] if caption else None, box=box.SIMPLE_HEAVY)
        for i, column in enumerate(header):
            table.add_column(column, justify="left" if i == 0 else "right")
        for row in rows:
            table.add_row(*row)
        console.print(table)
