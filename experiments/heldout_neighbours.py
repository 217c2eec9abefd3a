"""How far can a CRM that knows only its seen families go on criteria it never saw?

A held-out criterion ("Use short sentences") has no class of its own: the quickstart's reader can only
read it as some mix of the seen (family, polarity) classes, and the head then asks the answers for
what those classes mean. This script judges each held-out family's test pairs with the trained CRM
under each seen family's test-only wordings instead of their own (the same polarity: a "prefer X"
pair under "prefer Y"): the accuracy a reader that mapped every unseen criterion onto that one seen
class would give. Two summaries per family:

- the seen family nearest in meaning (``NEIGHBOURS``, fixed by what the properties are, not by these
  numbers): what a reader that generalised by meaning could be expected to reach;
- the best seen family after the fact: an upper bound chosen on the test pairs themselves, which no
  reader could be expected to reach (it rewards accidents such as closing offers that end in "!").

    python experiments/heldout_neighbours.py <run dir> [--data data/processed] [--precision fp32]

About a minute on 2 cores for the quickstart's 1,056 held-out judgements (66 wordings).
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout

from crm.data.criteria.taxonomy import FAMILIES  # noqa: E402
from crm.data.schema import PreferenceSample  # noqa: E402
from crm.evaluation.families import family_of  # noqa: E402
from crm.evaluation.paper_splits import load_test_set  # noqa: E402
from crm.inference import load_crm  # noqa: E402
from crm.tables import print_tables  # noqa: E402

# The seen family whose property is nearest each default held-out family's, by meaning alone: reading
# level is driven by sentence length; a closing offer and a closing summary are both how an answer
# ends; speaking as "I" is the conversational register; caveats are the kin of safety warnings; an
# analogy is a kind of concrete illustration.
NEIGHBOURS = {
    "short_sentences": "plain_words",
    "closing_offer": "closing_summary",
    "first_person": "casual",
    "hedging": "safety_warnings",
    "examples": "analogies",
}


def under(sample: PreferenceSample, family: str, wording: str) -> PreferenceSample:
    """``sample`` judged under ``wording`` in place of its own family's criterion (other criteria kept)."""
    own, polarity = family_of(sample)
    own_texts = set(FAMILIES[own].texts(polarity, "all"))
    criteria = [wording if c in own_texts else c for c in sample.criteria]
    if criteria == list(sample.criteria):
        raise ValueError(f"{sample.idx}: none of its criteria is a {own}/{polarity} wording")
    return dataclasses.replace(sample, criteria=criteria)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", help="a train.py run directory (its export/ is loaded)")
    parser.add_argument("--data", default="data/processed", help="the prepared data of that run")
    parser.add_argument("--precision", default="auto")
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()

    crm = load_crm(Path(args.run) / "export", precision=args.precision)
    heldout_set, _ = load_test_set(
        "new_criteria", [Path(args.data) / "attribute_pairs" / "test_new_criteria.jsonl"], "attribute_pairs"
    )
    samples = [p.sample for p in heldout_set.pairs]
    labels = np.array([p.label_a for p in heldout_set.pairs])
    rows_of: dict[str, list[int]] = defaultdict(list)
    for i, sample in enumerate(samples):
        rows_of[family_of(sample)[0]].append(i)
    seen = [name for name, f in FAMILIES.items() if f.verified and name not in rows_of]

    def accuracy(judged: list[PreferenceSample], rows: list[int]) -> float:
        return float(((crm.prob_a(judged, args.batch_size) > 0.5) == labels[rows]).mean())

    table, means = [], defaultdict(list)
    for family, rows in sorted(rows_of.items()):
        own = accuracy([samples[i] for i in rows], rows)
        by_seen = {}
        for other in seen:
            polarity_rows = defaultdict(list)
            for i in rows:
                polarity_rows[family_of(samples[i])[1]].append(i)
            scores = []  # one per wording rank, each over both polarities' pairs
            for rank in range(3):
                judged, order = [], []
                for polarity, ix in polarity_rows.items():
                    wording = FAMILIES[other].texts(polarity, "test")[rank]
                    judged += [under(samples[i], other, wording) for i in ix]
                    order += ix
                scores.append(accuracy(judged, order))
            by_seen[other] = statistics.mean(scores)
        neighbour = NEIGHBOURS.get(family)
        best = max(by_seen, key=by_seen.get)
        means["own"].append(own)
        means["best"].append(by_seen[best])
        if neighbour:
            means["neighbour"].append(by_seen[neighbour])
        table.append([
            family, str(len(rows)), f"{own:.3f}",
            f"{neighbour} {by_seen[neighbour]:.3f}" if neighbour else "-",
            f"{best} {by_seen[best]:.3f}",
        ])  # fmt: skip
    table.append([
        "mean", "", f"{statistics.mean(means['own']):.3f}",
        f"{statistics.mean(means['neighbour']):.3f}" if means["neighbour"] else "-",
        f"{statistics.mean(means['best']):.3f}",
    ])  # fmt: skip
    header = ["held-out family", "judged", "the CRM as it reads them", "read as the nearest seen family",
              "the best seen family (after the fact)"]  # fmt: skip
    caption = "each seen family's three test-only wordings, averaged; the same polarity as the pair's own criterion"
    print_tables([(f"{args.run}: held-out families read as seen ones", header, table, caption)])


if __name__ == "__main__":
    main()
