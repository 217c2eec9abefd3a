"""The leaderboard from the command line: `python -m crm.usl --ckpt RUN --corpus mt_bench --criteria "..."`.

    python -m crm.usl --ckpt logs/train/runs/<run> --corpus mt_bench --topics writing,roleplay \\
        --criteria "Prefer concise answers." [--versus "Prefer detailed answers."] [--out DIR]
    python -m crm.usl topics --corpus arena_hard      # topics, their query counts (and cluster mapping)
    python -m crm.usl fidelity --ckpt RUN --corpus arena_hard [--families bullet_points,hedging] [--out DIR]
                                                      # board fidelity per criteria family (crm/usl/fidelity.py)
    python -m crm.usl agreement --ckpt RUN --corpus arena_hard [--out DIR]
                                                      # boards under quality criteria against the published
                                                      # ranking (crm/usl/agreement.py)
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

from rich.console import Console

from crm.cli import (
    add_scoring_options,
    devices_of,
    int_at_least,
    one_line,
    refuse_writing_over_inputs,
    text_argument,
    user_errors_end_the_command,
)
from crm.config import default_raw_dir
from crm.data.corpora import CORPUS_HELP
from crm.data.criteria.pairs import DEFAULT_HELDOUT_MODELS
from crm.data.criteria.wording_files import TEST_WORDINGS
from crm.data.published import LEADERBOARD_FILE
from crm.devices import is_rank_zero
from crm.errors import UserError
from crm.scoring.cache import default_cache
from crm.usl.board import board_kendall_tau
from crm.usl.board_output import print_board, write_board
from crm.usl.named_corpora import corpus_dir, load_named_corpus

MIN_ROUNDS = 20  # fewer resamples give no 95% interval worth printing (one round: a point, not an interval)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crm-usl", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", nargs="?", default="board", choices=["board", "topics", "fidelity", "agreement"])
    parser.add_argument(
        "--corpus",
        default="mt_bench",
        help=CORPUS_HELP,
    )
    parser.add_argument("--raw-dir", type=Path, default=None, help="raw data directory (CRM_RAW_DIR)")
    parser.add_argument("--ckpt", type=Path, help="a CRM: training run directory or its export/")
    parser.add_argument(
        "--criteria", action="append", default=[], type=text_argument, help="one criterion (repeat the flag for more)"
    )
    parser.add_argument(
        "--versus",
        action="append",
        default=[],
        type=text_argument,
        help="a second criteria set: both boards and Kendall tau",
    )
    parser.add_argument("--topics", default="", help="comma-separated topics (default: all)")
    parser.add_argument("--search", type=text_argument, help="free text: keep the queries most similar to it")
    parser.add_argument("--top-k", type=int_at_least(1), default=20, help="queries kept by --search")
    parser.add_argument("--baseline", help="baseline model (default: the corpus's)")
    parser.add_argument("--rounds", type=int_at_least(MIN_ROUNDS), default=1000, help="bootstrap rounds")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--length-control", action="store_true", help="add the length-controlled win rate")
    parser.add_argument("--batch-size", type=int_at_least(1), default=32)
    add_scoring_options(parser, many_devices=True)
    parser.add_argument("--out", type=Path, help="write board(s) as CSV, JSON and markdown here")
    fidelity = parser.add_argument_group("fidelity")
    fidelity.add_argument("--families", default="", help="comma-separated families (default: every verified one)")
    fidelity.add_argument("--heldout", default=None, help="families held out of training (default: the data's)")
    fidelity.add_argument(
        "--wordings",
        type=int_at_least(1, TEST_WORDINGS),
        default=TEST_WORDINGS,
        help=f"test-only wordings per polarity, two boards each; the correlations are their means (1-{TEST_WORDINGS})",
    )
    fidelity.add_argument("--split-seed", type=int, default=0, help="the training data's split_seed")
    fidelity.add_argument(
        "--query-splits",
        default="val,test",
        help="splits whose queries are used (never train; 'test' is half the cost)",
    )
    agreement = parser.add_argument_group(
        "agreement (also --criteria: boards under these instead, --split-seed, --query-splits)"
    )
    agreement.add_argument(
        "--null-models",
        action="store_true",
        help="add null models (constant or non-answers, crm/usl/null_models.py) to every board: are they last?",
    )
    agreement.add_argument(
        "--heldout-models",
        default=",".join(DEFAULT_HELDOUT_MODELS),
        help="models held out of training, reported apart (default: the data's)",
    )
    agreement.add_argument(
        "--reference",
        type=Path,
        help="published scores, CSV with model,score (default: leaderboard.csv beside the corpus)",
    )
    return parser


def engine_of(args: argparse.Namespace):
    """The leaderboard engine the command line describes (CRM, cache, batch size, device, precision, engine)."""
    from crm.usl.engine import LeaderboardEngine

    cache = args.cache or default_cache()
    return LeaderboardEngine(
        args.ckpt, cache, args.batch_size, args.device, args.precision, args.engine, devices_of(args)
    )


def fidelity_command(args: argparse.Namespace, corpus, argv: list[str], console: Console) -> None:
    """``crm-usl fidelity``: board fidelity per criteria family (see crm/usl/fidelity.py)."""
    from crm.usl.fidelity import parse_families, run_fidelity

    engine = engine_of(args)
    heldout = None if args.heldout is None else parse_families(args.heldout)
    meta = {"command": shlex.join(["crm-usl", *argv]), "crm": str(args.ckpt)}
    splits = [x.strip() for x in args.query_splits.split(",") if x.strip()]
    run_fidelity(
        engine, corpus, parse_families(args.families), args.baseline, args.split_seed, splits, heldout,
        args.rounds, args.out, meta, console, args.wordings,
    )  # fmt: skip


def agreement_command(args: argparse.Namespace, corpus, argv: list[str], console: Console) -> None:
    """``crm-usl agreement``: boards under quality criteria against the published ranking (crm/usl/agreement.py)."""
    from crm.data.published import match_models, read_published_scores
    from crm.usl.agreement import run_agreement
    from crm.usl.fidelity import heldout_queries

    path = args.reference or corpus_dir(args.corpus, args.raw_dir or default_raw_dir()) / LEADERBOARD_FILE
    reference = match_models(read_published_scores(path), corpus.models)
    splits = [x.strip() for x in args.query_splits.split(",") if x.strip()]
    qids = heldout_queries(corpus, args.split_seed, splits=splits)
    wordings = [(c, "given") for c in args.criteria] or None
    heldout = [m.strip() for m in args.heldout_models.split(",") if m.strip()]
    meta = {
        "command": shlex.join(["crm-usl", *argv]),
        "crm": str(args.ckpt),
        "reference": str(path),
        "query_splits": splits,
    }
    run_agreement(
        engine_of(args), corpus, reference, qids, heldout, wordings, args.baseline, args.rounds, args.out, meta,
        console, args.null_models,
    )  # fmt: skip


@user_errors_end_the_command("crm-usl")
def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = _parser()
    args = parser.parse_args(argv)
    inputs = {"--ckpt": args.ckpt, "--corpus": args.corpus, "the score cache": args.cache or default_cache()}
    inputs |= {"--raw-dir": args.raw_dir, "--reference": args.reference}
    refuse_writing_over_inputs("--out", args.out, inputs)
    writer = is_rank_zero()  # on many devices every process runs this command; one writes and prints
    args.out = args.out if writer else None
    console = Console(quiet=not writer)
    try:
        corpus = load_named_corpus(args.corpus, args.raw_dir or default_raw_dir())
        if args.command == "topics":
            for topic, n in corpus.topics().items():
                clusters = sorted({q.cluster for q in corpus.queries.values() if q.topic == topic and q.cluster})
                console.print(f"[bold]{topic}[/bold] ({n} queries)" + (": " + "; ".join(clusters) if clusters else ""))
            return 0
        if args.ckpt is None:
            raise ValueError("--ckpt is required: a CRM training run directory or export directory")
        from crm.usl.engine import select_queries

        if args.command == "fidelity":
            fidelity_command(args, corpus, argv, console)
            return 0
        if args.command == "agreement":
            agreement_command(args, corpus, argv, console)
            return 0
        engine = engine_of(args)
        topics = [t.strip() for t in args.topics.split(",") if t.strip()]
        qids = select_queries(corpus, topics, args.search, args.top_k)
        boards = {}
        for name, criteria in (("criteria", args.criteria), ("versus", args.versus)):
            if name == "versus" and not criteria:
                continue
            started = time.time()
            board = engine.board(
                corpus,
                criteria,
                qids,
                args.baseline,
                rounds=args.rounds,
                seed=args.seed,
                length_control=args.length_control,
                progress=writer,
            )
            seconds = time.time() - started
            print_board(board, corpus.name, topics, seconds, console)
            boards[name] = board
        if "versus" in boards:
            tau, p_value, n = board_kendall_tau(boards["criteria"].rows, boards["versus"].rows)
            console.print(
                f"Kendall tau between the two boards: [bold]{tau:+.3f}[/bold] (p = {p_value:.2g}, {n} models)"
            )
        if args.out:
            for name, board in boards.items():
                write_board(board, args.out / name)
            console.print(f"wrote {args.out}")
    except (ValueError, KeyError, OSError) as err:  # bad input, a damaged export or corpus: one line
        raise UserError(one_line(err)) from err
    except KeyboardInterrupt:
        console.print(
            "[yellow]interrupted:[/yellow] every score computed so far is cached; "
            "run the same command again to resume where it stopped"
        )
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
