"""Query-level splits: no leakage, determinism, held-out styles, fraction validation."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from crm.data.schema import PreferenceSample, conversation
from crm.data.splits import (
    ALL_SPLITS,
    NEW_CRITERIA_SPLIT,
    assign_splits,
    normalise_query,
    query_of,
    split_of,
    validate_fractions,
)

STYLES = ("academy", "business", "entertainment", "literature", "normal")


def _style_samples(n_queries: int = 150) -> list[PreferenceSample]:
    """Every style pair for each query, like the DSP converter produces."""
    samples = []
    for q, (x, y) in itertools.product(range(n_queries), itertools.combinations(STYLES, 2)):
        prompt = f"Question number {q}?"
        samples.append(
            PreferenceSample(
                prompt=prompt,
                model_a=conversation(prompt, f"{x} answer"),
                model_b=conversation(prompt, f"{y} answer"),
                criteria=["c"],
                preference="model_a",
                idx=f"q{q}/{x}-{y}",
                extra={"a_style": x, "b_style": y},
            )
        )
    return samples


def _vote_samples(n_queries: int = 100) -> list[PreferenceSample]:
    """Multi-turn vote pairs; two conversations share each opening question."""
    samples = []
    for q, follow_up in itertools.product(range(n_queries), ("more?", "why?")):
        history = [{"role": "user", "content": f"Question number {q}?"}, {"role": "assistant", "content": "x"}]
        samples.append(
            PreferenceSample(
                prompt=follow_up,
                model_a=conversation(follow_up, "a", history),
                model_b=conversation(follow_up, "b", history),
                criteria=["c"],
                preference="tie",
                idx=f"v{q}/{follow_up}",
            )
        )
    return samples


def _queries(samples: list[PreferenceSample]) -> set[str]:
    return {normalise_query(query_of(s)) for s in samples}


def test_no_query_shared_between_splits() -> None:
    result = assign_splits(_style_samples() + _vote_samples(), seed=0)
    queries = {name: _queries(result.splits[name]) for name in ALL_SPLITS}
    assert all(queries.values())
    for a, b in itertools.combinations(("train", "val", "test"), 2):
        assert not queries[a] & queries[b], (a, b)
    assert not queries[NEW_CRITERIA_SPLIT] & (queries["train"] | queries["val"])


def test_split_of_is_deterministic_and_normalised() -> None:
    assert split_of("Hello   World", 5) == split_of("hello world", 5) == split_of(" HELLO\nworld ", 5)
    texts = [f"query {i}" for i in range(2000)]
    first = [split_of(t, 5) for t in texts]
    assert first == [split_of(t, 5) for t in texts]
    assert first != [split_of(t, 6) for t in texts]
    counts = Counter(first)
    assert abs(counts["train"] / 2000 - 0.8) < 0.04 and abs(counts["test"] / 2000 - 0.1) < 0.03
    assert Counter(split_of(t, 5, {"train": 0.5, "val": 0.0, "test": 0.5}) for t in texts)["val"] == 0


def test_assign_splits_is_deterministic() -> None:
    one = assign_splits(_style_samples(), seed=1)
    two = assign_splits(list(reversed(_style_samples())), seed=1)
    for name in ALL_SPLITS:
        assert sorted(s.idx for s in one.splits[name]) == sorted(s.idx for s in two.splits[name])
    assert one.excluded == two.excluded


def test_heldout_style_only_in_new_criteria_split() -> None:
    samples = _style_samples()
    result = assign_splits(samples, seed=0, heldout_styles=("entertainment",))

    def has_heldout(s):
        return "entertainment" in (s.extra["a_style"], s.extra["b_style"])

    for name in ("train", "val", "test"):
        assert result.splits[name] and not any(has_heldout(s) for s in result.splits[name])
    new = result.splits[NEW_CRITERIA_SPLIT]
    assert new and all(has_heldout(s) for s in new)
    assert all(split_of(query_of(s), 0) == "test" for s in new)
    n_heldout = sum(map(has_heldout, samples))
    assert len(new) + result.excluded["heldout_outside_test"] == n_heldout
    assert sum(len(v) for v in result.splits.values()) + sum(result.excluded.values()) == len(samples)


def test_no_heldout_styles_keeps_everything() -> None:
    result = assign_splits(_style_samples(), seed=0, heldout_styles=())
    assert not result.splits[NEW_CRITERIA_SPLIT] and not result.excluded
    with pytest.raises(ValueError, match="unknown held-out style"):
        assign_splits(_style_samples(2), seed=0, heldout_styles=("comedy",))


@pytest.mark.parametrize(
    "fractions, message",
    [
        ({"train": 0.8, "val": 0.1, "test": 0.2}, "sum to 1"),
        ({"train": 0.9, "test": 0.1}, "exactly the keys"),
        ({"train": 1.2, "val": -0.1, "test": -0.1}, r"\[0, 1\]"),
        ({"train": 0.8, "val": 0.1, "test": 0.1, "dev": 0.0}, "exactly the keys"),
    ],
)
def test_fraction_validation(fractions: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        validate_fractions(fractions)
    with pytest.raises(ValueError, match=message):
        split_of("q", 0, fractions)


def test_valid_fractions_are_normalised_in_order() -> None:
    assert list(validate_fractions({"test": 0.1, "train": 0.7, "val": 0.2})) == ["train", "val", "test"]
