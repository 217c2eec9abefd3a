"""Pure-Python work on many independent texts, spread over the CPU's cores.

Parsing markdown, counting readability and tokenizing answers hold Python's lock: one process does it
on one core however many the machine has. Over enough texts (a corpus's answers, a first board's) the
work is spread over spawned processes, each started once (about a second: it imports the parsers).
A worker imports what it runs and never the caller's script: spawn would run a script's top level
again in each worker, and a script without a ``__main__`` guard (a user's, calling the library) would
do its work twice.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager

log = logging.getLogger(__name__)


def usable_cores() -> int:
    """The CPUs this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def map_over_cores(
    function: Callable,
    items: Sequence,
    minimum: int,
    workers: int | None = None,
    initializer: Callable | None = None,
    initargs: tuple = (),
) -> list:
    """``[function(item) for item in items]``, in order, over ``workers`` processes (default: every usable
    core) where there are at least ``minimum`` items and more than one worker; else in this process (after
    ``initializer(*initargs)``, as a worker would start). ``function`` and ``initializer`` are module
    functions: spawned processes import them."""
    workers = workers or usable_cores()
    if workers >= 2 and len(items) >= minimum:
        # spawn, not fork: the caller (train.py, a board) may hold torch's thread pools, which a fork can deadlock
        try:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(workers, mp_context=context, initializer=initializer, initargs=initargs) as pool:
                with script_left_out():  # every worker starts here: map submits every item at once
                    results = pool.map(function, items, chunksize=max(1, len(items) // (4 * workers)))
                return list(results)
        except BrokenProcessPool as err:  # e.g. a main module spawn cannot import (a script read from stdin)
            log.warning("working in %d processes failed (%s): working in this one", workers, err)
    if initializer is not None:
        initializer(*initargs)
    return [function(item) for item in items]


@contextmanager
def script_left_out() -> Iterator[None]:
    """Processes spawned inside start without the caller's ``__main__`` (spawn imports it when it names a
    script or a module): they run module functions of the library, which they import."""
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main
