"""Write a training run's export again from its checkpoint (an export of an older format is refused
when loaded, naming this command)::

    python -m crm.export logs/train/runs/<run> [--ckpt FILE] [--out DIR]     # default: <run>/export

The run's saved config (``.hydra/config.yaml``) rebuilds its architecture; the weights are its best
checkpoint's (as the run exported them), else ``last.ckpt``; a DeepSpeed checkpoint is consolidated.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from crm.cli import refuse_writing_over_inputs, user_errors_end_the_command


def run_checkpoint(run_dir: Path) -> Path:
    """The checkpoint the run exported: the best one its summary (``metrics.json``) or, for a run
    killed before its summary, its checkpoint callback recorded; else the last."""
    import json

    import torch

    def kept(path: str | None) -> Path | None:  # the run directory may have moved
        found = run_dir / "checkpoints" / Path(path).name if path else None
        return found if found is not None and found.exists() else None

    summary = run_dir / "metrics.json"
    if summary.exists() and (best := kept(json.loads(summary.read_text()).get("best_checkpoint"))):
        return best
    last = run_dir / "checkpoints" / "last.ckpt"
    if not last.exists():
        raise FileNotFoundError(f"{run_dir}: no checkpoints/last.ckpt to export from (give --ckpt)")
    if last.is_dir():  # DeepSpeed
        return last
    state = torch.load(last, map_location="cpu", weights_only=False, mmap=True)
    for name, callback in (state.get("callbacks") or {}).items():
        if name.startswith("ModelCheckpoint") and (best := kept(callback.get("best_model_path"))):
            return best
    return last


def export_from_run(run_dir: Path, ckpt: Path | None = None, out: Path | None = None) -> Path:
    from hydra.utils import instantiate

    from crm.export.artifact import CRMSettings
    from crm.export.checkpoint_file import read_checkpoint
    from crm.export.writer import export_crm
    from crm.export.zero import export_zero_checkpoint, is_deepspeed_checkpoint, run_config
    from crm.models.factory import model_from_state

    cfg = run_config(run_dir)
    ckpt = ckpt or run_checkpoint(run_dir)
    out = out or run_dir / "export"
    if is_deepspeed_checkpoint(ckpt):
        return export_zero_checkpoint(ckpt, cfg, out)
    model = model_from_state(cfg, read_checkpoint(ckpt)["state_dict"], str(ckpt))
    return export_crm(out, model, instantiate(cfg.model.tokenizer), CRMSettings.from_config(cfg))


@user_errors_end_the_command("python -m crm.export")
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m crm.export", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("run", type=Path, help="the training run directory (holds .hydra/ and checkpoints/)")
    parser.add_argument("--ckpt", type=Path, help="the checkpoint to export (default: the run's best, else last)")
    parser.add_argument("--out", type=Path, help="export directory (default: <run>/export, replaced)")
    args = parser.parse_args(argv)
    refuse_writing_over_inputs("--out", args.out, {"run": args.run, "--ckpt": args.ckpt}, replaces_directory=True)
    print(f"wrote {export_from_run(args.run, args.ckpt, args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
