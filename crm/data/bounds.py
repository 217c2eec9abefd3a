"""How much of an answer a CRM reads: its first and last few thousand characters.

Every reading of an answer (the layout's markdown parse, the query's words, the tokens its view is cut
from) costs time in its length, and the tower sees only a 160-token view of head and tail anyway. So
an answer longer than :data:`MAX_ANSWER_CHARS` (about 2,700 words: 10 of the quickstart's 38,770
training answers) is read as its first and last halves of that, cut at whitespace, everywhere, in
training and scoring alike: a 120 KB answer costs a reward server what a 16 KB one does.
"""

from __future__ import annotations

MAX_ANSWER_CHARS = 16_000
JOIN = "\n\n"  # between the halves: a block break, so neither half's last block runs into the other's first


def bounded_answer(text: str) -> str:
    """``text`` itself, or its first and last ``MAX_ANSWER_CHARS // 2`` characters cut back to whole
    words and joined by a block break."""
    if len(text) <= MAX_ANSWER_CHARS:
        return text
    half = MAX_ANSWER_CHARS // 2
    head, tail = text[:half], text[-half:]
    head_end = max(head.rfind(c) for c in " \n\t")
    tail_start = min((i for i in (tail.find(c) for c in " \n\t") if i >= 0), default=-1)
    head = head[:head_end] if head_end > 0 else head
    tail = tail[tail_start + 1 :] if tail_start >= 0 else tail
    return head.rstrip() + JOIN + tail.lstrip()
