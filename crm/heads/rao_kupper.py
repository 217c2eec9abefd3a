"""``bt_ties``, the tie-aware pointwise head: Bradley-Terry as Rao and Kupper extended it. A reward
margin ``d`` within the tie margin ``e`` reads as a tie: p(first) = sigmoid(d - e), p(second) =
sigmoid(-d - e), a tie the rest, which counts half to each side of p(i over j). It learns from the ties
the data holds (its config keeps them: ``head=bt_ties``), and a pair is right when its likeliest outcome
is the data's."""

from __future__ import annotations

import numpy as np

from crm.heads import register
from crm.heads.bradley_terry import BradleyTerry, centring
from crm.stats import sigmoid


@register
class RaoKupper(BradleyTerry):
    name = "bt_ties"
    tie_margin = 1.0  # e: a reward margin within it reads as a tie

    def outcomes(self, margin):
        margin = np.asarray(margin, dtype=float)
        first = sigmoid(margin - self.tie_margin)
        second = sigmoid(-margin - self.tie_margin)
        return first, 1.0 - first - second, second

    def training_rows(self, features: list[dict]) -> tuple[list, dict]:
        """:class:`BradleyTerry`'s rows, and which pairs are ties (a tie's "chosen" is A)."""
        rows, _ = super().training_rows(features)
        return rows, {"ties": [f["tie"] for f in features]}

    def step(
        self, out, batch: dict, margin: float = 0.0, center_rewards_coef: float = 0.0, label_smoothing: float = 0.0
    ):
        """Right when the likeliest outcome is the data's: a tie for a tie, else the chosen answer."""
        import torch

        chosen, rejected = out.squeeze(-1).chunk(2)
        ties = batch["ties"].bool()
        loss = rao_kupper_loss(chosen, rejected, ties, self.tie_margin, center_rewards_coef)
        first, tie, second = self.outcomes((chosen - rejected).detach().float().cpu().numpy())
        likeliest = np.argmax(np.stack([first, tie, second]), axis=0)  # 0: chosen, 1: tie, 2: rejected
        right = torch.from_numpy(likeliest == ties.cpu().numpy()).to(chosen.device)  # a tie: 1
        return loss, right.long(), torch.ones_like(chosen, dtype=torch.long)


def rao_kupper_loss(chosen, rejected, ties, tie_margin: float, center_rewards_coef: float = 0.0):
    """Rao and Kupper's negative log-likelihood: ``-log sigmoid(d - e)`` for a preferred answer (margin
    ``d`` = chosen - rejected, ``e`` the tie margin), ``-log(sigmoid(d + e) - sigmoid(d - e))`` for a
    tie, written as ``softplus(d + e) + softplus(d - e) - (d + e) - log(1 - exp(-2e))`` so that it
    stays finite; in fp32, with :func:`~crm.heads.bradley_terry.centring`'s term."""
    import math

    import torch.nn.functional as F

    chosen, rejected = chosen.float(), rejected.float()
    margin = chosen - rejected
    preferred = F.softplus(tie_margin - margin)  # -log sigmoid(d - e)
    tied = F.softplus(margin + tie_margin) + F.softplus(margin - tie_margin) - (margin + tie_margin)
    tied = tied - math.log(-math.expm1(-2 * tie_margin))
    loss = (ties.float() * tied + (1 - ties.float()) * preferred).mean()
    return loss + centring(chosen, rejected, center_rewards_coef)
