"""Resident memory: what a process has freed handed back to the system, and each stage's peak.

glibc keeps freed memory in its heap while smaller live objects sit above it: a stage that allocates
and frees a great deal beside what it keeps (the answer tower's states, compacted into the few bytes a
memo keeps; a server's caches filling and emptying) leaves the resident memory at the highest point
that fragmented heap reached, and each new peak climbs from there. Such a stage calls
:func:`release_freed_memory` as it goes; :class:`StagePeaks` reports what each stage of a run held at most."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import resource
import sys
from collections.abc import Iterator


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


def _resident_kib(field: str) -> int | None:
    """A ``/proc/self/status`` field in KiB (Linux), or None where there is none."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _reset_high_water_mark() -> None:
    """Linux: the process's peak resident memory restarts from what it holds now (``clear_refs`` 5)."""
    with contextlib.suppress(OSError):
        with open("/proc/self/clear_refs", "w") as clear_refs:
            clear_refs.write("5")


class StagePeaks:
    """The peak resident memory of each stage of a run, in GB, as the run goes from stage to stage
    (:meth:`begin`), a stage inside another's (:meth:`within`) counted apart. On Linux each stage's own
    peak (the kernel's high-water mark, restarted as the stage begins); elsewhere the process's peak so far."""

    def __init__(self) -> None:
        self.peaks: dict[str, float] = {}
        self.current: str | None = None

    def begin(self, name: str | None) -> None:
        """Close the current stage and start ``name`` (None: start none)."""
        if self.current is not None:
            self.peaks[self.current] = max(self.peaks.get(self.current, 0.0), self._peak_gb())
        self.current = name
        _reset_high_water_mark()

    @contextlib.contextmanager
    def within(self, name: str) -> Iterator[None]:
        """``name`` runs inside the current stage: its peak is its own, then the current stage goes on."""
        outer = self.current
        self.begin(name)
        try:
            yield
        finally:
            self.begin(outer)

    @staticmethod
    def _peak_gb() -> float:
        kib = _resident_kib("VmHWM")
        if kib is None:  # no /proc: the process's peak so far (KiB on Linux, bytes on macOS)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            return peak / 2**30 if sys.platform == "darwin" else peak / 2**20
        return kib / 2**20
