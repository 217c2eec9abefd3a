"""Compositional criteria wordings: a stance (want / don't want) toward one pole of a family.

Hand-written wordings (:mod:`crm.data.criteria.wording_files`) are few per polarity, and a CRM trained on
them memorises those strings. A sentence encoder places "Mention that you are an AI." and "Never
mention that you are an AI." side by side; what must be learned is the *stance* a criterion takes,
which every family shares. This grammar writes it out: each family names its two poles in several noun phrases
(X: "bullet points"; not-X: "flowing prose"), and stance templates ask for a pole or reject it.

    polarity pos  = want(X)  or  reject(not-X)
    polarity neg  = want(not-X)  or  reject(X)

So "no prose, please" asks for X as surely as "use bullet points", and a model can only tell them
apart by reading the stance. Training draws from these wordings as well as the hand-written ones;
the test-only paraphrases stay hand-written, so test criteria are never a template.
"""

from __future__ import annotations

from functools import cache

WANT = (
    "I prefer {}.",
    "Please use {}.",
    "{} please.",
    "I like {}.",
    "Give me {}.",
    "I want {}.",
    "I'd rather have {}.",
    "{} work best for me.",
    "Go with {}.",
    "I appreciate {}.",
    "Make sure to include {}.",
    "I'm a fan of {}.",
)
REJECT = (
    "No {}, please.",
    "I dislike {}.",
    "Avoid {}.",
    "Please don't use {}.",
    "I can't stand {}.",
    "Leave out {}.",
    "Skip {}.",
    "Spare me {}.",
    "{} annoy me.",
    "Without {}, please.",
    "I'm not a fan of {}.",
    "Stop giving me {}.",
)

# family -> (noun phrases for X, the "pos" pole; noun phrases for not-X, the "neg" pole)
POLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "concise": (
        ("short answers", "brief replies", "concise responses", "answers that get to the point"),
        ("long, detailed answers", "in-depth explanations", "thorough, lengthy responses", "exhaustive detail"),
    ),
    "markdown_structure": (
        ("markdown formatting", "structured markdown layouts", "headers and lists", "a formatted layout"),
        ("plain paragraphs", "unformatted running text", "a plain block of prose", "text without markup"),
    ),
    "headings": (
        ("section headings", "headers for each part", "titled sections", "markdown headings"),
        ("answers without headings", "one continuous text with no section titles", "untitled flowing text"),
    ),
    "bullet_points": (
        ("bullet points", "bulleted lists", "dash lists", "bullets"),
        ("flowing prose", "full paragraphs instead of lists", "connected sentences", "prose without bullets"),
    ),
    "numbered_list": (
        ("numbered steps", "numbered lists", "a step 1, step 2 sequence", "enumerated points"),
        ("unnumbered prose", "explanations in paragraphs rather than numbered items", "running text without numbering"),
    ),
    "tables": (
        ("tables", "a comparison table", "tabular layouts", "data in rows and columns"),
        ("text instead of tables", "prose comparisons", "answers without any grid of rows and columns"),
    ),
    "bold": (
        ("bold text", "bolded key terms", "bold highlights", "emphasis in bold"),
        ("unbolded plain text", "text without bold highlighting", "answers with no bold words"),
    ),
    "code": (
        ("code snippets", "code examples", "actual code", "code blocks"),
        ("explanations in words only", "plain-language descriptions instead of code", "non-technical prose"),
    ),
    "tldr_first": (
        (
            "the bottom line first",
            "a TL;DR at the top",
            "a one-line summary up front",
            "the key answer in the first sentence",
        ),
        (
            "a gradual build-up to the answer",
            "answers that start with context before the conclusion",
            "the conclusion saved for the end",
        ),
    ),
    "closing_summary": (
        ("a closing summary", "a recap at the end", "a final wrap-up", "a concluding summary paragraph"),
        ("answers that simply stop when done", "endings without a recap", "endings that stop without a wrap-up"),
    ),
    "short_paragraphs": (
        ("short paragraphs", "small chunks of text", "plenty of paragraph breaks", "bite-sized paragraphs"),
        ("long paragraphs", "dense blocks of text", "big unbroken paragraphs", "wall-of-text paragraphs"),
    ),
    "plain_words": (
        ("plain, everyday words", "simple language", "beginner-friendly wording", "words a child could follow"),
        ("technical jargon", "expert vocabulary", "specialist terminology", "advanced, technical language"),
    ),
    "analogies": (
        ("analogies", "comparisons to everyday things", "metaphors that make ideas concrete", "relatable analogies"),
        ("literal explanations", "direct descriptions without comparisons", "straight facts without metaphors"),
    ),
    "short_sentences": (
        ("short sentences", "crisp, simple sentences", "one idea per sentence", "brief sentences"),
        ("long, complex sentences", "elaborate sentences with many clauses", "long flowing sentences"),
    ),
    "casual": (
        ("a casual tone", "conversational language", "a relaxed, chatty style", "informal wording"),
        ("a formal tone", "professional language", "a businesslike register", "polished, formal wording"),
    ),
    "emoji": (
        ("emojis", "a few emoji", "smileys and emoji", "playful emoji"),
        ("text without emojis", "emoji-free answers", "plain text with no smileys"),
    ),
    "enthusiasm": (
        ("enthusiasm", "an upbeat, excited tone", "exclamation marks", "energetic replies"),
        ("a calm, measured tone", "a neutral voice", "understated, even-keeled replies", "a sober tone"),
    ),
    "first_person": (
        ("a personal voice that says 'I'", "first-person opinions", "your own view in the first person"),
        ("an impersonal voice", "answers that never say 'I'", "neutral, third-person wording"),
    ),
    "examples": (
        ("concrete examples", "worked examples", "specific illustrations", "real-world examples"),
        ("general explanations without examples", "the principle alone", "abstract answers without instances"),
    ),
    "numbers": (
        ("numbers and figures", "concrete statistics", "quantities and percentages", "specific figures"),
        ("qualitative descriptions", "answers without numbers", "words rather than figures"),
    ),
    "sources": (
        ("sources", "links to references", "citations", "pointers to where the facts come from"),
        ("answers without links", "uncited explanations", "text free of references and URLs"),
    ),
    "hedging": (
        ("caveats", "hedged statements", "acknowledged uncertainty", "qualifications and nuance"),
        ("confident assertions", "definite answers", "statements without hedging", "firm conclusions"),
    ),
    "safety_warnings": (
        ("safety warnings", "cautions about risks", "notes on what could go wrong", "safety precautions"),
        ("answers without safety warnings", "straightforward answers without risk notices", "unlectured answers"),
    ),
    "ai_disclaimer": (
        ("a reminder that you are an AI", "transparency about being an AI model", "AI disclaimers"),
        (
            "answers without AI disclaimers",
            "replies that don't mention being an AI",
            "replies that never bring up being a language model",
        ),
    ),
    "alternatives": (
        ("several alternatives", "multiple options", "a range of choices", "different approaches to pick from"),
        ("one clear recommendation", "a single answer", "one definitive option"),
    ),
    "pros_cons": (
        ("pros and cons", "advantages and disadvantages", "a weighing of trade-offs", "benefits and drawbacks"),
        (
            "a straight answer without pros and cons",
            "a decisive answer that skips the trade-offs",
            "a decision without a list of pros and cons",
        ),
    ),
    "preamble": (
        ("a friendly opener", "a warm greeting before the answer", "an introductory sentence", "a polite lead-in"),
        ("answers that start directly", "getting straight to the answer", "a reply that jumps straight in"),
    ),
    "closing_offer": (
        ("an offer of more help at the end", "a closing invitation to ask follow-ups", "a friendly sign-off"),
        ("endings without offers of further help", "a reply that just ends", "an ending without a sign-off"),
    ),
}


def _fill(template: str, phrase: str) -> str:
    text = template.format(phrase)
    return text[0].upper() + text[1:]


@cache
def wordings(family: str, polarity: str) -> tuple[str, ...]:
    """Every grammar wording of one family and polarity, in a fixed order."""
    x, not_x = POLES[family]
    want, reject = (x, not_x) if polarity == "pos" else (not_x, x)
    return tuple(_fill(t, p) for p in want for t in WANT) + tuple(_fill(t, p) for p in reject for t in REJECT)
