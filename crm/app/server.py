"""The leaderboard web page: a FastAPI backend over the leaderboard engine and one static page.

FastAPI + a small page rather than Gradio: the page is a thin client over the same engine and cache
as the CLI, long scoring runs as a background job that reports progress and can be cancelled, and
every text reaches the page as JSON shown with ``textContent`` (never parsed as HTML), which keeps
answers and criteria from injecting markup.
"""

from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse
from pydantic import BaseModel

from crm.data.corpus import Corpus
from crm.usl.board import board_kendall_tau
from crm.usl.cache import ScoreCache, normalise_criteria
from crm.usl.corpus import load_named_corpus
from crm.usl.engine import LeaderboardEngine, ScoringCancelled, select_queries

MAX_CRITERION_CHARS = 300
MAX_CRITERIA = 12
PRESETS = {
    "prefer concise": "Prefer concise answers that get straight to the point.",
    "prefer detailed": "Prefer thorough, detailed answers.",
    "friendly, casual tone": "Prefer a friendly, casual tone.\nKeep it light and conversational.",
}
STATIC = Path(__file__).parent / "static"


class BoardRequest(BaseModel):
    corpus: str
    ckpt: str
    criteria: str  # one criterion per line
    topics: list[str] = []
    search: str | None = None
    top_k: int = 20
    baseline: str | None = None
    versus: str | None = None  # a second criteria set: both boards and Kendall tau


@dataclass
class Job:
    request: BoardRequest
    status: str = "running"  # running | done | error | cancelled
    done: int = 0
    total: int = 0
    message: str = ""
    notices: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    boards: dict[str, Any] = field(default_factory=dict)
    cancel: threading.Event = field(default_factory=threading.Event)


def clean_criteria(text: str, notices: list[str]) -> list[str]:
    """One criterion per line; overlong ones are capped (with a notice), empty input is refused."""
    criteria = normalise_criteria((text or "").splitlines())
    if not criteria:
        raise ValueError("Write at least one criterion (one per line), e.g. 'Prefer concise answers.'")
    if len(criteria) > MAX_CRITERIA:
        notices.append(f"Only the first {MAX_CRITERIA} of {len(criteria)} criteria are used.")
        criteria = criteria[:MAX_CRITERIA]
    capped = []
    for c in criteria:
        if len(c) > MAX_CRITERION_CHARS:
            notices.append(f"A criterion longer than {MAX_CRITERION_CHARS} characters was shortened.")
            c = c[:MAX_CRITERION_CHARS]
        capped.append(c)
    return capped


def board_json(board) -> dict[str, Any]:
    return {
        "baseline": board.baseline,
        "criteria": board.criteria,
        "queries": board.queries,
        "scored": board.scored,
        "rows": [r.as_dict() for r in board.rows],
    }


def create_app(ckpts: dict[str, str], corpora: dict[str, Corpus], cache_path: str | Path) -> FastAPI:
    """``ckpts``: name -> CRM directory; ``corpora``: name -> loaded corpus."""
    app = FastAPI(title="crm leaderboard")
    jobs: dict[str, Job] = {}
    engines: dict[str, LeaderboardEngine] = {}
    lock = threading.Lock()  # one scoring run at a time: the CRM and the CPU are shared

    def engine_for(name: str) -> LeaderboardEngine:
        if name not in ckpts:
            raise ValueError(f"unknown CRM {name!r}; available: {', '.join(ckpts)}")
        if name not in engines:
            engines[name] = LeaderboardEngine(ckpts[name], ScoreCache(cache_path))
        return engines[name]

    def corpus_for(name: str) -> Corpus:
        if name not in corpora:
            raise ValueError(f"unknown corpus {name!r}; available: {', '.join(corpora)}")
        return corpora[name]

    def run(job: Job) -> None:
        r = job.request
        try:
            corpus = corpus_for(r.corpus)
            sets = {"criteria": clean_criteria(r.criteria, job.notices)}
            if r.versus and r.versus.strip():
                sets["versus"] = clean_criteria(r.versus, job.notices)
            qids = select_queries(corpus, r.topics, r.search or None, r.top_k)
            with lock:
                engine = engine_for(r.ckpt)

                def progress(done: int, total: int) -> None:
                    job.done, job.total = done, total

                for name, criteria in sets.items():
                    job.boards[name] = engine.board(
                        corpus, criteria, qids, r.baseline or None, on_progress=progress, should_stop=job.cancel.is_set
                    )
            result = {name: board_json(b) for name, b in job.boards.items()}
            if "versus" in job.boards:
                tau, p_value, n = board_kendall_tau(job.boards["criteria"].rows, job.boards["versus"].rows)
                result["tau"] = {"tau": tau, "p_value": p_value, "models": n}
            result["question_ids"] = qids
            job.result, job.status = result, "done"
        except ScoringCancelled as err:
            job.status, job.message = "cancelled", str(err)
        except (ValueError, FileNotFoundError) as err:  # a request the engine rejects: its message, no trace
            job.status, job.message = "error", str(err)
        except Exception as err:  # noqa: BLE001 - shown to the user instead of a stack trace
            job.status, job.message = "error", f"scoring failed: {type(err).__name__}: {err}"

    @app.get("/")
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/options")
    def options() -> dict[str, Any]:
        return {
            "ckpts": list(ckpts),
            "presets": PRESETS,
            "max_criterion_chars": MAX_CRITERION_CHARS,
            "corpora": {
                name: {"topics": c.topics(), "models": c.models, "baseline": c.default_baseline}
                for name, c in corpora.items()
            },
        }

    @app.post("/api/boards")
    def start(request: BoardRequest) -> dict[str, str]:
        job_id = uuid.uuid4().hex[:12]
        jobs[job_id] = job = Job(request)
        threading.Thread(target=run, args=(job,), daemon=True).start()
        return {"job": job_id}

    def get_job(job_id: str) -> Job:
        if job_id not in jobs:
            raise HTTPException(404, f"no job {job_id}")
        return jobs[job_id]

    @app.get("/api/jobs/{job_id}")
    def status(job_id: str) -> dict[str, Any]:
        job = get_job(job_id)
        return {k: getattr(job, k) for k in ("status", "done", "total", "message", "notices", "result")}

    @app.post("/api/jobs/{job_id}/cancel")
    def cancel(job_id: str) -> dict[str, str]:
        get_job(job_id).cancel.set()
        return {"status": "cancelling"}

    @app.get("/api/jobs/{job_id}/drilldown")
    def drilldown(job_id: str, model: str, question_id: str, board: str = "criteria") -> dict[str, Any]:
        job = get_job(job_id)
        if job.status != "done" or board not in job.boards:
            raise HTTPException(409, "the board is not ready")
        result = job.boards[board]
        corpus = corpus_for(job.request.corpus)
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

    return app


def load_corpora(names: list[str], raw_dir: str | Path) -> dict[str, Corpus]:
    return {Path(n).name if Path(n).is_dir() else n: load_named_corpus(n, raw_dir) for n in names}
