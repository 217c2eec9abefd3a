"""Leaderboard benchmarks: the engine against a naive loop that scores one (model answer, baseline
answer) pair per forward pass, both without a cache; and the whole board answered from the cache."""

from __future__ import annotations

import itertools
import subprocess
import sys
from functools import partial
from pathlib import Path

from benchmarks.common import measure, row, scratch_dir


def naive_loop(crm, corpus, qids, models, baseline, criteria, remember: bool = False) -> int:
    """The reference repository's way: every pair in its own forward pass, read in full (a two-tower CRM
    forgets each pair's criteria reading and answer descriptions before the next, unless ``remember``);
    returns the pairs judged."""
    judged = 0
    for model in models:
        for qid in qids:
            if qid not in corpus.answers[model]:
                continue
            history = [{"role": "user", "content": corpus.queries[qid].text}]
            items = [
                (criteria, history, corpus.answers[model][qid]),
                (criteria, history, corpus.answers[baseline][qid]),
            ]
            if not remember:
                crm.forget()
            crm.answer_rewards(items, batch_size=2)
            judged += 1
    return judged


def board_answers(corpus, queries: int, criteria: list[str]) -> list[tuple[list[str], list[dict], str]]:
    """(criteria, conversation before the answer, answer) for every model's answer to the first queries."""
    qids = sorted(corpus.queries)[:queries]
    return [
        (criteria, [{"role": "user", "content": corpus.queries[q].text}], corpus.answers[m][q])
        for m in corpus.models
        for q in qids
        if q in corpus.answers[m]
    ]


def baseline_queries(corpus, queries: int) -> list:
    """The first ``queries`` queries the baseline model answered: what the scoring benchmarks judge."""
    return sorted(q for q in corpus.queries if q in corpus.answers[corpus.default_baseline])[:queries]


def scoring(
    crm_dir: Path, corpus, queries: int, reps: int, criteria: list[str], precision: str, engine: str = "torch"
) -> list[dict]:
    """Answers judged per second by the engine and by the naive loop, on the same CRM and queries."""
    from crm.inference import load_crm
    from crm.usl.engine import LeaderboardEngine

    crm = load_crm(crm_dir, precision=precision, engine=engine)  # the engine and the loop score with one CRM
    baseline = corpus.default_baseline
    qids = baseline_queries(corpus, queries)
    models = [m for m in corpus.models if m != baseline]
    pairs = sum(qid in corpus.answers[m] for m in models for qid in qids)

    def engine_board():
        crm.forget()  # cold, like the loop: nothing a two-tower CRM remembers from the last repetition
        LeaderboardEngine(crm, scratch_dir() / "cache.sqlite").board(corpus, criteria, qids, baseline, rounds=200)

    def loop(remember: bool = False):
        crm.forget()
        naive_loop(crm, corpus, qids, models, baseline, criteria, remember)

    what = f"{len(models)} models x {len(qids)} queries, cache off"
    figures = [
        row("board scoring", f"engine ({what})", "answers/s", measure(engine_board, reps), pairs),
        row("board scoring", f"naive loop ({what})", "answers/s", measure(loop, reps), pairs, baseline=True),
    ]
    if crm.settings.two_tower:  # how much of the lead is remembering answers, how much batching
        remembered = measure(partial(loop, remember=True), reps)
        figures.append(row("board scoring", f"naive loop, answers remembered ({what})", "answers/s", remembered, pairs))
    return figures


def criteria_edit(crm_dir: Path, corpus, queries: int, reps: int, criteria: list[str], precision: str) -> list[dict]:
    """A user edits the criteria and the board is scored again (cache off). A two-tower CRM remembers
    each answer's description from the boards before; the baseline forgets them before every board."""
    from crm.inference import load_crm
    from crm.usl.engine import LeaderboardEngine

    crm = load_crm(crm_dir, precision=precision)
    if not crm.settings.two_tower:
        raise ValueError(f"{crm_dir} is not a two-tower CRM: nothing to remember across criteria")
    baseline = corpus.default_baseline
    qids = baseline_queries(corpus, queries)
    answers = sum(qid in corpus.answers[m] for m in corpus.models for qid in qids)
    edits = itertools.count()

    def edited_board(forget: bool):
        if forget:
            crm.forget()
        edited = [*criteria, f"Edit {next(edits)}: keep it friendly."]  # new criteria: nothing of them remembered
        LeaderboardEngine(crm, scratch_dir() / "cache.sqlite").board(corpus, edited, qids, baseline, rounds=200)

    remembered = measure(lambda: edited_board(forget=False), reps)
    forgotten = measure(lambda: edited_board(forget=True), reps)
    what = f"{len(corpus.models)} models x {len(qids)} queries, two towers"
    return [
        row("criteria edit", f"answers remembered ({what})", "answers/s", remembered, answers),
        row("criteria edit", f"answers described again ({what})", "answers/s", forgotten, answers, baseline=True),
    ]


def cached_rerank(crm_dir: Path, corpus, corpus_arg: str, reps: int, criteria: list[str], precision: str) -> list[dict]:
    """The whole board from the cache: the engine call in this process, and the CLI as a new process.
    The cache is filled with the keys the board needs (their values do not change the work)."""
    import random

    from crm.scoring.cache import ScoreCache, criteria_key
    from crm.usl.engine import LeaderboardEngine

    cache_path = scratch_dir() / "cache.sqlite"
    engine = LeaderboardEngine(crm_dir, cache_path, precision=precision)
    baseline, qids = corpus.default_baseline, sorted(corpus.queries)
    keys = engine._needed_keys(corpus, qids, corpus.models, baseline)
    rng = random.Random(0)
    ScoreCache(cache_path).put(
        engine.fingerprint, criteria_key(criteria), {engine._content(corpus, k, baseline): rng.random() for k in keys}
    )

    def engine_call():
        board = LeaderboardEngine(crm_dir, cache_path, precision=precision).board(corpus, criteria, qids, baseline)
        assert board.scored == 0, "the cached re-rank computed scores"

    command = [sys.executable, "-m", "crm.usl", "--ckpt", str(crm_dir), "--corpus", corpus_arg, "--cache",
               str(cache_path), "--baseline", baseline, "--precision", precision]  # fmt: skip
    command += [f"--criteria={c}" for c in criteria]

    def cli_process():
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0 and "all from the cache" in done.stdout, done.stdout[-500:] + done.stderr[-500:]

    what = f"{len(corpus.models)} models x {len(qids)} queries"
    return [
        row("cached re-rank", f"engine call ({what})", "s", measure(engine_call, reps)),
        row("cached re-rank", f"CLI process ({what})", "s", measure(cli_process, reps, warmup=0)),
    ]


def evaluation(crm_dir: Path, corpus, queries: int, reps: int, criteria: list[str], precision: str) -> list[dict]:
    """Pairs per second through evaluate.py's scorer (model answer vs baseline answer under criteria)."""
    from crm.data.schema import PreferenceSample, conversation
    from crm.evaluation.scorers import load_scorer

    scorer = load_scorer(crm_dir, precision=precision)  # a CRM export: a CRMScorer
    baseline = corpus.default_baseline
    qids = baseline_queries(corpus, queries)
    samples = [
        PreferenceSample(
            prompt=corpus.queries[q].text,
            model_a=conversation(corpus.queries[q].text, corpus.answers[m][q]),
            model_b=conversation(corpus.queries[q].text, corpus.answers[baseline][q]),
            criteria=criteria,
            preference="model_a",
        )
        for m in corpus.models
        if m != baseline
        for q in qids
        if q in corpus.answers[m]
    ]

    def score():
        scorer.crm.forget()  # cold: a two-tower CRM remembers the answers of the last repetition
        scorer.score(samples)

    timing = measure(score, reps)
    return [row("evaluation", f"evaluate.py's CRMScorer ({len(samples)} pairs)", "pairs/s", timing, len(samples))]
