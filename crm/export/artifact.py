"""A CRM export directory as a format: its layout, its settings and where to find it. No torch here,
so the leaderboard can answer from its cache without loading a model.

An export is a transformers checkpoint (``save_pretrained``), loadable with this project
(:func:`crm.inference.load_crm`) or without it (``AutoModel.from_pretrained(dir, trust_remote_code=True)``)::

    export/
      config.json          the CRM's transformers config (crm.models.configuration_crm.CRMConfig): its
                           settings under "crm" (CRMSettings: the head, the model spec, the length budget)
      model.safetensors    every weight: backbone, answer tower, head
      *.py                 the modeling files the config's auto_map names (torch and transformers only)
      tokenizer files      the tokenizer, chat template included
      README.md            the model card: what it is, how to give it criteria, its data and their licences
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import MISSING, dataclass
from pathlib import Path

from crm.data.schema import DataFormatError
from crm.models.spec import AnySpec, TwoTowerSpec, spec_from_config, spec_from_dict

# 16: a transformers checkpoint, the settings in config.json. Older exports (crm_config.json beside
# backbone/ and head.safetensors) are refused, naming the command that writes them again.
FORMAT_VERSION = 16
CONFIG_NAME = "config.json"
OLD_CONFIG_NAME = "crm_config.json"  # the settings file of exports before format 16
REEXPORT = "python -m crm.export <its training run directory>"


@dataclass
class CRMSettings:
    head: str  # bt (one score per answer) or cls (two logits per pair)
    model: AnySpec  # the model spec the CRM was trained with
    max_length: int  # the trained row length in tokens
    max_response_tokens: int | None = None  # each answer's head and tail kept to this many tokens
    max_query_tokens: int | None = None  # the query's view in tokens
    criteria_class_names: list[str] | None = None  # "family/polarity" of each reader class, in the classifier's order
    layout_features: list[str] | None = None  # the layout features told to the head (crm.data.layout); None: none
    # {"tokens", "characters"}: the most criteria it reads when scoring, so a server can say it without torch
    criteria_limits: dict[str, int] | None = None
    sources: list[str] | None = None  # the data sources it was trained on (crm.data.sources), for its model card
    format_version: int = FORMAT_VERSION

    @property
    def two_tower(self) -> bool:
        return isinstance(self.model, TwoTowerSpec)

    @property
    def input_format(self) -> str:
        return self.model.input_format

    @property
    def pooling(self) -> str:
        return self.model.pooling

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), indent=2) + "\n"

    @classmethod
    def from_config(cls, cfg) -> CRMSettings:
        """The settings of a run composed from conf/train.yaml (or its saved .hydra/config.yaml)."""
        spec = spec_from_config(cfg.model)
        told_layout = getattr(spec, "answer_layout", False)
        if told_layout:
            from crm.data.layout import LAYOUT_FEATURES  # the parsers load only for a run that is told layouts
        return cls(
            head=cfg.loss.head,
            model=spec,
            max_length=cfg.data.max_length,
            max_response_tokens=cfg.data.max_response_tokens,
            max_query_tokens=cfg.data.get("max_query_tokens"),
            criteria_class_names=criteria_class_names(cfg),
            layout_features=list(LAYOUT_FEATURES) if told_layout else None,
            sources=list(cfg.data.get("sources") or []) or None,
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


class ExportError(DataFormatError):
    """A damaged or mismatched export directory; the message names the file and what is wrong."""


def settings_fields(export_dir: str | Path) -> dict:
    """The settings an export's config.json holds, as JSON; :class:`ExportError` for an export of an
    older format or a damaged config."""
    export_dir = Path(export_dir)
    path = export_dir / CONFIG_NAME
    if not path.exists():
        if (export_dir / OLD_CONFIG_NAME).exists():
            raise ExportError(
                f"{export_dir}: an export of a format before {FORMAT_VERSION} ({OLD_CONFIG_NAME}), which this crm "
                f"no longer reads; export it again from its training run: {REEXPORT}"
            )
        raise FileNotFoundError(f"{export_dir} is not a CRM export directory (no {CONFIG_NAME})")
    try:
        config = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ExportError(f"{path}: not valid JSON ({err}); the export is damaged") from None
    fields = config.get("crm") if isinstance(config, dict) else None
    if not isinstance(fields, dict):
        raise ExportError(f'{path}: not a CRM\'s config (no "crm" settings object)')
    return fields


def read_settings(export_dir: str | Path) -> CRMSettings:
    """The settings of an export directory (head, model spec, ...) without loading any weights."""
    path = Path(export_dir) / CONFIG_NAME
    fields = dict(settings_fields(export_dir))
    version = fields.get("format_version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise ExportError(f"{path}: export format {version!r} is not one this crm reads (it writes {FORMAT_VERSION})")
    if version < FORMAT_VERSION:
        raise ExportError(
            f"{path}: export format {version} is older than this crm reads ({FORMAT_VERSION}); "
            f"export it again from its training run: {REEXPORT}"
        )
    try:
        fields["model"] = spec_from_dict(fields.get("model") or {})
    except (TypeError, ValueError) as err:
        raise ExportError(f"{path}: its model cannot be read: {err}") from None
    declared = CRMSettings.__dataclass_fields__
    problems = []
    if unknown := sorted(set(fields) - set(declared)):
        problems.append(f"unknown field(s) {', '.join(unknown)}")
    if missing := sorted(n for n, f in declared.items() if f.default is MISSING and n not in fields):
        problems.append(f"missing field(s) {', '.join(missing)}")
    if layout := fields.get("layout_features"):
        from crm.data.layout import LAYOUT_FEATURES  # the parsers load only for a CRM told layouts

        if list(layout) != list(LAYOUT_FEATURES):
            problems.append(
                f"its layout names {len(layout)} features this crm does not measure the same way "
                f"(it measures {len(LAYOUT_FEATURES)}: crm.data.layout); score with the crm version that trained it"
            )
    if problems:
        raise ExportError(f"{path}: " + "; ".join(problems))
    return CRMSettings(**fields)


def is_export(path: Path) -> bool:
    """A CRM export directory (of this format or an older one): not any transformers checkpoint, one
    whose config.json holds the CRM's settings."""
    if (path / OLD_CONFIG_NAME).exists():
        return True
    try:
        return "crm" in json.loads((path / CONFIG_NAME).read_text())
    except (OSError, ValueError, TypeError):
        return (path / CONFIG_NAME).exists()  # unreadable: read_settings says what is wrong with it


def resolve_export(path: str | Path) -> Path:
    """An export directory, given it or the training run directory that holds it as ``export/``."""
    path = Path(path)
    if not is_export(path) and is_export(path / "export"):
        path = path / "export"
    if not is_export(path):
        raise FileNotFoundError(f"{path} is not a CRM export directory (no {CONFIG_NAME} with a CRM's settings)")
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
