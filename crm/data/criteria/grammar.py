"""Compositional criteria wordings: a stance (want / don't want) toward one pole of a family.

Hand-written wordings (:mod:`crm.data.criteria.wording_files`) are few per polarity, and a CRM trained on
them memorises those strings. A sentence encoder places "Mention that you are an AI." and "Never
mention that you are an AI." side by side; what must be learned is the *stance* a criterion takes,
which every family shares. This grammar writes it out: each family names its two poles in several noun phrases
(X: "bullet points"; not-X: "flowing prose"), and stance templates ask for a pole or reject it.

    polarity pos  = want(X)  or  reject(not-X)
    polarity neg  = want(not-X)  or  reject(X)

So "no prose, please" asks for X as surely as "use bullet points", and a model can only tell them
apart by reading the stance. Training draws from these wordings as well as the hand-written ones;
the test-only paraphrases stay hand-written, so test criteria are never a template.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml

from crm.data.criteria.wording_files import WORDINGS, load_poles

_TEMPLATES = yaml.safe_load(resources.files(__package__).joinpath("stance_templates.yaml").read_text(encoding="utf-8"))
WANT: tuple[str, ...] = tuple(_TEMPLATES["want"])  # ask for a pole: "I prefer {}."
REJECT: tuple[str, ...] = tuple(_TEMPLATES["reject"])  # turn a pole down: "No {}, please."
# family -> (noun phrases for X, the "pos" pole; noun phrases for not-X, the "neg" pole), from its family file
POLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    family: (poles["pos"], poles["neg"]) for family in WORDINGS if (poles := load_poles(family)) is not None
}


def _fill(template: str, phrase: str) -> str:
    text = template.format(phrase)
    return text[0].upper() + text[1:]


@cache
def wordings(family: str, polarity: str) -> tuple[str, ...]:
    """Every grammar wording of one family and polarity, in a fixed order."""
    x, not_x = POLES[family]
    want, reject = (x, not_x) if polarity == "pos" else (not_x, x)
    return tuple(_fill(t, p) for p in want for t in WANT) + tuple(_fill(t, p) for p in reject for t in REJECT)
