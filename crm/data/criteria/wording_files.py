"""Criteria wordings kept as data files beside this module (``<family>.yaml``: ``train`` and ``test``
lists), read once: wordings are data, and appending one never moves another between the lists."""

from __future__ import annotations

from importlib import resources

import yaml


def load_wordings(family: str) -> dict[str, tuple[str, ...]]:
    """``{"train": (...), "test": (...)}`` of one family's wording file; a missing or empty list is an error."""
    name = f"{family}.yaml"
    data = yaml.safe_load(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))
    out = {}
    for split in ("train", "test"):
        texts = data.get(split) if isinstance(data, dict) else None
        if not texts or not all(isinstance(t, str) and t.strip() for t in texts):
            raise ValueError(f"{name}: '{split}' must be a non-empty list of criteria texts")
        out[split] = tuple(" ".join(t.split()) for t in texts)
    overlap = set(out["train"]) & set(out["test"])
    if overlap:
        raise ValueError(f"{name}: wordings in both train and test: {sorted(overlap)}")
    return out


QUALITY_WORDINGS = load_wordings("quality")
