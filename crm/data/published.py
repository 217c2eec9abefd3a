"""A public leaderboard's scores for a corpus's models: the quality ranking the quality pairs learn from
(:mod:`crm.data.criteria.quality_pairs`) and the boards are checked against (:mod:`crm.usl.agreement`).

The file is a CSV with ``model`` and ``score`` columns (Arena-Hard-Auto's ``leaderboard.csv``: win
rate in % against gpt-4-0314, judged by GPT-4-Turbo). A leaderboard may name a model without the
suffix its answer file carries (``llama-3.1-405b-instruct`` for ``llama-3.1-405b-instruct-fp8``).
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable
from pathlib import Path

from crm.data.schema import DataFormatError

LEADERBOARD_FILE = "leaderboard.csv"
# Suffixes an answer file may add to the name a leaderboard gives its model (weights' precision).
NAME_SUFFIXES = ("-fp8", "-bf16")


def read_published_scores(path: str | Path) -> dict[str, float]:
    """``{model: score}`` of a leaderboard CSV; a malformed row names its file and line."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"published leaderboard not found: {path}")
    scores: dict[str, float] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = {"model", "score"} - set(reader.fieldnames or ())
        if missing:
            raise DataFormatError(f"{path}: needs the columns 'model' and 'score' (missing {sorted(missing)})")
        for row in reader:
            where = f"{path}:{reader.line_num}"
            model = (row.get("model") or "").strip()
            try:
                score = float(row["score"])
            except (TypeError, ValueError):
                raise DataFormatError(f"{where}: score {row.get('score')!r} is not a number") from None
            if not model or not math.isfinite(score):
                raise DataFormatError(f"{where}: needs a model name and a finite score")
            if model in scores:
                raise DataFormatError(f"{where}: model {model!r} is listed twice")
            scores[model] = score
    return scores


def match_models(scores: dict[str, float], models: Iterable[str]) -> dict[str, float]:
    """The published score of each of ``models`` the leaderboard lists (by name, or by name less a
    :data:`NAME_SUFFIXES` suffix); models it does not list are left out."""
    out = {}
    for model in models:
        names = [model] + [model.removesuffix(s) for s in NAME_SUFFIXES if model.endswith(s)]
        found = next((n for n in names if n in scores), None)
        if found is not None:
            out[model] = scores[found]
    return out


def corpus_scores(corpus_dir: str | Path, models: Iterable[str]) -> dict[str, float]:
    """The published scores of a corpus's models from its ``leaderboard.csv`` (empty when it has none)."""
    path = Path(corpus_dir) / LEADERBOARD_FILE
    return match_models(read_published_scores(path), models) if path.is_file() else {}
