"""The time budget: steps fitted to the measured step time, a complete LR schedule, even validations."""

from types import SimpleNamespace

import pytest
import torch
from transformers import get_cosine_schedule_with_warmup

from crm.time_budget import TimeBudget, retarget_schedule


def scheduled_optimizer(total: int):
    optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=1.0)
    return optimizer, get_cosine_schedule_with_warmup(optimizer, 0, total)


def test_retargeted_schedule_ends_at_the_new_total():
    optimizer, scheduler = scheduled_optimizer(1000)
    for _ in range(10):
        optimizer.step()
        scheduler.step()
    module = SimpleNamespace(
        scheduler_factory=get_cosine_schedule_with_warmup, hparams=SimpleNamespace(warmup_ratio=0.0)
    )
    retarget_schedule(scheduler, 20, module)
    assert optimizer.param_groups[0]["lr"] == pytest.approx(0.5)  # half-way through a 20-step cosine
    for _ in range(10):
        optimizer.step()
        scheduler.step()
    assert optimizer.param_groups[0]["lr"] == pytest.approx(0.0, abs=1e-9)


def calibrated(
    monkeypatch, max_steps: int, min_steps: int = 20, until: float | None = None
) -> tuple[TimeBudget, SimpleNamespace]:
    """A 10-minute budget calibrated on 5 steps of 2 s each, with ``max_steps`` configured; ``until``:
    seconds after the calibration the fit must end by."""
    clock = iter(float(t) for t in range(0, 10_000, 2))  # every call: 2 s later
    monkeypatch.setattr("crm.time_budget.time.perf_counter", lambda: next(clock))
    monkeypatch.setattr("crm.time_budget.time.time", lambda: 0.0)
    optimizer, scheduler = scheduled_optimizer(3000)
    fit_loop = SimpleNamespace(max_steps=max_steps, epoch_loop=SimpleNamespace(max_steps=max_steps))
    module = SimpleNamespace(
        scheduler_factory=get_cosine_schedule_with_warmup, hparams=SimpleNamespace(warmup_ratio=0.0)
    )
    trainer = SimpleNamespace(
        global_step=0,
        accumulate_grad_batches=1,
        fit_loop=fit_loop,
        lr_scheduler_configs=[SimpleNamespace(scheduler=scheduler)],
        lightning_module=module,
        val_check_batch=140,
    )
    budget = TimeBudget(
        minutes=10, calibration_steps=5, validations=3, validation_share=0.1, min_steps=min_steps, until=until
    )
    budget.on_train_start(trainer, module)
    for step in range(1, 6):
        trainer.global_step = step
        budget.on_train_batch_end(trainer, module, None, None, step - 1)
    return budget, trainer


def test_budget_plans_steps_from_the_measured_step_time(monkeypatch):
    budget, trainer = calibrated(monkeypatch, max_steps=3000)
    assert budget.seconds_per_step == pytest.approx(2.0)
    # 540 s of the 600 s budget for steps, 12 s spent: (540 - 12) / 2 + 5 = 269 -> 267, a multiple of 3
    assert budget.planned_steps == 267 and trainer.fit_loop.epoch_loop.max_steps == 267
    assert trainer.val_check_batch == 89
    assert TimeBudget(1).state_dict()["planned_steps"] is None


def test_the_configured_steps_stay_an_upper_bound_below_the_minimum(monkeypatch):
    budget, trainer = calibrated(monkeypatch, max_steps=10)  # fewer than min_steps (20)
    assert budget.planned_steps == 9 and trainer.fit_loop.epoch_loop.max_steps == 9


def test_a_step_floor_over_the_budget_wins_on_a_slow_machine(monkeypatch):
    """``min_steps`` above what the budget buys (267 steps of 2 s): the run takes longer, not fewer steps."""
    budget, trainer = calibrated(monkeypatch, max_steps=3000, min_steps=400)
    assert budget.planned_steps == 399 and trainer.fit_loop.epoch_loop.max_steps == 399  # a multiple of 3


def test_a_latest_end_cuts_the_steps_below_the_floor(monkeypatch):
    """A first stage under a run deadline (``until``) ends by it even where ``min_steps`` asks for more."""
    budget, trainer = calibrated(monkeypatch, max_steps=3000, min_steps=400, until=101.0)
    # 101 s left at 2 s a step: 50 more steps after the 5 timed (55 -> 54, a multiple of 3), not 399
    assert budget.planned_steps == 54 and trainer.fit_loop.epoch_loop.max_steps == 54
    scheduler = trainer.lr_scheduler_configs[0].scheduler
    for _ in range(54):
        scheduler.optimizer.step()
        scheduler.step()
    assert scheduler.optimizer.param_groups[0]["lr"] == pytest.approx(0.0, abs=1e-9)  # the schedule completed


def test_a_latest_end_far_enough_changes_nothing(monkeypatch):
    budget, _ = calibrated(monkeypatch, max_steps=3000, min_steps=400, until=10_000.0)
    assert budget.planned_steps == 399
