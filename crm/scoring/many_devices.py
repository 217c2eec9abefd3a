"""Scoring on many devices (:mod:`crm.devices`): the rows a CRM scores, spread over the
processes by Lightning's predict loop (DDP: NCCL on GPUs, gloo on CPUs), the way training spreads its
steps. Each process loads the CRM onto its own device and scores its share of the rows; every process
gets all the outputs back in the rows' order. A row's output does not depend on the process that scored
it beyond float rounding: a two-tower CRM describes each answer in fixed shapes, and padding is masked.
"""

from __future__ import annotations

import atexit
from collections.abc import Sequence

import torch
from lightning import Fabric, LightningModule, Trainer
from lightning.pytorch.strategies import DDPStrategy
from torch.utils.data import DataLoader

from crm.devices import Devices, shards


def accelerator(device: str) -> str:
    """Lightning's name for where a CRM scores (``device`` as :class:`~crm.precision.InferencePlan` names it)."""
    return "cpu" if device == "cpu" else "gpu"


def start_processes(devices: Devices, device: str) -> None:
    """Start the command's other processes now, as its CRM loads, rather than at its first scoring
    (Lightning Fabric runs the same command in each, as training's launcher does): each then loads what
    the command needs while this one does, not after it. Under torchrun or SLURM they already run."""
    if devices.many and not torch.distributed.is_initialized():
        Fabric(
            accelerator=accelerator(device), devices=devices.devices, num_nodes=devices.num_nodes, strategy="ddp"
        ).launch()
        atexit.register(end_process_group)


def end_process_group() -> None:
    """The process group the scorer keeps between predicts, ended as the command ends: left to the
    interpreter's shutdown, gloo's threads could abort the process ("terminate called without an active
    exception") after its work was done."""
    if torch.distributed.is_initialized():
        torch.distributed.destroy_process_group()


class RowScoring(LightningModule):
    """A CRM's forward over this rank's share of the rows (:func:`shards`), on the device Lightning gives
    the rank, in the CRM's precision; at the end every rank's outputs, gathered onto each."""

    def __init__(self, crm):
        super().__init__()
        self.crm = crm
        self.model = crm.model  # a submodule: Lightning moves it to this rank's device
        self.rows: Sequence[dict] = []
        self.dealt: list[list[int]] = [[]]
        self.batch_size = 32
        self.outputs: list[tuple[torch.Tensor, torch.Tensor]] = []
        self.gathered: tuple[torch.Tensor, torch.Tensor] | None = None

    def predict_dataloader(self) -> DataLoader:
        """This rank's rows (the rank is known here: Lightning has started the processes)."""
        items = [(i, self.rows[i]) for i in self.dealt[self.global_rank]]
        return DataLoader(items, batch_size=self.batch_size, shuffle=False, collate_fn=_collate)

    def on_predict_epoch_start(self) -> None:
        self.outputs, self.gathered = [], None

    def predict_step(self, batch, batch_idx: int = 0) -> torch.Tensor:
        index, rows = batch
        padded = self.crm.tokenizer.pad(rows, return_tensors="pt").to(self.device)
        with torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=self.crm.plan.autocast_bf16):
            out = self.crm.forward(**padded).float()
        self.outputs.append((index.to(self.device), out))
        return out

    def on_predict_epoch_end(self) -> None:
        index = torch.cat([i for i, _ in self.outputs])
        out = torch.cat([o for _, o in self.outputs])
        self.gathered = (self.all_gather(index).reshape(-1).cpu(), self.all_gather(out).flatten(0, 1).cpu())
        self.outputs = []


class ScoringDDP(DDPStrategy):
    """DDP that leaves the CRM on its device between predicts: a board predicts once per chunk of scores,
    and Lightning's teardown would move the CRM to the CPU and back each time."""

    def teardown(self) -> None:
        self.precision_plugin.teardown()
        self.accelerator.teardown()
        self.checkpoint_io.teardown()


class ManyDeviceScorer:
    """Scores token rows over ``devices`` through one Lightning trainer per process, which serves every call
    (the processes are started as the CRM loads: :func:`start_processes`)."""

    def __init__(self, crm, devices: Devices):
        self.crm, self.devices = crm, devices
        self.module = RowScoring(crm)
        self._trainer: Trainer | None = None

    @property
    def trainer(self) -> Trainer:
        if self._trainer is None:
            self._trainer = Trainer(
                accelerator=accelerator(self.crm.plan.device),
                devices=self.devices.devices,
                num_nodes=self.devices.num_nodes,
                strategy=ScoringDDP(),
                logger=False,
                enable_checkpointing=False,
                enable_model_summary=False,
                enable_progress_bar=False,
                use_distributed_sampler=False,  # each rank's rows are dealt here (shards), in length order
            )
        return self._trainer

    @torch.no_grad()
    def score(self, rows: Sequence[dict], batch_size: int) -> torch.Tensor:
        """Each row's output (float32, CPU), in the rows' order, on every rank."""
        if not rows:
            return torch.empty(0)
        module = self.module
        module.rows, module.batch_size = rows, batch_size
        module.dealt = shards([len(row["input_ids"]) for row in rows], self.devices.world_size)
        self.trainer.predict(module, return_predictions=False)
        index, out = module.gathered
        scored = torch.empty(len(rows), *out.shape[1:])
        scored[index] = out  # a row dealt twice (filling) was scored the same both times
        module.rows, module.gathered = [], None
        return scored


def _collate(items):
    return torch.tensor([i for i, _ in items], dtype=torch.long), [row for _, row in items]
