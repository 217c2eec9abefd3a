"""A CRM's head: what it judges, and how its judgements make p(answer i preferred over answer j).

A pointwise head (``bt``, Bradley-Terry) judges each answer alone: its reward, and p(i over j) is the
sigmoid of the reward margin. The tie-aware pointwise head (``bt_ties``, Rao and Kupper's) also gives
a tie its probability, where the margin is within its threshold, and learns from the ties the data
holds; a tie counts half to each side of p(i over j). A pairwise head (``cls``, the paper's) judges two
answers in one row, shown in an order: p(the first is preferred); p(i over j) averages both orders, so
the position an answer is shown in cancels.

The head owns what differs between them: the answers a model row holds and the numbers it gives, the
rows a training sample makes, the loss and accuracy, the judgements a set of answers needs and how they
make preferences. The renderer, the datamodule, the LightningModule, the models and everything that
scores (the leaderboard, the scoring server, best-of-n, the evaluation) ask the head; none compares its
name. A new kind of head is one entry in :data:`HEADS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from crm.stats import sigmoid

Index = tuple[int, ...]  # the answers of a set one judgement reads, in the order it shows them


@dataclass(frozen=True)
class Head:
    name: str
    answers_per_row: int  # answers one model row reads: 1 (each alone) or 2 (a pair, in order)
    outputs: int  # numbers the model gives per row: a reward, or a logit per answer of the pair
    # Rao-Kupper's threshold: a reward margin within it reads as a tie (the tie-aware head); 0: no ties
    tie_margin: float = 0.0

    def outcomes(self, margin):
        """(p(first preferred), p(tie), p(second preferred)) of a pointwise head for reward margins
        first - second (arrays alike): Bradley-Terry's, or with a tie margin Rao and Kupper's
        p(first) = sigmoid(margin - tie_margin), p(second) = sigmoid(-margin - tie_margin), a tie the rest."""
        margin = np.asarray(margin, dtype=float)
        first = sigmoid(margin - self.tie_margin)
        if not self.tie_margin:
            return first, np.zeros_like(first), 1.0 - first
        second = sigmoid(-margin - self.tie_margin)
        return first, 1.0 - first - second, second

    def pair_probability(self, margin):
        """p(first preferred over second) of a pointwise head, a tie counted half to each: what boards,
        evaluations and best-of-n read."""
        first, tie, _ = self.outcomes(margin)
        return first + tie / 2

    @property
    def judges_alone(self) -> bool:
        """Each answer judged on its own (a reward): the same number in whatever set it stands."""
        return self.answers_per_row == 1

    def judged(self, n: int) -> list[Index]:
        """The judgements a set of ``n`` answers needs."""
        if self.judges_alone:
            return [(i,) for i in range(n)]
        return [(i, j) for i in range(n) for j in range(n) if i != j]

    def preferences(self, value: Callable[..., float | np.ndarray], n: int) -> np.ndarray:
        """(n, n, ...) p(answer i preferred over answer j) from the judgements' values (``value(*index)``: a
        number, or an array of them for many sets at once, which the result then ends with), 0.5 on the
        diagonal."""
        if self.judges_alone:
            rewards = np.array([value(i) for i in range(n)], dtype=float)
            return self.pair_probability(rewards[:, None] - rewards[None, :])
        values = {index: np.asarray(value(*index), dtype=float) for index in self.judged(n)}
        first = np.full((n, n, *np.shape(next(iter(values.values()), 0.5))), 0.5)
        for (i, j), v in values.items():
            first[i, j] = v
        return (first + 1.0 - first.swapaxes(0, 1)) / 2  # p(i over j) from both orders; the diagonal stays 0.5

    def training_rows(self, features: list[dict]) -> tuple[list, dict]:
        """A training batch's rows (the rendered samples' encodings: ``Renderer.encode_sample``) and what
        goes beside them: the chosen rows then the rejected ones (one forward pass for both), or each
        pair's row and its label (0: A preferred, 1: B)."""
        if self.judges_alone:
            beside = {"ties": [f["tie"] for f in features]} if self.tie_margin else {}
            return [f["chosen"] for f in features] + [f["rejected"] for f in features], beside
        return [f["pair"] for f in features], {"labels": [f["label"] for f in features]}

    def step(
        self, out, batch: dict, margin: float = 0.0, center_rewards_coef: float = 0.0, label_smoothing: float = 0.0
    ):
        """Loss, predictions (1 = the label's side wins) and targets of a batch's model outputs (fp32). A
        tie in scores counts as wrong."""
        import torch  # here, not above: a board answered from its cache asks its head without torch

        if self.judges_alone and self.tie_margin:  # a tie's pair: "chosen" is A; right when a tie is likeliest
            chosen, rejected = out.squeeze(-1).chunk(2)
            ties = batch["ties"].bool()
            loss = rao_kupper_loss(chosen, rejected, ties, self.tie_margin, center_rewards_coef)
            first, tie, second = self.outcomes((chosen - rejected).detach().float().cpu().numpy())
            likeliest = np.argmax(np.stack([first, tie, second]), axis=0)  # 0: chosen, 1: tie, 2: rejected
            right = torch.from_numpy(likeliest == ties.cpu().numpy()).to(chosen.device)  # a tie: 1
            return loss, right.long(), torch.ones_like(chosen, dtype=torch.long)
        if self.judges_alone:
            chosen, rejected = out.squeeze(-1).chunk(2)
            loss = bradley_terry_loss(chosen, rejected, margin, center_rewards_coef)
            return loss, (chosen > rejected).long(), torch.ones_like(chosen, dtype=torch.long)
        labels = batch["labels"]
        loss = pairwise_cls_loss(out, labels, label_smoothing)
        target_logit = out.gather(1, labels[:, None]).squeeze(1)
        other_logit = out.gather(1, (1 - labels)[:, None]).squeeze(1)
        return loss, (target_logit > other_logit).long(), torch.ones_like(labels)


def bradley_terry_loss(chosen, rejected, margin: float = 0.0, center_rewards_coef: float = 0.0):
    """``-log sigmoid(r_c - r_r - margin)``, plus ``coef * mean((r_c + r_r)^2)`` to keep rewards centred;
    in fp32 whatever the model's precision."""
    import torch.nn.functional as F

    chosen, rejected = chosen.float(), rejected.float()
    loss = -F.logsigmoid(chosen - rejected - margin).mean()
    return loss + centring(chosen, rejected, center_rewards_coef)


def centring(chosen, rejected, coef: float):
    """``coef * mean((r_c + r_r)^2)``, which keeps rewards centred (0 without a coefficient)."""
    return coef * ((chosen + rejected) ** 2).mean() if coef else 0.0


def rao_kupper_loss(chosen, rejected, ties, tie_margin: float, center_rewards_coef: float = 0.0):
    """Rao and Kupper's negative log-likelihood: ``-log sigmoid(d - e)`` for a preferred answer (margin
    ``d`` = chosen - rejected, ``e`` the tie margin), ``-log(sigmoid(d + e) - sigmoid(d - e))`` for a
    tie, written as ``softplus(d + e) + softplus(d - e) - (d + e) - log(1 - exp(-2e))`` so that it
    stays finite; in fp32, with :func:`bradley_terry_loss`'s centring term."""
    import math

    import torch.nn.functional as F

    chosen, rejected = chosen.float(), rejected.float()
    margin = chosen - rejected
    preferred = F.softplus(tie_margin - margin)  # -log sigmoid(d - e)
    tied = F.softplus(margin + tie_margin) + F.softplus(margin - tie_margin) - (margin + tie_margin)
    tied = tied - math.log(-math.expm1(-2 * tie_margin))
    loss = (ties.float() * tied + (1 - ties.float()) * preferred).mean()
    return loss + centring(chosen, rejected, center_rewards_coef)


def pairwise_cls_loss(logits, labels, label_smoothing: float = 0.0):
    """Cross-entropy over (A, B), in fp32."""
    import torch.nn.functional as F

    return F.cross_entropy(logits.float(), labels, label_smoothing=label_smoothing)


HEADS: dict[str, Head] = {
    head.name: head
    for head in (
        Head("bt", answers_per_row=1, outputs=1),  # pointwise Bradley-Terry
        Head("cls", answers_per_row=2, outputs=2),  # pairwise classification over (A, B), the paper's
        # pointwise and tie-aware (Rao-Kupper): trained on the ties the data holds (head=bt_ties keeps them)
        Head("bt_ties", answers_per_row=1, outputs=1, tie_margin=1.0),
    )
}


def head_named(name: str | Head) -> Head:
    """The head of this name (a head given is itself)."""
    if isinstance(name, Head):
        return name
    try:
        return HEADS[name]
    except KeyError:
        raise ValueError(f"unknown head {name!r}; expected one of {tuple(HEADS)}") from None
