"""Checkpoints that write a run's frozen weights once: the weights it holds fixed (the quickstart's two
towers: 168 of a checkpoint's 170 MB) go to one file beside the checkpoints, named by their content, and
each checkpoint keeps the trained rest and that file's name. A quickstart run saves about ten checkpoints
(every 200 steps, at each validation), each of which wrote the same frozen towers again (docs/PERFORMANCE.md).

Loading puts the weights back (``crm.export.checkpoint_file``: Lightning's resume and test through
:class:`FrozenOnceCheckpointIO`, the export through ``read_checkpoint``); a checkpoint without the name
loads as it always did."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import torch
from lightning.pytorch.plugins.io import TorchCheckpointIO

from crm.export.checkpoint_file import FROZEN_FILE, with_frozen_weights

FROZEN_KEYS = "crm_frozen_keys"  # the module's word: the state-dict keys of the weights it holds fixed


def frozen_name(frozen: dict[str, torch.Tensor]) -> str:
    """The file name of these weights: a digest of their names, dtypes, shapes and bytes."""
    digest = hashlib.blake2b(digest_size=10)
    for key in sorted(frozen):
        tensor = frozen[key].detach().cpu().contiguous()
        digest.update(f"{key}|{tensor.dtype}|{tuple(tensor.shape)}".encode())
        digest.update(tensor.view(-1).view(torch.uint8).numpy().data if tensor.numel() else b"")
    return f"frozen-{digest.hexdigest()}.pt"


class FrozenOnceCheckpointIO(TorchCheckpointIO):
    """Lightning's checkpoint IO with the frozen weights written once per directory (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self._named: tuple[tuple, str] | None = None  # the frozen tensors last named (storage, version), the name

    def save_checkpoint(self, checkpoint: dict[str, Any], path, storage_options=None) -> None:
        keys = checkpoint.pop(FROZEN_KEYS, None)
        if keys:
            state = checkpoint["state_dict"]
            frozen = {key: state.pop(key) for key in keys if key in state}
            checkpoint[FROZEN_FILE] = self._write_once(Path(path).parent, frozen)
        super().save_checkpoint(checkpoint, path, storage_options)

    def load_checkpoint(self, path, map_location=None, weights_only=None) -> dict[str, Any]:
        return with_frozen_weights(super().load_checkpoint(path, map_location, weights_only), Path(path))

    def _write_once(self, directory: Path, frozen: dict[str, torch.Tensor]) -> str:
        # held fixed, the tensors keep their storage and version: their name is computed once
        identity = tuple((key, t.data_ptr(), t._version) for key, t in sorted(frozen.items()))
        if self._named is None or self._named[0] != identity:
            self._named = (identity, frozen_name(frozen))
        name = self._named[1]
        target = directory / name
        if not target.exists():
            directory.mkdir(parents=True, exist_ok=True)
            partial = target.with_suffix(".partial")
            torch.save(frozen, partial)
            os.replace(partial, target)  # whole or absent: a killed save leaves no half file under the name
        return name


def write_frozen_once(trainer) -> None:
    """The trainer's checkpoints write frozen weights once, where it saves through Lightning's plain IO (not
    DeepSpeed's engine, nor an IO the user configured)."""
    if type(trainer.strategy.checkpoint_io) is TorchCheckpointIO:
        trainer.strategy.checkpoint_io = FrozenOnceCheckpointIO()
