"""What a person watching a run sees: one bar per stage, counted in that stage's own steps, with an ETA.

Lightning's own bars count batches per epoch (a reader taught for 380 steps over epochs of 218 wordings'
batches shows ``Epoch 1/-2``) and add a bar per validation and per test set. :class:`StageProgress`
shows one bar per fit, counted in optimizer steps out of the fit's total, with the latest loss and
validation accuracy beside it, and one bar for a whole test. Lightning's tips and the warnings that
tell a user nothing about their run are silenced in :func:`quiet_lightning`.
"""

from __future__ import annotations

import logging
import warnings

from lightning.pytorch.callbacks import ProgressBar
from tqdm.auto import tqdm

# Messages that describe Lightning's defaults, not the run: each is silenced by its start.
LIGHTNING_CHATTER = (
    "GPU available",
    "TPU available",
    "HPU available",
    "💡 Tip",
    "`Trainer(",
    "`Trainer.fit` stopped",
    "Loading `train_dataloader`",
    "Seed set to",
    "Restoring states from the checkpoint",
    "Loaded model weights from the checkpoint",
)
QUIET_WARNINGS = (
    r".*does not have many workers.*",
    r".*module\(s\) in eval mode.*",  # frozen towers sit in eval mode on purpose
    r".*is not supported by the model summary.*",
    r".*LeafSpec.*",
    r".*Checkpoint directory .* exists and is not empty.*",
)


class _DropChatter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.getMessage()).startswith(LIGHTNING_CHATTER)


def quiet_lightning() -> None:
    """Silence Lightning's chatter, transformers' weight-loading bars and uninformative warnings
    (idempotent). A logger's filter does not see what its children log: the handlers get the filter."""
    import transformers

    handlers = [
        h
        for name in ("", "lightning", "lightning.pytorch", "lightning.fabric")
        for h in logging.getLogger(name).handlers
    ]
    for handler in handlers:
        if not any(isinstance(f, _DropChatter) for f in handler.filters):
            handler.addFilter(_DropChatter())
    transformers.utils.logging.disable_progress_bar()
    for pattern in QUIET_WARNINGS:
        warnings.filterwarnings("ignore", message=pattern)


class StageProgress(ProgressBar):
    """One bar per fit in optimizer steps (``stage`` names it) and one per test, each with an ETA."""

    def __init__(self, stage: str = "pairs") -> None:
        super().__init__()
        self.stage = stage
        self.enabled = True
        self.bar: tqdm | None = None

    def disable(self) -> None:
        self.enabled = False

    def enable(self) -> None:
        self.enabled = True

    def _open(self, total: int, desc: str, unit: str) -> None:
        self._close()
        self.bar = tqdm(total=total, desc=desc, unit=unit, dynamic_ncols=True, disable=not self.enabled)

    def _close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def on_train_start(self, trainer, pl_module) -> None:
        total = trainer.estimated_stepping_batches
        self._open(int(total) if total != float("inf") else None, self.stage, "step")
        self.bar.update(trainer.global_step)  # a resumed fit starts where it stopped

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx) -> None:
        if self.bar is None:
            return
        self.bar.update(trainer.global_step - self.bar.n)
        metrics = self.get_metrics(trainer, pl_module)
        shown = {k.split("/")[-1]: v for k, v in metrics.items() if k.endswith(("loss_step", "acc_step", "val/acc"))}
        if shown and trainer.global_step % 10 == 0:
            self.bar.set_postfix({k.removesuffix("_step"): v for k, v in shown.items()}, refresh=False)

    def on_train_end(self, trainer, pl_module) -> None:
        self._close()

    def on_test_start(self, trainer, pl_module) -> None:
        total = sum(n for n in trainer.num_test_batches if n != float("inf"))
        self._open(int(total), "test", "batch")

    def on_test_batch_end(self, trainer, pl_module, outputs, batch, batch_idx, dataloader_idx=0) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def on_test_end(self, trainer, pl_module) -> None:
        self._close()

    def on_exception(self, trainer, pl_module, exception) -> None:
        self._close()
