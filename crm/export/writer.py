"""Write a trained reward model as an export directory: a transformers checkpoint (``save_pretrained``:
config, weights, the modeling files, the tokenizer) and its model card. Layout and settings:
:mod:`crm.export.artifact`; loading and scoring: :mod:`crm.inference`."""

from __future__ import annotations

import dataclasses
import json
from importlib.resources import files
from pathlib import Path

import yaml

from crm.export.artifact import FORMAT_VERSION, CRMSettings
from crm.heads import head_named
from crm.inference import scoring_renderer
from crm.models.reward_model import RewardModel
from crm.outputs import complete_directory


def export_crm(out_dir: str | Path, model: RewardModel, tokenizer, settings: CRMSettings) -> Path:
    limits = scoring_renderer(tokenizer, settings, model.backbone.config).criteria_limits()
    settings = dataclasses.replace(settings, criteria_limits=limits, format_version=FORMAT_VERSION)
    model.config.crm = json.loads(settings.to_json())
    with complete_directory(out_dir) as partial:  # whole or absent: a killed export leaves the earlier one
        model.save_pretrained(partial)
        tokenizer.save_pretrained(partial)
        (partial / "README.md").write_text(model_card(settings, Path(out_dir).name))
    return Path(out_dir)


def model_card(settings: CRMSettings, directory: str) -> str:
    """The export's README.md: what the CRM is, how to load it and give it criteria, its data's licences."""
    here = files("crm.export")
    licences = yaml.safe_load(here.joinpath("source_licences.yaml").read_text())
    sources = settings.sources or []
    lines = [f"- `{source}`: {licences.get(source, 'see docs/DATA.md')}" for source in sources]
    head = head_named(settings.head)
    limits = settings.criteria_limits or {}
    return (
        here.joinpath("model_card.md")
        .read_text()
        .format(
            name=settings.model.name,
            architecture=settings.model.architecture.replace("_", "-"),
            head=settings.head,
            head_meaning="one reward per answer" if head.judges_alone else "a logit per answer of a pair",
            outputs="a reward per row" if head.judges_alone else "two logits per row (a pair, in order)",
            directory=directory,
            criteria_tokens=limits.get("tokens", "?"),
            criteria_characters=limits.get("characters", "?"),
            max_response_tokens=settings.max_response_tokens or settings.max_length,
            licences="\n".join(lines) or "Not recorded.",
        )
    )
