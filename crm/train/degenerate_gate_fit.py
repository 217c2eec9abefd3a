"""Fit a two-tower CRM's degenerate gate (:class:`crm.models.head_terms.DegenerateGate`) at the start
of the pair stage: per learned degenerate kind, a logistic regression, to convergence, of the training
set's degenerate answers of that kind (:mod:`crm.data.degenerate`) against real answers: those they
came from, the same without their closing punctuation (a full answer that ends on no full stop is no
cut-off one: most of some models' answers end so), and every short one (a real answer of few words, "4."
to "What is 2 + 2?", is no degenerate one); the pair stage holds it fixed."""

from __future__ import annotations

import logging
import time

import torch
from lightning.pytorch import LightningModule, Trainer
from torch import nn

from crm.data.degenerate import MIN_WORDS, SOURCE, without_closing_punctuation
from crm.data.layout import layout_features
from crm.data.relevance import last_user_turn, query_overlap
from crm.models.head_terms import DegenerateGate
from crm.models.two_tower import TwoTowerCRM
from crm.train.stage_report import ReportedStage

log = logging.getLogger(__name__)

WEIGHT_DECAY = 1e-4  # L2 on the standardised features' weights: a bounded logit where the classes separate
MAX_ITERATIONS = 500  # L-BFGS iterations: it converges well before on a few thousand answers
# the weight of each real answer's copy without its closing punctuation on the real side: enough that a
# missing full stop alone does not read as cut off, little enough that a cut-off answer still does
UNCLOSED_WEIGHT = 0.5


def fit_gate(
    gate: DegenerateGate,
    real: torch.Tensor,
    degenerate: torch.Tensor,
    kinds: list[str],
    real_weights: torch.Tensor | None = None,
) -> dict[str, float]:
    """Fit each learned kind's classifier as a logistic regression (L-BFGS, L2, deterministic) of that
    kind's degenerate answers (1) against every real answer (0, each of weight ``real_weights``, 1 by
    default), on :meth:`DegenerateGate.features` standardised over all of them (``kinds``: one per
    degenerate answer; a kind never seen stays closed); the share of real answers the gate passes and
    of each kind it catches."""
    features = torch.cat([real, degenerate]).double()
    center, spread = features.mean(0), features.std(0).clamp(min=1e-3)
    x_real, x_bad = (real.double() - center) / spread, (degenerate.double() - center) / spread
    weight = gate.classifier.weight.detach().double().clone()
    bias = gate.classifier.bias.detach().double().clone()
    for column, kind in enumerate(gate.kinds):
        chosen = [k == kind for k in kinds]
        if any(chosen):
            weight[column], bias[column] = logistic_regression(x_real, x_bad[chosen], real_weights)
    with torch.no_grad():
        gate.center.copy_(center)
        gate.spread.copy_(spread)
        gate.classifier.weight.copy_(weight)
        gate.classifier.bias.copy_(bias)
        called = gate.logit(features.to(gate.center.dtype)) > 0
    report = {"real_passed": round(float((~called[: len(real)]).float().mean()), 4)}
    caught = called[len(real) :]
    for kind in sorted(set(kinds)):
        report[f"caught_{kind}"] = round(float(caught[[k == kind for k in kinds]].float().mean()), 4)
    return report


def logistic_regression(
    negatives: torch.Tensor, positives: torch.Tensor, negative_weights: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    """(weight, bias) of an L2-regularised logistic regression, fitted to convergence by L-BFGS; each
    negative of weight ``negative_weights`` (1 by default), each positive of weight 1."""
    x = torch.cat([negatives, positives])
    labels = torch.cat([torch.zeros(len(negatives)), torch.ones(len(positives))]).to(x.dtype)
    if negative_weights is None:
        negative_weights = torch.ones(len(negatives))
    weights = torch.cat([negative_weights, torch.ones(len(positives))]).to(x.dtype)
    weights = weights / weights.mean()  # the L2's strength as without weights
    weight = torch.zeros(x.size(1), dtype=x.dtype, requires_grad=True)
    bias = torch.zeros((), dtype=x.dtype, requires_grad=True)
    optimizer = torch.optim.LBFGS([weight, bias], max_iter=MAX_ITERATIONS, line_search_fn="strong_wolfe")

    def objective() -> torch.Tensor:
        optimizer.zero_grad()
        loss = nn.functional.binary_cross_entropy_with_logits(x @ weight + bias, labels, weight=weights)
        loss = loss + WEIGHT_DECAY * weight.square().sum()
        loss.backward()
        return loss

    with torch.enable_grad():
        optimizer.step(objective)
    return weight.detach(), bias.detach()


def short_real_answers(samples) -> list[tuple[list[dict], str]]:
    """(history, answer) of each distinct real answer of fewer than :data:`MIN_WORDS` words: what no
    degenerate answer is cut or looped from, and what the gate must learn to pass."""
    short = {}
    for sample in samples:
        if sample.source == SOURCE:
            continue
        for text in (sample.response_a, sample.response_b):
            if 0 < len(text.split()) < MIN_WORDS:
                short.setdefault((tuple(tuple(turn.items()) for turn in sample.history), text), sample.history)
    return [(history, text) for (_, text), history in short.items()]


class FitDegenerateGate(ReportedStage):
    """Fits a CRM's degenerate gate at the start of a fit on the training set's degenerate pairs and its
    short real answers (a resumed fit has it, and the report, in its checkpoint); the report counts them
    and what the gate calls right."""

    def __init__(self) -> None:
        super().__init__()
        self.fitted_ahead = False

    def ahead(self, trainer: Trainer, pl_module: LightningModule, datamodule) -> None:
        """Fit the gate before the fit (it reads no criteria: beside the reader's teaching,
        crm.train.reader_beside); the fit's start then leaves it as it is."""
        self._fit(pl_module, datamodule, trainer.precision_plugin.forward_context)
        self.fitted_ahead = True

    def on_fit_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        if not self.fitted_ahead and trainer.ckpt_path is None:
            self._fit(pl_module, trainer.datamodule, trainer.precision_plugin.forward_context)

    def _fit(self, pl_module: LightningModule, datamodule, context) -> None:
        model = pl_module.model
        if not isinstance(model, TwoTowerCRM) or model.degenerate_gate is None:
            return
        samples = datamodule.datasets["train"].samples
        pairs = [s for s in samples if s.source == SOURCE]
        if not pairs:
            log.warning("degenerate gate: no degenerate pairs in the training set (data.degenerate_share), left closed")
            return
        started = time.perf_counter()
        gate, renderer = model.degenerate_gate, datamodule.renderer

        def described(answers: list[tuple[list[dict], str]]) -> tuple[torch.Tensor, torch.Tensor]:
            """(query, answer) descriptions of (history, answer) pairs."""
            asked = pl_module.towers.descriptions([renderer.query_ids(history) for history, _ in answers], context)
            return asked, pl_module.towers.descriptions([datamodule.answer_row(text) for _, text in answers], context)

        def features(answers: list[tuple[list[dict], str]]) -> torch.Tensor:
            if not answers:
                return torch.empty(0, len(gate.center))
            layout = torch.tensor([layout_features(text) for _, text in answers])
            overlap = torch.tensor([query_overlap(last_user_turn(history), text) for history, text in answers])
            return gate.features(*described(answers), layout, overlap)

        real = [(s.history, s.response_a) for s in pairs]  # degenerate pairs prefer their real answer, A
        with torch.no_grad():  # the reference pairs first: the features measure every answer against them
            queries, answers = described([real[i % len(real)] for i in range(len(gate.reference_queries))])
            gate.reference_queries.copy_(queries)
            gate.reference_answers.copy_(answers)
        kinds = [s.extra["family"].removeprefix(f"{SOURCE}:") for s in pairs]
        learned = [(s, kind) for s, kind in zip(pairs, kinds) if kind in gate.kinds]  # blank: by rule
        unclosed = [
            (history, cut) for history, text in real if (cut := without_closing_punctuation(text)) != text.rstrip()
        ]
        short = short_real_answers(samples)
        self.report = fit_gate(
            gate,
            torch.cat([features(real), features(unclosed), features(short)]),
            features([(s.history, s.response_b) for s, _ in learned]),
            [kind for _, kind in learned],
            real_weights=torch.tensor([1.0] * len(real) + [UNCLOSED_WEIGHT] * len(unclosed) + [1.0] * len(short)),
        )
        self.report.update(
            pairs=len(pairs),
            unclosed_real=len(unclosed),
            short_real=len(short),
            seconds=round(time.perf_counter() - started, 1),
        )
        log.info("degenerate gate: fitted in %.1f s: %s", self.report["seconds"], self.report)
