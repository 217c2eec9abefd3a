"""What every CRM architecture shares: a transformers backbone, pooling, and the paper's swappable reward
head, pointwise ``bt`` (one score per answer) or pairwise ``cls`` (two logits for a pair in one row).
The architectures: :mod:`crm.models.cross_encoder` and :mod:`crm.models.two_tower`.

A CRM is a transformers ``PreTrainedModel`` of a :class:`~.configuration_crm.CRMConfig`: ``save_pretrained``
writes it (its modeling files with it) and ``from_pretrained`` reads it back, also as
``AutoModel.from_pretrained(dir, trust_remote_code=True)`` with torch and transformers alone. These
modeling files import nothing of the project but each other (relatively), so an export can carry them.
"""

from __future__ import annotations

import torch
from torch import nn
from transformers import PreTrainedModel

from .backbones import POOLINGS, freeze_lower, gathered, position_offset
from .configuration_crm import CRMConfig


class RewardModel(PreTrainedModel):
    """Backbone + pooling + a linear score over a vector of ``score_size``; subclasses say how they read.

    Built from its config alone (``from_pretrained``: each backbone from its config, then the weights
    loaded), or around backbones already loaded (training: pretrained weights)."""

    config_class = CRMConfig
    base_model_prefix = "crm"
    supports_gradient_checkpointing = True
    # the head's parts stay fp32 when the backbones load in bf16: a bf16 score has 8 mantissa bits, so
    # close pairs would tie
    _keep_in_fp32_modules_strict = [
        "score",
        "interaction",
        "query_interaction",
        "layout_score",
        "degenerate_gate",
        "quality_term",
        "criteria_classifier",
    ]

    def __init__(self, config: CRMConfig, backbone: PreTrainedModel, score_size: int):
        super().__init__(config)
        spec = config.spec
        if spec.pooling not in POOLINGS:
            raise ValueError(f"unknown pooling {spec.pooling!r}; expected one of {POOLINGS}")
        self.backbone = backbone
        self.head_type = config.crm["head"]
        self.pooling = spec.pooling
        self.dropout = nn.Dropout(spec.dropout)
        self.score = nn.Linear(score_size, config.head_outputs)
        with gathered([self.score.weight, self.score.bias]):
            nn.init.normal_(self.score.weight, std=1.0 / (score_size + 1) ** 0.5)
            nn.init.zeros_(self.score.bias)

    def _init_weights(self, module: nn.Module) -> None:
        """Nothing: each part draws its own weights where it is built, and a loaded CRM has them all."""

    def freeze(self, embeddings: bool = False, layers: int | str = 0) -> int:
        """Hold the backbone's embeddings and lowest ``layers`` blocks ("all": every weight) fixed; the count."""
        return freeze_lower(self.backbone, embeddings, layers)

    def head_modules(self) -> dict[str, nn.Module]:
        """The reward head's parts (exported with the head, trained at the head's learning rate)."""
        parts = {"score": self.score, **self._exported_parts()}
        return {name: part for name, part in parts.items() if part is not None and name != "criteria_classifier"}

    def _exported_parts(self) -> dict[str, nn.Module | None]:
        """What the export's head file holds beside the linear score, by key prefix."""
        return {}

    def head_state_dict(self) -> dict[str, torch.Tensor]:
        """The head's weights as exported: the linear score's keys as they always were, each other part's
        under its name (``interaction.``, ``query_interaction.``, ``layout_score.``, ``criteria_classifier.``)."""
        state = dict(self.score.state_dict())
        for prefix, part in self._exported_parts().items():
            if part is not None:
                state.update({f"{prefix}.{k}": v for k, v in part.state_dict().items()})
        return state

    def load_head_state(self, state: dict[str, torch.Tensor]) -> None:
        """Inverse of :meth:`head_state_dict`; raises RuntimeError when the weights do not fit this head."""
        parts = self._exported_parts()
        prefixes = {key.partition(".")[0] for key in state if "." in key} - {"weight", "bias"}
        weights = {p: {k.removeprefix(f"{p}."): v for k, v in state.items() if k.startswith(f"{p}.")} for p in parts}
        for prefix in sorted(prefixes):
            if parts.get(prefix) is None:
                what = {"interaction": "criteria interaction term"}.get(prefix, prefix.replace("_", " "))
                raise RuntimeError(f"the weights hold a {what} this head does not have")
        self.score.load_state_dict({k: v for k, v in state.items() if k.partition(".")[0] not in prefixes})
        for prefix, part in parts.items():
            if part is not None:
                part.load_state_dict(weights[prefix])

    def enable_gradient_checkpointing(self) -> None:
        # transformers 5.x names it activation checkpointing (the old name goes in v6); older releases lack it
        enable = getattr(self.backbone, "activation_checkpointing_enable", None)
        if enable is not None:
            enable(activation_checkpointing_kwargs={"use_reentrant": False})
        else:
            self.backbone.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        if hasattr(self.backbone.config, "use_cache"):
            self.backbone.config.use_cache = False

    @staticmethod
    def _encode(model: PreTrainedModel, input_ids, attention_mask, token_type_ids=None, **kwargs):
        # Positions count real tokens only, so left and right padding give the same scores.
        position_ids = (attention_mask.long().cumsum(-1) - 1).clamp(min=0) + position_offset(model.config)
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        if getattr(model.config, "use_cache", None) is not None:
            kwargs["use_cache"] = False
        return model(input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids, **kwargs)
