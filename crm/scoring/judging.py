"""The one scoring rule every user of a CRM goes through: what it judges, and the cache key of each
judgement.

A ``bt`` CRM judges one answer under criteria after a conversation: its reward. A ``cls`` CRM judges
two answers shown in an order: p(the first is preferred). The leaderboard (:mod:`crm.usl.engine`),
the scoring server, best-of-n and the reward function (:mod:`crm.scoring.response_sets`) all judge
through :func:`judge` and key their cached scores with :func:`judgement_key`, so a score one of them
computed is found by the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crm.data.row_format import history_text
from crm.data.schema import PreferenceSample
from crm.scoring.cache import content_key


@dataclass(frozen=True)
class Judgement:
    """``first`` after ``messages`` (the conversation before it, ending with the user's turn) under
    ``criteria``; ``second``: for a ``cls`` CRM, the answer ``first`` is judged against."""

    criteria: Sequence[str]
    messages: Sequence[dict[str, str]]
    first: str
    second: str | None = None


def judge(crm, judgements: Sequence[Judgement], batch_size: int = 32, progress: bool = False) -> list[float]:
    """Each judgement's number: the answer's reward (``bt``) or p(first preferred over second) (``cls``)."""
    if not judgements:
        return []
    if crm.head.judges_alone:
        items = [(j.criteria, list(j.messages), j.first) for j in judgements]
        return crm.answer_rewards(items, batch_size, progress).tolist()
    samples = [
        PreferenceSample(
            prompt=j.messages[-1]["content"],
            model_a=[*j.messages, {"role": "assistant", "content": j.first}],
            model_b=[*j.messages, {"role": "assistant", "content": j.second}],
            criteria=list(j.criteria),
            preference="model_a",
        )
        for j in judgements
    ]
    return crm.prob_a(samples, batch_size).tolist()


def judgement_key(kind: str, messages: Sequence[dict[str, str]], *answers: str) -> str:
    """The cache key of a judgement's score: its kind (``reward``; ``first`` for p(first preferred);
    the leaderboard's ``second`` for p(model preferred) with the model shown second), the conversation
    and the answers, never the names they go by."""
    return content_key(kind, history_text(messages), *answers)
