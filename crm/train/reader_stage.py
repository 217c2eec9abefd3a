"""Teach a two-tower CRM's criteria reader to read criteria before the CRM learns from pairs.

A two-tower CRM follows a criterion only as well as its reader tells what the criterion asks for.
Pair training teaches that slowly: a pair says only which answer won, and a CPU budget shows the
reader a few thousand pairs. Classifying the seen families' training wordings by (family, polarity)
teaches the same reader, in minutes, to read criteria worded as it never saw them; the reader is then
held fixed (``model.freeze.layers=all``) and the reward head learns on its readings (against a
pair-trained reader, the head fitted alike: docs/RESULTS.md).

The classifier reads the mean of the reader's last states, as the CRM does. A CRM built with
``model.criteria_classes`` keeps it (``TwoTowerCRM.criteria_classifier``, frozen with the reader), and
its reward head reads the classifier's posterior beside the reading; otherwise it is dropped afterwards.
What was taught (the reader's weights less its frozen input embeddings, and the classifier) is kept in
``<run>/reader.pt``, so a run killed later does not teach it again.
"""

from __future__ import annotations

import copy
import json
import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch
from hydra.utils import instantiate
from omegaconf import DictConfig
from torch import nn
from torch.utils.data import DataLoader
from torchmetrics.classification import MulticlassAccuracy

from crm.data.criteria.wordings import Labelled, reading_task
from crm.models.two_tower import TwoTowerCRM
from crm.train.lit_module import ClipsFusedOptimizers, with_schedule

log = logging.getLogger(__name__)

READER_FILE = "reader.pt"
READER_REPORT = "reader.json"  # what teaching it did, for the metrics.json of a run resumed after it


class CriteriaReading(ClipsFusedOptimizers):
    """The CRM's reader with a classifier of (family, polarity) on its reading: the CRM's own
    ``criteria_classifier`` when it has one."""

    def __init__(
        self,
        model: TwoTowerCRM,
        classes: int,
        optimizer: Callable[..., torch.optim.Optimizer],
        scheduler: Callable[..., Any] | None,
        lr: float,
        classifier_lr: float,
        warmup_ratio: float,
        polarity_weight: float = 0.0,
        paired: int | None = None,
    ):
        super().__init__()
        self.save_hyperparameters(ignore=["model", "optimizer", "scheduler"])
        self.model = model
        own = model.criteria_classifier
        self.classify = own if own is not None else nn.Linear(model.backbone.config.hidden_size, classes)
        if self.classify.out_features != classes:
            raise ValueError(
                f"model.criteria_classes={self.classify.out_features}, but the reading task has {classes} classes"
            )
        self.optimizer_factory = optimizer
        self.scheduler_factory = scheduler
        self.train_acc = MulticlassAccuracy(classes, average="micro")
        self.test_acc = MulticlassAccuracy(classes, average="micro")

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        reading = self.model.read_criteria(input_ids, attention_mask)
        return self.classify(reading.to(self.classify.weight.dtype))

    def loss(self, batch: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
        """(loss, logits) of a batch of labelled wordings."""
        logits = self(batch["input_ids"], batch["attention_mask"]).float()
        loss = nn.functional.cross_entropy(logits, batch["labels"])
        if self.hparams.polarity_weight:
            paired = self.hparams.paired if self.hparams.paired is not None else logits.size(-1)
            loss = loss + self.hparams.polarity_weight * polarity_loss(logits, batch["labels"], paired)
        return loss, logits

    def training_step(self, batch: dict[str, torch.Tensor], batch_idx: int) -> torch.Tensor:
        loss, logits = self.loss(batch)
        self.train_acc(logits, batch["labels"])
        size = batch["labels"].numel()
        self.log("reader/loss", loss, prog_bar=True, batch_size=size)
        self.log("reader/acc", self.train_acc, prog_bar=True, batch_size=size)
        return loss

    def test_step(self, batch: dict[str, torch.Tensor], batch_idx: int) -> None:
        self.test_acc(self(batch["input_ids"], batch["attention_mask"]).float(), batch["labels"])
        self.log("reader/test_wording_acc", self.test_acc, batch_size=batch["labels"].numel())

    def configure_optimizers(self) -> dict[str, Any]:
        reader = [p for p in self.model.backbone.parameters() if p.requires_grad]
        groups = [
            {"params": reader, "lr": self.hparams.lr},
            {"params": list(self.classify.parameters()), "lr": self.hparams.classifier_lr},
        ]
        return with_schedule(self, self.optimizer_factory(groups))


def polarity_loss(logits: torch.Tensor, labels: torch.Tensor, paired: int) -> torch.Tensor:
    """Cross-entropy between each label's class and the same family's other polarity alone.

    The reader's commonest error is the right family read with the wrong polarity, which inverts a
    judgement; this term weighs that choice beside the all-class one. The first ``paired`` classes come
    in (pos, neg) pairs, as :func:`crm.data.criteria.wordings.reading_task` orders them; a class after
    them has no other polarity and adds nothing."""
    keep = labels < paired
    if not keep.any():
        return logits.new_zeros(())
    labels, logits = labels[keep], logits[keep]
    pair = torch.stack([labels - labels % 2, labels - labels % 2 + 1], dim=1)
    return nn.functional.cross_entropy(logits.gather(1, pair), labels % 2)


class WordingCollator:
    """Criteria texts tokenized alone, ``[CLS] criterion [SEP]``: each criterion as the CRM's reader
    reads it in the ``criteria_list`` input format (the ``criteria_pair`` format's header made slower
    steps: docs/RESULTS.md#what-was-tried)."""

    def __init__(self, tokenizer, max_length: int):
        self.tokenizer = tokenizer
        self.max_length = max_length

    def __call__(self, items: Labelled) -> dict[str, torch.Tensor]:
        texts = [text for text, _ in items]
        batch = self.tokenizer(texts, padding=True, truncation=True, max_length=self.max_length, return_tensors="pt")
        return {
            "input_ids": batch["input_ids"],
            "attention_mask": batch["attention_mask"],
            "labels": torch.tensor([label for _, label in items]),
        }


def reader_parts(model: TwoTowerCRM) -> nn.ModuleDict:
    """What reader pretraining teaches, under the names ``TwoTowerCRM`` gives them."""
    parts = {"backbone": model.backbone}
    if model.criteria_classifier is not None:
        parts["criteria_classifier"] = model.criteria_classifier
    return nn.ModuleDict(parts)


@contextmanager
def trainable_reader(model: TwoTowerCRM, embeddings: bool) -> Iterator[None]:
    """Every weight of the reader and its classifier trainable (the input embeddings only if
    ``embeddings``), then frozen again as the pair training configures it."""
    parts = reader_parts(model)
    before = [p.requires_grad for p in parts.parameters()]
    parts.requires_grad_(True)
    if not embeddings:
        model.backbone.get_input_embeddings().requires_grad_(False)
    parts.train()  # a reader built frozen sits in eval mode, where its dropout (if any) would be off
    try:
        yield
    finally:
        for param, flag in zip(parts.parameters(), before):
            param.requires_grad_(flag)
        model.train(model.training)  # the modes its frozen parts imply again


def save_reader(model: TwoTowerCRM, path: Path) -> None:
    """The taught weights only: a frozen input embedding matrix is half of a small encoder."""
    parts = reader_parts(model)
    frozen = {name for name, param in parts.named_parameters() if not param.requires_grad}
    torch.save({k: v for k, v in parts.state_dict().items() if k not in frozen}, path)


def load_reader(model: TwoTowerCRM, path: Path) -> None:
    """Inverse of :func:`save_reader`; what is not in the file keeps the weights the model was built with."""
    state = torch.load(path, map_location="cpu", weights_only=True)
    parts = reader_parts(model)
    unexpected = sorted(set(state) - set(parts.state_dict()))
    classifier = "criteria_classifier.weight" in state
    if unexpected or classifier != (model.criteria_classifier is not None):
        raise ValueError(
            f"{path} holds a reader taught for another model (unexpected: {unexpected[:5]}; criteria classifier "
            f"saved: {classifier}, configured: {model.criteria_classifier is not None})"
        )
    parts.load_state_dict(state, strict=False)


def reading_setup(cfg: DictConfig, model: TwoTowerCRM, tokenizer) -> tuple[CriteriaReading, DataLoader, Any]:
    """The reader's teaching as configured (``cfg.reader``): its module, its loader and its task."""
    if not isinstance(model, TwoTowerCRM):
        raise ValueError(
            "reader pretraining teaches a two-tower CRM's criteria reader: use a two-tower model (model=minilm) "
            "or reader=none"
        )
    options = cfg.reader
    heldout = (cfg.data.get("attributes") or {}).get("heldout_families") or []
    task = reading_task(heldout, options.get("dev_share", 0.0))
    collate = WordingCollator(tokenizer, cfg.data.max_length)
    # random batches, not length-grouped ones: grouped batches take 0.6 times as long per step, but their
    # reader made a worse CRM (docs/RESULTS.md#what-was-tried)
    generator = torch.Generator().manual_seed(cfg.seed)
    train_loader = DataLoader(task.train, options.batch_size, shuffle=True, collate_fn=collate, generator=generator)
    optim = instantiate(cfg.optim)
    module = CriteriaReading(
        model,
        len(task.classes),
        optimizer=optim.optimizer,
        scheduler=optim.get("scheduler"),
        lr=options.lr,
        classifier_lr=options.classifier_lr,
        warmup_ratio=cfg.optim.warmup_ratio,
        polarity_weight=options.get("polarity_weight", 0.0),
        paired=task.paired,
    )
    return module, train_loader, task


def reader_step_probe(cfg: DictConfig, model: TwoTowerCRM, tokenizer) -> Callable[[], None]:
    """One step of the reader's teaching (forward, backward, AdamW update) on a throwaway copy of
    ``model``: what a run's time cap estimates the stage from (crm.train.plan)."""
    probe = copy.deepcopy(model)
    module, loader, _ = reading_setup(cfg, probe, tokenizer)
    batch = next(iter(loader))
    parts = reader_parts(probe)
    parts.requires_grad_(True)
    if cfg.model.get("freeze", {}).get("embeddings", False):
        probe.backbone.get_input_embeddings().requires_grad_(False)
    parts.train()
    optimizer = torch.optim.AdamW([p for p in module.parameters() if p.requires_grad], lr=cfg.reader.lr)

    def step() -> None:
        optimizer.zero_grad(set_to_none=True)
        module.loss(batch)[0].backward()
        optimizer.step()

    return step


def taught_reader_report(output_dir: Path) -> dict[str, Any] | None:
    """What teaching the reader of the run in ``output_dir`` did (:func:`pretrain_reader`), None if unknown."""
    report = output_dir / READER_REPORT
    return json.loads(report.read_text()) if report.is_file() else None


def pretrain_reader(
    cfg: DictConfig, model: TwoTowerCRM, tokenizer, output_dir: Path, callbacks: list | None = None
) -> dict[str, Any]:
    """Teach ``model``'s reader to classify criteria wordings for ``cfg.reader.steps`` steps, or load the
    reader a previous attempt of this run taught; returns what it did, for ``metrics.json``."""
    saved, report = output_dir / READER_FILE, output_dir / READER_REPORT
    if saved.is_file() and report.is_file():
        load_reader(model, saved)
        log.info("criteria reader loaded from %s (taught by an earlier attempt of this run)", saved)
        return taught_reader_report(output_dir)
    module, train_loader, task = reading_setup(cfg, model, tokenizer)
    collate = train_loader.collate_fn
    trainer = instantiate(
        cfg.trainer,
        default_root_dir=str(output_dir / "reader"),
        max_steps=cfg.reader.steps,
        max_epochs=-1,
        val_check_interval=1.0,
        check_val_every_n_epoch=1,
        limit_val_batches=0,
        num_sanity_val_steps=0,
        callbacks=list(callbacks or []),
        logger=False,
        enable_checkpointing=False,
        enable_model_summary=False,
    )
    log.info(
        "teaching the criteria reader: %d (family, polarity) classes, %d training wordings, %d kept for dev, "
        "%d test-only wordings",
        len(task.classes),
        len(task.train),
        len(task.dev),
        len(task.test),
    )
    started = time.perf_counter()
    with trainable_reader(model, embeddings=not cfg.model.get("freeze", {}).get("embeddings", False)):
        trainer.fit(module, train_dataloaders=train_loader)
        save_reader(model, saved)
    seconds = time.perf_counter() - started
    train_acc = trainer.callback_metrics.get("reader/acc")

    def read_right(wordings: Labelled) -> float | None:
        if not wordings:
            return None
        loader = DataLoader(wordings, 64, collate_fn=collate)
        return trainer.test(module, dataloaders=loader, verbose=False)[0]["reader/test_wording_acc"]

    summary = {
        "classes": len(task.classes),
        "training_wordings": len(task.train),
        "steps": trainer.global_step,
        "seconds_per_step": round(seconds / max(trainer.global_step, 1), 3),
        "train_acc": float(train_acc) if train_acc is not None else None,
        "test_wording_acc": read_right(task.test),
        "dev_wording_acc": read_right(task.dev),
    }
    model.train()  # back to the pair training's modes (a frozen reader stays in eval mode)
    log.info("criteria reader taught: %s", summary)
    report.write_text(json.dumps(summary, indent=1))  # after the weights: both there means it is complete
    return summary
