"""``evaluate(cfg)``: build the test sets, load the scorers, score, and write JSON + markdown."""

from __future__ import annotations

import json
import logging
from collections import Counter
from pathlib import Path
from typing import Any

from omegaconf import DictConfig, OmegaConf, open_dict

from crm.config import attribute_options
from crm.data.noise import CriteriaBank
from crm.data.prepare import processed_split_files
from crm.data.schema import PreferenceSample
from crm.data.splits import query_of
from crm.devices import Devices, is_rank_zero
from crm.evaluation.families import headline, heldout_criteria, merge_scorers, pool_sets
from crm.evaluation.harness import drop_unscorable, evaluate_scorers
from crm.evaluation.paper_splits import (
    VARIANTS,
    TestSet,
    load_test_set,
    read_all,
    short_answer_test_sets,
    split_by_topic,
    variant,
)
from crm.evaluation.result_tables import (
    accuracy_table,
    detail_table,
    family_table,
    scorers_by_source_table,
    source_table,
)
from crm.evaluation.scorers import LengthScorer, Scorer, load_scorer
from crm.evaluation.ties import tie_results, tie_table
from crm.outputs import write_whole
from crm.run_options import EvaluateOptions, check_options
from crm.tables import print_tables, to_markdown

log = logging.getLogger(__name__)

# Column order of the paper's tables; test files and their variants follow.
PAPER_ORDER = ["seen_criteria", "new_criteria", "seen_topics", "new_topics", *VARIANTS]


def processed_files(data: DictConfig, split: str) -> list[Path]:
    return processed_split_files(
        data.processed_dir,
        data.raw_dir,
        list(data.sources),
        split,
        data.split_seed,
        list(data.heldout_styles),
        data.get("attributes"),
    )


def build_test_sets(cfg: DictConfig) -> tuple[list[TestSet], dict[str, list[PreferenceSample]]]:
    """Processed splits of ``cfg.data`` (with topic and criteria variants) and any ``cfg.test_files``; and
    the pairs of each split and file that the data calls ties, which the test sets leave out."""
    data = cfg.data
    bases: list[TestSet] = []
    samples: list[PreferenceSample] = []
    ties: dict[str, list[PreferenceSample]] = {}
    read_sets = [(name, processed_files(data, split), f"{split} ({', '.join(data.sources)})")
                 for name, split in (cfg.splits or {}).items()]  # fmt: skip
    read_sets += [(Path(path).stem, [path], None) for path in cfg.test_files or []]
    for name, paths, origin in read_sets:
        test_set, read = load_test_set(name, paths, origin, data.skip_invalid)
        bases.append(test_set)
        samples += read
        ties[name] = [s for s in read if s.preference == "tie"]
    if not bases:
        raise ValueError("nothing to evaluate: give processed `splits` and/or `test_files=[a.jsonl,...]`")
    train: list[PreferenceSample] = []
    if cfg.splits and (cfg.variants or cfg.topics.enabled):
        train = read_all(processed_files(data, "train"), data.skip_invalid)[0]  # queries and criteria only
    seen = next((t for t in bases if t.name == "seen_criteria"), None)
    derived: list[TestSet] = []
    bank = CriteriaBank.from_samples(train + samples)  # what noise_add draws unrelated criteria from
    for base in [t for t in bases if t is seen or t.name not in (cfg.splits or {})]:
        for kind in cfg.variants or []:
            derived.append(variant(base, kind, bank, cfg.seed, kind if base is seen else f"{base.name}/{kind}"))
    if cfg.topics.enabled and train and seen is not None:
        from crm.text_encoder import SentenceEncoder

        derived += split_by_topic(seen, [query_of(s) for s in train], SentenceEncoder(), cfg.topics.threshold)
    if cfg.short_answers and cfg.splits:  # beside the data's own test splits
        try:
            derived += short_answer_test_sets(cfg.short_answers, cfg.seed)
        except FileNotFoundError as err:
            log.warning("no short-answer sets: %s", err)
    order = lambda t: PAPER_ORDER.index(t.name) if t.name in PAPER_ORDER else len(PAPER_ORDER)  # noqa: E731
    return sorted(bases + derived, key=order), ties


def load_scorers(cfg: DictConfig) -> dict[str, Scorer]:
    """The evaluated model first, then criteria-agnostic reference models and length rules; CRMs score over
    ``trainer.devices`` x ``trainer.num_nodes`` processes."""
    models = {cfg.name: cfg.ckpt, **(cfg.reference_models or {})}
    devices = Devices(cfg.trainer.devices, cfg.trainer.num_nodes)
    scorers: dict[str, Scorer] = {
        name: load_scorer(
            path,
            name,
            cfg.batch_size,
            cfg.device,
            cfg.criteria_in_system,
            cfg.max_length,
            cfg.precision,
            cfg.engine,
            devices,
        )
        for name, path in models.items()
    }
    for rule in cfg.references or []:
        scorer = LengthScorer(rule)
        scorers[scorer.name] = scorer
    return scorers


FAMILY_TITLE = "Accuracy per criteria family (held-out queries, both polarities; * = never seen in training)"
FAMILY_SETS = ("seen_criteria", "new_criteria")  # the unperturbed held-out-query sets
SEEN = FAMILY_SETS[0]  # its sources' accuracies, every scorer side by side
SHORT_ANSWERS = "short_answers/"  # and the short-answer sets' (their sources: the wrong kinds)


def family_results(results: dict[str, dict[str, dict]], crm_name: str) -> dict:
    """Every scorer's accuracy per family on the seen- and new-criteria sets (disjoint pairs), side by
    side, and the headline figures of the evaluated CRM."""
    per_scorer = {
        scorer: pool_sets([per_set[name]["by_family"] for name in FAMILY_SETS if name in per_set])
        for scorer, per_set in results.items()
    }
    merged = merge_scorers(per_scorer)
    if not merged:
        return {}
    # a headline interval comes from the one set that holds all of its families (seen families: the
    # seen-criteria set; held-out ones: the new-criteria set); split over two sets, none is given
    per_set = [results[crm_name][name].get("family_mean_ci", {}) for name in FAMILY_SETS if name in results[crm_name]]
    found = Counter(key for intervals in per_set for key in intervals)
    intervals = {key: value for intervals in per_set for key, value in intervals.items() if found[key] == 1}
    return {"by_family": merged, "headline": headline(merged, crm_name, intervals)}


def training_settings(ckpt: str | Path) -> dict[str, Any] | None:
    """The settings a training run recorded (model, head, noise, sources...), if ``ckpt`` is a run directory."""
    for path in (Path(ckpt) / "metrics.json", Path(ckpt).parent / "metrics.json"):
        if path.exists():
            return json.loads(path.read_text()).get("settings")
    return None


def adopt_run_attributes(cfg: DictConfig, trained: dict[str, Any] | None, overrides: list[str]) -> bool:
    """Evaluate a run with the attribute-pair options it was trained with (its held-out families are the
    new criteria of its tests, and its prepared cache is reused) unless the command line picks the data
    group or sets an attribute option itself; returns whether they were adopted."""
    recorded = (trained or {}).get("attributes")
    chosen = any(o.lstrip("+~").startswith(("data=", "data.attributes")) for o in overrides)
    current = attribute_options(cfg.data)
    if recorded is None or current is None or chosen:
        return False
    if current != recorded:
        log.info("evaluating with the run's own data.attributes (recorded in its metrics.json)")
        with open_dict(cfg):
            cfg.data.attributes = recorded
    return True


def warn_on_data_mismatch(cfg: DictConfig, trained: dict[str, Any] | None) -> None:
    """Warn where the data settings differ from those the run recorded: other sources, or other
    attribute-pair options (held-out families and models decide which families count as new, the rest
    which pairs the prepared cache holds, rebuilt to these settings)."""
    if not trained:
        return
    if trained.get("sources") and sorted(trained["sources"]) != sorted(cfg.data.sources):
        log.warning("evaluating on sources %s; the model was trained on %s", list(cfg.data.sources), trained["sources"])
    recorded = trained.get("attributes")
    current = attribute_options(cfg.data) or {}
    if recorded is not None:
        differ = sorted(k for k in recorded.keys() | current.keys() if recorded.get(k) != current.get(k))
        if differ:
            log.warning(
                "data.attributes differ from the run's (%s): to evaluate on its own splits, pass %s",
                ", ".join(differ),
                " ".join(f"data.attributes.{k}={override_value(recorded.get(k))}" for k in differ),
            )


def override_value(value: Any) -> str:
    """``value`` as a Hydra command-line override writes it: ``[a,b]``, ``{train:0.8}``, ``null``."""
    if isinstance(value, list):
        return "[" + ",".join(override_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{override_value(v)}" for k, v in value.items()) + "}"
    if value is None:
        return "null"
    return str(value).lower() if isinstance(value, bool) else str(value)


def evaluate(cfg: DictConfig, command_line: list[str] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Returns ``(metrics, objects)``; writes ``metrics.json`` and ``results.md`` to ``cfg.paths.output_dir``.
    ``command_line``: the overrides ``evaluate.py`` was given; with them a run is evaluated with its own
    attribute-pair options unless they choose data options (:func:`adopt_run_attributes`)."""
    check_options(cfg, EvaluateOptions)
    trained = training_settings(cfg.ckpt)
    if command_line is not None:
        adopt_run_attributes(cfg, trained, command_line)
    warn_on_data_mismatch(cfg, trained)
    scorers = load_scorers(cfg)  # first: a missing or damaged CRM is named before the test sets are built
    test_sets, ties = build_test_sets(cfg)
    test_sets = drop_unscorable(test_sets, scorers)
    for empty in (t.name for t in test_sets if not t.pairs):
        log.warning("test set %s has no pairs; it is listed in metrics.json but not scored", empty)
    heldout = heldout_criteria(cfg.data)
    results = evaluate_scorers(scorers, test_sets, progress=cfg.progress, heldout=heldout)
    families = family_results(results, cfg.name)
    ties = tie_results(scorers, ties)
    metrics = {
        "settings": {
            "ckpt": str(cfg.ckpt),
            "trained": trained,
            "data": OmegaConf.to_container(cfg.data, resolve=True),
            "seed": cfg.seed,
        },
        "test_sets": {t.name: t.info() for t in test_sets},  # empty ones too: nothing vanishes unreported
        "scorers": results,
        "families": families,
        "ties": ties,
    }
    tables = [accuracy_table(results)]
    if families:
        scorer_names = [cfg.name, *(n for n in scorers if n != cfg.name)]
        tables.append(family_table(families["by_family"], scorer_names, FAMILY_TITLE, families["headline"]))
    for name in next(iter(results.values()), {}):
        if name == SEEN or name.startswith(SHORT_ANSWERS):
            tables.append(scorers_by_source_table(results, name))
    for name, scorer in scorers.items():
        if scorer.criteria_aware:
            tables += [detail_table(name, results[name]), source_table(name, results[name])]
    if ties:
        tables.append(tie_table(ties))
    if not is_rank_zero():  # on many devices every process has every result; one prints and writes them
        return metrics, {"scorers": scorers, "test_sets": test_sets}
    print_tables(tables)
    out_dir = Path(cfg.paths.output_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    write_whole(out_dir / "metrics.json", json.dumps(metrics, indent=2) + "\n")
    sets = "\n".join(
        f"- `{name}`: {info['description']} ({info['pairs']} pairs"
        + (f"; {info['unscorable']} left out, unscorable: {info['unscorable_reason']}" if "unscorable" in info else "")
        + ")"
        for name, info in metrics["test_sets"].items()
    )
    write_whole(
        out_dir / "results.md",
        f"# Evaluation of `{cfg.ckpt}`\n\n{sets}\n\n" + "\n".join(to_markdown(t) for t in tables),
    )
    log.info("wrote %s and %s", out_dir / "metrics.json", out_dir / "results.md")
    return metrics, {"scorers": scorers, "test_sets": test_sets}
