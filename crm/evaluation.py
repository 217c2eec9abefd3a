"""Accuracy of a CRM on reference-format jsonl files (the full harness comes with evaluate.py's own issue)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from crm.data.noise import apply_direction
from crm.data.schema import read_samples
from crm.export import CRM


def evaluate_files(
    crm: CRM, files: Sequence[str | Path], directions: Sequence[str] = ("original",), batch_size: int = 32
) -> dict:
    """Strict accuracy per file and direction: the preferred side must get p > 0.5; labelled ties are counted apart."""
    results = {}
    for path in files:
        samples, report = read_samples(path)
        decided = [s for s in samples if s.preference != "tie"]
        for direction in directions:
            drawn = [apply_direction(s, direction, random.Random(i)) for i, s in enumerate(decided)]
            p_a = crm.prob_a(drawn, batch_size=batch_size) if drawn else []
            correct = sum((p > 0.5) if s.preference == "model_a" else (p < 0.5) for s, p in zip(drawn, p_a.tolist()))
            results[f"{Path(path).name}/{direction}"] = {
                "accuracy": correct / len(drawn) if drawn else None,
                "n": len(drawn),
                "ties_excluded": len(samples) - len(decided),
            }
    return results
