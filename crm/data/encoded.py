"""A model row as the renderer makes it (:class:`Encoded`) and the tokenizer's pair template that joins
two tokenized segments into one (:class:`PairTemplate`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Encoded:
    input_ids: list[int]
    token_type_ids: list[int] | None
    truncated: bool
    answer_layout: tuple[float, ...] | None = None  # the whole answer's layout (``Renderer(answer_layout=True)``)
    query_row: tuple[tuple[int, ...], int] | None = None  # the query's tower row, padded, and its length
    query_overlap: float | None = None  # the share of the query's words in the answer (crm.data.relevance)

    def features(self) -> dict[str, list[int] | int]:
        out = {"input_ids": self.input_ids, "attention_mask": [1] * len(self.input_ids)}
        if self.token_type_ids is not None:
            out["token_type_ids"] = self.token_type_ids
        if self.answer_layout is not None:
            out["answer_layout"] = list(self.answer_layout)
        if self.query_row is not None:
            ids, length = self.query_row
            out["query_ids"], out["query_mask"] = list(ids), [1] * length + [0] * (len(ids) - length)
        if self.query_overlap is not None:
            out["query_overlap"] = self.query_overlap
        return out


@dataclass(frozen=True)
class PairTemplate:
    """How the tokenizer joins two segments, ``tokenizer(first, second)``: ``prefix first middle second
    suffix`` and each part's token type. Learnt from the tokenizer on a probe pair (:meth:`learn`), so
    a renderer can tokenize each criteria text and answer view once and join them per row: a training
    epoch draws each answer under both polarities and in several pairs, and tokenizing every row anew
    was most of the time spent drawing samples."""

    prefix: tuple[int, ...]
    middle: tuple[int, ...]
    suffix: tuple[int, ...]
    types: tuple[int, ...] | None  # of the prefix, first, middle, second, suffix (None: no token types)

    def join(self, first: Sequence[int], second: Sequence[int]) -> Encoded:
        parts = (self.prefix, first, self.middle, second, self.suffix)
        ids = [token for part in parts for token in part]
        types = None if self.types is None else [t for t, part in zip(self.types, parts) for _ in part]
        return Encoded(ids, types, False)

    def first_part(self, first: Sequence[int]) -> list[int] | None:
        """What a row joined from ``first`` holds of it apart from the second segment (its parts of token
        type 0: ``prefix first middle``), or None where the token types do not split them so."""
        if self.types != (0, 0, 0, 1, 1):
            return None
        return [*self.prefix, *first, *self.middle]

    @classmethod
    def learn(cls, tokenizer) -> PairTemplate | None:
        """The template that reproduces the tokenizer's own pair encoding of two probe pairs, or None
        where no such template does (the caller then tokenizes each pair whole)."""
        probes = [("the criteria", "an answer"), ("Prefer bold [SEP] No tables.", "Sure!\n\n- one\n- two 42")]

        def whole(first: str, second: str) -> tuple[list[int], list[int] | None]:
            enc = tokenizer(first, second, add_special_tokens=True, verbose=False)
            return enc["input_ids"], enc.get("token_type_ids")

        def alone(text: str) -> list[int]:
            return tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"]

        (first, second), ids, types = probes[0], *whole(*probes[0])
        a, b = alone(first), alone(second)
        for start in range(len(ids) - len(a) - len(b) + 1):
            if ids[start : start + len(a)] != a:
                continue
            end_a = start + len(a)
            for gap in range(len(ids) - end_a - len(b) + 1):
                end_b = end_a + gap + len(b)
                if ids[end_a + gap : end_b] != b:
                    continue
                bounds = (0, start, end_a, end_a + gap, end_b, len(ids))
                parts = [(bounds[i], bounds[i + 1]) for i in range(5)]
                part_types = None if types is None else tuple(types[lo] if hi > lo else 0 for lo, hi in parts)
                template = cls(tuple(ids[:start]), tuple(ids[end_a : end_a + gap]), tuple(ids[end_b:]), part_types)
                if all(template.matches(whole(*p), alone(p[0]), alone(p[1])) for p in probes):
                    return template
        return None

    def matches(self, expected: tuple[list[int], list[int] | None], first: list[int], second: list[int]) -> bool:
        joined = self.join(first, second)
        return (joined.input_ids, joined.token_type_ids) == tuple(expected)
