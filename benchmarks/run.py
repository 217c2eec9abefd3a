"""Run the benchmarks and print one table: each figure beside its baseline, with the ratio, the machine
and the command. ``--smoke`` runs every benchmark on a tiny generated corpus (what the test suite checks).

    python benchmarks/run.py                 # Arena-Hard from CRM_RAW_DIR, the quickstart CRM's architecture
    python benchmarks/run.py --ckpt RUN_DIR  # a trained CRM instead
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python benchmarks/run.py` from a checkout

from benchmarks import board  # noqa: E402
from benchmarks.common import machine, minilm_crm, scratch_dir  # noqa: E402
from crm.tables import print_tables  # noqa: E402

CRITERIA = ["I prefer concise answers that get to the point.", "Use bullet points when listing several things."]
BENCHMARKS = ("scoring", "rerank", "evaluation")


def tiny_corpus(root: Path) -> Path:
    """Four queries answered by three models, in the FastChat layout."""
    (root / "model_answer").mkdir(parents=True)
    lines = [json.dumps({"question_id": i, "category": "general", "turns": [f"What is {i} + {i}?"]}) for i in range(4)]
    (root / "question.jsonl").write_text("\n".join(lines) + "\n")
    for model, template in {"base": "It is {n}.", "short": "{n}", "long": "The sum is {n}. " * 8}.items():
        answers = [{"question_id": i, "choices": [{"turns": [template.format(n=2 * i)]}]} for i in range(4)]
        (root / "model_answer" / f"{model}.jsonl").write_text("\n".join(json.dumps(a) for a in answers) + "\n")
    return root


def rows_of(results: list[dict]) -> list[list[str]]:
    """Rates as work/second (median, and the range over repetitions); each row beside the baseline of its benchmark."""
    baselines = {r["benchmark"]: r for r in results if r.get("baseline")}
    rows = []
    for r in results:
        t = r["timing"]
        if r["unit"] == "s":
            value, low, high = t.median, t.low, t.high
        else:
            value, low, high = r["work"] / t.median, r["work"] / t.high, r["work"] / t.low
        base = baselines.get(r["benchmark"])
        ratio = "baseline" if r is base else "-"
        if base is not None and r is not base:
            ratio = f"{base['timing'].median / t.median:.2f}x"
        rows.append(
            [r["benchmark"], r["what"], r["unit"], f"{value:.3g}", f"{low:.3g} - {high:.3g}", str(t.reps), ratio]
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ckpt", type=Path, help="a CRM run or export directory (default: MiniLM, untrained head)")
    parser.add_argument("--corpus", default="arena_hard", help="mt_bench, arena_hard or a corpus directory")
    parser.add_argument("--raw-dir", type=Path, default=None, help="raw data directory (CRM_RAW_DIR)")
    parser.add_argument("--queries", type=int, default=20, help="queries scored by the scoring benchmarks")
    parser.add_argument("--reps", type=int, default=3, help="measured repetitions (after one warm-up)")
    parser.add_argument("--only", default=",".join(BENCHMARKS), help=f"comma-separated subset of {BENCHMARKS}")
    parser.add_argument("--precision", default="auto", help="auto (bf16 where native), bf16 or fp32")
    parser.add_argument("--smoke", action="store_true", help="a tiny generated corpus, one repetition")
    args = parser.parse_args(argv)
    from crm.config import default_raw_dir
    from crm.usl.corpus import load_named_corpus

    work = scratch_dir()
    corpus_arg = str(tiny_corpus(work / "corpus")) if args.smoke else args.corpus
    corpus = load_named_corpus(corpus_arg, args.raw_dir or default_raw_dir())
    if corpus.default_baseline is None:
        corpus.default_baseline = corpus.models[0]
    reps = 1 if args.smoke else args.reps
    crm_dir = args.ckpt or minilm_crm(work / "crm")
    chosen = [b.strip() for b in args.only.split(",") if b.strip()]
    results: list[dict] = []
    if "scoring" in chosen:
        results += board.scoring(crm_dir, corpus, args.queries, reps, CRITERIA, args.precision)
    if "rerank" in chosen:
        results += board.cached_rerank(crm_dir, corpus, corpus_arg, reps, CRITERIA, args.precision)
    if "evaluation" in chosen:
        results += board.evaluation(crm_dir, corpus, args.queries, reps, CRITERIA, args.precision)
    from crm.precision import inference_plan

    title = f"Benchmarks on {machine()}; scoring in {inference_plan(precision=args.precision).label}"
    header = ["benchmark", "what", "unit", "median", "range", "reps", "vs baseline"]
    caption = "command: " + shlex.join(["python", "benchmarks/run.py", *(argv if argv is not None else sys.argv[1:])])
    print_tables([(title, header, rows_of(results), caption)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
