"""Schemathesis against both servers as a user runs them (a real uvicorn on loopback, a real tiny
CRM): requests generated from each server's own OpenAPI schema, valid and invalid, must get an answer
the schema documents, never a server error, and never a stack trace in the body.
"""

from __future__ import annotations

import pytest

from tests.conftest import CORPUS_MODELS, uvicorn_on_loopback, write_corpus

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402

CRITERIA_CHARS = 40  # criteria this short fit any CRM's reading length (the tiny CRM reads 221 tokens)
EXAMPLES = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def serve_schema(tiny_crm_template):
    from crm.inference import load_crm
    from crm.serve.scoring_api import ServeLimits, create_serve_app

    app = create_serve_app(load_crm(tiny_crm_template("bt"), "cpu", "fp32"), ["Be brief."], ServeLimits(max_wait_ms=0))
    with uvicorn_on_loopback(app) as port:
        yield schemathesis.openapi.from_url(f"http://127.0.0.1:{port}/openapi.json")


@pytest.fixture(scope="module")
def app_schema(tiny_crm_template, tmp_path_factory):
    from crm.app.web_api import AppLimits, create_app
    from crm.data.corpus import load_corpus

    root = tmp_path_factory.mktemp("schemathesis_app")
    corpus = load_corpus(write_corpus(root / "corpus", n=4), "tiny", "base")
    # a queue no burst fills and a body limit no generated body meets: here each request is judged by its schema
    limits = AppLimits(max_queued=10_000, max_body_bytes=16 * 1024 * 1024)  # its 413: test_app.py too
    app = create_app({"tiny": str(tiny_crm_template("bt"))}, {"tiny": corpus}, root / "cache.sqlite", limits)
    try:
        with uvicorn_on_loopback(app) as port:
            yield schemathesis.openapi.from_url(f"http://127.0.0.1:{port}/openapi.json")
    finally:
        app.state.pool.shutdown(wait=True, cancel_futures=True)


def within_the_rules_in_words(case) -> None:
    """A schema-valid request made to keep the rules each server states in words, because JSON Schema
    cannot: criteria fit what the CRM reads (in tokens) and are not blank; a board's baseline and
    topics are the corpus's (``/api/options`` lists them); messages end with the user's turn;
    OpenRLHF's lists are one item per query, and a query without a chat template comes with its
    prompt. The servers refuse a request that breaks one (a 4xx; tests/test_serve.py, test_app.py)."""
    body = case.body
    if not isinstance(body, dict):
        return
    for name in ("criteria", "versus"):
        if isinstance(body.get(name), str):
            body[name] = body[name][:CRITERIA_CHARS]
        elif isinstance(body.get(name), list) and body[name]:
            first = body[name][0]  # one criterion, or for OpenRLHF one query's list
            body[name] = [first[:CRITERIA_CHARS]] if isinstance(first, str) else [c[:1] for c in body[name]]
    if "corpus" in body:
        body["criteria"] = body["criteria"] if body["criteria"].strip() else "Be brief."
        body["topics"] = [t for t in body.get("topics", []) if t in ("writing", "math")]
        if body.get("baseline") not in (None, *CORPUS_MODELS):
            del body["baseline"]
    turns = [m["role"] for m in body.get("messages") or [] if m["role"] != "system"]
    if body.get("messages") and turns[-1:] != ["user"]:
        body["messages"] = [*body["messages"], {"role": "user", "content": "And?"}]
    if "query" in body:
        n = len(body["query"])
        body["prompts"] = [""] * n  # each whole query is the response to an empty prompt
        if body.get("labels") is not None and len(body["labels"]) != n:
            del body["labels"]
        per_query = body.get("criteria") and isinstance(body["criteria"][0], list)
        if per_query and len(body["criteria"]) != n:
            del body["criteria"]


def requests_answered_as_documented(operation, valid: bool) -> None:
    """Schemathesis's checks (no 5xx, documented status codes, content types and bodies, valid requests
    accepted, invalid ones refused) and no stack trace, on requests generated for ``operation``."""
    from schemathesis import GenerationMode

    @EXAMPLES
    @given(operation.as_strategy(generation_mode=GenerationMode.POSITIVE if valid else GenerationMode.NEGATIVE))
    def answered(case):
        if valid:
            within_the_rules_in_words(case)
        response = case.call_and_validate()
        assert "Traceback" not in response.text

    answered()


def fuzz(schema) -> int:
    """Every operation of ``schema``, with valid and with invalid requests; returns the operations tried."""
    operations = [result.ok() for result in schema.get_all_operations()]
    for operation in operations:
        requests_answered_as_documented(operation, valid=True)
        if list(operation.iter_parameters()) or operation.get_request_payload_content_types():
            try:
                requests_answered_as_documented(operation, valid=False)
            except Unsatisfiable:  # only a free string in the path: no request is invalid
                assert [p.location for p in operation.iter_parameters()] == ["path"]
    return len(operations)


def test_the_scoring_server_answers_every_request_as_its_schema_says(serve_schema):
    assert fuzz(serve_schema) == 4  # /health, /v1/score, /v1/compare, /get_reward


def test_the_leaderboard_page_answers_every_request_as_its_schema_says(app_schema):
    assert fuzz(app_schema) == 5  # options, boards, a job, its cancel and drill-down
