"""Turn a DeepSpeed ZeRO checkpoint directory into the CRM export format.

Under ZeRO-3 every rank holds only shards of the weights, so saving the in-memory model gives empty
or head-less tensors. This consolidates the sharded checkpoint into one fp32 state dict (Lightning's
converter over DeepSpeed's ``zero_to_fp32``), loads it into the architecture the run was configured
with, checks that the backbone and the head are complete, and writes the usual export directory::

    python -m crm.export.zero logs/train/runs/<run>/checkpoints/<step>.ckpt [--run-dir RUN] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import torch
from hydra.utils import instantiate
from omegaconf import DictConfig, OmegaConf

from crm.cli import refuse_writing_over_inputs, user_errors_end_the_command
from crm.config import register_configs
from crm.export.artifact import CRMSettings
from crm.export.writer import export_crm
from crm.models.factory import model_from_state


def is_deepspeed_checkpoint(path: Path) -> bool:
    """A DeepSpeed checkpoint, which Lightning writes as a directory named like a checkpoint file."""
    return path.is_dir() and ((path / "latest").is_file() or (path / "checkpoint").is_dir())


def consolidated_state_dict(checkpoint_dir: str | Path, tag: str | None = None) -> dict[str, torch.Tensor]:
    """The LightningModule's full fp32 state dict from a (sharded) DeepSpeed checkpoint directory."""
    from lightning.pytorch.utilities.deepspeed import convert_zero_checkpoint_to_fp32_state_dict

    checkpoint_dir = Path(checkpoint_dir)
    if not (checkpoint_dir / "latest").exists() and tag is None:
        raise FileNotFoundError(f"{checkpoint_dir} is not a DeepSpeed checkpoint directory (no 'latest' file)")
    with tempfile.TemporaryDirectory() as tmp:
        state = convert_zero_checkpoint_to_fp32_state_dict(checkpoint_dir, Path(tmp) / "fp32.pt", tag)
    return state["state_dict"]


def export_zero_checkpoint(
    checkpoint_dir: str | Path, cfg: DictConfig, out_dir: str | Path, tag: str | None = None
) -> Path:
    """Consolidate ``checkpoint_dir`` and write an export directory; fails if any weight is missing."""
    model = model_from_state(cfg, consolidated_state_dict(checkpoint_dir, tag), str(checkpoint_dir))
    return export_crm(out_dir, model, instantiate(cfg.model.tokenizer), CRMSettings.from_config(cfg))


def run_config(run_dir: str | Path) -> DictConfig:
    """The composed config a run saved in ``<run>/.hydra/config.yaml``."""
    path = Path(run_dir) / ".hydra" / "config.yaml"
    if not path.exists():
        raise FileNotFoundError(f"{run_dir}: no .hydra/config.yaml (give --run-dir, the training run directory)")
    register_configs()
    return OmegaConf.load(path)


@user_errors_end_the_command("python -m crm.export.zero")
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("checkpoint", type=Path, help="DeepSpeed checkpoint directory (holds 'latest')")
    parser.add_argument("--run-dir", type=Path, help="training run directory (default: two levels up)")
    parser.add_argument("--out", type=Path, help="export directory (default: <run dir>/export)")
    parser.add_argument("--tag", help="checkpoint tag (default: the one named in 'latest')")
    args = parser.parse_args(argv)
    run_dir = args.run_dir or args.checkpoint.resolve().parent.parent
    refuse_writing_over_inputs(
        "--out", args.out, {"checkpoint": args.checkpoint, "--run-dir": run_dir}, replaces_directory=True
    )
    out = export_zero_checkpoint(args.checkpoint, run_config(run_dir), args.out or run_dir / "export", args.tag)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
