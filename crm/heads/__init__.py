"""A CRM's head: what it judges, and how its judgements make p(answer i preferred over answer j).

The head owns what differs between heads: the answers a model row holds and the numbers it gives, the
rows a training sample makes, the loss and accuracy, the judgements a set of answers needs and how they
make preferences, and what a pair's scores say of A, B and a tie. The renderer, the datamodule, the
LightningModule, the models and everything that scores (the leaderboard, the scoring server, best-of-n,
the evaluation) ask the head; none compares its name.

Each head is one module of this package, which registers it with :func:`register`; the package imports
every module beside it, so a new kind of head is one new file in ``crm/heads/`` (with its config in
``conf/loss/`` and its test). Its methods import torch where they need it, never at the top: a board
answered from its cache asks its head without torch.
"""

from __future__ import annotations

import importlib
import pkgutil
from abc import ABC, abstractmethod
from collections.abc import Callable

import numpy as np

from crm.stats import sigmoid

Index = tuple[int, ...]  # the answers of a set one judgement reads, in the order it shows them


class Head(ABC):
    """One kind of head; its module registers its one instance.

    A subclass sets the three class attributes below and writes the abstract methods. A margin's
    outcome is the logistic of it, with no tie, for a reward margin as for a pair's logit margin
    (softmax over two logits); a head that gives ties overrides :meth:`outcomes`."""

    name: str  # what configs, exports and reports call it (``loss.head``)
    answers_per_row: int  # answers one model row reads: 1 (each alone) or 2 (a pair, in order)
    outputs: int  # numbers the model gives per row: a reward, or a logit per answer of the pair

    @property
    def judges_alone(self) -> bool:
        """Each answer judged on its own (a reward): the same number in whatever set it stands."""
        return self.answers_per_row == 1

    @abstractmethod
    def judged(self, n: int) -> list[Index]:
        """The judgements a set of ``n`` answers needs."""

    @abstractmethod
    def preferences(self, value: Callable[..., float | np.ndarray], n: int) -> np.ndarray:
        """(n, n, ...) p(answer i preferred over answer j) from the judgements' values (``value(*index)``: a
        number, or an array of them for many sets at once, which the result then ends with), 0.5 on the
        diagonal."""

    @abstractmethod
    def training_rows(self, features: list[dict]) -> tuple[list, dict]:
        """A training batch's rows (the rendered samples' encodings: ``Renderer.encode_sample``) and what
        goes beside them into the batch, which :meth:`step` reads."""

    @abstractmethod
    def step(
        self, out, batch: dict, margin: float = 0.0, center_rewards_coef: float = 0.0, label_smoothing: float = 0.0
    ):
        """Loss, predictions (1 = the label's side wins) and targets of a batch's model outputs (fp32). A
        tie in scores counts as wrong."""

    def outcomes(self, margin):
        """(p(first preferred), p(tie), p(second preferred)) for score margins first - second (arrays
        alike)."""
        first = sigmoid(margin)
        return first, np.zeros_like(first), 1.0 - first

    def pair_probability(self, margin):
        """p(first preferred over second) for score margins, a tie counted half to each side: what boards,
        evaluations and best-of-n read."""
        first, tie, _ = self.outcomes(margin)
        return first + tie / 2

    def pair_outcomes(self, scores: np.ndarray):
        """(p(A), p(tie), p(B)) of pairs from their (N, 2) raw scores (``CRM.raw_scores``: the rewards of
        A and B, or the logits of A and B in the pair's row)."""
        return self.outcomes(scores[:, 0] - scores[:, 1])

    def prob_a(self, scores: np.ndarray) -> np.ndarray:
        """p(A preferred over B) of pairs from their (N, 2) raw scores, a tie counted half to each side."""
        return self.pair_probability(scores[:, 0] - scores[:, 1])

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"

    def __reduce__(self):
        return head_named, (self.name,)  # a copy or an unpickled head is the registered one


HEADS: dict[str, Head] = {}  # by name; their modules are imported in the order of their file names


def register(cls: type[Head]) -> type[Head]:
    """Class decorator of a head's module: its one instance joins :data:`HEADS` under its name."""
    if cls.name in HEADS:
        raise ValueError(f"two heads named {cls.name!r}: {type(HEADS[cls.name]).__module__} and {cls.__module__}")
    HEADS[cls.name] = cls()
    return cls


def head_named(name: str | Head) -> Head:
    """The head of this name (a head given is itself)."""
    if isinstance(name, Head):
        return name
    try:
        return HEADS[name]
    except KeyError:
        raise ValueError(f"unknown head {name!r}; expected one of {tuple(HEADS)}") from None


for _module in pkgutil.iter_modules(__path__):  # after what the heads import from here
    importlib.import_module(f"{__name__}.{_module.name}")
