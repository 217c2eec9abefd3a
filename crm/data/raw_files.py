"""Reading the raw public files: JSON records checked as they are read, each error naming its file and
record, and AlpacaEval's outputs, which are both style pairs (``crm.data.sources``) and a corpus of
many models' answers to one instruction (``crm.data.alpaca_eval_outputs``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from crm.data.conversion import ConversionResult
from crm.data.schema import DataFormatError

ALPACA_STYLES = ("concise", "verbose")
RAW_HINT = "pass --raw DIR or set CRM_RAW_DIR to the directory holding the raw data (see its SOURCES.md)"


class RawDataError(DataFormatError):
    """A raw record without the documented shape; the message names the file and record/line."""


def require_file(path: Path) -> Path:
    if not path.is_file():
        raise FileNotFoundError(f"raw file not found: {path}; {RAW_HINT}")
    return path


def load_json_list(path: Path) -> list[Any]:
    """A whole-file JSON list; a broken file is reported with its path."""
    require_file(path)
    try:
        with path.open(encoding="utf-8") as handle:
            data = json.load(handle)
    except json.JSONDecodeError as err:
        raise RawDataError(f"{path}: malformed JSON ({err.msg} at line {err.lineno})") from None
    except UnicodeDecodeError as err:
        raise RawDataError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    if not isinstance(data, list):
        raise RawDataError(f"{path}: expected a JSON list of records, got {type(data).__name__}")
    return data


def iter_json_list(path: Path, records: list | None = None) -> Iterator[tuple[int, str, Any]]:
    """(index, where, record); ``where`` names file and record index for error messages. ``records``:
    the file's, if already read."""
    for i, record in enumerate(load_json_list(path) if records is None else records):
        yield i, f"{path} record {i}", record


def get_field(record: Any, name: str, where: str, kind: type | tuple[type, ...] = str) -> Any:
    """``record[name]`` checked for presence and type, else a :class:`RawDataError` naming ``where``."""
    if not isinstance(record, dict):
        raise RawDataError(f"{where}: expected a JSON object, got {type(record).__name__}")
    if name not in record:
        raise RawDataError(f"{where}: missing field {name!r}")
    value = record[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _as_tuple(kind)):
        raise RawDataError(f"{where}: field {name!r} has type {type(value).__name__}")
    return value


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def alpaca_models(style_dir: Path) -> list[str]:
    """Model names that have a concise and a verbose file; a lone half is an error, not a skip."""
    if not style_dir.is_dir():
        raise FileNotFoundError(f"raw directory not found: {style_dir}; {RAW_HINT}")
    models = sorted({p.name.rsplit("_", 1)[0] for s in ALPACA_STYLES for p in style_dir.glob(f"*_{s}.json")})
    if not models:
        raise FileNotFoundError(f"no <model>_{{concise,verbose}}.json files in {style_dir}; {RAW_HINT}")
    for model in models:
        for style in ALPACA_STYLES:
            require_file(style_dir / f"{model}_{style}.json")
    return models


def alpaca_outputs(
    path: Path, result: ConversionResult, topics: dict[str, str] | None = None, records: list | None = None
) -> dict[str, str]:
    """instruction -> output of one AlpacaEval outputs file (first one wins on duplicates); ``topics``, if
    given, collects each instruction's source dataset in the same pass; ``records``: the file's, if read."""
    outputs: dict[str, str] = {}
    for _, where, record in iter_json_list(path, records):
        instruction, output = get_field(record, "instruction", where), get_field(record, "output", where)
        if instruction in outputs:
            result.counts["duplicate_instruction"] += 1
            continue
        outputs[instruction] = output
        if topics is not None:
            topics.setdefault(instruction, str(record.get("dataset") or "alpaca_eval"))
    return outputs
