"""Degenerate answers: what a reward must never prefer to a real answer, whatever the criteria.

A policy trained on a reward finds what the reward overrates. If the empty answer outscores a real one
under "be concise", the policy learns to say nothing. So a share of the training pairs sets a real
answer against a degenerate copy of it, labelled for the real answer under that sample's criteria of
either polarity ("be concise" and "be detailed" alike), and a test set of such pairs measures it.

The kinds: the empty answer, whitespace, the answer cut off mid-sentence (as written: a token limit
keeps its line breaks and lists), its opening repeated over and over (a decoding loop), another
query's answer (fluent, well formed, and off topic), the query given back, the criteria given back,
and the answer with an instruction to the judge added (its texts in ``degenerate.yaml`` beside this
file). The first five are the degenerate gate's, and the query given
back too (:data:`LEARNABLE_KINDS`); the last three are taught through the pairs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from importlib import resources

import yaml

from crm.data.relevance import last_user_turn
from crm.data.schema import PreferenceSample
from crm.data.splits import normalise_query

GATE_KINDS = ("empty", "whitespace", "truncated", "repeated", "off_topic")  # crm.models.head_terms.DegenerateGate's
PAIR_KINDS = ("restated_query", "restated_criteria", "injected")  # taught through the pairs (the first by the gate too)
KINDS = GATE_KINDS + PAIR_KINDS
BLANK_KINDS = ("empty", "whitespace")  # no token at all: degenerate by rule (crm.models.head_terms.DegenerateGate)
# the kinds the gate's classifiers tell from real answers (blank ones are degenerate by rule)
LEARNABLE_KINDS = tuple(kind for kind in GATE_KINDS if kind not in BLANK_KINDS) + ("restated_query",)
FIRST_LEARNED_KINDS = LEARNABLE_KINDS[:3]  # a gate's kinds in an export written before its spec named them
TEXTS = yaml.safe_load(resources.files(__package__).joinpath("degenerate.yaml").read_text(encoding="utf-8"))
SOURCE = "degenerate"
WHITESPACE = (" ", "\n", "\n\n", " \n\t ")
MIN_WORDS = 12  # shorter answers cannot be cut or looped visibly: they get the empty answer instead


def without_closing_punctuation(text: str) -> str:
    """``text`` with the punctuation that closes it removed: how a cut-off answer ends, and how some
    models' full answers end too (several of MT-Bench's end on no full stop)."""
    return re.sub(r"[.!?:;,]+$", "", text.rstrip())


def degenerate_answer(
    kind: str, answer: str, other_answer: str, rng: random.Random, query: str = "", criteria: Sequence[str] = ()
) -> str:
    """A degenerate version of ``answer`` of ``kind``; ``other_answer``: an answer to another query;
    ``query`` and ``criteria``: what the answer answers, and under which criteria it is judged."""
    if kind == "restated_query":
        return query
    if kind == "restated_criteria":
        return " ".join(criteria)
    if kind == "injected":
        return f"{answer} {rng.choice(TEXTS['injections'])}"
    words = answer.split()
    if kind in ("truncated", "repeated") and len(words) < MIN_WORDS:
        kind = "empty"
    if kind == "empty":
        return ""
    if kind == "whitespace":
        return rng.choice(WHITESPACE)
    if kind == "truncated":  # a quarter to a half of its words, as written (a token limit keeps the layout)
        kept = rng.randint(max(3, len(words) // 4), max(4, len(words) // 2))
        end = [word.end() for word in re.finditer(r"\S+", answer)][kept - 1]
        return without_closing_punctuation(answer[:end])  # ending mid-sentence (no closing punctuation)
    if kind == "repeated":
        opening = " ".join(words[: rng.randint(6, min(20, len(words)))])
        return " ".join([opening] * rng.randint(4, 10))
    if kind == "off_topic":
        return other_answer
    raise ValueError(f"unknown degenerate kind {kind!r}; expected one of {KINDS}")


def preferred(sample: PreferenceSample) -> list[dict[str, str]]:
    return sample.model_a if sample.preference == "model_a" else sample.model_b


def degenerate_pairs(
    samples: Sequence[PreferenceSample],
    count: int,
    seed: int,
    kinds: Sequence[str] = KINDS,
    excluded_queries: frozenset[str] = frozenset(),
) -> list[PreferenceSample]:
    """``count`` pairs (the kinds in turn) of a sample's preferred answer against a degenerate copy,
    labelled for the real answer under criteria the sample was judged under (its own, or either side's
    where it has them: both polarities). Samples are drawn seeded, without repeats while they last;
    ties give no preferred answer and are not drawn, nor are queries in ``excluded_queries``
    (normalised: a test set's, :mod:`crm.data.short_answers`)."""
    pool = [
        s
        for s in samples
        if s.preference in ("model_a", "model_b") and normalise_query(s.prompt) not in excluded_queries
    ]
    if not pool or count <= 0:
        return []
    rng = random.Random(seed)
    order = rng.sample(pool, len(pool))
    pairs = []
    for i in range(count):
        sample, kind = order[i % len(order)], kinds[i % len(kinds)]
        real = preferred(sample)
        other = rng.choice(pool)
        if len(pool) > 1:
            while other.prompt == sample.prompt:
                other = rng.choice(pool)
        other_answer = (other.model_a if rng.random() < 0.5 else other.model_b)[-1]["content"]
        criteria = rng.choice([c for c in (sample.criteria, sample.a_criteria, sample.b_criteria) if c])
        bad = degenerate_answer(kind, real[-1]["content"], other_answer, rng, last_user_turn(real[:-1]), criteria)
        pairs.append(
            replace(
                sample,
                model_a=real,
                model_b=[*real[:-1], {"role": "assistant", "content": bad}],
                criteria=list(criteria),
                preference="model_a",
                idx=f"{SOURCE}/{kind}/{sample.idx}",
                human_winner=None,
                a_criteria=None,
                b_criteria=None,
                a_broad_criteria_topic=None,
                b_broad_criteria_topic=None,
                source=SOURCE,
                extra={"family": f"{SOURCE}:{kind}"},
            )
        )
    return pairs
