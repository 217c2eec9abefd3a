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
from crm.outputs import complete_directory


def export_crm(out_dir: str | Path, model: RewardModel, tokenizer, settings: CRMSettings) -> Path:
    limits = scoring_renderer(tokenizer, settings, model.backbone.config).criteria_limits()
    settings = dataclasses.replace(settings, criteria_limits=limits, format_version=FORMAT_VERSION)
    with complete_directory(out_dir) as partial:  # whole or absent: a killed export leaves the earlier one
        model.backbone.save_pretrained(partial / "backbone")
        if isinstance(model, TwoTowerCRM):
            model.answer_tower.save_pretrained(partial / "answer_tower")
        tokenizer.save_pretrained(partial / "tokenizer")
        head = {k: v.detach().cpu().contiguous() for k, v in model.head_state_dict().items()}
        save_file(head, partial / "head.safetensors")
        (partial / CONFIG_NAME).write_text(settings.to_json())
    return Path(out_dir)
