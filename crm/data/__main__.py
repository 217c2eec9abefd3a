"""Command line: ``python -m crm.data prepare ...``, ``validate FILE...`` and ``extract-criteria VOTES...``.

Data problems are user errors, not bugs: they are printed as one message (naming file and line)
with exit code 1, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections import Counter
from pathlib import Path

from crm.cli import float_at_least, int_at_least, refuse_writing_over_inputs, user_errors_end_the_command
from crm.data.extraction.prompt import RESPONSE_FORMATS
from crm.data.extraction.votes import TIES, read_votes
from crm.data.prepare import prepare
from crm.data.raw_files import RAW_HINT
from crm.data.schema import read_samples
from crm.data.sources import SOURCES
from crm.data.splits import DEFAULT_HELDOUT_STYLES
from crm.errors import UserError
from crm.outputs import complete_or_nothing
from crm.paths import cache_root
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

    ext = commands.add_parser(
        "extract-criteria", help="criteria for pairwise votes, written by an OpenAI-compatible LLM (docs/DATA.md)"
    )
    ext.add_argument("files", nargs="+", type=Path, help="votes: reference jsonl or arena export jsonl")
    ext.add_argument("--out", type=Path, required=True, help="the reference jsonl to write")
    ext.add_argument("--base-url", required=True, help="the endpoint, e.g. http://localhost:8000/v1")
    ext.add_argument("--model", required=True, help="the model name the endpoint serves")
    ext.add_argument("--api-key-env", default="OPENAI_API_KEY", help="variable holding the key (never logged)")
    ext.add_argument("--cache", type=Path, help="answers kept here (default: $CRM_CACHE_DIR/criteria_answers)")
    ext.add_argument("--ties", choices=TIES, default="skip", help="leave ties out, or write each side preferred")
    ext.add_argument("--max-concurrency", type=int_at_least(1), default=8, help="requests in flight at once")
    ext.add_argument("--attempts", type=int_at_least(1), default=3, help="asks per vote while the reply is malformed")
    ext.add_argument("--timeout", type=float_at_least(0.001), default=120.0, help="seconds per request")
    ext.add_argument("--max-retries", type=int_at_least(0), default=5, help="HTTP retries (429, 5xx, timeouts)")
    ext.add_argument("--max-tokens", type=int_at_least(1), default=512, help="the longest reply asked for")
    ext.add_argument(
        "--response-format",
        choices=RESPONSE_FORMATS,
        default="text",
        help="json_object: JSON mode; json_schema: decoding constrained to the reply's schema (docs/DATA.md)",
    )
    ext.add_argument("--limit", type=int_at_least(1), help="only the first N votes of each file")
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
    schema_log = logging.getLogger("crm.data.schema")
    level = schema_log.level
    schema_log.setLevel(logging.ERROR)  # the lines are listed below, once
    try:
        for path in files:
            samples, report = read_samples(path, skip_invalid=True)
            invalid += report.invalid
            labels = Counter(s.preference for s in samples)
            sources = Counter(s.source or "?" for s in samples)
            by_source = ", ".join(f"{name} {n}" for name, n in sources.most_common())
            counts = [str(len(samples)), *(str(labels[k]) for k in ("model_a", "model_b", "tie")), str(report.skipped)]
            rows.append([str(path), *counts, by_source])
    finally:
        schema_log.setLevel(level)  # later reads in this process warn again
    print_tables([("Sample files", ["file", "samples", "model_a", "model_b", "tie", "invalid", "sources"], rows)])
    for line in invalid:
        print(f"invalid {line}", file=sys.stderr)
    if invalid:
        print(f"error: {len(invalid)} invalid line(s)", file=sys.stderr)
    return 1 if invalid else 0


def _run_extract(args: argparse.Namespace) -> int:
    """Votes read (bad lines listed), criteria asked for or found cached, samples written, counts shown."""
    from crm.data.extraction.cache import AnswerCache

    try:
        from crm.data.extraction.run import Endpoint, EndpointStopped, Extractor
    except ModuleNotFoundError as err:
        print(f"error: extract-criteria needs the `{err.name}` package: pip install -e '.[extract]'", file=sys.stderr)
        return 1

    cache = args.cache or cache_root() / "criteria_answers"
    summary = args.out.with_suffix(".report.json")  # the counts, and every skipped vote's file:line and why
    inputs = {**{str(f): f for f in args.files}, "the answer cache": cache}  # refused before anything is asked
    refuse_writing_over_inputs("--out", args.out, inputs)
    refuse_writing_over_inputs("the report beside --out", summary, {**inputs, "--out": args.out})
    votes, unreadable = [], []
    for path in args.files:
        read = read_votes(path)
        votes += read.votes[: args.limit]
        unreadable += read.skipped
    endpoint = Endpoint(
        args.base_url,
        args.model,
        args.api_key_env,
        args.timeout,
        args.max_retries,
        max_tokens=args.max_tokens,
        response_format=args.response_format,
    )
    extractor = Extractor(endpoint, AnswerCache(cache), attempts=args.attempts)
    try:
        samples = extractor.extract(votes, args.ties, args.max_concurrency)
    except EndpointStopped as err:
        kept = f"{extractor.report.answered} answers were kept: rerun to go on from there"
        raise EndpointStopped(f"{err}; {kept}") from None
    report = extractor.report
    with complete_or_nothing(args.out) as handle:
        for sample in samples:
            handle.write(json.dumps(sample.to_dict(), ensure_ascii=False) + "\n")
    report.written = len(samples)
    with complete_or_nothing(summary) as handle:
        handle.write(json.dumps({"unreadable": unreadable, **report.to_dict()}, indent=1))
    rows = [["unreadable vote lines", str(len(unreadable))], *report.rows()]
    print_tables([(f"Criteria extraction: {args.out} (counts: {summary})", ["", "count"], rows)])
    for line in unreadable + report.failed:
        print(f"skipped {line}", file=sys.stderr)
    if report.reasons:
        print(
            "malformed replies: " + ", ".join(f"{why} {n}" for why, n in report.reasons.most_common()), file=sys.stderr
        )
    return 0


@user_errors_end_the_command("python -m crm.data")
def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "prepare":
        refuse_writing_over_inputs("--out", args.out, {"--raw": args.raw})
    if args.command == "extract-criteria":
        refuse_writing_over_inputs("--out", args.out, {str(f): f for f in args.files})
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "prepare":
            _run_prepare(args)
        elif args.command == "extract-criteria":
            return _run_extract(args)
        else:
            return _run_validate(args.files)
    except ValueError as err:  # what the raw data or a sample file holds: the user's, in one line
        if isinstance(err, UserError):
            raise
        raise UserError(str(err)) from err
    return 0


if __name__ == "__main__":
    sys.exit(main())
