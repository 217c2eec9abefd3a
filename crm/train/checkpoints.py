"""A run's checkpoints: which to resume from, which is best, and the export written from it."""

from __future__ import annotations

import logging
from pathlib import Path

from lightning import Trainer
from lightning.pytorch.callbacks import ModelCheckpoint
from omegaconf import DictConfig

from crm.export.artifact import CRMSettings
from crm.export.checkpoint_file import read_checkpoint
from crm.export.writer import export_crm
from crm.export.zero import export_zero_checkpoint, is_deepspeed_checkpoint
from crm.models.lora import merge_lora
from crm.train.lit_module import CRMLitModule

log = logging.getLogger(__name__)


def resolve_ckpt_path(value: str | None) -> str | None:
    """A checkpoint (a file, or a DeepSpeed checkpoint directory), or a run directory whose
    ``checkpoints/last.ckpt`` is resumed."""
    if not value:
        return None
    path = Path(value)
    if not is_deepspeed_checkpoint(path) and (path / "checkpoints").is_dir():
        path = path / "checkpoints" / "last.ckpt"
    if not (path.is_file() or is_deepspeed_checkpoint(path)):
        raise FileNotFoundError(f"no checkpoint at {path}")
    return str(path)


def best_checkpoint(trainer: Trainer) -> str:
    callback = trainer.checkpoint_callback
    if isinstance(callback, ModelCheckpoint) and callback.best_model_path:
        return callback.best_model_path
    return ""


def export_run(
    cfg: DictConfig,
    trainer: Trainer,
    module: CRMLitModule,
    tokenizer,
    ckpt_path: str | None,
    out: Path,
    loaded: bool = False,
):
    """Write the export directory on rank 0 with the weights of ``ckpt_path`` (the best checkpoint; ``loaded``:
    testing already put them in the module): consolidated from the checkpoint under DeepSpeed, else from memory."""
    zero3 = getattr(trainer.strategy, "zero_stage_3", False)
    if zero3:
        trainer.strategy.barrier()  # every rank has finished writing its shards
        ckpt_path = ckpt_path or trainer.checkpoint_callback.last_model_path
    if not trainer.is_global_zero:
        return None
    if zero3 or (ckpt_path and not loaded and is_deepspeed_checkpoint(Path(ckpt_path))):
        return export_zero_checkpoint(ckpt_path, cfg, out)
    if ckpt_path and not loaded:  # after a fit the module holds the last weights, not the best
        module.load_state_dict(read_checkpoint(ckpt_path)["state_dict"])
    return export_crm(out, merge_lora(module.model), tokenizer, CRMSettings.from_config(cfg))
