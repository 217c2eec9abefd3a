"""Writing an export directory (:func:`export_crm`) and scoring with it: :func:`load_crm` gives a
:class:`CRM`. The directory's layout and settings live in :mod:`crm.artifact`, which needs no torch.

Loading needs neither Hydra nor this project's configs, only ``crm`` and transformers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file
from tqdm.auto import tqdm
from transformers import AutoConfig, AutoModel, AutoTokenizer

from crm.artifact import CONFIG_NAME, CRMSettings, ExportError, read_settings, resolve_export
from crm.data.rendering import Renderer
from crm.data.schema import PreferenceSample
from crm.models.reward_model import RewardModel
from crm.stats import sigmoid


def export_crm(out_dir: str | Path, model: RewardModel, tokenizer, settings: CRMSettings) -> Path:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.backbone.save_pretrained(out_dir / "backbone")
    tokenizer.save_pretrained(out_dir / "tokenizer")
    save_file(
        {k: v.detach().cpu().contiguous() for k, v in model.score.state_dict().items()}, out_dir / "head.safetensors"
    )
    (out_dir / CONFIG_NAME).write_text(json.dumps(settings.__dict__, indent=2) + "\n")
    return out_dir


def scoring_renderer(tokenizer, settings: CRMSettings, backbone_config) -> Renderer:
    """How a CRM renders what it scores. Long criteria may lengthen a sequence up to twice the trained
    length, within the backbone's positions; long queries and earlier turns are shortened instead."""
    positions = getattr(backbone_config, "max_position_embeddings", None) or settings.max_length
    return Renderer(
        tokenizer,
        settings.head,
        settings.input_format,
        settings.max_length,
        settings.max_response_tokens,
        truncate_query=True,
        max_query_tokens=settings.max_query_tokens,
        drop_earlier_turns=True,
        length_limit=min(positions, 2 * settings.max_length),
    )


def load_scoring_renderer(path: str | Path) -> Renderer:
    """A CRM's renderer from its tokenizer and backbone config alone, without its weights: enough to
    check criteria against its limits in a fraction of a second."""
    path = resolve_export(path)
    return scoring_renderer(
        AutoTokenizer.from_pretrained(path / "tokenizer"),
        read_settings(path),
        AutoConfig.from_pretrained(path / "backbone"),
    )


class CRM:
    """A loaded customizable reward model: scores answer pairs under criteria."""

    def __init__(self, model: RewardModel, tokenizer, settings: CRMSettings, autocast_bf16: bool = False):
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.settings = settings
        self.autocast_bf16 = autocast_bf16  # bf16 matmuls with fp32 weights, as in bf16-mixed training
        self.renderer = scoring_renderer(tokenizer, settings, model.backbone.config)

    def check_criteria(self, criteria: Sequence[str]) -> None:
        """Raise :class:`~crm.data.rendering.CriteriaTooLong` (limit in tokens and characters) before scoring."""
        self.renderer.check_criteria(criteria)

    def criteria_limits(self) -> dict[str, int]:
        """The most criteria this CRM reads: tokens, and about as many characters of typical English."""
        return self.renderer.criteria_limits()

    @property
    def device(self) -> torch.device:
        return next(self.model.parameters()).device

    @torch.no_grad()
    def run_rows(self, encodings: Sequence, batch_size: int = 32, progress: bool = False) -> torch.Tensor:
        """Model outputs for encoded rows: batched, length-sorted (less padding), without gradients."""
        order = sorted(range(len(encodings)), key=lambda i: len(encodings[i].input_ids))
        outputs = torch.empty(len(encodings), 2 if self.settings.head == "cls" else 1)
        starts = range(0, len(order), batch_size)
        for start in tqdm(starts, desc="scoring", unit="batch", disable=not progress):
            index = order[start : start + batch_size]
            batch = self.tokenizer.pad([encodings[i].features() for i in index], return_tensors="pt")
            batch = {k: v.to(self.device) for k, v in batch.items()}
            with torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=self.autocast_bf16):
                outputs[index] = self.model(**batch).float().cpu()
        return outputs

    def raw_scores(
        self, samples: Sequence[PreferenceSample], batch_size: int = 32, progress: bool = False
    ) -> torch.Tensor:
        """``bt``: (N, 2) rewards of A and B. ``cls``: (N, 2) logits for A and B."""
        encodings = [e for s in samples for e in self.renderer.encode_rows(s)]
        return self.run_rows(encodings, batch_size, progress).view(len(samples), 2)

    def answer_rewards(
        self,
        items: Sequence[tuple[Sequence[str], Sequence[dict], str]],
        batch_size: int = 32,
        progress: bool = False,
    ) -> torch.Tensor:
        """``bt`` only: the reward of each (criteria, conversation before the answer, answer), scored alone."""
        if self.settings.head != "bt":
            raise ValueError("answer_rewards needs a pointwise (bt) CRM; a cls CRM judges pairs (use prob_a)")
        encodings = [self.renderer.encode(criteria, history, [answer]) for criteria, history, answer in items]
        return self.run_rows(encodings, batch_size, progress).view(-1)

    def prob_a(self, samples: Sequence[PreferenceSample], batch_size: int = 32) -> np.ndarray:
        """p(the user prefers A over B | criteria) for each sample (float64)."""
        scores = self.raw_scores(samples, batch_size).double().numpy()
        return sigmoid(scores[:, 0] - scores[:, 1])


def _load_head(model: RewardModel, path: Path, settings: CRMSettings) -> None:
    try:
        state = load_file(path)
    except FileNotFoundError:
        raise ExportError(f"{path} is missing: the export is incomplete") from None
    except (SafetensorError, OSError) as err:  # a truncated or garbled file
        raise ExportError(f"{path}: cannot be read ({err}); the file is damaged: export the run again") from None
    try:
        model.score.load_state_dict(state)
    except RuntimeError:
        shapes = {k: tuple(v.shape) for k, v in state.items()}
        raise ExportError(
            f"{path}: weights {shapes} do not fit a {settings.head!r} head on a backbone of hidden size "
            f"{model.backbone.config.hidden_size} (as {path.parent / CONFIG_NAME} says)"
        ) from None


def load_crm(
    path: str | Path,
    device: str | torch.device | None = None,
    dtype: torch.dtype | None = None,
    autocast_bf16: bool = False,
) -> CRM:
    """Load an export directory (or a training run directory containing ``export/``).

    ``dtype`` casts the weights (bf16 on GPUs); ``autocast_bf16`` keeps fp32 weights and runs matmuls
    in bf16, the fast path on CPUs with native bf16. A damaged or mismatched file raises
    :class:`ExportError` naming it.
    """
    path = resolve_export(path)
    settings = read_settings(path)
    try:
        backbone = AutoModel.from_pretrained(path / "backbone", dtype=dtype)
    except (OSError, ValueError, RuntimeError) as err:
        raise ExportError(f"{path / 'backbone'}: cannot load the backbone ({err})") from None
    try:
        tokenizer = AutoTokenizer.from_pretrained(path / "tokenizer")
    except (OSError, ValueError) as err:
        raise ExportError(f"{path / 'tokenizer'}: cannot load the tokenizer ({err})") from None
    model = RewardModel(backbone, settings.head, settings.pooling)
    _load_head(model, path / "head.safetensors", settings)  # the head stays fp32 (see RewardModel)
    return CRM(model.to(device or "cpu"), tokenizer, settings, autocast_bf16)
