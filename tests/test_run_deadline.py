"""The run deadline: a fit that fits is left alone; one that would overrun ends early with its schedule complete."""

import math
from types import SimpleNamespace

import pytest
import torch
from transformers import get_cosine_schedule_with_warmup

from crm.time_budget import RunDeadline, compress_schedule

STEPS = 1000  # the fit's configured steps


def fit_to_first_validation(monkeypatch, minutes: float, seconds_per_step: float = 1.0, sanity_s: float = 0.0):
    """A fit whose 500 first steps took ``seconds_per_step`` each and whose validation took 10 s, under a
    ``minutes`` deadline (reserve 1 min) counted from t=0; its sanity check (2 of 4 validation batches) took
    ``sanity_s`` before it."""
    clock = {"now": 0.0}
    monkeypatch.setattr("crm.time_budget.time.time", lambda: clock["now"])
    optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=1.0)
    scheduler = get_cosine_schedule_with_warmup(optimizer, 0, STEPS)
    trainer = SimpleNamespace(
        global_step=0,
        estimated_stepping_batches=STEPS,
        lr_scheduler_configs=[SimpleNamespace(scheduler=scheduler)],
        sanity_checking=False,
        should_stop=False,
        num_sanity_val_batches=[2],
        num_val_batches=[4],
        strategy=SimpleNamespace(broadcast=lambda obj, src=0: obj, reduce_boolean_decision=lambda d, all=True: d),
    )
    deadline = RunDeadline(minutes=minutes, started=0.0, reserve_minutes=1.0, window=50)
    trainer.sanity_checking = True
    deadline.on_sanity_check_start(trainer, None)
    clock["now"] += sanity_s
    deadline.on_validation_end(trainer, None)  # the sanity check decides nothing
    deadline.on_sanity_check_end(trainer, None)
    trainer.sanity_checking = False
    clock["now"] -= sanity_s  # the fit's clock starts after it (keeps the numbers below round)
    for step in range(1, 501):
        clock["now"] += seconds_per_step
        trainer.global_step = step
        optimizer.step()
        scheduler.step()
        deadline.on_train_batch_end(trainer, None, None, None, step - 1)
    clock["now"] += 10.0
    deadline.on_validation_end(trainer, None)
    return deadline, trainer, scheduler, clock


def test_a_fit_that_fits_is_left_alone(monkeypatch):
    # 510 s spent; the rest needs 500 steps of 1 s + a 10 s validation = 510 s, and 19 * 60 - 510 are left
    deadline, trainer, scheduler, clock = fit_to_first_validation(monkeypatch, minutes=20)
    assert deadline.timed and deadline.plan is None and deadline.validation_s == 10.0
    clock["now"] += 1.0
    trainer.global_step = 501
    deadline.on_train_batch_end(trainer, None, None, None, 500)
    assert deadline._seconds_per_step() == pytest.approx(1.0)  # the validation's 10 s are no step's
    assert scheduler.lr_lambdas[0](750) == pytest.approx(0.5 * (1 + torch.cos(torch.tensor(0.75 * torch.pi)).item()))
    trainer.global_step = STEPS - 1
    deadline.on_train_batch_end(trainer, None, None, None, 0)
    assert not trainer.should_stop


def test_a_fit_that_would_overrun_ends_at_the_last_step_that_fits(monkeypatch):
    # 15 min - 1 min reserve = 840 s; at 510 s, 330 s are left: 320 s of steps after the final 10 s validation
    deadline, trainer, scheduler, clock = fit_to_first_validation(monkeypatch, minutes=15)
    assert deadline.plan == (500, STEPS, 820)
    lam = scheduler.lr_lambdas[0]
    assert lam(500) == pytest.approx(0.5)  # the schedule before the decision is untouched
    assert lam(660) == pytest.approx(0.5 * (1 + torch.cos(torch.tensor(0.75 * torch.pi)).item()))
    assert lam(820) == pytest.approx(0.0, abs=1e-9)  # decayed completely at the new end
    trainer.global_step = 819
    deadline.on_train_batch_end(trainer, None, None, None, 0)
    assert not trainer.should_stop
    trainer.global_step = 820
    deadline.on_train_batch_end(trainer, None, None, None, 0)
    assert trainer.should_stop


def test_a_deadline_before_the_first_validation_ends_the_fit_after_a_cool_down(monkeypatch):
    # 840 s to the deadline at 2 s per step: at step 320 (640 s) a cool-down of 100 steps (0.1 of the fit)
    # just fits, so the fit ends at step 420, decayed, its validation at 840 s
    deadline, trainer, scheduler, _ = fit_to_first_validation(monkeypatch, minutes=15, seconds_per_step=2.0)
    assert deadline.plan == (320, STEPS, 420) and trainer.should_stop
    lam = scheduler.lr_lambdas[0]
    assert lam(320) == pytest.approx(0.5 * (1 + math.cos(0.32 * math.pi))) and lam(420) == pytest.approx(0.0, abs=1e-9)


def test_the_cool_down_makes_room_for_the_validation_the_sanity_check_foresaw(monkeypatch):
    # the sanity check's 2 batches took 5 s: a validation of 4 costs 10 s, so the cool-down starts 5 steps sooner
    deadline, _, _, _ = fit_to_first_validation(monkeypatch, minutes=15, seconds_per_step=2.0, sanity_s=5.0)
    assert deadline.plan == (315, STEPS, 415)


def test_a_machine_that_slows_after_the_first_validation_still_cools_down_in_time(monkeypatch):
    deadline, trainer, scheduler, clock = fit_to_first_validation(monkeypatch, minutes=20)  # fits at 1 s per step
    assert deadline.plan is None
    step = 500
    while deadline.plan is None:  # now 4 s per step: the 1,130 s left no longer hold the 500 steps
        step += 1
        clock["now"] += 4.0
        trainer.global_step = step
        deadline.on_train_batch_end(trainer, None, None, None, step - 1)
    decided_at, _, new_end = deadline.plan
    assert decided_at < new_end <= decided_at + 100 < STEPS
    # a validation (10 s) after the last step still comes before the deadline (19 min)
    assert clock["now"] + (new_end - decided_at) * 4.0 + 10.0 <= 19 * 60
    assert scheduler.lr_lambdas[0](new_end) == pytest.approx(0.0, abs=1e-9)


def test_a_resumed_fit_keeps_the_end_it_planned(monkeypatch):
    deadline, _, _, _ = fit_to_first_validation(monkeypatch, minutes=15)
    resumed = RunDeadline(minutes=15, started=1e9)
    resumed.load_state_dict(deadline.state_dict())
    optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=1.0)
    scheduler = get_cosine_schedule_with_warmup(optimizer, 0, STEPS)  # rebuilt at the configured length
    resumed.on_fit_start(SimpleNamespace(lr_scheduler_configs=[SimpleNamespace(scheduler=scheduler)]), None)
    assert resumed.timed and resumed.plan == (500, STEPS, 820) and resumed.validation_s == 10.0
    assert scheduler.lr_lambdas[0](820) == pytest.approx(0.0, abs=1e-9)


def test_compressing_a_schedule_keeps_its_warmup():
    optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=1.0)
    scheduler = get_cosine_schedule_with_warmup(optimizer, 100, 1000)
    compress_schedule(scheduler, 50, 1000, 525)  # decided during warmup: the rest runs twice as fast
    lam = scheduler.lr_lambdas[0]
    assert lam(50) == pytest.approx(0.5) and lam(75) == pytest.approx(1.0) and lam(525) == pytest.approx(0.0, abs=1e-9)


def test_a_deadline_needs_a_positive_limit():
    with pytest.raises(ValueError, match="minutes > 0"):
        RunDeadline(minutes=0, started=0.0)


def test_a_first_stage_gets_its_share_of_the_time_before_the_deadline():
    deadline = RunDeadline(minutes=14, started=100.0, reserve_minutes=1.25)
    assert deadline.share_ends(0.4) == pytest.approx(100.0 + 0.4 * 12.75 * 60)
    with pytest.raises(ValueError, match="in \\(0, 1\\]"):
        deadline.share_ends(4)


def test_an_endless_fit_is_refused_with_a_clear_error():
    trainer = SimpleNamespace(estimated_stepping_batches=math.inf)
    with pytest.raises(ValueError, match="has no end"):
        RunDeadline(minutes=14, started=0.0).on_train_start(trainer, None)
