"""One output policy: an output appears only when it is complete, beside where it goes, and never
truncates what was there (or an input linked to it) before it has something to write."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def same_path(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file or directory: the same inode (hard links, symbolic links, bind
    mounts), or for a path not yet there, the same resolved name."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()


@contextmanager
def complete_or_nothing(path: str | Path, mode: str = "w", **open_args) -> Iterator:
    """Open ``path`` for writing as a temporary file beside it, renamed into place only when the block
    ends without an error: a reader never sees half an output, an earlier file (or an input it is linked
    to) is never truncated, and a failed write leaves what was there."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if "b" not in mode:
        open_args.setdefault("encoding", "utf-8")
    fd, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    try:
        with os.fdopen(fd, mode, **open_args) as handle:
            yield handle
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(partial, 0o666 & ~umask)  # mkstemp's file is private; an output gets the usual mode
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise


def write_whole(path: str | Path, text: str) -> None:
    """``path.write_text(text)`` through :func:`complete_or_nothing`."""
    with complete_or_nothing(path) as handle:
        handle.write(text)
