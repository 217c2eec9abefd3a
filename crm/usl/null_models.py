"""Null models: "models" that do not answer, added to a corpus to see whether a board ranks them last.

Published null-model attacks on judge-based leaderboards answer every query with one constant,
persuasive text and reach the top (an 86.5% length-controlled win rate on AlpacaEval 2, 83.0 on
Arena-Hard, against GPT-4 judges). A board a user trusts ranks every one of them below every real
model, whatever the criteria. Added here: the constant texts of ``short_answers.yaml`` (a generic
paragraph that fits no query, a claim to be the best answer, an instruction to the judge), and per
query, built from the baseline's answers: another query's answer, the query given back, the answer
cut off, the answer followed by an instruction to the judge, and (given the board's criteria) the
criteria given back, as :mod:`crm.data.short_answers` sets them against short answers.
"""

from __future__ import annotations

import random
from dataclasses import replace

from crm.data.corpus import Corpus
from crm.data.degenerate import degenerate_answer
from crm.data.short_answers import TEXTS

PREFIX = "null/"


def null_answers(corpus: Corpus, baseline: str, criteria: str | None = None) -> dict[str, dict[str, str]]:
    """Each null model's answer to every query ``baseline`` answered (``null/<kind>`` -> qid -> text)."""
    qids = sorted(corpus.answers[baseline])
    answers = {f"{PREFIX}{name}": dict.fromkeys(qids, text) for name, text in TEXTS["null_models"].items()}
    rng = random.Random(0)
    real = corpus.answers[baseline]
    per_query = {
        "off_topic": {q: real[qids[(i + len(qids) // 2) % len(qids)]] for i, q in enumerate(qids)},
        "restated_query": {q: corpus.queries[q].text for q in qids},
        "fragment": {q: degenerate_answer("truncated", real[q], "", rng) for q in qids},
        "injected": {q: f"{real[q]} {TEXTS['injection']}" for q in qids},
    }
    if criteria is not None:
        per_query["restated_criteria"] = dict.fromkeys(qids, criteria)
    return answers | {f"{PREFIX}{kind}": texts for kind, texts in per_query.items()}


def with_null_models(corpus: Corpus, baseline: str, criteria: str | None = None) -> Corpus:
    """``corpus`` with the null models added beside its real ones (the corpus itself is left as it is)."""
    return replace(corpus, answers={**corpus.answers, **null_answers(corpus, baseline, criteria)})


def is_null(model: str) -> bool:
    return model.startswith(PREFIX)


def null_ranks(win_rates: dict[str, float]) -> dict:
    """Where the null models stand on a board (model -> win rate, the baseline included): each one's
    rank (1 = top) and win rate, and whether every one of them is below every real model."""
    order = sorted(win_rates, key=lambda m: -win_rates[m])
    nulls = {m: {"rank": order.index(m) + 1, "win_rate": win_rates[m]} for m in order if is_null(m)}
    real = [win_rates[m] for m in order if not is_null(m)]
    below = bool(nulls) and bool(real) and max(v["win_rate"] for v in nulls.values()) < min(real)
    return {"models": nulls, "all_below_real": below, "real_models": len(real)}
