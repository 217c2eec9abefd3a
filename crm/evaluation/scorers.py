"""Things that judge answer pairs: a trained CRM, an external reward model, and length rules.

Every scorer maps samples to :class:`PairScores`, so the harness treats them alike and reference
rows are computed on exactly the data the CRM sees.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
import torch

from crm.data.row_format import SampleTooLong, criteria_block
from crm.data.schema import PreferenceSample
from crm.devices import ONE_DEVICE, Devices
from crm.evaluation.metrics import PairScores
from crm.export.artifact import CONFIG_NAME, resolve_export
from crm.inference import CRM, load_crm, score_batches
from crm.precision import InferencePlan, inference_plan

log = logging.getLogger(__name__)


class Scorer(Protocol):
    name: str
    criteria_aware: bool

    def score(self, samples: Sequence[PreferenceSample], progress: bool = False) -> PairScores: ...


def unscorable(scorer: Scorer, samples: Sequence[PreferenceSample]) -> dict[int, str]:
    """Index -> reason for the samples ``scorer`` cannot judge (most scorers judge everything)."""
    check = getattr(scorer, "unscorable", None)
    return check(samples) if check is not None else {}


def answer_length(messages: Sequence[dict[str, str]]) -> int:
    """Characters in all assistant turns of one side's conversation."""
    return sum(len(m["content"]) for m in messages if m["role"] == "assistant")


class LengthScorer:
    """Reference rule: the longer (or shorter) answer wins; equal lengths are a tie."""

    criteria_aware = False

    def __init__(self, prefer: str = "longer"):
        if prefer not in ("longer", "shorter"):
            raise ValueError(f"prefer must be 'longer' or 'shorter', got {prefer!r}")
        self.prefer = prefer
        self.name = f"{prefer} wins"

    def score(self, samples: Sequence[PreferenceSample], progress: bool = False) -> PairScores:
        diff = np.array([answer_length(s.model_a) - answer_length(s.model_b) for s in samples], dtype=np.float64)
        sign = np.sign(diff) if self.prefer == "longer" else -np.sign(diff)
        return PairScores(prob_a=(sign + 1.0) / 2.0)


class CRMScorer:
    """A trained CRM. ``cls`` judges both orders and averages them; ``bt`` scores each answer once."""

    criteria_aware = True

    def __init__(self, crm: CRM, name: str = "CRM", batch_size: int = 32):
        self.crm = crm
        self.name = name
        self.batch_size = batch_size

    def unscorable(self, samples: Sequence[PreferenceSample]) -> dict[int, str]:
        """Samples whose criteria this CRM cannot read: with them no query or answer fits its length."""
        reasons: dict[tuple[str, ...], str | None] = {}
        out = {}
        for i, sample in enumerate(samples):
            key = tuple(sample.criteria)
            if key not in reasons:
                try:
                    self.crm.check_criteria(sample.criteria)
                    reasons[key] = None
                except SampleTooLong as err:
                    reasons[key] = str(err)
            if reasons[key] is not None:
                out[i] = reasons[key]
        return out

    def score(self, samples: Sequence[PreferenceSample], progress: bool = False) -> PairScores:
        if self.crm.head.judges_alone:  # each answer scored alone: the same judgement in either order
            rewards = self.crm.raw_scores(samples, self.batch_size, progress).double().numpy()
            margin = rewards[:, 0] - rewards[:, 1]
            p = self.crm.head.pair_probability(margin)  # a tie-aware head counts a tie half to each side
            return PairScores(p, margin, p, p)
        both = list(samples) + [s.swapped() for s in samples]  # one length-sorted pass over both orders
        logits = self.crm.raw_scores(both, self.batch_size, progress).double().numpy()
        forward, backward = logits[: len(samples)], logits[len(samples) :]
        return PairScores.from_both_orders(forward[:, 0] - forward[:, 1], backward[:, 1] - backward[:, 0])


class HFRewardModelScorer:
    """A Hugging Face sequence-classification reward model (``num_labels == 1``) scoring each answer alone.

    It is criteria-agnostic unless ``criteria_in_system`` puts the criteria in a system message.
    Conversations go through the tokenizer's chat template when it has one, else "role: text" lines.
    Sequences longer than ``max_length`` keep their end (where the model pools) and are counted.
    """

    def __init__(
        self,
        path: str | Path,
        name: str | None = None,
        batch_size: int = 16,
        max_length: int = 2048,
        criteria_in_system: bool = False,
        plan: InferencePlan | None = None,
    ):
        from transformers import AutoModelForSequenceClassification

        from crm.models.tokenizer_parsing import pretrained_tokenizer

        self.path = Path(path)
        self.plan = plan or InferencePlan("cpu")
        dtype = torch.bfloat16 if self.plan.bf16_weights else None
        self.model = (
            AutoModelForSequenceClassification.from_pretrained(self.path, dtype=dtype).to(self.plan.device).eval()
        )
        if self.model.config.num_labels != 1:
            raise ValueError(f"{self.path}: a reward model needs num_labels == 1, found {self.model.config.num_labels}")
        self.tokenizer = pretrained_tokenizer(self.path)
        self.tokenizer.truncation_side = "left"
        self.tokenizer.padding_side = "right"
        self.name = name or self.path.name
        self.criteria_aware = criteria_in_system
        self.max_length = max_length
        # Without a pad token the model cannot find each row's last token in a padded batch: score one by one.
        self.batch_size = batch_size if self.model.config.pad_token_id is not None else 1
        if self.tokenizer.pad_token is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token or self.tokenizer.unk_token
        self.truncated = 0

    def render(self, messages: Sequence[dict[str, str]], criteria: Sequence[str]) -> str:
        if self.criteria_aware and criteria:
            messages = [{"role": "system", "content": criteria_block(criteria)}, *messages]
        if self.tokenizer.chat_template:
            return self.tokenizer.apply_chat_template(list(messages), tokenize=False)
        return "\n\n".join(f"{m['role']}: {m['content']}" for m in messages)

    @torch.no_grad()
    def rewards(self, texts: Sequence[str], progress: bool = False) -> np.ndarray:
        ids = [self.tokenizer(t, add_special_tokens=not self.tokenizer.chat_template)["input_ids"] for t in texts]
        too_long = sum(len(i) > self.max_length for i in ids)
        if too_long:
            log.warning(
                "%s: %d sequences were longer than %d tokens and kept their end", self.name, too_long, self.max_length
            )
        self.truncated += too_long
        rows = [{"input_ids": i[-self.max_length :]} for i in ids]
        logits = score_batches(
            rows, self.tokenizer, lambda **batch: self.model(**batch).logits, self.plan, self.batch_size, progress
        )
        return logits[:, 0].double().numpy()

    def score(self, samples: Sequence[PreferenceSample], progress: bool = False) -> PairScores:
        texts = [self.render(side, s.criteria) for s in samples for side in (s.model_a, s.model_b)]
        rewards = self.rewards(texts, progress).reshape(len(samples), 2)
        return PairScores.from_margins(rewards[:, 0] - rewards[:, 1])


def is_crm(path: Path) -> bool:
    try:
        resolve_export(path)
    except FileNotFoundError:
        return False
    return True


def is_hf_reward_model(path: str | Path) -> bool:
    config = Path(path) / "config.json"
    if not config.exists():
        return False
    architectures = json.loads(config.read_text()).get("architectures") or []
    return any(a.endswith("ForSequenceClassification") for a in architectures)


def load_scorer(
    path: str | Path,
    name: str | None = None,
    batch_size: int = 32,
    device: str = "auto",
    criteria_in_system: bool = False,
    max_length: int = 2048,
    precision: str = "auto",
    engine: str = "torch",
    devices: Devices = ONE_DEVICE,
) -> Scorer:
    """A CRM (export or training run directory) or a Hugging Face sequence-classification reward model;
    a CRM scores over ``devices`` (:mod:`crm.devices`), a Hugging Face reward model on one."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no such model directory: {path}")
    if is_crm(path):
        return CRMScorer(load_crm(path, device, precision, engine, devices), name or "CRM", batch_size)
    if is_hf_reward_model(path):
        plan = inference_plan(device, precision)
        return HFRewardModelScorer(path, name, batch_size, max_length, criteria_in_system, plan)
    raise ValueError(
        f"{path} is neither a CRM (export or run directory with {CONFIG_NAME}) "
        "nor a Hugging Face sequence-classification model (config.json with a *ForSequenceClassification architecture)"
    )
