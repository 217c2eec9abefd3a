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
A CRM that describes the query (``model.query_interaction``) has its query term fitted with the score:
which answer a question needs is quality too.
"""

from __future__ import annotations

import itertools
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

import torch
from lightning.pytorch import LightningModule, Trainer
from torch import nn

from crm.data.criteria.quality_pairs import SOURCE
from crm.data.criteria.taxonomy import QUALITY
from crm.data.schema import PreferenceSample
from crm.models.two_tower import TwoTowerCRM
from crm.train.stage_report import ReportedStage

log = logging.getLogger(__name__)


def ranked_pairs(samples: Sequence[PreferenceSample], gap: float) -> list[tuple[str, str, list[dict]]]:
    """(better, worse, conversation before them) of every two answers to one query by models at least
    ``gap`` published points apart, among the quality pairs' answers (each pair once, in a fixed order).
    Pairs prepared before the published scores were recorded in them (``a_score``) have none to rank
    by: left out."""
    by_query: dict[tuple[str, str], dict[str, tuple[float, str]]] = defaultdict(dict)
    history: dict[tuple[str, str], list[dict]] = {}
    for sample in samples:
        if sample.source != SOURCE or sample.extra.get("family") != QUALITY or "a_score" not in sample.extra:
            continue
        key = (sample.extra["corpus"], sample.extra["question_id"])
        answers, history[key] = by_query[key], sample.history
        for side, text in (("a", sample.response_a), ("b", sample.response_b)):
            answers[sample.extra[f"{side}_model"]] = (float(sample.extra[f"{side}_score"]), text)
    pairs = []
    for key in sorted(by_query):
        answers = by_query[key]
        for strong, weak in itertools.permutations(sorted(answers), 2):
            if answers[strong][0] - answers[weak][0] >= gap:
                pairs.append((answers[strong][1], answers[weak][1], history[key]))
    return pairs


def fit_reward(
    reward: Callable[[torch.Tensor, torch.Tensor], torch.Tensor], parameters: Sequence[nn.Parameter],
    better: torch.Tensor, worse: torch.Tensor, rows: torch.Tensor, epochs: int, batch_size: int, lr: float,
    weight_decay: float, seed: int,
) -> dict[str, float]:  # fmt: skip
    """Bradley-Terry on ``reward(answers, rows)`` margins (``rows``: each pair's index, for what the reward
    reads of its query), seeded; the training accuracy before and after."""
    generator = torch.Generator().manual_seed(seed)
    optimizer = torch.optim.AdamW(parameters, lr=lr, weight_decay=weight_decay)

    def margin(batch) -> torch.Tensor:
        return reward(better[batch], rows[batch]) - reward(worse[batch], rows[batch])

    def accuracy() -> float:
        with torch.no_grad():
            return float((margin(torch.arange(len(better))) > 0).float().mean())

    before = accuracy()
    for _ in range(epochs):
        for batch in torch.randperm(len(better), generator=generator).split(batch_size):
            loss = -nn.functional.logsigmoid(margin(batch)).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    return {"accuracy_before": round(before, 4), "accuracy": round(accuracy(), 4)}


class QualityPrior(ReportedStage):
    """Fits the answer score on the training quality pairs' ranked answers at the start of a fit, after
    the answers are described (a resumed fit has it, and the report, in its checkpoint)."""

    def __init__(self, epochs: int, batch_size: int, lr: float, weight_decay: float, gap: float | None, seed: int):
        self.epochs, self.batch_size, self.lr, self.weight_decay = epochs, batch_size, lr, weight_decay
        self.gap, self.seed = gap, seed
        super().__init__()

    def on_fit_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        model = pl_module.model
        if not isinstance(model, TwoTowerCRM):
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
        context = trainer.precision_plugin.forward_context
        texts = list(dict.fromkeys(t for better, worse, _ in pairs for t in (better, worse)))
        answers = pl_module.towers.descriptions([datamodule.answer_row(t) for t in texts], context)
        index = {t: i for i, t in enumerate(texts)}
        better = answers[[index[b] for b, _, _ in pairs]]
        worse = answers[[index[w] for _, w, _ in pairs]]
        parts = [model.score]
        reward = lambda a, rows: model.score(a)  # noqa: E731
        if model.query_interaction is not None:
            asked = pl_module.towers.descriptions([datamodule.renderer.query_ids(h) for _, _, h in pairs], context)
            parts.append(model.query_interaction)
            reward = lambda a, rows: model.score(a) + model.query_interaction(asked[rows], a)  # noqa: E731
        parameters = [p for part in parts for p in part.parameters()]
        with torch.enable_grad():
            self.report = fit_reward(
                reward, parameters, better, worse, torch.arange(len(pairs)), self.epochs, self.batch_size,
                self.lr, self.weight_decay, self.seed,
            )  # fmt: skip
        seconds = round(time.perf_counter() - started, 1)
        self.report.update(pairs=len(pairs), answers=len(texts), epochs=self.epochs, seconds=seconds)
        log.info(
            "quality prior: %d pairs of %d answers, %d epochs in %.1f s, training accuracy %.3f -> %.3f",
            len(pairs), len(texts), self.epochs, seconds, self.report["accuracy_before"], self.report["accuracy"],
        )  # fmt: skip
