"""Check a finished run: its export gives exactly the scores of its checkpoint, and report throughput.

    python experiments/verify_export.py logs/train/runs/<run> [--samples 64]

The checkpoint (a Lightning .ckpt file or a DeepSpeed ZeRO directory, consolidated) is loaded into the
configured architecture and scored side by side with the export directory on held-out pairs, in fp32
on the same device: the scores must be identical. Tokens/s and MFU come from the run's CSV log
(`callbacks=throughput logger=csv`).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

import torch

from crm.export.artifact import CRMSettings
from crm.export.zero import consolidated_state_dict, run_config
from crm.inference import CRM, load_crm
from crm.models.factory import model_from_state


def checkpoint_state(path: Path) -> dict[str, torch.Tensor]:
    if path.is_dir():
        return consolidated_state_dict(path)
    return torch.load(path, map_location="cpu", weights_only=False)["state_dict"]


def compare_export_with_checkpoint(run_dir: Path, samples, device: str = "cpu") -> float:
    """Largest absolute score difference between the export and the run's best checkpoint (0.0 expected)."""
    cfg = run_config(run_dir)
    ckpt = Path(json.loads((run_dir / "metrics.json").read_text())["best_checkpoint"])
    model = model_from_state(cfg, checkpoint_state(ckpt), str(ckpt))
    exported = load_crm(run_dir, device=device, precision="fp32")
    reference = CRM(model.to(device), exported.tokenizer, CRMSettings.from_config(cfg), exported.plan)
    return float((exported.raw_scores(samples) - reference.raw_scores(samples)).abs().max())


def throughput(run_dir: Path) -> dict[str, float]:
    """The last logged train/device/... throughput values of the run."""
    found: dict[str, float] = {}
    for path in run_dir.glob("csv/**/metrics.csv"):
        with open(path) as f:
            for row in csv.DictReader(f):
                for key, value in row.items():
                    if key.startswith("train/device/") and value:
                        found[key] = float(value)
    return found


def main(argv: list[str] | None = None) -> int:
    from crm.data.schema import read_samples

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("--samples", type=int, default=64, help="held-out pairs to score")
    parser.add_argument("--pairs", type=Path, help="a reference-format jsonl (default: the run's test data)")
    args = parser.parse_args(argv)
    cfg = run_config(args.run_dir)
    pairs = args.pairs or next(Path(cfg.paths.data_dir).glob("*/test.jsonl"))
    samples = read_samples(pairs)[0][: args.samples]
    device = "cuda" if torch.cuda.is_available() else "cpu"
    diff = compare_export_with_checkpoint(args.run_dir, samples, device)
    print(f"export vs checkpoint on {len(samples)} pairs ({device}, fp32): max |score difference| = {diff:.3g}")
    for key, value in sorted(throughput(args.run_dir).items()):
        print(f"{key}: {value:,.4g}")
    return 0 if diff == 0.0 else 1


if __name__ == "__main__":
    sys.exit(main())
