"""The scoring server: a trained CRM as an HTTP reward for RL trainers, best-of-n and evaluation.

Endpoints (JSON; every one but ``/health`` needs ``Authorization: Bearer TOKEN`` when a token is set):

- ``POST /v1/score``: criteria, a prompt (or messages) and n responses -> one score per response:
  ``bt`` rewards, or for ``cls`` the round-robin scores and the pairwise probabilities
  (:mod:`crm.scoring.response_sets`);
- ``POST /v1/compare``: criteria, a prompt, response A and B -> p(A preferred) (``cls``: both orders);
- ``POST /get_reward``: OpenRLHF's remote reward model protocol (:mod:`crm.serve.openrlhf`);
- ``GET /health``.

Criteria come from the request, else from the server's default criteria (``crm-serve --criteria``).
Every request is scored through one :class:`~crm.serve.batcher.DynamicBatcher`, so concurrent
requests share forward passes; its bounded queue answers 503 when full. Sizes are bounded (body
bytes, responses per request, characters per text) and refused with a 4xx that says the limit.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Literal

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from crm.data.criteria.profile import profile
from crm.data.layout import layout_features
from crm.data.row_format import CriteriaTooLong
from crm.data.schema import invalid_unicode
from crm.http_guard import LOOPBACK_HOSTS, REFUSALS, SECURITY_HEADERS, GuardMiddleware, invalid_request, server_error
from crm.memory import release_freed_memory
from crm.scoring.response_sets import (
    ResponseSet,
    SetScores,
    criteria_lines,
    group_responses,
    item_scores,
    score_response_sets,
)
from crm.serve.batcher import DynamicBatcher, QueueFull
from crm.serve.openrlhf import split_rollout


@dataclass(frozen=True)
class ServeLimits:
    """What one request may ask for, and how requests are batched and queued."""

    max_responses: int = 64  # per /v1/score request for a bt CRM
    max_cls_responses: int = 16  # a cls CRM judges n(n-1) ordered pairs
    max_rollouts: int = 1024  # queries per OpenRLHF request
    max_chars: int = 200_000  # per text (a response, a message, the criteria together); long answers get cut anyway
    max_body_bytes: int = 16 * 1024 * 1024
    max_wait_ms: float = 5.0  # 0: no batching, every request scored alone
    max_batch_responses: int = 256
    max_queued: int = 64  # requests waiting for the model; one more gets 503
    batch_size: int = 32  # rows per forward pass
    answer_memo_rows: int = 1024  # a two-tower CRM's described answers kept in memory (each ~0.4 MB)
    text_cache_rows: int = 4096  # texts whose tokens, view and layout are kept (emptied beyond it)


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")
    role: Literal["system", "user", "assistant"]
    content: str


class Conversation(BaseModel):
    """Exactly one of ``prompt`` and ``messages`` (the schema says so: a client generated from it knows)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"oneOf": [{"required": ["prompt"]}, {"required": ["messages"]}]}
    )
    criteria: list[str] | str | None = Field(None, description="criteria lines; the server's default if absent")
    prompt: str = Field(None, description="the user's prompt (or give messages)")
    messages: list[Message] = Field(
        None, min_length=1, description="the conversation before the responses, ending with the user's turn"
    )


class ScoreRequest(Conversation):
    responses: list[str] = Field(min_length=1)


class CompareRequest(Conversation):
    response_a: str
    response_b: str


class HealthReply(BaseModel):
    status: str
    head: str  # its name in crm.heads.HEADS
    queued: int = Field(description="requests waiting for the model now (bounded by the queue)")
    batching: dict[str, float]


class ScoreReply(BaseModel):
    head: str  # its name in crm.heads.HEADS
    criteria: list[str]
    scores: list[float]
    pairwise: list[list[float]] | None = Field(description="cls: p(response i preferred over response j)")
    degenerate: list[int] = Field(description="the indices of empty and whitespace-only responses")


class CompareReply(BaseModel):
    head: str  # its name in crm.heads.HEADS
    criteria: list[str]
    p_a: float


class RewardReply(BaseModel):
    rewards: list[float]
    scores: list[float]
    degenerate: list[int]


class RolloutRequest(BaseModel):
    """OpenRLHF's body; ``criteria`` (one list for all, or one per query) is our addition."""

    model_config = ConfigDict(extra="ignore")
    query: list[str] = Field(min_length=1)
    prompts: list[str] | None = None
    labels: list | None = None
    criteria: list[str] | list[list[str]] | None = None


def forget_texts_beyond(crm, rows: int) -> None:
    """Empties each text cache that holds more than ``rows`` texts, and hands the freed memory back to
    the system. The caches are made for boards, which score the same answers under criteria after
    criteria; a reward server meets each rollout once, and kept, they would grow with every request."""
    full = [cached for cached in (profile, layout_features) if cached.cache_info().currsize > rows]
    for cached in full:
        cached.cache_clear()
    if crm.renderer.forget_texts_beyond(rows) or full:
        release_freed_memory()


def create_serve_app(
    crm,
    default_criteria: Sequence[str] = (),
    limits: ServeLimits | None = None,
    token: str | None = None,
    allowed_hosts: tuple[str, ...] | None = LOOPBACK_HOSTS,
    criteria_from_labels: bool = False,
    degenerate_floor: float | None = None,
) -> FastAPI:
    """``crm``: a loaded :class:`~crm.inference.CRM`. ``criteria_from_labels``: OpenRLHF's ``labels``
    (``--label_key``) carry each prompt's criteria, one per line. ``degenerate_floor``: the score of an
    empty or whitespace-only response instead of the CRM's (which may rank it high under "be brief":
    a policy trained on that reward learns to say nothing); every answer names such responses."""
    limits = limits or ServeLimits()
    if crm.towers is not None:  # a reward server meets each rollout once:
        crm.towers.answers.capacity = limits.answer_memo_rows  # a memory the size of a board would only grow
    default_criteria = [c for c in default_criteria if c.strip()]
    max_responses = limits.max_responses if crm.head.judges_alone else limits.max_cls_responses

    def score(sets: list[ResponseSet]) -> list[SetScores]:
        try:
            return score_response_sets(crm, sets, limits.batch_size)
        finally:
            forget_texts_beyond(crm, limits.text_cache_rows)

    batcher = DynamicBatcher(
        score,
        size=lambda s: len(s.responses),
        max_wait_ms=limits.max_wait_ms,
        max_batch_responses=limits.max_batch_responses,
        max_queued=limits.max_queued,
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        yield
        batcher.close()

    app = FastAPI(title="crm scoring server", lifespan=lifespan, docs_url=None, redoc_url=None, responses=REFUSALS)
    app.add_middleware(GuardMiddleware, max_body_bytes=limits.max_body_bytes, allowed_hosts=allowed_hosts)
    app.state.batcher = batcher

    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(Exception, server_error)

    @app.middleware("http")
    async def authorised(request: Request, call_next):
        """Before the body is read: a request without the token learns nothing about what it sent."""
        if token is not None and request.url.path != "/health":
            scheme, _, given = request.headers.get("authorization", "").partition(" ")
            if scheme.lower() != "bearer" or not secrets.compare_digest(given.strip().encode(), token.encode()):
                headers = {**SECURITY_HEADERS, "WWW-Authenticate": "Bearer"}
                return JSONResponse({"detail": "missing or wrong bearer token"}, status_code=401, headers=headers)
        return await call_next(request)

    def check_text(text: str, what: str) -> None:
        problem = invalid_unicode(text, what)
        if problem:
            raise HTTPException(422, problem)
        if len(text) > limits.max_chars:
            raise HTTPException(413, f"{what} has {len(text)} characters; the limit is {limits.max_chars}")

    def criteria_of(given: list[str] | str | None) -> list[str]:
        criteria = [c for c in criteria_lines(given or []) if c.strip()] or default_criteria
        if not criteria:
            raise HTTPException(422, "no criteria: send `criteria`, or start the server with default --criteria")
        check_text("\n".join(criteria), "criteria")
        return criteria

    def history_of(body: Conversation) -> list[dict[str, str]]:
        if (body.prompt is None) == (body.messages is None):
            raise HTTPException(422, "send exactly one of `prompt` and `messages`")
        if body.prompt is not None:
            check_text(body.prompt, "prompt")
            return [{"role": "user", "content": body.prompt}]
        messages = [m.model_dump() for m in body.messages if m.role != "system"]
        if not messages or messages[-1]["role"] != "user":
            raise HTTPException(422, "`messages` must end with the user's turn (the responses answer it)")
        for i, m in enumerate(messages):
            check_text(m["content"], f"messages[{i}]")
        return messages

    def check_responses(responses: Sequence[str], limit: int) -> None:
        if len(responses) > limit:
            raise HTTPException(413, f"{len(responses)} responses in one request; the limit is {limit}")
        for i, text in enumerate(responses):
            check_text(text, f"response {i}")

    async def scored(sets: list[ResponseSet]) -> list[SetScores]:
        try:
            future = batcher.submit(sets)
        except QueueFull as err:
            raise HTTPException(503, f"server busy: {err}; retry shortly", headers={"Retry-After": "1"}) from None
        try:
            return await asyncio.wrap_future(future)
        except CriteriaTooLong as err:
            raise HTTPException(422, str(err)) from None

    @app.get("/health")
    def health() -> HealthReply:
        return HealthReply(status="ok", head=crm.head.name, queued=batcher.queued(), batching=batcher.stats.as_dict())

    def floored(scores: list[float], responses: Sequence[str]) -> tuple[list[float], list[int]]:
        """The scores with ``degenerate_floor`` for empty and whitespace-only responses (when set), and
        those responses' indices."""
        empty = [i for i, text in enumerate(responses) if not text.strip()]
        if degenerate_floor is None:
            return scores, empty
        return [degenerate_floor if i in empty else s for i, s in enumerate(scores)], empty

    @app.post("/v1/score")
    async def score_endpoint(body: ScoreRequest) -> ScoreReply:
        criteria, history = criteria_of(body.criteria), history_of(body)
        check_responses(body.responses, max_responses)
        (result,) = await scored([ResponseSet.build(criteria, history, body.responses)])
        scores, empty = floored(result.scores, body.responses)
        return ScoreReply(
            head=crm.head.name, criteria=criteria, scores=scores, pairwise=result.pairwise, degenerate=empty
        )

    @app.post("/v1/compare")
    async def compare_endpoint(body: CompareRequest) -> CompareReply:
        criteria, history = criteria_of(body.criteria), history_of(body)
        check_responses([body.response_a, body.response_b], 2)
        (result,) = await scored([ResponseSet.build(criteria, history, [body.response_a, body.response_b])])
        return CompareReply(head=crm.head.name, criteria=criteria, p_a=result.preference(0, 1))

    @app.post("/get_reward")
    async def openrlhf_endpoint(body: RolloutRequest) -> RewardReply:
        n = len(body.query)
        if n > limits.max_rollouts:
            raise HTTPException(413, f"{n} queries in one request; the limit is {limits.max_rollouts}")
        for name in ("prompts", "labels"):
            given = getattr(body, name)
            if given is not None and len(given) != n:
                raise HTTPException(422, f"`{name}` has {len(given)} items for {n} queries")
        per_query = body.criteria if body.criteria and isinstance(body.criteria[0], list) else None
        if per_query is not None and len(per_query) != n:
            raise HTTPException(422, f"`criteria` has {len(per_query)} lists for {n} queries")
        items = []
        for i, query in enumerate(body.query):
            check_text(query, f"query {i}")
            try:
                history, response = split_rollout(query, body.prompts[i] if body.prompts else None)
            except ValueError as err:
                raise HTTPException(422, f"query {i}: {err}") from None
            if per_query is not None:
                criteria = criteria_of(per_query[i])
            elif criteria_from_labels and body.labels is not None and body.criteria is None:
                criteria = criteria_of(str(body.labels[i]))
            else:
                criteria = criteria_of(body.criteria)
            items.append((criteria, history, response))
        sets, indices = group_responses(items)
        if not crm.head.judges_alone and (largest := max(map(len, indices))) > limits.max_cls_responses:
            raise HTTPException(
                413, f"{largest} rollouts of one prompt; a {crm.head.name} CRM takes at most {limits.max_cls_responses}"
            )
        rewards, empty = floored(item_scores(indices, await scored(sets)), [response for *_, response in items])
        return RewardReply(rewards=rewards, scores=rewards, degenerate=empty)

    return app
