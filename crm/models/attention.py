"""Attention kernels chosen by what runs: under bf16 on a CPU an encoder trains with eager attention for
short rows and SDPA in fp32 for long ones (``crm.precision.cpu_attention``), and what never trains (the
frozen answer tower) reads with bf16 SDPA. Forward and backward, eager is the faster kernel for short rows,
and for long ones PyTorch's CPU flash attention in fp32, whose backward runs about twice as fast as its
bf16 one; forward alone, bf16 SDPA is the faster (docs/PERFORMANCE.md)."""

from __future__ import annotations

import importlib

import torch
from transformers import AttentionInterface
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from transformers.masking_utils import AttentionMaskInterface, eager_mask

from crm.precision import WIDTH_DISPATCHED_ATTENTION

EAGER_MAX_WIDTH = 64  # the widest row (tokens) trained with eager attention; wider ones with SDPA in fp32
TRAINING_ONLY = ("eager", WIDTH_DISPATCHED_ATTENTION)  # kernels chosen for their backward pass


def width_dispatched_attention(module, query, key, value, attention_mask, **kwargs):
    """The model's own eager attention for a short row, :func:`fp32_sdpa_attention` for a long one; both
    take eager's additive mask."""
    if key.size(-2) <= EAGER_MAX_WIDTH:
        eager = importlib.import_module(type(module).__module__).eager_attention_forward
        return eager(module, query, key, value, attention_mask, **kwargs)
    return fp32_sdpa_attention(module, query, key, value, attention_mask, **kwargs)


def fp32_sdpa_attention(module, query, key, value, attention_mask, **kwargs):
    """SDPA on fp32 copies of the query, key, value and mask (autocast would cast them back to bf16), the
    output in the query's dtype again."""
    with torch.autocast(query.device.type, enabled=False):
        inputs = (t.float() if t is not None else None for t in (query, key, value, attention_mask))
        output, weights = sdpa_attention_forward(module, *inputs, **kwargs)
    return output.to(query.dtype), weights


AttentionInterface.register(WIDTH_DISPATCHED_ATTENTION, width_dispatched_attention)
AttentionMaskInterface.register(WIDTH_DISPATCHED_ATTENTION, eager_mask)


def inference_attention(name: str | None) -> str | None:
    """The kernel a backbone that never trains reads with: SDPA in place of one chosen for a backward pass."""
    return "sdpa" if name in TRAINING_ONLY else name
