"""Fit a two-tower CRM's answer score to answer quality before the pair stage: the quality prior.

The reward of a two-tower CRM is a score of the answer alone plus the criteria's interaction with it.
Quality pairs (crm.data.criteria.quality_pairs) teach that score which answer is better, but in the
mixture's one epoch it sees each of them about once, beside pairs that pull it towards form: a linear
probe on the same frozen descriptions ranks Arena-Hard's models far better fitted to convergence
(docs/RESULTS.md). Here the score is fitted first, for a fixed number of epochs, on every pair of a
training query's described answers whose models are at least ``gap`` points apart in the published
ranking, the stronger preferred (the answers the quality pairs already brought: nothing more to
describe); the pair stage then trains it on with the rest of the head. Held fixed instead, or fitted
longer, the boards agreed more with the published ranking and followed form less (docs/RESULTS.md).
"""

from __future__ import annotations

import itertools
import logging
import time
from collections import defaultdict
from collections.abc import Sequence

import torch
from lightning.pytorch import Callback, LightningModule, Trainer
from torch import nn

from crm.data.criteria.quality_pairs import SOURCE
from crm.data.criteria.taxonomy import QUALITY
from crm.data.schema import PreferenceSample
from crm.models.rows import pad_rows

log = logging.getLogger(__name__)

CHUNK = 256  # answers described (read back) at once


def ranked_pairs(samples: Sequence[PreferenceSample], gap: float) -> list[tuple[str, str]]:
    """(better, worse) answer texts: every two answers to one query by models at least ``gap`` published
    points apart, among the quality pairs' answers (each pair once, in a fixed order). Pairs prepared
    before the published scores were recorded in them (``a_score``) have none to rank by: left out."""
    by_query: dict[tuple[str, str], dict[str, tuple[float, str]]] = defaultdict(dict)
    for sample in samples:
        if sample.source != SOURCE or sample.extra.get("family") != QUALITY or "a_score" not in sample.extra:
            continue
        answers = by_query[(sample.extra["corpus"], sample.extra["question_id"])]
        for side, text in (("a", sample.response_a), ("b", sample.response_b)):
            answers[sample.extra[f"{side}_model"]] = (float(sample.extra[f"{side}_score"]), text)
    pairs = []
    for key in sorted(by_query):
        answers = by_query[key]
        for strong, weak in itertools.permutations(sorted(answers), 2):
            if answers[strong][0] - answers[weak][0] >= gap:
                pairs.append((answers[strong][1], answers[weak][1]))
    return pairs


def fit_score(
    score: nn.Linear, better: torch.Tensor, worse: torch.Tensor, epochs: int, batch_size: int, lr: float,
    weight_decay: float, seed: int,
) -> dict[str, float]:  # fmt: skip
    """Bradley-Terry on the descriptions' score margins, seeded; the training accuracy before and after."""
    generator = torch.Generator().manual_seed(seed)
    optimizer = torch.optim.AdamW(score.parameters(), lr=lr, weight_decay=weight_decay)

    def accuracy() -> float:
        with torch.no_grad():
            return float((score(better) > score(worse)).float().mean())

    before = accuracy()
    for _ in range(epochs):
        for batch in torch.randperm(len(better), generator=generator).split(batch_size):
            loss = -nn.functional.logsigmoid(score(better[batch]) - score(worse[batch])).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    return {"accuracy_before": round(before, 4), "accuracy": round(accuracy(), 4)}


class QualityPrior(Callback):
    """Fits the answer score on the training quality pairs' ranked answers at the start of a fit, after
    the answers are described (a resumed fit has it in its checkpoint)."""

    def __init__(self, epochs: int, batch_size: int, lr: float, weight_decay: float, gap: float | None, seed: int):
        self.epochs, self.batch_size, self.lr, self.weight_decay = epochs, batch_size, lr, weight_decay
        self.gap, self.seed = gap, seed
        self.report: dict[str, float] = {}

    def on_fit_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        model = pl_module.model
        if model.answer_tower is None or model.head_type != "bt":
            log.info("quality prior skipped: it fits the answer score of a two-tower bt CRM")
            return
        if trainer.ckpt_path is not None:
            return
        datamodule = trainer.datamodule
        pairs = ranked_pairs(datamodule.datasets["train"].samples, self.gap) if self.gap is not None else []
        if not pairs:
            log.warning("quality prior: no quality pairs in the training set, the score is left as drawn")
            return
        started = time.perf_counter()
        texts = list(dict.fromkeys(t for pair in pairs for t in pair))
        rows = [torch.tensor(datamodule.answer_row(t)) for t in texts]
        device, chunks = model.score.weight.device, []
        with trainer.precision_plugin.forward_context():
            for start in range(0, len(rows), CHUNK):  # chunks: an attending tower's token states are large
                ids, mask = pad_rows(rows[start : start + CHUNK])
                chunks.append(model.answer_descriptions(ids.to(device), mask.long().to(device)))
        described = torch.cat(chunks).to(model.score.weight.dtype)
        index = {t: i for i, t in enumerate(texts)}
        better = described[[index[b] for b, _ in pairs]]
        worse = described[[index[w] for _, w in pairs]]
        with torch.enable_grad():
            self.report = fit_score(
                model.score, better, worse, self.epochs, self.batch_size, self.lr, self.weight_decay, self.seed
            )
        seconds = round(time.perf_counter() - started, 1)
        self.report.update(pairs=len(pairs), answers=len(texts), epochs=self.epochs, seconds=seconds)
        log.info(
            "quality prior: %d pairs of %d answers, %d epochs in %.1f s, training accuracy %.3f -> %.3f",
            len(pairs), len(texts), self.epochs, seconds, self.report["accuracy_before"], self.report["accuracy"],
        )  # fmt: skip
