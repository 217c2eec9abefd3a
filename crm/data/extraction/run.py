"""Criteria written for pairwise votes by an OpenAI-compatible chat endpoint (the paper's data step).

Each vote (query, two answers, the winner) is sent once with the versioned prompt of prompt.yaml; the
reply must be the JSON it asks for (prompt.py). A malformed reply is asked again a bounded number of
times, then the vote is skipped with its ``file:line`` and reason. Usable answers are cached on disk
(cache.py), so a killed run, rerun, asks only for what it lacks. HTTP failures (429, 5xx, timeouts,
dropped connections) are retried with backoff by the ``openai`` client; an endpoint that stays
unreachable, refuses the key or does not know the model stops the run (what was answered stays
cached). The API key is read from an environment variable and is never logged or written.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections import Counter
from dataclasses import dataclass, field

import openai
from tqdm.auto import tqdm

from crm.data.extraction.cache import AnswerCache, answer_key
from crm.data.extraction.prompt import ExtractedCriteria, MalformedAnswer, Prompt, load_prompt, response_format
from crm.data.extraction.votes import TIES, Vote
from crm.data.schema import PreferenceSample

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

    def client(self) -> openai.AsyncOpenAI:
        key = os.environ.get(self.api_key_env) or "none"
        return openai.AsyncOpenAI(
            base_url=self.base_url, api_key=key, timeout=self.timeout, max_retries=self.max_retries
        )


RETRY_TEMPERATURE = 0.7


@dataclass
class ExtractionReport:
    votes: int = 0
    ties_left_out: int = 0
    cached: int = 0  # answered from the cache, no request
    answered: int = 0  # answered by the endpoint in this run
    requests: int = 0  # chat requests sent (a malformed reply asked again counts again)
    failed: list[str] = field(default_factory=list)  # "file:line: why", the vote skipped
    reasons: Counter = field(default_factory=Counter)  # why replies were malformed, every attempt
    written: int = 0

    def to_dict(self) -> dict:
        return {
            "votes": self.votes,
            "ties_left_out": self.ties_left_out,
            "cached": self.cached,
            "answered": self.answered,
            "requests": self.requests,
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
            ["requests sent", str(self.requests)],
            ["votes skipped (malformed after every attempt)", str(len(self.failed))],
            ["samples written", str(self.written)],
        ]


class EndpointStopped(RuntimeError):
    """The endpoint cannot answer at all (unreachable, key refused, unknown model): the run stops."""


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
            self.report.requests += 1
            try:
                reply = await client.chat.completions.create(
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
                answer = self.prompt.parse(reply.choices[0].message.content or "")
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
        async with self.endpoint.client() as client:

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
    topic beside (``direction`` reads either side); a tie as two samples, each side under its own."""
    sides = {"model_a": answer.a_criteria, "model_b": answer.b_criteria}
    winners = [sample.preference] if sample.preference != "tie" else ["model_a", "model_b"]
    return [
        PreferenceSample(
            prompt=sample.prompt,
            model_a=sample.model_a,
            model_b=sample.model_b,
            criteria=list(sides[winner]),
            preference=winner,
            idx=sample.idx,
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
