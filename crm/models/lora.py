"""LoRA adapters on the backbone through peft; the reward head stays fully trainable.

The head lives outside the backbone, so wrapping only the backbone freezes its weights and trains
its adapters while every head parameter keeps training. Exports merge the adapters into the
backbone weights (``merge_and_unload``): an export directory always holds a plain transformers
backbone that loads without peft.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crm.models.reward_model import RewardModel


def apply_lora(model: RewardModel, peft_cfg: Mapping[str, Any] | None) -> RewardModel:
    """Wrap ``model.backbone`` with LoRA adapters when ``peft_cfg.enabled``; returns the model."""
    if not peft_cfg or not peft_cfg.get("enabled", False):
        return model
    try:
        from peft import LoraConfig, get_peft_model
    except ImportError as err:
        raise ImportError("peft=lora needs the peft package: pip install -e '.[peft]'") from err
    target = peft_cfg["target_modules"]
    config = LoraConfig(
        r=peft_cfg["r"],
        lora_alpha=peft_cfg["lora_alpha"],
        lora_dropout=peft_cfg["lora_dropout"],
        target_modules=target if isinstance(target, str) else list(target),
        bias=peft_cfg.get("bias", "none"),
    )
    model.backbone = get_peft_model(model.backbone, config)
    return model


def merge_lora(model: RewardModel) -> RewardModel:
    """Fold the adapters into the backbone weights (in place); a no-op without LoRA."""
    if hasattr(model.backbone, "merge_and_unload"):
        model.backbone = model.backbone.merge_and_unload()
    return model
