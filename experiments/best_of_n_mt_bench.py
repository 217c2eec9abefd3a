"""Best-of-n on MT-Bench: for each of the 80 questions, pick the best of the 31 models' first-turn
answers under two opposite criteria with crm-best-of-n, and show how the picks differ.

    python experiments/best_of_n_mt_bench.py --ckpt logs/train/runs/<run> [--out DIR]

Writes DIR/candidates.jsonl (the input format of crm-best-of-n) and DIR/best_<name>.jsonl, then prints
how many questions got a different pick, the picks' mean length, and the models picked most often.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

from crm.config import default_raw_dir  # noqa: E402
from crm.rlhf.best_of_n import main as best_of_n_main  # noqa: E402
from crm.tables import print_tables  # noqa: E402
from crm.usl.named_corpora import load_named_corpus  # noqa: E402

CRITERIA = {
    "concise": "Prefer concise answers that get straight to the point.",
    "detailed": "Prefer thorough, detailed answers.",
}


def write_candidates(corpus, path: Path) -> dict[str, list[str]]:
    """One line per question with every model's answer; returns each question's models in answer order."""
    models_of = {}
    with path.open("w", encoding="utf-8") as f:
        for qid in sorted(corpus.queries, key=str):
            models = [m for m in corpus.models if qid in corpus.answers[m]]
            models_of[str(qid)] = models
            line = {
                "id": str(qid),
                "prompt": corpus.queries[qid].text,
                "responses": [corpus.answers[m][qid] for m in models],
            }
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    return models_of


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ckpt", type=Path, required=True, help="a CRM run or export directory")
    parser.add_argument("--raw-dir", type=Path, default=None, help="raw data directory (CRM_RAW_DIR)")
    parser.add_argument("--out", type=Path, default=Path("logs/best_of_n_mt_bench"))
    parser.add_argument("--precision", default="auto")
    args = parser.parse_args(argv)
    corpus = load_named_corpus("mt_bench", args.raw_dir or default_raw_dir())
    args.out.mkdir(parents=True, exist_ok=True)
    candidates = args.out / "candidates.jsonl"
    models_of = write_candidates(corpus, candidates)
    picks = {}
    for name, criterion in CRITERIA.items():
        output = args.out / f"best_{name}.jsonl"
        argv = ["--ckpt", str(args.ckpt), "--input", str(candidates), "--output", str(output)]
        if best_of_n_main([*argv, "--criteria", criterion, "--precision", args.precision]) != 0:
            return 1
        picks[name] = {r["id"]: r for r in map(json.loads, output.read_text().splitlines())}
    names = list(CRITERIA)
    differ = sum(picks[names[0]][q]["best"] != picks[names[1]][q]["best"] for q in models_of)
    rows = []
    for name in names:
        chosen = [models_of[q][r["best"]] for q, r in picks[name].items()]
        chars = statistics.mean(len(r["best_response"]) for r in picks[name].values())
        top = ", ".join(f"{m} ({n})" for m, n in Counter(chosen).most_common(3))
        rows.append([name, CRITERIA[name], f"{chars:.0f}", top])
    every = statistics.mean(len(a) for m in corpus.models for a in corpus.answers[m].values())
    caption = (
        f"{len(models_of)} questions, {len(corpus.models)} models; the pick differs on {differ} of {len(models_of)}; "
        f"mean length of all answers: {every:.0f} characters. Command: python experiments/best_of_n_mt_bench.py "
        f"--ckpt {args.ckpt}"
    )
    print_tables([("Best-of-n on MT-Bench", ["criteria", "text", "mean chars of picks", "most picked"], rows, caption)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
