"""Attention kernels chosen by what runs: under bf16 on a CPU an encoder trains with eager attention for
short rows and SDPA for long ones (``crm.precision.cpu_attention``), and what never trains (the frozen
answer tower) reads with SDPA. Forward and backward, eager is the faster kernel for short rows and SDPA for
long ones, whose eager attention matrices outgrow the caches; forward alone, SDPA (docs/PERFORMANCE.md)."""

from __future__ import annotations

import importlib

from transformers import AttentionInterface
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from transformers.masking_utils import AttentionMaskInterface, eager_mask

from crm.precision import WIDTH_DISPATCHED_ATTENTION

EAGER_MAX_WIDTH = 192  # the widest row (tokens) trained with eager attention; wider ones with SDPA
TRAINING_ONLY = ("eager", WIDTH_DISPATCHED_ATTENTION)  # kernels chosen for their backward pass


def width_dispatched_attention(module, query, key, value, attention_mask, **kwargs):
    """The model's own eager attention for a short row, SDPA for a long one; both take eager's additive mask."""
    if key.size(-2) <= EAGER_MAX_WIDTH:
        eager = importlib.import_module(type(module).__module__).eager_attention_forward
        return eager(module, query, key, value, attention_mask, **kwargs)
    return sdpa_attention_forward(module, query, key, value, attention_mask, **kwargs)


AttentionInterface.register(WIDTH_DISPATCHED_ATTENTION, width_dispatched_attention)
AttentionMaskInterface.register(WIDTH_DISPATCHED_ATTENTION, eager_mask)


def inference_attention(name: str | None) -> str | None:
    """The kernel a backbone that never trains reads with: SDPA in place of one chosen for a backward pass."""
    return "sdpa" if name in TRAINING_ONLY else name
