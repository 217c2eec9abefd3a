"""Scoring on many devices, on a machine that has them: the same board built with 1 process and with
``--devices`` processes, each into a fresh score cache, timed; reports (model, baseline) pairs judged per
second for each device count and the largest difference between the two boards' win rates
(docs/EVALUATION.md#scoring-on-many-devices).

    python experiments/many_devices.py --ckpt <run or export> --corpus arena_hard --devices 8 [--precision fp32]

A CRM to try it with on a GPU machine without downloads: ``python train.py model=qwen3_0_6b_random trainer=gpu
trainer.max_steps=1`` (the Qwen3-0.6B architecture, random weights). Each board is a ``crm-usl`` process of its
own, so the timing includes start-up and loading, as a user waits for it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRITERIA = "Prefer concise answers that get straight to the point."


def board(args: argparse.Namespace, devices: int, scratch: Path) -> tuple[dict, float]:
    """(the board as written, seconds) of one ``crm-usl`` process with ``devices`` processes."""
    out = scratch / f"devices{devices}"
    command = [sys.executable, "-m", "crm.usl", "--ckpt", str(args.ckpt), "--corpus", args.corpus]
    command += ["--criteria", CRITERIA, "--cache", str(scratch / f"scores{devices}.sqlite"), "--out", str(out)]
    command += ["--precision", args.precision, "--devices", str(devices), "--rounds", "200"]
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True)
    return json.loads((out / "criteria.json").read_text()), time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ckpt", type=Path, required=True)
    parser.add_argument("--corpus", default="arena_hard")
    parser.add_argument("--devices", type=int, default=8, help="processes of the second board (GPUs on this node)")
    parser.add_argument("--precision", default="auto")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        results = {n: board(args, n, Path(scratch)) for n in (1, args.devices)}
    (one, _), (many, _) = results[1], results[args.devices]
    rates = {r["model"]: r["win_rate"] for r in one["rows"]}
    difference = max(abs(r["win_rate"] - rates[r["model"]]) for r in many["rows"])
    print(f"{'devices':>8} {'seconds':>9} {'pairs/s':>10}")
    for devices, (written, seconds) in results.items():
        pairs = sum(row["n"] for row in written["rows"])
        print(f"{devices:>8} {seconds:>9.1f} {pairs / seconds:>10.1f}")
    print(f"largest win-rate difference between the boards: {difference:.2e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
