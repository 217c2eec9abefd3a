"""A run directory has one owner: a second ``python train.py`` / ``python evaluate.py`` into a directory
that already holds another run is refused before Hydra writes its config there, unless it resumes that
run; otherwise the two runs' exports, configs and logs would mix, and a board would read one's head
with the other's config."""

from __future__ import annotations

import sys
from pathlib import Path

from hydra.experimental.callback import Callback
from omegaconf import DictConfig, OmegaConf

from crm.config import checkpoint_run_dir
from crm.devices import is_rank_zero

RUN_MARKERS = (".hydra/config.yaml", "export", "checkpoints", "metrics.json")  # what a run leaves behind


def another_run_in(run_dir: Path, resumes: Path | None) -> str | None:
    """What in ``run_dir`` shows another run lives there; None for a new directory or the run resumed."""
    if resumes is not None and resumes.resolve() == run_dir.resolve():
        return None
    return next((marker for marker in RUN_MARKERS if (run_dir / marker).exists()), None)


def resumed_run(config: DictConfig) -> Path | None:
    """The run directory a fit resumes (``ckpt_path`` into it, training on), else None."""
    if not OmegaConf.select(config, "train", default=False):
        return None
    return checkpoint_run_dir(OmegaConf.select(config, "ckpt_path", default=None))


def another_sweep_in(sweep_dir: Path) -> str | None:
    """What in ``sweep_dir`` shows another sweep lives there: its record, or a job's run, by relative path."""
    if (sweep_dir / "multirun.yaml").exists():
        return "multirun.yaml"
    jobs = sorted(p for p in sweep_dir.iterdir() if p.is_dir()) if sweep_dir.is_dir() else []
    return next((f"{job.name}/{found}" for job in jobs if (found := another_run_in(job, None))), None)


def refuse(what: str, found: str, instead: str) -> None:
    print(f"error: {what} already holds another run ({found}): {instead}", file=sys.stderr)
    sys.exit(1)


class OneRunPerDirectory(Callback):
    """Hydra's callback (conf/hydra/default.yaml): checks the run directory (a sweep's, for ``-m``) before
    the first job writes to it."""

    def on_run_start(self, config: DictConfig, **kwargs) -> None:
        if not is_rank_zero():  # a process a distributed launcher started joins its first process's run
            return
        run_dir = Path(str(config.hydra.run.dir))
        found = another_run_in(run_dir, resumed_run(config))
        if found:
            refuse(str(run_dir), found, f"give a new hydra.run.dir, or resume that run with ckpt_path={run_dir}")

    def on_multirun_start(self, config: DictConfig, **kwargs) -> None:
        sweep_dir = Path(str(config.hydra.sweep.dir))
        found = another_sweep_in(sweep_dir)
        if found:
            refuse(str(sweep_dir), found, "give a new hydra.sweep.dir")
