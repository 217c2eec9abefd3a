"""The sentence-end table (crm.data.sentence_ends): counted the same way it is read."""

from crm.data.sentence_ends import MIN_COUNT, count_endings, last_word_ending, rates, table


def test_a_word_ends_a_sentence_before_a_full_stop_a_closing_mark_a_line_break_or_the_end():
    seen, ending = count_endings(["It works. See (the docs).\n- **Apples**\n- pears", "Use the tool"])
    assert seen["the"] == 2 and ending["the"] == 0
    assert ending["works"] == ending["docs"] == ending["apples"] == ending["pears"] == ending["tool"] == 1
    assert ending["see"] == ending["it"] == 0


def test_rates_keep_the_prior_for_rare_words_and_lean_towards_it():
    texts = ["The end."] * MIN_COUNT + ["A rare word."]
    prior, rate = rates(*count_endings(texts))
    assert prior == (MIN_COUNT + 1) / (2 * MIN_COUNT + 3)
    assert set(rate) == {"the", "end"} and rate["the"] < prior < rate["end"] < 1


def test_the_shipped_table_reads_function_words_as_never_ending_a_sentence():
    prior, rate = table()
    assert 0 < rate["the"] < rate["of"] < prior < rate["life"] and len(rate) > 5000
    assert last_word_ending("It is the") == 0.0 and last_word_ending("") == 1.0
    assert last_word_ending("zzzunseen") == last_word_ending("qqqunseen") > 0  # unseen words: the prior
