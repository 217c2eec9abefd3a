"""Fit a two-tower CRM's quality term (:class:`crm.models.head_terms.QualityTerm`) at the start of the
pair stage: a pairwise logistic regression, to convergence, over what the frozen tower says of two
answers to one query, on every ranked answer pair of the training queries and models
(:func:`crm.data.criteria.quality_pairs.ranked_answer_pairs`), the training set's human votes and its
degenerate pairs (an answer that does not answer the question has no quality). Its L2 weight is the one
of a few whose ranking of the training models on the validation queries agrees best with the published
ranking: a board ranks models, and the weight that orders the most single pairs right is not the one
that ranks models best (docs/RESULTS.md); its scale is then fitted to the validation pairs. The pair
stage holds the term fixed and learns only how much each criterion weighs it.

Each feature is scaled by its root mean square over the pairs' differences (the layout's counts and the
descriptions are on other scales), then folded back into the term's weights: the term stays one linear
map of the features, and its logit difference between two answers is the regression's."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import torch
from lightning.pytorch import LightningModule, Trainer
from scipy.stats import spearmanr
from torch import nn

from crm.data.criteria.quality_pairs import ScoredAnswer, ranked_answer_pairs
from crm.data.degenerate import SOURCE as DEGENERATE
from crm.data.layout import layout_features
from crm.data.sources import VOTE_SOURCES
from crm.models.two_tower import TwoTowerCRM
from crm.train.stage_report import ReportedStage

log = logging.getLogger(__name__)

MAX_ITERATIONS = 500  # L-BFGS iterations
CHUNK = 4096  # pairs whose features are made at a time
# L2 weights on the scaled features' weights, strongest first (each fit starts where the last ended);
# the one whose ranking of the models on the validation queries agrees best with the published one is
# kept, the middle one without validation queries
WEIGHT_DECAYS = (1e-1, 1e-2, 1e-3, 1e-4, 1e-5)
Ranked = tuple[str, str, list[dict[str, str]]]  # (better, worse, conversation before them)


def voted_pairs(samples) -> list[Ranked]:
    """(preferred, other, conversation) of each distinct human vote among ``samples``."""
    pairs: dict[tuple, Ranked] = {}
    for sample in samples:
        if sample.source not in VOTE_SOURCES or sample.preference not in ("model_a", "model_b"):
            continue
        better, worse = (sample.response_a, sample.response_b)[:: 1 if sample.preference == "model_a" else -1]
        pairs.setdefault((sample.source, sample.idx), (better, worse, sample.history))
    return [pairs[key] for key in sorted(pairs)]


def degenerate_losers(samples) -> list[Ranked]:
    """(real, degenerate copy, conversation) of each degenerate training pair: an answer that does not
    answer the question (another query's answer, the query given back, a fragment) is no answer of
    quality under any criterion."""
    return [(sample.response_a, sample.response_b, sample.history) for sample in samples if sample.source == DEGENERATE]


def conversation_key(history: list[dict[str, str]]) -> tuple:
    return tuple(tuple(turn.items()) for turn in history)


def pair_loss(scaled: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    """The mean logistic loss of pairs whose first answer is the better (a pair shown both ways loses
    the same, so no bias)."""
    return nn.functional.softplus(-(scaled @ weight)).mean()


def fit_weight(scaled: torch.Tensor, weight_decay: float, start: torch.Tensor) -> torch.Tensor:
    """``argmin pair_loss + weight_decay * |w|^2`` from ``start``, to convergence by L-BFGS."""
    weight = start.clone().requires_grad_(True)
    optimizer = torch.optim.LBFGS([weight], max_iter=MAX_ITERATIONS, line_search_fn="strong_wolfe")

    def objective() -> torch.Tensor:
        optimizer.zero_grad()
        loss = pair_loss(scaled, weight) + weight_decay * weight.square().sum()
        loss.backward()
        return loss

    with torch.enable_grad():
        optimizer.step(objective)
    return weight.detach()


@dataclass
class ValidationBoard:
    """The training models' answers to the validation queries: ``features`` (answers, features) float64,
    each answer's ``model`` and that model's published ``score``."""

    features: torch.Tensor
    models: list[str]
    scores: list[float]

    def agreement(self, weight: torch.Tensor) -> float | None:
        """Spearman between the models' mean quality and their published scores (None: too few models)."""
        quality = (self.features @ weight).tolist()
        by_model: dict[str, list[float]] = {}
        for model, value in zip(self.models, quality):
            by_model.setdefault(model, []).append(value)
        score = dict(zip(self.models, self.scores))
        if len(by_model) < 3:
            return None
        names = sorted(by_model)
        return float(spearmanr([sum(by_model[m]) / len(by_model[m]) for m in names], [score[m] for m in names])[0])


def calibrated_scale(val: torch.Tensor, weight: torch.Tensor) -> float:
    """The factor on ``weight`` whose logits best predict the validation pairs (1 without any): a weak
    L2 ranks models best but is overconfident on single pairs, and an overconfident term would drown
    what the criteria ask for under every criterion it weighs."""
    if not len(val):
        return 1.0
    logits = (val @ weight).detach()
    log_scale = torch.zeros((), dtype=logits.dtype, requires_grad=True)
    optimizer = torch.optim.LBFGS([log_scale], max_iter=MAX_ITERATIONS, line_search_fn="strong_wolfe")

    def objective() -> torch.Tensor:
        optimizer.zero_grad()
        loss = nn.functional.softplus(-log_scale.exp() * logits).mean()
        loss.backward()
        return loss

    with torch.enable_grad():
        optimizer.step(objective)
    return float(log_scale.detach().exp())


def fit_quality(term, train: torch.Tensor, val: torch.Tensor, board: ValidationBoard | None = None) -> dict:
    """Fit ``term.quality`` so that ``term.quality(d) > 0`` where a pair's first answer is the better
    (``train``, ``val``: (pairs, features) float64, the better's features less the other's; scaled in
    place by the training pairs' root mean square, as is ``board.features``): one fit per L2 weight of
    :data:`WEIGHT_DECAYS`, the one whose ranking of the models on the validation queries agrees best with
    the published one kept (a board ranks models, not pairs), then scaled to predict the validation pairs
    (:func:`calibrated_scale`)."""
    spread = train.square().mean(0).sqrt().clamp(min=1e-6)
    train, val = train.div_(spread), val.div_(spread)
    if board is not None:
        board.features.div_(spread)

    def accuracy(scaled: torch.Tensor, weight: torch.Tensor) -> float | None:
        return round(float((scaled @ weight > 0).double().mean()), 4) if len(scaled) else None

    weight = torch.zeros(train.size(1), dtype=train.dtype)
    fits = {}
    for decay in WEIGHT_DECAYS:
        weight = fit_weight(train, decay, weight)
        agreement = board.agreement(weight) if board is not None else None
        fits[decay] = {
            "weight": weight,
            "validation_board": None if agreement is None else round(agreement, 4),
            "validation_accuracy": accuracy(val, weight),
        }
    judged = [decay for decay in WEIGHT_DECAYS if fits[decay]["validation_board"] is not None]
    chosen = WEIGHT_DECAYS[len(WEIGHT_DECAYS) // 2]
    if judged:  # the best agreement; of equals, the strongest L2
        chosen = max(judged, key=lambda decay: (fits[decay]["validation_board"], decay))
    scale = calibrated_scale(val, fits[chosen]["weight"])
    weight = scale * fits[chosen]["weight"]
    with torch.no_grad():
        term.quality.weight.copy_((weight / spread).unsqueeze(0).to(term.quality.weight.dtype))
    report = {"weight_decay": chosen, "scale": round(scale, 4), "training_accuracy": accuracy(train, weight)}
    for key in ("validation_board", "validation_accuracy"):
        report[key] = {str(decay): fit[key] for decay, fit in fits.items()}
    return report


def as_ranked(answers: list[ScoredAnswer], gap: float) -> list[Ranked]:
    """:func:`ranked_answer_pairs` of ``answers``, each with its query as the conversation before it."""
    return [
        (better, worse, [{"role": "user", "content": query}])
        for better, worse, query in ranked_answer_pairs(answers, gap)
    ]


class FitQualityTerm(ReportedStage):
    """Fits a CRM's quality term at the start of a fit on the ranked pairs of the datamodule's scored
    answers, its votes and its degenerate pairs (a resumed fit has it, and the report, in its
    checkpoint)."""

    def on_fit_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        model = pl_module.model
        if not isinstance(model, TwoTowerCRM) or model.quality_term is None or trainer.ckpt_path is not None:
            return
        datamodule = trainer.datamodule
        scored = getattr(datamodule, "scored_answers", {})
        samples = {split: datamodule.datasets[split].samples for split in ("train", "val")}
        ranked = {split: as_ranked(scored.get(split, []), datamodule.quality_gap) for split in samples}
        splits = {
            split: ranked[split] + voted_pairs(samples[split]) + degenerate_losers(samples[split]) for split in samples
        }
        if not splits["train"]:
            log.warning("quality term: no ranked answer pairs or votes to fit it on, left at zero")
            return
        started = time.perf_counter()
        term, renderer, context = model.quality_term, datamodule.renderer, trainer.precision_plugin.forward_context
        board_answers = [(a.text, [{"role": "user", "content": a.query}]) for a in scored.get("val", [])]
        judged = [(text, history) for b, w, history in splits["train"] + splits["val"] for text in (b, w)]
        judged += board_answers
        conversations = list(dict.fromkeys(conversation_key(history) for _, history in judged))
        texts = list(dict.fromkeys(text for text, _ in judged))
        asked = pl_module.towers.descriptions([renderer.query_ids(list(map(dict, c))) for c in conversations], context)
        answers = pl_module.towers.descriptions([datamodule.answer_row(text) for text in texts], context)
        layouts = torch.tensor([layout_features(text) for text in texts])
        conversation_index = {c: i for i, c in enumerate(conversations)}
        text_index = {text: i for i, text in enumerate(texts)}

        @torch.no_grad()
        def features(items: list[tuple[str, list[dict[str, str]]]]) -> torch.Tensor:
            """(items, features) float64 of (answer, conversation before it) items."""
            out = torch.empty(len(items), term.quality.in_features, dtype=torch.float64)
            for start in range(0, len(items), CHUNK):
                part = items[start : start + CHUNK]
                q = asked[[conversation_index[conversation_key(history)] for _, history in part]]
                rows = [text_index[text] for text, _ in part]
                out[start : start + len(part)] = term.features(q, answers[rows], layouts[rows]).double()
            return out

        def differences(pairs: list[Ranked]) -> torch.Tensor:
            """(pairs, features) float64: the better answer's features less the other's."""
            out = features([(better, history) for better, _, history in pairs])
            return out.sub_(features([(worse, history) for _, worse, history in pairs]))

        board = None
        if board_answers:
            val_scored = scored["val"]
            board = ValidationBoard(
                features(board_answers), [a.model for a in val_scored], [a.score for a in val_scored]
            )
        self.report = fit_quality(term, differences(splits["train"]), differences(splits["val"]), board)
        self.report.update(
            ranked_pairs={split: len(pairs) for split, pairs in ranked.items()},
            vote_pairs={split: len(voted_pairs(samples[split])) for split in splits},
            degenerate_pairs={split: len(degenerate_losers(samples[split])) for split in splits},
            answers=len(texts),
            seconds=round(time.perf_counter() - started, 1),
        )
        log.info("quality term: fitted in %.1f s: %s", self.report["seconds"], self.report)
