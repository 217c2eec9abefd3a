"""Pairwise votes read for criteria extraction, each with the file and line it came from.

Two shapes are read, line by line: the reference jsonl (``prompt``, ``model_a``/``model_b`` message
lists, ``preference``; ``criteria`` may be absent), and the common arena export (``conversation_a``,
``conversation_b``, ``winner``: ``model_a`` | ``model_b`` | ``tie`` | ``tie (bothbad)``, with the
models' names in ``model_a``/``model_b``). A malformed line is skipped with its ``file:line`` and
reason, never silently.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from crm.data.schema import PreferenceSample

PLACEHOLDER_CRITERIA = ["general user preference"]  # what a vote carries before extraction
TIES = ("skip", "both")  # a tie left out, or written as two samples, each side preferred under its own criteria
ARENA_WINNERS = {"model_a": "model_a", "model_b": "model_b", "tie": "tie", "tie (bothbad)": "tie"}


@dataclass
class Vote:
    sample: PreferenceSample  # the vote as a reference sample (placeholder criteria until extracted)
    origin: str  # file:line


@dataclass
class VoteRead:
    votes: list[Vote] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "file:line: why"


def arena_record(record: dict) -> dict:
    """An arena export record as a reference record (the judged turn is the last one)."""
    missing = [k for k in ("conversation_a", "conversation_b", "winner") if k not in record]
    if missing:
        raise ValueError(f"missing field(s): {', '.join(missing)}")
    if record["winner"] not in ARENA_WINNERS:
        raise ValueError(f"unknown winner {record['winner']!r}; expected one of {sorted(ARENA_WINNERS)}")
    conversation = record["conversation_a"]
    users = [m.get("content") for m in conversation if isinstance(m, dict) and m.get("role") == "user"]
    if not users:
        raise ValueError("'conversation_a' has no user turn")
    models = {side: record.get(side) for side in ("model_a", "model_b") if isinstance(record.get(side), str)}
    return {
        "idx": record.get("question_id", record.get("idx")),
        "prompt": users[-1],
        "model_a": record["conversation_a"],
        "model_b": record["conversation_b"],
        "criteria": PLACEHOLDER_CRITERIA,
        "preference": ARENA_WINNERS[record["winner"]],
        **({"models": models} if models else {}),
    }


def read_votes(path: str | Path) -> VoteRead:
    """Every vote of ``path``, in order; malformed lines listed as ``file:line: why``."""
    path = Path(path)
    read = VoteRead()
    try:
        handle = path.open("rb")
    except OSError as err:
        raise FileNotFoundError(f"{path}: cannot open: {err}") from err
    with handle:
        for line_no, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            origin = f"{path}:{line_no}"
            try:
                try:
                    record = json.loads(raw.decode("utf-8"))
                except (json.JSONDecodeError, UnicodeDecodeError) as err:
                    raise ValueError(f"malformed JSON ({err})") from None
                if not isinstance(record, dict):
                    raise ValueError(f"expected a JSON object, got {type(record).__name__}")
                if "conversation_a" in record:
                    record = arena_record(record)
                else:
                    record = {"criteria": PLACEHOLDER_CRITERIA, **record}
                read.votes.append(Vote(PreferenceSample.from_dict(record), origin))
            except ValueError as err:
                read.skipped.append(f"{origin}: {err}")
    return read
