"""The leaderboard page in a real headless Chromium (Playwright): topics, criteria, board, drill-down,
escaping, and a screenshot saved as a test artifact (CRM_TEST_ARTIFACTS, default test-artifacts/)."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from crm.app.server import create_app
from crm.data.corpus import load_corpus
from crm.usl.engine import LeaderboardEngine, select_queries
from tests.conftest import ROOT
from tests.test_usl import write_corpus

CHROMIUM = os.environ.get("CRM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SCRIPT_ANSWER = "<script>window.__pwned = 1</script><b>bold?</b> 2."


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def served(tiny_crm, tmp_path):
    root = write_corpus(tmp_path / "corpus")
    answers = root / "model_answer" / "short.jsonl"  # one answer carries markup and a script
    lines = answers.read_text().splitlines()
    lines[2] = lines[2].replace('"2."', json.dumps(SCRIPT_ANSWER))
    answers.write_text("\n".join(lines) + "\n")
    corpus = load_corpus(root, "tiny", "base")
    ckpt = tiny_crm("bt")
    app = create_app({"tiny-crm": str(ckpt)}, {"tiny": corpus}, tmp_path / "cache.sqlite")
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/", corpus, ckpt, tmp_path / "cache.sqlite"
    server.should_exit = True
    thread.join(timeout=10)


def test_page_builds_the_engines_board_escapes_answers_and_drills_down(served):
    from playwright.sync_api import sync_playwright

    url, corpus, ckpt, cache = served
    artifacts = Path(os.environ.get("CRM_TEST_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(url)
        page.wait_for_selector("#topics input")

        page.click("#build")  # empty criteria: a message, no request
        assert "at least one criterion" in page.text_content("#message")

        page.check("#topics input[value=writing]")
        page.fill("#criteria", "Prefer short answers.\n" + "x" * 400)
        page.click("#build")
        page.wait_for_selector("tr.board-row")
        shown = page.eval_on_selector_all("tr.board-row td.model", "cells => cells.map(c => c.textContent)")
        assert "shortened" in page.text_content("#notices")  # the overlong criterion was capped, visibly

        engine = LeaderboardEngine(ckpt, cache)
        expected = engine.board(corpus, ["Prefer short answers.", "x" * 300], select_queries(corpus, ["writing"]))
        assert expected.scored == 0  # the page's request filled the cache
        assert shown == [r.model for r in expected.rows]

        page.select_option("#dd-model", "short")
        page.select_option("#dd-query", "2")
        page.click("#dd-show")
        page.wait_for_function("document.getElementById('dd-answer').textContent.length > 0")
        assert page.text_content("#dd-answer") == SCRIPT_ANSWER  # shown as text
        assert page.eval_on_selector("#dd-answer", "e => e.children.length") == 0  # no element was created
        assert page.evaluate("window.__pwned") is None and not dialogs
        assert float(page.text_content("#dd-p")) == pytest.approx(expected.outcomes["short"]["2"], abs=1e-3)
        page.screenshot(path=str(artifacts / "leaderboard_test.png"), full_page=True)
        assert (artifacts / "leaderboard_test.png").stat().st_size > 10_000

        page.fill("#criteria", "Be brief.")
        page.evaluate("(b => { b.value = 'cooking'; b.checked = true; })(document.querySelector('#topics input'))")
        page.click("#build")  # a request the engine rejects: its message, not a stack trace
        page.wait_for_function("document.getElementById('message').textContent.length > 0")
        assert "unknown topic" in page.text_content("#message") and "Traceback" not in page.content()
        browser.close()


def test_a_long_job_reports_progress_and_can_be_cancelled(tiny_crm, tmp_path, monkeypatch):
    from fastapi.testclient import TestClient

    from crm.usl import engine as engine_module
    from crm.usl.cache import ScoreCache

    monkeypatch.setattr(engine_module, "CHUNK", 2)
    real = engine_module.LeaderboardEngine._compute

    def slow(self, *args):
        time.sleep(0.3)
        return real(self, *args)

    monkeypatch.setattr(engine_module.LeaderboardEngine, "_compute", slow)
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    app = create_app({"tiny": str(tiny_crm("bt"))}, {"tiny": corpus}, tmp_path / "cache.sqlite")
    client = TestClient(app)
    assert client.get("/api/options").json()["corpora"]["tiny"]["topics"] == {"math": 3, "writing": 3}
    job = client.post("/api/boards", json={"corpus": "tiny", "ckpt": "tiny", "criteria": "Be brief."}).json()["job"]
    deadline = time.time() + 30
    while client.get(f"/api/jobs/{job}").json()["done"] == 0 and time.time() < deadline:
        time.sleep(0.05)
    running = client.get(f"/api/jobs/{job}").json()
    assert running["status"] == "running" and 0 < running["done"] < running["total"] == 18
    client.post(f"/api/jobs/{job}/cancel")
    while client.get(f"/api/jobs/{job}").json()["status"] == "running" and time.time() < deadline:
        time.sleep(0.05)
    final = client.get(f"/api/jobs/{job}").json()
    assert final["status"] == "cancelled" and "cached" in final["message"]
    assert 0 < ScoreCache(tmp_path / "cache.sqlite").count() < 18  # what was scored is kept
    bad = client.post("/api/boards", json={"corpus": "tiny", "ckpt": "nope", "criteria": "x"}).json()["job"]
    while client.get(f"/api/jobs/{bad}").json()["status"] == "running" and time.time() < deadline:
        time.sleep(0.05)
    assert "unknown CRM" in client.get(f"/api/jobs/{bad}").json()["message"]
