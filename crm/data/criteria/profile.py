"""Measure an answer once: its markdown structure (markdown-it-py), its prose and its readability (textstat).

Every verifier reads an :class:`AnswerProfile` instead of the raw text, so the markdown is parsed
once per answer and "prose" means the same thing everywhere: the text of paragraphs, list items and
headings, never code blocks or tables (a code listing would otherwise count as long sentences,
numbers or exclamation marks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import textstat
from markdown_it import MarkdownIt

_MARKDOWN = MarkdownIt("commonmark").enable("table").enable("strikethrough")
WORD = re.compile(r"[A-Za-z0-9]+(?:['\u2019][A-Za-z]+)?")
URL = re.compile(r"https?://\S+|www\.\w[\w.-]+\.\w+")
# Pictographs, dingbats and flags: what users mean by "emoji" (not arrows, math symbols or box drawing).
EMOJI = re.compile("[\U0001f300-\U0001faff\U00002600-\U000027bf\U0001f1e6-\U0001f1ff]")
# A paragraph that opens with its own number ("**1. Shaping:**", "Step 2: ..."): a numbered step that
# markdown does not parse as an ordered list item.
NUMBERED_PARAGRAPH = re.compile(r"(?:step\s+)?\d{1,2}[.):](?:\s|$)", re.IGNORECASE)
MIN_PROSE_WORDS = 40  # below this, rates and readability are too noisy to call


@dataclass
class Block:
    """A top-level block of the answer: its kind and its plain text."""

    kind: str  # paragraph | heading | bullet_list | ordered_list | table | code | blockquote | hr | html
    text: str


@dataclass
class AnswerProfile:
    """Counts and texts the verifiers need; built by :func:`profile`."""

    words: int
    headings: int
    bullet_items: int
    ordered_items: int
    tables: int
    bold: int
    fences: int
    inline_code: int
    links: int
    bold_lines: int  # paragraphs (in lists too) that are only a bold phrase: titles written as bold text
    bold_titles: int  # the top-level ones among them: section headings written as bold lines
    numbered_paragraphs: int  # top-level paragraphs that open with their own number (NUMBERED_PARAGRAPH)
    numbered_headings: int  # headings that do ("## Step 1: ...", "### 2. Setup")
    blocks: list[Block] = field(default_factory=list)
    prose: str = ""
    paragraph_words: list[int] = field(default_factory=list)
    prose_words: int = 0
    # pattern -> its matches in the prose: families ask for the same count more than once ("two or more vs
    # none"), and scanning the prose with a long phrase pattern costs more than parsing it
    _counts: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def list_items(self) -> int:
        return self.bullet_items + self.ordered_items

    @property
    def numbered_titles(self) -> int:
        """Paragraphs and headings that open with their own number: numbered steps markdown does not parse
        as a list, and numbering, not figures."""
        return self.numbered_paragraphs + self.numbered_headings

    @property
    def has_code(self) -> bool:
        return bool(self.fences or self.inline_code)

    @property
    def first_text(self) -> str:
        return self.blocks[0].text if self.blocks else ""

    def last_texts(self, n: int = 2) -> list[str]:
        """The plain text of the last ``n`` blocks (a closing line often follows the real conclusion)."""
        return [b.text for b in self.blocks[-n:]]

    @cached_property
    def reading_grade(self) -> float | None:
        """Flesch-Kincaid grade of the prose (None when there is too little prose to say)."""
        if self.prose_words < MIN_PROSE_WORDS:
            return None
        return float(textstat.flesch_kincaid_grade(self.prose))

    @cached_property
    def sentence_length(self) -> float | None:
        """Mean words per sentence of the paragraphs (lists and headings have no sentences to speak of)."""
        paragraphs = " ".join(b.text for b in self.blocks if b.kind in ("paragraph", "blockquote"))
        if len(WORD.findall(paragraphs)) < MIN_PROSE_WORDS:
            return None
        return float(textstat.words_per_sentence(paragraphs))

    def rate(self, pattern: re.Pattern) -> float:
        """Matches of ``pattern`` in the prose per 100 prose words."""
        return 100.0 * self.count(pattern) / max(self.prose_words, 1)

    def count(self, pattern: re.Pattern) -> int:
        """Matches of ``pattern`` in the prose (counted once per pattern)."""
        if pattern not in self._counts:
            self._counts[pattern] = len(pattern.findall(self.prose))
        return self._counts[pattern]


_BLOCK_KINDS = {
    "paragraph_open": "paragraph",
    "heading_open": "heading",
    "bullet_list_open": "bullet_list",
    "ordered_list_open": "ordered_list",
    "table_open": "table",
    "blockquote_open": "blockquote",
    "fence": "code",
    "code_block": "code",
    "hr": "hr",
    "html_block": "html",
}


def _inline_text(token) -> str:
    """Plain text of an inline token (markup and code spans dropped, link texts kept)."""
    parts = []
    for child in token.children or []:
        if child.type == "text":
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n")
    return "".join(parts)


@lru_cache(maxsize=65536)
def profile(answer: str) -> AnswerProfile:
    """Parse ``answer`` (cached: the same answer is verified for many families)."""
    tokens = _MARKDOWN.parse(answer)
    counts = dict.fromkeys(("headings", "bullet_items", "ordered_items", "tables", "bold", "fences", "inline_code"), 0)
    counts["links"] = 0  # markdown links here, bare URLs in the prose below (never those inside code)
    blocks: list[Block] = []
    prose_parts: list[str] = []
    paragraph_words: list[int] = []
    bold_lines = bold_titles = numbered_paragraphs = numbered_headings = 0
    list_stack: list[str] = []
    in_table = False
    for i, tok in enumerate(tokens):
        if tok.level == 0 and tok.type in _BLOCK_KINDS:
            blocks.append(Block(_BLOCK_KINDS[tok.type], tok.content if tok.type in ("fence", "code_block") else ""))
        if tok.type == "heading_open":
            counts["headings"] += 1
        elif tok.type in ("bullet_list_open", "ordered_list_open"):
            list_stack.append(tok.type)
        elif tok.type in ("bullet_list_close", "ordered_list_close"):
            list_stack.pop()
        elif tok.type == "list_item_open":
            counts["bullet_items" if list_stack[-1] == "bullet_list_open" else "ordered_items"] += 1
        elif tok.type == "table_open":
            counts["tables"] += 1
            in_table = True
        elif tok.type == "table_close":
            in_table = False
        elif tok.type in ("fence", "code_block"):
            counts["fences"] += 1
        elif tok.type == "inline":
            children = tok.children or []
            counts["bold"] += sum(c.type == "strong_open" for c in children)
            counts["inline_code"] += sum(c.type == "code_inline" for c in children)
            counts["links"] += sum(c.type == "link_open" for c in children)
            text = _inline_text(tok)
            if in_table:
                continue
            prose_parts.append(text)
            if blocks:
                blocks[-1].text = (blocks[-1].text + "\n" + text).strip()
            numbered = bool(NUMBERED_PARAGRAPH.match(text.lstrip()))
            if tokens[i - 1].type == "heading_open":
                numbered_headings += numbered
            if tokens[i - 1].type == "paragraph_open":
                top_level = tokens[i - 1].level == 0
                meaningful = [c for c in children if c.type != "text" or c.content.strip(" :")]
                if meaningful and meaningful[0].type == "strong_open" and meaningful[-1].type == "strong_close":
                    bold_lines += 1
                    bold_titles += top_level
                if top_level:
                    paragraph_words.append(len(WORD.findall(text)))
                    numbered_paragraphs += numbered
    prose = "\n".join(prose_parts)
    counts["links"] += len(URL.findall(prose))
    return AnswerProfile(
        words=len(WORD.findall(answer)),
        bold_lines=bold_lines,
        bold_titles=bold_titles,
        numbered_paragraphs=numbered_paragraphs,
        numbered_headings=numbered_headings,
        blocks=blocks,
        prose=prose,
        paragraph_words=paragraph_words,
        prose_words=len(WORD.findall(prose)),
        **counts,
    )
