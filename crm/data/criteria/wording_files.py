"""Criteria wordings, kept as data files (``families/<family>.yaml``) and read once.

Each file holds, per polarity (``pos`` asks for the family's property, ``neg`` for its absence; the
quality family has ``pos`` alone): ``train``, hand-written wordings in a user's voice; ``test``, the
test-only wordings every CRM is judged with, never trained on; and, for the families a CRM is trained
on, ``paraphrases``, wider training wording. Appending a wording to one list never moves another
between training and test. A file may also hold ``grammar``: the stance grammar's noun phrases for each
pole (:mod:`.grammar`). How the lists were written: ``families/README.md``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml

POLARITIES = ("pos", "neg")
LISTS = ("train", "test", "paraphrases")
TEST_WORDINGS = 3  # test-only wordings per polarity of each family (the fidelity check's boards per polarity)
FOLDER = "families"

Wordings = dict[str, dict[str, tuple[str, ...]]]  # polarity -> list name -> wordings
Poles = dict[str, tuple[str, ...]]  # polarity -> the grammar's noun phrases for that pole


def _family_file(family: str) -> tuple[str, dict]:
    name = f"{FOLDER}/{family}.yaml"
    return name, _parsed(resources.files(__package__).joinpath(name))


@cache
def _parsed(path) -> dict:
    """A family file parsed once: its wordings and its grammar poles are both read from it (never mutated)."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def load_poles(family: str) -> Poles | None:
    """One family's ``grammar`` poles (None without them), checked: non-empty lists of noun phrases."""
    name, data = _family_file(family)
    poles = data.get("grammar") if isinstance(data, dict) else None
    if poles is None:
        return None
    if not isinstance(poles, dict) or set(poles) != set(POLARITIES):
        raise ValueError(f"{name}: 'grammar' must hold a list of noun phrases for each of {', '.join(POLARITIES)}")
    for polarity, phrases in poles.items():
        if not phrases or not all(isinstance(p, str) and p.strip() for p in phrases):
            raise ValueError(f"{name}: 'grammar.{polarity}' must be a non-empty list of noun phrases")
    return {polarity: tuple(poles[polarity]) for polarity in POLARITIES}


def load_wordings(family: str) -> Wordings:
    """One family's wording file, checked: each polarity's ``train`` and ``test`` are non-empty lists of
    texts, ``paraphrases`` an optional one, and no text is both trained and tested on."""
    name, data = _family_file(family)
    polarities = {k: v for k, v in data.items() if k not in ("grammar", "family")} if isinstance(data, dict) else {}
    if not polarities or not set(polarities) <= set(POLARITIES):
        raise ValueError(f"{name}: expected a mapping of polarities ({', '.join(POLARITIES)}) to wording lists")
    out: Wordings = {}
    for polarity, lists in polarities.items():
        if not isinstance(lists, dict) or not {"train", "test"} <= set(lists) or not set(lists) <= set(LISTS):
            raise ValueError(f"{name}: '{polarity}' must hold 'train' and 'test' lists (and optionally 'paraphrases')")
        out[polarity] = {}
        for key, texts in lists.items():
            if not texts or not all(isinstance(t, str) and t.strip() for t in texts):
                raise ValueError(f"{name}: '{polarity}.{key}' must be a non-empty list of criteria texts")
            out[polarity][key] = tuple(" ".join(t.split()) for t in texts)
        trained = set(out[polarity]["train"]) | set(out[polarity].get("paraphrases", ()))
        if overlap := trained & set(out[polarity]["test"]):
            raise ValueError(f"{name}: '{polarity}' wordings both trained and tested on: {sorted(overlap)}")
    return out


DECLARATION = ("kind", "topic", "description", "opposite", "verifier")  # and optionally length_matched


def load_declaration(family: str) -> dict:
    """What a family's file says it is (its ``family`` block): kind, topic, the property and its opposite,
    the verifier that measures it (a function of :mod:`.verifiers` by name, or null) and whether its
    pairs keep their lengths matched; checked."""
    name, data = _family_file(family)
    declared = data.get("family") if isinstance(data, dict) else None
    if not isinstance(declared, dict) or not set(DECLARATION) <= set(declared):
        raise ValueError(f"{name}: needs a 'family' block with {', '.join(DECLARATION)}")
    unknown = set(declared) - {*DECLARATION, "length_matched"}
    if unknown:
        raise ValueError(f"{name}: unknown 'family' field(s) {sorted(unknown)}")
    return declared


FAMILY_FILES = tuple(
    path.name.removesuffix(".yaml")
    for path in sorted(resources.files(__package__).joinpath(FOLDER).iterdir(), key=lambda p: p.name)
    if path.name.endswith(".yaml")
)
WORDINGS: dict[str, Wordings] = {family: load_wordings(family) for family in FAMILY_FILES}
