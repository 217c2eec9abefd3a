"""How often a CRM's degenerate gate calls a real answer degenerate, by the answer's length.

The gate (``model.degenerate_gate``) should cost a real answer nothing. This reads the real answers of
the prepared test splits (every source), up to ``--per-bucket`` of each length, and prints per length
the share the gate calls degenerate (p > 0.5) and its mean penalty. With ``--corpus`` it reads a
leaderboard corpus instead (FastChat layout) and prints the share per model: a gate that calls one
model's ordinary answers degenerate moves that model on every board.

    python experiments/gate_on_real_answers.py --ckpt <run> [--processed data/processed] [--per-bucket 300]
    python experiments/gate_on_real_answers.py --ckpt <run> --corpus ../shared/data/raw/mt_bench
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python experiments/...` from a checkout

from crm.data.corpus import load_corpus  # noqa: E402
from crm.data.layout import layout_features  # noqa: E402
from crm.data.relevance import last_user_turn, query_overlap  # noqa: E402
from crm.data.schema import read_samples  # noqa: E402
from crm.inference import load_crm  # noqa: E402

BUCKETS = ((1, 5), (6, 20), (21, 100), (101, None))  # words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ckpt", required=True, help="a CRM with a degenerate gate: run directory or its export/")
    parser.add_argument("--processed", type=Path, default=Path("data/processed"))
    parser.add_argument("--per-bucket", type=int, default=300)
    parser.add_argument("--corpus", type=Path, help="a leaderboard corpus: the share per model instead")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    crm = load_crm(args.ckpt, device="cpu", precision="fp32")
    model, renderer, gate = crm.model, crm.renderer, crm.model.degenerate_gate
    if gate is None:
        raise SystemExit(f"{args.ckpt}: this CRM has no degenerate gate")

    def called(chosen: list[tuple[list[dict], str]]) -> torch.Tensor:
        """p(degenerate) of each (history, answer)."""
        asked = model.descriptions([renderer.query_ids(h) for h, _ in chosen])
        described = model.descriptions([renderer.answer_ids(a) for _, a in chosen])
        layout = torch.tensor([layout_features(a) for _, a in chosen])
        overlap = torch.tensor([query_overlap(last_user_turn(h), a) for h, a in chosen])
        with torch.no_grad():
            return torch.sigmoid(gate.logit(gate.features(asked, described, layout, overlap)))

    def report(label: str, p: torch.Tensor) -> None:
        print(f"{label:>32}: {len(p)} answers, called degenerate {float((p > 0.5).float().mean()):.3f}, "
              f"mean penalty {float(gate.margin * p.mean()):.2f}")  # fmt: skip

    if args.corpus:
        corpus = load_corpus(args.corpus)
        for name, answers in sorted(corpus.answers.items()):
            chosen = [([{"role": "user", "content": corpus.queries[q].text}], a) for q, a in sorted(answers.items())]
            report(name, called(chosen))
        return
    answers = [
        (sample.history, side[-1]["content"])
        for path in sorted(args.processed.glob("*/test.jsonl"))
        for sample in read_samples(path)[0]
        for side in (sample.model_a, sample.model_b)
    ]
    random.Random(args.seed).shuffle(answers)
    for low, high in BUCKETS:
        chosen = [(h, a) for h, a in answers if low <= len(a.split()) <= (high or len(a.split()))][: args.per_bucket]
        if not chosen:
            continue
        report(f"{low}-{high} words" if high else f"over {low - 1} words", called(chosen))


if __name__ == "__main__":
    main()
