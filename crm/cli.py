"""What the command lines share: they never write over what they read, and never let one named input
silently replace another."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from pathlib import Path

from crm.data.schema import invalid_unicode


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
