"""LightningModule: trains a :class:`RewardModel` with the ``bt`` or ``cls`` loss and logs accuracy."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch
from lightning import LightningModule, Trainer
from torchmetrics import MaxMetric, MeanMetric
from torchmetrics.classification import BinaryAccuracy

from crm.heads import head_named
from crm.models.reward_model import RewardModel
from crm.models.two_tower import TwoTowerCRM
from crm.scoring.tower_memory import TowerMemory
from crm.throughput import matmul_params, tokens_in_batch, training_flops
from crm.train.frozen_once import FROZEN_KEYS

MODEL_INPUTS = (
    "input_ids", "attention_mask", "token_type_ids", "answer_layout", "query_ids", "query_mask",
    "query_overlap",
)  # fmt: skip
VAL_ACC_BEST_KEY = "val_acc_best"  # checkpoint entry: the MaxMetric behind val/acc_best
# checkpoint entry: the states behind the epoch's train/loss and train/acc, so an epoch resumed mid-way
# reports over all its batches, as the uninterrupted one
TRAIN_EPOCH_KEY = "train_epoch_metrics"
TRAIN_EPOCH_METRICS = ("train_loss", "train_acc")


class ClipsFusedOptimizers(LightningModule):
    """Gradient clipping that works with a fused optimizer under bf16, for every module that trains a CRM.

    Lightning's mixed-precision plugin refuses to clip for an optimizer that unscales gradients itself
    (fused AdamW), also under bf16, where there is no loss scaler and nothing to unscale: clip directly.
    An optimizer wrapped by a strategy (DeepSpeed's ZeRO optimizer has no ``defaults``) is left to the
    strategy, which clips itself.
    """

    def configure_gradient_clipping(
        self, optimizer: torch.optim.Optimizer, gradient_clip_val=None, gradient_clip_algorithm=None
    ) -> None:
        no_scaler = getattr(self.trainer.precision_plugin, "scaler", None) is None
        if gradient_clip_val and getattr(optimizer, "defaults", {}).get("fused") and no_scaler:
            if gradient_clip_algorithm == "value":
                torch.nn.utils.clip_grad_value_(self.parameters(), gradient_clip_val)
            else:
                torch.nn.utils.clip_grad_norm_(self.parameters(), gradient_clip_val)
            return
        self.clip_gradients(optimizer, gradient_clip_val, gradient_clip_algorithm)


def _forget_after_loading(module: CRMLitModule, incompatible_keys) -> None:
    """Nothing remembered of the old weights' towers survives new ones (a named function: modules pickle)."""
    if module.towers is not None:
        module.towers.forget()


class CRMLitModule(ClipsFusedOptimizers):
    """Metric names: ``train/...``, ``val/...`` and ``test/<set>/...`` (one per test set of the trainer's
    datamodule, see :meth:`setup`).

    A two-tower CRM's tower outputs are remembered across steps (``towers``,
    :class:`~crm.scoring.tower_memory.TowerMemory`): a head trained on a fixed reader sees each answer
    described once, however many epochs it runs, and each criteria text read once while the reader is
    frozen. Loading weights forgets them."""

    def __init__(
        self,
        model: RewardModel,
        optimizer: Callable[..., torch.optim.Optimizer],
        scheduler: Callable[..., Any] | None = None,
        warmup_ratio: float = 0.0,
        head_lr_scale: float = 1.0,
        margin: float = 0.0,
        center_rewards_coef: float = 0.0,
        label_smoothing: float = 0.0,
    ):
        super().__init__()
        self.save_hyperparameters(ignore=["model", "optimizer", "scheduler"])
        self.model = model.train()  # transformers loads in eval mode; Lightning switches modes from here
        self.optimizer_factory = optimizer
        self.scheduler_factory = scheduler
        self.head = head_named(model.head_type)  # its loss and accuracy
        self.towers = TowerMemory(model) if isinstance(model, TwoTowerCRM) else None
        self.register_load_state_dict_post_hook(_forget_after_loading)
        self.train_loss = MeanMetric()
        self.train_acc = BinaryAccuracy()
        self.val_acc = BinaryAccuracy()
        self.val_loss = MeanMetric()
        self.val_acc_best = MaxMetric()
        self.test_names: list[str] = []  # and their metrics: made in setup(), from the trainer's datamodule
        self.test_acc = torch.nn.ModuleList()
        self.test_loss = torch.nn.ModuleList()
        self.test_correct: dict[str, list[torch.Tensor]] = {}  # per test set, in dataset order: per-family reports
        self.flops_per_batch: int | None = None  # read by Lightning's ThroughputMonitor (callbacks=throughput)
        self._n_params: int | None = None

    def forward(self, batch: dict[str, torch.Tensor]) -> torch.Tensor:
        inputs = {k: batch[k] for k in MODEL_INPUTS if k in batch}
        if self.towers is not None:
            inputs["towers"] = self.towers
        return self.model(**inputs)

    def step(self, batch: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Loss, predictions (1 = label side wins) and targets. A tie in scores counts as wrong."""
        hp = self.hparams
        return self.head.step(self(batch).float(), batch, hp.margin, hp.center_rewards_coef, hp.label_smoothing)

    def setup(self, stage: str) -> None:
        """One accuracy and one loss metric per test set, named by the trainer's datamodule (``test_set_names``;
        Lightning sets the datamodule up before this hook); a single set ``test`` without such a datamodule.
        Remade only when the names change (a test after the fit keeps the fit's). torchmetrics states are not in
        the state dict, so checkpoints load the same with or without them."""
        names = list(getattr(self.trainer.datamodule, "test_set_names", ["test"]))
        if names != self.test_names:
            self.test_names = names
            self.test_acc = torch.nn.ModuleList(BinaryAccuracy() for _ in names)
            self.test_loss = torch.nn.ModuleList(MeanMetric() for _ in names)

    def training_step(self, batch: dict[str, torch.Tensor], batch_idx: int) -> torch.Tensor:
        if self._n_params is None:
            self._n_params = matmul_params(self.model)
        self.flops_per_batch = training_flops(self._n_params, tokens_in_batch(batch))
        loss, preds, targets = self.step(batch)
        size = targets.numel()
        self.train_loss(loss.detach(), size)
        self.train_acc(preds, targets)
        self.log("train/loss", self.train_loss, on_step=True, on_epoch=True, prog_bar=True, batch_size=size)
        self.log("train/acc", self.train_acc, on_step=True, on_epoch=True, prog_bar=True, batch_size=size)
        self.log("train/truncated_frac", batch["truncated"].float().mean(), on_step=True, batch_size=size)
        return loss

    def validation_step(self, batch: dict[str, torch.Tensor], batch_idx: int) -> None:
        loss, preds, targets = self.step(batch)
        self.val_loss(loss, targets.numel())
        self.val_acc(preds, targets)
        self.log("val/loss", self.val_loss, on_epoch=True, prog_bar=True, batch_size=targets.numel())
        self.log("val/acc", self.val_acc, on_epoch=True, prog_bar=True, batch_size=targets.numel())

    def on_validation_epoch_end(self) -> None:
        if self.trainer.sanity_checking:
            return
        self.val_acc_best(self.val_acc.compute())
        self.log("val/acc_best", self.val_acc_best.compute(), prog_bar=False)

    def on_save_checkpoint(self, checkpoint: dict[str, Any]) -> None:
        """torchmetrics states are not in the state dict: keep the best validation accuracy and the epoch's
        training metrics so far across a resume (the local states: compute() would sync ranks). The weights
        held fixed are named for the checkpoint IO, which writes them once (crm.train.frozen_once)."""
        checkpoint[FROZEN_KEYS] = [name for name, weight in self.named_parameters() if not weight.requires_grad]
        if self.val_acc_best.update_count:
            checkpoint[VAL_ACC_BEST_KEY] = float(self.val_acc_best.max_value)
        checkpoint[TRAIN_EPOCH_KEY] = {
            name: {k: v.detach().cpu().clone() for k, v in getattr(self, name).metric_state.items()}
            for name in TRAIN_EPOCH_METRICS
        }

    def on_load_checkpoint(self, checkpoint: dict[str, Any]) -> None:
        """Restore the best validation accuracy and the epoch's training metrics so far; checkpoints written
        before they were saved start them afresh."""
        self.val_acc_best.reset()
        if checkpoint.get(VAL_ACC_BEST_KEY) is not None:
            self.val_acc_best.update(checkpoint[VAL_ACC_BEST_KEY])
        for name, state in checkpoint.get(TRAIN_EPOCH_KEY, {}).items():
            metric = getattr(self, name)
            metric.reset()
            metric.merge_state({k: v.to(metric.device) for k, v in state.items()})

    def test_step(self, batch: dict[str, torch.Tensor], batch_idx: int, dataloader_idx: int = 0) -> None:
        loss, preds, targets = self.step(batch)
        name = self.test_names[dataloader_idx]
        self.test_correct.setdefault(name, []).append((preds == targets).cpu())
        self.test_loss[dataloader_idx](loss, targets.numel())
        self.test_acc[dataloader_idx](preds, targets)
        kwargs = dict(on_epoch=True, add_dataloader_idx=False, batch_size=targets.numel())
        self.log(f"test/{name}/loss", self.test_loss[dataloader_idx], **kwargs)
        self.log(f"test/{name}/acc", self.test_acc[dataloader_idx], **kwargs)

    def on_test_epoch_start(self) -> None:
        self.test_correct = {}

    def test_outcomes(self) -> dict[str, torch.Tensor]:
        """Per test set, whether each sample (in dataset order) was judged correctly."""
        return {name: torch.cat(parts) for name, parts in self.test_correct.items()}

    def configure_optimizers(self) -> dict[str, Any]:
        groups = {(head, decay): [] for head in (False, True) for decay in (False, True)}
        head_params = {id(p) for m in self.model.head_modules().values() for p in m.parameters()}
        for name, param in self.named_parameters():
            if param.requires_grad:
                decay = not (param.ndim < 2 or "norm" in name.lower())
                groups[(id(param) in head_params, decay)].append(param)
        head_lr = {}
        if self.hparams.head_lr_scale != 1.0:  # the freshly initialised head may learn faster than the backbone
            base = getattr(self.optimizer_factory, "keywords", {}).get("lr")
            if base is None:
                raise ValueError("head_lr_scale needs the optimizer's lr in its config (optim.optimizer.lr)")
            head_lr = {"lr": base * self.hparams.head_lr_scale}
        param_groups = [
            {"params": params, **({} if decay else {"weight_decay": 0.0}), **(head_lr if head else {})}
            for (head, decay), params in groups.items()
            if params
        ]
        # positional: torch optimizers call it `params`, DeepSpeed's CPU Adam `model_params`
        return with_schedule(self, self.optimizer_factory(param_groups))


def fit_steps(trainer: Trainer, what: str, otherwise: str = "") -> int:
    """The fit's optimizer steps, which ``what`` needs: an endless fit (``max_steps`` and ``max_epochs``
    both -1) gets an error naming the settings, with ``otherwise`` as another way out."""
    total = trainer.estimated_stepping_batches
    if not math.isfinite(total):
        raise ValueError(
            f"{what} needs the fit's length, and this fit has no end (trainer.max_steps=-1 and "
            f"trainer.max_epochs=-1): set one of them{otherwise}"
        )
    return int(total)


def with_schedule(module: LightningModule, optimizer: torch.optim.Optimizer) -> dict[str, Any]:
    """``configure_optimizers``' answer: ``optimizer`` with the module's warmup + decay schedule
    (``module.scheduler_factory``, ``hparams.warmup_ratio``) over the trainer's steps, stepped per step.
    """
    if module.scheduler_factory is None:
        return {"optimizer": optimizer}
    total = fit_steps(module.trainer, "the LR schedule", otherwise=", or optim.scheduler=null for a constant LR")
    scheduler = module.scheduler_factory(
        optimizer=optimizer,
        num_warmup_steps=int(round(module.hparams.warmup_ratio * total)),
        num_training_steps=total,
    )
    return {"optimizer": optimizer, "lr_scheduler": {"scheduler": scheduler, "interval": "step"}}
