"""How often a word ends a sentence: what tells an answer cut off mid-sentence from one that only lost
its full stop.

An answer cut off by a token limit stops at any word ("... the function returns the"); a full answer
that ends on no full stop stops where sentences stop ("... the gift of life", "Best regards, [Your
Name"), and several models' answers end so. The rate at which each word ends a sentence (or a line,
or the text) in real answers tells the two apart where the last character cannot. The table
(``sentence_ends.tsv``, word and rate) is counted over the real answers of the training splits by
``python -m crm.data.sentence_ends data/processed``, and ships with the package: a fact of written
English the CRM reads on every scoring path, never refitted per run.
"""

from __future__ import annotations

import argparse
import math
import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from crm.data.criteria.profile import WORD
from crm.data.schema import read_samples

TABLE = "sentence_ends.tsv"
MIN_COUNT = 20  # a word seen fewer times keeps the prior: its own rate is noise
SMOOTHING = 5  # pseudo-counts of the prior in each word's rate
LOWEST_RATE = 1e-3  # the feature's floor: log10 maps [1e-3, 1] onto [0, 1]
# after a word, the characters that close it ("word)", "word**") and what then ends a sentence
CLOSING = re.compile(r"[)\]}\"'*_`\u2019\u201d]*(?:[.!?]|\s*\n|\s*$)")
# the training splits whose answers are written by models and people (attribute pairs: rewritten copies)
REAL_SOURCES = ("alpaca_styles", "dsp_helpful", "dsp_styles", "dsp_webgpt", "hh_harmless", "pandalm", "quality_pairs")


def count_endings(texts: Iterable[str]) -> tuple[Counter, Counter]:
    """(occurrences, sentence endings) of each lower-cased word over ``texts``."""
    seen, ending = Counter(), Counter()
    for text in texts:
        for match in WORD.finditer(text):
            word = match.group().lower()
            seen[word] += 1
            ending[word] += bool(CLOSING.match(text, match.end()))
    return seen, ending


def rates(seen: Counter, ending: Counter) -> tuple[float, dict[str, float]]:
    """(prior, rate per word seen at least :data:`MIN_COUNT` times), each smoothed towards the prior."""
    prior = sum(ending.values()) / max(sum(seen.values()), 1)
    table = {
        word: (ending[word] + SMOOTHING * prior) / (count + SMOOTHING)
        for word, count in seen.items()
        if count >= MIN_COUNT
    }
    return prior, table


@lru_cache(maxsize=1)
def table() -> tuple[float, dict[str, float]]:
    """(prior, rate per word) of the shipped table; its first line holds the prior."""
    lines = resources.files("crm.data").joinpath(TABLE).read_text(encoding="utf-8").splitlines()
    prior = float(lines[0].split("\t")[1])
    return prior, {word: float(rate) for word, rate in (line.split("\t") for line in lines[1:])}


def last_word_ending(answer: str) -> float:
    """How often the answer's last word ends a sentence, on a log scale from 0 (a rate of 1e-3 or less:
    "the", "of") to 1 (always); 1 for an answer with no word."""
    words = WORD.findall(answer)
    if not words:
        return 1.0
    prior, rate = table()
    return 1 + math.log10(max(rate.get(words[-1].lower(), prior), LOWEST_RATE)) / 3


def training_answers(processed: Path) -> Iterable[str]:
    """The answers of each real source's training split under ``processed``."""
    for source in REAL_SOURCES:
        samples, _ = read_samples(processed / source / "train.jsonl")
        for sample in samples:
            yield sample.response_a
            yield sample.response_b


def main() -> None:
    parser = argparse.ArgumentParser(description="Count the sentence-end table over the training answers.")
    parser.add_argument("processed", type=Path, help="the prepared samples (data/processed)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(TABLE))
    args = parser.parse_args()
    prior, table_ = rates(*count_endings(training_answers(args.processed)))
    rows = [f"<prior>\t{prior:.4f}", *(f"{w}\t{r:.4f}" for w, r in sorted(table_.items()))]
    args.out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(table_)} words, prior {prior:.4f}")


if __name__ == "__main__":
    main()
