"""The criteria taxonomy: families of answer properties that users ask for, in both polarities.

A family is one property X ("uses bullet points", "plain everyday words"). Users ask for X ("pos") or
for its opposite ("neg", often phrased negatively: "no bullet points, please"). Each family is declared
in one place, its file ``families/<name>.yaml`` (the DSP domain styles: ``style_pools.yaml``), which gives

- a *kind* (length, format, audience, register, sentence, content, opening, domain, quality) for reporting;
- a *topic*: families that describe correlated properties share one, so topic-aware ``add`` noise
  never adds a criterion about, say, headings to a pair that differs in bullet points;
- X and not-X in a few words;
- its *verifier*, named: the function of :mod:`crm.data.criteria.verifiers` that measures X on an
  answer, or none for the quality family (labelled by published rankings and votes) and the DSP domain
  styles (labelled by the data: each answer was written in that style);
- criteria wordings per polarity (:mod:`crm.data.criteria.wording_files`; DSP styles keep their pools).

A new family is one file (and, if it is verified, its verifier function).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from crm.data.criteria import grammar
from crm.data.criteria.recipe_defaults import criteria_attributes
from crm.data.criteria.style_pools import CRITERIA_POOLS, DOMAIN_FAMILIES
from crm.data.criteria.verifiers import VERIFIERS, Verifier
from crm.data.criteria.wording_files import FAMILY_FILES, POLARITIES, TEST_WORDINGS, WORDINGS, load_declaration


@dataclass(frozen=True)
class Family:
    name: str
    kind: str
    topic: str
    description: str  # X, the "pos" polarity
    opposite: str  # not-X, the "neg" polarity
    length_matched: bool = True  # pairs keep their lengths within a factor 1.5 (all but the length family)
    verifier_name: str | None = None  # the function of crm.data.criteria.verifiers that measures X

    @property
    def verifier(self) -> Verifier | None:
        return VERIFIERS[self.verifier_name] if self.verifier_name else None

    @property
    def verified(self) -> bool:
        return self.verifier is not None

    def texts(self, polarity: str, wording: str = "train") -> tuple[str, ...]:
        """Criteria of one polarity: ``train`` wording (the hand-written and the paraphrased training
        wordings of the family's file, :mod:`crm.data.criteria.wording_files`), ``test`` wording (never
        trained on), the stance ``grammar``'s wordings (training only, :mod:`crm.data.criteria.grammar`)
        or ``all`` of them."""
        if polarity not in POLARITIES:
            raise KeyError(f"unknown polarity {polarity!r}; expected one of {POLARITIES}")
        if wording not in ("train", "test", "grammar", "all"):
            raise ValueError(f"unknown wording {wording!r}; expected train, test, grammar or all")
        composed = grammar.wordings(self.name, polarity) if self.name in grammar.POLES else ()
        if wording == "grammar":
            return composed
        if self.kind == "domain":  # DSP styles: one pool per style, no opposite; its last few test-only
            pool = tuple(CRITERIA_POOLS[self.topic]) if polarity == "pos" else ()
            lists = {"train": pool[:-TEST_WORDINGS], "test": pool[-TEST_WORDINGS:]} if pool else {}
        else:
            lists = WORDINGS[self.name].get(polarity, {})
        hand, test, more = (lists.get(key, ()) for key in ("train", "test", "paraphrases"))
        if wording == "all":
            return hand + test + more + composed
        return hand + more if wording == "train" else test

    def draw(self, polarity: str, rng: random.Random, wording: str = "train") -> str:
        return rng.choice(self.texts(polarity, wording))


def _declared(name: str) -> Family:
    """A family as its file declares it (``families/<name>.yaml``'s ``family`` block)."""
    declared = load_declaration(name)
    verifier = declared["verifier"]
    if verifier is not None and verifier not in VERIFIERS:
        raise ValueError(f"families/{name}.yaml: unknown verifier {verifier!r}; known: {', '.join(VERIFIERS)}")
    fields = {k: declared[k] for k in ("kind", "topic", "description", "opposite")}
    return Family(name, **fields, length_matched=declared.get("length_matched", True), verifier_name=verifier)


def _families() -> dict[str, Family]:
    """Every family, each declared in one place: a file of ``families/`` (its property, its verifier and
    its wordings), or a DSP domain style of ``style_pools.yaml``. In a fixed order, which the prepared
    data follows: the verified families as the verifiers are listed, then the others by name, then the
    domain styles."""
    files = [_declared(name) for name in FAMILY_FILES]
    verified = {f.verifier_name: f for f in files if f.verifier_name}
    unused = [v for v in VERIFIERS if v not in verified]
    if unused:
        raise ValueError(f"verifier(s) {unused} measure no family: name them in a family's file ('verifier:')")
    ordered = [verified[v] for v in VERIFIERS] + [f for f in files if not f.verifier_name]
    domains = [Family(name, "domain", name, description, "") for name, description in DOMAIN_FAMILIES.items()]
    return {f.name: f for f in ordered + domains}


FAMILIES: dict[str, Family] = _families()

VERIFIED_FAMILIES = tuple(name for name, f in FAMILIES.items() if f.verified)
QUALITY = "quality"
# Never seen in training (pairs, criteria and noise alike), as the criteria mixture sets them
DEFAULT_HELDOUT_FAMILIES = tuple(criteria_attributes()["heldout_families"])


def get_family(name: str) -> Family:
    try:
        return FAMILIES[name]
    except KeyError:
        raise KeyError(f"unknown criteria family {name!r}; known: {', '.join(FAMILIES)}") from None


def validate_families(names) -> tuple[str, ...]:
    """Reject typos: a held-out family nobody has would silently hold out nothing."""
    names = tuple(names)
    for name in names:
        get_family(name)
    return names
