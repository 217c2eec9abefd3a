"""The leaderboard web app.

The page in a real headless Chromium (Playwright): topics, criteria and the CRM's limit, board,
drill-down, escaping, no Content-Security-Policy violation, and a screenshot saved as a test artifact
(CRM_TEST_ARTIFACTS, default test-artifacts/). The server's bounds: finished jobs evicted, request
bodies capped (413), a bounded worker pool (503), cancel within one batch, cached requests answered
while a long job runs, security headers, the Host check, criteria refused before any scoring; and a
bounded load test on loopback.

Most tests score with a stand-in for the CRM's forward pass (``scoring``): a fixed reward per answer
text after ``delay[criteria]`` seconds per answer, which makes jobs as long as a test needs.
"""

from __future__ import annotations

import contextlib
import gc
import http.client
import json
import os
import socket
import threading
import time
import tracemalloc
import zlib
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest

from crm.app.web_api import STATIC, AppLimits, create_app
from crm.data.corpus import load_corpus
from crm.scoring.cache import ScoreCache
from crm.usl.engine import LeaderboardEngine, select_queries
from tests.conftest import ROOT, has_module, require, uvicorn_on_loopback, write_corpus

CHROMIUM = os.environ.get("CRM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SCRIPT_ANSWER = "<script>window.__pwned = 1</script><b>bold?</b> 2."
QUERIES = 30  # the module's corpus: 30 queries x 3 models (bt: 90 scores a criteria set)
SECURITY = ("x-content-type-options", "content-security-policy", "x-frame-options", "referrer-policy")


# ---- fixtures and helpers --------------------------------------------------------------------
@pytest.fixture(scope="module")
def crm_dir(tiny_crm_template) -> Path:
    """A random-initialised tiny Qwen3 ``bt`` CRM (the session's, read-only)."""
    return tiny_crm_template("bt")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return load_corpus(write_corpus(tmp_path_factory.mktemp("app_corpus"), n=QUERIES), "tiny", "base")


@pytest.fixture
def scoring(monkeypatch):
    """The CRM's forward pass replaced: a fixed reward per answer, ``delay[criteria]`` seconds per answer."""
    import torch

    from crm.inference import CRM

    state = SimpleNamespace(delay={}, scored=0)

    def answer_rewards(self, items, batch_size=32, progress=False):
        time.sleep(state.delay.get(tuple(items[0][0]), 0.0) * len(items) if items else 0.0)
        state.scored += len(items)
        return torch.tensor([zlib.crc32(answer.encode()) % 1000 / 1000 for _, _, answer in items])

    monkeypatch.setattr(CRM, "answer_rewards", answer_rewards)
    return state


@pytest.fixture
def client_for(crm_dir, corpus, tmp_path):
    """``client_for(**limits)``: a TestClient (Host: localhost) on a fresh app; its jobs are cancelled after."""
    from fastapi.testclient import TestClient

    apps = []
    with contextlib.ExitStack() as stack:

        def make(**limits):
            app = create_app({"tiny": str(crm_dir)}, {"tiny": corpus}, tmp_path / "cache.sqlite", AppLimits(**limits))
            apps.append(app)
            return stack.enter_context(TestClient(app, base_url="http://localhost"))

        yield make
    for app in apps:  # the lifespan cancelled every job: wait for the workers to stop
        app.state.pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def serve(app):
    """A real uvicorn on 127.0.0.1 (a free port) in a thread; the app's worker pool shut down after."""
    try:
        with uvicorn_on_loopback(app) as port:
            yield port
    finally:
        app.state.pool.shutdown(wait=True, cancel_futures=True)


def post(client, criteria="Be brief.", **extra):
    return client.post("/api/boards", json={"corpus": "tiny", "ckpt": "tiny", "criteria": criteria, **extra})


def finished(status: dict) -> bool:
    return status["status"] not in ("queued", "running")


def wait_for(client, job: str, condition=finished, timeout: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        status = client.get(f"/api/jobs/{job}").json()
        if condition(status) or time.monotonic() > deadline:
            return status
        time.sleep(0.02)


def raw_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Read one HTTP/1.1 response (with Content-Length) from ``sock``."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    while len(body) < int(headers.get("content-length", 0)):
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


# ---- the page in a browser --------------------------------------------------------------------
@pytest.fixture
def served(crm_dir, tmp_path):
    root = write_corpus(tmp_path / "corpus")
    answers = root / "model_answer" / "short.jsonl"  # one answer carries markup and a script
    lines = answers.read_text().splitlines()
    lines[2] = lines[2].replace('"2."', json.dumps(SCRIPT_ANSWER))
    answers.write_text("\n".join(lines) + "\n")
    corpus = load_corpus(root, "tiny", "base")
    app = create_app({"tiny-crm": str(crm_dir)}, {"tiny": corpus}, tmp_path / "cache.sqlite")
    with serve(app) as port:
        yield f"http://127.0.0.1:{port}/", corpus, crm_dir, tmp_path / "cache.sqlite"


@pytest.mark.slow
def test_page_builds_the_engines_board_escapes_answers_and_drills_down(served):
    require(
        has_module("playwright") and Path(CHROMIUM).exists(), f"the browser test's Chromium ({CHROMIUM}) or playwright"
    )
    from playwright.sync_api import sync_playwright

    url, corpus, ckpt, cache = served
    limit = LeaderboardEngine(ckpt, cache).criteria_limits()
    artifacts = Path(os.environ.get("CRM_TEST_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        dialogs, console = [], []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.on("console", lambda m: console.append(m.text))
        response = page.goto(url)
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_selector("#topics input")

        page.click("#build")  # empty criteria: a message, no request
        assert "at least one criterion" in page.text_content("#message")

        # the CRM's limit caps the criteria boxes, and the page says it
        assert page.get_attribute("#criteria", "maxlength") == str(limit["characters"])
        assert page.get_attribute("#versus", "maxlength") == str(limit["characters"])
        assert f"{limit['tokens']} tokens" in page.text_content("#criteria-limit")
        set_criteria = "(v => { document.getElementById('criteria').value = v; })"
        page.evaluate(set_criteria, "Prefer short answers. " * (limit["characters"] // 20))  # pasted past maxlength
        page.click("#build")  # refused in the page
        assert f"at most {limit['tokens']} tokens" in page.text_content("#message")
        page.evaluate(set_criteria, "a " * (limit["characters"] // 2 - 10))  # fewer characters, too many tokens
        page.click("#build")  # refused by the server, before any scoring
        page.wait_for_function("() => document.getElementById('message').textContent.includes('tokens')")
        assert f"at most {limit['tokens']} tokens" in page.text_content("#message")

        page.check("#topics input[value=writing]")
        page.fill("#criteria", "Prefer short answers.")
        page.click("#build")
        page.wait_for_selector("tr.board-row")
        shown = page.eval_on_selector_all("tr.board-row td.model", "cells => cells.map(c => c.textContent)")

        engine = LeaderboardEngine(ckpt, cache)
        expected = engine.board(corpus, ["Prefer short answers."], select_queries(corpus, ["writing"]))
        assert expected.scored == 0  # the page's request filled the cache
        assert shown == [r.model for r in expected.rows]

        page.select_option("#dd-model", "short")
        page.select_option("#dd-query", "2")
        page.click("#dd-show")
        page.wait_for_function("() => document.getElementById('dd-answer').textContent.length > 0")
        assert page.text_content("#dd-answer") == SCRIPT_ANSWER  # shown as text
        assert page.eval_on_selector("#dd-answer", "e => e.children.length") == 0  # no element was created
        assert page.evaluate("window.__pwned") is None and not dialogs
        assert float(page.text_content("#dd-p")) == pytest.approx(expected.outcomes["short"]["2"], abs=1e-3)
        assert page.eval_on_selector("#dd-model", "e => getComputedStyle(e).width") != "1280px"  # app.css applied
        page.screenshot(path=str(artifacts / "leaderboard_test.png"), full_page=True)
        assert (artifacts / "leaderboard_test.png").stat().st_size > 10_000

        page.fill("#criteria", "Be brief.")
        page.evaluate("(b => { b.value = 'cooking'; b.checked = true; })(document.querySelector('#topics input'))")
        page.click("#build")  # a request the engine rejects: its message, not a stack trace
        page.wait_for_function("() => document.getElementById('message').textContent.includes('topic')")
        assert "unknown topic" in page.text_content("#message") and "Traceback" not in page.content()
        assert not [m for m in console if "Content Security Policy" in m]  # the page needs nothing the CSP refuses
        browser.close()


# ---- jobs: progress, cancel, cached requests, the pool, the store ----------------------------
def test_a_long_job_reports_progress_and_cancel_stops_it_within_one_batch(scoring, client_for, tmp_path):
    client = client_for()  # 32 scores between two looks at Cancel: 10 queries of 3 answers
    scoring.delay[("Be brief.",)] = 0.03  # 0.9 s a slice, 2.7 s the whole job
    assert client.get("/api/options").json()["corpora"]["tiny"]["topics"] == {"math": 15, "writing": 15}
    job = post(client, "Be brief.").json()["job"]
    running = wait_for(client, job, lambda s: s["done"] > 0 or finished(s))
    assert running["status"] == "running" and 0 < running["done"] < running["total"] == QUERIES
    asked = time.monotonic()
    client.post(f"/api/jobs/{job}/cancel")
    final = wait_for(client, job)
    assert time.monotonic() - asked < 1.5  # at most the slice in flight (0.9 s), not the rest of the job
    assert final["status"] == "cancelled" and "cached" in final["message"]
    assert 0 < ScoreCache(tmp_path / "cache.sqlite").count() < 3 * QUERIES  # what was scored is kept
    bad = post(client, "x", ckpt="nope")  # a request the app rejects: its message, at once
    assert bad.status_code == 400 and "unknown CRM" in bad.json()["detail"]


def test_a_cached_request_is_answered_at_once_while_a_long_job_runs(scoring, client_for):
    client = client_for(chunk=3)
    first = post(client, "Prefer short answers.").json()["job"]
    scored = wait_for(client, first)
    assert scored["status"] == "done"
    scoring.delay[("Be thorough.",)] = 0.05  # 4.5 s of scoring
    slow = post(client, "Be thorough.").json()["job"]
    wait_for(client, slow, lambda s: s["done"] > 0 or finished(s))
    begun = time.monotonic()
    again = post(client, "Prefer short answers.").json()
    status = client.get(f"/api/jobs/{again['job']}").json()
    assert time.monotonic() - begun < 1.0 and status["status"] == "done" and again.get("status") == "done"
    fresh, cached = scored["result"]["criteria"], status["result"]["criteria"]
    assert cached["rows"] == fresh["rows"] and cached["scored"] == 0 < fresh["scored"]
    assert client.get(f"/api/jobs/{slow}").json()["status"] == "running"  # it did not wait for the long job
    client.post(f"/api/jobs/{slow}/cancel")
    assert wait_for(client, slow)["status"] == "cancelled"


def test_the_worker_pool_and_its_queue_are_bounded(scoring, client_for):
    client = client_for(workers=1, max_queued=1, chunk=3)
    for name in ("Slow one.", "Slow two.", "Slow three."):
        scoring.delay[(name,)] = 0.05
    one = post(client, "Slow one.").json()["job"]
    two = post(client, "Slow two.").json()["job"]
    third = post(client, "Slow three.")
    assert third.status_code == 503 and "busy" in third.json()["detail"] and third.headers["retry-after"]
    assert client.get(f"/api/jobs/{two}").json()["status"] == "queued"
    assert len([t for t in threading.enumerate() if t.name.startswith("crm-board")]) == 1  # not a thread a POST
    client.post(f"/api/jobs/{two}/cancel")
    assert client.get(f"/api/jobs/{two}").json()["status"] == "cancelled"  # a queued job never runs
    three = post(client, "Slow three.")
    assert three.status_code == 200  # the cancelled job's place in the queue is free again
    for job in (one, three.json()["job"]):
        client.post(f"/api/jobs/{job}/cancel")
        assert wait_for(client, job)["status"] == "cancelled"


def test_finished_jobs_are_evicted_oldest_first_and_running_ones_kept(scoring, client_for):
    client = client_for(max_finished_jobs=5, job_ttl_s=1.0, chunk=3)
    first = post(client, "Be brief.").json()["job"]
    assert wait_for(client, first)["status"] == "done"  # the cache now holds these scores
    scoring.delay[("Slow.",)] = 0.05
    slow = post(client, "Slow.").json()["job"]
    ids = [post(client, "Be brief.").json()["job"] for _ in range(20)]  # cached: each done at once
    jobs = client.app.state.jobs
    assert len(jobs) <= 5 + 1 and slow in jobs  # five finished ones, and the running one
    assert client.get(f"/api/jobs/{first}").status_code == 404
    assert client.get(f"/api/jobs/{ids[0]}").status_code == 404
    assert client.get(f"/api/jobs/{ids[-1]}").json()["status"] == "done"  # the newest are kept
    time.sleep(1.1)
    assert client.get(f"/api/jobs/{ids[-1]}").status_code == 404  # past its time to live
    assert client.get(f"/api/jobs/{slow}").json()["status"] == "running"  # never evicted while it runs
    client.post(f"/api/jobs/{slow}/cancel")
    assert wait_for(client, slow)["status"] == "cancelled"


# ---- request hygiene: body size, headers, Host, criteria -------------------------------------
def test_a_too_large_body_gets_413_before_it_is_read(client_for, crm_dir, corpus, tmp_path):
    client = client_for(max_body_bytes=8192)
    big = post(client, "a" * 10_000)
    assert big.status_code == 413 and "8192 bytes" in big.json()["detail"]
    assert all(name in big.headers for name in SECURITY)
    app = create_app({"tiny": str(crm_dir)}, {"tiny": corpus}, tmp_path / "c.sqlite", AppLimits(max_body_bytes=8192))
    head = "POST /api/boards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    with serve(app) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:  # 50 MB announced, none sent
            sock.sendall(f"{head}Content-Length: 50000000\r\n\r\n".encode())
            status, headers, body = raw_response(sock)
            assert status == 413 and "8192 bytes" in json.loads(body)["detail"]
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:  # streamed past the limit, no end
            sock.sendall(f"{head}Transfer-Encoding: chunked\r\n\r\n".encode())
            for _ in range(3):
                sock.sendall(b"1000\r\n" + b"x" * 4096 + b"\r\n")
            status, headers, body = raw_response(sock)
            assert status == 413 and headers["x-content-type-options"] == "nosniff"


class _Markup(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.inline_code = 0

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        if self.tags and self.tags[-1][0] in ("script", "style") and data.strip():
            self.inline_code += 1


def test_every_response_carries_the_security_headers_and_the_csp_fits_the_page(client_for):
    client = client_for(max_body_bytes=1024)
    responses = [client.get(p) for p in ("/", "/static/app.js", "/static/app.css", "/api/options", "/api/jobs/x")]
    responses += [client.get("/nope"), post(client, "a" * 2000), client.get("/", headers={"host": "evil.example"})]
    assert [r.status_code for r in responses] == [200, 200, 200, 200, 404, 404, 413, 400]
    for r in responses:
        assert r.headers["x-content-type-options"] == "nosniff" and r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
        csp = dict(d.strip().split(" ", 1) for d in r.headers["content-security-policy"].split(";"))
        assert csp["default-src"] == "'none'" and csp["frame-ancestors"] == "'none'"
        assert csp["script-src"] == csp["style-src"] == csp["connect-src"] == "'self'"
    assert responses[1].headers["content-type"].split(";")[0] in ("text/javascript", "application/javascript")
    page = _Markup()  # what the page loads is what the CSP allows: its own files, nothing inline
    page.feed((STATIC / "index.html").read_text())
    assert page.inline_code == 0 and not any(tag == "style" for tag, _ in page.tags)
    assert not [a for _, attrs in page.tags for a in attrs if a == "style" or a.startswith("on")]
    loaded = [attrs.get("src") or attrs.get("href") for tag, attrs in page.tags if tag in ("script", "link")]
    assert loaded == ["/static/app.css", "/static/app.js"]
    script = (STATIC / "app.js").read_text()
    assert "innerHTML" not in script and "eval(" not in script and 'setAttribute("style"' not in script


def test_a_server_on_loopback_answers_only_to_loopback_host_names(client_for, crm_dir, corpus, tmp_path):
    from fastapi.testclient import TestClient

    client = client_for()
    for host in ("localhost", "localhost:7860", "127.0.0.1", "127.0.0.1:8000", "[::1]", "[::1]:7860", "LocalHost"):
        assert client.get("/", headers={"host": host}).status_code == 200, host
    for host in ("evil.example", "evil.example:7860", "localhost.evil.example", "127.0.0.1.nip.io", "x:localhost"):
        refused = client.get("/", headers={"host": host})
        assert refused.status_code == 400 and "Host" in refused.json()["detail"], host
    anywhere = create_app({"tiny": str(crm_dir)}, {"tiny": corpus}, tmp_path / "c.sqlite", allowed_hosts=None)
    assert TestClient(anywhere, base_url="http://evil.example").get("/").status_code == 200  # --host 0.0.0.0


def test_overlong_criteria_get_a_clear_4xx_with_the_limit_before_any_scoring(scoring, client_for, crm_dir, tmp_path):
    client = client_for()
    limit = LeaderboardEngine(crm_dir, tmp_path / "other.sqlite").criteria_limits()
    dense = post(client, "a " * (limit["characters"] // 2 - 10))  # fewer characters than the limit, too many tokens
    assert dense.status_code == 422 and dense.json()["limit"] == limit
    detail = dense.json()["detail"]
    assert (
        detail.startswith("your criteria") and f"at most {limit['tokens']} tokens" in detail and "characters" in detail
    )
    long = post(client, "Be brief.", versus="Prefer detail. " * (limit["characters"] // 5))  # refused untokenized
    detail = long.json()["detail"]
    assert long.status_code == 422 and detail.startswith("the other criteria")
    assert f"at most {limit['tokens']} tokens" in detail and f"about {limit['characters']} characters" in detail
    assert scoring.scored == 0 and not client.app.state.jobs  # nothing was scored, no job was made
    assert post(client, "Be brief.").status_code == 200


def test_the_page_gets_the_criteria_limit_of_each_crm(client_for, crm_dir, tmp_path):
    client = client_for()
    limits = client.get("/api/options").json()["criteria_limits"]
    expected = LeaderboardEngine(crm_dir, tmp_path / "other.sqlite").criteria_limits()
    assert limits == {"tiny": expected} and 0 < expected["tokens"] < expected["characters"]


# ---- load ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_under_load_memory_stays_bounded_and_cached_requests_stay_fast(scoring, crm_dir, corpus, tmp_path):
    """320 requests from 4 clients on loopback (bodies announced at 2 MB, bodies of 60 KB, uncached and
    cached requests) while a long job runs and the queue is full."""
    limits = AppLimits(max_finished_jobs=20, workers=1, max_queued=2, chunk=3)
    app = create_app({"tiny": str(crm_dir)}, {"tiny": corpus}, tmp_path / "cache.sqlite", limits)
    with serve(app) as port:

        def request(method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                data = None if body is None else json.dumps(body).encode()
                conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                return response.status, json.loads(response.read() or b"{}")
            finally:
                conn.close()

        def board(criteria: str) -> tuple[int, dict]:
            return request("POST", "/api/boards", {"corpus": "tiny", "ckpt": "tiny", "criteria": criteria})

        def announced_2mb() -> int:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(b"POST /api/boards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2097152\r\n\r\n")
                return raw_response(sock)[0]

        job = board("Prefer short answers.")[1]["job"]  # fills the cache for the cached request
        while request("GET", f"/api/jobs/{job}")[1]["status"] != "done":
            time.sleep(0.02)
        for _ in range(25):  # the job store at its cap before measuring
            board("Prefer short answers.")
        for name in ("Slow.", "Slow two.", "Slow three."):  # one job running, the queue full
            scoring.delay[(name,)] = 0.2  # 18 s: running through the whole load
            assert board(name)[0] == 200

        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        statuses: list[int] = []

        def client(worker: int) -> None:
            for k in range(80):
                kind = k % 4
                if kind == 0:
                    statuses.append(announced_2mb())  # 413 before any byte of the body is read
                elif kind == 1:  # 60 KB, within the body limit: criteria the CRM cannot read
                    statuses.append(board(f"{worker} {k} " + "Prefer short answers. " * 2700)[0])
                elif kind == 2:
                    statuses.append(board(f"Uncached {worker} {k}.")[0])  # the queue is full
                else:
                    statuses.append(board("Prefer short answers.")[0])  # cached: answered at once

        clients = [threading.Thread(target=client, args=(w,)) for w in range(4)]
        for thread in clients:
            thread.start()
        latencies = []
        while any(thread.is_alive() for thread in clients):
            begun = time.monotonic()
            status, answer = board("Prefer short answers.")
            assert status == 200 and request("GET", f"/api/jobs/{answer['job']}")[1]["status"] == "done"
            latencies.append(time.monotonic() - begun)
        for thread in clients:
            thread.join()
        gc.collect()
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()

        assert sorted(statuses) == [200] * 80 + [413] * 80 + [422] * 80 + [503] * 80
        assert latencies and max(latencies) < 1.0
        assert current - base < 2 << 20  # no growth with the number of requests
        assert peak - base < 16 << 20  # 160 MB announced, 4.8 MB sent: never held at once
        assert len(app.state.jobs) <= limits.max_finished_jobs + limits.workers + limits.max_queued
        for key, value in list(app.state.jobs.items()):
            if value.status in ("queued", "running"):
                request("POST", f"/api/jobs/{key}/cancel")
