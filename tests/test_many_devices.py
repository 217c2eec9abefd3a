"""Scoring on many devices: two CPU processes (DDP over gloo) give the board, the score cache and the
evaluate.py metrics of one process; a board killed part-way resumes from the cache without scoring a
row twice."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crm.data.corpus import load_corpus
from crm.data.schema import write_samples
from crm.devices import Devices, is_rank_zero, shards
from crm.usl.engine import LeaderboardEngine, select_queries
from tests.conftest import ROOT, TINY_TRAIN, files_override, tiny_split, write_answer_corpora, write_corpus

TOLERANCE = 1e-6  # fp32: rows batched with other rows differ in float rounding only

# The command every process of a board runs (Lightning starts the second as it starts a training run's)
BOARD_SCRIPT = """
import json, sys
from pathlib import Path
from crm.data.corpus import load_corpus
from crm.devices import Devices, is_rank_zero
from crm.usl.engine import LeaderboardEngine, select_queries

crm, corpus, cache, out, devices = sys.argv[1:]
corpus = load_corpus(corpus, "tiny", "base")
engine = LeaderboardEngine(crm, cache, device="cpu", precision="fp32", devices=Devices(int(devices)))
board = engine.board(corpus, ["Be brief."], select_queries(corpus), chunk=2, rounds=50)
if is_rank_zero():
    Path(out).write_text(json.dumps({"scored": board.scored}))
"""


def environment(tmp_path: Path) -> dict[str, str]:
    return os.environ | {"CRM_CACHE_DIR": str(tmp_path / "crm-cache"), "HF_HUB_OFFLINE": "1", "WANDB_MODE": "offline"}


def board_command(tmp_path: Path, crm: Path, corpus: Path, cache: Path, out: Path, devices: int) -> list[str]:
    """The board script's command line (:data:`BOARD_SCRIPT`)."""
    script = tmp_path / "board.py"
    script.write_text(BOARD_SCRIPT)
    return [sys.executable, str(script), str(crm), str(corpus), str(cache), str(out), str(devices)]


def cached(path: Path) -> dict[str, float]:
    """The score cache's scores by content (none before the cache has its table)."""
    if not path.exists():
        return {}
    with sqlite3.connect(path) as db:
        try:
            return {content: value for content, value in db.execute("SELECT content, value FROM scores_v2")}
        except sqlite3.OperationalError:
            return {}


def assert_close(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    assert max(abs(a[k] - b[k]) for k in a) <= TOLERANCE


def test_rows_are_dealt_shortest_first_every_row_once_in_equal_shares():
    dealt = shards([5, 1, 4, 2, 3], 2)
    assert dealt == [[1, 4, 0], [3, 2, 3]]  # lengths 1 3 5 | 2 4, the shorter share filled with its first row
    assert sorted({i for shard in dealt for i in shard}) == list(range(5))
    assert shards([7], 3) == [[0], [0], [0]] and Devices(2, 3).world_size == 6 and not Devices().many
    with pytest.raises(ValueError, match="at least 1"):
        Devices(0)


def test_only_global_rank_zero_writes(monkeypatch):
    for name in ("RANK", "LOCAL_RANK", "NODE_RANK", "SLURM_PROCID"):
        monkeypatch.delenv(name, raising=False)
    assert is_rank_zero()
    monkeypatch.setenv("LOCAL_RANK", "0")
    monkeypatch.setenv("NODE_RANK", "1")  # a second node's first process
    assert not is_rank_zero()


def test_a_board_on_two_processes_is_the_board_on_one_and_a_killed_one_resumes(
    tiny_crm_template, tmp_path, monkeypatch
):
    crm, corpus_dir = tiny_crm_template("bt"), write_corpus(tmp_path / "corpus", n=24)
    env = environment(tmp_path)
    monkeypatch.setenv("CRM_CACHE_DIR", env["CRM_CACHE_DIR"])
    corpus = load_corpus(corpus_dir, "tiny", "base")
    one = LeaderboardEngine(crm, tmp_path / "one.sqlite", device="cpu", precision="fp32")
    board = one.board(corpus, ["Be brief."], select_queries(corpus), chunk=2, rounds=50)  # one process: this one
    assert board.scored == 72

    # two processes, killed (both, as a scheduler stops a job) once part of the board is cached, then run again
    cache, out = tmp_path / "two.sqlite", tmp_path / "two.json"
    command = board_command(tmp_path, crm, corpus_dir, cache, out, 2)
    job = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True, stderr=subprocess.DEVNULL)
    deadline = time.time() + 240
    while job.poll() is None and time.time() < deadline and len(cached(cache)) < 20:
        time.sleep(0.05)
    os.killpg(job.pid, signal.SIGKILL)
    job.wait()
    before = cached(cache)
    assert 20 <= len(before) < 72 and not out.exists()  # killed part-way
    # run again, as the command line a user types: on two processes, from what the cache holds
    usl = [sys.executable, "-m", "crm.usl", "--ckpt", str(crm), "--corpus", str(corpus_dir), "--baseline", "base"]
    usl += ["--criteria", "Be brief.", "--cache", str(cache), "--out", str(tmp_path / "board"), "--rounds", "50"]
    usl += ["--device", "cpu", "--precision", "fp32", "--devices", "2"]
    done = subprocess.run(usl, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"({72 - len(before)} scores computed)" in done.stdout  # nothing cached was scored again
    assert done.stdout.count("criteria: Be brief.") == 1  # one process prints the board
    after = cached(cache)
    assert {k: after[k] for k in before} == before and len(after) == 72
    assert_close(after, cached(tmp_path / "one.sqlite"))
    rows = json.loads((tmp_path / "board" / "criteria.json").read_text())["rows"]
    assert [r["model"] for r in rows] == [r.model for r in board.rows]
    for mine, theirs in zip(rows, board.rows):
        assert max(abs(mine[k] - getattr(theirs, k)) for k in ("win_rate", "lower", "upper")) <= TOLERANCE


def numbers(tree, path: str = "") -> dict[str, float]:
    """Every number in a JSON tree, by its path."""
    if isinstance(tree, dict):
        return {k: v for key, value in tree.items() for k, v in numbers(value, f"{path}/{key}").items()}
    if isinstance(tree, list):
        return {k: v for i, value in enumerate(tree) for k, v in numbers(value, f"{path}/{i}").items()}
    return {path: float(tree)} if isinstance(tree, (int, float)) and not isinstance(tree, bool) else {}


def test_evaluate_on_two_processes_gives_the_metrics_of_one(tiny_crm_template, tmp_path, compose_evaluate):
    from crm.evaluation.runner import evaluate

    write_samples(tmp_path / "mine.jsonl", tiny_split(12, 7))
    options = [
        f"ckpt={tiny_crm_template('bt')}", "splits=null", f"test_files=[{tmp_path / 'mine.jsonl'}]",
        "variants=[no_criteria]", "device=cpu", "precision=fp32",
    ]  # fmt: skip
    one, _ = evaluate(compose_evaluate(*options))  # one process: this one
    run = tmp_path / "two"
    command = [sys.executable, "evaluate.py", *options, "progress=false", "trainer.devices=2", f"hydra.run.dir={run}"]
    done = subprocess.run(command, cwd=ROOT, env=environment(tmp_path), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    two = json.loads((run / "metrics.json").read_text())["scorers"]
    assert one["scorers"]["CRM"]["mine"]["n"] == 24 and done.stdout.count("Accuracy") == 1  # printed once
    assert_close(numbers(json.loads(json.dumps(one["scorers"]))), numbers(two))


def test_agreement_on_two_processes_gives_the_boards_of_one(tiny_crm_template, tmp_path, monkeypatch):
    """Every board of ``crm-usl agreement`` (the quality wordings, the contrast, the reference) alike."""
    from crm.usl.__main__ import main as usl_main

    env = environment(tmp_path)
    monkeypatch.setenv("CRM_CACHE_DIR", env["CRM_CACHE_DIR"])
    corpus = write_answer_corpora(tmp_path / "raw") / "arena_hard_v0.1"
    args = ["agreement", "--ckpt", str(tiny_crm_template("bt")), "--corpus", str(corpus), "--baseline", "model-prose"]
    args += ["--rounds", "20", "--heldout-models", "model-bullets,model-short,model-bold"]
    args += ["--device", "cpu", "--precision", "fp32"]
    assert usl_main([*args, "--cache", str(tmp_path / "one.sqlite"), "--out", str(tmp_path / "one")]) == 0
    two = [sys.executable, "-m", "crm.usl", *args, "--cache", str(tmp_path / "two.sqlite")]
    two += ["--out", str(tmp_path / "two"), "--devices", "2"]
    done = subprocess.run(two, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.count("Agreement with the published ranking") == 1  # one process prints
    one, two = (json.loads((tmp_path / name / "agreement.json").read_text()) for name in ("one", "two"))
    assert [b["criteria"] for b in one["boards"]] == [b["criteria"] for b in two["boards"]]
    assert_close(numbers(one["boards"]), numbers(two["boards"]))
    assert_close(cached(tmp_path / "one.sqlite"), cached(tmp_path / "two.sqlite"))


@pytest.mark.slow
def test_best_of_n_on_two_processes_picks_as_one(tiny_crm_template, tmp_path):
    """A pairwise CRM's round robin too, with a malformed line skipped by both processes and reported once."""
    from crm.rlhf.best_of_n import main as best_of_n_main

    line = {"prompt": "What is 2 + 2?", "criteria": ["Prefer concise answers."]}
    responses = ["4", "The answer is four.", "Two plus two is four: count two fingers, then two more.", "Four!"]
    records = [json.dumps({**line, "id": i, "responses": responses[i:] + responses[:i]}) for i in range(4)]
    (tmp_path / "in.jsonl").write_text("\n".join([*records[:2], '{"broken', *records[2:]]) + "\n")
    args = ["--ckpt", str(tiny_crm_template("cls")), "--input", str(tmp_path / "in.jsonl"), "--no-cache"]
    args += ["--device", "cpu", "--precision", "fp32"]
    assert best_of_n_main([*args, "--output", str(tmp_path / "one.jsonl")]) == 1  # 1: a line was skipped
    two = [sys.executable, "-m", "crm.rlhf.best_of_n", *args, "--output", str(tmp_path / "two.jsonl"), "--devices", "2"]
    done = subprocess.run(two, cwd=ROOT, env=environment(tmp_path), capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and done.stderr.count("skipped") == 1 and "4 picks written" in done.stdout
    one, two = ([json.loads(x) for x in (tmp_path / n).read_text().splitlines()] for n in ("one.jsonl", "two.jsonl"))
    assert [r["best_response"] for r in one] == [r["best_response"] for r in two]
    assert_close(numbers(one), numbers(two))


@pytest.mark.slow
def test_training_on_two_processes_shares_the_describe_stage_and_trains(tmp_path):
    """`python train.py trainer.devices=2` on CPUs (DDP over gloo, Lightning's launcher under Hydra): each
    process describes its share of the answers into the store, and the run trains, tests and exports."""
    from crm.scoring.answer_store import AnswerStore

    files = {}
    for split, n, seed in (("train", 16, 1), ("val", 4, 2), ("test", 4, 3)):
        files[split] = str(tmp_path / f"{split}.jsonl")
        write_samples(files[split], tiny_split(n, seed))
    options = [o for o in TINY_TRAIN if not o.startswith(("model=", "trainer.check_val_every_n_epoch"))]
    options += ["model=minilm", "model.answer_layout=false", "model.degenerate_gate=0", files_override(files)]
    options += ["reader.steps=2", "reader.batch_size=8", "trainer.max_epochs=1", "trainer.devices=2"]
    # DDP reports weights of the quickstart CRM without a gradient in a step (in one process every trained
    # weight gets one; not yet explained): it is told to look for them
    options += ["strategy=ddp", "trainer.strategy.find_unused_parameters=true", f"hydra.run.dir={tmp_path / 'run'}"]
    done = subprocess.run(
        [sys.executable, "train.py", *options], cwd=ROOT, env=environment(tmp_path), capture_output=True, text=True,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "run" / "export" / "model.safetensors").exists()
    shares = re.findall(r"describes (\d+) of (\d+) answers", done.stdout + done.stderr)
    assert len(shares) == 4  # each process its share, before the fit and before the test
    for mine, theirs in (shares[:2], shares[2:]):
        assert mine == theirs and 0 < int(mine[0]) < int(mine[1]) <= 2 * int(mine[0])  # half each
    assert len(AnswerStore(tmp_path / "crm-cache" / "answer_features.sqlite")) >= int(shares[0][1])
