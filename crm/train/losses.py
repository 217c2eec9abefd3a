"""Reward-model losses, computed in fp32 whatever the model's precision."""

from __future__ import annotations

import torch
import torch.nn.functional as F


def bradley_terry_loss(
    chosen: torch.Tensor, rejected: torch.Tensor, margin: float = 0.0, center_rewards_coef: float = 0.0
) -> torch.Tensor:
    """``-log sigmoid(r_c - r_r - margin)``, plus ``coef * mean((r_c + r_r)^2)`` to keep rewards centred."""
    chosen, rejected = chosen.float(), rejected.float()
    loss = -F.logsigmoid(chosen - rejected - margin).mean()
    if center_rewards_coef:
        loss = loss + center_rewards_coef * ((chosen + rejected) ** 2).mean()
    return loss


def pairwise_cls_loss(logits: torch.Tensor, labels: torch.Tensor, label_smoothing: float = 0.0) -> torch.Tensor:
    """Cross-entropy over (A, B)."""
    return F.cross_entropy(logits.float(), labels, label_smoothing=label_smoothing)
