"""A run's loggers and the callbacks its config names: learning curves kept across a resume, a wandb
run resumed under its id and finished however the run ends."""

from __future__ import annotations

import logging
import os
import uuid
from pathlib import Path
from typing import Any

from hydra.utils import instantiate
from lightning.pytorch.loggers import CSVLogger, WandbLogger
from lightning.pytorch.utilities import rank_zero_only
from omegaconf import DictConfig, open_dict

log = logging.getLogger(__name__)


@rank_zero_only
def keep_earlier_curves(loggers: list[Any]) -> None:
    """Lightning's CSVLogger deletes an existing metrics.csv: a resumed run keeps its earlier curves
    as ``metrics.<n>.csv`` beside the new file."""
    for logger in loggers:
        current = Path(logger.log_dir) / "metrics.csv" if isinstance(logger, CSVLogger) else None
        if current is not None and current.is_file():
            n = 1
            while current.with_name(f"metrics.{n}.csv").exists():
                n += 1
            current.rename(current.with_name(f"metrics.{n}.csv"))


def finish_wandb(loggers: list[Any], exit_code: int) -> None:
    """Finish the wandb run of a WandbLogger (marked failed with a non-zero ``exit_code``): a sweep agent or a
    Hydra multirun starts the next run in the same process, which must not log into this one."""
    if any(isinstance(lg, WandbLogger) for lg in loggers):
        import wandb

        wandb.finish(exit_code=exit_code)


def keep_wandb_run(cfg: DictConfig, output_dir: Path) -> None:
    """A resumed fit continues its wandb run instead of starting a second one: the run's id is kept in
    the run directory and given back to wandb with ``resume="allow"``. An id set in the config, or by a
    sweep agent (``WANDB_RUN_ID``), is left alone."""
    wandb_cfg = (cfg.get("logger") or {}).get("wandb")
    if wandb_cfg is None or wandb_cfg.get("id") or os.environ.get("WANDB_RUN_ID") or rank_zero_only.rank != 0:
        return
    path = output_dir / WANDB_ID_FILE
    if not path.exists():
        path.write_text(uuid.uuid4().hex[:8] + "\n")  # wandb run ids: lowercase letters and digits
    with open_dict(wandb_cfg):
        wandb_cfg.id = path.read_text().strip()
        wandb_cfg.resume = "allow"


WANDB_ID_FILE = "wandb_run_id"


def instantiate_group(group: DictConfig | None) -> list[Any]:
    if not group:
        return []
    return [instantiate(node) for node in group.values() if isinstance(node, DictConfig) and "_target_" in node]
