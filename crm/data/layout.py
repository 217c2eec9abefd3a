"""An answer's layout in numbers: what a two-tower CRM's answer tower cannot see.

The tower reads a 160-token view through MiniLM's tokenizer, which turns every line break into a
space: it never sees where a paragraph ends, how long the first block is, or how many list items the
cut middle of a long answer held. The markdown parse and textstat's measures
(:func:`crm.data.criteria.profile.profile`, over the whole answer) say it in a few dozen numbers,
each scaled to order one, which the interaction adds to its answer vector (``model.answer_layout``).

These are general measures of layout and style, not the verifiers' calls: no phrase lists, no
thresholds. Told only these numbers and the true (family, polarity), a head judges the seen
families' test pairs less well than told the tower's description alone; told both, better than
either (docs/RESULTS.md).
"""

from __future__ import annotations

import math
import statistics
from functools import lru_cache

from crm.data.criteria.profile import EMOJI, WORD, profile
from crm.data.sentence_ends import last_word_ending

BLOCK_KINDS = ("paragraph", "heading", "bullet_list", "ordered_list", "table", "code")
COUNTS = (
    "headings",
    "bullet_items",
    "ordered_items",
    "tables",
    "bold",
    "fences",
    "inline_code",
    "links",
    "bold_lines",
    "numbered_titles",
)
LAYOUT_FEATURES = (
    "words",
    *COUNTS,
    "blocks",
    "paragraphs",
    "paragraph_words",
    "first_block_words",
    "last_block_words",
    "first_block_share",
    "last_block_share",
    "sentence_length",
    "sentence_length_unmeasured",
    "numerals",
    "exclamations",
    "questions",
    "emoji",
    *(f"first_block_{kind}" for kind in BLOCK_KINDS),
    *(f"last_block_{kind}" for kind in BLOCK_KINDS),
    "unfinished",
    "unfinished_word_ending",
    "repetition",
)


@lru_cache(maxsize=65536)
def layout_features(answer: str) -> tuple[float, ...]:
    """:data:`LAYOUT_FEATURES` of ``answer``: counts as ``log1p``, rates per 100 words divided by 10,
    words per sentence over 20 (with a flag where there is too little prose to say), the first and
    last top-level block's words, share of the answer and kind; for prose that stops on a word, how
    often that word ends a sentence (:mod:`crm.data.sentence_ends`; 1 for any other answer). No
    reading grade: textstat's syllable count takes 12 ms an answer, six times the parse, and the tower
    reads vocabulary well already."""
    p = profile(answer)
    words = max(p.words, 1)
    blocks = p.blocks
    first = len(WORD.findall(blocks[0].text)) if blocks else 0
    last = len(WORD.findall(blocks[-1].text)) if blocks else 0
    numerals = sum(token[0].isdigit() for token in WORD.findall(answer))
    sentence = p.sentence_length
    values = [
        math.log2(1 + p.words) / 10,
        *(math.log1p(getattr(p, name)) for name in COUNTS),
        math.log1p(len(blocks)),
        math.log1p(len(p.paragraph_words)),
        math.log1p(statistics.mean(p.paragraph_words or [0])),
        math.log1p(first),
        math.log1p(last),
        first / words,
        last / words,
        (sentence or 0.0) / 20,
        sentence is None,
        10 * numerals / words,
        10 * answer.count("!") / words,
        10 * answer.count("?") / words,
        math.log1p(len(EMOJI.findall(answer))),
        *(bool(blocks) and blocks[0].kind == kind for kind in BLOCK_KINDS),
        *(bool(blocks) and blocks[-1].kind == kind for kind in BLOCK_KINDS),
        (stops := unfinished(answer, blocks[-1].kind if blocks else None)),
        last_word_ending(answer) if stops else 1.0,
        repetition(answer),
    ]
    return tuple(float(v) for v in values)


def unfinished(answer: str, last_kind: str | None) -> bool:
    """Whether the answer stops mid-sentence: its last block is prose that ends on a word, not on a
    sentence's end (a reply cut off by a token limit)."""
    text = answer.rstrip()
    return last_kind == "paragraph" and text[-1:].isalnum()


def repetition(answer: str) -> float:
    """The share of the answer's word 3-grams that repeat an earlier one: near 0 for prose, near 1 for
    a decoding loop that says its opening over and over."""
    words = WORD.findall(answer.lower())
    grams = [tuple(words[i : i + 3]) for i in range(len(words) - 2)]
    return 1 - len(set(grams)) / len(grams) if grams else 0.0
