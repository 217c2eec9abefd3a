"""A stage that runs once at the start of a fit keeps its report in every checkpoint: a resumed fit skips
the stage (its result is in the restored weights) and still reports what it did, as the uninterrupted run."""

from __future__ import annotations

from typing import Any

from lightning.pytorch import Callback


class ReportedStage(Callback):
    """``report``: what the stage did, for ``metrics.json``; saved and restored with the checkpoint."""

    def __init__(self) -> None:
        self.report: dict[str, Any] = {}

    def state_dict(self) -> dict[str, Any]:
        return {"report": dict(self.report)}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        self.report = dict(state_dict.get("report", {}))
