"""Quality pairs: one query's answers by two models a public leaderboard ranks far apart, the stronger
model's answer preferred (weak supervision of answer quality).

A leaderboard score is a model's win rate over a whole corpus, not a verdict on one answer; between
models ``quality_gap`` points apart (Arena-Hard: 60% against 30% of wins over gpt-4-0314) the
stronger model's answer is the better one on most queries, so the pairs teach which answer is
better, noisily, where the form families teach what an answer looks like. Each pair is judged

- under a quality wording (the ``quality`` family: "General user preference.", "Prefer the more
  accurate and helpful answer."), or, for ``quality_form_share_test`` of the test queries' pairs,
- under a form criterion that both answers meet (both use bullet points, both are plain prose): the
  form cannot decide, so the better answer should win (``quality_under_form``): do form criteria
  refine quality or replace it? Training on such pairs lowered board fidelity and agreement alike,
  so they only test.

Only models with a published score take part. The held-out models (``heldout_models``, shared with
the form pairs) appear only on test queries: their answers and scores never reach training, so a
board of them tests the CRM on models it never saw. Test queries get test-only wordings.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from crm.data.conversion import ConversionResult, criteria_pair, record_rng
from crm.data.corpora import named_corpus_dir
from crm.data.criteria.pairs import PairOptions, load_pair_corpus, measured_answers
from crm.data.criteria.taxonomy import QUALITY, VERIFIED_FAMILIES, get_family
from crm.data.criteria.verifiers import ABSENT, PRESENT
from crm.data.published import corpus_scores
from crm.data.schema import PreferenceSample
from crm.data.splits import split_of

SOURCE = "quality_pairs"
QUALITY_UNDER_FORM = "quality_under_form"  # the family name of a pair judged under a form both answers meet


def _form_criterion(strong: str, weak: str, verdicts, families, rng: random.Random) -> tuple[str, str] | None:
    """A (family, polarity) both answers clearly meet (both have X: "pos", both lack it: "neg"), or None."""
    agree = [
        f for f in families if verdicts[strong][f] == verdicts[weak][f] and verdicts[strong][f] in (PRESENT, ABSENT)
    ]
    if not agree:
        return None
    family = rng.choice(agree)
    return family, "pos" if verdicts[strong][family] == PRESENT else "neg"


def _sample(
    corpus: str, qid: str, query: str, strong: str, weak: str, answers: Mapping[str, str], verdicts,
    scores: Mapping[str, float], split: str, options: PairOptions, seed: int, heldout: set[str], seen: list[str],
) -> tuple[PreferenceSample, bool]:  # fmt: skip
    """One pair (the stronger model's answer wins) and whether it fell back to a quality wording."""
    idx = f"{SOURCE}/{corpus}/{qid}/{strong}-vs-{weak}"
    rng = record_rng(seed, idx)
    wording = "test" if split == "test" else "train"
    family, polarity, fell_back = QUALITY, "pos", False
    share = options.quality_form_share_test if split == "test" else 0.0
    if rng.random() < share:
        form = _form_criterion(strong, weak, verdicts, seen, rng)
        fell_back = form is None
        if form is not None:
            family, polarity = form
    criterion = get_family(family).draw(polarity, rng, wording)
    a_model, b_model = (strong, weak) if rng.random() < 0.5 else (weak, strong)
    winner = "model_a" if a_model == strong else "model_b"
    extra = {
        "family": QUALITY if family == QUALITY else QUALITY_UNDER_FORM,
        "form_family": None if family == QUALITY else family,
        "a_polarity": polarity,
        "b_polarity": polarity,
        "a_model": a_model,
        "b_model": b_model,
        "a_score": scores[a_model],
        "b_score": scores[b_model],
        "stronger_model": strong,
        "score_gap": round(scores[strong] - scores[weak], 2),
        "corpus": corpus,
        "question_id": qid,
        "heldout_model": bool({strong, weak} & heldout),
    }
    topic = get_family(family).topic
    pair = (answers[a_model], answers[b_model])
    # the same criterion on both sides: nobody asks for the worse answer, so the pair has one direction
    return criteria_pair(SOURCE, idx, query, pair, ([criterion], [criterion]), (topic, topic), winner, extra), fell_back


def build_quality_pairs(
    raw_dir: str | Path, seed: int, options: PairOptions | None = None, workers: int | None = None
) -> ConversionResult:
    """Quality pairs of every corpus in ``options.corpora`` that has a published leaderboard, counted."""
    options = options or PairOptions()
    result = ConversionResult()
    heldout = set(options.heldout_models)
    seen = [f for f in VERIFIED_FAMILIES if f not in set(options.heldout_families)]
    for corpus_name in options.corpora:
        corpus = load_pair_corpus(Path(raw_dir), corpus_name)
        scores = corpus_scores(named_corpus_dir(corpus_name, raw_dir), corpus.answers)
        if not scores:
            result.counts["corpora_without_leaderboard"] += 1
            continue
        result.counts["models_scored"] += len(scores)
        result.counts["models_unscored"] += len(set(corpus.answers) - set(scores))
        for qid, answers, (verdicts, _) in measured_answers(corpus, options, workers, seed):
            query = corpus.queries[qid].text
            split = split_of(query, seed, options.fractions)
            usable = sorted(m for m in answers if m in scores and (split == "test" or m not in heldout))
            candidates = [
                (s, w) for s, w in itertools.permutations(usable, 2) if scores[s] - scores[w] >= options.quality_gap
            ]
            k = options.quality_per_query_test if split == "test" else options.quality_per_query
            picked = record_rng(seed, f"quality-pick/{corpus_name}/{qid}").sample(candidates, min(k, len(candidates)))
            result.counts["candidates"] += len(candidates)
            result.counts["capped_per_query"] += len(candidates) - len(picked)
            for strong, weak in sorted(picked):
                sample, fell_back = _sample(
                    corpus_name,
                    qid,
                    query,
                    strong,
                    weak,
                    answers,
                    verdicts,
                    scores,
                    split,
                    options,
                    seed,
                    heldout,
                    seen,
                )
                result.add(sample)
                result.counts[f"{sample.extra['family']}/kept"] += 1
                result.counts["no_shared_form_quality_wording"] += fell_back
    return result


@dataclass(frozen=True)
class ScoredAnswer:
    """One model's answer to one query, and the model's published score."""

    query: str
    model: str
    text: str
    score: float


def scored_answers(raw_dir: str | Path, seed: int, options: PairOptions, split: str = "train") -> list[ScoredAnswer]:
    """Every non-empty answer to a query of ``split`` (train or val) by a training model with a published
    score, in a fixed order: what the quality pairs draw from, for a fit to convergence
    (:mod:`crm.train.quality_term_fit`). The held-out models and the test queries stay out, as in the
    quality pairs."""
    if split == "test":
        raise ValueError("scored answers are for fitting: the test queries stay out")
    heldout = set(options.heldout_models)
    out = []
    for corpus_name in options.corpora:
        corpus = load_pair_corpus(Path(raw_dir), corpus_name)
        scores = corpus_scores(named_corpus_dir(corpus_name, raw_dir), corpus.answers)
        for qid in sorted(corpus.queries):
            query = corpus.queries[qid].text
            if not scores or split_of(query, seed, options.fractions) != split:
                continue
            for model in sorted(m for m in scores if m not in heldout):
                text = corpus.answers[model].get(qid)
                if text and text.strip():
                    out.append(ScoredAnswer(query, model, text, scores[model]))
    return out


def ranked_answer_pairs(answers: Sequence[ScoredAnswer], gap: float) -> list[tuple[str, str, str]]:
    """(better, worse, query) of every two of ``answers`` to one query whose models are at least ``gap``
    published points apart: every ranked pair the quality pairs draw ``quality_per_query`` of."""
    by_query: dict[str, list[ScoredAnswer]] = {}
    for answer in answers:
        by_query.setdefault(answer.query, []).append(answer)
    return [
        (strong.text, weak.text, query)
        for query, group in by_query.items()
        for strong, weak in itertools.permutations(group, 2)
        if strong.score - weak.score >= gap
    ]
