"""What every benchmark shares: timing (warm-up, then median/min/max over repetitions), the machine
it ran on, and the CRM and corpus it measures when none is given."""

from __future__ import annotations

import atexit
import os
import platform
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Timing:
    median: float
    low: float
    high: float
    reps: int


def measure(run: Callable[[], object], reps: int = 3, warmup: int = 1) -> Timing:
    """Seconds per call of ``run``: ``warmup`` calls first (caches, allocator, lazy imports), then ``reps``."""
    for _ in range(warmup):
        run()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return Timing(statistics.median(times), min(times), max(times), reps)


@dataclass
class Figure:
    """One row of the table. ``better``: "higher" (rates), "lower" (seconds, bytes) or None (no ratio); the
    ratio compares it with the baseline of the same benchmark and unit, as "times better"."""

    benchmark: str
    what: str
    unit: str
    value: float
    low: float
    high: float
    reps: int
    better: str | None = "higher"
    baseline: bool = False


def row(benchmark: str, what: str, unit: str, timing: Timing, work: int = 0, baseline: bool = False) -> Figure:
    """A timed figure: ``unit`` "s" reports seconds; any other unit is ``work`` per second."""
    if unit == "s":
        return Figure(benchmark, what, unit, timing.median, timing.low, timing.high, timing.reps, "lower", baseline)
    t = timing
    return Figure(benchmark, what, unit, work / t.median, work / t.high, work / t.low, t.reps, "higher", baseline)


def machine() -> str:
    """CPU model (lscpu), cores, native bf16 or not, GPU if any: what a number depends on."""
    from crm.precision import cpu_has_native_bf16, cuda_present

    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
        model = next(line.split(":", 1)[1].strip() for line in lscpu.splitlines() if line.startswith("Model name"))
    except (OSError, StopIteration):
        model = platform.processor() or "unknown CPU"
    gpu = "a CUDA GPU" if cuda_present() else "no GPU"
    bf16 = "native bf16" if cpu_has_native_bf16() else "no native bf16 (fp32 path)"
    return f"{model}, {os.cpu_count()} cores, {bf16}, {gpu}"


def train_config(overrides: tuple[str, ...] | list[str] = ()):
    """``conf/train.yaml`` composed with ``overrides``: the config ``python train.py <overrides>`` runs."""
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    from crm.config import register_configs

    register_configs()
    GlobalHydra.instance().clear()
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        return compose("train", overrides=list(overrides))


# The quickstart's MiniLM as one cross-encoder (criteria, query and answer in one sequence, no reader taught
# first): the earlier quickstart's CRM, and what TRL's RewardTrainer trains.
CROSS_ENCODER = ("model=minilm_cross_encoder",)


def untrained_crm(out_dir: Path, overrides: tuple[str, ...] = (), layers: int | None = None) -> Path:
    """The CRM ``python train.py <overrides>`` trains (by default the quickstart's: two towers, each criterion
    read alone, the criteria classifier), exported untrained: speed does not depend on what it learned.
    ``layers``: keep only the first ``layers`` of MiniLM's six, in both towers (the smoke run's tiny CRM)."""
    import torch
    from transformers import AutoTokenizer

    from crm.config import minilm_path
    from crm.export.artifact import CRMSettings
    from crm.export.writer import export_crm
    from crm.models.factory import build_reward_model

    torch.manual_seed(0)
    fewer = [f"+model.backbone.config_overrides.num_hidden_layers={layers}"]
    cfg = train_config([*overrides, *(fewer if layers else [])])
    if layers and "answer_layers" in cfg.model:
        cfg.model.answer_layers = None  # the answer tower keeps every one of its few blocks
    model = build_reward_model(cfg.model, cfg.loss.head)
    return export_crm(out_dir, model, AutoTokenizer.from_pretrained(minilm_path()), CRMSettings.from_config(cfg))


@cache
def _scratch_root() -> Path:
    """This process's scratch root, removed when the process exits."""
    root = Path(tempfile.mkdtemp(prefix="crm-bench-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    return root


def scratch_dir() -> Path:
    """A fresh directory under this process's scratch root (CRMs, caches, exported graphs: hundreds of MB)."""
    return Path(tempfile.mkdtemp(dir=_scratch_root()))
