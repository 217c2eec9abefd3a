"""Criteria extraction (crm/data/extraction) against a real OpenAI-compatible HTTP server on loopback
whose replies a test scripts: the JSON schema and bounded re-asking, rejected restatements, the cache
key, resume without asking again, ties, HTTP retries, a stopped endpoint, and the key never written.
The end-to-end run with a real model behind `transformers serve` is tests/test_extraction_server.py."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import free_port, has_module, require, uvicorn_on_loopback

require(has_module("openai"), "the openai client (pip install -e '.[extract]')")

from fastapi import FastAPI, Request  # noqa: E402
from fastapi.responses import JSONResponse, PlainTextResponse  # noqa: E402

from crm.data.__main__ import main as data_main  # noqa: E402
from crm.data.extraction.cache import AnswerCache, answer_key  # noqa: E402
from crm.data.extraction.prompt import MalformedAnswer, load_prompt, response_format  # noqa: E402
from crm.data.extraction.run import Endpoint, EndpointStopped, Extractor  # noqa: E402
from crm.data.extraction.votes import read_votes  # noqa: E402
from crm.data.schema import PreferenceSample, read_samples  # noqa: E402
from crm.errors import UserError  # noqa: E402

GOOD = {
    "a_criteria": ["Prefer answers that give a worked example.", "Prefer a friendly tone."],
    "a_topic": "examples",
    "b_criteria": ["Prefer short answers."],
    "b_topic": "conciseness",
}
SECRET = "sk-test-0123456789-secret"


@dataclass
class Whole:
    """A scripted reply given as the whole HTTP body (a dict: as JSON; a str: as plain text), status 200."""

    body: object


class ScriptedLLM:
    """The replies an endpoint gives, in order (a dict: its JSON as the message; a str: the message
    as is; an int: that HTTP status; a float: GOOD after that many seconds; a Whole: that body); once the
    script runs out, GOOD. ``by_question`` holds a script per vote (by its question's text), read before
    ``script``. Records each request."""

    def __init__(self):
        self.script: list = []
        self.by_question: dict[str, list] = {}
        self.requests: list[dict] = []
        self.authorizations: list[str] = []
        self.app = FastAPI()

        @self.app.post("/v1/chat/completions")
        async def complete(request: Request):
            body = await request.json()
            self.requests.append(body)
            self.authorizations.append(request.headers.get("authorization", ""))
            reply = self.next_reply(body["messages"][-1]["content"])
            if isinstance(reply, float):  # that many seconds before the reply
                await asyncio.sleep(reply)
                reply = GOOD
            if isinstance(reply, int):  # asked again by the client at once, not after its backoff
                return JSONResponse(
                    {"error": {"message": "scripted failure"}}, status_code=reply, headers={"retry-after-ms": "1"}
                )
            if isinstance(reply, Whole):
                return JSONResponse(reply.body) if isinstance(reply.body, dict) else PlainTextResponse(reply.body)
            content = json.dumps(reply) if isinstance(reply, dict) else reply
            message = {"role": "assistant", "content": content}
            return {
                "id": "x",
                "object": "chat.completion",
                "created": 0,
                "model": body["model"],
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            }

    def next_reply(self, asked: str):
        for question, script in self.by_question.items():
            if question in asked and script:
                return script.pop(0)
        return self.script.pop(0) if self.script else GOOD


@pytest.fixture
def llm():
    scripted = ScriptedLLM()
    with uvicorn_on_loopback(scripted.app) as port:
        scripted.url = f"http://127.0.0.1:{port}/v1"
        yield scripted


def vote_line(i: int, winner: str = "model_a") -> dict:
    return {
        "idx": i,
        "prompt": f"Question {i}?",
        "model_a": [
            {"role": "user", "content": f"Question {i}?"},
            {"role": "assistant", "content": f"Long answer {i}."},
        ],
        "model_b": [{"role": "user", "content": f"Question {i}?"}, {"role": "assistant", "content": f"Short {i}."}],
        "preference": winner,
        "source": "pandalm",
    }


def write_votes(path: Path, winners: list[str]) -> Path:
    path.write_text("".join(json.dumps(vote_line(i, w)) + "\n" for i, w in enumerate(winners)))
    return path


def extractor(llm, tmp_path, attempts: int = 3, **endpoint) -> Extractor:
    options = {"max_retries": 0, "timeout": 10.0, **endpoint}
    return Extractor(Endpoint(llm.url, "scripted", **options), AnswerCache(tmp_path / "cache"), attempts=attempts)


def test_votes_become_samples_with_each_sides_criteria(llm, tmp_path):
    votes = read_votes(write_votes(tmp_path / "votes.jsonl", ["model_a", "model_b"])).votes
    samples = extractor(llm, tmp_path).extract(votes, progress=False)
    assert [s.preference for s in samples] == ["model_a", "model_b"]
    assert samples[0].criteria == GOOD["a_criteria"] and samples[1].criteria == GOOD["b_criteria"]
    assert samples[0].a_broad_criteria_topic == "examples" and samples[0].b_broad_criteria_topic == "conciseness"
    assert samples[0].source == "pandalm" and samples[0].extra["criteria_by"] == "scripted"
    asked = sorted(request["messages"][-1]["content"] for request in llm.requests)  # in any order
    assert "Question 0?" in asked[0] and "Long answer 0." in asked[0] and "preferred: answer A" in asked[0]
    assert "preferred: answer B" in asked[1]
    assert "response_format" not in llm.requests[0]  # the prompt alone asks for JSON by default


@pytest.mark.parametrize(
    "reply, why",
    [
        ("I think A is better.", "no JSON object"),
        ('{"a_criteria": ["x"], "a_topic": "t"', "no JSON object"),
        ({"a_criteria": [], "a_topic": "t", "b_criteria": ["y"], "b_topic": "u"}, "not the schema (a_criteria"),
        ({**GOOD, "b_topic": ""}, "not the schema (b_topic"),
        ({**GOOD, "a_criteria": ["Answer A is better."]}, "a_criteria restates the vote"),
        ({**GOOD, "b_criteria": ["Prefer the second response."]}, "b_criteria restates the vote"),
    ],
)
def test_a_malformed_reply_is_refused_with_its_reason(reply, why):
    text = json.dumps(reply) if isinstance(reply, dict) else reply
    with pytest.raises(MalformedAnswer, match=why.replace("(", r"\(")):
        load_prompt().parse(text)


def test_a_reply_in_prose_or_a_code_fence_is_read():
    assert load_prompt().parse("Sure:\n```json\n" + json.dumps(GOOD) + "\n```").b_topic == "conciseness"


def test_malformed_replies_are_asked_again_then_skipped_with_file_and_line(llm, tmp_path):
    path = write_votes(tmp_path / "votes.jsonl", ["model_a", "model_b"])
    llm.script = ["not json", GOOD] + ["still not json"] * 3  # vote 0: right on the 2nd ask; vote 1: never
    run = extractor(llm, tmp_path, attempts=3)
    samples = run.extract(read_votes(path).votes, concurrency=1, progress=False)
    assert len(samples) == 1 and samples[0].idx == 0
    assert run.report.requests == 5 and run.report.answered == 1
    assert run.report.failed == [f"{path}:2: no JSON object in the reply (after 3 attempt(s))"]
    assert run.report.reasons == {"no JSON object in the reply": 4}
    assert llm.requests[1]["temperature"] > llm.requests[0]["temperature"]  # asked again, not the same way


def test_http_failures_are_retried_by_the_client(llm, tmp_path):
    llm.script = [500, 429]
    run = extractor(llm, tmp_path, max_retries=2)
    samples = run.extract(read_votes(write_votes(tmp_path / "v.jsonl", ["model_a"])).votes, progress=False)
    assert len(samples) == 1 and len(llm.requests) == 3
    assert (run.report.asks, run.report.requests, run.report.retries) == (1, 3, 2)


def test_every_request_and_retry_is_counted_as_the_server_saw_it(llm, tmp_path):
    """12 votes, 4 at a time, each: a 500 (the client sends it again), a malformed reply (asked again),
    a 429 (sent again), then the answer: 24 asks, 24 HTTP retries, 48 requests, all counted."""
    path = write_votes(tmp_path / "votes.jsonl", ["model_a", "model_b"] * 6)
    llm.by_question = {f"Question {i}?": [500, "not json", 429, GOOD] for i in range(12)}
    run = extractor(llm, tmp_path, attempts=3, max_retries=2)
    samples = run.extract(read_votes(path).votes, concurrency=4, progress=False)
    assert len(samples) == 12 and len(llm.requests) == 48
    counts = run.report.to_dict()
    assert (counts["asks"], counts["requests"], counts["http_retries"]) == (24, 48, 24)
    assert counts["malformed_replies"] == {"no JSON object in the reply": 12} and counts["skipped"] == []


def test_a_reply_too_slow_skips_its_vote_not_the_run(llm, tmp_path):
    path = write_votes(tmp_path / "votes.jsonl", ["model_a", "model_b"])
    llm.script = [2.0]
    run = extractor(llm, tmp_path, timeout=0.5)
    samples = run.extract(read_votes(path).votes, concurrency=1, progress=False)
    assert [s.idx for s in samples] == [1]
    assert run.report.failed == [f"{path}:1: no reply within 0.5 s (after 1 attempt(s))"]


def test_the_cache_key_is_the_prompt_model_and_content():
    a, b = (sample(vote_line(0)) for _ in range(2))
    moved = sample({**vote_line(0), "idx": 99, "source": "elsewhere"})
    other = sample({**vote_line(0), "preference": "model_b"})
    key = answer_key(1, "m", a)
    assert key == answer_key(1, "m", b) == answer_key(1, "m", moved)  # where the vote sits is no part of it
    assert len({key, answer_key(2, "m", a), answer_key(1, "other-model", a), answer_key(1, "m", other)}) == 4


def sample(record: dict) -> PreferenceSample:
    return PreferenceSample.from_dict({"criteria": ["x"], **record})


def test_a_rerun_asks_nothing_already_answered(llm, tmp_path):
    votes = read_votes(write_votes(tmp_path / "votes.jsonl", ["model_a", "model_b", "model_a"])).votes
    first = extractor(llm, tmp_path).extract(votes[:2], progress=False)  # a run that stopped after two
    again = extractor(llm, tmp_path)
    samples = again.extract(votes, progress=False)
    assert again.report.cached == 2 and again.report.requests == 1 and len(llm.requests) == 3
    assert [s.to_dict() for s in samples[:2]] == [s.to_dict() for s in first]


def test_ties_are_left_out_or_written_both_ways(llm, tmp_path):
    votes = read_votes(write_votes(tmp_path / "votes.jsonl", ["tie", "model_b"])).votes
    skipping = extractor(llm, tmp_path)
    assert [s.idx for s in skipping.extract(votes, ties="skip", progress=False)] == [1]
    assert skipping.report.ties_left_out == 1 and len(llm.requests) == 1  # a tie left out is never asked
    both = extractor(llm, tmp_path).extract(votes, ties="both", progress=False)
    tie = [s for s in both if s.human_winner == "tie"]
    assert [(s.idx, s.preference, s.criteria) for s in tie] == [  # each its own idx, as a sample file needs
        ("0/model_a", "model_a", GOOD["a_criteria"]),
        ("0/model_b", "model_b", GOOD["b_criteria"]),
    ]
    assert "preferred: neither (a tie)" in llm.requests[-1]["messages"][-1]["content"]


def test_an_unreachable_endpoint_stops_the_run(tmp_path):
    port = free_port()  # nothing listens here
    run = Extractor(Endpoint(f"http://127.0.0.1:{port}/v1", "m", max_retries=0), AnswerCache(tmp_path))
    with pytest.raises(EndpointStopped, match="APIConnectionError") as stopped:
        run.extract(read_votes(write_votes(tmp_path / "v.jsonl", ["model_a"])).votes, progress=False)
    assert isinstance(stopped.value, UserError)  # one line for the user, no traceback


CHAT_COMPLETION = {"id": "x", "object": "chat.completion", "created": 0, "model": "scripted"}


@pytest.mark.parametrize(
    "body, why",
    [
        ({"id": "x", "object": "error", "detail": "not here"}, "it has no 'choices' field"),
        ({**CHAT_COMPLETION, "choices": []}, "'choices': List should have at least 1 item"),
        ({**CHAT_COMPLETION, "choices": [{"index": 0}]}, "it has no 'choices.0.message' field"),
        ("<html><body>502 Bad Gateway</body></html>", "the reply is not JSON"),
    ],
)
def test_a_reply_that_is_not_a_chat_completion_stops_the_run_naming_what_is_wrong(llm, tmp_path, body, why):
    """Asking again would get the same: the run stops (a user error), saying what the reply lacks and how it began."""
    llm.script = [Whole(body)]
    run = extractor(llm, tmp_path)
    with pytest.raises(EndpointStopped) as stopped:
        run.extract(read_votes(write_votes(tmp_path / "v.jsonl", ["model_a"])).votes, progress=False)
    message = str(stopped.value)
    text = json.dumps(body, separators=(",", ":")) if isinstance(body, dict) else body
    assert why in message and repr(text[:200]) in message and "\n" not in message
    assert len(llm.requests) == 1  # not asked again


def test_a_reply_is_shown_by_its_first_200_characters(llm, tmp_path):
    llm.script = [Whole("x" * 150 + "y" * 150)]
    run = extractor(llm, tmp_path)
    with pytest.raises(EndpointStopped) as stopped:
        run.extract(read_votes(write_votes(tmp_path / "v.jsonl", ["model_a"])).votes, progress=False)
    assert repr("x" * 150 + "y" * 50) in str(stopped.value) and "y" * 51 not in str(stopped.value)


def test_a_null_message_is_a_malformed_answer_asked_again(llm, tmp_path):
    """A chat completion whose message is null (a refusal): that vote's answer, not the endpoint, is wrong."""
    message = {"role": "assistant", "content": None}
    llm.script = [Whole({**CHAT_COMPLETION, "choices": [{"index": 0, "message": message}]})]
    run = extractor(llm, tmp_path)
    samples = run.extract(read_votes(write_votes(tmp_path / "v.jsonl", ["model_a"])).votes, progress=False)
    assert len(samples) == 1 and run.report.asks == 2 and run.report.reasons == {"no JSON object in the reply": 1}


def extract_args(llm, votes: Path, out: Path, cache: Path) -> list[str]:
    return [
        "extract-criteria",
        str(votes),
        "--out",
        str(out),
        "--base-url",
        llm.url,
        "--model",
        "scripted",
        "--cache",
        str(cache),
        "--max-retries",
        "0",
    ]


def test_the_command_ends_a_wrong_reply_with_one_line(llm, tmp_path, capsys):
    llm.script = [Whole({"detail": "Not Found"})]
    path = write_votes(tmp_path / "votes.jsonl", ["model_a"])
    assert data_main(extract_args(llm, path, tmp_path / "out.jsonl", tmp_path / "cache")) == 1
    err = capsys.readouterr().err
    [line] = [x for x in err.splitlines() if "error" in x]
    assert "no 'choices' field" in line and '{"detail":"Not Found"}' in line and "rerun to go on" in line
    assert "Traceback" not in err and not (tmp_path / "out.jsonl").exists()


@pytest.mark.parametrize("what", ["a hard link to the votes", "the answer cache"])
def test_the_command_refuses_an_output_that_is_what_it_reads(llm, tmp_path, capsys, what):
    path = write_votes(tmp_path / "votes.jsonl", ["model_a"])
    cache = tmp_path / "cache"
    cache.mkdir()
    out = tmp_path / "out.jsonl"
    if what == "the answer cache":
        out = cache
    else:
        os.link(path, out)
    before = path.read_text()
    assert data_main(extract_args(llm, path, out, cache)) == 1
    err = capsys.readouterr().err
    assert "--out" in err and "would destroy" in err and "Traceback" not in err
    assert path.read_text() == before and llm.requests == []  # refused before anything was asked


def test_the_command_refuses_a_report_that_would_overwrite_a_votes_file(llm, tmp_path, capsys):
    votes = write_votes(tmp_path / "out.report.json", ["model_a"])  # the report's name beside --out out.jsonl
    before = votes.read_text()
    assert data_main(extract_args(llm, votes, tmp_path / "out.jsonl", tmp_path / "cache")) == 1
    assert "the report beside --out" in capsys.readouterr().err
    assert votes.read_text() == before and not (tmp_path / "out.jsonl").exists()


def test_a_write_that_fails_leaves_the_earlier_output_whole(llm, tmp_path, monkeypatch):
    path = write_votes(tmp_path / "votes.jsonl", ["model_a", "model_b"])
    out = tmp_path / "out.jsonl"
    out.write_text("the earlier output\n")
    written = []

    def failing(sample):
        if written:
            raise OSError("disk full")
        written.append(sample)
        return {"idx": sample.idx}

    monkeypatch.setattr(PreferenceSample, "to_dict", failing)
    with pytest.raises(OSError, match="disk full"):
        data_main(extract_args(llm, path, out, tmp_path / "cache"))
    assert out.read_text() == "the earlier output\n"
    assert [p.name for p in tmp_path.iterdir() if "partial" in p.name] == []  # nothing half written left


def test_votes_that_share_an_idx_are_written_each_with_its_own(llm, tmp_path):
    """An arena export's question_id names the question, not the vote; the file written must still validate."""
    lines = [vote_line(i) for i in range(3)]
    lines[1]["idx"] = lines[2]["idx"] = 7
    path = tmp_path / "votes.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out.jsonl"
    assert data_main(extract_args(llm, path, out, tmp_path / "cache")) == 0
    samples, report = read_samples(out)  # a strict read: no idx repeated
    assert [s.idx for s in samples] == [0, 7, "7/2"] and report.skipped == 0


def test_arena_exports_are_read_and_bad_lines_named(tmp_path):
    arena = {
        "question_id": "q1",
        "model_a": "gpt-4",
        "model_b": "vicuna-13b",
        "winner": "tie (bothbad)",
        "conversation_a": [{"role": "user", "content": "Hi?"}, {"role": "assistant", "content": "Hello."}],
        "conversation_b": [{"role": "user", "content": "Hi?"}, {"role": "assistant", "content": "Hey."}],
    }
    path = tmp_path / "arena.jsonl"
    path.write_text(json.dumps(arena) + "\n{oops\n" + json.dumps({**arena, "winner": "draw"}) + "\n")
    read = read_votes(path)
    assert [(v.sample.preference, v.sample.prompt, v.origin) for v in read.votes] == [("tie", "Hi?", f"{path}:1")]
    assert read.votes[0].sample.extra["models"] == {"model_a": "gpt-4", "model_b": "vicuna-13b"}
    assert read.skipped[0].startswith(f"{path}:2: malformed JSON")
    assert read.skipped[1].startswith(f"{path}:3: unknown winner 'draw'")


def test_the_command_writes_a_valid_file_and_never_the_key(llm, tmp_path, monkeypatch, capsys, caplog):
    monkeypatch.setenv("CRM_TEST_KEY", SECRET)
    caplog.set_level(logging.DEBUG)
    path = write_votes(tmp_path / "votes.jsonl", ["model_a", "tie", "model_b"])
    out = tmp_path / "with_criteria.jsonl"
    args = [str(path), "--out", str(out), "--base-url", llm.url, "--model", "scripted"]
    args += ["--api-key-env", "CRM_TEST_KEY", "--cache", str(tmp_path / "cache"), "--max-retries", "0"]
    assert data_main(["extract-criteria", *args, "--response-format", "json_schema", "--max-tokens", "99"]) == 0
    asked = llm.requests[0]["response_format"]
    assert asked["type"] == "json_schema" and llm.requests[0]["max_tokens"] == 99
    shape = asked["json_schema"]["schema"]
    assert list(shape["properties"]) == ["a_criteria", "a_topic", "b_criteria", "b_topic"]  # the prompt's order
    assert shape["properties"]["a_criteria"]["maxItems"] == 4 and shape["additionalProperties"] is False
    samples, report = read_samples(out)
    assert len(samples) == 2 and report.skipped == 0 and all(s.a_criteria and s.b_criteria for s in samples)
    assert data_main(["validate", str(out)]) == 0
    assert llm.authorizations[0] == f"Bearer {SECRET}"  # the key was sent to the endpoint ...
    printed = capsys.readouterr()
    written = [p.read_text() for p in (tmp_path / "cache").rglob("*") if p.is_file()] + [out.read_text()]
    for text in (printed.out, printed.err, caplog.text, *written):  # ... and nowhere else
        assert SECRET not in text
    assert "ties left out (--ties skip)" in printed.out
    counts = json.loads(out.with_suffix(".report.json").read_text())
    assert counts["ties_left_out"] == 1 and counts["written"] == 2 and counts["requests"] == 2


def test_the_prompts_examples_come_first_and_pass_its_own_check():
    prompt = load_prompt()
    messages = prompt.messages(sample(vote_line(3)))
    assert [m["role"] for m in messages] == ["system"] + ["user", "assistant"] * len(prompt.examples) + ["user"]
    for reply in messages[2:-1:2]:
        prompt.parse(reply["content"])  # an example the check would refuse would teach the wrong shape
    assert "Question 3?" in messages[-1]["content"] and "Question 3?" not in messages[1]["content"]


def test_the_reply_shape_is_asked_for_as_chosen():
    assert response_format("text") == {}
    assert response_format("json_object") == {"response_format": {"type": "json_object"}}
    schema = response_format("json_schema")["response_format"]["json_schema"]["schema"]
    older = response_format("json_object_schema")["response_format"]  # llama-cpp-python's server's shape
    assert older == {"type": "json_object", "schema": schema}
    with pytest.raises(ValueError, match="json_schema"):
        response_format("yaml")


def test_a_shared_idx_is_made_distinct_from_the_votes_not_from_what_was_answered(llm, tmp_path):
    """The first vote of idx 7 skipped (never a usable reply): the second still gets "7/2", as in a run that
    answered both, so a rerun's file names each vote as the first run's did."""
    lines = [{**vote_line(i), "idx": 7} for i in range(2)]
    path = tmp_path / "votes.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    llm.by_question = {"Question 0?": ["not json"] * 3}
    samples = extractor(llm, tmp_path, attempts=3).extract(read_votes(path).votes, progress=False)
    assert [(s.idx, s.prompt) for s in samples] == [("7/2", "Question 1?")]
