"""The scoring server (crm-serve): every endpoint's happy path with scores equal to the loaded CRM's,
the OpenRLHF protocol, every refusal (malformed JSON, missing fields, too many responses, oversized
text and body, wrong token, criteria too long, a full queue), the dynamic batcher, and a bounded load
test on loopback."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
from fastapi.testclient import TestClient

from crm.inference import load_crm
from crm.serve.batcher import DynamicBatcher, QueueFull
from crm.serve.openrlhf import split_rollout
from crm.serve.scoring_api import ServeLimits, create_serve_app

CRITERIA = ["Prefer concise answers."]
PROMPT = "What is 2 + 2?"
RESPONSES = ["4", "The answer is four.", "Two plus two equals four, as counting on your fingers shows."]
CHATML_PROMPT = (
    f"<|im_start|>system\nYou are a policy.<|im_end|>\n<|im_start|>user\n{PROMPT}<|im_end|>\n<|im_start|>assistant\n"
)
TOKEN = "s3cret-token"


@pytest.fixture(scope="module")
def crm_dirs(tiny_crm_template):
    return {head: tiny_crm_template(head) for head in ("bt", "cls")}


@pytest.fixture(scope="module")
def crms(crm_dirs):
    return {head: load_crm(path, "cpu", "fp32") for head, path in crm_dirs.items()}


def client(crm, **kwargs) -> TestClient:
    return TestClient(create_serve_app(crm, **kwargs), base_url="http://127.0.0.1")


def user(text: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": text}]


# ---- happy paths: the CRM's own scores -------------------------------------------------------
def test_score_bt_equals_load_crm(crms):
    crm = crms["bt"]
    with client(crm, default_criteria=CRITERIA) as c:
        body = c.post("/v1/score", json={"prompt": PROMPT, "responses": RESPONSES}).json()
        messages = c.post(
            "/v1/score", json={"criteria": CRITERIA, "messages": user(PROMPT), "responses": RESPONSES}
        ).json()
    expected = crm.answer_rewards([(CRITERIA, user(PROMPT), r) for r in RESPONSES]).tolist()
    assert body["head"] == "bt" and body["criteria"] == CRITERIA and body["pairwise"] is None
    assert body["scores"] == pytest.approx(expected, abs=1e-5)
    assert messages["scores"] == pytest.approx(expected, abs=1e-5)


def test_score_cls_is_a_round_robin_of_both_orders(crms):
    from crm.data.schema import PreferenceSample, conversation

    crm = crms["cls"]
    with client(crm) as c:
        body = c.post("/v1/score", json={"criteria": CRITERIA, "prompt": PROMPT, "responses": RESPONSES}).json()
    pairwise = np.array(body["pairwise"])
    n = len(RESPONSES)

    def p_first(a: str, b: str) -> float:
        sample = PreferenceSample(PROMPT, conversation(PROMPT, a), conversation(PROMPT, b), CRITERIA, "model_a")
        return float(crm.prob_a([sample])[0])

    for i in range(n):
        for j in range(n):
            if i != j:
                expected = (p_first(RESPONSES[i], RESPONSES[j]) + 1 - p_first(RESPONSES[j], RESPONSES[i])) / 2
                assert pairwise[i, j] == pytest.approx(expected, abs=1e-5)
    np.testing.assert_allclose(pairwise + pairwise.T, np.ones((n, n)), atol=1e-9)
    assert body["scores"] == pytest.approx([(pairwise[i].sum() - 0.5) / (n - 1) for i in range(n)])


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_compare(crms, head):
    crm = crms[head]
    with client(crm, default_criteria=CRITERIA) as c:
        p_ab = c.post("/v1/compare", json={"prompt": PROMPT, "response_a": RESPONSES[0], "response_b": RESPONSES[1]})
        p_ba = c.post("/v1/compare", json={"prompt": PROMPT, "response_a": RESPONSES[1], "response_b": RESPONSES[0]})
    assert p_ab.status_code == 200 and p_ab.json()["head"] == head
    assert p_ab.json()["p_a"] + p_ba.json()["p_a"] == pytest.approx(1.0, abs=1e-5)  # the order cannot decide
    if head == "bt":
        r = crm.answer_rewards([(CRITERIA, user(PROMPT), x) for x in RESPONSES[:2]]).double().numpy()
        assert p_ab.json()["p_a"] == pytest.approx(1 / (1 + np.exp(r[1] - r[0])), abs=1e-5)


def test_openrlhf_get_reward(crms):
    crm = crms["bt"]
    queries = [CHATML_PROMPT + r + "<|im_end|>" + "<|endoftext|>" * i for i, r in enumerate(RESPONSES)]
    expected = crm.answer_rewards([(CRITERIA, user(PROMPT), r) for r in RESPONSES]).tolist()
    with client(crm, default_criteria=CRITERIA, criteria_from_labels=True) as c:
        with_prompts = c.post("/get_reward", json={"query": queries, "prompts": [CHATML_PROMPT] * 3}).json()
        parsed = c.post("/get_reward", json={"query": queries}).json()  # older OpenRLHF: query only
        labelled = c.post(
            "/get_reward", json={"query": queries[:2], "labels": ["Prefer formal answers.\nNo emoji.", "Be brief."]}
        ).json()
        per_query = c.post("/get_reward", json={"query": queries[:2], "criteria": [["Be brief."], CRITERIA]}).json()
    assert with_prompts["rewards"] == pytest.approx(expected, abs=1e-5)
    assert parsed["rewards"] == pytest.approx(expected, abs=1e-5)
    by_label = crm.answer_rewards(
        [
            (["Prefer formal answers.", "No emoji."], user(PROMPT), RESPONSES[0]),
            (["Be brief."], user(PROMPT), RESPONSES[1]),
        ]
    )
    assert labelled["rewards"] == pytest.approx(by_label.tolist(), abs=1e-5)
    assert per_query["rewards"][1] == pytest.approx(expected[1], abs=1e-5)


def test_openrlhf_cls_judges_rollouts_of_one_prompt_together(crms):
    queries = [CHATML_PROMPT + r + "<|im_end|>" for r in RESPONSES]
    with client(crms["cls"], default_criteria=CRITERIA) as c:
        rewards = c.post("/get_reward", json={"query": queries}).json()["rewards"]
        scores = c.post("/v1/score", json={"prompt": PROMPT, "responses": RESPONSES}).json()["scores"]
    assert rewards == pytest.approx(scores, abs=1e-6)


def test_split_rollout_formats():
    llama = (
        "<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi?<|eot_id|>"
        "<|start_header_id|>assistant<|end_header_id|>\n\nHello!<|eot_id|>"
    )
    assert split_rollout(llama) == (user("Hi?"), "Hello!")
    padded = "<|endoftext|>" * 3 + CHATML_PROMPT + "4<|im_end|><|endoftext|>"
    assert split_rollout(padded, prompt=CHATML_PROMPT) == (user(PROMPT), "4")  # left and right padding
    assert split_rollout("Q: Hi?\nA: Hello!</s>", prompt="Q: Hi?\nA:") == (user("Q: Hi?\nA:"), "Hello!")
    with pytest.raises(ValueError, match="send `prompts`"):
        split_rollout("no template here")


def test_health(crms):
    with client(crms["bt"], token=TOKEN) as c:
        body = c.get("/health").json()  # no token needed
    assert body["status"] == "ok" and body["head"] == "bt" and body["queued"] == 0


# ---- refusals --------------------------------------------------------------------------------
def test_refusals_say_what_is_wrong(crms):
    limits = ServeLimits(max_responses=3, max_chars=100, max_body_bytes=4096)
    with client(crms["bt"], limits=limits) as c:

        def post(json=None, **kwargs):
            return c.post("/v1/score", json=json, **kwargs)

        malformed = post(content=b'{"prompt": "x", ', headers={"content-type": "application/json"})
        assert malformed.status_code == 400 and "malformed JSON" in malformed.json()["detail"]
        missing = post({"criteria": CRITERIA, "prompt": PROMPT})
        assert missing.status_code == 422 and "responses: Field required" in missing.json()["detail"]
        wrong_type = post({"criteria": CRITERIA, "prompt": PROMPT, "responses": "one"})
        assert wrong_type.status_code == 422 and "responses" in wrong_type.json()["detail"]
        unknown = post({"criteria": CRITERIA, "prompt": PROMPT, "responses": ["a"], "temperature": 1})
        assert unknown.status_code == 422 and "temperature" in unknown.json()["detail"]
        no_criteria = post({"prompt": PROMPT, "responses": ["a"]})
        assert no_criteria.status_code == 422 and "no criteria" in no_criteria.json()["detail"]
        both = post({"criteria": CRITERIA, "prompt": PROMPT, "messages": user(PROMPT), "responses": ["a"]})
        assert both.status_code == 422 and "exactly one of" in both.json()["detail"]
        ends_with_answer = post(
            {"criteria": CRITERIA, "messages": [{"role": "assistant", "content": "x"}], "responses": ["a"]}
        )
        assert ends_with_answer.status_code == 422 and "end with the user's turn" in ends_with_answer.json()["detail"]
        too_many = post({"criteria": CRITERIA, "prompt": PROMPT, "responses": ["a"] * 4})
        assert too_many.status_code == 413 and "the limit is 3" in too_many.json()["detail"]
        oversized = post({"criteria": CRITERIA, "prompt": PROMPT, "responses": ["a", "x" * 101]})
        assert oversized.status_code == 413 and "response 1 has 101 characters" in oversized.json()["detail"]
        body = post(content=b"{" + b" " * 5000 + b"}", headers={"content-type": "application/json"})
        assert body.status_code == 413 and "over the limit of 4096 bytes" in body.json()["detail"]
        rollouts = c.post("/get_reward", json={"query": ["q1", "q2"], "prompts": ["q1"], "criteria": CRITERIA})
        assert rollouts.status_code == 422 and "`prompts` has 1 items for 2 queries" in rollouts.json()["detail"]
        untemplated = c.post("/get_reward", json={"query": ["plain text"], "criteria": CRITERIA})
        assert untemplated.status_code == 422 and "query 0" in untemplated.json()["detail"]
    with client(crms["bt"]) as c:  # criteria over what the CRM reads: refused before scoring
        long = ["Prefer answers that " + "really " * 3000 + "matter."]
        refused = c.post("/v1/score", json={"criteria": long, "prompt": PROMPT, "responses": ["a"]})
        assert refused.status_code == 413 or (refused.status_code == 422 and "criteria" in refused.json()["detail"])
        limit = crms["bt"].criteria_limits()["tokens"]
        just_over = ["Prefer " + "short " * limit + "answers."]
        refused = c.post("/v1/score", json={"criteria": just_over, "prompt": PROMPT, "responses": ["a"]})
        assert refused.status_code == 422 and "tokens" in refused.json()["detail"]


def test_bearer_token(crms):
    request = {"criteria": CRITERIA, "prompt": PROMPT, "responses": ["a"]}
    with client(crms["bt"], token=TOKEN) as c:
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {TOKEN}"}):
            refused = c.post("/v1/score", json=request, headers=headers)
            assert refused.status_code == 401 and refused.headers["www-authenticate"] == "Bearer"
        assert c.post("/get_reward", json={"query": ["x"]}).status_code == 401
        ok = c.post("/v1/score", json=request, headers={"Authorization": f"Bearer {TOKEN}"})
        assert ok.status_code == 200


def test_full_queue_answers_503(crms):
    crm = crms["bt"]
    release, entered = threading.Event(), threading.Event()
    forward = crm.forward

    def blocked(**batch):
        entered.set()
        release.wait(30)
        return forward(**batch)

    app = create_serve_app(crm, CRITERIA, ServeLimits(max_queued=1, max_wait_ms=0))
    request = {"prompt": PROMPT, "responses": ["a"]}
    crm.forward = blocked
    try:
        with TestClient(app, base_url="http://127.0.0.1") as c:
            from crm.scoring.response_sets import ResponseSet

            busy = app.state.batcher.submit([ResponseSet.build(CRITERIA, PROMPT, ["x"])])  # the worker blocks on it
            assert entered.wait(10)
            waiting = app.state.batcher.submit([ResponseSet.build(CRITERIA, PROMPT, ["y"])])  # fills the queue
            refused = c.post("/v1/score", json=request)
            assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
            assert "server busy" in refused.json()["detail"]
            release.set()
            busy.result(10), waiting.result(10)
            assert c.post("/v1/score", json=request).status_code == 200  # and it recovers
    finally:
        crm.forward = forward
        release.set()


# ---- the batcher -----------------------------------------------------------------------------
def test_batcher_merges_concurrent_requests_and_isolates_a_failure():
    calls = []

    def score(items):
        calls.append(list(items))
        if "bad" in items:
            raise ValueError("bad item")
        time.sleep(0.01)
        return [f"scored {x}" for x in items]

    batcher = DynamicBatcher(score, max_wait_ms=50, max_batch_responses=100)
    requests = [[f"r{i}a", f"r{i}b"] for i in range(8)] + [["bad"]]
    futures = [batcher.submit(r) for r in requests]
    results = [f.exception(10) or f.result() for f in futures]
    batcher.close()
    assert results[:8] == [[f"scored r{i}a", f"scored r{i}b"] for i in range(8)]
    assert isinstance(results[8], ValueError)
    assert len(calls[0]) == 17  # all nine requests arrived within the wait: one merged call (it failed) ...
    assert batcher.stats.requests == 8 and batcher.stats.batches == 8  # ... then each alone


def test_batcher_off_and_queue_bound():
    gate = threading.Event()
    batcher = DynamicBatcher(lambda items: gate.wait(10) and items, max_wait_ms=0, max_queued=2)
    first = batcher.submit(["a"])
    time.sleep(0.1)  # the worker took it and waits on the gate
    batcher.submit(["b"]), batcher.submit(["c"])
    with pytest.raises(QueueFull, match="2 requests are already waiting"):
        batcher.submit(["d"])
    gate.set()
    assert first.result(10) == ["a"]
    batcher.close()
    assert batcher.stats.batches == 3 and batcher.stats.refused == 1  # batching off: one request per pass


# ---- load test -------------------------------------------------------------------------------
@pytest.mark.slow
def test_load_test_on_loopback(crm_dirs, tmp_path, monkeypatch, capsys):
    """benchmarks/serving.py against real crm-serve processes (batching off, then on): bounded, every
    request answered without error (it raises otherwise), and batched passes merge requests."""
    import re

    from benchmarks.serving import main

    monkeypatch.setenv("CRM_RAW_DIR", str(tmp_path))  # no corpus here: generated answers
    argv = ["--ckpt", str(crm_dirs["bt"]), "--clients", "8", "--requests", "96", "--responses", "2"]
    assert main([*argv, "--precision", "fp32"]) == 0
    out = capsys.readouterr().out
    assert "crm-serve load test on" in out and "p99 latency ms" in out
    merged = re.search(r"dynamic batching \(5 ms\), 8 clients, ([\d.]+) requests/pass", out)
    assert "batching off, 8 clients, 1.0 requests/pass" in out and float(merged.group(1)) > 1.5


ENDPOINTS = {  # a valid body for each POST endpoint, and the field that carries long text
    "/v1/score": ({"criteria": CRITERIA, "prompt": PROMPT, "responses": ["a"]}, "responses"),
    "/v1/compare": ({"criteria": CRITERIA, "prompt": PROMPT, "response_a": "a", "response_b": "b"}, "response_b"),
    "/get_reward": ({"criteria": CRITERIA, "query": [CHATML_PROMPT + "a<|im_end|>"]}, "query"),
}


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
def test_every_endpoint_refuses_bad_requests(crms, endpoint):
    body, text_field = ENDPOINTS[endpoint]
    limits = ServeLimits(max_responses=2, max_rollouts=2, max_chars=200)
    auth = {"Authorization": f"Bearer {TOKEN}"}
    with client(crms["bt"], limits=limits, token=TOKEN) as c:
        assert c.post(endpoint, json=body, headers=auth).status_code == 200
        assert c.post(endpoint, json=body).status_code == 401
        assert c.post(endpoint, json=body, headers={"Authorization": "Bearer nope"}).status_code == 401
        no_token = c.post(endpoint, content=b"{not json", headers={"content-type": "application/json"})
        assert no_token.status_code == 401  # the token is checked before the body is read
        malformed = c.post(endpoint, content=b"{not json", headers={**auth, "content-type": "application/json"})
        assert malformed.status_code == 400 and "malformed JSON" in malformed.json()["detail"]
        missing = c.post(endpoint, json={k: v for k, v in body.items() if k != text_field}, headers=auth)
        assert missing.status_code == 422 and text_field in missing.json()["detail"]
        long = "x" * 201 if text_field != "query" else CHATML_PROMPT + "x" * 201
        oversized = {**body, text_field: [long] if isinstance(body[text_field], list) else long}
        refused = c.post(endpoint, json=oversized, headers=auth)
        assert refused.status_code == 413 and "the limit is 200" in refused.json()["detail"]
        if endpoint != "/v1/compare":  # compare takes exactly two responses by its fields
            many = {**body, text_field: body[text_field] * 3}
            refused = c.post(endpoint, json=many, headers=auth)
            assert refused.status_code == 413 and "the limit is 2" in refused.json()["detail"]
