"""Command line: ``python -m crm.data prepare ...`` and ``python -m crm.data validate FILE...``.

Data problems are user errors, not bugs: they are printed as one message (naming file and line)
with exit code 1, without a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections import Counter
from pathlib import Path

from crm.cli import refuse_writing_over_inputs
from crm.data.prepare import prepare
from crm.data.raw_files import RAW_HINT
from crm.data.schema import DataFormatError, read_samples
from crm.data.sources import SOURCES
from crm.data.splits import DEFAULT_HELDOUT_STYLES
from crm.tables import print_tables


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m crm.data", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    prep = commands.add_parser("prepare", help="convert the raw corpora into split jsonl files")
    prep.add_argument("--raw", default=os.environ.get("CRM_RAW_DIR"), help="raw data dir (default: $CRM_RAW_DIR)")
    prep.add_argument(
        "--out",
        default=os.environ.get("CRM_DATA_DIR", "data/processed"),
        help="output dir (default: $CRM_DATA_DIR or data/processed)",
    )
    prep.add_argument("--sources", help=f"comma-separated subset of: {','.join(SOURCES)} (default: all)")
    prep.add_argument("--seed", type=int, default=0)
    prep.add_argument(
        "--heldout-style",
        action="append",
        dest="heldout_styles",
        help=f"style kept out of train/val (repeatable; 'none': no hold-out; default: {DEFAULT_HELDOUT_STYLES[0]})",
    )

    check = commands.add_parser("validate", help="check that jsonl files follow the sample schema")
    check.add_argument("files", nargs="+", type=Path)
    return parser


def _heldout(values: list[str] | None) -> tuple[str, ...]:
    if values is None:
        return DEFAULT_HELDOUT_STYLES
    return tuple(v for v in values if v.lower() != "none")


def _run_prepare(args: argparse.Namespace) -> None:
    if not args.raw:
        raise FileNotFoundError(f"no raw data directory: {RAW_HINT}")
    sources = args.sources.split(",") if args.sources else None
    prepare(args.raw, args.out, sources, args.seed, _heldout(args.heldout_styles))
    print(f"wrote {Path(args.out) / 'manifest.json'}")


def _run_validate(files: list[Path]) -> int:
    """Every file read whole: each invalid line listed (file:line: why) and counted, not only the first."""
    rows, invalid = [], []
    logging.getLogger("crm.data.schema").setLevel(logging.ERROR)  # the lines are listed below, once
    for path in files:
        samples, report = read_samples(path, skip_invalid=True)
        invalid += report.invalid
        labels = Counter(s.preference for s in samples)
        sources = Counter(s.source or "?" for s in samples)
        by_source = ", ".join(f"{name} {n}" for name, n in sources.most_common())
        counts = [str(len(samples)), *(str(labels[k]) for k in ("model_a", "model_b", "tie")), str(report.skipped)]
        rows.append([str(path), *counts, by_source])
    print_tables([("Sample files", ["file", "samples", "model_a", "model_b", "tie", "invalid", "sources"], rows)])
    for line in invalid:
        print(f"invalid {line}", file=sys.stderr)
    if invalid:
        print(f"error: {len(invalid)} invalid line(s)", file=sys.stderr)
    return 1 if invalid else 0


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "prepare":
        refuse_writing_over_inputs(parser, "--out", args.out, {"--raw": args.raw})
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "prepare":
            _run_prepare(args)
        else:
            return _run_validate(args.files)
    except (FileNotFoundError, DataFormatError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
