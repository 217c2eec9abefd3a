"""What the rows say besides the sample's own texts: the input formats and heads, the judge's prompt
texts, the marker a shortened text carries, the criteria block and the conversation as text, and what
a renderer takes from an answer's text alone (:class:`RenderedAnswer`).

Four input formats:

- ``chat``: rendered through the backbone's chat template (decoders such as Qwen3). ``bt`` puts the
  criteria in the system message and scores one answer; ``cls`` asks a judge-style question over both
  answers and ends with the assistant generation prompt.
- ``text_pair``: ``[CLS] criteria + query [SEP] answer(s) [SEP]`` for encoders without a chat template.
- ``criteria_pair``: ``[CLS] criteria [SEP] answer(s) [SEP]``, the query left out: for two-tower CRMs,
  whose answer tower never sees the query, so reading it would only cost the criteria reader tokens
  (more than half of its rows) and dilute what it reads.
- ``criteria_list``: ``[CLS] criterion [SEP] criterion [SEP] answer [SEP]``, the query left out and no
  header: each criterion ends at a separator, so a two-tower CRM reads each one alone (as its reader
  was taught criteria, :mod:`crm.train.reader_stage`) and adds up what they ask for: a block
  of three criteria read as one text is read as mostly one of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crm.data.criteria.fixed import FIXED

INPUT_FORMATS = ("chat", "text_pair", "criteria_pair", "criteria_list")
CRITERIA_LIST = "criteria_list"  # the format whose criteria a model splits at their separators

CRITERIA_HEADER = "The user judges answers by these criteria:"
JUDGE_SYSTEM = (
    "You judge which of two responses a user prefers, following only the user's criteria. "
    "The order of the responses does not matter."
)
JUDGE_QUESTION = "Under these criteria, which response does the user prefer? Answer A or B."
CUT_MARKER = " [... {words} words cut ...] "
NO_QUERY = ({"role": "user", "content": ""},)  # what a renderer that reads no query sees instead
PROBE_CRITERION = FIXED["probe"]  # a short criterion beside an answer whose tower ids are wanted alone
TAIL_SHARE = 1 / 3  # of a shortened text's tokens, kept from its end
MIN_TAIL_CUT = 24  # shorter budgets keep the head only
TYPICAL_CRITERIA = tuple(FIXED["typical"])  # to turn a token budget into characters a user can count


class SampleTooLong(ValueError):
    """Criteria and query alone leave no room for the answers within ``max_length``."""


class CriteriaTooLong(SampleTooLong):
    """The criteria alone exceed what the CRM can read: no query or answer could make the sample fit."""


def criteria_block(criteria: Sequence[str]) -> str:
    return CRITERIA_HEADER + "\n" + "\n".join(f"- {c}" for c in criteria)


def history_text(messages: Sequence[dict[str, str]]) -> str:
    """The conversation up to the judged answer, as plain text (last user turn last)."""
    if len(messages) == 1:
        return messages[0]["content"]
    return "\n\n".join(f"{m['role'].capitalize()}: {m['content']}" for m in messages)


@dataclass(frozen=True)
class RenderedAnswer:
    """What a renderer takes from an answer's text alone: its token count, its view (the text cut to
    ``max_response_tokens``), the view's token ids (int32 bytes) and the answer's layout (None where
    rows carry none)."""

    tokens: int
    view: str
    view_ids: bytes
    layout: tuple[float, ...] | None


def shrink_evenly(budget: list[int], overflow: int) -> list[int]:
    """Remove ``overflow`` tokens, always from the currently longest answer (even cuts)."""
    budget = list(budget)
    for _ in range(overflow):
        longest = max(range(len(budget)), key=lambda i: budget[i])
        budget[longest] -= 1
    return budget


def head_and_tail(tokenizer, tokens: list[int], keep: int, marker_tokens: int) -> str:
    """About ``keep`` of ``tokens``' worth of text: head + a marker of ``marker_tokens`` tokens saying how
    many words were cut + tail (head only for small budgets). The count keeps length visible: a
    2,000-word answer and a 300-word one look alike once both are cut to their first and last few lines."""
    if keep >= len(tokens):
        return tokenizer.decode(tokens)
    if keep < MIN_TAIL_CUT:
        return tokenizer.decode(tokens[:keep])
    tail = int((keep - marker_tokens) * TAIL_SHARE)
    head = keep - marker_tokens - tail
    words = len(tokenizer.decode(tokens[head : len(tokens) - tail]).split())
    cut = CUT_MARKER.format(words=words)
    return tokenizer.decode(tokens[:head]) + cut + tokenizer.decode(tokens[len(tokens) - tail :])
