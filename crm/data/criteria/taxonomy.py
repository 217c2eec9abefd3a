"""The criteria taxonomy: families of answer properties that users ask for, in both polarities.

A family is one property X ("uses bullet points", "plain everyday words"). Users ask for X ("pos") or
for its opposite ("neg", often phrased negatively: "no bullet points, please"). Each family has

- a *kind* (length, format, audience, register, sentence, content, opening, domain, quality) for reporting;
- a *topic*: families that describe correlated properties share one, so topic-aware ``add`` noise
  never adds a criterion about, say, headings to a pair that differs in bullet points;
- a *verifier* (:mod:`crm.data.criteria.verifiers`) that measures X on an answer, or ``None`` for the
  DSP domain styles, whose labels come from the data (each answer was written in that style);
- criteria wordings per polarity (data files read by :mod:`crm.data.criteria.wording_files`; DSP styles keep
  their pools).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from crm.data.criteria import grammar
from crm.data.criteria.recipe_defaults import criteria_attributes
from crm.data.criteria.style_pools import CRITERIA_POOLS
from crm.data.criteria.verifiers import VERIFIERS, Verifier
from crm.data.criteria.wording_files import POLARITIES, TEST_WORDINGS, WORDINGS


@dataclass(frozen=True)
class Family:
    name: str
    kind: str
    topic: str
    description: str  # X, the "pos" polarity
    opposite: str  # not-X, the "neg" polarity
    length_matched: bool = True  # pairs keep their lengths within a factor 1.5 (all but the length family)

    @property
    def verifier(self) -> Verifier | None:
        return VERIFIERS.get(self.name)

    @property
    def verified(self) -> bool:
        return self.verifier is not None

    def texts(self, polarity: str, wording: str = "train") -> tuple[str, ...]:
        """Criteria of one polarity: ``train`` wording (the hand-written and the paraphrased training
        wordings of the family's file, :mod:`crm.data.criteria.wording_files`), ``test`` wording (never
        trained on), the stance ``grammar``'s wordings (training only, :mod:`crm.data.criteria.grammar`)
        or ``all`` of them."""
        if polarity not in POLARITIES:
            raise KeyError(f"unknown polarity {polarity!r}; expected one of {POLARITIES}")
        if wording not in ("train", "test", "grammar", "all"):
            raise ValueError(f"unknown wording {wording!r}; expected train, test, grammar or all")
        composed = grammar.wordings(self.name, polarity) if self.name in grammar.POLES else ()
        if wording == "grammar":
            return composed
        if self.kind == "domain":  # DSP styles: one pool per style, no opposite; its last few test-only
            pool = tuple(CRITERIA_POOLS[self.topic]) if polarity == "pos" else ()
            lists = {"train": pool[:-TEST_WORDINGS], "test": pool[-TEST_WORDINGS:]} if pool else {}
        else:
            lists = WORDINGS[self.name].get(polarity, {})
        hand, test, more = (lists.get(key, ()) for key in ("train", "test", "paraphrases"))
        if wording == "all":
            return hand + test + more + composed
        return hand + more if wording == "train" else test

    def draw(self, polarity: str, rng: random.Random, wording: str = "train") -> str:
        return rng.choice(self.texts(polarity, wording))


def _f(name: str, kind: str, topic: str, description: str, opposite: str, **kw) -> Family:
    return Family(name, kind, topic, description, opposite, **kw)


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        _f("concise", "length", "length", "concise, to the point", "detailed, thorough", length_matched=False),
        _f("markdown_structure", "format", "layout", "markdown headings and lists", "plain paragraphs"),
        _f("headings", "format", "layout", "section headings", "no headings"),
        _f("bullet_points", "format", "layout", "bullet points", "no bullet lists"),
        _f("numbered_list", "format", "layout", "numbered lists or steps", "no numbered lists"),
        _f("tables", "format", "layout", "a table", "no tables"),
        _f("bold", "format", "layout", "bold emphasis", "no bold text"),
        _f("code", "format", "code", "code snippets", "no code, words only"),
        _f("tldr_first", "format", "summary", "the bottom line first (TL;DR)", "no summary line up front"),
        _f("closing_summary", "format", "summary", "a closing summary", "no recap at the end"),
        _f("short_paragraphs", "format", "layout", "short paragraphs", "long, dense paragraphs"),
        _f("plain_words", "audience", "readability", "plain words for a beginner", "expert vocabulary"),
        _f("analogies", "audience", "readability", "analogies and comparisons", "no analogies, literal"),
        _f("short_sentences", "sentence", "readability", "short sentences", "long, complex sentences"),
        _f("casual", "register", "tone", "casual, conversational", "formal, professional"),
        _f("emoji", "register", "tone", "emojis", "no emojis"),
        _f("enthusiasm", "register", "tone", "enthusiastic, exclamations", "calm, measured"),
        _f("first_person", "register", "tone", "speaks as 'I', own view", "impersonal, no 'I'"),
        _f("examples", "content", "evidence", "concrete examples", "no examples"),
        _f("numbers", "content", "evidence", "numbers and figures", "no numbers, qualitative"),
        _f("sources", "content", "evidence", "sources or links", "no links or citations"),
        _f("hedging", "content", "caution", "caveats and hedging", "confident assertions"),
        _f("safety_warnings", "content", "caution", "safety warnings", "no safety warnings"),
        _f("ai_disclaimer", "opening", "caution", "'as an AI' transparency", "no AI disclaimers"),
        _f("alternatives", "content", "coverage", "several alternatives", "one recommendation"),
        _f("pros_cons", "content", "coverage", "pros and cons", "no pros/cons weighing"),
        _f("preamble", "opening", "framing", "a friendly opener ('Sure!')", "answers directly"),
        _f("closing_offer", "opening", "framing", "an offer of more help at the end", "no closing offer"),
        # The better answer, whatever its form: labelled by a public leaderboard's ranking of the models
        # (crm.data.criteria.quality_pairs) and by human votes, never by a verifier.
        _f("quality", "quality", "quality", "the better answer (correct, helpful)", "", length_matched=False),
        # DSP domain styles: verified by the data (each answer was written in its style), criteria pools per style.
        _f("academic", "domain", "academic", "formal academic style", ""),
        _f("business", "domain", "business", "professional business style", ""),
        _f("humorous", "domain", "humorous", "humorous, entertaining style", ""),
        _f("literary", "domain", "literary", "poetic, literary style", ""),
        _f("plain", "domain", "plain", "plain, unadorned style", ""),
    )
}

VERIFIED_FAMILIES = tuple(name for name, f in FAMILIES.items() if f.verified)
QUALITY = "quality"
# Never seen in training (pairs, criteria and noise alike), as the criteria mixture sets them
DEFAULT_HELDOUT_FAMILIES = tuple(criteria_attributes()["heldout_families"])


def get_family(name: str) -> Family:
    try:
        return FAMILIES[name]
    except KeyError:
        raise KeyError(f"unknown criteria family {name!r}; known: {', '.join(FAMILIES)}") from None


def validate_families(names) -> tuple[str, ...]:
    """Reject typos: a held-out family nobody has would silently hold out nothing."""
    names = tuple(names)
    for name in names:
        get_family(name)
    return names
