"""Does the reward pay for answering the question? The short-answer set, measured through crm-serve.

A real ``crm-serve`` on loopback with the CRM; for every query of the short-answer set
(crm/data/short_answers.py: at least 200 short factual or instruction queries from the raw data) and
each of its three wordings (concise, accurate, general), one /v1/score request with the right answer
and its five wrong kinds (another query's answer, the query given back, a cut-off fragment, the
criteria given back, the answer with an instruction to the judge). Reports, per wording and kind, the
share of queries where the right answer scores above the wrong one:

    python experiments/short_answers.py --ckpt <run> [--out report.json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python experiments/...` from a checkout

from benchmarks.serving import scores_through_server  # noqa: E402
from crm.config import default_raw_dir  # noqa: E402
from crm.data.conversion import stable_hash  # noqa: E402
from crm.data.short_answers import KINDS, WORDINGS, read_short_answers, wrong_answer  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ckpt", required=True, help="a CRM: training run directory or its export/")
    parser.add_argument("--raw", type=Path, default=None, help="the raw data directory (default: the project's)")
    parser.add_argument("--precision", default="fp32")
    parser.add_argument("--threads", type=int, default=4, help="requests in flight")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="also write the report here (JSON)")
    args = parser.parse_args()

    items = read_short_answers(args.raw or default_raw_dir())
    requests = []
    for i, item in enumerate(items):
        other = items[(i + len(items) // 2) % len(items)]
        for wording, criteria in WORDINGS.items():
            rng = random.Random(f"{args.seed}/{stable_hash(item.query)}/{wording}")
            wrong = [wrong_answer(kind, item, other, criteria, rng) for kind in KINDS]
            requests.append((wording, criteria, item, [item.answer, *wrong]))

    started = time.time()
    bodies = [{"criteria": [criteria], "prompt": item.query, "responses": r} for _, criteria, item, r in requests]
    scores = scores_through_server(Path(args.ckpt), bodies, args.precision, args.threads)

    report: dict = {"ckpt": args.ckpt, "queries": len(items), "seconds": round(time.time() - started, 1)}
    for wording in WORDINGS:
        report[wording] = {}
        for k, kind in enumerate(KINDS, start=1):  # a wrong answer with the right one's text is no pair
            judged = [s[0] > s[k] for (w, *_, r), s in zip(requests, scores) if w == wording and r[k] != r[0]]
            report[wording][kind] = round(sum(judged) / len(judged), 4)
    report["lowest"] = min(v for wording in WORDINGS for v in report[wording].values())
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    sys.exit(main())
