"""Run the benchmarks and print one table: each figure beside its baseline, with the ratio, the machine
and the command. ``--smoke`` runs every benchmark on a tiny generated corpus (what the test suite checks).

    python benchmarks/run.py                 # Arena-Hard from CRM_RAW_DIR, the quickstart CRM's architecture
    python benchmarks/run.py --architecture cross-encoder   # the earlier quickstart's cross-encoder
    python benchmarks/run.py --ckpt RUN_DIR  # a trained CRM instead
    python benchmarks/run.py --only training --train-model qwen3_0_6b_random   # on a GPU
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `python benchmarks/run.py` from a checkout

from benchmarks import board, drawing, engines, reading, training  # noqa: E402
from benchmarks.common import CROSS_ENCODER, Figure, machine, scratch_dir, train_config, untrained_crm  # noqa: E402
from crm.data.corpora import CORPUS_HELP  # noqa: E402
from crm.tables import print_tables  # noqa: E402

CRITERIA = ["I prefer concise answers that get to the point.", "Use bullet points when listing several things."]
ARCHITECTURES = {"quickstart": (), "cross-encoder": CROSS_ENCODER}  # the untrained CRM without --ckpt: its overrides
BENCHMARKS = ("training", "reader", "drawing", "scoring", "rerank", "edit", "evaluation", "engines")


def tiny_corpus(root: Path) -> Path:
    """Four queries answered by three models, in the FastChat layout."""
    (root / "model_answer").mkdir(parents=True)
    lines = [json.dumps({"question_id": i, "category": "general", "turns": [f"What is {i} + {i}?"]}) for i in range(4)]
    (root / "question.jsonl").write_text("\n".join(lines) + "\n")
    for model, template in {"base": "It is {n}.", "short": "{n}", "long": "The sum is {n}. " * 8}.items():
        answers = [{"question_id": i, "choices": [{"turns": [template.format(n=2 * i)]}]} for i in range(4)]
        (root / "model_answer" / f"{model}.jsonl").write_text("\n".join(json.dumps(a) for a in answers) + "\n")
    return root


def tiny_pairs(root: Path) -> dict[str, Path]:
    """Tiny train/val/test files of short-vs-long pairs (the smoke runs of training and engines)."""
    from crm.data.schema import PreferenceSample, conversation, write_samples

    root.mkdir(parents=True, exist_ok=True)
    files = {}
    for split, n in (("train", 12), ("val", 2), ("test", 2)):
        samples = []
        for i in range(n):
            query = f"What is {i} plus {i}?"
            short = f"It is {2 * i}."
            long = f"Adding {i} to itself gives {2 * i}, because doubling a number... " * (i + 1)
            samples.append(
                PreferenceSample(
                    prompt=query,
                    model_a=conversation(query, short),
                    model_b=conversation(query, long),
                    criteria=["I prefer short answers."],
                    preference="model_a",
                    idx=f"{split}/{i}",
                    source="tiny",
                )
            )
        files[split] = root / f"{split}.jsonl"
        write_samples(files[split], samples)
    return files


def rows_of(results: list[Figure]) -> list[list[str]]:
    """Value and range of each figure, and how many times better it is than its baseline (same benchmark
    and unit)."""
    baselines = {(r.benchmark, r.unit): r for r in results if r.baseline}
    rows = []
    for r in results:
        base = baselines.get((r.benchmark, r.unit))
        ratio = "baseline" if r is base else "-"
        if base is not None and r is not base and r.better and r.value and base.value:
            ratio = f"{(r.value / base.value if r.better == 'higher' else base.value / r.value):.2f}x"
        rows.append([r.benchmark, r.what, r.unit, f"{r.value:.3g}", f"{r.low:.3g} - {r.high:.3g}", str(r.reps), ratio])
    return rows


def train_figures(args: argparse.Namespace, work: Path) -> list[Figure]:
    """Benchmark 1; ``--smoke``: the tiny Qwen3 on tiny files, two steps counted."""
    precision = {"bf16": "bf16-mixed", "fp32": "32-true"}.get(args.precision, args.precision)
    variants = tuple(args.train_variants.split(",")) if args.train_variants else training.default_variants(precision)
    if args.smoke:  # the two trainers; each variant of ours is one config override
        variants = ("trl", "ours")
        files = tiny_pairs(work)
        extra = ("data.files={" + ",".join(f"{k}:'{v}'" for k, v in files.items()) + "}", "trainer.precision=32-true")
        return training.training("qwen3_tiny", 3, 1, 4, "32-true", variants, extra)
    sizes = (args.train_steps, args.train_warmup, args.train_batch)
    return training.training(args.train_model, *sizes, precision, variants, tuple(args.train_set))


def mixture_pairs(args: argparse.Namespace, work: Path, split: str, count: int) -> list:
    """Labelled pairs of the criteria mixture's ``split`` (attribute pairs, styles, votes), a seeded
    sample of ``count``; ``--smoke``: the tiny generated pairs."""
    import random

    from crm.data.schema import read_samples

    if args.smoke:
        return read_samples(tiny_pairs(work)["train"])[0]
    from crm.train.run import build_data

    _, datamodule = build_data(training.compose("minilm", 8, 8, "32-true", ("data=criteria",)))
    samples = [s for path in datamodule.split_files(split) for s in read_samples(path)[0] if s.preference != "tie"]
    return random.Random(0).sample(samples, min(count, len(samples)))


def drawing_figures(args: argparse.Namespace, work: Path) -> list[Figure]:
    """The pair stage's sample drawing, with the quickstart's renderer settings."""
    from transformers import AutoTokenizer

    from crm.config import minilm_path

    cfg = train_config()
    samples = mixture_pairs(args, work, "train", args.draw_samples)
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    sizes = (cfg.data.max_length, cfg.data.max_response_tokens)
    return drawing.drawing(samples, tokenizer, cfg.loss.head, cfg.model.input_format, *sizes)


def board_figures(args: argparse.Namespace, chosen: list[str], work: Path) -> list[Figure]:
    """Benchmarks 2-5 and the criteria edit, on one corpus and CRM."""
    from crm.config import default_raw_dir
    from crm.export.artifact import read_settings, resolve_export
    from crm.usl.named_corpora import load_named_corpus

    corpus_arg = str(tiny_corpus(work / "corpus")) if args.smoke else args.corpus
    corpus = load_named_corpus(corpus_arg, args.raw_dir or default_raw_dir())
    if corpus.default_baseline is None:
        corpus.default_baseline = corpus.models[0]
    reps = 1 if args.smoke else args.reps
    layers = 1 if args.smoke else None  # the smoke run's CRM: one layer per tower
    crm_dir = args.ckpt or untrained_crm(work / "crm", ARCHITECTURES[args.architecture], layers)
    two_towers = read_settings(resolve_export(crm_dir)).two_tower
    results: list[Figure] = []
    if "scoring" in chosen:
        results += board.scoring(crm_dir, corpus, args.queries, reps, CRITERIA, args.precision, args.engine)
    if "rerank" in chosen:
        results += board.cached_rerank(crm_dir, corpus, corpus_arg, reps, CRITERIA, args.precision)
    if "edit" in chosen:
        edited = crm_dir if two_towers else untrained_crm(work / "crm-two-towers", layers=layers)
        results += board.criteria_edit(edited, corpus, args.queries, reps, CRITERIA, args.precision)
    if "evaluation" in chosen:
        results += board.evaluation(crm_dir, corpus, args.queries, reps, CRITERIA, args.precision)
    if "engines" in chosen:
        answers = board.board_answers(corpus, args.queries, CRITERIA)
        results += engines.compare(crm_dir, answers, mixture_pairs(args, work / "pairs", "test", args.test_pairs), reps)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ckpt", type=Path, help="a CRM run or export directory (default: --architecture, untrained)")
    parser.add_argument(
        "--architecture",
        choices=sorted(ARCHITECTURES),
        default="quickstart",
        help="the untrained CRM scored without --ckpt: the quickstart's two towers or a cross-encoder",
    )
    parser.add_argument(
        "--corpus",
        default="arena_hard",
        help=CORPUS_HELP,
    )
    parser.add_argument("--raw-dir", type=Path, default=None, help="raw data directory (CRM_RAW_DIR)")
    parser.add_argument("--queries", type=int, default=12, help="queries scored by the scoring benchmarks")
    parser.add_argument("--reps", type=int, default=3, help="measured repetitions (after one warm-up)")
    parser.add_argument("--only", default=",".join(BENCHMARKS), help=f"comma-separated subset of {BENCHMARKS}")
    parser.add_argument("--precision", default="auto", help="auto (bf16 where native), bf16 or fp32")
    parser.add_argument("--engine", default="torch", help="the CRM's engine in board scoring: torch, onnx, onnx-int8")
    parser.add_argument("--test-pairs", type=int, default=600, help="test pairs for the engines' accuracy")
    parser.add_argument("--train-model", default="minilm", help="model preset of the training benchmark")
    parser.add_argument("--train-steps", type=int, default=40, help="training steps per variant (an epoch)")
    parser.add_argument("--train-warmup", type=int, default=8, help="first steps not counted")
    parser.add_argument("--train-batch", type=int, default=8, help="pairs per training step")
    parser.add_argument("--train-variants", default=None, help=f"comma-separated subset of {sorted(training.VARIANTS)}")
    parser.add_argument("--reader-steps", type=int, default=40, help="criteria reader steps per variant")
    parser.add_argument("--draw-samples", type=int, default=4000, help="training samples the drawing benchmark draws")
    parser.add_argument("--train-set", action="append", default=[], help="a training config override (repeatable)")
    parser.add_argument("--smoke", action="store_true", help="a tiny generated corpus, one repetition")
    args = parser.parse_args(argv)
    work = scratch_dir()
    chosen = [b.strip() for b in args.only.split(",") if b.strip()]
    results: list[Figure] = []
    if "training" in chosen:
        results += train_figures(args, work / "pairs")
    if "reader" in chosen:  # the smoke run: a one-block reader, two steps
        results += reading.reader_steps(2, 1, layers=1) if args.smoke else reading.reader_steps(args.reader_steps, 5)
    if "drawing" in chosen:
        results += drawing_figures(args, work / "pairs")
    if set(chosen) - {"training", "reader", "drawing"}:
        results += board_figures(args, chosen, work)
    from crm.precision import inference_plan

    plan = inference_plan(precision=args.precision, engine=args.engine)
    title = f"Benchmarks on {machine()}; scoring in {plan.label}"
    header = ["benchmark", "what", "unit", "value", "range", "n", "vs baseline"]
    caption = (
        "value: the median of n timed repetitions after a warm-up (training: the total over n steps after\n"
        "warm-up, the range per step). command: "
        + shlex.join(["python", "benchmarks/run.py", *(argv if argv is not None else sys.argv[1:])])
    )
    print_tables([(title, header, rows_of(results), caption)])
    return 1 if any(r.unit == "failed" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
