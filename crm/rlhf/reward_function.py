"""A CRM as a reward function for RL trainers that call ``f(prompts, completions, **kwargs) -> list[float]``,
TRL's ``GRPOTrainer(reward_funcs=[CRMReward(...)])`` first among them::

    reward = CRMReward("logs/train/runs/<run>", criteria=["Prefer concise answers."])
    trainer = GRPOTrainer(model=policy, reward_funcs=[reward], train_dataset=dataset, args=config)

Criteria are fixed, or per sample from a dataset column (``criteria_column``, default ``criteria``:
a list of lines or one string, one criterion per line), which TRL passes to reward functions.
Prompts and completions may be plain text or conversations (lists of ``{"role", "content"}``); a
system message in the prompt is the policy's, not the user's criteria, and is not shown to the CRM.
A ``bt`` CRM rewards each completion alone; a ``cls`` CRM judges the completions of one prompt
against each other (the round robin of :mod:`crm.scoring.response_sets`), which suits GRPO's groups.
A sample whose criteria the CRM cannot read (too long) gets None, TRL's "no reward for this sample",
with a warning, instead of stopping the training run.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from crm.scoring.response_sets import criteria_lines, group_responses, item_scores, score_or_skip

log = logging.getLogger(__name__)


def _conversation(prompt) -> list[dict[str, str]] | str:
    if isinstance(prompt, str):
        return prompt
    return [{"role": m["role"], "content": m["content"]} for m in prompt if m["role"] != "system"]


def _text(completion) -> str:
    return completion if isinstance(completion, str) else completion[-1]["content"]


class CRMReward:
    """Callable reward: one float per completion."""

    def __init__(
        self,
        crm,
        criteria: Sequence[str] | str | None = None,
        criteria_column: str = "criteria",
        batch_size: int = 32,
        device: str = "auto",
        precision: str = "auto",
    ):
        """``crm``: a loaded CRM or its run / export directory."""
        if isinstance(crm, (str, Path)):
            from crm.inference import load_crm

            crm = load_crm(crm, device, precision)
        self.crm = crm
        self.criteria = criteria_lines(criteria) if criteria is not None else None
        self.criteria_column = criteria_column
        self.batch_size = batch_size
        self.__name__ = "crm"  # the name TRL logs the reward under (rewards/crm/mean)

    def __call__(self, prompts: Sequence, completions: Sequence, **kwargs) -> list[float]:
        if len(prompts) != len(completions):
            raise ValueError(f"{len(prompts)} prompts for {len(completions)} completions")
        column = kwargs.get(self.criteria_column)
        if column is None and self.criteria is None:
            raise ValueError(f"no criteria: give CRMReward(criteria=...) or a dataset column {self.criteria_column!r}")
        items = [
            (criteria_lines(column[i]) if column is not None else self.criteria, _conversation(p), _text(c))
            for i, (p, c) in enumerate(zip(prompts, completions))
        ]
        sets, indices = group_responses(items)
        results = score_or_skip(self.crm, sets, self.batch_size)
        if failed := [(s, r) for s, r in zip(sets, results) if isinstance(r, Exception)]:
            # None: TRL's "no reward for this sample" (it counts as 0 in the sum over reward functions)
            log.warning("%d completions not scored: %s", sum(len(s.responses) for s, _ in failed), failed[0][1])
        return item_scores(indices, results)
