"""AlpacaEval's outputs as a leaderboard corpus: the format most leaderboards publish their models'
answers in, one ``model_outputs.json`` per model::

    [{"instruction": "...", "output": "...", "generator": "<model>", "dataset": "<source>"}, ...]

A directory of them (AlpacaEval's ``results/<model>/model_outputs.json``, or ``<model>.json`` files)
or a list of files. Each model is named by its records' ``generator`` (where they all name one),
else by its file. Queries are the instructions (keyed by a stable hash of their text: the same
instruction in two files is one query), topics their ``dataset``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from crm.data.conversion import ConversionResult, stable_hash
from crm.data.corpus import Corpus, Query
from crm.data.raw_files import alpaca_outputs, load_json_list
from crm.data.schema import DataFormatError

OUTPUTS_FILE = "model_outputs.json"


def outputs_files(paths: Sequence[Path]) -> list[Path]:
    """The outputs files under ``paths``: each directory's ``*/model_outputs.json`` and ``*.json``,
    each file as given."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted(path.glob(f"*/{OUTPUTS_FILE}")) + sorted(path.glob("*.json"))
        elif path.is_file():
            files.append(path)
        else:
            raise FileNotFoundError(f"{path} does not exist")
    return files


def looks_like_outputs(paths: Sequence[Path]) -> bool:
    """Whether ``paths`` name AlpacaEval outputs: JSON files that each hold a list (their first
    character read, not the whole file), or directories holding such files."""
    try:
        files = outputs_files(paths)
    except FileNotFoundError:
        return False
    return bool(files) and all(f.suffix == ".json" and _opens_a_list(f) for f in files)


def _opens_a_list(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(4096).lstrip().startswith(b"[")


def model_name(path: Path, records: list) -> str:
    """The one ``generator`` every record names, else the file's model: its directory for AlpacaEval's
    ``<model>/model_outputs.json``, its stem for ``<model>.json``."""
    generators = {r.get("generator") for r in records if isinstance(r, dict)}
    if len(generators) == 1 and isinstance(name := next(iter(generators)), str) and name.strip():
        return name.strip()
    return path.parent.name if path.name == OUTPUTS_FILE else path.stem


def read_alpaca_eval(paths: Sequence[Path], name: str) -> Corpus:
    """The corpus of these outputs files; a malformed record names its file and index, two files of one
    model name both. Instructions answered twice in one file keep the first answer (counted in notes)."""
    files = outputs_files(paths)
    if not files:
        raise FileNotFoundError(f"no AlpacaEval outputs ({OUTPUTS_FILE} or *.json) in {', '.join(map(str, paths))}")
    topics: dict[str, str] = {}
    answers: dict[str, dict[str, str]] = {}
    origin: dict[str, Path] = {}
    result = ConversionResult()
    for path in files:
        records = load_json_list(path)
        model = model_name(path, records)
        if model in origin:
            raise DataFormatError(f"{path}: model {model!r} again (first in {origin[model]}); one file per model")
        origin[model] = path
        outputs = alpaca_outputs(path, result, topics, records)
        answers[model] = {stable_hash(i): o for i, o in outputs.items()}
    queries = {stable_hash(i): Query(stable_hash(i), i, topic) for i, topic in topics.items()}
    return Corpus(name, queries, answers, notes=dict(result.counts))
