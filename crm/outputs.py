"""One output policy: an output appears only when it is complete, beside where it goes, and never
truncates what was there (or an input linked to it) before it has something to write."""

from __future__ import annotations

import os
import shutil
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
        os.chmod(partial, 0o666 & ~_umask())  # mkstemp's file is private; an output gets the usual mode
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise


def within(path: str | Path, directory: str | Path) -> bool:
    """Whether ``path`` is ``directory`` or lies under it (links resolved): replacing the directory
    would take it too."""
    path, directory = Path(path).resolve(), Path(directory).resolve()
    return same_path(path, directory) or directory in path.parents


@contextmanager
def complete_directory(path: str | Path) -> Iterator[Path]:
    """A directory written as a temporary one beside ``path`` and renamed into place when the block ends
    without an error: an export is whole or absent, and a failed write leaves the earlier one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial"))
    try:
        yield partial
        os.chmod(partial, 0o777 & ~_umask())
        if path.exists():
            earlier = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".earlier"))
            os.replace(path, earlier / path.name)
            os.replace(partial, path)
            shutil.rmtree(earlier)
        else:
            os.replace(partial, path)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def write_whole(path: str | Path, text: str) -> None:
    """``path.write_text(text)`` through :func:`complete_or_nothing`."""
    with complete_or_nothing(path) as handle:
        handle.write(text)
