"""The criteria-reading task: which (family, polarity) a criteria text asks for.

Classes are the seen verified families in both polarities and the quality family; the training wordings are the
hand-written ones less the test-only ones, the training paraphrases and the stance grammar's; the
test wordings are the test-only ones every CRM is judged with, never trained on. A dev share of the
training wordings can be kept from the reader to choose its settings on (the test-only wordings are
also the CRM's test criteria, so choosing on them would fit the test).
"""

from __future__ import annotations

import zlib
from collections.abc import Collection
from dataclasses import dataclass, field

from crm.data.criteria.taxonomy import FAMILIES, QUALITY
from crm.data.criteria.wording_files import POLARITIES

Labelled = list[tuple[str, int]]


@dataclass(frozen=True)
class ReadingTask:
    classes: list[tuple[str, str]]  # (family, polarity) per label
    train: Labelled
    test: Labelled
    dev: Labelled = field(default_factory=list)  # training wordings kept from the reader (``dev_share``)

    @property
    def paired(self) -> int:
        """How many leading classes come in (pos, neg) pairs of one family."""
        return sum(family != QUALITY for family, _ in self.classes)


def in_dev(text: str, share: float) -> bool:
    """Whether a training wording belongs to the dev share (in tenths): a stable hash, the same on every machine."""
    return zlib.crc32(text.encode()) % 10 < share * 10


def reading_task(heldout: Collection[str], dev_share: float = 0.0) -> ReadingTask:
    """The (family, polarity) classes of the verified families outside ``heldout``, in (pos, neg) pairs,
    then the quality family's one class (nobody asks for the worse answer), with their wordings."""
    classes = [(n, p) for n, f in FAMILIES.items() if f.verified and n not in heldout for p in POLARITIES]
    classes.append((QUALITY, "pos"))
    train: Labelled = []
    test: Labelled = []
    dev: Labelled = []
    for label, (name, polarity) in enumerate(classes):
        family = FAMILIES[name]
        for text in family.texts(polarity, "train") + family.texts(polarity, "grammar"):
            (dev if in_dev(text, dev_share) else train).append((text, label))
        test += [(t, label) for t in family.texts(polarity, "test")]
    return ReadingTask(classes, train, test, dev)


def class_names(heldout: Collection[str]) -> list[str]:
    """``family/polarity`` of each reading class, in the classifier's order (exports name them so)."""
    return [f"{family}/{polarity}" for family, polarity in reading_task(heldout).classes]
