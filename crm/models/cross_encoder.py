"""The paper's CRM: one backbone reads the criteria, the query and the answer (``bt``) or both answers
(``cls``) in one sequence; the pooled state goes through the linear head."""

from __future__ import annotations

import torch
from transformers import AutoModel, PreTrainedModel

from .backbones import padded_to_width_multiple, pool
from .configuration_crm import CRMConfig
from .reward_model import RewardModel


class CrossEncoderCRM(RewardModel):
    """``forward`` returns (batch, 1) scores (``bt``) or (batch, 2) logits (``cls``)."""

    def __init__(self, config: CRMConfig, backbone: PreTrainedModel | None = None):
        backbone = backbone if backbone is not None else AutoModel.from_config(config.part_config("backbone"))
        super().__init__(config, backbone, backbone.config.hidden_size)
        self.post_init()

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor | None = None
    ) -> torch.Tensor:
        rows = padded_to_width_multiple(
            *(row for row in (input_ids, attention_mask, token_type_ids) if row is not None)
        )
        out = self._encode(self.backbone, *rows)
        # Pooling and head run outside autocast: a bf16 score has 8 mantissa bits, so close pairs would tie.
        with torch.autocast(input_ids.device.type, enabled=False):
            hidden = out.last_hidden_state.to(self.score.weight.dtype)
            return self.score(self.dropout(pool(hidden, rows[1], self.pooling)))


CrossEncoderCRM.register_for_auto_class("AutoModel")
