"""Scores for n responses to one conversation under criteria: the one rule that the scoring server,
the TRL reward function and best-of-n share.

``bt``: each response's reward, scored alone (the same call as :meth:`CRM.answer_rewards`).

``cls``: a round robin. Every ordered pair (i, j) is judged, so each pair is seen in both orders and
p(i over j) = (p_A(i, j) + 1 - p_A(j, i)) / 2 cannot depend on which response was shown first; a
response's score is its mean p of beating each of the others (a Borda count in probabilities, in
[0, 1]; a lone response gets 0.5). That costs n(n-1) judgements for n responses, against n - 1 for a
knockout tournament, but every response gets a score, no bracket luck decides, and a response that
loses only to the winner still ranks second.

All judgements of a call run in one length-sorted pass (:func:`crm.scoring.judging.judge`); with a
:class:`~crm.scoring.cache.ScoreCache` each one is looked up first and stored once computed, under the
same keys as the leaderboard's (:func:`crm.scoring.judging.judgement_key`), so a killed run resumes
and a board's scores are reused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from crm.data.row_format import SampleTooLong
from crm.heads import Head
from crm.scoring.cache import ScoreCache, criteria_key, normalise_criteria
from crm.scoring.judging import Judgement, judge, judgement_key
from crm.stats import sigmoid


def criteria_lines(criteria: Sequence[str] | str) -> list[str]:
    """Criteria as given by a user: a list of lines, or one string holding one criterion per line."""
    return criteria.splitlines() if isinstance(criteria, str) else list(criteria)


@dataclass(frozen=True)
class ResponseSet:
    """Responses to judge against each other: the criteria, the conversation before the responses
    (it ends with the user's turn) and the responses."""

    criteria: tuple[str, ...]
    history: tuple[tuple[tuple[str, str], ...], ...]
    responses: tuple[str, ...]

    @classmethod
    def build(cls, criteria: Sequence[str], history: Sequence[dict] | str, responses: Sequence[str]) -> ResponseSet:
        """``history``: the messages before the responses, or the user's prompt as a string."""
        if isinstance(history, str):
            history = [{"role": "user", "content": history}]
        return cls(
            tuple(normalise_criteria(criteria)),
            tuple(tuple(sorted(m.items())) for m in history),
            tuple(responses),
        )

    @property
    def messages(self) -> list[dict[str, str]]:
        return [dict(m) for m in self.history]


@dataclass
class SetScores:
    """``scores[i]``: a ``bt`` reward, or the round-robin score (mean p of beating the others) of ``cls``.
    ``pairwise[i][j]`` (``cls`` only): p(response i is preferred over response j), both orders averaged."""

    scores: list[float]
    pairwise: list[list[float]] | None = None
    margin_probability: Callable[[float], float] = sigmoid  # a pointwise head's p(i over j) of a reward margin

    def preference(self, i: int = 0, j: int = 1) -> float:
        """p(response i preferred over response j): of the reward margin (the head's rule), or the pairwise
        judgement."""
        if self.pairwise is not None:
            return self.pairwise[i][j]
        return float(self.margin_probability(self.scores[i] - self.scores[j]))


def cache_name(crm) -> str:
    """The score cache's name for a loaded CRM scoring in its precision (as the leaderboard names it)."""
    if not getattr(crm, "fingerprint", None):
        raise ValueError("this CRM has no weights fingerprint (load it with load_crm) and cannot use a score cache")
    return f"{crm.fingerprint}|{crm.plan.label}"


def _key(scored_set: ResponseSet, index: tuple[int, ...]) -> tuple:
    """A judgement as what it reads (the conversation and the texts), not where the texts stand: one
    answer given twice is one judgement, scored once, so its copies get the same score."""
    return (scored_set.history, *(scored_set.responses[i] for i in index))


def _content(judgement: Judgement) -> str:
    texts = (judgement.first,) if judgement.second is None else (judgement.first, judgement.second)
    return judgement_key("reward" if judgement.second is None else "first", judgement.messages, *texts)


def _judgement(scored_set: ResponseSet, index: tuple[int, ...]) -> Judgement:
    return Judgement(scored_set.criteria, scored_set.messages, *(scored_set.responses[i] for i in index))


def score_response_sets(
    crm, sets: Sequence[ResponseSet], batch_size: int = 32, cache: ScoreCache | None = None, progress: bool = False
) -> list[SetScores]:
    """Scores for every set (see the module docstring), all judgements in one pass, each distinct one once."""
    head = crm.head
    by_criteria: dict[tuple[str, ...], dict[tuple, Judgement]] = {}  # the judgements each criteria set needs
    for s in sets:
        needed = by_criteria.setdefault(s.criteria, {})
        for index in head.judged(len(s.responses)):
            key = _key(s, index)
            if key not in needed:
                needed[key] = _judgement(s, index)
    values: dict[tuple, float] = {}  # (criteria, judgement key) -> its score
    name = cache_name(crm) if cache is not None else None
    todo: list[tuple] = []
    for criteria, needed in by_criteria.items():
        if cache is not None:
            contents = {_content(j): key for key, j in needed.items()}
            for content, value in cache.get(name, criteria_key(criteria), contents).items():
                values[(criteria, contents[content])] = value
        missing = [(criteria, key) for key in needed if (criteria, key) not in values]
        if missing:
            crm.check_criteria(criteria)
            todo += missing
    if todo:
        judgements = [by_criteria[criteria][key] for criteria, key in todo]
        computed = dict(zip(todo, judge(crm, judgements, batch_size, progress)))
        values.update(computed)
        if cache is not None:
            for criteria in {criteria for criteria, _ in computed}:
                stored = {_content(by_criteria[c][key]): v for (c, key), v in computed.items() if c == criteria}
                cache.put(name, criteria_key(criteria), stored)
    return [_set_scores(head, s, values) for s in sets]


def score_or_skip(
    crm, sets: Sequence[ResponseSet], batch_size: int = 32, cache: ScoreCache | None = None
) -> list[SetScores | SampleTooLong]:
    """:func:`score_response_sets`, except that a set the CRM cannot read (criteria too long) gets its
    error in place of scores instead of failing the others: a long run goes on past one bad sample."""
    try:
        return score_response_sets(crm, sets, batch_size, cache)
    except SampleTooLong as err:
        if len(sets) == 1:
            return [err]
    return [result for s in sets for result in score_or_skip(crm, [s], batch_size, cache)]


def _set_scores(head: Head, scored_set: ResponseSet, values: dict[tuple, float]) -> SetScores:
    n = len(scored_set.responses)

    def value(*index: int) -> float:
        return values[(scored_set.criteria, _key(scored_set, index))]

    if head.judges_alone:  # each response's own reward; preferences from their margins on demand
        return SetScores([value(i) for i in range(n)], margin_probability=head.pair_probability)
    pairwise = head.preferences(value, n)
    scores = ((pairwise.sum(1) - 0.5) / (n - 1) if n > 1 else np.full(n, 0.5)).tolist()
    copy_of = {text: i for i, text in reversed(list(enumerate(scored_set.responses)))}
    # copies' rows hold the same numbers in other places, so their sums may differ in the last bit
    return SetScores([scores[copy_of[text]] for text in scored_set.responses], pairwise.tolist())


def group_responses(
    items: Sequence[tuple[Sequence[str], Sequence[dict] | str, str]],
) -> tuple[list[ResponseSet], list[list[int]]]:
    """(criteria, conversation, response) items as response sets: the responses to one conversation
    under the same criteria form one set (for ``cls``, the rollouts of one prompt are judged against
    each other), with each set's item indices."""
    groups: dict[tuple, list[int]] = {}
    responses = []
    for i, (criteria, history, response) in enumerate(items):
        single = ResponseSet.build(criteria, history, [response])
        groups.setdefault((single.criteria, single.history), []).append(i)
        responses.append(response)
    sets = [ResponseSet(c, h, tuple(responses[i] for i in index)) for (c, h), index in groups.items()]
    return sets, list(groups.values())


def item_scores(indices: Sequence[Sequence[int]], results: Sequence[SetScores | Exception]) -> list[float | None]:
    """The scores of :func:`group_responses`' sets back in the items' order (None where a set failed)."""
    scores: list[float | None] = [None] * sum(map(len, indices))
    for index, result in zip(indices, results):
        if not isinstance(result, Exception):
            for i, value in zip(index, result.scores):
                scores[i] = value
    return scores
