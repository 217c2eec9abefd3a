"""Does any criterion make a degenerate answer outscore a real one? Measured through crm-serve.

A reward server is what an RLHF policy meets: if, under some criterion, the empty answer or a loop of
the answer's opening outscores a real answer, the policy finds it. This starts a real ``crm-serve`` on
loopback with the CRM, and for every criteria wording of every verified family (training, stance
grammar and test-only wordings, both polarities, and the quality wordings) and 40 seeded Arena-Hard
queries outside training (each query one copy of each kind: fewer cannot tell a gate that catches
most cut-off copies from one that catches half), scores the baseline model's answer beside its degenerate copies
(crm.data.degenerate: empty, whitespace, cut off, looped, another query's answer) in one /v1/score
request, and reports per kind the share of (wording, query) judgements the real answer wins, and the
share of wordings under which it wins on every query:

    python experiments/degenerate_rewards.py --ckpt <run> [--queries 40] [--training-wordings N] [--out report.json]
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
from crm.data.corpora import read_corpus  # noqa: E402
from crm.data.criteria.wordings import reading_task  # noqa: E402
from crm.data.degenerate import GATE_KINDS as KINDS  # noqa: E402
from crm.data.degenerate import degenerate_answer  # noqa: E402
from crm.data.splits import split_of  # noqa: E402

BASELINE = "gpt-4-0314"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ckpt", required=True, help="a CRM: training run directory or its export/")
    parser.add_argument("--raw", type=Path, default=None, help="the raw data directory (default: the project's)")
    parser.add_argument("--queries", type=int, default=40, help="Arena-Hard queries outside training (seeded)")
    parser.add_argument(
        "--training-wordings", type=int, default=None, help="a seeded sample of the training wordings (default: all)"
    )
    parser.add_argument("--precision", default="fp32")
    parser.add_argument("--threads", type=int, default=4, help="requests in flight")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="also write the report here (JSON)")
    args = parser.parse_args()

    raw = args.raw or default_raw_dir()
    corpus = read_corpus("arena_hard", raw)
    outside = sorted(q for q in corpus.queries if split_of(corpus.queries[q].text, 0) == "test")
    rng = random.Random(args.seed)
    chosen = rng.sample([q for q in outside if corpus.answers[BASELINE].get(q)], args.queries)
    task = reading_task(heldout=())
    test_only = sorted({text for text, _ in task.test})
    trained = sorted({text for text, _ in task.train} - set(test_only))
    if args.training_wordings is not None:  # a seeded sample of them
        trained = sorted(random.Random(args.seed).sample(trained, min(args.training_wordings, len(trained))))
    wordings = test_only + trained
    requests = []
    for q in chosen:
        real = corpus.answers[BASELINE][q]
        other = corpus.answers[BASELINE][rng.choice([o for o in outside if o != q and corpus.answers[BASELINE].get(o)])]
        bad = [degenerate_answer(kind, real, other, random.Random(f"{args.seed}/{q}/{kind}")) for kind in KINDS]
        requests += [(w, q, corpus.queries[q].text, [real, *bad]) for w in wordings]

    started = time.time()
    bodies = [{"criteria": [w], "prompt": prompt, "responses": responses} for w, _, prompt, responses in requests]
    scores = scores_through_server(Path(args.ckpt), bodies, args.precision, args.threads)
    seconds = time.time() - started

    report = {
        "ckpt": args.ckpt,
        "wordings": {"test_only": len(test_only), "training": len(trained)},
        "queries": len(chosen),
        "seconds": round(seconds, 1),
    }
    for k, kind in enumerate(KINDS, start=1):
        wins = [s[0] > s[k] for s in scores]
        by_wording: dict[str, bool] = {}
        for (wording, *_), won in zip(requests, wins):
            by_wording[wording] = by_wording.get(wording, True) and won
        losers = sorted(w for w, won in by_wording.items() if not won)
        report[kind] = {
            "real_wins": round(sum(wins) / len(wins), 4),
            "wordings_always_won": round(1 - len(losers) / len(by_wording), 4),
            "some_lost_under": losers[:5],
        }
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    sys.exit(main())
