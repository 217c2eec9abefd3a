"""Evaluate a trained CRM on jsonl files: `python evaluate.py ckpt=<run|export dir> files=[test.jsonl]`.

A first version: strict accuracy per file and label direction. Per-split tables, both-order
evaluation, calibration and reference rows are the evaluation harness's own work (see README).
"""

from __future__ import annotations

import json
from pathlib import Path

import hydra
from omegaconf import DictConfig, ListConfig
from rich.console import Console
from rich.table import Table

from crm.config import register_resolvers

register_resolvers()


def evaluate(cfg: DictConfig) -> dict:
    from crm.evaluation import evaluate_files
    from crm.export import load_crm

    files = list(cfg.files) if isinstance(cfg.files, ListConfig) else [cfg.files]
    results = evaluate_files(load_crm(cfg.ckpt, device=cfg.device), files, list(cfg.directions), cfg.batch_size)
    table = Table(title=f"CRM {cfg.ckpt}")
    for column in ("file/direction", "accuracy", "n", "ties excluded"):
        table.add_column(column)
    for name, r in results.items():
        acc = "-" if r["accuracy"] is None else f"{r['accuracy']:.4f}"
        table.add_row(name, acc, str(r["n"]), str(r["ties_excluded"]))
    Console().print(table)
    out = Path(cfg.paths.output_dir) / "metrics.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    return results


@hydra.main(version_base="1.3", config_path="conf", config_name="evaluate")
def main(cfg: DictConfig) -> None:
    evaluate(cfg)


if __name__ == "__main__":
    main()
