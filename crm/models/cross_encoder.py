"""The paper's CRM: one backbone reads the criteria, the query and the answer (``bt``) or both answers
(``cls``) in one sequence; the pooled state goes through the linear head."""

from __future__ import annotations

from collections.abc import Callable

import torch
from transformers import PreTrainedModel

from crm.models.backbones import padded_to_width_multiple, pool
from crm.models.reward_model import RewardModel
from crm.models.spec import CrossEncoderSpec


class CrossEncoderCRM(RewardModel):
    """``forward`` returns (batch, 1) scores (``bt``) or (batch, 2) logits (``cls``)."""

    def __init__(self, spec: CrossEncoderSpec, backbone: PreTrainedModel, head: str):
        super().__init__(backbone, head, spec.pooling, spec.dropout, backbone.config.hidden_size)

    @classmethod
    def assemble(cls, spec: CrossEncoderSpec, head: str, backbone: Callable[[str], PreTrainedModel]):
        """The CRM of ``spec`` around ``backbone("backbone")`` (a fresh load or an export's)."""
        return cls(spec, backbone("backbone"), head)

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor | None = None
    ) -> torch.Tensor:
        if token_type_ids is None:
            input_ids, attention_mask = padded_to_width_multiple(input_ids, attention_mask)
        else:
            input_ids, attention_mask, token_type_ids = padded_to_width_multiple(input_ids, attention_mask, token_type_ids)
        out = self._encode(self.backbone, input_ids, attention_mask, token_type_ids)
        # Pooling and head run outside autocast: a bf16 score has 8 mantissa bits, so close pairs would tie.
        with torch.autocast(input_ids.device.type, enabled=False):
            hidden = out.last_hidden_state.to(self.score.weight.dtype)
            return self.score(self.dropout(pool(hidden, attention_mask, self.pooling)))
