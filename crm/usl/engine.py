"""The leaderboard engine: select queries, score every model against the baseline with a CRM (through
the score cache), and build the board.

The CRM's head (:mod:`crm.heads`) says which judgements a (model answer, baseline answer) pair
needs and how they make p(model beats baseline): a pointwise head scores every answer once per
criteria, the baseline's reused for every model; a pairwise head judges each pair in both orders, so
the answer's position cannot decide.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path

import numpy as np

from crm.data.corpus import Corpus
from crm.devices import ONE_DEVICE, Devices
from crm.export.artifact import crm_fingerprint, read_settings, resolve_export
from crm.heads import head_named
from crm.precision import inference_plan
from crm.scoring.cache import Key, ScoreCache, content_key, criteria_key, normalise_criteria
from crm.scoring.judging import Judgement, judge, judgement_key
from crm.stats import bootstrap_interval
from crm.usl.board import Board, BoardRow, interval_ranks, length_controlled_win_rate
from crm.usl.reading import CriterionReading, reading_of

log = logging.getLogger(__name__)
CHUNK = 256  # items scored (and committed to the cache) at a time


class ScoringCancelled(RuntimeError):
    """Raised between chunks when the caller asked to stop."""


class NotCached(LookupError):
    """``cached_only``: some score would have to be computed."""


def select_queries(
    corpus: Corpus, topics: Sequence[str] | None = None, search: str | None = None, top_k: int = 20
) -> list[str]:
    """Queries of the chosen topics (all when none), optionally narrowed to the ``top_k`` most similar to ``search``."""
    if top_k < 1:
        raise ValueError(f"top_k must be at least 1, got {top_k}")
    available = corpus.topics()
    unknown = [t for t in topics or [] if t not in available]
    if unknown:
        raise ValueError(f"unknown topic(s) {unknown} in {corpus.name}; available: {', '.join(available)}")
    ids = sorted(q.question_id for q in corpus.queries.values() if not topics or q.topic in topics)
    if search:
        from crm.usl.topics import search_queries

        ids = search_queries({i: corpus.queries[i].text for i in ids}, search, top_k)
    if not ids:
        raise ValueError(f"no queries selected in {corpus.name}")
    return ids


class LeaderboardEngine:
    def __init__(
        self,
        crm,
        cache: ScoreCache | str | Path,
        batch_size: int = 32,
        device: str = "auto",
        precision: str = "auto",
        engine: str = "torch",
        devices: Devices = ONE_DEVICE,
    ):
        """``crm``: a loaded CRM, or its run/export directory, loaded (torch, transformers) only when a
        score is missing: a request the cache can answer starts and returns quickly. ``device``,
        ``precision`` and ``engine`` follow :func:`crm.precision.inference_plan`; the cache keeps each
        plan's scores apart (bf16 and fp32 scores, and engines, differ in their last digits). ``devices``:
        how many processes score what the cache lacks (:mod:`crm.devices`).
        """
        self._crm = None if isinstance(crm, (str, Path)) else crm
        if self._crm is None:
            self.export_dir = resolve_export(crm)
            self.settings = read_settings(self.export_dir)
            self.plan = inference_plan(device, precision, engine)
            self.weights_fingerprint = crm_fingerprint(self.export_dir)
        else:
            self.settings, self.plan = self._crm.settings, self._crm.plan
            self.weights_fingerprint = getattr(crm, "fingerprint", None) or f"in-memory-{id(crm)}"
        self.head = head_named(self.settings.head)  # the judgements a board needs, and how they combine
        self.device, self.precision, self.engine, self.devices = device, precision, engine, devices
        self.cache = cache if isinstance(cache, ScoreCache) else ScoreCache(cache)
        self.batch_size = batch_size

    @property
    def fingerprint(self) -> str:
        """The cache's name for this CRM scoring in this precision."""
        return f"{self.weights_fingerprint}|{self.plan.label}"

    @property
    def crm(self):
        if self._crm is None:
            from crm.inference import load_crm

            self._crm = load_crm(self.export_dir, self.device, self.precision, self.engine, self.devices)
            self.plan = self._crm.plan  # where torch disagrees with the driver, the scores say so
            # a board re-scores the same answers under every new criteria: what the frozen tower said of
            # each is kept on disk, so a new process skips the tower (and the rendering) for them
            self._crm.keep_answers_on_disk()
        return self._crm

    @cached_property
    def renderer(self):
        """The CRM's rendering (its tokenizer and limits), without loading its weights when they are not loaded."""
        if self._crm is not None:
            return self._crm.renderer
        from crm.inference import load_scoring_renderer

        return load_scoring_renderer(self.export_dir)

    def check_criteria(self, criteria: Sequence[str]) -> None:
        """Raise :class:`~crm.data.row_format.CriteriaTooLong` (saying the limit) when the CRM cannot read them."""
        self.renderer.check_criteria(normalise_criteria(criteria))

    def criteria_limits(self) -> dict[str, int]:
        """The most criteria this CRM reads, in tokens and about as many characters of typical English
        (recorded in the export; older exports are measured with the CRM's tokenizer)."""
        return self.settings.criteria_limits or self.renderer.criteria_limits()

    def reading(self, cache: ScoreCache) -> LeaderboardEngine:
        """This engine over another connection to the cache (e.g. one per thread), sharing the CRM."""
        other = copy.copy(self)
        other.cache = cache
        return other

    # ---- scoring ---------------------------------------------------------------------------
    def _needed_keys(self, corpus, qids, models, baseline) -> list[Key]:
        """The scores a board needs: per query, the judgements the head makes of each model's answer and
        the baseline's (:meth:`_score_key`), each once."""
        keys: dict[Key, None] = {}
        for qid in qids:
            for model in models:
                if qid in corpus.answers[model] and model != baseline:
                    keys.update(dict.fromkeys(self._score_key(qid, model, baseline, i) for i in self.head.judged(2)))
        return list(keys)

    @staticmethod
    def _score_key(qid: str, model: str, baseline: str, index: tuple[int, ...]) -> Key:
        """The cached score of a judgement of (model's answer, baseline's answer) = answers (0, 1): a reward
        is its answer's alone (the baseline's shared by every model); p(model preferred) with the model's
        answer shown first or second."""
        if len(index) == 1:
            return (qid, (model, baseline)[index[0]], "reward")
        return (qid, model, "first" if index == (0, 1) else "second")

    def _preferences(self, scores: dict[Key, float], qids: list[str], model: str, baseline: str) -> np.ndarray:
        """Per query, p(the model's answer preferred over the baseline's), as the head combines its
        judgements (all queries at once)."""

        def value(*index: int) -> np.ndarray:
            score = np.array([scores[self._score_key(q, model, baseline, index)] for q in qids], dtype=float)
            return 1.0 - score if index == (1, 0) else score  # "second" holds p(model preferred)

        return self.head.preferences(value, 2)[0, 1]

    def _compute(self, corpus: Corpus, keys: list[Key], baseline: str, criteria: list[str]) -> dict[Key, float]:
        """Each key's score: the answer's reward (``bt``), or p(the model's answer preferred over the
        baseline's) with it shown first or second (``cls``)."""
        answers = corpus.answers
        judgements = []
        for qid, model, kind in keys:
            mine, theirs = answers[model][qid], None if kind == "reward" else answers[baseline][qid]
            first, second = (theirs, mine) if kind == "second" else (mine, theirs)
            judgements.append(Judgement(criteria, self._messages(corpus, qid), first, second))
        values = judge(self.crm, judgements, self.batch_size)
        return {key: 1.0 - v if key[2] == "second" else v for key, v in zip(keys, values)}

    @staticmethod
    def _messages(corpus: Corpus, qid: str) -> list[dict[str, str]]:
        return [{"role": "user", "content": corpus.queries[qid].text}]

    @classmethod
    def _content(cls, corpus: Corpus, key: Key, baseline: str) -> str:
        """The cache key of a score: what was judged, not the names it goes by."""
        qid, model, kind = key
        answers = [corpus.answers[model][qid], *([] if kind == "reward" else [corpus.answers[baseline][qid]])]
        return judgement_key(kind, cls._messages(corpus, qid), *answers)

    def scores(
        self,
        corpus: Corpus,
        qids,
        models,
        baseline,
        criteria,
        progress=False,
        on_progress=None,
        should_stop=None,
        chunk: int = CHUNK,
        cached_only: bool = False,
    ) -> tuple[dict[Key, float], int]:
        """Every needed score, from the cache or computed (and cached ``chunk`` by ``chunk``); returns
        (scores, computed).

        Criteria the CRM cannot read fail before anything is scored. ``on_progress(done, total)`` is
        called after every chunk; ``should_stop()`` is checked before each and raises
        :class:`ScoringCancelled` (what was computed so far stays cached). ``cached_only`` raises
        :class:`NotCached` instead of computing anything (no model is loaded).
        """
        crit_key = criteria_key(criteria)
        keys = self._needed_keys(corpus, qids, models, baseline)
        contents = {key: self._content(corpus, key, baseline) for key in keys}
        cached = self.cache.get(self.fingerprint, crit_key, contents.values())
        found = {key: cached[content] for key, content in contents.items() if content in cached}
        todo = [k for k in keys if k not in found]
        if todo and cached_only:
            raise NotCached(f"{len(todo)} of {len(keys)} scores are not cached")
        if todo:
            self.check_criteria(criteria)
            # a two-tower CRM describes every answer (and query) at once, shortest first (else this does nothing)
            asked = [self._messages(corpus, q) for q in dict.fromkeys(q for q, _, _ in todo)]
            self.crm.describe([corpus.answers[m][q] for q, m, _ in todo], progress, asked)
        from tqdm.auto import tqdm

        for start in tqdm(range(0, len(todo), chunk), desc="scoring", unit="chunk", disable=not progress or not todo):
            if should_stop is not None and should_stop():
                raise ScoringCancelled(f"cancelled after {start} of {len(todo)} scores (those are cached)")
            computed = self._compute(corpus, todo[start : start + chunk], baseline, criteria)
            self.cache.put(self.fingerprint, crit_key, {contents[key]: value for key, value in computed.items()})
            found.update(computed)
            if on_progress is not None:
                on_progress(min(start + chunk, len(todo)), len(todo))
        return found, len(todo)

    # ---- criteria readings ------------------------------------------------------------------
    def criteria_readings(self, criteria: Sequence[str], cached_only: bool = False) -> list[CriterionReading]:
        """How the CRM reads each criterion (:mod:`crm.usl.reading`), cached beside the scores (the top
        class and its probability, under the criterion alone); empty for a CRM without a named criteria
        classifier (cross-encoders, exports before format 5). ``cached_only``: the cached ones only."""
        names = self.settings.criteria_class_names
        if not names:
            return []
        criteria = normalise_criteria(criteria)
        kinds = {"class": content_key("reading", "class"), "probability": content_key("reading", "probability")}
        found = {c: self.cache.get(self.fingerprint, criteria_key([c]), kinds.values()) for c in criteria}
        missing = [c for c in criteria if len(found[c]) < len(kinds)]
        if missing and not cached_only:
            posteriors = self.crm.criteria_posteriors(missing)
            for criterion, posterior in zip(missing, posteriors):
                top = int(posterior.argmax())
                values = {kinds["class"]: top, kinds["probability"]: float(posterior[top])}
                self.cache.put(self.fingerprint, criteria_key([criterion]), values)
                found[criterion] = values
        return [
            reading_of(c, names[int(found[c][kinds["class"]])], found[c][kinds["probability"]])
            for c in criteria
            if len(found[c]) == len(kinds)
        ]

    # ---- board -----------------------------------------------------------------------------
    def board(
        self,
        corpus: Corpus,
        criteria: Sequence[str],
        qids: Sequence[str],
        baseline: str | None = None,
        models: Sequence[str] | None = None,
        rounds: int = 1000,
        seed: int = 0,
        length_control: bool = False,
        progress: bool = False,
        on_progress=None,
        should_stop=None,
        chunk: int = CHUNK,
        cached_only: bool = False,
    ) -> Board:
        criteria = normalise_criteria(criteria)
        if not criteria:
            raise ValueError("the criteria are empty: write at least one preference, e.g. 'Prefer concise answers.'")
        baseline = baseline or corpus.default_baseline
        if baseline is None:
            raise ValueError(
                f"{corpus.name} has no default baseline: name one (--baseline) among {', '.join(corpus.models)}"
            )
        if baseline not in corpus.answers:
            raise ValueError(f"unknown baseline {baseline!r}; models in {corpus.name}: {', '.join(corpus.models)}")
        models = list(models or corpus.models)
        unknown = [m for m in models if m not in corpus.answers]
        if unknown:
            raise ValueError(f"unknown model(s) {unknown}; models in {corpus.name}: {', '.join(corpus.models)}")
        base_answers = corpus.answers[baseline]
        usable = [q for q in qids if q in base_answers]
        needed = sorted(set(models) | {baseline})
        scores, computed = self.scores(
            corpus, usable, needed, baseline, criteria, progress, on_progress, should_stop, chunk, cached_only
        )
        outcomes, lengths, mean_lengths, per_query = {}, {}, {}, {}
        for model in models:
            if model == baseline:
                continue
            have = [q for q in usable if q in corpus.answers[model]]
            p = self._preferences(scores, have, model, baseline)
            outcomes[model] = p
            per_query[model] = dict(zip(have, p.tolist()))
            lengths[model] = np.array([len(corpus.answers[model][q]) - len(base_answers[q]) for q in have], float)
            mean_lengths[model] = float(np.mean([len(corpus.answers[model][q]) for q in have])) if have else 0.0
        rows = self._rows(outcomes, lengths, mean_lengths, rounds, seed, length_control)
        notes = {"queries_without_baseline_answer": len(qids) - len(usable)}
        readings = self.criteria_readings(criteria, cached_only)
        return Board(rows, baseline, criteria, len(usable), computed, notes, per_query, readings)

    @staticmethod
    def _rows(outcomes, lengths, mean_lengths, rounds, seed, length_control) -> list[BoardRow]:
        """Length differences are standardised over the whole board, so every model's LC fit shares a scale."""
        all_diffs = np.concatenate([d for d in lengths.values() if len(d)] or [np.zeros(1)])
        scale = all_diffs.std() or 1.0
        rows = []
        for model, p in outcomes.items():
            lower, upper = bootstrap_interval(p, rounds=rounds, seed=seed)
            lc = length_controlled_win_rate(p, lengths[model] / scale) if length_control and len(p) else None
            win_rate = float(p.mean()) if len(p) else float("nan")
            rows.append(BoardRow(model, win_rate, lower, upper, 0, len(p), mean_lengths[model], lc))
        for row, rank in zip(rows, interval_ranks([r.lower for r in rows], [r.upper for r in rows])):
            row.rank = rank
        return sorted(rows, key=lambda r: (-r.win_rate, r.model))
