"""How a CRM reads each criterion a user writes, shown beside the board it makes.

A two-tower CRM's criteria classifier (``model.criteria_classes``) names the (family, polarity) it
finds most likely for a criterion, with its probability. A user whose "No lists, please." is read as
"uses bullet points" sees it and rewrites the criterion; a criterion of no family the CRM was taught
(most probability spread over several) is flagged: its board may not follow it (docs/RESULTS.md: the
held-out families score near chance). No torch here: readings come from the score cache too.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

# A reading is sure when its top class holds at least half the probability (how many of the seen and of
# the held-out families' test-only wordings are: docs/RESULTS.md).
SURE = 0.5


@dataclass(frozen=True)
class CriterionReading:
    criterion: str
    family: str
    polarity: str  # "pos": asks for the family's property; "neg": for its opposite
    probability: float

    @property
    def meaning(self) -> str:
        """What the CRM takes the criterion to ask for, in the taxonomy's words."""
        from crm.data.criteria.taxonomy import get_family

        family = get_family(self.family)
        return family.description if self.polarity == "pos" else family.opposite

    @property
    def sure(self) -> bool:
        return self.probability >= SURE

    def as_dict(self) -> dict:
        return {**asdict(self), "meaning": self.meaning, "sure": self.sure}


def reading_of(criterion: str, class_name: str, probability: float) -> CriterionReading:
    """A reading from a classifier class named ``family/polarity`` (``CRMSettings.criteria_class_names``)."""
    family, polarity = class_name.rsplit("/", 1)
    return CriterionReading(criterion, family, polarity, float(probability))
