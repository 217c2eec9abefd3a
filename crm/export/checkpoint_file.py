"""Reading a training checkpoint whose frozen weights were written once, to a file beside it
(``crm.train.frozen_once`` writes them): the export, the export command and Lightning's resume and test
put them back with :func:`with_frozen_weights`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

from crm.errors import UserError

FROZEN_FILE = "crm_frozen_file"  # a checkpoint's entry: the file beside it that holds its frozen weights


def with_frozen_weights(checkpoint: dict[str, Any], path: Path) -> dict[str, Any]:
    """The checkpoint read from ``path`` with its frozen weights put back from the file beside it (a
    checkpoint that names none is returned as it is)."""
    name = checkpoint.pop(FROZEN_FILE, None)
    if name is None:
        return checkpoint
    source = path.parent / name
    if not source.is_file():
        raise UserError(
            f"{path}: its frozen weights are in {name} beside it, which is missing (copy a run's checkpoints "
            "directory whole)"
        )
    checkpoint["state_dict"].update(torch.load(source, map_location="cpu", weights_only=True, mmap=True))
    return checkpoint


def read_checkpoint(path) -> dict[str, Any]:
    """A checkpoint file read whole (its frozen weights put back), tensors memory-mapped."""
    path = Path(path)
    return with_frozen_weights(torch.load(path, map_location="cpu", weights_only=False, mmap=True), path)
