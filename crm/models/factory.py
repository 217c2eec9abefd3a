"""Build a reward model from its Hydra config: the backbone (pretrained or random), the head, frozen
lower layers, LoRA adapters; and rebuild one from a checkpoint's state dict for export."""

from __future__ import annotations

import logging

import torch
from omegaconf import DictConfig, OmegaConf
from transformers import PreTrainedModel

from crm.data.rendering import CRITERIA_LIST
from crm.models.backbones import freeze_lower, keep_lower_blocks, load_backbone
from crm.models.lora import apply_lora, merge_lora
from crm.models.reward_model import RewardModel

log = logging.getLogger(__name__)


def build_reward_model(model_cfg: DictConfig, head: str, weights: bool = True) -> RewardModel:
    """The configured backbone and head; ``weights=False`` builds the architecture without loading weights."""
    backbone_cfg = model_cfg.backbone

    def as_dict(node: DictConfig | None) -> dict | None:
        return OmegaConf.to_container(node, resolve=True) if node else None

    def load() -> PreTrainedModel:
        return load_backbone(
            pretrained=backbone_cfg.pretrained,
            init_config=as_dict(backbone_cfg.init_config),
            dtype=backbone_cfg.dtype,
            attn_implementation=backbone_cfg.attn_implementation,
            config_overrides=as_dict(backbone_cfg.get("config_overrides")),
            weights=weights,
        )

    def answer_tower() -> PreTrainedModel | None:
        """A frozen copy of the pretrained backbone; ``answer_layers`` keeps only its lowest blocks."""
        if not model_cfg.get("answer_tower"):
            return None
        layers = model_cfg.get("answer_layers")
        return keep_lower_blocks(load(), layers) if layers else load()

    backbone = load()
    model = RewardModel(
        backbone, head=head, pooling=model_cfg.pooling, dropout=model_cfg.dropout,
        interaction=model_cfg.get("interaction") or 0,
        answer_tower=answer_tower(),
        criteria_classes=model_cfg.get("criteria_classes") or 0,
        answer_attention=model_cfg.get("answer_attention") or 0,
        answer_layout=bool(model_cfg.get("answer_layout")),
        criteria_scale=model_cfg.get("criteria_scale"),
        split_criteria=model_cfg.get("input_format") == CRITERIA_LIST,
        query_interaction=model_cfg.get("query_interaction") or 0,
        degenerate_gate=model_cfg.get("degenerate_gate") or 0.0,
    )  # fmt: skip
    freeze = model_cfg.get("freeze") or {}
    if freeze:
        frozen = freeze_lower(backbone, freeze.get("embeddings", False), freeze.get("layers", 0))
        if freeze.get("layers") == "all" and model.criteria_classifier is not None:
            model.criteria_classifier.requires_grad_(False)  # part of the reader: held fixed with it
        log.info("froze %.1fM backbone parameters (%s)", frozen / 1e6, dict(freeze))
    if model_cfg.gradient_checkpointing:
        model.enable_gradient_checkpointing()
    return model


def model_from_state(cfg: DictConfig, state: dict[str, torch.Tensor], source: str) -> RewardModel:
    """The configured architecture (LoRA merged) loaded from a LightningModule state dict; every
    backbone and head weight must be there."""
    weights = {k.removeprefix("model."): v for k, v in state.items() if k.startswith("model.")}
    model = apply_lora(build_reward_model(cfg.model, cfg.loss.head, weights=False), cfg.get("peft"))
    missing, unexpected = model.load_state_dict(weights, strict=False)
    if missing or unexpected:
        raise ValueError(
            f"{source}: the weights do not match the configured model "
            f"(missing: {missing[:5]}{'...' if len(missing) > 5 else ''}; unexpected: {unexpected[:5]})"
        )
    return merge_lora(model)
