"""A training loader that resumes mid-epoch, and the callback that lets a resumed fit use its state."""

from __future__ import annotations

from typing import Any

import torch
from lightning import Callback, LightningModule, Trainer
from torch.utils.data import DataLoader


class ResumableLoader(DataLoader):
    """The training loader, resumable mid-epoch: Lightning saves its :meth:`state_dict` with each
    checkpoint (the batches trained on in the epoch) and gives it back to the resumed fit's loader,
    which draws the epoch's order again (seeded) and skips those batches. Without it a resumed fit
    starts the epoch over: it sees its first batches twice and never its last ones."""

    def __init__(self, *args, order: tuple[torch.Generator, Any], batches_done: Any, **kwargs):
        """``order``: the generator the epoch's order is drawn from, and a function that starts the
        epoch and gives its seed; ``batches_done``: a function giving the batches trained on in it."""
        super().__init__(*args, **kwargs)
        self.order, self.batches_done, self.skip = order, batches_done, 0

    def state_dict(self) -> dict[str, int]:
        return {"batches_done": int(self.batches_done())}

    def load_state_dict(self, state: dict[str, int]) -> None:
        self.skip = int(state.get("batches_done", 0))

    def __iter__(self):
        generator, seed = self.order
        generator.manual_seed(seed())  # each epoch's order from the seed and the epoch alone
        batches = super().__iter__()
        skip, self.skip = self.skip, 0
        for _ in range(skip):  # collated and dropped: the order and every draw stay the epoch's own
            next(batches, None)
        return batches


class ResumeMidEpoch(Callback):
    """Lets a resumed fit's training loader take its saved state (:class:`ResumableLoader`). Lightning
    builds the loader once, early (the LR schedule asks for the fit's length), before a checkpoint's loop
    state is restored: dropping it at fit start, after that and before the restore, has the fit loop
    build it again after the restore, with the state."""

    def on_fit_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        if trainer.ckpt_path is not None:
            trainer.fit_loop._combined_loader = None
