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
import os
import resource
import sys
import threading
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


_PAGE_KIB = os.sysconf("SC_PAGE_SIZE") // 1024 if hasattr(os, "sysconf") else 4


def _resident_kib() -> int | None:
    """What the process holds in memory now, in KiB (Linux's ``/proc``), or None where there is none."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * _PAGE_KIB
    except OSError:
        return None


class StagePeaks:
    """The peak resident memory of each stage of a run, in GB (10^6 KiB, as docs/PERFORMANCE.md gives
    ``/usr/bin/time -v``'s), as the run goes from stage to stage (:meth:`begin`), a stage inside another's
    (:meth:`within`) counted apart. On Linux a thread reads what the process holds every
    :data:`SAMPLE_SECONDS` (the kernel's own high-water mark is left alone: resetting it would hide
    earlier peaks from ``getrusage`` and ``time``); elsewhere each stage gets the process's peak so far."""

    SAMPLE_SECONDS = 0.05

    def __init__(self) -> None:
        self.peaks: dict[str, float] = {}
        self.current: str | None = None
        self._highest = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sampler: threading.Thread | None = None

    def begin(self, name: str | None) -> None:
        """Close the current stage and start ``name`` (None: start none, and stop sampling)."""
        now = _resident_kib()
        with self._lock:
            if self.current is not None:
                highest = max(self._highest, now or 0) if now is not None else self._peak_so_far_kib()
                self.peaks[self.current] = max(self.peaks.get(self.current, 0.0), highest / 1e6)
            self.current, self._highest = name, now or 0
        if name is None and self._sampler is not None:
            self._stop.set()
            self._sampler = None
        elif name is not None and self._sampler is None and now is not None:
            self._stop = threading.Event()  # the sampler's own: one stopped before never wakes a new one
            self._sampler = threading.Thread(target=self._sample, args=(self._stop,), name="stage-peaks", daemon=True)
            self._sampler.start()

    @contextlib.contextmanager
    def within(self, name: str) -> Iterator[None]:
        """``name`` runs inside the current stage: its peak is its own, then the current stage goes on."""
        outer = self.current
        self.begin(name)
        try:
            yield
        finally:
            self.begin(outer)

    def _sample(self, stop: threading.Event) -> None:
        while not stop.wait(self.SAMPLE_SECONDS):
            now = _resident_kib() or 0
            with self._lock:
                self._highest = max(self._highest, now)

    @staticmethod
    def _peak_so_far_kib() -> int:
        """The process's peak so far in KiB (``ru_maxrss``: KiB on Linux, bytes on macOS), where no ``/proc``
        says what it holds."""
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak // 1024 if sys.platform == "darwin" else peak
