"""Backbones of a reward model: loading one (pretrained or random), pooling its states, freezing or
dropping its transformer blocks, and initialising new weights also under DeepSpeed ZeRO-3."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager

import torch
from torch import nn
from transformers import AutoConfig, AutoModel, PreTrainedModel

POOLINGS = ("last", "first", "mean")


# Under bf16 on a CPU a batch's width is rounded up to a multiple of this many tokens (width_multiple)
CPU_BF16_WIDTH_MULTIPLE = 8


def width_multiple(device: torch.device) -> int:
    """The multiple of columns a batch of rows is padded to. A bf16 matrix product on a CPU (oneDNN)
    compiles a kernel for each new shape and keeps it, with the heap it leaves: a run that reads rows of
    every width grows by gigabytes (docs/PERFORMANCE.md). Rounded widths bound the shapes it ever sees.
    fp32 (MKL) compiles nothing per shape: there widths stay exact, and so do its values."""
    bf16 = torch.is_autocast_enabled("cpu") and torch.get_autocast_dtype("cpu") == torch.bfloat16
    return CPU_BF16_WIDTH_MULTIPLE if device.type == "cpu" and bf16 else 1


def padded_to_width_multiple(*rows: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """Right-padded rows (ids, mask, token types) given masked columns up to :func:`width_multiple`."""
    extra = -rows[0].size(1) % width_multiple(rows[0].device)
    return tuple(nn.functional.pad(row, (0, extra)) for row in rows) if extra else rows


def pool(hidden: torch.Tensor, attention_mask: torch.Tensor, pooling: str) -> torch.Tensor:
    """Pool by the attention mask, never by token ids: Qwen's pad token can equal a real token.

    ``last``: the last position whose mask is 1 (decoders; works for left and right padding).
    ``first``: the first such position (the [CLS] token of encoders, wherever padding puts it).
    ``mean``: the mask-weighted mean.
    """
    mask = attention_mask.to(hidden.dtype)
    if pooling == "mean":
        return (hidden * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True).clamp(min=1)
    rows = torch.arange(hidden.size(0), device=hidden.device)
    if pooling == "first":
        return hidden[rows, attention_mask.int().argmax(dim=1)]
    if pooling == "last":
        last = attention_mask.size(1) - 1 - attention_mask.int().flip(1).argmax(dim=1)
        return hidden[rows, last]
    raise ValueError(f"unknown pooling {pooling!r}; expected one of {POOLINGS}")


# Backbones whose embeddings count positions from the padding token's id + 1, as RoBERTa's do
POSITIONS_AFTER_PADDING = ("mpnet", "roberta", "xlm-roberta", "camembert")


def position_offset(config) -> int:
    """The position id of a row's first token as a backbone of ``config`` was pretrained with."""
    return config.pad_token_id + 1 if config.model_type in POSITIONS_AFTER_PADDING else 0


def position_limit(config) -> int | None:
    """How many tokens a row of a backbone of ``config`` can hold (None: the config does not say)."""
    positions = getattr(config, "max_position_embeddings", None)
    return positions - position_offset(config) if positions else None


def check_attn_implementation(name: str | None) -> None:
    """Fail early and clearly when flash-attention is asked for but cannot run here."""
    if name != "flash_attention_2":
        return
    if importlib.util.find_spec("flash_attn") is None:
        raise ImportError(
            "attn_implementation=flash_attention_2 needs the flash-attn package: pip install -e '.[gpu]' "
            "(CUDA GPUs only); or use attn_implementation=sdpa"
        )
    if not torch.cuda.is_available():
        raise RuntimeError("attn_implementation=flash_attention_2 runs only on CUDA GPUs; use sdpa on this machine")


@contextmanager
def gathered(params: list[nn.Parameter]) -> Iterator[None]:
    """Full parameters to modify in place, also when DeepSpeed ZeRO-3 has partitioned them.

    Under ``deepspeed.zero.Init`` a new layer's tensors are empty shards; initialising them directly
    would do nothing. Gathering them (rank 0 modifies, then re-partitions) initialises the real weights.
    """
    if any(hasattr(p, "ds_id") for p in params):  # partitioned by DeepSpeed, so it is installed
        # imported by name: an export's modeling files import nothing beyond torch and transformers
        zero = importlib.import_module("deepspeed").zero
        with zero.GatheredParameters(params, modifier_rank=0):
            yield
    else:
        yield


def load_backbone(
    pretrained: str | None = None,
    init_config: dict | None = None,
    dtype: str | None = None,
    attn_implementation: str | None = None,
    config_overrides: dict | None = None,
    weights: bool = True,
) -> PreTrainedModel:
    """Pretrained weights from a local path / hub id, or a random-initialised model from a config dict.

    Only the base model is loaded (no LM head): the reward head is ours. ``config_overrides`` change
    the pretrained config (e.g. dropout) as it is loaded.
    """
    check_attn_implementation(attn_implementation)
    kwargs = dict(config_overrides or {})
    if attn_implementation:
        kwargs["attn_implementation"] = attn_implementation
    torch_dtype = getattr(torch, dtype) if dtype and dtype != "auto" else None
    if pretrained and not weights:  # the architecture only, e.g. to load a consolidated checkpoint into
        config = AutoConfig.from_pretrained(pretrained, **(config_overrides or {}))
        model = AutoModel.from_config(config, attn_implementation=attn_implementation)
        return model.to(torch_dtype) if torch_dtype else model
    if pretrained:
        return AutoModel.from_pretrained(pretrained, dtype=torch_dtype, **kwargs)
    if not init_config:
        raise ValueError("a backbone needs either `pretrained` or `init_config`")
    init_config = {**init_config, **(config_overrides or {})}
    config = AutoConfig.for_model(init_config.pop("model_type"), **init_config)
    # initialised in its dtype: a random 4B model in bf16 takes half the memory and time of fp32 then cast
    return AutoModel.from_config(config, attn_implementation=attn_implementation, dtype=torch_dtype)


def freeze_lower(backbone: PreTrainedModel, embeddings: bool = False, layers: int | str = 0) -> int:
    """Freeze the input embeddings and/or the lowest ``layers`` transformer blocks (``"all"``: every
    weight of the backbone); returns the number of frozen parameters. On a CPU this is the cheapest
    speed-up that keeps what matters trainable: the embedding matrix is half of a small encoder's
    weights (its dense gradient and Adam update cost a lot per step), and frozen lower blocks need no
    backward pass."""
    frozen = []
    if layers == "all":
        frozen += list(backbone.parameters())
    elif embeddings:
        frozen += list(backbone.get_input_embeddings().parameters())
    if layers and layers != "all":
        for block in transformer_blocks(backbone, layers, "freeze")[:layers]:
            frozen += list(block.parameters())
    for param in frozen:
        param.requires_grad_(False)
    return sum(p.numel() for p in frozen)


def transformer_blocks(backbone: PreTrainedModel, needed: int, purpose: str) -> nn.ModuleList:
    """The backbone's stack of transformer blocks (at least ``needed`` of them, for the error message's ``purpose``)."""
    blocks = next(
        (m for m in backbone.modules() if isinstance(m, nn.ModuleList) and len(m) == backbone.config.num_hidden_layers),
        None,
    )
    if blocks is None or needed > len(blocks):
        raise ValueError(f"cannot {purpose} {needed} layers of {type(backbone).__name__}")
    return blocks


def keep_lower_blocks(backbone: PreTrainedModel, layers: int) -> PreTrainedModel:
    """Drop every transformer block above the lowest ``layers`` (a frozen answer tower's lower blocks
    keep an answer's surface form, what format criteria ask about, at a fraction of the cost)."""
    blocks = transformer_blocks(backbone, layers, "keep")
    del blocks[layers:]
    backbone.config.num_hidden_layers = layers
    return backbone
