"""A transformers backbone with a reward head: pointwise ``bt`` (1 score) or pairwise ``cls`` (2 logits)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager

import torch
from torch import nn
from transformers import AutoConfig, AutoModel, PreTrainedModel

POOLINGS = ("last", "first", "mean")
HEAD_OUTPUTS = {"bt": 1, "cls": 2}


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
    if any(hasattr(p, "ds_id") for p in params):
        import deepspeed

        with deepspeed.zero.GatheredParameters(params, modifier_rank=0):
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


class RewardModel(nn.Module):
    """Backbone + pooling + linear head. ``forward`` returns (batch, 1) scores or (batch, 2) logits."""

    def __init__(self, backbone: PreTrainedModel, head: str, pooling: str = "last", dropout: float = 0.0):
        super().__init__()
        if head not in HEAD_OUTPUTS:
            raise ValueError(f"unknown head {head!r}; expected one of {tuple(HEAD_OUTPUTS)}")
        if pooling not in POOLINGS:
            raise ValueError(f"unknown pooling {pooling!r}; expected one of {POOLINGS}")
        self.backbone = backbone
        self.head_type = head
        self.pooling = pooling
        self.dropout = nn.Dropout(dropout)
        self.score = nn.Linear(backbone.config.hidden_size, HEAD_OUTPUTS[head])
        with gathered([self.score.weight, self.score.bias]):
            nn.init.normal_(self.score.weight, std=1.0 / (backbone.config.hidden_size + 1) ** 0.5)
            nn.init.zeros_(self.score.bias)

    def enable_gradient_checkpointing(self) -> None:
        self.backbone.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        if hasattr(self.backbone.config, "use_cache"):
            self.backbone.config.use_cache = False

    def forward(
        self,
        input_ids: torch.Tensor,
        attention_mask: torch.Tensor,
        token_type_ids: torch.Tensor | None = None,
    ) -> torch.Tensor:
        # Positions count real tokens only, so left and right padding give the same scores.
        position_ids = (attention_mask.long().cumsum(-1) - 1).clamp(min=0)
        kwargs = {"token_type_ids": token_type_ids} if token_type_ids is not None else {}
        if getattr(self.backbone.config, "use_cache", None) is not None:
            kwargs["use_cache"] = False
        out = self.backbone(input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids, **kwargs)
        # Pooling and head run outside autocast: a bf16 score has 8 mantissa bits, so close pairs would tie.
        with torch.autocast(input_ids.device.type, enabled=False):
            pooled = pool(out.last_hidden_state.to(self.score.weight.dtype), attention_mask, self.pooling)
            return self.score(self.dropout(pooled))


def freeze_lower(backbone: PreTrainedModel, embeddings: bool = False, layers: int = 0) -> int:
    """Freeze the input embeddings and/or the lowest ``layers`` transformer blocks; returns the number
    of frozen parameters. On a CPU this is the cheapest speed-up that keeps what matters trainable:
    the embedding matrix is half of a small encoder's weights (its dense gradient and Adam update cost
    a lot per step), and frozen lower blocks need no backward pass."""
    frozen = []
    if embeddings:
        frozen += list(backbone.get_input_embeddings().parameters())
    if layers:
        blocks = next(
            (
                m
                for m in backbone.modules()
                if isinstance(m, nn.ModuleList) and len(m) == backbone.config.num_hidden_layers
            ),
            None,
        )
        if blocks is None or layers > len(blocks):
            raise ValueError(f"cannot freeze {layers} layers of {type(backbone).__name__}")
        for block in blocks[:layers]:
            frozen += list(block.parameters())
    for param in frozen:
        param.requires_grad_(False)
    return sum(p.numel() for p in frozen)
