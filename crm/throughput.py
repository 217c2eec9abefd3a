"""What Lightning's ThroughputMonitor needs to report pairs/s, tokens/s and model FLOPs utilisation.

Tokens count real (unpadded) tokens; FLOPs use the standard 6 x parameters x tokens estimate for a
forward and backward pass, with the parameters of matrix products only (no embedding tables), and
without attention FLOPs or recomputation under gradient checkpointing, as in most published MFU figures.
"""

from __future__ import annotations

import torch


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
