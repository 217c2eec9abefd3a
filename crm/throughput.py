"""What Lightning's ThroughputMonitor needs to report pairs/s, tokens/s and model FLOPs utilisation.

Tokens count real (unpadded) tokens; FLOPs use the standard 6 x parameters x tokens estimate for a
forward and backward pass, with the parameters of matrix products only (no embedding tables), and
without attention FLOPs or recomputation under gradient checkpointing, as in most published MFU figures.
"""

from __future__ import annotations

import torch
from lightning.pytorch.callbacks import ThroughputMonitor as LightningThroughputMonitor

# Dense bf16 FLOP/s of GPUs missing from Lightning's table (NVIDIA's datasheets; the sparse figure halved).
PEAK_BF16_FLOPS = {"h200": 989.4e12}


def rows_in_batch(batch: dict[str, torch.Tensor]) -> int:
    return int(batch["input_ids"].size(0))


def tokens_in_batch(batch: dict[str, torch.Tensor]) -> int:
    return int(batch["attention_mask"].sum())


def matmul_params(model: torch.nn.Module) -> int:
    """Parameters that take part in matrix products: all but embedding tables (a lookup costs no FLOPs, and
    a reward model has no LM head to reuse a tied table). Full sizes also when ZeRO-3 partitions them."""
    tables = {id(m.weight) for m in model.modules() if isinstance(m, torch.nn.Embedding)}
    return sum(getattr(p, "ds_numel", p.numel()) for p in model.parameters() if id(p) not in tables)


def training_flops(n_params: int, tokens: int) -> int:
    return 6 * n_params * tokens


def peak_bf16_flops(device: torch.device) -> float | None:
    if device.type != "cuda":
        return None
    name = torch.cuda.get_device_name(device).lower()
    return next((flops for chip, flops in PEAK_BF16_FLOPS.items() if chip in name), None)


class ThroughputMonitor(LightningThroughputMonitor):
    """Lightning's monitor, with a peak for devices its table lacks (the H200 in Lightning 2.6), so MFU is
    logged there too. `peak_flops` sets the peak of one device outright (any device, any precision)."""

    def __init__(self, *args, peak_flops: float | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.peak_flops = peak_flops

    def setup(self, trainer, pl_module, stage: str) -> None:
        super().setup(trainer, pl_module, stage)
        peak = self.peak_flops
        if peak is None and self.available_flops is None and str(trainer.precision).startswith("bf16"):
            peak = peak_bf16_flops(trainer.strategy.root_device)
        if peak is not None:
            self.available_flops = peak
            for throughput in self._throughputs.values():  # built by super().setup without a peak
                throughput.available_flops = peak
