"""Dynamic batching: requests that arrive within a few milliseconds of each other are scored in one
length-sorted pass, which a CPU or GPU runs far faster than the same requests one by one.

One worker thread owns the model. It takes the oldest request, then keeps taking what arrives until
``max_wait_ms`` have passed since it took the first, or the batch holds ``max_batch_responses``; then it
scores them all with one call. The queue is bounded: a request past ``max_queued`` waiting is refused
at once (:class:`QueueFull`, a 503 to the client) instead of piling up memory and latency. A batch
that fails is scored again request by request, so one bad request fails alone.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

log = logging.getLogger(__name__)


class QueueFull(RuntimeError):
    """Too many requests are waiting; try again later."""


@dataclass
class BatcherStats:
    requests: int = 0
    batches: int = 0
    items: int = 0
    refused: int = 0

    def as_dict(self) -> dict[str, float]:
        mean = self.requests / self.batches if self.batches else 0.0
        return {**self.__dict__, "mean_requests_per_batch": round(mean, 2)}


class DynamicBatcher:
    """``score(items) -> results`` (one result per item, in order) called from one thread on merged requests.

    ``size(item)`` is what ``max_batch_responses`` counts (responses, not requests). ``max_wait_ms=0``
    switches batching off: every request is scored alone.
    """

    def __init__(
        self,
        score: Callable[[list], list],
        size: Callable[[object], int] = lambda _: 1,
        max_wait_ms: float = 5.0,
        max_batch_responses: int = 256,
        max_queued: int = 64,
    ):
        self.score, self.size = score, size
        self.max_wait_s = max_wait_ms / 1000
        self.max_batch_responses = max_batch_responses
        self.stats = BatcherStats()
        self._queue: queue.Queue = queue.Queue(maxsize=max_queued)
        self._thread = threading.Thread(target=self._run, name="crm-batcher", daemon=True)
        self._thread.start()

    def submit(self, items: Sequence) -> Future:
        """A future of the request's results; raises :class:`QueueFull` when the queue is full."""
        future: Future = Future()
        try:
            self._queue.put_nowait((list(items), future))
        except queue.Full:
            self.stats.refused += 1
            raise QueueFull(f"{self._queue.maxsize} requests are already waiting") from None
        return future

    def queued(self) -> int:
        return self._queue.qsize()

    def close(self) -> None:
        """Stop after the requests already queued."""
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while (first := self._queue.get()) is not None:
            batch, size = [first], sum(map(self.size, first[0]))
            deadline = time.monotonic() + self.max_wait_s
            stop = False
            while self.max_wait_s > 0 and size < self.max_batch_responses:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                try:
                    request = self._queue.get(timeout=remaining)
                except queue.Empty:
                    break
                if request is None:
                    stop = True
                    break
                batch.append(request)
                size += sum(map(self.size, request[0]))
            self._score(batch)
            if stop:
                return

    def _score(self, batch: list[tuple[list, Future]]) -> None:
        live = [(items, future) for items, future in batch if future.set_running_or_notify_cancel()]
        if live:
            self._deliver(live)

    def _deliver(self, live: list[tuple[list, Future]]) -> None:
        merged = [item for items, _ in live for item in items]
        try:
            results = self.score(merged)
        except Exception as err:  # noqa: BLE001 - handed to the request that caused it
            if len(live) > 1:  # find the culprit: every request alone
                for request in live:
                    self._deliver([request])
            else:
                live[0][1].set_exception(err)
            return
        self.stats.batches += 1
        self.stats.requests += len(live)
        self.stats.items += len(merged)
        start = 0
        for items, future in live:
            future.set_result(results[start : start + len(items)])
            start += len(items)
