"""What Lightning's ThroughputMonitor needs to report pairs/s, tokens/s and model FLOPs utilisation.

Tokens count real (unpadded) tokens; FLOPs use the standard 6 x parameters x tokens estimate for a
forward and backward pass (attention FLOPs and recomputation under gradient checkpointing not
included), as in most published MFU figures.
"""

from __future__ import annotations

import torch


def rows_in_batch(batch: dict[str, torch.Tensor]) -> int:
    return int(batch["input_ids"].size(0))


def tokens_in_batch(batch: dict[str, torch.Tensor]) -> int:
    return int(batch["attention_mask"].sum())


def training_flops(n_params: int, tokens: int) -> int:
    return 6 * n_params * tokens
