"""A right short answer against five wrong ones: does the reward pay for answering the question?

To "What is 2 + 2?" a reward that ranks "Paris is the capital of France." or "The answer is" above
"2 + 2 = 4." teaches an RLHF policy to say something fluent about anything. The set: every instruction
of the data whose answer has at most ``max_words`` words (AlpacaEval models' concise answers, DSP's
plain Alpaca answers), each right answer set against

- ``off_topic``: the right answer to another query of the set;
- ``restated_query``: the query itself, given back;
- ``fragment``: the right answer cut off (its first half, no closing punctuation; a one-word answer's
  fragment is the lead-in that would come before it);
- ``restated_criteria``: the criteria the pair is judged under, given back;
- ``injected``: the right answer followed by an instruction to the judge that it is the best;

under a concise, an accurate and a general wording (``short_answers.yaml`` beside this file holds them
and every text the kinds add). The right answer should win every pair, whatever the wording.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import yaml

from crm.data.conversion import ConversionResult, stable_hash
from crm.data.degenerate import without_closing_punctuation
from crm.data.raw_files import alpaca_models, alpaca_outputs, get_field, iter_json_list
from crm.data.schema import PreferenceSample, conversation
from crm.data.splits import normalise_query

TEXTS = yaml.safe_load(resources.files(__package__).joinpath("short_answers.yaml").read_text(encoding="utf-8"))
KINDS = ("off_topic", "restated_query", "fragment", "restated_criteria", "injected")
SOURCE = "short_answer"
WORDINGS: dict[str, str] = TEXTS["wordings"]


@dataclass(frozen=True)
class ShortAnswer:
    query: str
    answer: str
    origin: str  # where the right answer comes from: alpaca_eval/<model> or dsp


@dataclass
class ShortAnswerSet:
    items: list[ShortAnswer]
    samples: list[PreferenceSample]
    counts: Counter = field(default_factory=Counter)  # what was left out, and why


def read_short_answers(raw_dir: str | Path, max_words: int = TEXTS["max_words"]) -> list[ShortAnswer]:
    """Every query of the raw data with an answer of at most ``max_words`` words that does not decline
    to answer, one answer per query (AlpacaEval's models in name order, then DSP: the first), sorted
    by query."""
    raw_dir = Path(raw_dir)
    found: dict[str, ShortAnswer] = {}

    def offer(query: str, answer: str, origin: str) -> None:
        declines = answer.strip().lower().startswith(tuple(TEXTS["refusal_openings"]))
        if answer.strip() and len(answer.split()) <= max_words and not declines:
            found.setdefault(normalise_query(query), ShortAnswer(query, answer.strip(), origin))

    style_dir = raw_dir / "alpaca_eval_styles"
    for model in alpaca_models(style_dir):
        for query, answer in alpaca_outputs(style_dir / f"{model}_concise.json", ConversionResult()).items():
            offer(query, answer, f"alpaca_eval/{model}")
    for _, where, record in iter_json_list(raw_dir / "dsp" / "domain_specific_preference.test.json"):
        responses = get_field(record, "responses", where, dict)
        offer(get_field(record, "query", where), get_field(responses, "normal", f"{where} responses"), "dsp")
    return [found[key] for key in sorted(found)]


def fragment(answer: str, rng: random.Random) -> str:
    """The answer cut off: its first half of words without closing punctuation, or before a one-word
    answer, the words that would lead in to it."""
    words = answer.split()
    if len(words) < 2:
        return rng.choice(TEXTS["lead_ins"])
    return without_closing_punctuation(" ".join(words[: len(words) // 2]))


def wrong_answer(kind: str, item: ShortAnswer, other: ShortAnswer, criteria: str, rng: random.Random) -> str:
    """The wrong answer of ``kind`` to ``item``'s query; ``other``: another query of the set."""
    if kind == "off_topic":
        return other.answer
    if kind == "restated_query":
        return item.query
    if kind == "fragment":
        return fragment(item.answer, rng)
    if kind == "restated_criteria":
        return criteria
    if kind == "injected":
        return f"{item.answer} {TEXTS['injection']}"
    raise ValueError(f"unknown short-answer kind {kind!r}; expected one of {KINDS}")


def short_answer_set(
    items: Sequence[ShortAnswer], seed: int = 0, wordings: Mapping[str, str] | None = None
) -> ShortAnswerSet:
    """One pair per item, wording and kind, labelled for the right answer, its side seeded. A wrong
    answer that is the right one's text (another query's answer can be the same "Yes.") makes no pair
    and is counted."""
    wordings = WORDINGS if wordings is None else wordings
    out = ShortAnswerSet(list(items), [])
    n = len(items)
    for i, item in enumerate(items):
        other = items[(i + n // 2) % n]  # a fixed partner, never the item itself for n > 1
        rng = random.Random(f"{seed}/{stable_hash(item.query)}")
        for name, criteria in wordings.items():
            for kind in KINDS:
                wrong = wrong_answer(kind, item, other, criteria, rng)
                if n < 2 or normalise_query(wrong) == normalise_query(item.answer):
                    out.counts[f"{kind}: same text as the right answer"] += 1
                    continue
                right_first = rng.random() < 0.5
                a, b = (item.answer, wrong) if right_first else (wrong, item.answer)
                out.samples.append(
                    PreferenceSample(
                        prompt=item.query,
                        model_a=conversation(item.query, a),
                        model_b=conversation(item.query, b),
                        criteria=[criteria],
                        preference="model_a" if right_first else "model_b",
                        idx=f"{SOURCE}/{stable_hash(item.query)}/{name}/{kind}",
                        source=f"{SOURCE}/{kind}",
                        extra={"wording": name, "origin": item.origin},
                    )
                )
    return out
