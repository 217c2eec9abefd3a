"""``bt``, pointwise Bradley-Terry: each answer judged alone, its reward; p(i over j) is the sigmoid of
the reward margin, and the loss its negative log-likelihood for the chosen answer over the rejected."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from crm.heads import Head, Index, register


@register
class BradleyTerry(Head):
    name = "bt"
    answers_per_row = 1
    outputs = 1

    def judged(self, n: int) -> list[Index]:
        return [(i,) for i in range(n)]

    def preferences(self, value: Callable[..., float | np.ndarray], n: int) -> np.ndarray:
        rewards = np.array([value(i) for i in range(n)], dtype=float)
        return self.pair_probability(rewards[:, None] - rewards[None, :])

    def training_rows(self, features: list[dict]) -> tuple[list, dict]:
        """The chosen rows then the rejected ones: one forward pass for both."""
        return [f["chosen"] for f in features] + [f["rejected"] for f in features], {}

    def step(
        self, out, batch: dict, margin: float = 0.0, center_rewards_coef: float = 0.0, label_smoothing: float = 0.0
    ):
        import torch

        chosen, rejected = out.squeeze(-1).chunk(2)
        loss = bradley_terry_loss(chosen, rejected, margin, center_rewards_coef)
        return loss, (chosen > rejected).long(), torch.ones_like(chosen, dtype=torch.long)


def bradley_terry_loss(chosen, rejected, margin: float = 0.0, center_rewards_coef: float = 0.0):
    """``-log sigmoid(r_c - r_r - margin)``, plus :func:`centring`'s term; in fp32 whatever the model's
    precision."""
    import torch.nn.functional as F

    chosen, rejected = chosen.float(), rejected.float()
    loss = -F.logsigmoid(chosen - rejected - margin).mean()
    return loss + centring(chosen, rejected, center_rewards_coef)


def centring(chosen, rejected, coef: float):
    """``coef * mean((r_c + r_r)^2)``, which keeps a pointwise head's rewards centred (0 without a
    coefficient)."""
    return coef * ((chosen + rejected) ** 2).mean() if coef else 0.0
