"""The canonical preference sample and its jsonl reader/writer.

The on-disk format is the reference implementation's (one JSON object per line):
``idx``, ``prompt``, ``model_a``/``model_b`` (chat message lists ending in the assistant's answer),
``criteria`` (list of strings) and ``preference`` (``model_a`` | ``model_b`` | ``tie``); training
samples also carry ``human_winner``, ``a_criteria``, ``b_criteria``, ``a_broad_criteria_topic`` and
``b_broad_criteria_topic``. Fields we add (``source``) and unknown fields round-trip untouched.
Every problem is reported with the file and line it came from; nothing is dropped silently.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import Any

from crm.errors import UserError
from crm.outputs import complete_or_nothing

log = logging.getLogger(__name__)

LABELS = ("model_a", "model_b", "tie")
ROLES = ("system", "user", "assistant")
KNOWN_FIELDS = (
    "idx",
    "prompt",
    "model_a",
    "model_b",
    "criteria",
    "preference",
    "human_winner",
    "a_criteria",
    "b_criteria",
    "a_broad_criteria_topic",
    "b_broad_criteria_topic",
    "source",
)


class DataFormatError(UserError, ValueError):
    """A sample that does not follow the schema; the message names file and line."""


OTHER_SIDE = {"model_a": "model_b", "model_b": "model_a"}


@dataclass
class PreferenceSample:
    """One pairwise judgement: which of two answers the user prefers under ``criteria``."""

    prompt: str
    model_a: list[dict[str, str]]
    model_b: list[dict[str, str]]
    criteria: list[str]
    preference: str
    idx: Any = None
    human_winner: str | None = None
    a_criteria: list[str] | None = None
    b_criteria: list[str] | None = None
    a_broad_criteria_topic: str | None = None
    b_broad_criteria_topic: str | None = None
    source: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def history(self) -> list[dict[str, str]]:
        """The conversation before the judged answer (taken from side A)."""
        return self.model_a[:-1]

    @property
    def response_a(self) -> str:
        return self.model_a[-1]["content"]

    @property
    def response_b(self) -> str:
        return self.model_b[-1]["content"]

    @property
    def has_side_criteria(self) -> bool:
        """True when each side has its own, different criteria (direction can be reversed)."""
        return bool(self.a_criteria) and bool(self.b_criteria) and self.a_criteria != self.b_criteria

    def swapped(self) -> PreferenceSample:
        """The same judgement with A and B exchanged: the label and each side's criteria move with the answers."""
        flip = {**OTHER_SIDE, "tie": "tie"}
        return dc_replace(
            self,
            model_a=self.model_b,
            model_b=self.model_a,
            preference=flip[self.preference],
            human_winner=flip.get(self.human_winner) if self.human_winner else None,
            a_criteria=self.b_criteria,
            b_criteria=self.a_criteria,
            a_broad_criteria_topic=self.b_broad_criteria_topic,
            b_broad_criteria_topic=self.a_broad_criteria_topic,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in KNOWN_FIELDS:
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        out.update(self.extra)
        return out

    @classmethod
    def from_dict(cls, record: Any) -> PreferenceSample:
        """Validate one record; raises ``ValueError`` with a short reason."""
        if not isinstance(record, dict):
            raise ValueError(f"expected a JSON object, got {type(record).__name__}")
        check_unicode(record)
        missing = [k for k in ("prompt", "model_a", "model_b", "criteria", "preference") if k not in record]
        if missing:
            raise ValueError(f"missing field(s): {', '.join(missing)}")
        if not isinstance(record["prompt"], str):
            raise ValueError("'prompt' must be a string")
        for side in ("model_a", "model_b"):
            _check_conversation(record[side], side)
        criteria = _check_criteria(record["criteria"], "criteria", allow_empty=False)
        if record["preference"] not in LABELS:
            raise ValueError(f"unknown label preference={record['preference']!r}; expected one of {LABELS}")
        human_winner = record.get("human_winner")
        if human_winner is not None and human_winner not in LABELS:
            raise ValueError(f"unknown label human_winner={human_winner!r}; expected one of {LABELS}")
        side_criteria = {}
        for name in ("a_criteria", "b_criteria"):
            if record.get(name) is not None:
                side_criteria[name] = _check_criteria(record[name], name, allow_empty=True)
        topics = {}
        for name in ("a_broad_criteria_topic", "b_broad_criteria_topic"):
            value = record.get(name)
            if isinstance(value, list):  # some dumps store one topic per criterion; keep the first
                value = value[0] if value else None
            if value is not None and not isinstance(value, str):
                raise ValueError(f"'{name}' must be a string")
            topics[name] = value
        extra = {k: v for k, v in record.items() if k not in KNOWN_FIELDS}
        return cls(
            prompt=record["prompt"],
            model_a=[dict(m) for m in record["model_a"]],
            model_b=[dict(m) for m in record["model_b"]],
            criteria=criteria,
            preference=record["preference"],
            idx=record.get("idx"),
            human_winner=human_winner,
            source=record.get("source"),
            extra=extra,
            **side_criteria,
            **topics,
        )


def held_once(sample: PreferenceSample, texts: dict[str, str]) -> PreferenceSample:
    """``sample`` with its prompt and turns replaced by the equal strings in ``texts`` (new ones added): an
    answer comes back in many pairs (each family's pairs of a corpus's answers) and the prompt in both
    conversations, and each is held once (the quickstart's training samples: 150 MB read, 105 MB held)."""
    sample.prompt = texts.setdefault(sample.prompt, sample.prompt)
    for turn in (*sample.model_a, *sample.model_b):
        turn["content"] = texts.setdefault(turn["content"], turn["content"])
    return sample


def invalid_unicode(value: Any, where: str = "") -> str | None:
    """Where and why a string in ``value`` (nested lists and dicts too) is not valid Unicode, or None.

    JSON's ``"\\ud800"`` escape and an undecodable command-line byte both give a lone surrogate: Python
    holds it, but no tokenizer reads it and no UTF-8 file or response can carry it. Text is checked
    where it enters (sample files, corpora, request bodies, command lines), so nothing past can meet it.
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as err:
            return (
                f"{where or 'text'}: invalid Unicode at character {err.start} (a lone surrogate, {value[err.start]!r})"
            )
        return None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        label = f"{where}.{key}" if isinstance(key, str) else f"{where}[{key}]"
        problem = invalid_unicode(item, label.lstrip("."))
        if problem:
            return problem
    return None


def check_unicode(value: Any, where: str = "") -> None:
    """A ``ValueError`` saying where, when a string in ``value`` is not valid Unicode."""
    problem = invalid_unicode(value, where)
    if problem:
        raise ValueError(problem)


def _check_conversation(messages: Any, side: str) -> None:
    if not isinstance(messages, list) or not messages:
        raise ValueError(f"'{side}' must be a non-empty list of chat messages (empty conversation)")
    for i, message in enumerate(messages):
        if not isinstance(message, dict) or "role" not in message or "content" not in message:
            raise ValueError(f"'{side}'[{i}] must be an object with 'role' and 'content'")
        if message["role"] not in ROLES:
            raise ValueError(f"'{side}'[{i}] has unknown role {message['role']!r}")
        if not isinstance(message["content"], str):
            raise ValueError(f"'{side}'[{i}].content must be a string")
    if messages[-1]["role"] != "assistant":
        raise ValueError(f"'{side}' must end with the assistant's answer")
    if not messages[-1]["content"].strip():
        raise ValueError(f"'{side}' has an empty answer (empty conversation)")
    if not any(m["role"] == "user" for m in messages):
        raise ValueError(f"'{side}' has no user turn")


def _check_criteria(value: Any, name: str, allow_empty: bool) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f"'{name}' must be a list of strings")
    cleaned = [c.strip() for c in value if c.strip()]
    if not cleaned and not allow_empty:
        raise ValueError(f"'{name}' is empty")
    return cleaned


@dataclass
class ReadReport:
    """What a read kept and what it skipped (only in ``skip_invalid`` mode)."""

    path: str
    kept: int = 0
    skipped: int = 0
    reasons: Counter = field(default_factory=Counter)
    invalid: list[str] = field(default_factory=list)  # "file:line: why" of each skipped line


def read_samples(
    path: str | Path, skip_invalid: bool = False, texts: dict[str, str] | None = None
) -> tuple[list[PreferenceSample], ReadReport]:
    """Read a reference-format jsonl file.

    A malformed line raises :class:`DataFormatError` naming ``file:line``; with ``skip_invalid`` the
    line is skipped, counted in the report and logged as a warning instead. So is a line whose idx an
    earlier line has: it would shadow that sample in everything keyed by idx (the first is kept).
    Equal prompts and turns are held once (:func:`held_once`); ``texts``: those of files read before.
    """
    texts = {} if texts is None else texts
    path = Path(path)
    report = ReadReport(path=str(path))
    samples: list[PreferenceSample] = []
    first_line: dict[str, int] = {}  # idx -> the line that has it
    try:
        handle = path.open("rb")
    except OSError as err:
        raise DataFormatError(f"{path}: cannot open: {err}") from err
    with handle:
        for line_no, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                try:
                    record = json.loads(raw.decode("utf-8"))
                except json.JSONDecodeError as err:
                    raise ValueError(f"malformed JSON ({err.msg} at column {err.colno})") from None
                sample = PreferenceSample.from_dict(record)
                claim_idx(first_line, sample.idx, line_no)
                samples.append(held_once(sample, texts))
            except ValueError as err:
                if not skip_invalid:
                    raise DataFormatError(f"{path}:{line_no}: {err}") from None
                report.skipped += 1
                report.reasons[str(err).split(" (")[0]] += 1
                report.invalid.append(f"{path}:{line_no}: {err}")
                log.warning("skipping %s:%d: %s", path, line_no, err)
    report.kept = len(samples)
    if report.skipped:
        log.warning("%s: kept %d samples, skipped %d invalid lines", path, report.kept, report.skipped)
    return samples, report


def idx_key(idx: Any) -> str:
    """An idx as a key: its JSON (an idx may be any JSON value; 1 and "1" are two)."""
    return json.dumps(idx, sort_keys=True, ensure_ascii=False)


def claim_idx(first_line: dict[str, int], idx: Any, line_no: int) -> None:
    """Record that ``line_no`` has ``idx``; ValueError naming the earlier line when one has it already.
    A sample without an idx claims nothing."""
    if idx is None:
        return
    key = idx_key(idx)
    if key in first_line:
        raise ValueError(f"duplicate idx (line {first_line[key]} has idx {idx!r} too; give each sample its own)")
    first_line[key] = line_no


def write_samples(path: str | Path, samples: Iterable[PreferenceSample]) -> int:
    """Write samples as jsonl, the file whole or not at all (:func:`crm.outputs.complete_or_nothing`);
    returns the number written."""
    count = 0
    with complete_or_nothing(path) as handle:
        for sample in samples:
            handle.write(json.dumps(sample.to_dict(), ensure_ascii=False) + "\n")
            count += 1
    return count


def conversation(prompt: str, response: str, history: list[dict[str, str]] | None = None) -> list[dict[str, str]]:
    """Build a message list: optional earlier turns, the user prompt, the answer."""
    messages = list(history or [])
    messages.append({"role": "user", "content": prompt})
    messages.append({"role": "assistant", "content": response})
    return messages
