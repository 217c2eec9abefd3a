"""The answer layout a two-tower CRM is told (crm.data.layout): what the tokenizer and the view hide."""

import json
import math

import pytest

from crm.data.layout import LAYOUT_FEATURES, layout_features
from crm.export.artifact import CONFIG_NAME, CRMSettings, ExportError, read_settings
from crm.models.spec import TwoTowerSpec


def feature(answer: str, name: str) -> float:
    return layout_features(answer)[LAYOUT_FEATURES.index(name)]


PROSE = (
    "Photosynthesis turns light into chemical energy. Plants capture sunlight with chlorophyll, split water "
    "and release oxygen. The energy is stored in sugars that the plant uses to grow, and animals that eat "
    "plants live on that energy in turn."
)


def test_every_answer_gets_one_finite_number_per_named_feature():
    for answer in ("", "Yes.", PROSE, "# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```python\nx = 1\n```"):
        values = layout_features(answer)
        assert len(values) == len(LAYOUT_FEATURES) == len(set(LAYOUT_FEATURES))
        assert all(math.isfinite(v) for v in values)
    assert feature("", "words") == 0.0 and feature("", "first_block_paragraph") == 0.0


def test_an_answer_cut_off_or_looping_is_told_apart_from_a_finished_one():
    """``unfinished``: prose that stops on a word; ``repetition``: the share of repeated word 3-grams."""
    cut = PROSE[: PROSE.index("split water") + len("split")]
    assert feature(cut, "unfinished") == 1.0 and feature(PROSE, "unfinished") == 0.0
    assert feature("- one\n- two", "unfinished") == 0.0 and feature("", "unfinished") == 0.0  # a list item, nothing
    # stopping on "the" reads as cut off, on a word that ends sentences ("life") as a lost full stop
    ending = "unfinished_word_ending"
    assert feature(cut + " the", ending) < 0.2 < 0.6 < feature(cut + " the gift of life", ending)
    assert feature(PROSE, ending) == 1.0 and feature("- Mix the flour and the", ending) == 1.0  # not prose stopping
    looped = " ".join(["Plants capture sunlight with chlorophyll."] * 6)
    assert feature(looped, "repetition") > 0.7 > 0.05 > feature(PROSE, "repetition")
    assert feature("Yes.", "repetition") == 0.0


def test_line_breaks_the_tokenizer_drops_are_counted():
    """The same words as one paragraph or three: MiniLM reads the same tokens, the layout differs."""
    one = "First point here. Second point here. Third point here."
    three = one.replace(". ", ".\n\n")
    assert feature(one, "paragraphs") == pytest.approx(math.log1p(1))
    assert feature(three, "paragraphs") == pytest.approx(math.log1p(3))
    assert feature(three, "paragraph_words") < feature(one, "paragraph_words")


def test_structure_counts_follow_the_markdown_parse():
    listed = "Steps:\n\n1. Mix.\n2. Bake.\n3. Serve.\n\n- salt\n- pepper"
    assert feature(listed, "ordered_items") == pytest.approx(math.log1p(3))
    assert feature(listed, "bullet_items") == pytest.approx(math.log1p(2))
    assert feature(PROSE, "ordered_items") == feature(PROSE, "bullet_items") == 0.0
    assert feature("| a | b |\n|---|---|\n| 1 | 2 |", "tables") == pytest.approx(math.log1p(1))
    assert feature("Use **this** and **that**.", "bold") == pytest.approx(math.log1p(2))
    assert feature("```\nprint(1)\n```", "fences") == pytest.approx(math.log1p(1))
    assert feature("# Intro\n\nText.", "first_block_heading") == 1.0
    assert feature("# Intro\n\nText.", "last_block_paragraph") == 1.0


def test_a_short_opening_block_is_told_apart_from_a_long_one():
    """What a "TL;DR first" criterion asks about: the first block's size, relative to the answer."""
    verdict_first = "Yes, it is safe.\n\n" + PROSE
    context_first = PROSE + "\n\nSo yes, it is safe."
    assert feature(verdict_first, "first_block_words") < feature(context_first, "first_block_words")
    assert feature(verdict_first, "first_block_share") < 0.2 < feature(context_first, "first_block_share")
    assert feature(context_first, "last_block_share") < 0.2


def test_rates_are_per_answer_length_and_sentences_need_enough_prose():
    figures = "In 2023 sales rose 12% to 4,500 units, up from 4,018 in 2022."
    assert feature(figures, "numerals") > feature(PROSE, "numerals") == 0.0
    assert feature("Great! Wow! Amazing!", "exclamations") > feature(PROSE, "exclamations") == 0.0
    assert feature("Short one.", "sentence_length_unmeasured") == 1.0
    assert feature("Short one.", "sentence_length") == 0.0
    assert feature(PROSE * 2, "sentence_length_unmeasured") == 0.0
    assert feature(PROSE * 2, "sentence_length") > 0.3


def test_an_export_told_another_layout_is_refused(tmp_path):
    """A CRM trained on layout features scores only where they are measured the same way."""
    spec = TwoTowerSpec(name="minilm", answer_layout=True)
    told = CRMSettings("bt", spec, 256, layout_features=list(LAYOUT_FEATURES))
    settings = json.loads(told.to_json())
    (tmp_path / CONFIG_NAME).write_text(json.dumps({"crm": settings}))
    assert read_settings(tmp_path) == told
    (tmp_path / CONFIG_NAME).write_text(json.dumps({"crm": {**settings, "layout_features": ["words", "headings"]}}))
    with pytest.raises(ExportError, match="its layout names 2 features"):
        read_settings(tmp_path)
