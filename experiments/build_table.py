"""Turn finished runs into one ablation table (rows: runs; columns: test splits), as markdown and CSV.

    python experiments/build_table.py logs/evaluate/runs/* --out experiments/tables/noise

Each argument is a run directory of `evaluate.py` (all test splits, plus reference rows) or of
`train.py` (its test sets). Rows are labelled by the settings that differ between runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from crm.evaluation.ablation_table import build_table, write_csv
from crm.tables import print_tables, to_markdown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runs", nargs="+", type=Path, help="run directories holding metrics.json")
    parser.add_argument("--metric", default="accuracy", help="metric per cell (accuracy, ece, tie_rate, ...)")
    parser.add_argument("--out", type=Path, help="write <out>.md and <out>.csv")
    parser.add_argument("--no-references", action="store_true", help="leave out length-rule and reference-model rows")
    args = parser.parse_args(argv)
    table = build_table(args.runs, args.metric, references=not args.no_references)
    print_tables([table])
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.with_suffix(".md").write_text(to_markdown(table))
        write_csv(table, args.out.with_suffix(".csv"))
        print(f"wrote {args.out.with_suffix('.md')} and {args.out.with_suffix('.csv')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
