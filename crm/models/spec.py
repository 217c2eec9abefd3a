"""What a CRM's model is: one dataclass per architecture. Each is the schema of ``cfg.model`` (Hydra's
ConfigStore, :func:`register_model_specs`), the argument of the model's constructor, and the export's
model config, read back by ``load_crm``: an option is one field here, with its one-line doc, used
where it acts. No torch here: the leaderboard reads an export's spec without loading a model.

(No ``from __future__ import annotations``: OmegaConf reads these annotations as types.)
"""

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from omegaconf import MISSING

from crm.data.degenerate import FIRST_LEARNED_KINDS, LEARNABLE_KINDS


@dataclass
class BackboneSpec:
    pretrained: str | None = None  # hub id or local directory of the weights; None: random weights
    init_config: dict[str, Any] | None = None  # the transformers config random weights are built from
    dtype: str | None = None  # the weights' dtype; None: fp32 master weights (compute: trainer.precision)
    attn_implementation: str | None = "sdpa"  # eager, sdpa or flash_attention_2 (crm.precision picks for CPUs)
    config_overrides: dict[str, Any] | None = None  # set on the loaded config (dropout probabilities, ...)


@dataclass
class FreezeSpec:
    embeddings: bool = False  # the embeddings never train
    layers: Any = 0  # the lowest N transformer blocks never train; "all": no weight of the backbone trains


@dataclass
class ModelSpec:
    """What every architecture has: a backbone read through a tokenizer, pooled into a linear score."""

    name: str = MISSING  # the preset's name, as run reports and tables give it
    architecture: str = MISSING  # cross_encoder or two_tower (SPECS)
    backbone: BackboneSpec = field(default_factory=BackboneSpec)
    tokenizer: Any = None  # a Hydra `_target_` node that builds the tokenizer (crm.models.tokenizers)
    input_format: str = "chat"  # how criteria, query and answer become tokens (crm.data.rendering)
    pooling: str = "last"  # how the backbone's states become one vector: last, first or mean (backbones.pool)
    dropout: float = 0.0  # on the pooled vector before the score
    gradient_checkpointing: bool = False  # recompute activations in the backward pass: less memory
    freeze: FreezeSpec = field(default_factory=FreezeSpec)


@dataclass
class CrossEncoderSpec(ModelSpec):
    """The paper's CRM: one sequence holds the criteria, the query and the answer(s) (crm.models.cross_encoder)."""

    architecture: str = "cross_encoder"


@dataclass
class TwoTowerSpec(ModelSpec):
    """The CPU CRM: a trainable criteria reader and a frozen answer tower meet in the head (crm.models.two_tower)."""

    architecture: str = "two_tower"
    input_format: str = "criteria_list"
    pooling: str = "mean"
    interaction: int = 64  # rank of the bilinear criteria x answer term
    answer_layers: int | None = None  # the answer tower keeps its lowest N blocks; None: every block
    # the criteria reader's own weights, read through a map from the rows' vocabulary (the backbone's, which
    # the answer tower keeps: crm.models.tokenizers.vocabulary_map); None: the backbone reads the criteria
    reader: BackboneSpec | None = None
    criteria_classes: int = 0  # classes of the reader's (family, polarity) classifier; 0: none
    criteria_scale: float | None = None  # the classifier is a cosine one of this scale; None: linear
    answer_attention: int = 0  # heads through which the criteria choose where to look in the answer
    token_window: int = 1  # the attention reads the means of this many consecutive tokens' states
    token_bits: int = 16  # and keeps each in 16 (bf16) or 8 (int8 and a scale) bits (crm.models.token_states)
    answer_layout: bool = False  # the answer's markdown layout told to the head (crm.data.layout)
    query_interaction: int = 0  # rank of the bilinear query x answer term; 0: the query is never read
    degenerate_gate: float = 0.0  # margin of the degenerate gate (crm.models.head_terms.DegenerateGate); 0: none
    degenerate_kinds: list[str] = field(default_factory=lambda: list(LEARNABLE_KINDS))  # a classifier each
    quality_term: bool = False  # a fitted query-aware quality term the criteria weigh (head_terms.QualityTerm)


SPECS: dict[str, type] = {"cross_encoder": CrossEncoderSpec, "two_tower": TwoTowerSpec}
AnySpec = CrossEncoderSpec | TwoTowerSpec


def spec_from_dict(fields: dict[str, Any]) -> AnySpec:
    """A spec from its JSON form (an export's ``model``); ValueError naming an unknown architecture or field."""
    fields = dict(fields)
    architecture = fields.get("architecture")
    if architecture not in SPECS:
        raise ValueError(f"unknown architecture {architecture!r}; expected one of {tuple(SPECS)}")
    kind = SPECS[architecture]
    known = {f.name for f in dataclasses.fields(kind)}
    if unknown := sorted(set(fields) - known):
        raise ValueError(f"unknown {architecture} field(s) {', '.join(unknown)}")
    if architecture == "two_tower" and "degenerate_kinds" not in fields:  # written before the field
        fields["degenerate_kinds"] = list(FIRST_LEARNED_KINDS)
    fields["backbone"] = BackboneSpec(**(fields.get("backbone") or {}))
    fields["freeze"] = FreezeSpec(**(fields.get("freeze") or {}))
    if fields.get("reader") is not None:
        fields["reader"] = BackboneSpec(**fields["reader"])
    return kind(**fields)


def spec_from_config(model_cfg) -> AnySpec:
    """The spec of a composed ``cfg.model``, resolved; also of a run's saved config from before the spec
    (no ``architecture``: its ``answer_tower`` switch said which, its unused options were zero)."""
    from omegaconf import OmegaConf

    fields = OmegaConf.to_container(model_cfg, resolve=True)
    if "architecture" not in fields:
        fields["architecture"] = "two_tower" if fields.pop("answer_tower", False) else "cross_encoder"
        known = {f.name for f in dataclasses.fields(SPECS[fields["architecture"]])}
        fields = {k: v for k, v in fields.items() if k in known or v}  # an option it had no use for: dropped
    return spec_from_dict(fields)


def register_model_specs() -> None:
    """The model presets' schemas (``defaults: [two_tower_spec]`` in conf/model/*.yaml): a misspelt or
    mistyped option fails when the config is composed, naming the key."""
    from hydra.core.config_store import ConfigStore

    store = ConfigStore.instance()
    for architecture, kind in SPECS.items():
        store.store(group="model", name=f"{architecture}_spec", node=kind)
