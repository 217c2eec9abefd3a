"""Accuracy per criteria family and polarity, with the length rules beside it.

A judged sample is shown under one side's criteria; its family is the criteria family of that side
(attribute pairs), the style the criteria describe (DSP, AlpacaEval), or the generic criterion (human
votes). Both polarities of a pair are judged, so a criteria-blind judge scores 0.5 on a family; the
length rules are reported per polarity as well, where a length confound would show (e.g. "longer
wins" at 0.7 under "prefer X" and 0.3 under "prefer not-X"). Each accuracy comes with a 95%
interval that resamples whole queries (:func:`crm.stats.bootstrap_interval`): a family with 24 test
pairs from a dozen queries is read with its uncertainty, and so is the mean over families.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

import numpy as np

from crm.data.criteria.quality_pairs import QUALITY_UNDER_FORM
from crm.data.criteria.style_pools import STYLE_TOPICS
from crm.data.criteria.taxonomy import FAMILIES, QUALITY
from crm.data.degenerate import SOURCE as DEGENERATE_SOURCE
from crm.data.schema import PreferenceSample
from crm.data.splits import query_of
from crm.stats import bootstrap_interval

CONCISE_STYLES = "concise_detailed"  # the AlpacaEval concise/verbose pairs
# a percentile bootstrap over fewer queries than this understates the spread (one query: no spread at
# all), so such a family gets no interval; its query count is shown instead
MIN_QUERIES_FOR_INTERVAL = 5
DESCRIPTION = ("kind", "seen", "n", "queries", "n_pos", "n_neg")  # a family's entry apart from its accuracies
VOTES = "general"  # human votes under the generic criterion
LONGER = "longer wins"  # the length rule's scorer name (crm.evaluation.scorers.LengthScorer)


def family_of(sample: PreferenceSample) -> tuple[str, str]:
    """(family, polarity) of the criteria a (direction-applied) sample is judged under."""
    side = "a" if sample.preference == "model_a" else "b"
    if sample.extra.get("family"):
        return sample.extra["family"], sample.extra.get(f"{side}_polarity", "pos")
    style = sample.extra.get(f"{side}_style")
    if style in ("concise", "verbose"):
        return CONCISE_STYLES, "pos" if style == "concise" else "neg"
    if style:
        return STYLE_TOPICS.get(style, style), "pos"
    return VOTES, "pos"


def heldout_criteria(data_cfg: Mapping) -> list[str]:
    """Families and styles a data config keeps out of training (the "new criteria" of its tests)."""
    attributes = data_cfg.get("attributes") or {}
    styles = [STYLE_TOPICS[s] for s in data_cfg.get("heldout_styles") or []]
    return list(attributes.get("heldout_families") or []) + styles


def pool_sets(per_set: Sequence[Mapping[str, dict]]) -> dict[str, dict]:
    """One :func:`by_family` result from those of disjoint test sets (counts add, accuracies are
    weighted by their counts): a family can appear in several sets (a DSP style in both the seen- and
    the new-criteria set)."""
    pooled: dict[str, dict] = {}
    for families in per_set:
        for family, m in families.items():
            if family not in pooled:
                pooled[family] = dict(m)
                continue
            p = pooled[family]
            for key in [k for k in p if k.endswith("/ci") or k == "queries"]:
                del p[key]  # sets may share queries, and an interval is no weighted mean of two (per set: metrics.json)
            for key, value in m.items():
                if not isinstance(value, float):
                    continue
                weight = "n_" + key.rsplit("/", 1)[1] if "/" in key else "n"
                total = p.get(weight, 0) + m.get(weight, 0)
                p[key] = (p.get(key, 0.0) * p.get(weight, 0) + value * m.get(weight, 0)) / total if total else value
            for key in ("n", "n_pos", "n_neg"):
                p[key] = p.get(key, 0) + m.get(key, 0)
    return dict(sorted(pooled.items()))


def merge_scorers(per_scorer: Mapping[str, Mapping[str, dict]], metric: str = "accuracy") -> dict[str, dict]:
    """``{scorer: by_family(...)}`` computed with one ``metric`` name -> one dict per family with every
    scorer's figures side by side (keys ``<scorer>``, ``<scorer>/pos``, ``<scorer>/neg``)."""
    merged: dict[str, dict] = {}
    for scorer, families in per_scorer.items():
        for family, m in families.items():
            entry = merged.setdefault(family, {k: m[k] for k in DESCRIPTION if k in m})
            for key, value in m.items():
                if key == metric or key.startswith(metric + "/"):
                    entry[scorer + key[len(metric) :]] = value
    return dict(sorted(merged.items()))


def kind_of(family: str) -> str:
    if family in FAMILIES:
        return FAMILIES[family].kind
    if family == QUALITY_UNDER_FORM:
        return FAMILIES[QUALITY].kind
    if family.startswith(f"{DEGENERATE_SOURCE}:"):
        return DEGENERATE_SOURCE
    return "length" if family == CONCISE_STYLES else "votes" if family == VOTES else "domain"


def by_family(
    samples: Sequence[PreferenceSample], correct: Mapping[str, np.ndarray], heldout: Sequence[str] = ()
) -> dict[str, dict]:
    """``{family: {kind, seen, n, queries, <scorer>: acc, <scorer>/ci, <scorer>/pos, <scorer>/neg, n_pos,
    n_neg}}`` for the boolean ``correct`` arrays of each scorer (aligned with ``samples``); ``/ci`` only
    for a family of at least ``MIN_QUERIES_FOR_INTERVAL`` queries."""
    queries = np.array([query_of(s) for s in samples], dtype=object)
    groups: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i, sample in enumerate(samples):
        family, polarity = family_of(sample)
        groups[family][polarity].append(i)
    out = {}
    for family in sorted(groups):
        polarities = groups[family]
        rows = sorted(i for ix in polarities.values() for i in ix)
        entry: dict = {
            "kind": kind_of(family),
            "seen": family not in heldout,
            "n": len(rows),
            "queries": len(set(queries[rows].tolist())),
        }
        for polarity in ("pos", "neg"):
            entry[f"n_{polarity}"] = len(polarities.get(polarity, []))
        for name, values in correct.items():
            values = np.asarray(values, dtype=bool)
            entry[name] = float(values[rows].mean())
            if entry["queries"] >= MIN_QUERIES_FOR_INTERVAL:
                entry[f"{name}/ci"] = list(bootstrap_interval(values[rows], queries[rows]))
            for polarity, ix in polarities.items():
                entry[f"{name}/{polarity}"] = float(values[ix].mean())
        out[family] = entry
    return out


def _verified(family: str) -> bool:
    return family in FAMILIES and FAMILIES[family].verified


def family_mean_intervals(
    samples: Sequence[PreferenceSample], correct: np.ndarray, heldout: Sequence[str] = ()
) -> dict[str, list[float]]:
    """95% intervals of the mean accuracy over the seen and over the held-out verified families of
    ``samples`` (``correct`` aligned with them), resampling whole queries: the headline's uncertainty."""
    correct = np.asarray(correct, dtype=bool)
    families = np.array([family_of(s)[0] for s in samples], dtype=object)
    queries = np.array([query_of(s) for s in samples], dtype=object)
    out = {}
    for name, seen in (("seen_families_mean_ci", True), ("heldout_families_mean_ci", False)):
        rows = [i for i, f in enumerate(families) if _verified(f) and (f not in heldout) == seen]
        if rows:
            out[name] = list(bootstrap_interval(correct[rows], queries[rows], strata=families[rows]))
    return out


def headline(
    families: Mapping[str, dict], scorer: str, intervals: Mapping[str, list[float]] | None = None
) -> dict[str, float | list[float] | None]:
    """The acceptance figures: mean (and min) over seen verified families, mean over held-out ones,
    the concise/detailed pairs, the human votes and the quality pairs (with "longer wins" beside
    them where it was scored); with ``intervals`` (:func:`family_mean_intervals`) the means' 95%
    intervals."""
    seen = [v[scorer] for f, v in families.items() if _verified(f) and v["seen"]]
    held = [v[scorer] for f, v in families.items() if _verified(f) and not v["seen"]]
    concise = families.get(CONCISE_STYLES, {}).get(scorer)
    quality = {}
    for name, family in (("votes", VOTES), ("quality", QUALITY), ("quality_under_form", QUALITY_UNDER_FORM)):
        entry = families.get(family, {})
        quality[name] = entry.get(scorer)
        if entry.get(f"{scorer}/ci"):
            quality[f"{name}_ci"] = entry[f"{scorer}/ci"]
        if entry.get(LONGER) is not None:
            quality[f"{name}_longer_wins"] = entry[LONGER]
    return {
        "seen_families_mean": float(np.mean(seen)) if seen else None,
        "seen_families_min": float(np.min(seen)) if seen else None,
        "heldout_families_mean": float(np.mean(held)) if held else None,
        "concise_detailed": concise,
        "seen_families": len(seen),
        "heldout_families": len(held),
        **quality,
        **(intervals or {}),
    }
