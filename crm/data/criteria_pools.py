"""Hand-written criteria pools: several paraphrases per response style.

The raw style corpora (DSP, AlpacaEval concise/verbose) say which style each answer has, but not
what a user who wants that style would write. Each style therefore gets a pool of paraphrased
criteria statements; every sample draws a random subset, so a model cannot learn one fixed wording
instead of the meaning.
"""

from __future__ import annotations

import random

# Response-style key in the raw data -> criteria topic (the "broad criteria topic" of a sample).
STYLE_TOPICS: dict[str, str] = {
    "academy": "academic",
    "business": "business",
    "entertainment": "humorous",
    "literature": "literary",
    "normal": "plain",
    "concise": "concise",
    "verbose": "detailed",
}

GENERAL_CRITERION = "Prefer the response that is more helpful, accurate and appropriate overall."

CRITERIA_POOLS: dict[str, list[str]] = {
    "academic": [
        "Prefer a formal, academic tone with precise terminology.",
        "I like answers written the way a scholar would write them: rigorous, objective and exact.",
        "Use scholarly language and a measured, impersonal register.",
        "The answer should read like a well-structured passage from a textbook or research paper.",
        "Favour careful definitions, technical vocabulary and a neutral, analytical voice.",
        "Keep the style serious and academic; avoid slang, jokes and casual phrasing.",
        "I value intellectual rigour: explain things precisely, as an expert lecturer would.",
        "Write formally and methodically, with the precision expected in academic writing.",
    ],
    "business": [
        "Prefer a professional, business-like tone focused on practical value.",
        "I want answers framed the way a consultant would present them to a client.",
        "Relate the answer to customers, markets or commercial outcomes where possible.",
        "Keep it professional and pragmatic, with actionable, results-oriented advice.",
        "The response should sound like a polished corporate communication.",
        "Favour answers that emphasise efficiency, costs, benefits and business impact.",
        "Write as a business professional would: confident, courteous and to the point about value.",
        "I like a commercial perspective: what this means for a company, its clients and its market.",
    ],
    "humorous": [
        "Prefer a playful, funny answer that entertains me.",
        "I enjoy responses with humour, jokes and a lively, upbeat voice.",
        "Make it fun: a light-hearted, witty tone is better than a dry one.",
        "The answer should be entertaining and cheerful, with some playful exaggeration.",
        "I like a casual, jokey style that makes me smile while I read.",
        "Favour an energetic, comedic delivery over a serious one.",
        "Add some wit and personality; an amusing answer is what I am after.",
        "Keep the mood lively and humorous, like a friendly entertainer talking.",
    ],
    "literary": [
        "Prefer a poetic, lyrical answer with vivid imagery.",
        "I love responses written with literary flair, metaphors and expressive language.",
        "The answer should read like a piece of creative prose, rich in description.",
        "Favour an artistic, evocative style over plain statements.",
        "Use figurative language and a graceful, flowing rhythm.",
        "I enjoy answers that paint pictures with words, like a novelist or poet would.",
        "Write elegantly, with imagery and emotional resonance.",
        "A lyrical, imaginative voice matters more to me than a matter-of-fact one.",
    ],
    "plain": [
        "Prefer a plain, simple answer with no embellishment.",
        "Just give me the answer, short and straightforward.",
        "I like minimal responses: no stylistic flourishes, no extra commentary.",
        "Keep it simple and direct; a brief, matter-of-fact reply is best.",
        "Avoid any particular tone or decoration; a bare, literal answer is what I want.",
        "The shorter and more unadorned the response, the better.",
        "Answer in the most straightforward way possible, without framing or flair.",
        "I value brevity and plainness over style.",
    ],
    "concise": [
        "Prefer a concise answer that gets straight to the point.",
        "Keep it brief: only the information that is necessary.",
        "I like short responses without padding or repetition.",
        "Be succinct; a compact answer beats a long one.",
        "Get to the point quickly and skip the lengthy explanations.",
        "The ideal answer is as short as possible while still complete.",
        "Avoid verbosity; give me a tight, economical reply.",
        "I value brevity: say it in as few words as needed.",
    ],
    "detailed": [
        "Prefer a thorough, detailed answer that covers the topic comprehensively.",
        "I want in-depth explanations with plenty of detail and examples.",
        "Be comprehensive: cover the relevant aspects, background and nuances.",
        "A long, well-developed answer is better than a short one.",
        "Explain step by step and leave nothing important out.",
        "I like extensive responses that explore the question fully.",
        "Give as much useful detail as you can, with elaboration and context.",
        "Favour completeness and depth over brevity.",
    ],
    "general": [
        GENERAL_CRITERION,
        "Prefer the response that is factually accurate and free of errors.",
        "The answer should follow the instructions in the request exactly.",
        "Prefer the response that avoids harmful, unsafe or offensive content.",
        "Favour the answer that is honest about what it does not know.",
        "The response should stay relevant to the question that was asked.",
    ],
}


def draw_criteria(topic: str, rng: random.Random, k_min: int = 2, k_max: int = 3) -> list[str]:
    """A random subset of ``topic``'s pool in random order, so no single wording dominates."""
    try:
        pool = CRITERIA_POOLS[topic]
    except KeyError:
        raise KeyError(f"unknown criteria topic {topic!r}; known: {sorted(CRITERIA_POOLS)}") from None
    if not 1 <= k_min <= k_max:
        raise ValueError(f"need 1 <= k_min <= k_max, got k_min={k_min}, k_max={k_max}")
    k = rng.randint(min(k_min, len(pool)), min(k_max, len(pool)))
    return rng.sample(pool, k)
