"""Collect the metrics of several runs into one ablation table (rows: runs; columns: test splits).

Reads three kinds of run directory: an evaluation run (``metrics.json`` with ``scorers``, written by
``evaluate.py``), a training run (``metrics.json`` with ``test/<set>/acc``, written by ``train.py``)
and a wandb run directory of a training run (``wandb/run-*`` or ``wandb/offline-run-*``, e.g. from a
sweep agent), read from its ``files/wandb-summary.json`` and ``files/config.yaml``.
Rows are labelled by the settings that differ between the runs (model, head, noise, direction...),
so a table over a noise sweep reads "noise=add", "noise=remove", ...
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crm.tables import Table_, fmt

LABEL_KEYS = ("model", "head", "noise", "direction", "sources", "seed")


@dataclass
class RunRow:
    path: Path
    settings: dict[str, Any]
    values: dict[str, float | None]  # test set -> metric
    reference: bool = False  # a reference scorer (length rule, external RM), not a trained run


def read_run(path: str | Path, metric: str = "accuracy", scorer: str | None = None) -> list[RunRow]:
    """One row for the run's model; an evaluation run also yields its reference scorers (marked)."""
    path = Path(path)
    if (path / "files" / "wandb-summary.json").exists():
        return [read_wandb_run(path, metric)]
    file = path / "metrics.json"
    if not file.exists():
        raise FileNotFoundError(
            f"{path}: no metrics.json (not a train.py or evaluate.py run directory) and no files/wandb-summary.json"
        )
    try:
        data = json.loads(file.read_text())
    except json.JSONDecodeError as err:
        raise ValueError(f"{file}: not valid JSON ({err})") from None
    if "scorers" in data:
        settings = (data.get("settings") or {}).get("trained") or {}
        names = list(data["scorers"])
        main = scorer or names[0]
        if main not in data["scorers"]:
            raise KeyError(f"{file}: no scorer {main!r}; it has {names}")
        rows = []
        for name in names:
            values = {t: m.get(metric) for t, m in data["scorers"][name].items()}
            rows.append(RunRow(path, settings if name == main else {"scorer": name}, values, reference=name != main))
        return rows
    if "metrics" in data:
        return [RunRow(path, data.get("settings") or {}, test_metrics(data["metrics"], metric))]
    raise ValueError(f"{file}: neither an evaluation (scorers) nor a training (metrics) result")


def test_metrics(logged: dict[str, Any], metric: str) -> dict[str, float | None]:
    """``test/<set>/acc`` (or another metric) from a training run's logged metrics, by test set."""
    short = {"accuracy": "acc"}.get(metric, metric)
    values = {}
    for key, value in logged.items():
        parts = key.split("/")
        if len(parts) == 3 and parts[0] == "test" and parts[2] == short:
            values[parts[1]] = value
    return values


def read_wandb_run(path: Path, metric: str = "accuracy") -> RunRow:
    """A wandb run directory (``wandb/run-*`` or ``wandb/offline-run-*``): its summary and logged config."""
    import yaml

    summary = json.loads((path / "files" / "wandb-summary.json").read_text())
    config_file = path / "files" / "config.yaml"
    config = yaml.safe_load(config_file.read_text()) if config_file.exists() else {}
    value = lambda key: (config.get(key) or {}).get("value") or {}  # noqa: E731
    settings = {
        "model": value("model").get("name"),
        "head": value("loss").get("head"),
        "noise": value("noise").get("mode"),
        "direction": value("data").get("direction"),
        "seed": (config.get("seed") or {}).get("value"),
    }
    return RunRow(path, {k: v for k, v in settings.items() if v is not None}, test_metrics(summary, metric))


def _setting_text(value: Any) -> str:
    return "+".join(map(str, value)) if isinstance(value, list) else str(value)


def label_rows(rows: list[RunRow]) -> list[str]:
    """Each run labelled by the settings that vary across runs; references by their scorer name."""
    runs = [r for r in rows if not r.reference]
    varying = [k for k in LABEL_KEYS if len({_setting_text(r.settings.get(k)) for r in runs}) > 1]
    labels = []
    for r in rows:
        if r.reference:
            labels.append(r.settings["scorer"])
        elif varying:
            labels.append(" ".join(f"{k}={_setting_text(r.settings.get(k))}" for k in varying))
        else:
            labels.append(
                " ".join(f"{k}={_setting_text(r.settings[k])}" for k in ("model", "head") if k in r.settings)
                or r.path.name
            )
    return labels


def build_table(run_dirs: list[str | Path], metric: str = "accuracy", references: bool = True) -> Table_:
    """The ablation table; reference rows (length rules...) come once, from the first evaluation run."""
    rows: list[RunRow] = []
    seen_references: set[str] = set()
    for run_dir in run_dirs:
        for row in read_run(run_dir, metric):
            if row.reference:
                if not references or row.settings["scorer"] in seen_references:
                    continue
                seen_references.add(row.settings["scorer"])
            rows.append(row)
    runs_first = [r for r in rows if not r.reference] + [r for r in rows if r.reference]
    columns = list(dict.fromkeys(t for r in runs_first for t in r.values))
    labels = label_rows(runs_first)
    body = [[label, *(fmt(r.values.get(c)) for c in columns)] for label, r in zip(labels, runs_first)]
    return f"{metric} by test set", ["run", *columns], body


def write_csv(table: Table_, path: str | Path) -> None:
    _, header, rows = table
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows([["" if cell == "-" else cell for cell in row] for row in rows])
