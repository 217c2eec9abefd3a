"""Criteria written for pairwise votes by an OpenAI-compatible chat endpoint (the paper's data step).

Each vote (query, two answers, the winner) is sent once with the versioned prompt of prompt.yaml; the
reply must be the JSON it asks for (prompt.py). A malformed reply is asked again a bounded number of
times, then the vote is skipped with its ``file:line`` and reason. Usable answers are cached on disk
(cache.py), so a killed run, rerun, asks only for what it lacks. HTTP failures (429, 5xx, timeouts,
dropped connections) are retried with backoff by the ``openai`` client; an endpoint that stays
unreachable, refuses the key or does not know the model stops the run (what was answered stays
cached). So does a reply that is not a chat completion (not JSON, or no ``choices``): it names the
missing field and shows the reply's start, since asking that endpoint again would get the same. The
counts tell the project's asks from the HTTP requests the client sent for them, its retries included.
The API key is read from an environment variable and is never logged or written.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace

import openai
from pydantic import BaseModel, Field, ValidationError
from tqdm.auto import tqdm

from crm.data.extraction.cache import AnswerCache, answer_key
from crm.data.extraction.prompt import ExtractedCriteria, MalformedAnswer, Prompt, load_prompt, response_format
from crm.data.extraction.votes import TIES, Vote
from crm.data.schema import PreferenceSample, idx_key
from crm.errors import UserError

STOPPING = (openai.APIConnectionError, openai.AuthenticationError, openai.PermissionDeniedError, openai.NotFoundError)


@dataclass
class Endpoint:
    """An OpenAI-compatible chat endpoint (vLLM, OpenAI, `transformers serve`, llama.cpp's server)."""

    base_url: str
    model: str
    api_key_env: str = "OPENAI_API_KEY"  # the variable holding the key; unset: a local server's "none"
    timeout: float = 120.0  # seconds per request
    max_retries: int = 5  # HTTP retries with backoff (429, 5xx, timeouts, connection), the client's
    max_tokens: int = 512  # the longest reply asked for
    temperature: float = 0.0  # later attempts after a malformed reply sample at RETRY_TEMPERATURE
    response_format: str = "text"  # one of RESPONSE_FORMATS: how the reply's shape is asked for

    def client(self, on_request=None) -> openai.AsyncOpenAI:
        """The client; ``on_request`` (async, given each HTTP request) sees every request it sends, its own
        retries included, which its replies do not report."""
        key = os.environ.get(self.api_key_env) or "none"
        http = openai.DefaultAsyncHttpxClient(event_hooks={"request": [on_request] if on_request else []})
        return openai.AsyncOpenAI(
            base_url=self.base_url, api_key=key, timeout=self.timeout, max_retries=self.max_retries, http_client=http
        )


class ReplyMessage(BaseModel):
    content: str | None = None  # null (a refusal, a tool call): no JSON in it, asked again


class ReplyChoice(BaseModel):
    message: ReplyMessage


class ChatReply(BaseModel):
    """What is read of an endpoint's reply (the rest is ignored): checked here, because the ``openai``
    client builds its reply object without checking it."""

    choices: list[ReplyChoice] = Field(min_length=1)


REPLY_SHOWN = 200  # characters of a reply that is not a chat completion shown in the error


def reply_content(text: str) -> str:
    """The first choice's message in a reply's raw text; ValueError naming what is wrong and showing the
    reply's start when it is not a chat completion."""
    try:
        reply = ChatReply.model_validate_json(text)
    except ValidationError as err:
        raise ValueError(f"{what_is_wrong(err)}; the reply began {text[:REPLY_SHOWN]!r}") from None
    return reply.choices[0].message.content or ""


def what_is_wrong(err: ValidationError) -> str:
    """The first problem of a reply, as a user reads it: not JSON, a missing field, a field of the wrong shape."""
    first = err.errors()[0]
    where = ".".join(map(str, first["loc"]))
    if first["type"] == "json_invalid":
        return f"the reply is not JSON ({first['msg']})"
    if first["type"] == "missing":
        return f"the reply is not a chat completion: it has no '{where}' field"
    return f"the reply is not a chat completion: '{where or 'the reply'}': {first['msg']}"


RETRY_TEMPERATURE = 0.7


@dataclass
class ExtractionReport:
    votes: int = 0
    ties_left_out: int = 0
    cached: int = 0  # answered from the cache, no request
    answered: int = 0  # answered by the endpoint in this run
    asks: int = 0  # chat completions asked for (a malformed reply asked again counts again)
    requests: int = 0  # HTTP requests sent for them: the client sends an ask again after a 429, 5xx, ...
    failed: list[str] = field(default_factory=list)  # "file:line: why", the vote skipped
    reasons: Counter = field(default_factory=Counter)  # why replies were malformed, every attempt
    written: int = 0

    @property
    def retries(self) -> int:
        """HTTP requests the client sent again (429, 5xx, timeouts, dropped connections)."""
        return self.requests - self.asks

    def to_dict(self) -> dict:
        return {
            "votes": self.votes,
            "ties_left_out": self.ties_left_out,
            "cached": self.cached,
            "answered": self.answered,
            "asks": self.asks,
            "requests": self.requests,
            "http_retries": self.retries,
            "skipped": self.failed,
            "malformed_replies": dict(self.reasons),
            "written": self.written,
        }

    def rows(self) -> list[list[str]]:
        return [
            ["votes read", str(self.votes)],
            ["ties left out (--ties skip)", str(self.ties_left_out)],
            ["answered from the cache", str(self.cached)],
            ["answered by the endpoint", str(self.answered)],
            ["asks (a malformed reply asked again counts again)", str(self.asks)],
            ["HTTP requests sent (the client's retries included)", str(self.requests)],
            ["HTTP retries (429, 5xx, timeouts, dropped connections)", str(self.retries)],
            ["votes skipped (malformed after every attempt)", str(len(self.failed))],
            ["samples written", str(self.written)],
        ]


class EndpointStopped(UserError):
    """The endpoint cannot answer at all (unreachable, key refused, unknown model, not a chat completion
    endpoint): the run stops, one line for the user."""


class Extractor:
    def __init__(self, endpoint: Endpoint, cache: AnswerCache, prompt: Prompt | None = None, attempts: int = 3):
        if attempts < 1:
            raise ValueError(f"attempts must be at least 1, not {attempts}")
        self.endpoint, self.cache, self.attempts = endpoint, cache, attempts
        self.prompt = prompt or load_prompt()
        self.shape = response_format(endpoint.response_format)  # the same for every request
        self.report = ExtractionReport()

    async def _ask(self, client: openai.AsyncOpenAI, vote: Vote) -> ExtractedCriteria | None:
        key = answer_key(self.prompt.version, self.endpoint.model, vote.sample)
        if (cached := self.cache.get(key)) is not None:
            self.report.cached += 1
            return cached
        reason = ""
        for attempt in range(self.attempts):
            self.report.asks += 1
            try:
                reply = await client.chat.completions.with_raw_response.create(
                    model=self.endpoint.model,
                    messages=self.prompt.messages(vote.sample),
                    max_tokens=self.endpoint.max_tokens,
                    temperature=self.endpoint.temperature if attempt == 0 else RETRY_TEMPERATURE,
                    **self.shape,
                )
            except openai.APITimeoutError:  # this vote's reply outlasted --timeout on every retry: skipped
                reason = f"no reply within {self.endpoint.timeout:g} s"
                break
            except STOPPING as err:
                raise EndpointStopped(f"{self.endpoint.base_url}: {type(err).__name__}: {err}") from None
            except openai.APIError as err:  # this vote's request refused (too long, ...): skipped
                reason = f"the endpoint refused the request ({type(err).__name__}: {err})"
                break
            try:
                content = reply_content(reply.http_response.text)
            except ValueError as err:
                raise EndpointStopped(f"{self.endpoint.base_url}: {err}") from None
            try:
                answer = self.prompt.parse(content)
            except MalformedAnswer as err:
                reason = str(err)
                self.report.reasons[re.split(r"[:(]", reason)[0].strip()] += 1
                continue
            self.cache.put(key, answer)
            self.report.answered += 1
            return answer
        self.report.failed.append(f"{vote.origin}: {reason} (after {attempt + 1} attempt(s))")
        return None

    async def _run(self, votes: list[Vote], concurrency: int, bar: tqdm) -> list[ExtractedCriteria | None]:
        limit = asyncio.Semaphore(concurrency)

        async def sent(_request) -> None:
            self.report.requests += 1

        async with self.endpoint.client(on_request=sent) as client:

            async def one(vote: Vote) -> ExtractedCriteria | None:
                async with limit:
                    answer = await self._ask(client, vote)
                bar.update(1)
                bar.set_postfix(cached=self.report.cached, asked=self.report.answered, failed=len(self.report.failed))
                return answer

            tasks = [asyncio.ensure_future(one(vote)) for vote in votes]
            try:
                return await asyncio.gather(*tasks)
            except BaseException:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                raise

    def extract(self, votes: list[Vote], ties: str = "skip", concurrency: int = 8, progress: bool = True):
        """The samples for ``votes`` (in their order) with each side's criteria and topic."""
        if ties not in TIES:
            raise ValueError(f"ties must be one of {TIES}, not {ties!r}")
        if concurrency < 1:
            raise ValueError(f"the concurrency must be at least 1, not {concurrency}")
        self.report.votes = len(votes)
        votes = [Vote(sample, vote.origin) for vote, sample in zip(votes, distinct_idx([v.sample for v in votes]))]
        if ties == "skip":
            asked = [v for v in votes if v.sample.preference != "tie"]
            self.report.ties_left_out = len(votes) - len(asked)
        else:
            asked = list(votes)
        with tqdm(total=len(asked), desc="votes", unit="vote", disable=not progress, dynamic_ncols=True) as bar:
            answers = asyncio.run(self._run(asked, concurrency, bar))
        samples = []
        for vote, answer in zip(asked, answers):
            if answer is not None:
                samples += with_criteria(vote.sample, answer, self.endpoint.model, self.prompt.version)
        self.report.written = len(samples)
        return samples


def with_criteria(
    sample: PreferenceSample, answer: ExtractedCriteria, model: str, version: int
) -> list[PreferenceSample]:
    """The vote as training samples: the winner preferred under its criteria, each side's criteria and
    topic beside (``direction`` reads either side); a tie as two samples, each side under its own, each
    with its own idx (``<idx>/model_a``, ``<idx>/model_b``)."""
    sides = {"model_a": answer.a_criteria, "model_b": answer.b_criteria}
    tie = sample.preference == "tie"
    winners = ["model_a", "model_b"] if tie else [sample.preference]
    return [
        PreferenceSample(
            prompt=sample.prompt,
            model_a=sample.model_a,
            model_b=sample.model_b,
            criteria=list(sides[winner]),
            preference=winner,
            idx=f"{sample.idx}/{winner}" if tie and sample.idx is not None else sample.idx,
            human_winner=sample.preference,
            a_criteria=list(answer.a_criteria),
            b_criteria=list(answer.b_criteria),
            a_broad_criteria_topic=answer.a_topic,
            b_broad_criteria_topic=answer.b_topic,
            source=sample.source or "votes",
            extra={**sample.extra, "criteria_by": model, "criteria_prompt": version},
        )
        for winner in winners
    ]


def distinct_idx(samples: list[PreferenceSample]) -> list[PreferenceSample]:
    """``samples`` with no idx repeated, which a sample file refuses: votes may share one (an arena export's
    ``question_id`` names the question, not the vote). The first keeps it, a later one becomes ``<idx>/<n>``
    (the lowest ``n`` no sample has): read from the votes, not from what was answered, the same vote gets
    the same idx in every run."""
    taken = {idx_key(s.idx) for s in samples if s.idx is not None}  # every idx there, and every one made
    given: set[str] = set()
    out = []
    for sample in samples:
        if sample.idx is not None:
            if idx_key(sample.idx) in given:
                n = 2
                while idx_key(f"{sample.idx}/{n}") in taken:
                    n += 1
                sample = dc_replace(sample, idx=f"{sample.idx}/{n}")
                taken.add(idx_key(sample.idx))
            given.add(idx_key(sample.idx))
        out.append(sample)
    return out
