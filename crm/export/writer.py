"""Write a trained reward model as a self-contained export directory (layout and settings:
:mod:`crm.export.artifact`; loading and scoring: :mod:`crm.inference`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from safetensors.torch import save_file

from crm.export.artifact import CONFIG_NAME, FORMAT_VERSION, CRMSettings
from crm.inference import scoring_renderer
from crm.models.reward_model import RewardModel
from crm.models.two_tower import TwoTowerCRM


def export_crm(out_dir: str | Path, model: RewardModel, tokenizer, settings: CRMSettings) -> Path:
    limits = scoring_renderer(tokenizer, settings, model.backbone.config).criteria_limits()
    settings = dataclasses.replace(settings, criteria_limits=limits, format_version=FORMAT_VERSION)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.backbone.save_pretrained(out_dir / "backbone")
    if isinstance(model, TwoTowerCRM):
        model.answer_tower.save_pretrained(out_dir / "answer_tower")
    tokenizer.save_pretrained(out_dir / "tokenizer")
    save_file(
        {k: v.detach().cpu().contiguous() for k, v in model.head_state_dict().items()}, out_dir / "head.safetensors"
    )
    (out_dir / CONFIG_NAME).write_text(settings.to_json())
    return out_dir
