"""What the command lines share: a user's mistake ends a command with one line, not a traceback (one
handler per entry point); free text that is not valid Unicode is refused as it is typed; no command writes
over what it reads, and an output appears only when it is complete; no named input silently replaces another."""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from crm.data.schema import invalid_unicode
from crm.errors import UserError
from crm.outputs import same_path, within

# what the user gave, named in the message: crm.errors.UserError (a malformed file, a damaged export, a
# refused run, a bad option value, an endpoint's reply) and a path that is not there or cannot be opened
USER_MISTAKES = (UserError, FileNotFoundError, NotADirectoryError, IsADirectoryError, PermissionError)
DEBUG_FLAG = "--debug"


def add_scoring_options(
    parser: argparse.ArgumentParser, cache: bool = True, engine: bool = True, many_devices: bool = False
) -> None:
    """The options every command that scores shares, each defined here once: its score cache, and where,
    in what precision and by what engine the CRM runs; ``many_devices``: over how many devices and nodes
    (a batch command, not a server: :func:`devices_of`)."""
    from crm.precision import ENGINES, PRECISIONS

    if cache:
        parser.add_argument(
            "--cache", type=Path, default=None, help="SQLite score cache (CRM_CACHE_DIR/usl_scores.sqlite)"
        )
    parser.add_argument("--device", default="auto", help="auto (a GPU when one is visible), cpu or cuda[:N]")
    parser.add_argument(
        "--precision", default="auto", choices=PRECISIONS, help="auto: bf16 where the hardware runs it natively"
    )
    if many_devices:
        parser.add_argument(
            "--devices", type=int_at_least(1), default=1, help="processes that score, one per GPU (or CPU share)"
        )
        parser.add_argument("--num-nodes", type=int_at_least(1), default=1, help="nodes, each running --devices")
    if engine:
        parser.add_argument(
            "--engine",
            default="torch",
            choices=ENGINES,
            help="onnx: ONNX Runtime on the CPU in fp32 (pip install onnxruntime); onnx-int8: the same with a "
            "two-tower CRM's answer tower in int8 (faster boards: docs/PERFORMANCE.md)",
        )


def devices_of(args: argparse.Namespace):
    """The :class:`~crm.devices.Devices` of a command line with ``many_devices`` options."""
    from crm.devices import Devices

    return Devices(args.devices, args.num_nodes)


def one_line(err: BaseException) -> str:
    """The message of ``err`` as one line (a multi-line message joined), for stderr."""
    text = err.args[0] if isinstance(err, KeyError) and len(err.args) == 1 else err  # str(KeyError) quotes it
    return " ".join(part.strip() for part in str(text).splitlines() if part.strip()) or type(err).__name__


def user_errors_end_the_command(prog: str) -> Callable:
    """Decorates a console script's ``main(argv)``: a user's mistake prints ``prog: error: <one line>`` on
    stderr and exits 1; ``--debug`` anywhere on the command line shows the stack instead."""

    def wrap(main: Callable[[list[str]], int]) -> Callable[[list[str] | None], int]:
        @functools.wraps(main)
        def run(argv: list[str] | None = None) -> int:
            argv = list(sys.argv[1:] if argv is None else argv)
            debug = DEBUG_FLAG in argv
            try:
                return main([a for a in argv if a != DEBUG_FLAG])
            except USER_MISTAKES as err:
                if debug:
                    raise
                print(f"{prog}: error: {one_line(err)} (--debug shows where)", file=sys.stderr)
                return 1

        return run

    return wrap


@contextmanager
def user_mistakes_end_the_run(run_dir: str | Path) -> Iterator[None]:
    """The Hydra commands' handler: a mistake in what the user gave (a malformed sample file, a missing or
    damaged CRM, no raw data, a run its cap refuses) ends the command with one line and exit code 1, not a
    framework's traceback (``HYDRA_FULL_ERROR=1`` shows it); a run directory holding nothing but its config
    and log is removed, so it leaves no empty run behind."""
    try:
        yield
    except USER_MISTAKES as err:
        if os.environ.get("HYDRA_FULL_ERROR") == "1":
            raise
        print(f"error: {one_line(err)}", file=sys.stderr)
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
    output_flag: str, output: str | Path | None, inputs: Mapping[str, object], replaces_directory: bool = False
) -> None:
    """Refuse (:class:`UserError`) an ``output`` that is one of ``inputs`` (what -> path: every input,
    cache, corpus or checkpoint the command opens), or, for an output directory replaced whole (an
    export), one that holds any of them: writing it would destroy what is read."""
    if output is None:
        return
    for flag, path in inputs.items():
        if path is None:
            continue
        if same_path(output, str(path)):
            raise UserError(f"{output_flag} {output} is also {flag}: writing it would destroy that; write elsewhere")
        if replaces_directory and within(path, output):
            raise UserError(
                f"{output_flag} {output} holds {flag} {path}: replacing it would destroy that; write elsewhere"
            )


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


def _number(kind: type, low: float | None, high: float | None, what: str) -> Callable[[str], int | float]:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if (low is not None and value < low) or (high is not None and value > high) or value != value:
            raise argparse.ArgumentTypeError(f"{what}, got {text}")
        return value

    parse.__name__ = what  # argparse names the type in its message
    return parse


def int_at_least(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in [low, high], refused as it is typed with the range."""
    span = f"from {low} to {high}" if high is not None else f"at least {low}"
    return _number(int, low, high, f"a whole number {span}")


def float_at_least(low: float, high: float | None = None) -> Callable[[str], float]:
    """An argparse ``type``: a number in [low, high]."""
    span = f"from {low:g} to {high:g}" if high is not None else f"at least {low:g}"
    return _number(float, low, high, f"a number {span}")


PORT = int_at_least(1, 65535)
