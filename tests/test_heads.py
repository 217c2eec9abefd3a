"""The head as one object: what it judges and how its judgements combine; no other module names a head."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest
import torch
from torch import nn

from crm.heads import HEADS, head_named
from crm.stats import sigmoid

PACKAGE = Path(__file__).resolve().parent.parent / "crm"


def test_no_module_outside_the_head_registry_compares_a_heads_name():
    names = set(HEADS)
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "heads.py" and path.parent == PACKAGE:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                constants = [c for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)]
                if any(c.value in names for c in constants):
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not found, f"compares a head's name (ask crm.heads instead): {found}"


def test_a_pointwise_head_prefers_by_the_reward_margin_and_a_pairwise_one_averages_both_orders():
    rewards = [0.3, -1.2, 2.0]
    bt = head_named("bt").preferences(lambda i: rewards[i], 3)
    assert head_named("bt").judged(3) == [(0,), (1,), (2,)]
    assert bt[0, 1] == sigmoid(0.3 - -1.2) and np.allclose(bt + bt.T, 1.0) and np.all(np.diag(bt) == 0.5)
    first = {(0, 1): 0.9, (1, 0): 0.4, (0, 2): 0.2, (2, 0): 0.7, (1, 2): 0.5, (2, 1): 0.6}
    cls = head_named("cls").preferences(lambda i, j: first[(i, j)], 3)
    assert sorted(head_named("cls").judged(3)) == sorted(first)
    assert cls[0, 1] == pytest.approx((0.9 + 1 - 0.4) / 2) and np.allclose(cls + cls.T, 1.0)
    many = {k: np.array([v, 1 - v]) for k, v in first.items()}  # two sets at once: the result ends with them
    both = head_named("cls").preferences(lambda i, j: many[(i, j)], 3)
    assert both.shape == (3, 3, 2) and np.array_equal(both[..., 0], cls)
    assert np.array_equal(head_named("bt").preferences(lambda i: np.array([rewards[i]] * 2), 3)[..., 1], bt)


def test_each_head_makes_its_training_rows_loss_and_accuracy():
    features = [{"chosen": "c1", "rejected": "r1"}, {"chosen": "c2", "rejected": "r2"}]
    rows, beside = head_named("bt").training_rows(features)
    assert rows == ["c1", "c2", "r1", "r2"] and beside == {}
    loss, predicted, target = head_named("bt").step(torch.tensor([[2.0], [0.0], [1.0], [1.0]]), {})
    assert predicted.tolist() == [1, 0] and target.tolist() == [1, 1]
    margins = torch.tensor([1.0, -1.0])
    assert loss.item() == pytest.approx(-nn.functional.logsigmoid(margins).mean().item())
    rows, beside = head_named("cls").training_rows([{"pair": "p1", "label": 1}, {"pair": "p2", "label": 0}])
    assert rows == ["p1", "p2"] and beside == {"labels": [1, 0]}
    loss, predicted, _ = head_named("cls").step(
        torch.tensor([[0.0, 2.0], [0.0, 2.0]]), {"labels": torch.tensor([1, 0])}
    )
    assert predicted.tolist() == [1, 0]
    assert head_named("bt").outputs == 1 and head_named("cls").outputs == 2


def test_an_unknown_head_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown head 'davidson'; expected one of \('bt', 'cls'\)"):
        head_named("davidson")
