"""Verifiers: code that says whether an answer has a family's property: present, absent or unclear.

Where a property is graded, "present" and "absent" are separated by an unclear middle (3 bullet items
vs none; a reading grade of at most 8 vs at least 13), so a pair built from one present and one absent
answer differs clearly in the property; all-or-nothing properties (an emoji, a link) have none.
Structure comes from the markdown parse and readability from textstat (see
:mod:`crm.data.criteria.profile`); phrase-level properties (hedges, examples, warnings) are counted
with word-boundary patterns over the prose only.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from crm.data.criteria.profile import EMOJI, MIN_PROSE_WORDS, AnswerProfile

PRESENT, ABSENT, UNCLEAR = "present", "absent", "unclear"
Verifier = Callable[[AnswerProfile], str]


def _words(*phrases: str) -> re.Pattern:
    return re.compile(r"(?<![\w'])(?:" + "|".join(phrases) + r")(?![\w'])", re.IGNORECASE)


def _call(present: bool, absent: bool) -> str:
    return PRESENT if present else ABSENT if absent else UNCLEAR


def _higher(value: float | None, present_at: float, absent_at: float) -> str:
    """Present at or above ``present_at``, absent at or below ``absent_at``, unclear between (or unmeasured)."""
    if value is None:
        return UNCLEAR
    return _call(value >= present_at, value <= absent_at)


def _lower(value: float | None, present_at: float, absent_at: float) -> str:
    """Present at or below ``present_at``, absent at or above ``absent_at``."""
    if value is None:
        return UNCLEAR
    return _call(value <= present_at, value >= absent_at)


def _enough_prose(p: AnswerProfile) -> bool:
    return p.prose_words >= MIN_PROSE_WORDS


# ---- phrase patterns ------------------------------------------------------------------------
CONTRACTION = re.compile(r"\b\w+(?:'|\u2019)(?:s|re|ll|ve|d|m|t)\b", re.IGNORECASE)
CASUAL_WORDS = _words(
    "hey",
    "gonna",
    "wanna",
    "kinda",
    "sorta",
    "awesome",
    "cool",
    "stuff",
    "btw",
    "lol",
    "yeah",
    "yep",
    "nope",
    "pretty much",
    "a bunch of",
    "super",
)
EXCLAMATION = re.compile(r"!(?!\[)")  # not markdown image syntax
# "I" is the pronoun, not the "i" of "i.e." or of "I/O".
FIRST_PERSON = _words("I(?![./]\\w)", "I'm", "I'd", "I've", "I'll", "my", "me", "myself", "in my opinion")
EXAMPLE = _words("for example", "for instance", "e\\.g\\.", "such as", "example:", "as an example", "consider the case")
NUMBER = re.compile(r"(?<![\w.])[-+]?\$?\d+(?:[.,]\d+)*%?(?![\w])")
CITATION = re.compile(
    r"\[\d+\]|\(\s*[A-Z][A-Za-z-]+(?: et al\.)?,? \d{4}\s*\)|\b(?:according to|source:|sources:|"
    r"references?:|cited in|published (?:in|by))\b",
    re.IGNORECASE,
)
HEDGE = _words(
    "may",
    "might",
    "could",
    "perhaps",
    "possibly",
    "likely",
    "unlikely",
    "generally",
    "typically",
    "usually",
    "often",
    "it depends",
    "depends on",
    "however",
    "although",
    "not always",
    "in some cases",
    "keep in mind",
    "note that",
    "approximately",
    "roughly",
    "tends? to",
    "can vary",
    "varies",
)
SAFETY = _words(
    "warning",
    "caution",
    "careful",
    "be safe",
    "safety",
    "dangerous",
    "danger",
    "hazard\\w*",
    "risks?",
    "precautions?",
    "consult (?:a|your|with a) \\w+",
    "seek (?:professional|medical) \\w+",
    "protective",
    "injur\\w+",
    "harmful",
    "at your own risk",
    "responsibly",
)
AI_DISCLAIMER = re.compile(
    r"\bas an ai\b|\blanguage model\b|\bi(?:'m| am) (?:just |only )?an ai\b|"
    r"\bi (?:don't|do not) have (?:personal|real-time|the ability|access|feelings|opinions)|"
    r"\bmy (?:knowledge|training) (?:cutoff|data)\b|\bi cannot browse\b",
    re.IGNORECASE,
)
ALTERNATIVES = _words(
    "alternatively",
    "another option",
    "other options?",
    "option \\d",
    "option [a-c]",
    "you could also",
    "you can also",
    "or you (?:can|could)",
    "another (?:approach|way|choice)",
    "other (?:approaches|ways|choices)",
    "instead, you",
)
PROS = _words("pros", "advantages?", "benefits?", "upsides?", "strengths?")
CONS = _words("cons", "disadvantages?", "drawbacks?", "downsides?", "weaknesses", "limitations?", "trade-?offs?")
ANALOGY = _words(
    "analogy",
    "analogous",
    "think of (?:it|this|them|that|an? \\w+) (?:as|like)",
    "imagine",
    "it's like",
    "it is like",
    "is like an?",
    "are like",
    "just like",
    "similar to how",
    "much like",
    "metaphor",
)
LIKE_A = _words("like an?")
PREAMBLE = re.compile(
    r"^\W*(?:sure|certainly|of course|absolutely|great question|good question|what a great|"
    r"i'd be (?:happy|glad|delighted)|i would be (?:happy|glad)|happy to help|thank(?:s| you) for|"
    r"okay|ok|alright|hello|hi|hey|yes,? (?:i|of course)|no problem|gladly)\b",
    re.IGNORECASE,
)
# A short exclamation before the content ("Great!", "What a fascinating project!", "A classic problem!"):
# a warm-up sentence as users read it, whatever its words.
EXCLAIMED_OPENER = re.compile(r"^\W*[^.!?\n]{1,60}!(?:\s|$)")
MAX_OPENER_WORDS = 8


def opens_with_pleasantry(first: str) -> bool:
    """A pleasantry ("Sure!", "Great question") or a short exclamation opens the text."""
    if PREAMBLE.search(first):
        return True
    exclaimed = EXCLAIMED_OPENER.match(first)
    return bool(exclaimed) and len(exclaimed.group().split()) <= MAX_OPENER_WORDS


DIRECT_UNCLEAR = re.compile(r"^\W*(?:here(?:'s| is| are)|below|the following|to answer|you asked)", re.IGNORECASE)
CLOSING_OFFER = re.compile(
    r"let me know|feel free to|hope (?:this|that|it) helps|if you have any (?:\w+ )?questions|"
    r"happy to help|don't hesitate|do not hesitate|any (?:other|further|more) questions|"
    r"would you like (?:me|to)|want me to|shall i|i can also help|need (?:any )?(?:more|further) "
    r"(?:help|assistance)",
    re.IGNORECASE,
)
TLDR = re.compile(
    r"^\W*(?:tl;? ?dr|in short|short answer|the short answer|summary|quick answer|bottom line|"
    r"in a nutshell|answer:)",
    re.IGNORECASE,
)
SUMMARY_END = re.compile(
    r"^\W*(?:in summary|in conclusion|to summari[sz]e|to sum up|summary|conclusion|overall|"
    r"all in all|in short|ultimately|in essence|to conclude|bottom line)\b",
    re.IGNORECASE,
)


# ---- verifiers ------------------------------------------------------------------------------
def concise(p: AnswerProfile) -> str:
    """At most 180 words vs at least 360 (so a clear pair differs at least twofold)."""
    return _lower(p.words, 180, 360)


def markdown_structure(p: AnswerProfile) -> str:
    """Headings and a list of 3+ items vs plain paragraphs (no headings, lists, tables or bold titles)."""
    return _call(
        (p.headings or p.bold_lines) and p.list_items >= 3,
        not (p.headings or p.list_items or p.tables or p.bold_lines),
    )


def headings(p: AnswerProfile) -> str:
    """Two or more section headings vs none. A top-level line that is only bold text is a heading as
    users read it (several models title their sections so); a bold-only line inside a list is a list
    item's title, neither heading nor none, so it leaves the verdict unclear."""
    return _call(p.headings + p.bold_titles >= 2, p.headings == 0 and p.bold_lines == 0)


def bullet_points(p: AnswerProfile) -> str:
    """Three or more bullet items vs no list of any kind."""
    return _call(p.bullet_items >= 3, p.list_items == 0)


def numbered_list(p: AnswerProfile) -> str:
    """Three or more numbered items vs no list of any kind. A paragraph or a heading that opens with its
    own number ("**1. Shaping:**" over a few bullets, "Step 2: ...", "## Step 3: Deploy") is a numbered
    step as users read it, though markdown parses no ordered list there."""
    return _call(p.ordered_items + p.numbered_titles >= 3, p.list_items == 0 and p.numbered_titles == 0)


def tables(p: AnswerProfile) -> str:
    return _call(p.tables >= 1, p.tables == 0 and "|" not in p.prose)


def bold(p: AnswerProfile) -> str:
    """Three or more bold spans vs none."""
    return _call(p.bold >= 3, p.bold == 0)


def code(p: AnswerProfile) -> str:
    """A code block vs no code at all (not even an inline code span)."""
    return _call(p.fences >= 1, not p.has_code)


def tldr_first(p: AnswerProfile) -> str:
    """Bottom line up front: a TL;DR marker, or a first paragraph of one short statement (at most 30 words,
    not a pleasantry, not a lead-in ending in ":") followed by at least 100 more words; vs an answer that
    opens with a heading, list or code, or with a lead-in ("Here's how:", "Step 1:")."""
    if not p.blocks:
        return UNCLEAR
    first, kind = p.first_text.strip(), p.blocks[0].kind
    if TLDR.search(first):
        return PRESENT
    lead_in = first.endswith(":") or bool(DIRECT_UNCLEAR.search(first))
    statement = kind == "paragraph" and len(first.split()) <= 30 and not lead_in and not opens_with_pleasantry(first)
    return _call(statement and p.words - len(first.split()) >= 100, kind != "paragraph" or lead_in)


def closing_summary(p: AnswerProfile) -> str:
    """One of the last two blocks opens with "In summary", "Overall", "In conclusion"... vs no such marker
    anywhere in the answer (a summary elsewhere would blur the contrast)."""
    paragraphs = p.prose.split("\n")
    return _call(
        any(SUMMARY_END.search(t) for t in p.last_texts(2)), not any(SUMMARY_END.search(t) for t in paragraphs)
    )


def short_paragraphs(p: AnswerProfile) -> str:
    """Prose answers only (lists make any answer look airy): four or more paragraphs of at most 25 words
    on average vs paragraphs of at least 45 words on average."""
    if p.list_items or p.tables or not p.paragraph_words:
        return UNCLEAR
    mean = sum(p.paragraph_words) / len(p.paragraph_words)
    return _call(len(p.paragraph_words) >= 4 and mean <= 25, mean >= 45)


def plain_words(p: AnswerProfile) -> str:
    """Flesch-Kincaid grade of the prose at most 8 vs at least 13."""
    return _lower(p.reading_grade, 8.0, 13.0)


def analogies(p: AnswerProfile) -> str:
    """An explicit analogy ("think of it as", "imagine", "it's like") vs no analogy marker and no "like a"."""
    return _call(p.count(ANALOGY) >= 1, p.count(ANALOGY) == 0 and p.count(LIKE_A) == 0)


def short_sentences(p: AnswerProfile) -> str:
    """Mean sentence length of the paragraphs at most 12 words vs at least 22."""
    return _lower(p.sentence_length, 12.0, 22.0)


def casual(p: AnswerProfile) -> str:
    """Contractions, exclamations and casual words at 2.5+ per 100 words vs none at all."""
    if not _enough_prose(p):
        return UNCLEAR
    signals = p.count(CONTRACTION) + p.count(EXCLAMATION) + p.count(CASUAL_WORDS) + p.count(EMOJI)
    return _call(100.0 * signals / p.prose_words >= 2.5, signals == 0)


def emoji(p: AnswerProfile) -> str:
    return _call(p.count(EMOJI) >= 1, p.count(EMOJI) == 0)


def enthusiasm(p: AnswerProfile) -> str:
    """Two or more exclamation marks in the prose vs none."""
    return _call(p.count(EXCLAMATION) >= 2, p.count(EXCLAMATION) == 0)


def first_person(p: AnswerProfile) -> str:
    """Two or more first-person words ("I think", "my advice") vs none."""
    return _call(p.count(FIRST_PERSON) >= 2, p.count(FIRST_PERSON) == 0)


def examples(p: AnswerProfile) -> str:
    """Two or more example markers ("for example", "e.g.", "such as") vs none."""
    return _call(p.count(EXAMPLE) >= 2, p.count(EXAMPLE) == 0)


def numbers(p: AnswerProfile) -> str:
    """Six or more numbers in the prose vs none; numbering is no figure: code, list numbering and the
    number a paragraph or heading opens with ("**1. Setup:**", "## Step 2: ...") are not counted."""
    figures = p.count(NUMBER) - p.numbered_titles
    return _call(figures >= 6, figures == 0)


def sources(p: AnswerProfile) -> str:
    """A link or a citation vs neither."""
    cited = p.links + p.count(CITATION)
    return _call(cited >= 1, cited == 0)


def hedging(p: AnswerProfile) -> str:
    """Hedges and caveats at 2+ per 100 words vs at most 0.3 per 100 words (confident assertions)."""
    if not _enough_prose(p):
        return UNCLEAR
    return _higher(p.rate(HEDGE), 2.0, 0.3)


def safety_warnings(p: AnswerProfile) -> str:
    """Two or more safety terms ("be careful", "consult a doctor", "risk") vs none."""
    return _call(p.count(SAFETY) >= 2, p.count(SAFETY) == 0)


def ai_disclaimer(p: AnswerProfile) -> str:
    return _call(p.count(AI_DISCLAIMER) >= 1, p.count(AI_DISCLAIMER) == 0)


def alternatives(p: AnswerProfile) -> str:
    """Two or more alternative markers ("alternatively", "another option") vs none."""
    return _call(p.count(ALTERNATIVES) >= 2, p.count(ALTERNATIVES) == 0)


def pros_cons(p: AnswerProfile) -> str:
    """Both an advantage and a drawback term vs neither."""
    pros, cons = p.count(PROS), p.count(CONS)
    return _call(pros >= 1 and cons >= 1, pros == 0 and cons == 0)


def preamble(p: AnswerProfile) -> str:
    """The answer opens with a pleasantry ("Sure!", "Great question", "What a fascinating project!") vs
    opens with content ("Here is..." / "Below..." openers are unclear)."""
    first = p.first_text
    return _call(opens_with_pleasantry(first), bool(first) and not DIRECT_UNCLEAR.search(first))


def closing_offer(p: AnswerProfile) -> str:
    """The last block offers more help ("Let me know if...") vs no such offer anywhere and no closing question."""
    last = p.last_texts(1)[0] if p.blocks else ""
    anywhere = CLOSING_OFFER.search(p.prose)
    return _call(bool(CLOSING_OFFER.search(last)), not anywhere and not last.rstrip().endswith("?"))


VERIFIERS: dict[str, Verifier] = {
    f.__name__: f
    for f in (
        concise, markdown_structure, headings, bullet_points, numbered_list, tables, bold, code, tldr_first,
        closing_summary, short_paragraphs, plain_words, analogies, short_sentences, casual, emoji, enthusiasm,
        first_person, examples, numbers, sources, hedging, safety_warnings, ai_disclaimer, alternatives, pros_cons,
        preamble, closing_offer,
    )
}  # fmt: skip
