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
import time

from lightning import Callback, LightningModule, Trainer

log = logging.getLogger(__name__)


class TimeBudget(Callback):
    def __init__(
        self,
        minutes: float,
        calibration_steps: int = 10,
        validations: int = 3,
        validation_share: float = 0.08,
        min_steps: int = 20,
    ):
        """``validation_share``: part of the budget kept for the validations (measured after the first one)."""
        if minutes <= 0 or calibration_steps < 2 or validations < 1:
            raise ValueError("TimeBudget needs minutes > 0, calibration_steps >= 2 and validations >= 1")
        self.budget_s = 60.0 * minutes
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
