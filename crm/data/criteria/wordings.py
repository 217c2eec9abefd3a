"""The criteria-reading task: which (family, polarity) a criteria text asks for.

Classes are the seen verified families in both polarities; the training wordings are the
hand-written ones less the test-only ones, the training paraphrases and the stance grammar's; the
test wordings are the test-only ones every CRM is judged with, never trained on.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from crm.data.criteria.taxonomy import FAMILIES
from crm.data.criteria.texts import POLARITIES

Labelled = list[tuple[str, int]]


@dataclass(frozen=True)
class ReadingTask:
    classes: list[tuple[str, str]]  # (family, polarity) per label
    train: Labelled
    test: Labelled


def reading_task(heldout: Collection[str]) -> ReadingTask:
    """The (family, polarity) classes of the verified families outside ``heldout``, with their wordings."""
    classes = [(n, p) for n, f in FAMILIES.items() if f.verified and n not in heldout for p in POLARITIES]
    train: Labelled = []
    test: Labelled = []
    for label, (name, polarity) in enumerate(classes):
        family = FAMILIES[name]
        train += [(t, label) for t in family.texts(polarity, "train") + family.texts(polarity, "grammar")]
        test += [(t, label) for t in family.texts(polarity, "test")]
    return ReadingTask(classes, train, test)


def class_names(heldout: Collection[str]) -> list[str]:
    """``family/polarity`` of each reading class, in the classifier's order (exports name them so)."""
    return [f"{family}/{polarity}" for family, polarity in reading_task(heldout).classes]
