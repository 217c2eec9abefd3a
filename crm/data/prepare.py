"""Raw corpora -> ``<out>/<source>/<split>.jsonl`` plus a manifest of settings and counts.

The manifest records every setting that changes the output (raw dir, seed, held-out styles,
fractions, sources, criteria pools, format version), so :func:`ensure_prepared` can reuse a cache
built with the same settings and rebuild it otherwise. It is written last: a run that fails
half-way leaves no manifest and is redone next time.
"""

from __future__ import annotations

import fcntl
import inspect
import json
import logging
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from rich.console import Console
from textstat.backend import utils as textstat_utils

from crm.data import published
from crm.data.conversion import stable_hash
from crm.data.criteria import grammar, quality_pairs, verifiers
from crm.data.criteria import pairs as attribute_pairs
from crm.data.criteria import profile as profile_module
from crm.data.criteria.style_pools import CRITERIA_POOLS
from crm.data.criteria.wording_files import WORDINGS
from crm.data.raw_files import RAW_HINT
from crm.data.schema import PreferenceSample, write_samples
from crm.data.sources import PAIR_SOURCES, SOURCES
from crm.data.splits import (
    ALL_SPLITS,
    DEFAULT_FRACTIONS,
    DEFAULT_HELDOUT_STYLES,
    NEW_CRITERIA_SPLIT,
    SPLITS,
    assign_splits,
    validate_fractions,
    validate_heldout_styles,
)
from crm.tables import Table_, print_tables

log = logging.getLogger(__name__)

FORMAT_VERSION = 2
MANIFEST_NAME = "manifest.json"


def resolve_sources(sources: Iterable[str] | None) -> list[str]:
    """Requested source names in registry order (all when None); unknown names are an error."""
    if sources is None:
        return list(SOURCES)
    requested = [s.strip() for s in sources if s.strip()]
    unknown = [s for s in requested if s not in SOURCES]
    if unknown or not requested:
        raise ValueError(f"unknown or no source(s) {unknown}; available: {', '.join(SOURCES)}")
    return [s for s in SOURCES if s in requested]


def _settings(
    raw_dir: Path,
    sources: list[str],
    seed: int,
    heldout_styles: Sequence[str],
    fractions: Mapping[str, float],
    attributes: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the prepared files depend on, in a JSON-comparable form. The attribute-pair settings
    only where that source is built: a styles-only run then reuses a cache that also has the pairs."""
    settings = {
        "format_version": FORMAT_VERSION,
        "raw_dir": str(Path(raw_dir).resolve()),
        "sources": sources,
        "seed": int(seed),
        "heldout_styles": sorted(validate_heldout_styles(heldout_styles)),
        "fractions": validate_fractions(fractions),
        "criteria_pools": stable_hash(json.dumps(CRITERIA_POOLS, sort_keys=True)),
    }
    if set(PAIR_SOURCES) & set(sources):
        options = attribute_pairs.PairOptions.from_mapping({"fractions": fractions, **(attributes or {})})
        settings |= {"attributes": options.as_dict(), "taxonomy": taxonomy_fingerprint()}
    return settings


def taxonomy_fingerprint() -> str:
    """A digest of the criteria texts, the stance grammar's poles and templates, and the code that measures
    and pairs answers: the pairs change when any of them does, so a prepared cache built with other code
    is rebuilt, never reused."""
    modules = (verifiers, profile_module, grammar, attribute_pairs, quality_pairs, published)
    code = "".join(inspect.getsource(m) for m in modules)
    texts = [WORDINGS, grammar.POLES, grammar.WANT, grammar.REJECT]  # the grammar's data lives in files too
    return stable_hash(json.dumps(texts, sort_keys=True) + code)


def _label_counts(samples: list[PreferenceSample]) -> dict[str, int]:
    labels = Counter(s.preference for s in samples)
    return {"samples": len(samples), **{k: labels[k] for k in ("model_a", "model_b")}, "ties": labels["tie"]}


def _prepare_source(name: str, raw_dir: Path, out_dir: Path, settings: dict[str, Any]) -> dict[str, Any]:
    """Convert, split and write one source; returns its manifest entry."""
    converter = SOURCES[name]
    if name in PAIR_SOURCES:
        result = converter(raw_dir, settings["seed"], attribute_pairs.PairOptions.from_mapping(settings["attributes"]))
    else:
        result = converter(raw_dir, settings["seed"])
    heldout_families = settings.get("attributes", {}).get("heldout_families", ())  # attribute pairs only
    split = assign_splits(
        result.samples, settings["seed"], settings["heldout_styles"], settings["fractions"], heldout_families
    )
    entry: dict[str, Any] = {
        "converter": dict(sorted(result.counts.items())),
        "excluded": dict(split.excluded),
        "splits": {},
        "files": {},
    }
    families = attribute_pairs.family_counts(result.counts)
    for split_name in ALL_SPLITS:
        samples = split.splits[split_name]
        for family, n in Counter(s.extra["family"] for s in samples if s.extra.get("family")).items():
            families.setdefault(family, {})[split_name] = n
        relative = f"{name}/{split_name}.jsonl"
        write_samples(out_dir / relative, samples)
        entry["splits"][split_name] = _label_counts(samples)
        entry["files"][split_name] = relative
    if families:
        entry["families"] = {f: dict(sorted(c.items())) for f, c in sorted(families.items())}
        entry["converter"] = {k: v for k, v in entry["converter"].items() if "/" not in k}
    return entry


def prepare(
    raw_dir: str | Path,
    out_dir: str | Path,
    sources: Iterable[str] | None = None,
    seed: int = 0,
    heldout_styles: Sequence[str] = DEFAULT_HELDOUT_STYLES,
    fractions: Mapping[str, float] = DEFAULT_FRACTIONS,
    console: Console | None = None,
    show: bool = True,
    attributes: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Convert and split the requested sources, write the jsonl files and the manifest; returns it.

    ``attributes``: options of the attribute pairs (:class:`crm.data.criteria.pairs.PairOptions`)."""
    raw_dir, out_dir = Path(raw_dir), Path(out_dir)
    settings = _settings(raw_dir, resolve_sources(sources), seed, heldout_styles, fractions, attributes)
    if not raw_dir.is_dir():
        raise FileNotFoundError(f"raw data directory not found: {raw_dir}; {RAW_HINT}")
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest_path = out_dir / MANIFEST_NAME
    manifest_path.unlink(missing_ok=True)  # an interrupted run must not look complete
    start = time.perf_counter()
    entries = {name: _prepare_source(name, raw_dir, out_dir, settings) for name in settings["sources"]}
    forget_measuring()  # the answers are measured
    manifest = {
        "settings": settings,
        "sources": entries,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "elapsed_s": round(time.perf_counter() - start, 2),
    }
    tmp = manifest_path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    tmp.replace(manifest_path)
    if show:
        print_manifest(manifest, console)
    return manifest


def forget_measuring() -> None:
    """Drop the answers' measurements, the parses :func:`~crm.data.criteria.profile.profile` keeps and the
    pronouncing dictionary textstat loads for its first reading grade (74 MB): a run that prepared its data
    does not hold them beside its model (measured again if ever needed)."""
    attribute_pairs.forget_measured()
    profile_module.profile.cache_clear()
    textstat_utils.get_cmudict.cache_clear()


def print_manifest(manifest: dict[str, Any], console: Console | None = None) -> None:
    """A table of samples per source and split, with ties, converter skips and held-out exclusions."""
    title = f"Prepared data (seed {manifest['settings']['seed']}, {manifest['elapsed_s']} s)"
    heldout = ", ".join(manifest["settings"]["heldout_styles"]) or "none"
    caption = f"new_criteria = {NEW_CRITERIA_SPLIT}; held-out styles: {heldout}"
    columns = (*ALL_SPLITS, "ties", "skipped", "excluded")
    header = ["source", *(column.replace(f"{SPLITS[-1]}_", "") for column in columns)]  # within 80 columns
    rows, totals = [], Counter()
    for name, entry in manifest["sources"].items():
        row = Counter({split: entry["splits"][split]["samples"] for split in ALL_SPLITS})
        row["ties"] = sum(entry["splits"][split]["ties"] for split in ALL_SPLITS)
        row["skipped"] = sum(v for k, v in entry["converter"].items() if k.startswith("skipped"))
        row["excluded"] = sum(entry["excluded"].values())
        totals.update(row)
        rows.append([name, *(str(row[c]) for c in columns)])
    rows.append(["total", *(str(totals[c]) for c in columns)])
    tables = [(title, header, rows, caption)]
    tables += [
        family_table(name, entry["families"], manifest["settings"]["attributes"], entry["converter"])
        for name, entry in manifest["sources"].items()
        if entry.get("families")
    ]
    print_tables(tables, console or Console(width=max(Console().width, 132)))  # the family table is wide


FAMILY_COLUMNS = {
    "candidates": "candidates",
    "dropped_length_mismatch": "length x1.5",
    "dropped_heldout_model": "held-out model",
    "capped_per_query": "query cap",
    "topped_up": "top-up (rare family)",
    "capped_per_family": "family cap",
    "dropped_length_balance": "length balance",
    "kept": "kept",
    "answers_unclear": "unclear answers",
}


def family_table(
    source: str, families: dict[str, dict[str, int]], attributes: dict[str, Any], converter: dict[str, int]
) -> Table_:
    """Per criteria family: candidate pairs, every rejection, and the pairs kept in each split."""
    heldout = set(attributes["heldout_families"])
    caption = f"held-out families (test only, *): {', '.join(sorted(heldout))}; held-out models: " + ", ".join(
        attributes["heldout_models"]
    )
    if attributes.get("training_corpora") and "training_corpora_test_queries_skipped" in converter:
        skipped = converter["training_corpora_test_queries_skipped"]
        corpora = ", ".join(attributes["training_corpora"])
        caption += f"; training and validation only: {corpora} ({skipped} test queries left out)"
    header = ["family", *(label.replace(f"{SPLITS[-1]}_", "") for label in (*FAMILY_COLUMNS.values(), *ALL_SPLITS))]
    rows = [
        [
            f"{family}*" if family in heldout else family,
            *(str(counts.get(k, 0)) for k in (*FAMILY_COLUMNS, *ALL_SPLITS)),
        ]
        for family, counts in families.items()
    ]
    return f"{source}: pairs per criteria family", header, rows, caption


def read_manifest(out_dir: str | Path) -> dict[str, Any] | None:
    """The manifest of a prepared directory, or None when absent or unreadable."""
    try:
        return json.loads((Path(out_dir) / MANIFEST_NAME).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None


def _same_settings(manifest: dict[str, Any] | None, wanted: dict[str, Any], check_raw: bool) -> bool:
    """The cache was built with these settings, whatever its sources."""
    have = manifest.get("settings") if isinstance(manifest, dict) else None
    if not isinstance(have, dict):
        return False
    ignored = {"sources"} | (set() if check_raw else {"raw_dir"})
    return all(have.get(k) == v for k, v in wanted.items() if k not in ignored)


def _has_sources(manifest: dict[str, Any], sources: list[str], out_dir: Path) -> bool:
    """Every requested source is in the manifest and all its split files exist."""
    entries = manifest.get("sources", {})
    if not all(s in entries for s in sources):
        return False
    return all((out_dir / entries[s]["files"][split]).is_file() for s in sources for split in ALL_SPLITS)


@contextmanager
def _locked(out_dir: Path) -> Iterator[None]:
    """Serialise check-and-build, so processes started together (e.g. DDP ranks) build once."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with (out_dir / ".prepare.lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_prepared(
    raw_dir: str | Path | None,
    out_dir: str | Path,
    sources: Iterable[str] | None = None,
    seed: int = 0,
    heldout_styles: Sequence[str] = DEFAULT_HELDOUT_STYLES,
    fractions: Mapping[str, float] = DEFAULT_FRACTIONS,
    attributes: Mapping[str, Any] | None = None,
) -> Path:
    """Reuse ``out_dir`` when its manifest matches these settings, else (re)build it; returns ``out_dir``.

    A cache with the same settings but other sources is rebuilt with the union of both, so runs
    on different source mixes share one directory. ``raw_dir=None``, or a raw directory that does not
    exist, accepts a cache built from any raw directory (e.g. a GPU node that only has the prepared
    files) and fails with a hint if a rebuild is needed.
    """
    out_dir = Path(out_dir)
    if raw_dir is not None and not Path(raw_dir).is_dir():
        log.info("raw data directory %s not found: using the prepared data in %s if it matches", raw_dir, out_dir)
        raw_dir = None
    wanted = _settings(Path(raw_dir or "."), resolve_sources(sources), seed, heldout_styles, fractions, attributes)
    with _locked(out_dir):
        manifest = read_manifest(out_dir)
        same = _same_settings(manifest, wanted, check_raw=raw_dir is not None)
        if same and _has_sources(manifest, wanted["sources"], out_dir):
            return out_dir
        if raw_dir is None:
            raise FileNotFoundError(f"no matching prepared data in {out_dir} and no raw dir found; {RAW_HINT}")
        names = wanted["sources"] + (manifest["settings"].get("sources", []) if same else [])
        prepare(raw_dir, out_dir, resolve_sources(names), seed, heldout_styles, fractions, attributes=attributes)
    return out_dir


def processed_split_files(
    processed_dir: str | Path,
    raw_dir: str | Path | None,
    sources: Sequence[str],
    split: str,
    seed: int = 0,
    heldout_styles: Sequence[str] = DEFAULT_HELDOUT_STYLES,
    attributes: Mapping[str, Any] | None = None,
) -> list[Path]:
    """The jsonl files of ``split`` for each source that has one, building the cache first if needed."""
    root = Path(processed_dir)
    if raw_dir is not None:
        root = ensure_prepared(raw_dir, root, sources, seed, heldout_styles, attributes=attributes)
    return [root / source / f"{split}.jsonl" for source in sources if (root / source / f"{split}.jsonl").exists()]
