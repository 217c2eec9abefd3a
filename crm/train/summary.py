"""What a run reports: the data kept per split, the test tables, accuracy per criteria family and the
few lines printed at its end."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import numpy as np
from lightning import Callback, LightningDataModule, LightningModule, Trainer
from omegaconf import DictConfig
from rich.console import Console
from rich.table import Table

from crm.config import attribute_options
from crm.data.datamodule import eval_order
from crm.evaluation.families import by_family, family_mean_intervals, headline, heldout_criteria
from crm.evaluation.metrics import prob_chosen
from crm.evaluation.result_tables import family_table
from crm.evaluation.scorers import LengthScorer
from crm.outputs import write_whole
from crm.tables import Table_, to_markdown
from crm.train.lit_module import CRMLitModule

log = logging.getLogger(__name__)


class DataReport(Callback):
    """Prints the datamodule's per-split counts once, when the trainer has set it up (for the fit, or the test)."""

    def __init__(self) -> None:
        self.printed = False

    def setup(self, trainer: Trainer, pl_module: LightningModule, stage: str) -> None:
        report = getattr(trainer.datamodule, "report", None)
        if report is not None and not self.printed:
            print_data_report(report())
            self.printed = True


def print_summary(summary: dict[str, Any], output_dir: Path) -> None:
    """The run's end in a few lines: its steps and time, the headline accuracies with their intervals,
    each test set's accuracy, and where the rest is."""
    plan = summary.get("plan") or {}
    lines = [f"run finished in {summary['total_seconds'] / 60:.1f} min"]
    if plan:
        reader = f"{plan['reader_steps']} criteria reader steps, " if plan["reader_steps"] else ""
        lines[0] += f": {reader}{summary['global_step']:,} of {plan['pair_steps']:,} pair steps"
    head = (summary.get("families") or {}).get("headline") or {}
    for label, key, extra in (
        ("seen families", "seen_families_mean", "seen_families_min"),
        ("held-out families", "heldout_families_mean", None),
        ("concise/detailed", "concise_detailed", None),
        ("human votes", "votes", None),
        ("quality pairs", "quality", None),
        ("quality under form", "quality_under_form", None),
    ):
        if head.get(key) is not None:
            ci = head.get(f"{key}_ci")
            line = f"  {label:<18} {head[key]:.3f}" + (f" [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "")
            if extra and head.get(extra) is not None:
                line += f" (lowest family {head[extra]:.3f})"
            if head.get(f"{key}_longer_wins") is not None:
                line += f" (longer wins {head[f'{key}_longer_wins']:.3f})"
            lines.append(line)
    accuracies = [
        f"{name} {summary['metrics'][f'test/{name}/acc']:.3f}"
        for name in summary["test_set_sizes"]
        if summary["metrics"].get(f"test/{name}/acc") is not None
    ]
    if accuracies:
        lines.append("  test sets: " + ", ".join(accuracies))
    if peaks := summary.get("peak_memory_gb"):
        lines.append("  peak memory (GB): " + ", ".join(f"{stage} {gb:.2f}" for stage, gb in peaks.items()))
    lines.append(f"tables per test set and criteria family: {output_dir / REPORT_FILE}")
    lines.append(f"run directory: {output_dir} (metrics.json, export/, checkpoints/)")
    Console().print("\n".join(lines), highlight=False, soft_wrap=True)


def print_data_report(report: dict[str, dict]) -> None:
    table = Table(title="Data (per split)")
    columns = {
        "read": "read",
        "kept": "kept",
        "ties_excluded": "ties excluded",
        "not_sampled": "not sampled",
        "too_long_filtered": "too long (filtered)",
        "degenerate_added": "degenerate added",
        "truncated": "truncated",
        "skipped_invalid": "invalid skipped",
    }
    table.add_column("split", no_wrap=True)
    for title in columns.values():
        table.add_column(title, justify="right")
    for split, r in report.items():
        table.add_row(split, *(str(r[key]) for key in columns))
    Console().print(table)


def family_report(cfg: DictConfig, module: CRMLitModule, datamodule: LightningDataModule) -> dict[str, Any]:
    """Test accuracy per criteria family and polarity (all test sets pooled), the length rules beside it."""
    outcomes = module.test_outcomes()
    samples, crm_correct = [], []
    for name, correct in outcomes.items():
        dataset = datamodule.datasets[name]
        # the order the test loader visited, as far as it went (limit_test_batches stops it early)
        samples += [dataset.draw(i) for i in eval_order(dataset)[: len(correct)]]
        crm_correct.append(correct.numpy())
    if not samples:
        return {}
    labels = np.array([s.preference == "model_a" for s in samples])
    correct = {"CRM": np.concatenate(crm_correct)}
    for rule in (LengthScorer("longer"), LengthScorer("shorter")):
        correct[rule.name] = prob_chosen(rule.score(samples).prob_a, labels) > 0.5
    heldout = heldout_criteria(cfg.data)
    table = by_family(samples, correct, heldout)
    return {
        "by_family": table,
        "headline": headline(table, "CRM", family_mean_intervals(samples, correct["CRM"], heldout)),
        "tested_pairs": len(samples),
    }


FAMILY_SCORERS = ["CRM", "longer wins", "shorter wins"]


FAMILY_TITLE = "Test accuracy per criteria family (held-out queries; * = never seen in training)"


def test_table(metrics: dict[str, Any], test_set_sizes: dict[str, int]) -> Table_:
    rows = [
        [name, str(size), f"{metrics[f'test/{name}/acc']:.4f}", f"{metrics[f'test/{name}/loss']:.4f}"]
        for name, size in test_set_sizes.items()
        if metrics.get(f"test/{name}/acc") is not None
    ]
    return "Test accuracy (strict: a tie counts as wrong)", ["test set", "pairs", "accuracy", "loss"], rows


REPORT_FILE = "report.md"


def run_summary(cfg: DictConfig, metrics: dict[str, Any], datamodule, families: dict) -> dict[str, Any]:
    """What ``metrics.json`` records of a run first: its metrics, settings, data, test sets and families
    (the run adds its stages, checkpoint, exports and times)."""
    return {
        "metrics": metrics,
        "settings": {
            "model": cfg.model.name,
            "head": cfg.loss.head,
            "noise": cfg.noise.mode,
            "direction": cfg.data.direction,
            "sources": list(cfg.data.sources),
            "attributes": attribute_options(cfg.data),
            "seed": cfg.seed,
        },
        "data": datamodule.report(),
        "test_set_sizes": {name: len(datamodule.datasets[name]) for name in datamodule.test_set_names},
        "families": families,
    }


def write_run_report(summary: dict[str, Any], output_dir: Path) -> None:
    """``metrics.json`` (the whole summary) and ``report.md`` (the test tables) in the run directory."""
    write_whole(output_dir / "metrics.json", json.dumps(summary, indent=2) + "\n")
    families = summary.get("families") or {}
    tables = [test_table(summary["metrics"], summary["test_set_sizes"])]
    if families:
        tables.append(family_table(families["by_family"], FAMILY_SCORERS, FAMILY_TITLE, families["headline"]))
    write_whole(output_dir / REPORT_FILE, "\n".join(to_markdown(t) for t in tables))
