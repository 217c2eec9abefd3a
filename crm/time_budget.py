"""Train for a wall-clock budget instead of a fixed number of steps, with a complete LR schedule.

CPUs differ threefold in speed (native bf16 or not), so a fixed step count either overruns a time
budget on a slow machine or wastes a fast one. :class:`TimeBudget` times the first optimizer steps,
then sets the run's total steps so training ends within the budget, stretches or shrinks the
learning-rate schedule to that total (warmup and decay complete, never cut off half-way) and places
the validations evenly. The number of steps therefore depends on the machine: it is logged and
written to ``metrics.json`` (``global_step``).
"""

from __future__ import annotations

import logging
import math
import time
from collections import deque

from lightning import Callback, LightningModule, Trainer

log = logging.getLogger(__name__)


def fit_steps(trainer: Trainer, what: str, otherwise: str = "") -> int:
    """The fit's optimizer steps, which ``what`` needs: an endless fit (``max_steps`` and ``max_epochs``
    both -1) gets an error naming the settings, with ``otherwise`` as another way out."""
    total = trainer.estimated_stepping_batches
    if not math.isfinite(total):
        raise ValueError(
            f"{what} needs the fit's length, and this fit has no end (trainer.max_steps=-1 and "
            f"trainer.max_epochs=-1): set one of them{otherwise}"
        )
    return int(total)


class TimeBudget(Callback):
    def __init__(
        self,
        minutes: float,
        calibration_steps: int = 10,
        validations: int = 3,
        validation_share: float = 0.08,
        min_steps: int = 20,
        until: float | None = None,
    ):
        """``validation_share``: part of the budget kept for the validations (measured after the first one).
        ``until``: a wall-clock instant (``time.time()``) the fit must end by, ``min_steps`` or not: the
        share of a run deadline a first stage may take, so a slow machine cuts that stage short instead of
        overrunning the run."""
        if minutes <= 0 or calibration_steps < 2 or validations < 1:
            raise ValueError("TimeBudget needs minutes > 0, calibration_steps >= 2 and validations >= 1")
        self.budget_s = 60.0 * minutes
        self.until = until
        self.calibration_steps = calibration_steps
        self.validations = validations
        self.validation_share = validation_share
        self.min_steps = min_steps
        self.started: float | None = None
        self.step_times: list[float] = []
        self.planned_steps: int | None = None
        self.seconds_per_step: float | None = None

    def on_train_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        self.started = time.perf_counter()

    def on_train_batch_end(self, trainer: Trainer, pl_module: LightningModule, outputs, batch, batch_idx) -> None:
        if self.planned_steps is not None:
            return
        self.step_times.append(time.perf_counter())
        steps = trainer.global_step
        if steps < self.calibration_steps:
            return
        # The first step pays for warm-up (allocations, autotuning): time the ones after it.
        done = self.step_times[-1] - self.step_times[0]
        self.seconds_per_step = done / max(len(self.step_times) - 1, 1) * trainer.accumulate_grad_batches
        elapsed = time.perf_counter() - self.started
        remaining = self.budget_s * (1.0 - self.validation_share) - elapsed
        planned = steps + max(0, int(remaining / self.seconds_per_step))
        planned = max(planned, self.min_steps, steps + self.validations)
        configured = trainer.fit_loop.max_steps
        if configured is not None and configured > 0:  # the configured steps stay an upper bound
            planned = min(planned, configured)
        if self.until is not None:
            fit = steps + max(self.validations, int((self.until - time.time()) / self.seconds_per_step))
            if fit < planned:
                log.warning(
                    "time budget: %.2f s per step leaves time for %d of the %d steps planned before the run's "
                    "deadline; the fit ends there, its LR schedule completed (run_deadline=null keeps them all)",
                    self.seconds_per_step,
                    fit,
                    planned,
                )
                planned = fit
        self.planned_steps = planned - planned % self.validations  # the last step is a validation step
        self._apply(trainer)
        log.info(
            "time budget %.1f min: %.2f s per optimizer step -> %d steps, validation every %d steps",
            self.budget_s / 60,
            self.seconds_per_step,
            self.planned_steps,
            self._val_every(),
        )

    def _val_every(self) -> int:
        return max(1, self.planned_steps // self.validations)

    def _apply(self, trainer: Trainer) -> None:
        trainer.fit_loop.epoch_loop.max_steps = self.planned_steps
        # Validation runs every `val_check_batch` training batches (micro-batches under accumulation).
        trainer.val_check_batch = self._val_every() * trainer.accumulate_grad_batches
        for config in trainer.lr_scheduler_configs:
            retarget_schedule(config.scheduler, self.planned_steps, trainer.lightning_module)

    def state_dict(self) -> dict:
        return {"planned_steps": self.planned_steps, "seconds_per_step": self.seconds_per_step}

    def load_state_dict(self, state_dict: dict) -> None:
        """A resumed run keeps the plan it made (its remaining steps are not re-timed)."""
        self.planned_steps = state_dict.get("planned_steps")
        self.seconds_per_step = state_dict.get("seconds_per_step")

    def on_fit_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        if self.planned_steps is not None:  # restored from a checkpoint
            self._apply(trainer)


def retarget_schedule(scheduler, total_steps: int, module: LightningModule) -> None:
    """Give the module's warmup + decay schedule (built by a ``transformers.get_*_schedule_with_warmup``
    factory) a new total, keeping its warmup fraction: its lambdas are rebuilt with the same factory."""
    factory = getattr(module, "scheduler_factory", None)
    if factory is None:
        log.warning("the LR schedule was not built from a factory; it keeps its configured length")
        return
    warmup = int(round(module.hparams.warmup_ratio * total_steps))
    optimizer = scheduler.optimizer
    fresh = factory(optimizer=optimizer, num_warmup_steps=warmup, num_training_steps=total_steps)
    scheduler.lr_lambdas = fresh.lr_lambdas
    for group, base, lam in zip(optimizer.param_groups, scheduler.base_lrs, scheduler.lr_lambdas):
        group["lr"] = base * lam(scheduler.last_epoch)  # the factory reset it to the first step's


class RunDeadline(Callback):
    """Ends a fit of fixed work early, its LR schedule completed, where the whole run would otherwise
    overrun a wall-clock limit.

    A fixed amount of work (the quickstart's epoch of pairs) makes the same CRM on every machine but
    takes half as long again on a CPU without native bf16, and that CPU varies from hour to hour. At the
    fit's first validation the rest of the fit is timed at the rate of the recent steps (an upper bound
    for a two-tower CRM, whose steps grow cheaper as its memory of answers fills) plus a validation at
    the end. Where it fits before ``started + minutes - reserve_minutes`` (``reserve_minutes``: the test
    and export after the fit), nothing changes. Where it does not, the fit ends at the last step that
    fits, with a validation there, and the rest of the schedule runs through those steps (the same LR
    curve, faster); the steps taken are logged and written to ``metrics.json`` (``global_step``).

    Between those timings every step checks that a cool-down (``cooldown``: that share of the fit's
    steps, at the recent rate) and a validation still fit before the deadline. Where they no longer do
    (a machine so slow that the first validation would come too late, or one that slows down after
    it), the fit ends at the last step that fits within the cool-down, the rest of its schedule run
    through the steps left, so the LR has decayed when the fit ends on any machine. Before the first
    validation, a validation's cost is estimated from the sanity check's.
    """

    def __init__(
        self, minutes: float, started: float, reserve_minutes: float = 1.0, window: int = 50, cooldown: float = 0.1
    ):
        if minutes <= 0 or reserve_minutes < 0 or window < 1 or not 0 < cooldown <= 1:
            raise ValueError("RunDeadline needs minutes > 0, reserve_minutes >= 0, window >= 1 and 0 < cooldown <= 1")
        self.started = started
        self.deadline = started + 60.0 * (minutes - reserve_minutes)
        self.minutes = minutes
        self.cooldown = cooldown
        self.step_times: deque[tuple[int, float]] = deque(maxlen=window + 1)  # the recent steps' (step, time)
        self.validation_s = 0.0  # one validation: estimated from the sanity check until the first is timed
        self.timed = False  # the first validation timed the rest of the fit
        self.plan: tuple[int, int, int] | None = None  # (decided at step, configured end, new end)
        self._sanity_started = 0.0

    def on_train_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        fit_steps(trainer, "run_deadline")  # before the first step, not at it

    def share_ends(self, share: float) -> float:
        """The instant that share of the time before the deadline ends (a first stage's latest end)."""
        if not 0 < share <= 1:
            raise ValueError(f"a share of the time before the run deadline is in (0, 1], got {share}")
        return self.started + share * (self.deadline - self.started)

    def on_sanity_check_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        self._sanity_started = time.time()

    def on_sanity_check_end(self, trainer: Trainer, pl_module: LightningModule) -> None:
        sanity, full = sum(trainer.num_sanity_val_batches), sum(trainer.num_val_batches)
        if sanity and math.isfinite(full):
            self.validation_s = (time.time() - self._sanity_started) * full / sanity

    def _seconds_per_step(self) -> float | None:
        if len(self.step_times) < 2:
            return None
        (first_step, first_time), (step, last_time) = self.step_times[0], self.step_times[-1]
        return (last_time - first_time) / max(step - first_step, 1)

    def _steps_that_fit(self, now: float, seconds_per_step: float) -> int:
        """Steps at that rate that leave room for a validation before the deadline (none: 0 or less)."""
        return int((self.deadline - now - self.validation_s) / seconds_per_step)

    def on_train_batch_end(self, trainer: Trainer, pl_module: LightningModule, outputs, batch, batch_idx) -> None:
        step, now = trainer.global_step, time.time()
        self.step_times.append((step, now))
        end = fit_steps(trainer, "run_deadline")
        if self.plan is None and step < end:
            rate = self._seconds_per_step()
            horizon = min(max(1, int(self.cooldown * end)), end - step)
            if rate is None:  # the fit's first step: only a deadline already passed ends it
                due, fits = now >= self.deadline, 1
            else:
                due = now + horizon * rate + self.validation_s >= self.deadline
                fits = max(1, min(horizon, self._steps_that_fit(now, rate)))
            if trainer.strategy.reduce_boolean_decision(due, all=False):
                plan = trainer.strategy.broadcast((step, end, step + fits), src=0)  # every rank stops at rank 0's
                why = "the deadline passed" if rate is None else f"{rate:.2f} s per step and a cool-down"
                self._end_early(trainer, plan, why)
        if self.plan is not None and step >= self.plan[2]:
            trainer.should_stop = True  # Lightning validates before it stops (the checkpoint follows)

    def on_validation_end(self, trainer: Trainer, pl_module: LightningModule) -> None:
        if trainer.sanity_checking or len(self.step_times) < 2:
            return
        now, (step, last_time) = time.time(), self.step_times[-1]
        validation_s = now - last_time
        # The recent steps move past the validation, so their rate stays that of steps alone.
        self.step_times = deque(((s, t + validation_s) for s, t in self.step_times), maxlen=self.step_times.maxlen)
        if self.timed:
            return
        self.timed, self.validation_s = True, validation_s
        if self.plan is not None:
            return
        seconds_per_step = self._seconds_per_step()
        end = fit_steps(trainer, "run_deadline")
        needed = (end - step) * seconds_per_step + self.validation_s
        left = self.deadline - now
        plan = None
        if needed > left:
            plan = (step, end, step + max(1, self._steps_that_fit(now, seconds_per_step)))
        plan = trainer.strategy.broadcast(plan, src=0)  # every rank stops at rank 0's step
        if plan is None:
            log.info(
                "run deadline %.1f min: the fit's %d steps fit (%.0f s needed, %.0f s left)",
                self.minutes,
                end,
                needed,
                left,
            )
            return
        self._end_early(trainer, plan, f"{seconds_per_step:.2f} s per step")

    def _end_early(self, trainer: Trainer, plan: tuple[int, int, int], why: str) -> None:
        self.plan = plan
        self._apply(trainer)
        log.warning(
            "run deadline %.1f min: %s leaves time for %d of the fit's %d steps; it ends there, its LR schedule "
            "completed (the CRM differs from a full fit's; run_deadline=null fits them all)",
            self.minutes,
            why,
            plan[2],
            plan[1],
        )

    def _apply(self, trainer: Trainer) -> None:
        for config in trainer.lr_scheduler_configs:
            compress_schedule(config.scheduler, *self.plan)

    def state_dict(self) -> dict:
        return {"timed": self.timed, "plan": self.plan, "validation_s": self.validation_s}

    def load_state_dict(self, state_dict: dict) -> None:
        """A resumed fit keeps the end it planned (its LR schedule is rebuilt at the configured length)."""
        self.timed = state_dict.get("timed", state_dict.get("decided", False))
        self.plan = tuple(state_dict["plan"]) if state_dict.get("plan") else None
        self.validation_s = state_dict.get("validation_s", 0.0)

    def on_fit_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        if self.plan is not None:  # restored from a checkpoint
            self._apply(trainer)


def compress_schedule(scheduler, start: int, end: int, new_end: int) -> None:
    """Run a LambdaLR schedule's steps ``start..end`` within ``start..new_end``: the LR at each later step
    is the one the old schedule reached proportionally further on, so warmup and decay still complete."""
    scale = (end - start) / max(new_end - start, 1)

    def compressed(lam):
        return lambda step: lam(start + (step - start) * scale) if step > start else lam(step)

    scheduler.lr_lambdas = [compressed(lam) for lam in scheduler.lr_lambdas]
