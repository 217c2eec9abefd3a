"""Best-of-n: pick the best of n candidate responses to each prompt under its criteria, with a CRM.

    crm-best-of-n --ckpt RUN --input candidates.jsonl --output best.jsonl [--criteria "Prefer concise answers."]

Each input line: ``{"id": ..., "prompt": "..." (or "messages": [...]), "responses": ["...", ...],
"criteria": ["...", ...] (or one string, one criterion per line; --criteria when absent)}``. Each
output line: the id, the criteria, ``best`` (the index of the pick), ``best_response`` and every
candidate's score. ``bt``: the pick is the argmax of the rewards. ``cls``: a round robin with both
orders (:mod:`crm.scoring.response_sets`): the pick has the highest mean probability of beating the others, so the
order of the candidates cannot decide; it costs n(n-1) judgements against n - 1 for a knockout
tournament, but no bracket decides and every candidate gets a score.

Lines stream through in chunks (one length-sorted scoring pass per chunk) with a progress bar; every
score goes to the score cache as it is computed, so a killed run, run again, recomputes nothing it
had scored. A malformed line, or one whose criteria the CRM cannot read, is reported with its file
and line number, counted and skipped; the run goes on.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path

from tqdm.auto import tqdm

from crm.cli import (
    add_scoring_options,
    devices_of,
    refuse_writing_over_inputs,
    text_argument,
    user_errors_end_the_command,
)
from crm.data.schema import ROLES, invalid_unicode
from crm.devices import is_rank_zero
from crm.outputs import complete_or_nothing
from crm.scoring.response_sets import ResponseSet, criteria_lines, score_or_skip

CHUNK = 16  # prompts scored per pass


class BadLine(ValueError):
    pass


def batched(items: Iterable, n: int) -> Iterator[list]:
    iterator = iter(items)
    while chunk := list(islice(iterator, n)):
        yield chunk


def parse_line(line: str, default_criteria: list[str]) -> tuple[object, list[str], list[dict] | str, list[str]]:
    """(id, criteria, conversation, responses) of one input line; raises :class:`BadLine` saying what is wrong."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as err:
        raise BadLine(f"not JSON ({err})") from None
    if not isinstance(record, dict):
        raise BadLine("expected a JSON object")
    problem = invalid_unicode(record)
    if problem:
        raise BadLine(problem)
    responses = record.get("responses")
    if not isinstance(responses, list) or not responses or not all(isinstance(r, str) for r in responses):
        raise BadLine("`responses` must be a non-empty list of strings")
    criteria = record.get("criteria", default_criteria)
    if not isinstance(criteria, (str, list)) or not all(isinstance(c, str) for c in criteria):
        raise BadLine("`criteria` must be a string or a list of strings")
    criteria = criteria_lines(criteria)
    if not [c for c in criteria if c.strip()]:
        raise BadLine("no criteria: give `criteria` in the line or --criteria")
    conversation = record.get("messages", record.get("prompt"))
    if isinstance(conversation, list):
        if not conversation or not all(isinstance(m, dict) and {"role", "content"} <= set(m) for m in conversation):
            raise BadLine("`messages` must be a list of {role, content} objects")
        for i, m in enumerate(conversation):
            if m["role"] not in ROLES or not isinstance(m["content"], str):
                raise BadLine(f"`messages[{i}]` needs a role in {ROLES} and a string content")
    elif not isinstance(conversation, str):
        raise BadLine("give `prompt` (a string) or `messages`")
    return record.get("id"), criteria, conversation, responses


def skip(skipped: list[str], where: str, why) -> None:
    skipped.append(f"{where}: {why}")
    if is_rank_zero():  # on many devices every process skips it; one says so
        print(f"skipped {where}: {why}", file=sys.stderr)


def read_lines(path: Path, default_criteria: list[str], skipped: list[str]) -> Iterator[tuple]:
    """(where, id, response set) of every well-formed line; the others are skipped and counted."""
    with path.open("rb") as f:
        for number, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            try:
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as err:
                    raise BadLine(f"not UTF-8 (byte {err.start})") from None
                line_id, criteria, conversation, responses = parse_line(line, default_criteria)
            except BadLine as err:
                skip(skipped, f"{path}:{number}", err)
                continue
            yield f"{path}:{number}", line_id, ResponseSet.build(criteria, conversation, responses)


def best_of_n(crm, input_path: Path, output_path: Path, default_criteria=(), cache=None, progress: bool = True) -> dict:
    """Write the pick for every line of ``input_path``; returns counts (lines written, skipped and why). On
    many devices every process scores every line with the others, and global rank 0 alone writes."""
    skipped: list[str] = []
    with input_path.open("rb") as f:
        total = sum(1 for line in f if line.strip())
    written = 0
    bar = tqdm(total=total, desc="best-of-n", disable=not progress or not is_rank_zero())
    writing = complete_or_nothing(output_path) if is_rank_zero() else open(os.devnull, "w")  # noqa: SIM115
    with writing as out:
        for chunk in batched(read_lines(input_path, list(default_criteria), skipped), CHUNK):
            for (where, line_id, scored), result in zip(chunk, score_or_skip(crm, [s for *_, s in chunk], cache=cache)):
                if isinstance(result, Exception):
                    skip(skipped, where, result)
                    continue
                scores = result.scores  # identical texts are one judgement, so they share one score
                best = max(range(len(scores)), key=lambda i: (scores[i], -i))  # ties: the lowest index
                record = {"id": line_id, "criteria": list(scored.criteria), "best": best}
                record |= {"best_response": scored.responses[best], "scores": scores}
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
                written += 1
            out.flush()
            bar.update(len(chunk))
    bar.close()
    return {"written": written, "skipped": len(skipped), "skipped_lines": skipped}


@user_errors_end_the_command("crm-best-of-n")
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="crm-best-of-n", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ckpt", type=Path, required=True, help="a CRM: training run directory or its export/")
    parser.add_argument("--input", type=Path, required=True, help="jsonl of prompts with candidate responses")
    parser.add_argument("--output", type=Path, required=True, help="jsonl of picks and scores")
    parser.add_argument(
        "--criteria", action="append", default=[], type=text_argument, help="criteria for lines without (repeatable)"
    )
    add_scoring_options(parser, many_devices=True)
    parser.add_argument("--no-cache", action="store_true", help="score everything afresh, store nothing")
    args = parser.parse_args(argv)
    if not args.input.is_file():
        parser.error(f"--input {args.input}: no such file")
    from crm.export.artifact import resolve_export
    from crm.scoring.cache import ScoreCache, default_cache

    resolve_export(args.ckpt)  # a CRM that is not there is named in a second, before the heavy imports

    cache_path = None if args.no_cache else args.cache or default_cache()
    inputs = {"--input": args.input, "--ckpt": args.ckpt, "the score cache": cache_path}
    refuse_writing_over_inputs("--output", args.output, inputs)
    from crm.inference import load_crm

    try:
        cache = None if cache_path is None else ScoreCache(cache_path)
    except ValueError as err:
        parser.error(f"--cache: {err}")
    crm = load_crm(args.ckpt, args.device, args.precision, args.engine, devices_of(args))
    report = best_of_n(crm, args.input, args.output, args.criteria, cache)
    if is_rank_zero():
        print(f"{report['written']} picks written to {args.output}; {report['skipped']} malformed lines skipped")
    return 1 if report["skipped"] else 0


if __name__ == "__main__":
    sys.exit(main())
