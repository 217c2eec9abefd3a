"""Evaluation results as tables: one layout, rendered as markdown (files) or rich (terminal)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from crm.tables import Table_, fmt

# (column, metric key); None: accuracy in that label direction.
DETAIL_COLUMNS = (
    ("acc", "accuracy"),
    ("95% CI (queries)", "accuracy_ci"),
    ("original", None),
    ("reverse", None),
    ("ties", "tie_rate"),
    ("n", "n"),
    ("pos. consistency", "position_consistency"),
    ("confidence", "confidence"),
    ("margin", "mean_margin"),
    ("ECE", "ece"),
)


def accuracy_table(results: Mapping[str, Mapping[str, dict]], title: str = "Accuracy by test set") -> Table_:
    """Rows: scorers; columns: test sets (the paper's layout)."""
    names = list(dict.fromkeys(t for per_set in results.values() for t in per_set))
    sizes = {t: next(r[t]["n"] for r in results.values() if t in r) for t in names}
    header = ["scorer", *(f"{t} (n={sizes[t]})" for t in names)]
    rows = [[scorer, *(fmt(per_set.get(t, {}).get("accuracy")) for t in names)] for scorer, per_set in results.items()]
    return title, header, rows


def detail_table(scorer: str, per_set: Mapping[str, dict]) -> Table_:
    """Rows: test sets; columns: every metric of one scorer."""
    rows = []
    for name, m in per_set.items():
        by_direction = m.get("by_direction", {})
        cells = []
        for column, key in DETAIL_COLUMNS:
            value = m.get(key) if key else by_direction.get(column, {}).get("accuracy")
            cells.append(fmt(value))
        rows.append([name, *cells])
    return f"{scorer}: all metrics", ["test set", *(c for c, _ in DETAIL_COLUMNS)], rows


def source_table(scorer: str, per_set: Mapping[str, dict]) -> Table_:
    """Rows: test sets; columns: accuracy (n) per data source."""
    sources = sorted({s for m in per_set.values() for s in m.get("by_source", {})})
    rows = []
    for name, m in per_set.items():
        by_source = m.get("by_source", {})
        rows.append(
            [
                name,
                *(f"{fmt(by_source[s]['accuracy'])} ({by_source[s]['n']})" if s in by_source else "-" for s in sources),
            ]
        )
    return f"{scorer}: accuracy (n) by source", ["test set", *sources], rows


def scorers_by_source_table(results: Mapping[str, Mapping[str, dict]], test_set: str) -> Table_:
    """Rows: scorers (the CRM and the length rules); columns: accuracy (n) per data source of one test
    set: the human votes per source beside "longer wins"."""
    per_scorer = {
        name: per_set[test_set].get("by_source", {}) for name, per_set in results.items() if test_set in per_set
    }
    sources = sorted({s for by_source in per_scorer.values() for s in by_source})
    rows = [
        [name, *(f"{fmt(b[s]['accuracy'])} ({b[s]['n']})" if s in b else "-" for s in sources)]
        for name, b in per_scorer.items()
    ]
    return f"{test_set}: accuracy (n) by source, every scorer", ["scorer", *sources], rows


def headline_caption(headline: Mapping[str, Any]) -> str:
    """The acceptance figures of :func:`crm.evaluation.families.headline` in one sentence, with intervals."""

    def mean(key: str) -> str:
        interval = headline.get(f"{key}_ci")
        return fmt(headline.get(key), 3) + (f" {fmt(interval)}" if interval else "")

    return (
        f"Mean over the {headline['seen_families']} seen verified families {mean('seen_families_mean')} "
        f"(lowest {fmt(headline['seen_families_min'], 3)}), over the {headline['heldout_families']} held-out "
        f"ones {mean('heldout_families_mean')}; concise/detailed {fmt(headline['concise_detailed'], 3)} "
        "(95% intervals resample queries)."
    )


def family_table(
    families: Mapping[str, dict], scorers: Sequence[str], title: str, headline: Mapping[str, Any] | None = None
) -> Table_:
    """Rows: criteria families (held-out ones marked *); columns: each scorer's accuracy (the first
    scorer's with its 95% interval over queries), then its accuracy under "prefer X" / "prefer not-X"
    (where a length confound would show)."""
    header = ["family", "kind", "n (X / not-X)", "queries"]
    for i, name in enumerate(scorers):
        header += [name, *([f"{name}: 95% CI (queries)"] if i == 0 else []), f"{name}: X / not-X"]
    rows = []
    for family, m in families.items():
        row = [family + ("" if m["seen"] else " *"), m["kind"], f"{m['n']} ({m['n_pos']} / {m['n_neg']})"]
        row.append(fmt(m.get("queries")))
        for i, name in enumerate(scorers):
            interval = [fmt(m.get(f"{name}/ci"))] if i == 0 else []
            row += [fmt(m.get(name)), *interval, f"{fmt(m.get(f'{name}/pos'), 2)} / {fmt(m.get(f'{name}/neg'), 2)}"]
        rows.append(row)
    return title, header, rows, headline_caption(headline) if headline else None
