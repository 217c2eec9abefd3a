"""Load test of the scoring server (crm-serve): concurrent clients on loopback against a real server
process, with dynamic batching on and switched off (``--max-wait-ms 0``, the baseline). Bounded: it
sends a fixed number of requests and stops by itself.

    python benchmarks/serving.py [--ckpt RUN] [--clients 16] [--requests 2000] [--responses 1]
    python benchmarks/serving.py --memory [--ckpt RUN] [--requests 5000] [--responses 4]
    python benchmarks/serving.py --large-kb 120 [--ckpt RUN] [--responses 64] [--requests 3]

``--memory`` sends distinct requests only (each answer seen once, as a reward server meets rollouts)
and prints the server's resident memory after every 1,000 of them: it should plateau. ``--large-kb``
times single requests (one at a time, each answer new) whose every answer is that many kilobytes of
real answers run together: what one oversized request costs.

Without ``--ckpt`` it serves the quickstart CRM's architecture (MiniLM, untrained head: speed does not
depend on what the head learned). Requests carry real answers (Arena-Hard from CRM_RAW_DIR) when the
data is there, else generated ones.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import shlex
import socket
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python benchmarks/serving.py` from a checkout

from benchmarks.common import CROSS_ENCODER, Figure, machine, scratch_dir, untrained_crm  # noqa: E402

CRITERIA = ["I prefer concise answers that get to the point."]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def request_pool(responses: int, raw_dir: Path | None = None) -> list[dict]:
    """Score requests: one query with ``responses`` models' answers (real ones where the data is)."""
    try:
        from crm.config import default_raw_dir
        from crm.usl.named_corpora import load_named_corpus

        corpus = load_named_corpus("arena_hard", raw_dir or default_raw_dir())
    except (FileNotFoundError, OSError, ValueError):
        corpus = None
    if corpus is None:
        return [
            {
                "prompt": f"What is {i} + {i}?",
                "responses": [f"It is {2 * i}. " * (1 + (i + k) % 9) for k in range(responses)],
            }
            for i in range(50)
        ]
    pool = []
    for qid in sorted(corpus.queries)[:100]:
        answers = [corpus.answers[m][qid] for m in corpus.models if qid in corpus.answers[m]]
        for start in range(0, len(answers) - responses + 1, responses):
            pool.append({"prompt": corpus.queries[qid].text, "responses": answers[start : start + responses]})
    return pool


def start_server(ckpt: Path, port: int, max_wait_ms: float, precision: str, queue: int) -> subprocess.Popen:
    command = [
        sys.executable, "-m", "crm.serve", "--ckpt", str(ckpt), "--port", str(port), "--precision", precision,
        "--max-wait-ms", str(max_wait_ms), "--max-queued", str(queue), "--criteria", CRITERIA[0],
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"crm-serve exited with {server.returncode}: {server.stderr.read()[-2000:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/health")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("crm-serve did not answer /health within 180 s")


def scores_through_server(ckpt: Path, bodies: list[dict], precision: str, threads: int) -> list[list[float]]:
    """Each /v1/score body's scores from a real ``crm-serve`` on loopback, ``threads`` requests in flight."""
    import httpx

    port = free_port()
    server = start_server(Path(ckpt), port, 5.0, precision, queue=64)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:

            def score(body: dict) -> list[float]:
                reply = client.post("/v1/score", json=body)
                reply.raise_for_status()
                return reply.json()["scores"]

            with ThreadPoolExecutor(threads) as pool:
                return list(pool.map(score, bodies))
    finally:
        server.terminate()
        server.wait(timeout=30)


def load_test(
    ckpt: Path,
    clients: int = 16,
    requests: int = 2000,
    responses: int = 1,
    max_wait_ms: float = 5.0,
    precision: str = "auto",
    pool: list[dict] | None = None,
) -> dict:
    """Throughput and latency of ``requests`` score requests from ``clients`` concurrent keep-alive clients."""
    pool = pool or request_pool(responses)
    port = free_port()
    server = start_server(ckpt, port, max_wait_ms, precision, queue=max(64, 2 * clients))
    tickets = itertools.count()
    latencies: list[float] = []
    errors: list[str] = []

    def client(_: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        while (i := next(tickets)) < requests:
            body = json.dumps(pool[i % len(pool)])
            start = time.perf_counter()
            try:
                conn.request("POST", "/v1/score", body, {"Content-Type": "application/json"})
                response = conn.getresponse()
                payload = response.read()
                if response.status != 200:
                    errors.append(f"{response.status}: {payload[:200]!r}")
            except OSError as err:
                errors.append(repr(err))
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            latencies.append(time.perf_counter() - start)

    try:
        start = time.perf_counter()
        with ThreadPoolExecutor(clients) as executor:
            list(executor.map(client, range(clients)))
        wall = time.perf_counter() - start
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/health")
        health = json.loads(conn.getresponse().read())
    finally:
        server.terminate()
        server.wait(timeout=30)
    ms = sorted(1000 * t for t in latencies)
    return {
        "requests": len(latencies),
        "errors": len(errors),
        "first_errors": errors[:3],
        "seconds": wall,
        "requests_per_s": len(latencies) / wall,
        "responses_per_s": len(latencies) * responses / wall,
        "p50_ms": statistics.median(ms),
        "p99_ms": ms[min(len(ms) - 1, int(0.99 * len(ms)))],
        "mean_requests_per_batch": health["batching"]["mean_requests_per_batch"],
        "server_up": health["status"] == "ok",
    }


def resident_mb(pid: int) -> float:
    """A process's resident set size (Linux /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) / 1024


def memory_test(ckpt: Path, requests: int, responses: int, clients: int, precision: str) -> dict[int, float]:
    """The server's resident memory (MB) after every 1,000 distinct score requests and after all
    ``requests``: each request's answers made unique by its number, so no answer is ever met twice."""
    pool = request_pool(responses)
    port = free_port()
    server = start_server(ckpt, port, 5.0, precision, queue=max(64, 2 * clients))
    tickets = itertools.count()
    rss: dict[int, float] = {}

    def client(_: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        while (i := next(tickets)) < requests:
            base = pool[i % len(pool)]
            body = {**base, "responses": [f"{r}\n\n(request {i}, answer {k})" for k, r in enumerate(base["responses"])]}
            conn.request("POST", "/v1/score", json.dumps(body), {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"request {i}: {response.status}")
            if (i + 1) % 1000 == 0 or i + 1 == requests:
                rss[i + 1] = resident_mb(server.pid)

    try:
        with ThreadPoolExecutor(clients) as executor:
            list(executor.map(client, range(clients)))
    finally:
        server.terminate()
        server.wait(timeout=30)
    return rss


def large_request_test(ckpt: Path, kb: int, requests: int, responses: int, precision: str) -> list[float]:
    """Seconds for each of ``requests`` score requests of ``responses`` answers of ``kb`` kilobytes each,
    sent one at a time; every answer is new to the server (nothing cached)."""
    pool = request_pool(1)
    texts = itertools.cycle(request["responses"][0] for request in pool)
    filler = ""
    while len(filler) < kb * 1000:
        filler += next(texts) + "\n\n"
    port = free_port()
    server = start_server(ckpt, port, 5.0, precision, queue=64)
    seconds = []
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        for i in range(requests):
            answers = [f"Answer {k} of request {i}.\n\n{filler[: kb * 1000]}" for k in range(responses)]
            body = json.dumps({"prompt": pool[i % len(pool)]["prompt"], "responses": answers})
            start = time.perf_counter()
            conn.request("POST", "/v1/score", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"request {i}: {response.status}")
            seconds.append(round(time.perf_counter() - start, 2))
    finally:
        server.terminate()
        server.wait(timeout=30)
    return seconds


def figures(ckpt: Path, clients: int, requests: int, responses: int, precision: str = "auto") -> list[Figure]:
    """Batching off (the baseline) and on, each in a fresh server process."""
    pool = request_pool(responses)
    results = []
    for wait_ms, what in ((0.0, "batching off"), (5.0, "dynamic batching (5 ms)")):
        r = load_test(ckpt, clients, requests, responses, wait_ms, precision, pool)
        if r["errors"] or not r["server_up"]:
            raise RuntimeError(f"{what}: {r['errors']} errors, e.g. {r['first_errors']}")
        label = f"{what}, {clients} clients, {r['mean_requests_per_batch']:.1f} requests/pass"
        n = r["requests"]
        results += [
            Figure("serving", label, "requests/s", r["requests_per_s"], r["requests_per_s"], r["requests_per_s"], n,
                   baseline=wait_ms == 0),
            Figure("serving", label, "p50 latency ms", r["p50_ms"], r["p50_ms"], r["p50_ms"], n, "lower", wait_ms == 0),
            Figure("serving", label, "p99 latency ms", r["p99_ms"], r["p99_ms"], r["p99_ms"], n, "lower", wait_ms == 0),
        ]  # fmt: skip
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ckpt", type=Path, help="a CRM run or export directory (default: MiniLM, untrained head)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--responses", type=int, default=1, help="responses per request")
    parser.add_argument("--precision", default="auto", help="auto (bf16 where native), bf16 or fp32")
    parser.add_argument("--memory", action="store_true", help="resident memory after every 1,000 distinct requests")
    parser.add_argument("--large-kb", type=int, default=0, help="time single requests of answers this many KB each")
    args = parser.parse_args(argv)
    from benchmarks.run import rows_of
    from crm.tables import print_tables

    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    ckpt = args.ckpt or untrained_crm(scratch_dir() / "crm", CROSS_ENCODER)
    if args.large_kb:
        seconds = large_request_test(ckpt, args.large_kb, args.requests, args.responses, args.precision)
        print(json.dumps({"seconds_per_request": seconds, "answers": args.responses, "kb": args.large_kb,
                          "machine": machine()}, indent=2))  # fmt: skip
        return 0
    if args.memory:
        rss = memory_test(ckpt, args.requests, args.responses, min(args.clients, 4), args.precision)
        print(json.dumps({"resident_mb_after_requests": rss, "machine": machine()}, indent=2))
        return 0
    results = figures(ckpt, args.clients, args.requests, args.responses, args.precision)
    header = ["benchmark", "what", "unit", "value", "range", "n", "vs baseline"]
    from crm.precision import inference_plan

    title = f"crm-serve load test on {machine()}; scoring in {inference_plan(precision=args.precision).label}"
    given = argv if argv is not None else sys.argv[1:]
    command = "command: " + shlex.join(["python", "benchmarks/serving.py", *given])
    print_tables([(title, header, rows_of(results), command)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
