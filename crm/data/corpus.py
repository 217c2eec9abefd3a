"""Leaderboard corpora: queries with topics, and one answer file per model.

This module reads FastChat's layout (MT-Bench, Arena-Hard); the other formats and the named corpora
are registered in :mod:`crm.data.corpora`::

    <dir>/question.jsonl                {"question_id", "category" or "topic", "turns": ["..." or {"content"}]}
    <dir>/model_answer/<model>.jsonl    {"question_id", "choices": [{"turns": ["..." or {"content"}]}]}

Only the first turn is judged: a later turn depends on each model's own earlier answers, so two models'
second turns answer different conversations.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from crm.data.schema import DataFormatError, invalid_unicode


@dataclass
class Query:
    question_id: str
    text: str
    topic: str
    cluster: str | None = None  # Arena-Hard's fine-grained cluster


@dataclass
class Corpus:
    name: str
    queries: dict[str, Query]
    answers: dict[str, dict[str, str]]  # model -> question_id -> first-turn answer
    default_baseline: str | None = None
    notes: dict[str, int] = field(default_factory=dict)  # e.g. answers to unknown questions, skipped

    @property
    def models(self) -> list[str]:
        return sorted(self.answers)

    def topics(self) -> dict[str, int]:
        """Topic -> number of queries."""
        counts: dict[str, int] = {}
        for q in self.queries.values():
            counts[q.topic] = counts.get(q.topic, 0) + 1
        return dict(sorted(counts.items()))


def _turn_text(turn: object, where: str) -> str:
    text = turn.get("content") if isinstance(turn, dict) else turn
    if not isinstance(text, str):
        raise DataFormatError(f"{where}: a turn must be a string or an object with 'content'")
    return text


def _records(path: Path):
    if not path.exists():
        raise FileNotFoundError(f"{path} does not exist")
    with path.open("rb") as handle:
        for line_no, raw in enumerate(handle, start=1):
            if raw.strip():
                try:
                    record = json.loads(raw.decode("utf-8"))
                except UnicodeDecodeError as err:
                    raise DataFormatError(f"{path}:{line_no}: not UTF-8 (byte {err.start})") from None
                except json.JSONDecodeError as err:
                    raise DataFormatError(f"{path}:{line_no}: malformed JSON ({err.msg})") from None
                problem = invalid_unicode(record)
                if problem:
                    raise DataFormatError(f"{path}:{line_no}: {problem}")
                yield f"{path}:{line_no}", record


def load_corpus(directory: str | Path, name: str | None = None, default_baseline: str | None = None) -> Corpus:
    """A corpus in the FastChat layout; every malformed line names its file and line."""
    directory = Path(directory)
    queries: dict[str, Query] = {}
    seen: dict[str, str] = {}  # question_id -> file:line, to name both lines of a duplicate
    for where, record in _records(directory / "question.jsonl"):
        try:
            qid = str(record["question_id"])
            turns = record["turns"]
            topic = record.get("topic") or record.get("category")
        except (KeyError, TypeError):
            raise DataFormatError(f"{where}: needs 'question_id' and 'turns'") from None
        if not isinstance(turns, list) or not turns:
            raise DataFormatError(f"{where}: 'turns' must be a non-empty list")
        if not topic:
            raise DataFormatError(f"{where}: needs a 'topic' or 'category'")
        if qid in queries:
            raise DataFormatError(f"{where}: duplicate question_id {qid!r} (first at {seen[qid]})")
        seen[qid] = where
        queries[qid] = Query(qid, _turn_text(turns[0], where), str(topic), record.get("cluster"))
    answer_dir = directory / "model_answer"
    if not answer_dir.is_dir():
        raise FileNotFoundError(f"{answer_dir} does not exist (one <model>.jsonl per model)")
    answers: dict[str, dict[str, str]] = {}
    unknown = 0
    for path in sorted(answer_dir.glob("*.jsonl")):
        model_answers: dict[str, str] = {}
        answered: dict[str, str] = {}
        for where, record in _records(path):
            try:
                qid = str(record["question_id"])
                turns = record["choices"][0]["turns"]
            except (KeyError, IndexError, TypeError):
                raise DataFormatError(f"{where}: needs 'question_id' and 'choices'[0]['turns']") from None
            if not isinstance(turns, list):
                raise DataFormatError(f"{where}: 'choices'[0]['turns'] must be a list")
            if qid not in queries:
                unknown += 1
                continue
            if qid in answered:
                raise DataFormatError(f"{where}: a second answer to question_id {qid!r} (first at {answered[qid]})")
            answered[qid] = where
            model_answers[qid] = _turn_text(turns[0], where) if turns else ""
        answers[path.stem] = model_answers
    return Corpus(name or directory.name, queries, answers, default_baseline, {"answers_to_unknown_questions": unknown})
