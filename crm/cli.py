"""What the command lines share: a user's mistake ends a command with one message, not a traceback;
free text that is not valid Unicode is refused as it is typed; no command writes over what it reads,
and no named input silently replaces another."""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from crm.data.schema import DataFormatError, invalid_unicode

# what the user gave, named in the message (a damaged export, crm.export.artifact.ExportError, is a DataFormatError)
USER_MISTAKES = (DataFormatError, FileNotFoundError)


@contextmanager
def user_mistakes_end_the_run(run_dir: str | Path) -> Iterator[None]:
    """A mistake in what the user gave (a malformed sample file, a missing or damaged CRM, no raw data)
    ends the command with its message and exit code 1, not a framework's traceback; a run directory
    holding nothing but its config and log is removed, so it leaves no empty run behind."""
    try:
        yield
    except USER_MISTAKES as err:
        print(f"error: {err}", file=sys.stderr)
        run = Path(run_dir)
        if run.is_dir() and all(p.name == ".hydra" or p.suffix == ".log" for p in run.iterdir()):
            shutil.rmtree(run)
        raise SystemExit(1) from None


def text_argument(value: str) -> str:
    """An argparse ``type`` for free text (criteria, a search): a byte that is not UTF-8 in the command
    line reaches Python as a lone surrogate, which no tokenizer reads; refused here, with the option."""
    problem = invalid_unicode(value, "the text")
    if problem:
        raise argparse.ArgumentTypeError(f"{problem}: the command line holds a byte that is not UTF-8")
    return value


def refuse_writing_over_inputs(
    parser: argparse.ArgumentParser, output_flag: str, output: str | Path | None, inputs: Mapping[str, object]
) -> None:
    """A usage error when ``output`` is the same file or directory as one of ``inputs`` (flag -> path,
    links followed): writing it would destroy the input before it is read."""
    if output is None:
        return
    target = Path(output).resolve()
    for flag, path in inputs.items():
        if path is not None and Path(str(path)).resolve() == target:
            parser.error(f"{output_flag} {output} is also {flag}: writing it would destroy the input; write elsewhere")


def named_paths(
    parser: argparse.ArgumentParser, flag: str, values: Iterable[str], default_name=lambda value: Path(value).name
) -> dict[str, str]:
    """``NAME=VALUE`` or ``VALUE`` (named ``default_name(VALUE)``; a path that exists as given is never
    split, Hydra's run directories hold "=") options as name -> value; a usage error when two share a
    name, which would serve only the last."""
    named: dict[str, str] = {}
    for value in values:
        split = "=" in value and not Path(value).exists()
        name, _, path = value.partition("=") if split else ("", "", value)
        name = name or default_name(path)
        if not name or not path:
            parser.error(f"{flag} {value!r}: give DIR or NAME=DIR")
        if name in named:
            parser.error(
                f"{flag} {value!r}: the name {name!r} is already {named[name]!r}; name each one ({flag} NAME=DIR)"
            )
        named[name] = path
    return named
