"""The self-contained export directory and the one call that loads it: :func:`load_crm`.

Layout::

    export/
      crm_config.json      head, pooling, input format, length budget, format version
      head.safetensors     the reward head
      backbone/            transformers ``save_pretrained`` of the backbone
      tokenizer/           the tokenizer, chat template included

Loading needs neither Hydra nor this project's configs, only ``crm`` and transformers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file
from tqdm.auto import tqdm
from transformers import AutoModel, AutoTokenizer

from crm.data.rendering import Renderer
from crm.data.schema import PreferenceSample
from crm.models.reward_model import RewardModel

FORMAT_VERSION = 1
CONFIG_NAME = "crm_config.json"


@dataclass
class CRMSettings:
    head: str
    pooling: str
    input_format: str
    max_length: int
    max_response_tokens: int | None = None
    max_query_tokens: int | None = None
    format_version: int = FORMAT_VERSION

    @classmethod
    def from_config(cls, cfg) -> CRMSettings:
        """The settings of a run composed from conf/train.yaml (or its saved .hydra/config.yaml)."""
        return cls(
            head=cfg.loss.head,
            pooling=cfg.model.pooling,
            input_format=cfg.model.input_format,
            max_length=cfg.data.max_length,
            max_response_tokens=cfg.data.max_response_tokens,
            max_query_tokens=cfg.data.get("max_query_tokens"),
        )


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


class CRM:
    """A loaded customizable reward model: scores answer pairs under criteria."""

    def __init__(self, model: RewardModel, tokenizer, settings: CRMSettings, autocast_bf16: bool = False):
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.settings = settings
        self.autocast_bf16 = autocast_bf16  # bf16 matmuls with fp32 weights, as in bf16-mixed training
        self.renderer = Renderer(
            tokenizer,
            settings.head,
            settings.input_format,
            settings.max_length,
            settings.max_response_tokens,
            truncate_query=True,
            max_query_tokens=settings.max_query_tokens,
            drop_earlier_turns=True,
        )

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

    def prob_a(self, samples: Sequence[PreferenceSample], batch_size: int = 32) -> torch.Tensor:
        """p(the user prefers A over B | criteria) for each sample."""
        scores = self.raw_scores(samples, batch_size)
        return torch.sigmoid(scores[:, 0] - scores[:, 1])


def read_settings(export_dir: str | Path) -> CRMSettings:
    """The settings of an export directory (head, pooling, ...) without loading any weights."""
    path = Path(export_dir) / CONFIG_NAME
    if not path.exists():
        raise FileNotFoundError(f"{export_dir} is not a CRM export directory (no {CONFIG_NAME})")
    settings = CRMSettings(**json.loads(path.read_text()))
    if settings.format_version > FORMAT_VERSION:
        raise ValueError(f"{export_dir}: export format {settings.format_version} is newer than this crm supports")
    return settings


def load_crm(
    path: str | Path,
    device: str | torch.device | None = None,
    dtype: torch.dtype | None = None,
    autocast_bf16: bool = False,
) -> CRM:
    """Load an export directory (or a training run directory containing ``export/``).

    ``dtype`` casts the weights (bf16 on GPUs); ``autocast_bf16`` keeps fp32 weights and runs matmuls
    in bf16, the fast path on CPUs with native bf16.
    """
    path = Path(path)
    if not (path / CONFIG_NAME).exists() and (path / "export" / CONFIG_NAME).exists():
        path = path / "export"
    if not (path / CONFIG_NAME).exists():
        raise FileNotFoundError(f"{path} is not a CRM export directory (no {CONFIG_NAME})")
    settings = read_settings(path)
    backbone = AutoModel.from_pretrained(path / "backbone", dtype=dtype)
    tokenizer = AutoTokenizer.from_pretrained(path / "tokenizer")
    model = RewardModel(backbone, settings.head, settings.pooling)
    model.score.load_state_dict(load_file(path / "head.safetensors"))  # the head stays fp32 (see RewardModel)
    return CRM(model.to(device or "cpu"), tokenizer, settings, autocast_bf16)
