"""Build a CRM from its model spec (:mod:`crm.models.spec`): the architecture's class from the registry,
its backbones (pretrained or random), frozen lower layers, LoRA adapters; and rebuild one from a
checkpoint's state dict for export."""

from __future__ import annotations

import dataclasses
import logging

import torch
from omegaconf import DictConfig
from transformers import PretrainedConfig, PreTrainedModel

from crm.data.degenerate import LEARNABLE_KINDS
from crm.data.row_format import CRITERIA_LIST
from crm.heads import head_named
from crm.models.attention import inference_attention
from crm.models.backbones import keep_lower_blocks, load_backbone
from crm.models.configuration_crm import CRMConfig
from crm.models.cross_encoder import CrossEncoderCRM
from crm.models.lora import apply_lora, merge_lora
from crm.models.reward_model import RewardModel
from crm.models.spec import AnySpec, spec_from_config
from crm.models.tokenizer_parsing import pretrained_tokenizer
from crm.models.tokenizers import vocabulary_map
from crm.models.two_tower import TwoTowerCRM

log = logging.getLogger(__name__)

ARCHITECTURES: dict[str, type[RewardModel]] = {"cross_encoder": CrossEncoderCRM, "two_tower": TwoTowerCRM}


def model_spec(model: AnySpec | DictConfig) -> AnySpec:
    """A spec, given one or a composed ``cfg.model``."""
    return model if dataclasses.is_dataclass(model) else spec_from_config(model)


def crm_config(spec: AnySpec, head: str, backbone: PretrainedConfig, answer_tower: PretrainedConfig | None = None):
    """The transformers config of the CRM ``spec`` describes, with ``head``, around backbones of these
    configs; the export adds the rest of its settings (crm.export.writer)."""
    if answer_tower is not None and not head_named(head).judges_alone:
        raise ValueError("a two-tower CRM scores each answer alone: it needs the pointwise bt head (head=bt)")
    kinds = getattr(spec, "degenerate_kinds", None)
    if getattr(spec, "degenerate_gate", 0) and (not kinds or any(kind not in LEARNABLE_KINDS for kind in kinds)):
        raise ValueError(f"degenerate gate kinds {kinds}: at least one, each of {', '.join(LEARNABLE_KINDS)}")
    layout = None
    if getattr(spec, "answer_layout", False):
        from crm.data.layout import LAYOUT_FEATURES  # the parsers load only for a CRM told layouts

        layout = list(LAYOUT_FEATURES)
    settings = {"head": head, "model": dataclasses.asdict(spec), "layout_features": layout}
    return CRMConfig(
        crm=settings,
        backbone=backbone.to_dict(),
        answer_tower=None if answer_tower is None else answer_tower.to_dict(),
        head_outputs=head_named(head).outputs,
        split_criteria=spec.input_format == CRITERIA_LIST,
    )


def assemble(spec: AnySpec, head: str, backbone) -> RewardModel:
    """The architecture of ``spec`` around the backbones ``backbone(role)`` gives ("backbone", "answer_tower")."""
    parts = {"backbone": backbone("backbone")}
    if spec.architecture == "two_tower":
        parts["answer_tower"] = backbone("answer_tower")
    config = crm_config(spec, head, *(part.config for part in parts.values()))
    return ARCHITECTURES[spec.architecture](config, **parts)


def build_reward_model(model: AnySpec | DictConfig, head: str, weights: bool = True) -> RewardModel:
    """The CRM a spec describes, its backbones loaded (``weights=False``: the architecture without weights),
    frozen and checkpointed as it says."""
    spec = model_spec(model)
    reader = getattr(spec, "reader", None)  # a two-tower CRM's criteria reader of its own
    if weights and reader is not None and not (spec.backbone.pretrained and reader.pretrained):
        raise ValueError(
            "a criteria reader of its own maps the backbone's tokenizer to its own: both need `pretrained`"
        )

    def load(role: str) -> PreTrainedModel:
        backbone = reader if role == "backbone" and reader is not None else spec.backbone
        attention = backbone.attn_implementation
        loaded = load_backbone(
            pretrained=backbone.pretrained,
            init_config=backbone.init_config,
            dtype=backbone.dtype,
            attn_implementation=inference_attention(attention) if role == "answer_tower" else attention,
            config_overrides=backbone.config_overrides,
            weights=weights,
        )
        layers = getattr(spec, "answer_layers", None)  # the answer tower keeps its lowest blocks
        return keep_lower_blocks(loaded, layers) if role == "answer_tower" and layers else loaded

    model = assemble(spec, head, load)
    if weights and reader is not None:
        rows, own = (pretrained_tokenizer(b.pretrained) for b in (spec.backbone, reader))
        model.reader_vocabulary.fill(vocabulary_map(rows, own))
    freeze = spec.freeze
    if freeze.embeddings or freeze.layers:
        frozen = model.freeze(freeze.embeddings, freeze.layers)
        log.info("froze %.1fM backbone parameters (%s)", frozen / 1e6, dataclasses.asdict(freeze))
    if spec.gradient_checkpointing:
        model.enable_gradient_checkpointing()
    return model


def configured_model(cfg: DictConfig, weights: bool = True) -> RewardModel:
    """The CRM a run's config describes (:func:`build_reward_model` of ``cfg.model`` with its head), with
    LoRA where ``cfg.peft`` asks for it."""
    return apply_lora(build_reward_model(cfg.model, cfg.loss.head, weights=weights), cfg.get("peft"))


def model_from_state(cfg: DictConfig, state: dict[str, torch.Tensor], source: str) -> RewardModel:
    """The configured architecture (LoRA merged) loaded from a LightningModule state dict; every
    backbone and head weight must be there."""
    weights = {k.removeprefix("model."): v for k, v in state.items() if k.startswith("model.")}
    model = configured_model(cfg, weights=False)
    missing, unexpected = model.load_state_dict(weights, strict=False)
    if missing or unexpected:
        raise ValueError(
            f"{source}: the weights do not match the configured model "
            f"(missing: {missing[:5]}{'...' if len(missing) > 5 else ''}; unexpected: {unexpected[:5]})"
        )
    return merge_lora(model)
