"""The criteria-family verifiers on hand-written answers: clearly present, clearly absent and borderline.

Every verifier maps an :class:`AnswerProfile` to present / absent / unclear with an unclear middle between
the two thresholds of its docstring; each gets realistic markdown answers on both sides and in the middle.
"""

from __future__ import annotations

import dataclasses

import pytest

from crm.data.criteria.profile import MIN_PROSE_WORDS, profile
from crm.data.criteria.verifiers import ABSENT, PRESENT, UNCLEAR, VERIFIERS

# ---- building blocks ------------------------------------------------------------------------------------------
# Plain, confident prose about HTTP caching with none of the phrase-level signals: no hedges, numbers, examples,
# contractions, exclamations, first person, analogies, warnings, alternatives, pros/cons or summary markers.
CACHE = [
    "A web cache keeps copies of responses close to the client.",
    "When the same page is requested again, the cache returns the stored copy.",
    "The server sends headers that tell the cache how long a response stays fresh.",
    "A fresh response is served without a round trip to the origin server.",
    "A stale response is checked with the server before it is reused.",
    "This check sends a validator called an entity tag.",
    "If the resource has not changed, the server answers with a short status message.",
    "The browser then reuses the body it already has.",
    "Shared caches sit between many users and the origin.",
    "Private caches live inside a single browser.",
    "Pages with personal data belong only in private caches.",
    "Good cache rules cut load on the server and make pages appear faster.",
]


def sentences(n: int, start: int = 0) -> str:
    """``n`` caching sentences as one paragraph."""
    return " ".join(CACHE[(start + i) % len(CACHE)] for i in range(n))


def prose(n_words: int, per_paragraph: int = 4) -> str:
    """Paragraphs of caching prose until at least ``n_words`` words."""
    paragraphs, words, i = [], 0, 0
    while words < n_words:
        paragraphs.append(sentences(per_paragraph, start=i))
        words += len(paragraphs[-1].split())
        i += per_paragraph
    return "\n\n".join(paragraphs)


def n_words(text: str) -> int:
    return profile(text).words


# Clear, confident prose of about 90 words: the neutral body most cases add their one property to.
BODY = prose(80)

STRUCTURED = """## Why caching helps

A web cache keeps copies of responses close to the client, so repeat visits load faster.

## How to set it up

1. Decide which pages are public and which are private.
2. Send a `Cache-Control` header with every response.
3. Add an entity tag so that stale copies can be validated.

## What to watch

Pages with personal data belong only in private caches.
"""

SIMPLE_WORDS = (
    "Plants need light to live. The sun gives them that light. A leaf takes in the light and uses it to make food. "
    "The plant also takes in water from the ground. It takes in air through small holes in its leaves. With light, "
    "water and air, the plant makes sugar. The sugar helps it grow. This is how a plant feeds itself."
)
HARD_WORDS = (
    "Photosynthesis is the physicochemical process whereby chlorophyll-containing organisms convert "
    "electromagnetic radiation into chemically stored energy. The light-dependent reactions, localized within "
    "thylakoid membranes, generate adenosine triphosphate and reduced nicotinamide adenine dinucleotide phosphate "
    "through photophosphorylation. Subsequently, the Calvin-Benson cycle utilizes these energetic intermediates to "
    "incorporate atmospheric carbon dioxide into carbohydrate precursors, facilitating the biosynthesis of glucose "
    "and structural polysaccharides."
)
MIDDLE_WORDS = (
    "Photosynthesis is the process plants use to turn sunlight into chemical energy. Inside the leaf, chlorophyll "
    "absorbs light and uses its energy to split water molecules, releasing oxygen as a byproduct. The captured "
    "energy is then stored in temporary carrier molecules. In a second stage, the plant uses those carriers to "
    "combine carbon dioxide from the air into sugars, which fuel growth and are stored for later use."
)

SHORT_SENTENCES = (
    "Restart the router first. Wait for the lights to settle. Then open the admin page. Log in with the password "
    "on the sticker. Find the wireless settings. Pick a new network name. Save the changes. Your devices will "
    "drop off the old network. Join the new one on each device."
)
LONG_SENTENCES = (
    "Before changing anything in the admin page, restart the router and wait until every status light has settled "
    "into its normal pattern, because settings saved while the firmware is still booting are sometimes lost. "
    "Once the router is stable, open the admin page in a browser on a wired computer, log in with the password "
    "printed on the sticker underneath the device, and find the section that controls the wireless network name. "
    "After you pick a new name and save the change, every phone and laptop in the house will drop off the old "
    "network and will have to be joined to the new one by hand."
)
MEDIUM_SENTENCES = (
    "Restart the router and wait until every status light has settled into its normal pattern. Open the admin "
    "page in a browser and log in with the password printed on the sticker. Find the section that controls the "
    "wireless network name and choose a new one. Save the change, then join each phone and laptop to the new "
    "network by hand."
)


# ---- cases: (verifier, answer, expected) ---------------------------------------------------------------------
CASES = [
    # concise: at most 180 words vs at least 360
    ("concise", "Clear the browser cache and reload the page.", PRESENT),
    ("concise", prose(120), PRESENT),
    ("concise", prose(400), ABSENT),
    ("concise", STRUCTURED + "\n" + prose(380), ABSENT),
    ("concise", prose(260), UNCLEAR),
    # markdown_structure: headings (or bold titles) and a list of 3+ items vs plain paragraphs
    ("markdown_structure", STRUCTURED, PRESENT),
    ("markdown_structure", "**Setup**\n\n- Install the package.\n- Create a config file.\n- Run the server.", PRESENT),
    ("markdown_structure", BODY, ABSENT),
    ("markdown_structure", "- Install the package.\n- Create a config file.\n- Run the server.\n", UNCLEAR),
    ("markdown_structure", "## Setup\n\n- Install the package.\n- Run the server.\n", UNCLEAR),
    # headings: two or more section headings (markdown or top-level bold-only lines) vs none
    ("headings", STRUCTURED, PRESENT),
    ("headings", "# Caching\n\n" + sentences(3) + "\n\n### Validation\n\n" + sentences(3, 4), PRESENT),
    ("headings", "**Freshness**\n\n" + sentences(3) + "\n\n**2. Validation:**\n\n" + sentences(3, 4), PRESENT),
    ("headings", "## Caching\n\n" + sentences(3) + "\n\n**Validation**\n\n" + sentences(3, 4), PRESENT),
    ("headings", BODY, ABSENT),
    ("headings", "**Note:** " + sentences(3) + "\n\n**Also:** " + sentences(3, 4), ABSENT),  # bold lead-ins
    ("headings", "## Caching\n\n" + BODY, UNCLEAR),
    ("headings", "**Caching**\n\n" + BODY, UNCLEAR),
    ("headings", "1. **Freshness**\n\n   " + sentences(2) + "\n2. **Validation**\n\n   " + sentences(2, 3), UNCLEAR),
    # bullet_points: three or more bullet items vs no list at all
    ("bullet_points", "You will need:\n\n- a text editor\n- Python 3\n- a terminal\n", PRESENT),
    ("bullet_points", sentences(2) + "\n\n* Shared caches\n* Private caches\n* Proxy caches\n", PRESENT),
    ("bullet_points", BODY, ABSENT),
    ("bullet_points", sentences(3) + "\n\n- Shared caches\n- Private caches\n", UNCLEAR),
    ("bullet_points", STRUCTURED, UNCLEAR),  # a numbered list only
    # numbered_list: three or more numbered items vs no list at all
    ("numbered_list", STRUCTURED, PRESENT),
    ("numbered_list", "Steps:\n\n1) Open the settings.\n2) Select *Privacy*.\n3) Click *Clear data*.\n", PRESENT),
    (  # numbered bold titles over bullets: numbered steps to a reader, no ordered list to markdown
        "numbered_list",
        "".join(
            f"**{i}. {step}:**\n\n- {sentences(1, i)}\n- {sentences(1, i + 1)}\n\n"
            for i, step in enumerate(("Freshness", "Validation", "Scope"), 1)
        ),
        PRESENT,
    ),
    ("numbered_list", "".join(f"Step {i}: {sentences(1, i)}\n\n" for i in range(1, 4)), PRESENT),
    (  # numbered section headings: the steps a reader follows, with no ordered list to markdown
        "numbered_list",
        "".join(f"## Step {i}: Part\n\n{sentences(2, i)}\n\n" for i in range(1, 4)),
        PRESENT,
    ),
    ("numbered_list", "### 1. Setup\n\n" + BODY, UNCLEAR),  # one numbered heading is no list of steps
    ("numbered_list", BODY, ABSENT),
    ("numbered_list", "In 2023, 12 of the 40 caches failed. " + BODY, ABSENT),  # figures are not numbering
    ("numbered_list", "**1. Shaping:**\n\n" + BODY, UNCLEAR),
    ("numbered_list", "1. Open the settings.\n2. Click *Clear data*.\n\n" + sentences(2), UNCLEAR),
    ("numbered_list", "You will need:\n\n- a text editor\n- Python 3\n- a terminal\n", UNCLEAR),  # bullets only
    # tables: a markdown table vs no table and no pipe in the prose
    (
        "tables",
        "| Cache | Where | Shared |\n|---|---|---|\n| Browser | client | no |\n| CDN | edge | yes |\n\n" + sentences(2),
        PRESENT,
    ),
    ("tables", BODY, ABSENT),
    ("tables", "Count the lines with `grep error app.log | wc -l`.\n\n" + sentences(2), ABSENT),  # pipe in code only
    ("tables", "| Cache | Where |\n| Browser | client |\n| CDN | edge |\n\n" + sentences(2), UNCLEAR),  # no separator
    # bold: three or more bold spans vs none
    (
        "bold",
        "Use **shared caches** for public pages, **private caches** for personal data and **no cache** for secrets.",
        PRESENT,
    ),
    ("bold", BODY, ABSENT),
    ("bold", "The key header is **Cache-Control**. " + BODY, UNCLEAR),
    # code: a code block vs no code at all
    ("code", 'Set the header in nginx:\n\n```nginx\nadd_header Cache-Control "max-age=3600";\n```\n', PRESENT),
    ("code", "Run this:\n\n    pip install requests-cache\n", PRESENT),  # an indented code block
    ("code", BODY, ABSENT),
    ("code", "Send the `Cache-Control` header with every response. " + BODY, UNCLEAR),  # inline code only
    # tldr_first: bottom line up front vs opening with a heading, list, code or a lead-in
    ("tldr_first", "**TL;DR:** cache public pages and never cache personal data.\n\n" + prose(120), PRESENT),
    ("tldr_first", "Yes, browsers cache pages by default.\n\n" + prose(120), PRESENT),
    ("tldr_first", "## Background\n\n" + prose(150), ABSENT),
    ("tldr_first", "- Cache public pages.\n- Skip private ones.\n- Validate stale copies.\n\n" + prose(120), ABSENT),
    ("tldr_first", "Here's how caching works:\n\n" + prose(150), ABSENT),
    ("tldr_first", "Yes, browsers cache pages by default.\n\n" + sentences(3), UNCLEAR),  # too little after it
    ("tldr_first", prose(200, per_paragraph=5), UNCLEAR),  # the first paragraph is not one short statement
    ("tldr_first", "Sure, I can explain caching.\n\n" + prose(150), UNCLEAR),  # a pleasantry, not a statement
    ("tldr_first", "What a fascinating question!\n\n" + prose(150), UNCLEAR),  # an exclamation is no bottom line
    # closing_summary: the last blocks open with "In summary"... vs no such marker anywhere
    ("closing_summary", BODY + "\n\nIn summary, cache public pages and validate stale copies.", PRESENT),
    (
        "closing_summary",
        STRUCTURED + "\nOverall, a few headers do most of the work.\n\nLet me know if anything is unclear.",
        PRESENT,
    ),
    ("closing_summary", STRUCTURED, ABSENT),
    ("closing_summary", "In short, cache public pages.\n\n" + prose(120), UNCLEAR),  # a marker, but not at the end
    # short_paragraphs: four or more paragraphs of at most 25 words vs paragraphs of 45+ words
    ("short_paragraphs", prose(100, per_paragraph=2), PRESENT),
    ("short_paragraphs", prose(120, per_paragraph=6), ABSENT),
    ("short_paragraphs", prose(90, per_paragraph=3), UNCLEAR),  # about 33 words a paragraph
    ("short_paragraphs", sentences(2) + "\n\n" + sentences(2, 2), UNCLEAR),  # short, but only two paragraphs
    ("short_paragraphs", prose(120, per_paragraph=6) + "\n\n- Shared\n- Private\n", UNCLEAR),  # has a list
    # plain_words: Flesch-Kincaid grade at most 8 vs at least 13
    ("plain_words", SIMPLE_WORDS, PRESENT),
    ("plain_words", HARD_WORDS, ABSENT),
    ("plain_words", MIDDLE_WORDS, UNCLEAR),
    ("plain_words", "Plants turn light into food.", UNCLEAR),  # too little prose to measure
    # analogies: "think of it as", "imagine", "it's like" vs no analogy and no "like a"
    ("analogies", "Think of a cache as a pantry next to the kitchen. " + BODY, PRESENT),
    ("analogies", "Imagine a librarian who keeps popular books on the front desk. " + BODY, PRESENT),
    ("analogies", BODY, ABSENT),
    ("analogies", "The cache acts like a filter in front of the server. " + BODY, UNCLEAR),  # a bare "like a"
    # short_sentences: mean sentence length of the paragraphs at most 12 vs at least 22 words
    ("short_sentences", SHORT_SENTENCES, PRESENT),
    ("short_sentences", LONG_SENTENCES, ABSENT),
    ("short_sentences", MEDIUM_SENTENCES, UNCLEAR),
    ("short_sentences", "- Restart the router.\n- Open the admin page.\n- Pick a new name.", UNCLEAR),  # no paragraphs
    # casual: contractions, exclamations, casual words at 2.5+ per 100 words vs none
    (
        "casual",
        "Hey! Yeah, caching is super handy. Your browser's gonna keep a copy of stuff it's already downloaded, so "
        "next time it doesn't have to fetch it again. Pretty much every site does this, and it's why pages load "
        "way faster the second time around. Cool, right?",
        PRESENT,
    ),
    ("casual", BODY, ABSENT),
    ("casual", "That's the whole idea. " + prose(100), UNCLEAR),  # one contraction in 100+ words
    ("casual", "Hey, it's cool!", UNCLEAR),  # too little prose to call
    # emoji: an emoji in the prose vs none (no unclear middle)
    ("emoji", "Caching makes repeat visits fast 🚀\n\n" + sentences(3), PRESENT),
    ("emoji", "- ✅ Cache public pages\n- ❌ Cache personal data\n", PRESENT),
    ("emoji", BODY, ABSENT),
    ("emoji", "Arrows are not emoji: request → cache → server. " + sentences(2), ABSENT),
    # enthusiasm: two or more exclamation marks vs none
    ("enthusiasm", "Great choice! Caching is one of the easiest wins there is! " + BODY, PRESENT),
    ("enthusiasm", BODY, ABSENT),
    ("enthusiasm", "![cache diagram](https://example.com/cache.png)\n\n" + BODY, ABSENT),  # image syntax
    ("enthusiasm", BODY + " That is all it takes!", UNCLEAR),
    # first_person: two or more first-person words vs none
    (
        "first_person",
        "I would start with the browser cache. In my experience it fixes most slow pages. " + BODY,
        PRESENT,
    ),
    ("first_person", BODY, ABSENT),
    (
        "first_person",
        "Shared caches serve many users, i.e. a CDN; private ones serve one, i.e. a browser. Caches "
        "save disk I/O too. " + BODY,
        ABSENT,
    ),  # "i.e." and "I/O" are not the pronoun I
    ("first_person", "The server is faster than I. " + BODY, UNCLEAR),  # the pronoun at the end of a sentence
    ("first_person", "I recommend the browser cache. " + BODY, UNCLEAR),
    # examples: two or more example markers vs none
    (
        "examples",
        "Static files, such as images and fonts, cache well. For example, a logo rarely changes. " + BODY,
        PRESENT,
    ),
    ("examples", BODY, ABSENT),
    ("examples", "Static files (e.g. images) cache well. " + BODY, UNCLEAR),
    # numbers: six or more numbers in the prose (code and numbering excluded) vs none
    (
        "numbers",
        "A 2023 survey of 1,200 sites found that 68% set a max-age of 3600 seconds or more, and 12% cached "
        "for 30 days. The median page saved 1.4 MB per repeat visit.",
        PRESENT,
    ),
    ("numbers", BODY, ABSENT),
    ("numbers", STRUCTURED, ABSENT),  # list numbering is not a number in the prose
    ("numbers", "Set `max-age=3600` on static files. " + BODY, ABSENT),  # inline code is not prose
    ("numbers", "A max-age of 3600 seconds keeps a copy for one hour. " + BODY, UNCLEAR),
    ("numbers", "Use HTTP/2 with 2 or 3 cache layers. " + BODY, UNCLEAR),
    # numbered titles and steps are numbering, not figures: six of them and no figure is "no numbers"
    ("numbers", "".join(f"**{i}. Part:**\n\n{sentences(1, i)}\n\n" for i in range(1, 7)), ABSENT),
    ("numbers", "".join(f"## Step {i}: Part\n\n{sentences(1, i)}\n\n" for i in range(1, 7)), ABSENT),
    (
        "numbers",
        "**1. Measure:**\n\nA 2023 survey of 1,200 sites found that 68% set a max-age of 3600 seconds, and 12% "
        "cached for 30 days; the median page saved 1.4 MB.",
        PRESENT,
    ),
    # sources: a link or a citation vs neither (no unclear middle)
    ("sources", BODY + "\n\nSee the [MDN guide](https://developer.mozilla.org/en-US/docs/Web/HTTP/Caching).", PRESENT),
    ("sources", "According to RFC 9111, a cache must not store responses marked no-store. " + BODY, PRESENT),
    ("sources", "Shared caches must respect the private directive [1]. " + BODY, PRESENT),
    ("sources", BODY, ABSENT),
    # hedging: hedges and caveats at 2+ per 100 words vs at most 0.3
    (
        "hedging",
        "It depends on the site. Caching usually helps, but it may also serve stale content. Generally, static "
        "files can be cached for a long time, although pages with personal data typically should not be. Keep "
        "in mind that some proxies might ignore your headers, so results can vary.",
        PRESENT,
    ),
    ("hedging", BODY, ABSENT),
    ("hedging", "Caching usually helps. " + prose(100), UNCLEAR),  # one hedge in 100+ words
    ("hedging", "It may help.", UNCLEAR),  # too little prose to call
    # safety_warnings: two or more safety terms vs none
    (
        "safety_warnings",
        "**Warning:** turn off the breaker before you open the outlet box. Wear protective gloves, and consult a "
        "licensed electrician if the wiring looks damaged.",
        PRESENT,
    ),
    ("safety_warnings", BODY, ABSENT),
    ("safety_warnings", "Be careful with pages that hold personal data. " + BODY, UNCLEAR),
    # ai_disclaimer: a disclaimer vs none (no unclear middle)
    ("ai_disclaimer", "As an AI, I don't have personal opinions, but here is how caching works.\n\n" + BODY, PRESENT),
    ("ai_disclaimer", "My knowledge cutoff means newer browser features may be missing. " + BODY, PRESENT),
    ("ai_disclaimer", BODY, ABSENT),
    # alternatives: two or more alternative markers vs none
    (
        "alternatives",
        BODY + "\n\nAlternatively, put a CDN in front of the server. Another option is to cache rendered pages in "
        "the application itself.",
        PRESENT,
    ),
    ("alternatives", BODY, ABSENT),
    ("alternatives", BODY + " You can also cache rendered pages in the application.", UNCLEAR),
    # pros_cons: both an advantage and a drawback term vs neither
    (
        "pros_cons",
        "**Pros:** faster pages and less server load.\n\n**Cons:** users may see stale content.\n\n" + sentences(2),
        PRESENT,
    ),
    ("pros_cons", "The main benefit is speed; the main drawback is stale content. " + BODY, PRESENT),
    ("pros_cons", BODY, ABSENT),
    ("pros_cons", "The main benefit of caching is speed. " + BODY, UNCLEAR),
    # preamble: opens with a pleasantry vs opens with content ("Here is..." is unclear)
    ("preamble", "Sure! " + BODY, PRESENT),
    ("preamble", "Great question! Caching is simpler than it looks.\n\n" + BODY, PRESENT),
    ("preamble", "I'd be happy to help with that.\n\n" + BODY, PRESENT),
    ("preamble", "What a fascinating project! " + BODY, PRESENT),  # a short exclamation warms up too
    ("preamble", "Great!\n\n" + BODY, PRESENT),
    ("preamble", "Caching keeps a copy of each response close to the client, and it pays off! " + BODY, ABSENT),
    ("preamble", BODY, ABSENT),
    ("preamble", "## Caching\n\n" + BODY, ABSENT),
    ("preamble", "Here is how HTTP caching works:\n\n" + BODY, UNCLEAR),
    ("preamble", "Below is a short overview of caching.\n\n" + BODY, UNCLEAR),
    # closing_offer: the last block offers more help vs no offer and no closing question
    ("closing_offer", BODY + "\n\nLet me know if you want an nginx config for this.", PRESENT),
    ("closing_offer", STRUCTURED + "\nHope this helps!", PRESENT),
    ("closing_offer", BODY, ABSENT),
    ("closing_offer", BODY + "\n\nDoes that make sense?", UNCLEAR),  # a closing question, not an offer
    ("closing_offer", "Let me know which server you use.\n\n" + BODY, UNCLEAR),  # an offer, but not at the end
]

# Verifiers whose present and absent are complementary: any answer gets one or the other.
BINARY = {"emoji", "sources", "ai_disclaimer"}


def _id(case) -> str:
    name, answer, expected = case
    return f"{name}-{expected}-{answer[:30]}"


@pytest.mark.parametrize(("name", "answer", "expected"), CASES, ids=[_id(c) for c in CASES])
def test_verifier(name, answer, expected):
    assert VERIFIERS[name](profile(answer)) == expected


def test_every_verifier_is_checked_on_every_verdict():
    covered = {name for name, _, _ in CASES}
    assert covered == set(VERIFIERS)
    for name in VERIFIERS:
        verdicts = {expected for n, _, expected in CASES if n == name}
        wanted = {PRESENT, ABSENT} if name in BINARY else {PRESENT, ABSENT, UNCLEAR}
        assert verdicts == wanted, name


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_verifiers_never_say_unclear(name):
    for _, answer, _ in CASES:
        assert VERIFIERS[name](profile(answer)) != UNCLEAR


def test_building_blocks_carry_no_phrase_signals():
    """The neutral caching prose is absent for every phrase-level family, so cases test one signal at a time."""
    p = profile(BODY)
    assert p.prose_words >= 2 * MIN_PROSE_WORDS
    for name in (
        "casual",
        "emoji",
        "enthusiasm",
        "first_person",
        "examples",
        "numbers",
        "sources",
        "hedging",
        "safety_warnings",
        "ai_disclaimer",
        "alternatives",
        "pros_cons",
        "analogies",
        "closing_summary",
        "closing_offer",
        "preamble",
        "markdown_structure",
        "bold",
        "code",
        "tables",
    ):
        assert VERIFIERS[name](p) == ABSENT, name
    assert 100 <= n_words(prose(100)) < 150


def test_code_blocks_and_tables_are_not_prose():
    code_only = (
        BODY
        + "\n\n```python\nprint('Done!')  # 3 retries, 250 ms apart, 10 s max\nassert 2 + 2 == 4, 'Oops!'\n"
        + "# I think my version 1.2.3 is fine 🚀 as an AI language model\n```\n"
    )
    p = profile(code_only)
    assert p.fences == 1 and p.prose_words == profile(BODY).prose_words
    for name in ("numbers", "enthusiasm", "emoji", "first_person", "ai_disclaimer", "casual"):
        assert VERIFIERS[name](p) == ABSENT, name
    rows = "| Header | Max age (s) | Hits |\n|---|---|---|\n| Cache-Control | 3600 | 98% |\n| Expires | 86400 | 2% |\n"
    table = BODY + "\n\n" + rows
    p = profile(table)
    assert p.tables == 1 and "3600" not in p.prose and "|" not in p.prose
    assert VERIFIERS["numbers"](p) == ABSENT
    assert VERIFIERS["tables"](p) == PRESENT
    # a long code listing does not make a two-sentence answer long enough to measure its prose
    listing = "Run it:\n\n```python\n" + "\n".join(f"total = total + {i}  # step {i}" for i in range(40)) + "\n```\n"
    p = profile(listing)
    assert p.words > 100 and p.prose_words < MIN_PROSE_WORDS
    assert p.reading_grade is None and p.sentence_length is None
    assert VERIFIERS["hedging"](p) == UNCLEAR and VERIFIERS["plain_words"](p) == UNCLEAR


def test_profile_is_cached_and_deterministic():
    text = STRUCTURED + "\n" + SIMPLE_WORDS
    first = profile(text)
    assert profile(text) is first
    assert profile("".join(list(text))) is first  # an equal string, not the same object
    fresh = profile.__wrapped__(text)
    assert fresh is not first
    assert fresh.reading_grade is not None and fresh.sentence_length is not None  # fills the lazy fields
    assert fresh.reading_grade == first.reading_grade and fresh.sentence_length == first.sentence_length
    assert dataclasses.asdict(fresh) == dataclasses.asdict(first)
    assert {n: v(fresh) for n, v in VERIFIERS.items()} == {n: v(first) for n, v in VERIFIERS.items()}
