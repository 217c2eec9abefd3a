"""A run's work is fixed before it starts; an opt-in time cap refuses a run it cannot hold.

The steps of each stage follow from the config and the data alone (:func:`plan_run`), never from the
machine's speed: the same command makes the same CRM on a busy laptop and an idle server, only later.
``run_deadline`` (seconds, off by default) is a guard, not a budget: before anything is trained the
whole recipe is timed on this machine (:func:`estimate_seconds`: a few steps of each stage on copies
that are thrown away, so the run itself is untouched), and a recipe that would overrun the cap stops
there with the estimate and how to lift the cap. A run is never cut short to fit.
"""

from __future__ import annotations

import copy
import logging
import math
import random
import time
from dataclasses import asdict, dataclass, replace

import numpy as np
import torch

from crm.errors import UserError
from crm.train.quality_term_fit import WEIGHT_DECAYS

log = logging.getLogger(__name__)


class RunTooLong(UserError, RuntimeError):
    """The recipe's estimated time overruns ``run_deadline``."""


@dataclass
class RunPlan:
    """The optimizer steps of each stage and the answers the frozen tower describes."""

    reader_steps: int
    pair_steps: int
    pairs_per_step: int
    answers: int  # distinct answers of every split, to describe once
    answers_stored: int  # of which the answer store already holds
    prior_epochs: int = 0  # the quality prior's (crm.train.quality_prior), before the pair steps
    quality_fits: int = 0  # the quality term's fits, one per L2 weight (crm.train.quality_term_fit), likewise

    def as_dict(self) -> dict:
        return asdict(self)

    def describe(self) -> str:
        reader = f"criteria reader {self.reader_steps} steps, " if self.reader_steps else ""
        if self.prior_epochs:
            reader += f"quality prior {self.prior_epochs} epochs, "
        if self.quality_fits:
            reader += f"quality term {self.quality_fits} fits, "
        answers = ""
        if self.answers:
            answers = f"; {self.answers:,} answers to describe ({self.answers_stored:,} already stored)"
        return f"plan: {reader}pairs {self.pair_steps:,} steps of {self.pairs_per_step} pairs{answers}"


def fit_steps_planned(trainer_cfg, batches_per_epoch: int, accumulation: int) -> int:
    """The fit's optimizer steps as Lightning will take them: epochs of ``batches_per_epoch`` (after
    ``limit_train_batches``), ``accumulation`` batches a step, bounded by ``max_steps``."""
    limit = trainer_cfg.get("limit_train_batches", 1.0)
    if limit is not None:
        batches_per_epoch = (
            int(batches_per_epoch * limit) if isinstance(limit, float) else min(batches_per_epoch, limit)
        )
    per_epoch = math.ceil(batches_per_epoch / accumulation)
    epochs, max_steps = trainer_cfg.get("max_epochs", -1), trainer_cfg.get("max_steps", -1)
    by_epochs = per_epoch * epochs if epochs is not None and epochs > 0 else math.inf
    by_steps = max_steps if max_steps is not None and max_steps > 0 else math.inf
    steps = min(by_epochs, by_steps)
    if not math.isfinite(steps):
        raise ValueError("the fit has no end (trainer.max_steps=-1 and trainer.max_epochs=-1): set one of them")
    return int(steps)


def plan_run(
    cfg, datamodule, accumulation: int, answer_rows: list, stored: int, reader: bool, resumed: bool = False
) -> RunPlan:
    """The run's work from its config and its data (set up), whatever the machine."""
    batches = len(datamodule.train_dataloader())
    return RunPlan(
        reader_steps=int(cfg.reader.steps) if reader else 0,
        pair_steps=fit_steps_planned(cfg.trainer, batches, accumulation),
        pairs_per_step=int(cfg.data.batch_size) * accumulation,
        answers=len(answer_rows),
        answers_stored=stored,
        prior_epochs=int(cfg.prior.epochs) if cfg.get("prior") and not resumed else 0,
        quality_fits=quality_fits(cfg) if not resumed else 0,
    )


def quality_fits(cfg) -> int:
    """The quality term's fits (one per L2 weight) a config's recipe runs; 0 without the term."""
    return len(WEIGHT_DECAYS) if cfg.model.get("quality_term") else 0


def recipe_plan(cfg, plan: RunPlan) -> RunPlan:
    """The whole recipe's plan, for the run's record: a resumed fit's own plan leaves out the stages it
    does not repeat (the reader, the quality prior, the quality term), but it is the same run."""
    reader_steps = int(cfg.reader.steps) if cfg.get("reader") else 0
    prior_epochs = int(cfg.prior.epochs) if cfg.get("prior") else 0
    return replace(plan, reader_steps=reader_steps, prior_epochs=prior_epochs, quality_fits=quality_fits(cfg))


def _timed(fn, repeats: int) -> float:
    """Seconds per call of ``fn`` over ``repeats`` calls after one untimed warm-up."""
    fn()
    start = time.perf_counter()
    for _ in range(repeats):
        fn()
    return (time.perf_counter() - start) / repeats


def _describe_seconds(towers, rows: list, sample: int = 16) -> float:
    """Seconds the frozen tower of ``towers`` (a throwaway copy's memory) takes for all ``rows``: timed on the
    ``sample`` longest (whole chunks of one width, as the real pass runs them), scaled by each row's width."""
    from crm.models.rows import FIXED_WIDTH_STEP

    def width(row) -> int:
        return -(-len(row) // FIXED_WIDTH_STEP) * FIXED_WIDTH_STEP

    longest = sorted(rows, key=len)[-sample:]

    def describe():
        towers.answers.clear()
        towers.describe_all(longest)

    per_row = _timed(describe, 1) / max(1, len(longest))
    return per_row * sum(map(width, rows)) / max(1, width(longest[-1]) if longest else 1)


def estimate_seconds(
    plan: RunPlan, module, datamodule, context, reader_probe=None, repeats: int = 2
) -> dict[str, float]:
    """Seconds each remaining stage should take on this machine, timed on throwaway copies in the
    training precision (``context()``) with every random state restored after: the reader's teaching
    (``reader_probe()`` makes one step of it, or None), the answers to describe, the pair stage's steps
    (one batch's forward and backward once its answers are described) and the test (its batches forward)."""
    py_state, np_state = random.getstate(), np.random.get_state()
    with torch.random.fork_rng(devices=[]), context():
        try:
            estimate = {}
            if reader_probe is not None and plan.reader_steps:
                estimate["reader"] = plan.reader_steps * _timed(reader_probe(), repeats)
            batch = next(iter(datamodule.train_dataloader()))
            probe = copy.deepcopy(module)
            if probe.towers is not None:
                probe.towers.store = None
            if plan.answers > plan.answers_stored and probe.towers is not None:
                rows = datamodule.answer_rows()
                pending = (plan.answers - plan.answers_stored) / plan.answers
                estimate["describe answers"] = pending * _describe_seconds(probe.towers, rows)

            def pair_step():
                loss, _, _ = probe.step(batch)
                loss.backward()

            estimate["pairs"] = plan.pair_steps * _timed(pair_step, repeats)
            tests = sum(len(loader) for loader in datamodule.test_dataloader())
            with torch.no_grad():  # a test batch is larger (data.eval_batch_size): scaled by its rows
                scale = datamodule.eval_batch_size / datamodule.batch_size
                estimate["test"] = tests * scale * _timed(lambda: probe.step(batch), repeats)
            return estimate
        finally:
            random.setstate(py_state)
            np.random.set_state(np_state)


def check_cap(cap_seconds: float, elapsed: float, estimate: dict[str, float]) -> None:
    """Refuse a run whose estimated total overruns the cap, naming the estimate and the way out."""
    total = elapsed + sum(estimate.values())
    parts = ", ".join(f"{name} {seconds / 60:.1f} min" for name, seconds in estimate.items())
    if total > cap_seconds:
        raise RunTooLong(
            f"run_deadline={cap_seconds:g} s: the full recipe would take about {total / 60:.1f} min on this machine "
            f"({elapsed / 60:.1f} min so far; {parts}). It is never cut short to fit: raise the cap "
            f"(run_deadline={math.ceil(total * 1.2)}) or lift it (run_deadline=null)."
        )
    log.info("run_deadline=%g s: the full recipe should take about %.1f min (%s)", cap_seconds, total / 60, parts)
