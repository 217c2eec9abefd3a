"""The answer's token states as an attending head reads them, in the form they are kept.

A two-tower CRM keeps every answer's last-layer token states (in memory through a training run, on
disk across processes) so that its attention can read them under any criteria. At 160 tokens of 384
bf16 numbers that is 123 KB an answer: most of a training run's memory and of the answer store.
``window`` averages the states of that many consecutive tokens (the attention then chooses among
stretches of the answer, not single tokens); ``bits=8`` keeps each averaged state in int8 with one
fp32 scale (symmetric, absolute maximum). The head is trained on the states exactly as they are kept,
so what it reads when scoring is what it learned from.
"""

from __future__ import annotations

import torch


def compact_states(states: torch.Tensor, window: int, bits: int) -> tuple[torch.Tensor, ...]:
    """``states`` (tokens, width) of one answer as kept: (bf16 states,) or (int8 states, scales)."""
    if window > 1:
        tokens, width = states.shape
        stretches = -(-tokens // window)
        padded = states.float().new_zeros(stretches * window, width)
        padded[:tokens] = states.float()
        counts = torch.full((stretches, 1), float(window))
        counts[-1] = tokens - (stretches - 1) * window if tokens else window
        states = padded.view(stretches, window, width).sum(1) / counts
    if bits == 16:
        return (states.to(torch.bfloat16),)
    if bits != 8:
        raise ValueError(f"token states are kept in 16 (bf16) or 8 (int8) bits, not {bits}")
    states = states.float()
    scales = states.abs().amax(dim=1, keepdim=True).clamp_min(1e-12) / 127.0
    return (states / scales).round().clamp(-127, 127).to(torch.int8), scales


def expand_states(kept: tuple[torch.Tensor, ...]) -> torch.Tensor:
    """The states :func:`compact_states` kept, as numbers (bf16, or int8 times its scales in fp32)."""
    if len(kept) == 1:
        return kept[0]
    states, scales = kept
    return states.float() * scales
