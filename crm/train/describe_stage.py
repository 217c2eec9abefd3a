"""The fit's first stages for a two-tower CRM: every answer described by the frozen tower, and every
criteria row of an epoch read by the frozen reader, ahead of the pair steps."""

from __future__ import annotations

import logging
import time
from functools import partial

from lightning import Callback
from tqdm.auto import tqdm

from crm.devices import shards
from crm.memory import StagePeaks
from crm.scoring.answer_store import AnswerStore, row_key
from crm.scoring.tower_memory import ANSWERS_IN_MEMORY, TRAINING_RELEASE_EVERY, distinct_rows

log = logging.getLogger(__name__)


class DescribeAnswers(Callback):
    """Describes every distinct answer of the datamodule's datasets with the frozen tower before the
    fit's first step, shortest first in fixed-shape chunks, into ``store`` (what it lacks) or, without a
    store, into the module's tower memory; and the test sets' answers before a test. A two-tower CRM's
    steps then only read what they need: the pair stage's time is the head's, and its bar's ETA is true
    from its first step. With a store, memory holds a few batches' answers (:data:`ANSWERS_IN_MEMORY`) and
    each step reads its own back, exactly as stored: the training set's are not all held at once. On
    many devices each process describes its share of the answers into the store, then reads the rest."""

    def __init__(self, store: AnswerStore | None = None, peaks: StagePeaks | None = None):
        self.store = store
        self.peaks = peaks or StagePeaks()  # the run's stages: this one's peak memory is reported apart
        self.described_ahead = False

    def pending(self, towers, datamodule, context) -> tuple[list, int]:
        """(the answer rows to describe, how many the store already holds) in the training precision
        (``context()``); nothing without a tower memory (a cross-encoder)."""
        if towers is None:
            return [], 0
        by_key = distinct_rows(datamodule.answer_rows())
        rows = list(by_key.values())
        if self.store is None:
            return rows, 0
        towers.store = self.store
        device = next(towers.model.answer_tower.parameters()).device.type
        with context():
            fingerprint = towers.backing(device).fingerprint
        return rows, self.store.count_present(row_key(fingerprint, key) for key in by_key)

    def ahead(self, trainer, pl_module, datamodule) -> None:
        """Describe the fit's answers before the fit (while the criteria reader is taught beside it:
        crm.train.reader_beside); the fit's start then finds them described."""
        self._describe(trainer, datamodule, pl_module.towers, None, "describe answers")
        self.described_ahead = True

    def _describe(self, trainer, datamodule, towers, names, what: str) -> None:
        answer_rows = getattr(datamodule, "answer_rows", None)
        if towers is None or answer_rows is None:
            return
        towers.store = self.store
        if self.store is not None:
            towers.answers.capacity = ANSWERS_IN_MEMORY
        rows = answer_rows(names)
        if not rows:
            return
        bar = tqdm(total=len(rows), desc=what, unit="answer", dynamic_ncols=True)

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        describe = partial(towers.describe_all, keep=self.store is None, release_every=TRAINING_RELEASE_EVERY)
        with trainer.precision_plugin.forward_context(), self.peaks.within("describe answers"):
            if self.store is not None and trainer.world_size > 1:  # each process describes its share, then
                distinct = list(distinct_rows(rows).values())
                share = shards([len(row) for row in distinct], trainer.world_size)[trainer.global_rank]
                log.info(
                    "describe answers: process %d describes %d of %d answers",
                    trainer.global_rank,
                    len(share),
                    len(distinct),
                )
                describe([distinct[i] for i in share], progress)
                trainer.strategy.barrier()  # every share is in the store (one per node: each node's own)
            describe(rows, progress)
        bar.close()

    def on_fit_start(self, trainer, pl_module) -> None:
        if not self.described_ahead:
            self._describe(trainer, trainer.datamodule, pl_module.towers, None, "describe answers")

    def on_test_start(self, trainer, pl_module) -> None:
        names = getattr(trainer.datamodule, "test_set_names", None)
        if names:
            self._describe(trainer, trainer.datamodule, pl_module.towers, names, "describe test answers")


class ReadCriteriaAhead(Callback):
    """Reads every criteria row of each training epoch with the frozen reader as the epoch starts (after
    :class:`~crm.data.datamodule.DataEpoch` draws it), in full length chunks, into the module's tower
    memory: the steps then find their criteria read, where they read a few new rows each (22 of the
    quickstart's 88 s of pair steps, docs/PERFORMANCE.md). A reader the pairs train is left as it is."""

    def on_train_epoch_start(self, trainer, pl_module) -> None:
        towers = getattr(pl_module, "towers", None)
        dataset = getattr(trainer.datamodule, "datasets", {}).get("train")
        if towers is None or dataset is None or not hasattr(dataset, "criteria_segments"):
            return
        started = time.perf_counter()
        with trainer.precision_plugin.forward_context():
            read = towers.read_all(dataset.criteria_segments())
        if read:
            log.info("read %d criteria rows ahead in %.1f s", read, time.perf_counter() - started)
