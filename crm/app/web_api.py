"""The leaderboard web page: a FastAPI backend over the leaderboard engine and one static page.

FastAPI + a small page rather than Gradio: the page is a thin client over the same engine and cache
as the CLI, long scoring runs as a background job that reports progress and can be cancelled, and
every text reaches the page as JSON shown with ``textContent`` (never parsed as HTML), which keeps
answers and criteria from injecting markup.

What the server holds is bounded (see :class:`AppLimits`): request bodies (413 past the limit, checked
from ``Content-Length`` and while the body streams in), finished jobs (evicted oldest first past a cap
or a time to live; running and queued jobs never are), and scoring jobs (a small worker pool with a
bounded queue: 503 when it is full). A request whose scores are all cached is answered in the request
itself, without waiting for a running job. Criteria are checked against what the CRM can read before
anything is scored. Every response carries security headers, and a server bound to loopback answers
only to loopback host names (DNS rebinding).
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from crm.data.corpus import Corpus
from crm.data.criteria.fixed import FIXED
from crm.data.row_format import CriteriaTooLong
from crm.data.schema import check_unicode
from crm.http_guard import LOOPBACK_HOSTS, REFUSALS, GuardMiddleware, invalid_request, server_error
from crm.scoring.cache import ScoreCache, normalise_criteria
from crm.usl.board import board_kendall_tau
from crm.usl.engine import LeaderboardEngine, NotCached, ScoringCancelled, select_queries
from crm.usl.named_corpora import load_named_corpus

PRESETS = FIXED["page_presets"]
STATIC = Path(__file__).parent / "static"

# Criteria are checked token by token only up to this many times the CRM's limit in characters:
# longer text cannot fit (typical English runs ~4 characters a token) and is refused without tokenizing.
CHAR_PRECHECK_FACTOR = 2


@dataclass(frozen=True)
class AppLimits:
    """What bounds the server's memory and threads."""

    max_body_bytes: int = 64 * 1024  # request bodies; two criteria sets at a large CRM's limit fit easily
    max_finished_jobs: int = 100  # finished jobs kept for their results and drill-down, newest first
    job_ttl_s: float = 3600.0  # finished jobs older than this are dropped
    workers: int = 1  # jobs taken from the queue at once (scoring itself runs one at a time: the CRM is shared)
    max_queued: int = 8  # jobs waiting for a worker; one more gets 503
    chunk: int = 32  # scores computed between two looks at Cancel (about one batch)


class BoardRequest(BaseModel):
    corpus: str
    ckpt: str
    criteria: str  # one criterion per line
    topics: list[str] = Field(default_factory=list, max_length=1000)
    search: str | None = Field(None, max_length=1000)
    top_k: int = Field(20, ge=1, le=100_000)
    baseline: str | None = None
    versus: str | None = None  # a second criteria set: both boards and Kendall tau


@dataclass
class Job:
    corpus: str
    ckpt: str
    sets: dict[str, list[str]]  # "criteria" (and "versus") -> the normalised criteria
    qids: list[str]
    baseline: str | None
    status: str = "queued"  # queued | running | done | error | cancelled
    done: int = 0
    total: int = 0
    message: str = ""
    notices: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    boards: dict[str, Any] = field(default_factory=dict)
    cancel: threading.Event = field(default_factory=threading.Event)
    finished_at: float | None = None  # time.monotonic() when it stopped running
    future: Future | None = None

    def finish(self, status: str, message: str = "") -> None:
        self.status, self.message, self.finished_at = status, message, time.monotonic()


def clean_criteria(text: str) -> list[str]:
    """One criterion per line; empty input is refused (the CRM's limit is checked separately)."""
    criteria = normalise_criteria((text or "").splitlines())
    if not criteria:
        raise ValueError("Write at least one criterion (one per line), e.g. 'Prefer concise answers.'")
    return criteria


def board_json(board) -> dict[str, Any]:
    return {
        "baseline": board.baseline,
        "criteria": board.criteria,
        "queries": board.queries,
        "scored": board.scored,
        "rows": [r.as_dict() for r in board.rows],
        "readings": [r.as_dict() for r in board.readings],
    }


def create_app(
    ckpts: dict[str, str],
    corpora: dict[str, Corpus],
    cache_path: str | Path,
    limits: AppLimits | None = None,
    allowed_hosts: tuple[str, ...] | None = LOOPBACK_HOSTS,
    device: str = "auto",
    precision: str = "auto",
) -> FastAPI:
    """``ckpts``: name -> CRM directory; ``corpora``: name -> loaded corpus.

    ``allowed_hosts``: the Host names (any port) the server answers to; ``None`` accepts any (for a
    server bound to other interfaces than loopback). ``device`` and ``precision``: as for ``crm-usl``
    (:func:`crm.precision.inference_plan`).
    """
    limits = limits or AppLimits()
    jobs: dict[str, Job] = {}
    jobs_lock = threading.Lock()  # the job store and the count of queued and running jobs
    engines: dict[str, LeaderboardEngine] = {}
    engines_lock = threading.Lock()
    load_lock = threading.Lock()  # one CRM load at a time, and each CRM loaded once
    check_lock = threading.Lock()  # a tokenizer is not safe to share between request threads
    scoring_lock = threading.Lock()  # one scoring run at a time: the CRM and the CPU are shared
    readers = threading.local()  # a cache connection per request thread: reads never wait for the writer
    pool = ThreadPoolExecutor(max_workers=limits.workers, thread_name_prefix="crm-board")
    in_flight = 0  # queued and running jobs

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        yield
        for job in list(jobs.values()):
            job.cancel.set()
        pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="crm leaderboard", lifespan=lifespan, docs_url=None, redoc_url=None, responses=REFUSALS)
    app.add_middleware(GuardMiddleware, max_body_bytes=limits.max_body_bytes, allowed_hosts=allowed_hosts)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.state.jobs, app.state.pool, app.state.limits = jobs, pool, limits

    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(Exception, server_error)

    def engine_for(name: str) -> LeaderboardEngine:
        if name not in ckpts:
            raise ValueError(f"unknown CRM {name!r}; available: {', '.join(ckpts)}")
        with engines_lock:
            if name not in engines:
                engines[name] = LeaderboardEngine(
                    ckpts[name], ScoreCache(cache_path), device=device, precision=precision
                )
            return engines[name]

    def loaded_engine(name: str) -> LeaderboardEngine:
        engine = engine_for(name)
        with load_lock:
            engine.crm  # noqa: B018 - loads the CRM once
        return engine

    def limits_for(name: str) -> dict[str, int]:
        with check_lock:  # recorded in the export; an older one's are measured once with its tokenizer
            return dict(engine_for(name).criteria_limits())

    def corpus_for(name: str) -> Corpus:
        if name not in corpora:
            raise ValueError(f"unknown corpus {name!r}; available: {', '.join(corpora)}")
        return corpora[name]

    @lru_cache(maxsize=128)  # a free-text search embeds every query: the same request again is instant
    def queries_for(corpus: str, topics: tuple[str, ...], search: str | None, top_k: int) -> tuple[str, ...]:
        return tuple(select_queries(corpus_for(corpus), list(topics), search, top_k))

    def reader_cache() -> ScoreCache:
        if getattr(readers, "cache", None) is None:
            readers.cache = ScoreCache(cache_path)
        return readers.cache

    def evict() -> None:
        """Drop finished jobs past their time to live, then the oldest past the cap; never a running one."""
        now = time.monotonic()
        with jobs_lock:
            finished = sorted((j.finished_at, k) for k, j in jobs.items() if j.finished_at is not None)
            expired = [k for t, k in finished if now - t > limits.job_ttl_s]
            kept = [k for t, k in finished if now - t <= limits.job_ttl_s]
            for k in expired + kept[: max(0, len(kept) - limits.max_finished_jobs)]:
                del jobs[k]

    def add_job(job: Job) -> str:
        job_id = uuid.uuid4().hex[:16]
        with jobs_lock:
            jobs[job_id] = job
        evict()
        return job_id

    def result_of(job: Job) -> dict[str, Any]:
        result: dict[str, Any] = {name: board_json(b) for name, b in job.boards.items()}
        if "versus" in job.boards:
            tau, p_value, n = board_kendall_tau(job.boards["criteria"].rows, job.boards["versus"].rows)
            result["tau"] = {"tau": tau, "p_value": p_value, "models": n}
        result["question_ids"] = job.qids
        return result

    def from_cache(job: Job, engine: LeaderboardEngine) -> bool:
        """Build the boards from cached scores only, in the calling thread; False when a score is missing."""
        reader = engine.reading(reader_cache())
        corpus = corpus_for(job.corpus)
        try:
            for name, criteria in job.sets.items():
                job.boards[name] = reader.board(corpus, criteria, job.qids, job.baseline, cached_only=True)
        except NotCached:
            job.boards.clear()
            return False
        job.result = result_of(job)
        job.done = job.total = len(job.sets) * len(job.qids)
        job.finish("done")
        return True

    def check_criteria(name: str, label: str, criteria: list[str]) -> None:
        """Raise :class:`CriteriaTooLong` (its message says the limit) when the CRM cannot read ``criteria``."""
        limit = limits_for(name)
        chars = sum(len(c) for c in criteria)
        try:
            if chars > CHAR_PRECHECK_FACTOR * limit["characters"]:
                raise CriteriaTooLong(
                    f"the criteria are {chars} characters long; this CRM reads at most {limit['tokens']} tokens of "
                    f"criteria (about {limit['characters']} characters of typical English): "
                    "shorten or drop some criteria"
                )
            with check_lock:
                engine_for(name).check_criteria(criteria)
        except CriteriaTooLong as err:
            raise CriteriaTooLong(f"{label}: {err}") from err

    def progress(job: Job, index: int):
        """Progress in queries: set ``index``'s share of scores computed, over every set's queries."""

        def report(done: int, total: int) -> None:
            job.done = index * len(job.qids) + len(job.qids) * done // max(total, 1)

        return report

    def run(job: Job) -> None:
        try:
            if job.cancel.is_set():
                raise ScoringCancelled("cancelled before it started")
            job.status = "running"
            corpus = corpus_for(job.corpus)
            baseline = job.baseline or corpus.default_baseline
            with scoring_lock:
                engine = loaded_engine(job.ckpt)
                for index, (name, criteria) in enumerate(job.sets.items()):
                    job.boards[name] = engine.board(
                        corpus,
                        criteria,
                        job.qids,
                        baseline,
                        on_progress=progress(job, index),
                        should_stop=job.cancel.is_set,
                        chunk=limits.chunk,
                    )
                    job.done = (index + 1) * len(job.qids)
            job.result = result_of(job)
            job.finish("done")
        except ScoringCancelled as err:
            job.finish("cancelled", str(err))
        except (ValueError, FileNotFoundError) as err:  # a request the engine rejects: its message, no trace
            job.finish("error", str(err))
        except Exception as err:  # noqa: BLE001 - shown to the user instead of a stack trace
            job.finish("error", f"scoring failed: {type(err).__name__}: {err}")

    def release(_future: Future) -> None:
        nonlocal in_flight
        with jobs_lock:
            in_flight -= 1

    @app.get("/", include_in_schema=False)  # the page, not part of the JSON API the schema documents
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/options")
    def options() -> dict[str, Any]:
        limits_by_ckpt: dict[str, dict[str, int] | None] = {}
        for name in ckpts:
            try:
                limits_by_ckpt[name] = limits_for(name)
            except Exception:  # noqa: BLE001 - a CRM that cannot load: the page works without its limit
                limits_by_ckpt[name] = None
        return {
            "ckpts": list(ckpts),
            "presets": PRESETS,
            "criteria_limits": limits_by_ckpt,  # per CRM: {"tokens", "characters"} it reads at most
            "corpora": {
                name: {"topics": c.topics(), "models": c.models, "baseline": c.default_baseline}
                for name, c in corpora.items()
            },
        }

    @app.post("/api/boards")
    def start(request: BoardRequest):
        nonlocal in_flight
        try:
            check_unicode(request.model_dump(), "request")
            corpus = corpus_for(request.corpus)
            engine = engine_for(request.ckpt)
            sets = {"criteria": clean_criteria(request.criteria)}
            if request.versus and request.versus.strip():
                sets["versus"] = clean_criteria(request.versus)
            baseline = request.baseline or corpus.default_baseline
            if baseline not in corpus.answers:
                raise ValueError(f"unknown baseline {baseline!r}; models in {corpus.name}: {', '.join(corpus.models)}")
            topics = tuple(sorted(set(request.topics)))
            qids = list(queries_for(request.corpus, topics, request.search or None, request.top_k))
            job = Job(request.corpus, request.ckpt, sets, qids, baseline, total=len(sets) * len(qids))
            if from_cache(job, engine):  # every score cached: answered here, not queued behind a running job
                return {"job": add_job(job), "status": job.status}
            for name, criteria in sets.items():
                check_criteria(request.ckpt, "your criteria" if name == "criteria" else "the other criteria", criteria)
        except CriteriaTooLong as err:
            return JSONResponse({"detail": str(err), "limit": limits_for(request.ckpt)}, status_code=422)
        except (ValueError, FileNotFoundError) as err:  # a request the engine rejects: its message, no trace
            raise HTTPException(400, str(err)) from err
        with jobs_lock:
            if in_flight >= limits.workers + limits.max_queued:
                busy = True
            else:
                busy, in_flight = False, in_flight + 1
        if busy:
            return JSONResponse(
                {"detail": f"the server is busy: {in_flight} leaderboards are being built or waiting; try again soon"},
                status_code=503,
                headers={"Retry-After": "5"},
            )
        job_id = add_job(job)
        job.future = pool.submit(run, job)
        job.future.add_done_callback(release)
        return {"job": job_id, "status": job.status}

    def get_job(job_id: str) -> Job:
        evict()
        with jobs_lock:
            job = jobs.get(job_id)
        if job is None:
            raise HTTPException(404, f"no job {job_id} (finished jobs are kept for a while, then dropped)")
        return job

    @app.get("/api/jobs/{job_id}")
    def status(job_id: str) -> dict[str, Any]:
        job = get_job(job_id)
        return {k: getattr(job, k) for k in ("status", "done", "total", "message", "notices", "result")}

    @app.post("/api/jobs/{job_id}/cancel")
    def cancel(job_id: str) -> dict[str, str]:
        job = get_job(job_id)
        job.cancel.set()
        if job.future is not None and job.future.cancel():  # still queued: it never runs
            job.finish("cancelled", "cancelled before it started")
        return {"status": "cancelling" if job.status in ("queued", "running") else job.status}

    @app.get("/api/jobs/{job_id}/drilldown")
    def drilldown(job_id: str, model: str, question_id: str, board: str = "criteria") -> dict[str, Any]:
        job = get_job(job_id)
        if job.status != "done" or board not in job.boards:
            raise HTTPException(409, "the board is not ready")
        result = job.boards[board]
        corpus = corpus_for(job.corpus)
        p = result.outcomes.get(model, {}).get(question_id)
        if p is None:
            raise HTTPException(404, f"no score for {model} on query {question_id}")
        return {
            "query": corpus.queries[question_id].text,
            "topic": corpus.queries[question_id].topic,
            "model": model,
            "answer": corpus.answers[model][question_id],
            "baseline": result.baseline,
            "baseline_answer": corpus.answers[result.baseline][question_id],
            "p": p,
        }

    def schema_with_choices() -> dict[str, Any]:
        """The OpenAPI schema naming the corpora and CRMs this server has: a client built from it
        offers only those."""
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
            fields = schema["components"]["schemas"]["BoardRequest"]["properties"]
            fields["corpus"]["enum"], fields["ckpt"]["enum"] = list(corpora), list(ckpts)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = schema_with_choices
    return app


def load_corpora(named: Mapping[str, str], raw_dir: str | Path) -> dict[str, Corpus]:
    """Each corpus (a name or a path, :mod:`crm.data.corpora`) under its name on the page."""
    return {name: load_named_corpus(value, raw_dir) for name, value in named.items()}
