"""A CRM's transformers config: what ``AutoConfig`` reads from an export's ``config.json``.

It holds the CRM's settings as the project writes them (``crm``: the head, the model spec, the length
budget; :class:`crm.export.artifact.CRMSettings`), the config of each backbone the CRM wraps, and the
few numbers its modules are built from. The modeling files (this one, :mod:`.reward_model` and the
files it imports relatively) need torch and transformers only: an export carries them, and
``AutoModel.from_pretrained(export, trust_remote_code=True)`` loads a CRM where this project is not
installed.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from transformers import AutoConfig, PretrainedConfig


class CRMConfig(PretrainedConfig):
    model_type = "customizable_reward_model"

    def __init__(
        self,
        crm: dict[str, Any] | None = None,
        backbone: dict[str, Any] | None = None,
        answer_tower: dict[str, Any] | None = None,
        head_outputs: int = 1,
        split_criteria: bool = False,
        **kwargs,
    ):
        self.crm = crm or {}  # the CRM's settings (crm.export.artifact.CRMSettings as JSON)
        self.backbone = backbone or {}  # the config of the backbone (a two-tower CRM: its criteria reader)
        self.answer_tower = answer_tower  # a two-tower CRM's answer tower's config; None: one backbone
        self.head_outputs = head_outputs  # numbers the head gives per row (crm.heads.Head.outputs)
        self.split_criteria = split_criteria  # the criteria segment holds each criterion alone (criteria_list rows)
        super().__init__(**kwargs)

    @property
    def spec(self) -> SimpleNamespace:
        """The model spec's fields (crm.models.spec) as attributes."""
        return SimpleNamespace(**self.crm.get("model", {}))

    @property
    def layout_size(self) -> int:
        """How many layout features each row tells the head (crm.data.layout); 0: none."""
        return len(self.crm.get("layout_features") or ())

    def part_config(self, part: str) -> PretrainedConfig:
        """The transformers config of ``backbone`` or ``answer_tower``."""
        fields = dict(getattr(self, part))
        return AutoConfig.for_model(fields.pop("model_type"), **fields)


CRMConfig.register_for_auto_class()
