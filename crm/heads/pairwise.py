"""``cls``, the paper's pairwise classification: two answers judged in one row, shown in an order, a
logit for each; p(the first is preferred) is the softmax over them, and p(i over j) averages both orders
so that the position an answer is shown in cancels. The loss is the cross-entropy over (A, B)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from crm.heads import Head, Index, register


@register
class Pairwise(Head):
    name = "cls"
    answers_per_row = 2
    outputs = 2

    def judged(self, n: int) -> list[Index]:
        return [(i, j) for i in range(n) for j in range(n) if i != j]

    def preferences(self, value: Callable[..., float | np.ndarray], n: int) -> np.ndarray:
        values = {index: np.asarray(value(*index), dtype=float) for index in self.judged(n)}
        first = np.full((n, n, *np.shape(next(iter(values.values()), 0.5))), 0.5)
        for (i, j), v in values.items():
            first[i, j] = v
        return (first + 1.0 - first.swapaxes(0, 1)) / 2  # p(i over j) from both orders; the diagonal stays 0.5

    def training_rows(self, features: list[dict]) -> tuple[list, dict]:
        """Each pair's row, and its label (0: A preferred, 1: B)."""
        return [f["pair"] for f in features], {"labels": [f["label"] for f in features]}

    def step(
        self, out, batch: dict, margin: float = 0.0, center_rewards_coef: float = 0.0, label_smoothing: float = 0.0
    ):
        import torch

        labels = batch["labels"]
        loss = pairwise_cls_loss(out, labels, label_smoothing)
        target_logit = out.gather(1, labels[:, None]).squeeze(1)
        other_logit = out.gather(1, (1 - labels)[:, None]).squeeze(1)
        return loss, (target_logit > other_logit).long(), torch.ones_like(labels)


def pairwise_cls_loss(logits, labels, label_smoothing: float = 0.0):
    """Cross-entropy over (A, B), in fp32."""
    import torch.nn.functional as F

    return F.cross_entropy(logits.float(), labels, label_smoothing=label_smoothing)
