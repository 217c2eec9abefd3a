"""The fit's first stage for a two-tower CRM: every answer described by the frozen tower ahead of the
pair steps."""

from __future__ import annotations

from lightning import Callback
from tqdm.auto import tqdm

from crm.scoring.answer_store import AnswerStore, row_key
from crm.scoring.tower_memory import memo_key


class DescribeAnswers(Callback):
    """Describes every distinct answer of the datamodule's datasets with the frozen tower before the
    fit's first step, shortest first in fixed-shape chunks, into the module's tower memory and ``store``;
    and the test sets' answers before a test (a checkpoint loaded for it clears the memory; the store
    gives them back). A two-tower CRM's steps then only read what they need: the pair stage's time is
    the head's, and its bar's ETA is true from its first step."""

    def __init__(self, store: AnswerStore | None = None):
        self.store = store

    def pending(self, towers, datamodule, context) -> tuple[list, int]:
        """(the answer rows to describe, how many the store already holds) in the training precision
        (``context()``); nothing without a tower memory (a cross-encoder)."""
        if towers is None:
            return [], 0
        rows = list(dict.fromkeys(tuple(r) for r in datamodule.answer_rows()))
        if self.store is None:
            return rows, 0
        towers.store = self.store
        device = next(towers.model.answer_tower.parameters()).device.type
        with context():
            fingerprint = towers.backing(device).fingerprint
        return rows, self.store.count_present(row_key(fingerprint, memo_key(r)) for r in rows)

    def _describe(self, trainer, towers, names, what: str) -> None:
        answer_rows = getattr(trainer.datamodule, "answer_rows", None)
        if towers is None or answer_rows is None:
            return
        towers.store = self.store
        rows = answer_rows(names)
        if not rows:
            return
        bar = tqdm(total=len(rows), desc=what, unit="answer", dynamic_ncols=True)

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        with trainer.precision_plugin.forward_context():
            towers.describe_all(rows, progress)
        bar.close()

    def on_fit_start(self, trainer, pl_module) -> None:
        self._describe(trainer, pl_module.towers, None, "describe answers")

    def on_test_start(self, trainer, pl_module) -> None:
        names = getattr(trainer.datamodule, "test_set_names", None)
        if names:
            self._describe(trainer, pl_module.towers, names, "describe test answers")
