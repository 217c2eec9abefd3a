"""Handing memory a process has freed back to the system.

glibc keeps freed memory in its heap while smaller live objects sit above it: a stage that allocates
and frees a great deal beside what it keeps (the answer tower's states, compacted into the few bytes a
memo keeps; a server's caches filling and emptying) leaves the resident memory at the highest point
that fragmented heap reached, and each new peak climbs from there. Such a stage calls
:func:`release_freed_memory` as it goes."""

from __future__ import annotations

import ctypes
import functools


@functools.cache
def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc (musl, macOS): nothing to hand back this way
        return None


def release_freed_memory() -> None:
    """glibc's ``malloc_trim``: the heap's free pages go back to the system (a no-op elsewhere)."""
    libc = _libc()
    if libc is not None and hasattr(libc, "malloc_trim"):
        libc.malloc_trim(0)
