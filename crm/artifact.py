"""A CRM export directory as a format: its layout, its settings and where to find it. No torch here,
so the leaderboard can answer from its cache without loading a model.

Layout::

    export/
      crm_config.json      head, pooling, input format, length budget, format version
      head.safetensors     the reward head (and a two-tower CRM's criteria classifier)
      backbone/            transformers ``save_pretrained`` of the backbone
      answer_tower/        the frozen answer encoder of a two-tower CRM (``answer_tower: true``)
      tokenizer/           the tokenizer, chat template included
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import MISSING, dataclass
from pathlib import Path

# 2: criteria_limits; 3: criteria_classes; 4: criteria_confidence; 5: criteria_class_names;
# 6: criteria_reading; 7: answer_attention; 8: answer_length; 9: criteria_scale; 10: answer_layout;
# 11: query_interaction; 12: degenerate_gate, criteria_confidence, criteria_reading and answer_length retired;
# 13: the degenerate gate's reference pairs and blank rule (older exports still load where a retired field
# holds the value every later CRM has: RETIRED; a format-12 gate does not)
FORMAT_VERSION = 13
FIRST_GATE_KEPT = 13  # a format-12 degenerate gate called short real answers degenerate: measured, not kept
RETIRED = {"criteria_confidence": 0.0, "criteria_reading": True, "answer_length": False}  # measured, not kept
CONFIG_NAME = "crm_config.json"


@dataclass
class CRMSettings:
    head: str
    pooling: str
    input_format: str
    max_length: int
    max_response_tokens: int | None = None
    max_query_tokens: int | None = None
    interaction: int = 0  # rank of the criteria interaction term (crm.models.reward_model); 0: none
    answer_tower: bool = False  # two towers: a frozen encoder reads the answer alone
    criteria_classes: int = 0  # a criteria classifier's classes, its posterior read by the interaction term
    criteria_class_names: list[str] | None = None  # "family/polarity" of each class, in the classifier's order
    answer_attention: int = 0  # the interaction's attention heads over the answer's tokens (RewardModel)
    criteria_scale: float | None = None  # the criteria classifier is a cosine one of this scale (RewardModel)
    # the names of the layout features the interaction is told (crm.data.layout.LAYOUT_FEATURES); None: not told
    answer_layout: list[str] | None = None
    query_interaction: int = 0  # rank of the query-answer term, the query described by the answer tower (RewardModel)
    degenerate_gate: float = 0.0  # margin of the degenerate gate's term (crm.models.head_terms.DegenerateGate); 0: none
    # {"tokens", "characters"}: the most criteria it reads when scoring, so a server can say it without torch
    criteria_limits: dict[str, int] | None = None
    format_version: int = FORMAT_VERSION

    @classmethod
    def from_config(cls, cfg) -> CRMSettings:
        """The settings of a run composed from conf/train.yaml (or its saved .hydra/config.yaml)."""
        from crm.data.layout import LAYOUT_FEATURES  # the parsers load only for a run that is told layouts

        return cls(
            head=cfg.loss.head,
            pooling=cfg.model.pooling,
            input_format=cfg.model.input_format,
            max_length=cfg.data.max_length,
            max_response_tokens=cfg.data.max_response_tokens,
            max_query_tokens=cfg.data.get("max_query_tokens"),
            interaction=cfg.model.get("interaction") or 0,
            answer_tower=bool(cfg.model.get("answer_tower")),
            criteria_classes=cfg.model.get("criteria_classes") or 0,
            criteria_class_names=criteria_class_names(cfg),
            answer_attention=cfg.model.get("answer_attention") or 0,
            criteria_scale=cfg.model.get("criteria_scale"),
            answer_layout=list(LAYOUT_FEATURES) if cfg.model.get("answer_layout") else None,
            query_interaction=cfg.model.get("query_interaction") or 0,
            degenerate_gate=cfg.model.get("degenerate_gate") or 0.0,
        )


def criteria_class_names(cfg) -> list[str] | None:
    """The (family, polarity) names of a run's criteria classifier classes, as the reader was taught them
    (:func:`crm.data.criteria.wordings.class_names`); None without a classifier, or for one whose classes
    are not the reading task's (its readings are then not shown; the export still works)."""
    classes = cfg.model.get("criteria_classes") or 0
    if not classes:
        return None
    from crm.data.criteria.wordings import class_names  # the taxonomy, no torch

    names = class_names(list((cfg.data.get("attributes") or {}).get("heldout_families") or []))
    return names if len(names) == classes else None  # a classifier of other classes: left unnamed


class ExportError(ValueError):
    """A damaged or mismatched export directory; the message names the file and what is wrong."""


def read_settings(export_dir: str | Path) -> CRMSettings:
    """The settings of an export directory (head, pooling, ...) without loading any weights."""
    path = Path(export_dir) / CONFIG_NAME
    if not path.exists():
        raise FileNotFoundError(f"{export_dir} is not a CRM export directory (no {CONFIG_NAME})")
    try:
        fields = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ExportError(f"{path}: not valid JSON ({err}); the export is damaged") from None
    if not isinstance(fields, dict):
        raise ExportError(f"{path}: expected a JSON object of settings")
    version = fields.get("format_version", FORMAT_VERSION)
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise ExportError(f"{path}: export format {version!r} is newer than this crm supports ({FORMAT_VERSION})")
    declared = CRMSettings.__dataclass_fields__
    problems = []
    for name, value in RETIRED.items():
        if name in fields and fields.pop(name) != value:
            problems.append(f"{name} is an option this crm no longer has; score with the crm version that trained it")
    if fields.get("degenerate_gate") and version < FIRST_GATE_KEPT:
        problems.append(f"its degenerate gate (format {version}) is retired; score with the crm that trained it")
    if unknown := sorted(set(fields) - set(declared)):
        problems.append(f"unknown field(s) {', '.join(unknown)}")
    if missing := sorted(n for n, f in declared.items() if f.default is MISSING and n not in fields):
        problems.append(f"missing field(s) {', '.join(missing)}")
    if layout := fields.get("answer_layout"):
        from crm.data.layout import LAYOUT_FEATURES  # the parsers load only for a CRM told layouts

        if list(layout) != list(LAYOUT_FEATURES):
            problems.append(
                f"answer_layout names {len(layout)} features this crm does not measure the same way "
                f"(it measures {len(LAYOUT_FEATURES)}: crm.data.layout); score with the crm version that trained it"
            )
    if problems:
        raise ExportError(f"{path}: " + "; ".join(problems))
    return CRMSettings(**fields)


def resolve_export(path: str | Path) -> Path:
    """An export directory, given it or the training run directory that holds it as ``export/``."""
    path = Path(path)
    if not (path / CONFIG_NAME).exists() and (path / "export" / CONFIG_NAME).exists():
        path = path / "export"
    if not (path / CONFIG_NAME).exists():
        raise FileNotFoundError(f"{path} is not a CRM export directory (no {CONFIG_NAME})")
    return path


def crm_fingerprint(export_dir: str | Path) -> str:
    """Identifies a CRM's weights without reading all of them: settings, head, configs, and for each
    weight file its size and its first and last MiB."""
    export_dir = Path(export_dir)
    digest = hashlib.sha256()
    for path in sorted(p for p in export_dir.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(export_dir)).encode())
        size = path.stat().st_size
        digest.update(str(size).encode())
        with path.open("rb") as f:
            digest.update(f.read(1 << 20))
            if size > 2 << 20:
                f.seek(-(1 << 20), 2)
                digest.update(f.read())
    return digest.hexdigest()[:24]
