"""Attribute-verified pairs: two models' answers to one query that a verifier clearly separates.

For every query of the leaderboard corpora (Arena-Hard, MT-Bench first turns; for training and
validation also AlpacaEval's instructions, ``training_corpora``) and every verified family, one answer
has the property X and the other clearly lacks it, while their lengths stay within ``max_length_ratio``
(except for the length family), so a length rule cannot pass. Each pair carries
criteria for both polarities (``a_criteria`` asks for what A has, ``b_criteria`` for what B has), so
``direction`` shows it under "prefer X" and "prefer not-X" and the label follows the criteria.

Also:

- about ``multi_criteria`` of the samples get one or two extra criteria from other families on which
  both answers agree (both clearly have it or both clearly lack it): the model must find the one
  criterion that separates the pair;
- pairs per query and family are capped, training pairs per family too (balanced families), and
  within a family the X answer is the longer one in half the kept pairs;
- test queries get test-only criteria wording; held-out families appear only on test queries, never
  as criteria of training samples; pairs with a held-out model are kept only on test queries;
- every candidate pair and every rejection is counted per family.

Everything is deterministic given the seed (record generators from hashlib, no salted ``hash()``).
"""

from __future__ import annotations

import itertools
import json
import logging
import random
import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from crm.data.conversion import ConversionResult, criteria_pair, record_rng, stable_hash
from crm.data.corpora import NAMED_CORPORA, named_corpus_dir, read_corpus
from crm.data.corpus import Corpus
from crm.data.criteria.profile import profile
from crm.data.criteria.recipe_defaults import criteria_attributes
from crm.data.criteria.taxonomy import DEFAULT_HELDOUT_FAMILIES, VERIFIED_FAMILIES, get_family, validate_families
from crm.data.criteria.verifiers import ABSENT, PRESENT, UNCLEAR
from crm.data.over_cores import map_over_cores
from crm.data.raw_files import alpaca_models
from crm.data.schema import PreferenceSample
from crm.data.splits import DEFAULT_FRACTIONS, split_of

log = logging.getLogger(__name__)

SOURCE = "attribute_pairs"
ALPACA_EVAL = "alpaca_eval"  # AlpacaEval's instructions, answered by 4 models in 2 styles each
# Every field but the last two as the criteria mixture sets it (conf/data/criteria.yaml, where each is
# explained): the data ``python -m crm.data prepare`` builds is ``python train.py``'s
RECIPE = criteria_attributes()
# Whole models never seen in training: their answers (and published scores) appear only in test pairs and
# boards, and the board of the held-out models alone is checked against the published ranking
DEFAULT_HELDOUT_MODELS = tuple(RECIPE["heldout_models"])


@dataclass(frozen=True)
class PairOptions:
    """Every setting that changes the attribute pairs (part of the prepared data's manifest)."""

    corpora: tuple[str, ...] = tuple(RECIPE["corpora"])
    # Corpora whose queries give training and validation pairs only (``alpaca_eval``): more answers to
    # learn from, while the test pairs stay those of ``corpora`` (their test queries are skipped, counted).
    training_corpora: tuple[str, ...] = tuple(RECIPE["training_corpora"])
    heldout_families: tuple[str, ...] = DEFAULT_HELDOUT_FAMILIES
    heldout_models: tuple[str, ...] = DEFAULT_HELDOUT_MODELS
    per_query: int = RECIPE["per_query"]
    per_query_test: int = RECIPE["per_query_test"]
    max_train_per_family: int = RECIPE["max_train_per_family"]
    multi_criteria: float = RECIPE["multi_criteria"]
    grammar_share: float = RECIPE["grammar_share"]
    max_length_ratio: float = RECIPE["max_length_ratio"]
    quality_gap: float = RECIPE["quality_gap"]  # crm.data.criteria.quality_pairs
    quality_per_query: int = RECIPE["quality_per_query"]
    quality_per_query_test: int = RECIPE["quality_per_query_test"]
    quality_form_share_test: float = RECIPE["quality_form_share_test"]
    # What a small-budget CRM sees of a long answer: its head and tail (see crm.data.rendering). A pair
    # counts only if that view does not contradict the verdicts, so no label rests on text the model never sees.
    # About 70 words fit MiniLM's 96 answer tokens; null: judge the full answers only.
    visible_words: int | None = 70
    fractions: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_FRACTIONS))

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None) -> PairOptions:
        values = dict(values or {})
        # retired (measured, not kept): a run that recorded them at their no-op values reads as today's
        if values.pop("min_train_per_family", 0):
            raise ValueError("min_train_per_family is an option this crm no longer has (rare families topped up)")
        values.pop("per_query_rare", None)
        unknown = set(values) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(
                f"unknown attribute-pair option(s) {sorted(unknown)}; known: {sorted(cls.__dataclass_fields__)}"
            )
        for name in ("corpora", "training_corpora", "heldout_families", "heldout_models"):
            if name in values:
                values[name] = tuple(values[name] or ())
        options = cls(**values)
        validate_families(options.heldout_families)
        known = list(NAMED_CORPORA)
        unknown_corpora = [c for c in options.corpora + options.training_corpora if c not in known]
        if unknown_corpora:
            raise ValueError(f"unknown corpus {unknown_corpora}; known: {sorted(known)}")
        return options

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["fractions"] = dict(self.fractions)
        return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}


@dataclass(frozen=True)
class Candidate:
    x_model: str  # the answer that has the property
    other_model: str
    x_longer: bool


HEAD_SHARE = 2 / 3  # as the renderer cuts: two thirds head, one third tail
WORD_SPAN = re.compile(r"\S+")


def head_tail(text: str, words: int | None) -> str:
    """``text`` cut to its first and last words (``words`` in all, markdown line breaks kept)."""
    spans = [m.span() for m in WORD_SPAN.finditer(text)]
    if not words or len(spans) <= words:
        return text
    head = round(words * HEAD_SHARE)
    return text[: spans[head - 1][1]] + "\n\n[...]\n\n" + text[spans[len(spans) - (words - head)][0] :]


OPPOSITE = {PRESENT: ABSENT, ABSENT: PRESENT}


def _verdicts(answers: Mapping[str, str], families: Sequence[str], visible_words: int | None) -> dict:
    """model -> family -> verdict of the full answer, made unclear where the head-and-tail view a model
    with a small budget sees says the opposite (the bullets or numbers sit in the cut middle). A view
    that cannot tell (too short to measure a rate) does not veto: it contradicts nothing."""
    out = {}
    for model, text in answers.items():
        full, seen = profile(text), profile(head_tail(text, visible_words))
        out[model] = {}
        for name in families:
            family = get_family(name)
            verdict = family.verifier(full)
            if family.length_matched and seen is not full and family.verifier(seen) == OPPOSITE.get(verdict):
                verdict = UNCLEAR
            out[model][name] = verdict
    return out


# A worker pool pays for its start-up (a second per worker: each imports the parsers) only over
# enough queries; parsing and verifying 29 answers takes about a quarter of a second per query. MT-Bench's
# 80 queries: 2.9 s over two workers against 4.0 s in this process, which would also keep the heap that
# textstat's pronouncing dictionary (74 MB of small objects) leaves behind.
MIN_PARALLEL_QUERIES = 40


# model -> family -> verdict, and model -> words, of one query's answers
Measured = tuple[dict[str, dict[str, str]], dict[str, int]]


def _measure(answers: Mapping[str, str], visible_words: int | None) -> Measured:
    """Every verified family's verdict on each answer of one query, and each answer's words."""
    return _verdicts(answers, VERIFIED_FAMILIES, visible_words), {m: profile(t).words for m, t in answers.items()}


def _measure_all(queries: list[Mapping[str, str]], visible_words: int | None, workers: int | None) -> list[Measured]:
    """:func:`_measure` of each query's answers, in order, over ``workers`` processes (default: every
    CPU this process may use). Markdown parsing and readability counts are pure Python: the
    data preparation's longest part, and it divides over cores."""
    measure = partial(_measure, visible_words=visible_words)
    return map_over_cores(measure, queries, MIN_PARALLEL_QUERIES, workers)


def _candidates(
    family: str,
    answers: Mapping[str, str],
    measured: Measured,
    options: PairOptions,
    heldout_models: set[str],
    counts: Counter,
) -> list[Candidate]:
    """All clear (present, absent) pairs of one query and family that pass the length match
    (``measured``: the query's :func:`_measure`)."""
    verdicts, words = measured
    present = [m for m in sorted(answers) if verdicts[m][family] == PRESENT]
    absent = [m for m in sorted(answers) if verdicts[m][family] == ABSENT]
    counts[f"{family}/answers_unclear"] += sum(verdicts[m][family] == UNCLEAR for m in answers)
    matched = get_family(family).length_matched
    out = []
    for x, other in itertools.product(present, absent):
        counts[f"{family}/candidates"] += 1
        if {x, other} & heldout_models:
            counts[f"{family}/dropped_heldout_model"] += 1
            continue
        wx, wo = words[x], words[other]
        if matched and max(wx, wo) > options.max_length_ratio * max(1, min(wx, wo)):
            counts[f"{family}/dropped_length_mismatch"] += 1
            continue
        out.append(Candidate(x, other, len(answers[x]) > len(answers[other])))  # characters, as the length rules
    return out


def _pick(candidates: list[Candidate], k: int, rng: random.Random, prefer_longer: bool) -> list[Candidate]:
    """Up to ``k`` candidates in seeded order, alternating which side is longer (starting with ``prefer_longer``)."""
    rng.shuffle(candidates)
    groups = {True: [c for c in candidates if c.x_longer], False: [c for c in candidates if not c.x_longer]}
    picked, want = [], prefer_longer
    while len(picked) < k and (groups[True] or groups[False]):
        group = groups[want] or groups[not want]
        picked.append(group.pop(0))
        want = not want
    return picked


def _extras(
    family: str, a: str, b: str, verdicts, allowed: Sequence[str], rng: random.Random, k: int
) -> list[tuple[str, str]]:
    """Up to ``k`` (family, polarity) criteria on which A and B agree clearly: they cannot decide the pair."""
    topic = get_family(family).topic
    agree = [
        f
        for f in allowed
        if f != family
        and get_family(f).topic != topic
        and verdicts[a][f] == verdicts[b][f]
        and verdicts[a][f] != UNCLEAR
    ]
    return [(f, rng.choice(("pos", "neg"))) for f in rng.sample(agree, min(k, len(agree)))]


def _sample(
    corpus: str, qid: str, query: str, family: str, cand: Candidate, answers, verdicts, split: str,
    allowed_extras: Sequence[str], options: PairOptions, seed: int, heldout_models: set[str],
) -> PreferenceSample:  # fmt: skip
    idx = f"{SOURCE}/{corpus}/{qid}/{family}/{cand.x_model}-vs-{cand.other_model}"
    rng = record_rng(seed, idx)
    wording = "test" if split == "test" else "train"
    a_model, b_model = (cand.x_model, cand.other_model) if rng.random() < 0.5 else (cand.other_model, cand.x_model)
    a_pol = "pos" if a_model == cand.x_model else "neg"
    b_pol = "neg" if a_pol == "pos" else "pos"
    extras: list[tuple[str, str]] = []
    if rng.random() < options.multi_criteria:
        extras = _extras(family, a_model, b_model, verdicts, allowed_extras, rng, rng.choice((1, 2)))

    def draw(name: str, polarity: str) -> str:
        family = get_family(name)
        if wording == "train" and family.texts(polarity, "grammar") and rng.random() < options.grammar_share:
            return family.draw(polarity, rng, "grammar")
        return family.draw(polarity, rng, wording)

    others = [draw(f, pol) for f, pol in extras]
    position = rng.randint(0, len(others))

    def criteria(polarity: str) -> list[str]:
        texts = list(others)
        texts.insert(position, draw(family, polarity))
        return texts

    side_criteria = criteria(a_pol), criteria(b_pol)
    winner = rng.choice(("model_a", "model_b"))
    extra = {
        "family": family,
        "a_polarity": a_pol,
        "b_polarity": b_pol,
        "extra_criteria": [f for f, _ in extras],
        "a_model": a_model,
        "b_model": b_model,
        "corpus": corpus,
        "question_id": qid,
        "x_longer": cand.x_longer,
        "heldout_model": bool({a_model, b_model} & heldout_models),
    }
    pair = (answers[a_model], answers[b_model])
    topic = get_family(family).topic
    return criteria_pair(SOURCE, idx, query, pair, side_criteria, (topic, topic), winner, extra)


def build_attribute_pairs(
    raw_dir: str | Path, seed: int, options: PairOptions | None = None, workers: int | None = None
) -> ConversionResult:
    """All attribute pairs of the configured corpora, with counts of every candidate and rejection.
    ``workers``: processes measuring the answers (default: every CPU; the pairs do not depend on it)."""
    options = options or PairOptions()
    result = ConversionResult()
    heldout_families, heldout_models = set(options.heldout_families), set(options.heldout_models)
    seen_families = [f for f in VERIFIED_FAMILIES if f not in heldout_families]
    by_family_split: dict[tuple[str, str], list[PreferenceSample]] = defaultdict(list)
    alternate: Counter = Counter()
    for corpus_name in options.corpora + options.training_corpora:
        corpus = load_pair_corpus(Path(raw_dir), corpus_name)
        queries = measured_answers(corpus, options, workers, seed)
        if corpus_name in options.training_corpora:  # test queries were left out before their answers were measured
            result.counts["training_corpora_test_queries_skipped"] += len(corpus.queries) - len(queries)
        for qid, answers, measured in queries:
            query = corpus.queries[qid].text
            result.counts["answers_missing_or_empty"] += len(corpus.answers) - len(answers)
            result.counts["queries"] += 1
            split = split_of(query, seed, options.fractions)
            families = list(VERIFIED_FAMILIES) if split == "test" else seen_families
            held_here = set() if split == "test" else heldout_models
            verdicts, _ = measured
            for family in families:
                candidates = _candidates(family, answers, measured, options, held_here, result.counts)
                rng = record_rng(seed, f"pick/{corpus_name}/{qid}/{family}")
                cap = options.per_query_test if split == "test" else options.per_query
                picked = _pick(candidates, cap, rng, prefer_longer=alternate[family] % 2 == 0)
                alternate[family] += len(picked)
                result.counts[f"{family}/capped_per_query"] += len(candidates) - len(picked)
                make = partial(_sample, corpus_name, qid, query, family, answers=answers, verdicts=verdicts,
                               split=split, allowed_extras=seen_families, options=options, seed=seed,
                               heldout_models=heldout_models)  # fmt: skip
                by_family_split[(family, split)] += [make(cand) for cand in picked]
    for (family, split), samples in sorted(by_family_split.items()):
        if split == "train" and len(samples) > options.max_train_per_family:
            result.counts[f"{family}/capped_per_family"] += len(samples) - options.max_train_per_family
            samples = record_rng(seed, f"family-cap/{family}").sample(samples, options.max_train_per_family)
        if get_family(family).length_matched:
            samples = _balance_lengths(samples, record_rng(seed, f"balance/{family}/{split}"), result.counts, family)
        samples.sort(key=lambda s: s.idx)
        for sample in samples:
            result.add(sample)
            result.counts[f"{family}/kept"] += 1
    return result


def load_pair_corpus(raw_dir: Path, name: str) -> Corpus:
    """A leaderboard corpus, or AlpacaEval's instructions with each model's answers in both styles."""
    if name == ALPACA_EVAL:  # every model in both styles: a lone half is an error, not a skip
        alpaca_models(named_corpus_dir(name, raw_dir))
    return read_corpus(name, raw_dir)


# digest of the answers measured -> their measurement: the form pairs and the quality pairs of one
# preparation measure each answer once
_MEASURED: dict[str, list[Measured]] = {}


def forget_measured() -> None:
    """Drop what :func:`measured_answers` remembers (once the data is prepared, nothing reads it again)."""
    _MEASURED.clear()


def measured_answers(
    corpus: Corpus, options: PairOptions, workers: int | None = None, seed: int | None = None
) -> list[tuple[str, dict[str, str], Measured]]:
    """(question id, its non-empty answers by model, :func:`_measure` of them) for each query of a corpus,
    in question-id order; a ``training_corpora`` corpus without its test queries (``seed``'s split).
    Remembered for the life of the process, keyed by the answers' content."""
    qids = sorted(corpus.queries)
    if corpus.name in options.training_corpora:
        qids = [q for q in qids if split_of(corpus.queries[q].text, seed, options.fractions) != "test"]
    answers_of = [{m: a[qid] for m, a in corpus.answers.items() if a.get(qid, "").strip()} for qid in qids]
    key = stable_hash(json.dumps([answers_of, options.visible_words], sort_keys=True), 32)
    if key not in _MEASURED:
        _MEASURED[key] = _measure_all(answers_of, options.visible_words, workers)
    return list(zip(qids, answers_of, _MEASURED[key]))


def _balance_lengths(samples: list[PreferenceSample], rng: random.Random, counts: Counter, family: str) -> list:
    """As many pairs where the X answer is the longer one as where it is the shorter one, so a length
    rule scores exactly 0.5 under "prefer X" and under "prefer not-X" alike (the excess is counted)."""
    longer = [s for s in samples if s.extra["x_longer"]]
    shorter = [s for s in samples if not s.extra["x_longer"]]
    keep = min(len(longer), len(shorter))
    counts[f"{family}/dropped_length_balance"] += len(samples) - 2 * keep
    return rng.sample(longer, keep) + rng.sample(shorter, keep)


def family_counts(counts: Mapping[str, int]) -> dict[str, dict[str, int]]:
    """``{family: {counter: n}}`` from the flat ``family/counter`` keys of a conversion."""
    out: dict[str, dict[str, int]] = defaultdict(dict)
    for key, value in counts.items():
        if "/" in key:
            family, name = key.split("/", 1)
            out[family][name] = value
    return dict(out)
