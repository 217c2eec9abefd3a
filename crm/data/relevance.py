"""How much of the query an answer takes up: the one cheap sign that an answer answers another question.

An answer to another query is fluent and well formed, so neither its layout nor the answer tower's
description of it alone can tell; the cosine of the query's and the answer's descriptions ranks it
below the real answer, but its level varies from query to query. The share of the query's words that
the answer repeats separates the two (on Arena-Hard's answers outside training: docs/RESULTS.md), read
by the degenerate gate (:mod:`crm.train.degenerate_gate_fit`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

CONTENT_WORD = re.compile(r"\w{4,}")  # words of four letters or more: few function words


def last_user_turn(history: Sequence[dict]) -> str:
    """The conversation's last user message: what the answer replies to ('' where there is none)."""
    return next((m["content"] for m in reversed(history) if m["role"] == "user"), "")


@lru_cache(maxsize=4096)  # a pair is read under both polarities in one batch: each (query, answer) twice
def query_overlap(query: str, answer: str) -> float:
    """The share of the query's distinct content words found in the answer (1.0 for a query with none:
    no evidence either way)."""
    asked = set(CONTENT_WORD.findall(query.lower()))
    if not asked:
        return 1.0
    return len(asked & set(CONTENT_WORD.findall(answer.lower()))) / len(asked)
