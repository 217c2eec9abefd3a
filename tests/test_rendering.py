"""Rendering and truncation: the criteria, the query and the end token always survive."""

import math

import pytest
import torch

from crm.data.bounds import bounded_answer
from crm.data.encoded import PairTemplate
from crm.data.layout import LAYOUT_FEATURES, layout_features
from crm.data.rendering import Renderer
from crm.data.row_format import CRITERIA_HEADER, CriteriaTooLong, SampleTooLong, criteria_block
from tests.conftest import style_pair

LONG = " ".join(f"word{i}" for i in range(2000))


def renderers(request, head):
    if request.param == "chat":
        tok = request.getfixturevalue("qwen_tokenizer")
        return tok, Renderer(tok, head, "chat", max_length=128)
    tok = request.getfixturevalue("minilm_tokenizer")
    return tok, Renderer(tok, head, "text_pair", max_length=128)


@pytest.fixture(params=["chat", "text_pair"])
def fmt(request):
    return request


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_truncation_keeps_criteria_query_and_end_token(fmt, head):
    tok, renderer = renderers(fmt, head)
    sample = style_pair("Why is the sky blue?", 3)
    sample.model_a[-1]["content"] = LONG
    sample.model_b[-1]["content"] = LONG
    features = renderer.encode_sample(sample)
    assert features["truncated"]
    encodings = [features["chosen"], features["rejected"]] if head == "bt" else [features["pair"]]
    for enc in encodings:
        assert len(enc.input_ids) <= 128
        text = tok.decode(enc.input_ids).lower()  # MiniLM's tokenizer lowercases
        for criterion in sample.criteria:
            assert criterion.lower() in text
        assert "why is the sky blue?" in text
        end_id = tok.sep_token_id if fmt.param == "text_pair" else None
        if head == "bt" and fmt.param == "chat":
            end_id = tok.convert_tokens_to_ids("<|im_end|>")
        if end_id is not None:
            assert enc.input_ids[-1] == end_id
    if head == "cls":  # both answers get a share of the budget
        text = tok.decode(features["pair"].input_ids).lower()
        assert "word0" in text.split("response b")[-1]


@pytest.mark.parametrize("fmt", ["chat", "text_pair"], indirect=True)
def test_a_very_short_answer_beside_an_overlong_one_still_fits(fmt):
    """The short answer needs no cut (fewer tokens than the cutting minimum); the long one is cut."""
    tok, renderer = renderers(fmt, "cls")
    sample = style_pair("What is 2 + 2?", 3)
    sample.model_a[-1]["content"] = "4"
    sample.model_b[-1]["content"] = LONG
    enc = renderer.encode_sample(sample)["pair"]
    assert enc.truncated and len(enc.input_ids) <= 128
    assert renderer.measure(sample)[0]


def test_short_sample_is_not_truncated(fmt):
    _, renderer = renderers(fmt, "bt")
    assert not renderer.encode_sample(style_pair("q?", 1))["truncated"]


def test_max_response_tokens_cuts_each_answer(minilm_tokenizer):
    renderer = Renderer(minilm_tokenizer, "bt", "text_pair", max_length=512, max_response_tokens=10)
    sample = style_pair("q?", 1)
    sample.model_a[-1]["content"] = LONG
    enc = renderer.encode_sample(sample)["chosen" if sample.preference == "model_a" else "rejected"]
    first = minilm_tokenizer(criteria_block(sample.criteria) + "\n\nQuery: q?", add_special_tokens=True)["input_ids"]
    assert len(enc.input_ids) == len(first) + 10 + 1


def test_criteria_too_long_for_the_budget_is_rejected(minilm_tokenizer):
    renderer = Renderer(minilm_tokenizer, "bt", "text_pair", max_length=32)
    sample = style_pair("q?", 1)
    sample.criteria = [LONG[:400]]
    with pytest.raises(SampleTooLong):
        renderer.encode_sample(sample)


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_scoring_reads_criteria_up_to_its_stated_limit_and_rejects_longer_ones(fmt, head):
    """Every criteria within ``criteria_token_limit`` renders, whatever the query and answers; longer
    ones fail up front with the limit in tokens and characters."""
    tok, renderer = renderers(fmt, head)
    renderer.max_length = 256
    renderer.truncate_query = renderer.drop_earlier_turns = True
    strict_limit = renderer.criteria_token_limit()
    renderer.length_limit = 512  # the backbone's positions: long criteria lengthen the sequence instead
    limit = renderer.criteria_token_limit()
    assert limit > strict_limit
    words = [f"careful{i}" for i in range(400)]
    fitting = max(
        (n for n in range(1, 400) if renderer._count(criteria_block([" ".join(words[:n])])) <= limit), default=0
    )
    criteria = [" ".join(words[:fitting])]
    renderer.check_criteria(criteria)
    sample = style_pair(LONG, 3)
    sample.model_a.insert(0, {"role": "user", "content": LONG})  # an earlier turn, dropped when scoring
    sample.model_a.insert(1, {"role": "assistant", "content": LONG})
    sample.model_a[-1]["content"] = sample.model_b[-1]["content"] = LONG
    sample.model_b = [dict(m) for m in sample.model_a[:-1]] + [sample.model_b[-1]]
    sample.criteria = criteria
    for enc in renderer.encode_rows(sample):
        assert 256 < len(enc.input_ids) <= 512
        assert " ".join(words[:fitting]) in tok.decode(enc.input_ids).lower()
    too_long = [" ".join(words[: fitting + 3])]
    with pytest.raises(CriteriaTooLong, match=rf"at most {limit} tokens of criteria \(about \d+ characters"):
        renderer.check_criteria(too_long)
    assert renderer.criteria_limits() == {"tokens": limit, "characters": renderer.criteria_limits()["characters"]}
    assert renderer.criteria_limits()["characters"] > limit


def test_chat_bt_puts_criteria_in_the_system_turn(qwen_tokenizer):
    renderer = Renderer(qwen_tokenizer, "bt", "chat", max_length=512)
    text = renderer._chat_text(["Be brief."], [{"role": "user", "content": "Hi?"}], ["Hello."])
    assert text.startswith("<|im_start|>system\n" + criteria_block(["Be brief."]))
    assert text.endswith("<|im_start|>assistant\nHello.<|im_end|>")


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_scoring_shortens_an_overlong_query_but_never_the_criteria(fmt, head):
    tok, renderer = renderers(fmt, head)
    renderer.max_length = 256  # room for the judge template of `cls`
    sample = style_pair(LONG, 3)
    with pytest.raises(SampleTooLong):
        renderer.encode_sample(sample)
    renderer.truncate_query = True
    features = renderer.encode_sample(sample)
    encodings = [features["chosen"], features["rejected"]] if head == "bt" else [features["pair"]]
    for enc in encodings:
        text = tok.decode(enc.input_ids).lower()
        assert len(enc.input_ids) <= 256 and "word0 word1" in text
        assert all(c.lower() in text for c in sample.criteria)
    assert features["truncated"]


def test_a_cut_answer_keeps_its_head_and_tail_and_says_how_much_was_cut(minilm_tokenizer):
    renderer = Renderer(minilm_tokenizer, "bt", "text_pair", max_length=512, max_response_tokens=60)
    sample = style_pair("q?", 1)
    sample.model_a[-1]["content"] = sample.model_b[-1]["content"] = LONG
    enc = renderer.encode_sample(sample)["chosen"]
    text = minilm_tokenizer.decode(enc.input_ids)
    assert "word0 word1" in text and "word1999" in text  # head and tail (a closing summary survives)
    assert "words cut" in text and "word1000" not in text
    assert enc.truncated and len(enc.input_ids) <= 512


def test_rows_carry_their_whole_answers_layout_only_when_asked(minilm_tokenizer):
    """``answer_layout``: each row carries the layout of its whole answer, not of the cut view."""
    told = Renderer(minilm_tokenizer, "bt", "criteria_list", max_length=256, max_response_tokens=60, answer_layout=True)
    sample = style_pair("q?", 1)
    listed = "Intro line.\n\n" + "\n".join(f"- item {i}" for i in range(40))
    sample.model_a[-1]["content"], sample.model_b[-1]["content"] = LONG, listed
    rows = told.encode_rows(sample)
    expected = [layout_features(bounded_answer(LONG)), layout_features(listed)]
    assert [tuple(r.features()["answer_layout"]) for r in rows] == expected
    items = LAYOUT_FEATURES.index("bullet_items")
    assert rows[1].features()["answer_layout"][items] == pytest.approx(math.log1p(40))  # the view keeps far fewer
    untold = Renderer(minilm_tokenizer, "bt", "criteria_list", max_length=256, max_response_tokens=60)
    assert all("answer_layout" not in r.features() for r in untold.encode_rows(sample))
    assert [r.input_ids for r in untold.encode_rows(sample)] == [r.input_ids for r in rows]
    with pytest.raises(ValueError, match="cls row holds two"):
        Renderer(minilm_tokenizer, "cls", "text_pair", max_length=256, answer_layout=True)


def test_rows_carry_their_query_as_the_answer_tower_reads_it_only_when_asked(minilm_tokenizer):
    """``query_rows``: each row carries ``[CLS] query [SEP]`` (a long query cut to its head and tail),
    right-padded to one width, whatever the criteria row leaves out."""
    told = Renderer(
        minilm_tokenizer, "bt", "criteria_list", max_length=256, max_response_tokens=60, max_query_tokens=48,
        query_rows=True,
    )  # fmt: skip
    short, long = style_pair("What is 2 + 2?", 1), style_pair(LONG, 2)
    rows = told.encode_rows(short) + told.encode_rows(long)
    features = [r.features() for r in rows]
    assert {len(f["query_ids"]) for f in features} == {50} and {len(f["query_mask"]) for f in features} == {50}
    asked = minilm_tokenizer("What is 2 + 2?")["input_ids"]
    assert features[0]["query_ids"][: len(asked)] == asked and sum(features[0]["query_mask"]) == len(asked)
    assert features[0]["query_ids"] == features[1]["query_ids"]  # both answers of a pair, one query
    cut = features[2]["query_ids"][: sum(features[2]["query_mask"])]
    assert 40 < sum(features[2]["query_mask"]) <= 50 and cut[0] == minilm_tokenizer.cls_token_id
    assert cut[-1] == minilm_tokenizer.sep_token_id and "cut" in minilm_tokenizer.decode(cut)  # head, marker, tail
    assert told.query_ids(short.history) == asked
    untold = Renderer(minilm_tokenizer, "bt", "criteria_list", max_length=256, max_response_tokens=60)
    assert all("query_ids" not in r.features() for r in untold.encode_rows(short))
    assert [r.input_ids for r in untold.encode_rows(short)] == [r.input_ids for r in rows[:2]]
    with pytest.raises(ValueError, match="needs max_query_tokens"):
        Renderer(minilm_tokenizer, "bt", "criteria_list", max_length=256, query_rows=True)
    with pytest.raises(ValueError, match="cls row holds two"):
        Renderer(minilm_tokenizer, "cls", "text_pair", max_length=256, max_query_tokens=16, query_rows=True)


@pytest.mark.parametrize("fmt", ["chat", "text_pair"], indirect=True)
def test_answers_tokenized_in_a_batch_render_as_one_at_a_time(fmt):
    tok, renderer = renderers(fmt, "bt")
    batched, one_at_a_time = (
        Renderer(tok, "bt", renderer.input_format, max_length=128, max_response_tokens=40) for _ in range(2)
    )
    samples = [style_pair("Why is the sky blue?", i) for i in range(4)]
    samples[0].model_a[-1]["content"] = LONG  # cut to head and tail
    samples[1].model_b[-1]["content"] = "4"  # shorter than any budget
    batched.prime_answers(r for s in samples for r in (s.response_a, s.response_b))
    assert len(batched._views) == len({r for s in samples for r in (s.response_a, s.response_b)})
    for sample in samples:
        assert batched.measure(sample) == one_at_a_time.measure(sample)
        ours, theirs = batched.encode_sample(sample), one_at_a_time.encode_sample(sample)
        assert ours["chosen"].input_ids == theirs["chosen"].input_ids
        assert ours["rejected"].input_ids == theirs["rejected"].input_ids


def test_query_is_capped_to_its_head_and_tail(minilm_tokenizer):
    renderer = Renderer(minilm_tokenizer, "bt", "text_pair", max_length=512, max_query_tokens=40)
    sample = style_pair(LONG, 1)
    features = renderer.encode_sample(sample)
    text = minilm_tokenizer.decode(features["chosen"].input_ids)
    assert "word0" in text and "word1999" in text and "word500" not in text and features["truncated"]
    truncated, length = renderer.measure(sample)
    longest = max(len(features[k].input_ids) for k in ("chosen", "rejected"))
    assert truncated and abs(length - longest) <= 8  # the estimate is close to the encoding


def test_scoring_drops_earlier_turns_that_leave_no_room(minilm_tokenizer):
    renderer = Renderer(minilm_tokenizer, "bt", "text_pair", max_length=128, truncate_query=True)
    sample = style_pair("and the last question?", 1)
    earlier = [{"role": "user", "content": LONG}, {"role": "assistant", "content": LONG}]
    sample.model_a = earlier + sample.model_a
    sample.model_b = earlier + sample.model_b
    with pytest.raises(SampleTooLong):  # training filters it (and counts it)
        renderer.encode_sample(sample)
    renderer.drop_earlier_turns = True  # scoring keeps the last user turn
    enc = renderer.encode_sample(sample)["chosen"]
    assert "the last question" in minilm_tokenizer.decode(enc.input_ids) and enc.truncated


def test_criteria_pair_reads_the_criteria_and_the_answer_never_the_query(minilm_tokenizer):
    renderer = Renderer(minilm_tokenizer, "bt", "criteria_pair", max_length=128, truncate_query=True)
    with_query = Renderer(minilm_tokenizer, "bt", "text_pair", max_length=128, truncate_query=True)
    short, long = style_pair("Why is the sky blue?", 1), style_pair(LONG, 1)
    encoded = renderer.encode_sample(short)["chosen"]
    text = minilm_tokenizer.decode(encoded.input_ids).lower()
    assert all(c.lower() in text for c in short.criteria) and "sky" not in text and "query" not in text
    assert encoded.input_ids == renderer.encode_sample(long)["chosen"].input_ids  # the query changes nothing
    assert not renderer.encode_sample(long)["truncated"] and renderer.measure(long) == renderer.measure(short)
    assert len(encoded.input_ids) < len(with_query.encode_sample(short)["chosen"].input_ids)


def test_criteria_list_ends_each_criterion_at_a_separator_and_reads_no_header_or_query(minilm_tokenizer):
    from crm.models.rows import split_at_separators
    from crm.models.two_tower import TwoTowerCRM

    renderer = Renderer(minilm_tokenizer, "bt", "criteria_list", max_length=128, truncate_query=True)
    sample = style_pair("Why is the sky blue?", 1)
    sample.criteria = ["Use bullet points.", "No jargon, please."]
    encoded = renderer.encode_sample(sample)["chosen"]
    rows = [minilm_tokenizer(c)["input_ids"] for c in sample.criteria]  # [CLS] criterion [SEP], as taught
    first = [rows[0][0]] + [token for row in rows for token in row[1:]]
    assert encoded.input_ids[: len(first)] == first and encoded.token_type_ids[len(first) - 1] == 0
    assert encoded.token_type_ids[len(first)] == 1  # the answer follows the last criterion's separator
    text = minilm_tokenizer.decode(encoded.input_ids).lower()
    assert "sky" not in text and CRITERIA_HEADER.lower()[:20] not in text
    features = {k: torch.tensor([v]) for k, v in encoded.features().items()}
    (ids, mask), _ = TwoTowerCRM.split_segments(**features)
    pieces, piece_mask, owner = split_at_separators(ids, mask)
    assert [p[m.bool()].tolist() for p, m in zip(pieces, piece_mask)] == rows and owner.tolist() == [0, 0]
    assert 0 < renderer.criteria_limits()["tokens"] and renderer._count(renderer.criteria_text(sample.criteria)) == (
        len(first) - 2
    )


@pytest.mark.parametrize("tokenizer", ["minilm_tokenizer", "qwen_tokenizer"])
def test_the_learnt_pair_template_joins_segments_as_the_tokenizer_does(request, tokenizer):
    tok = request.getfixturevalue(tokenizer)
    template = PairTemplate.learn(tok)
    assert template is not None
    pairs = [
        ("Prefer concise answers. [SEP] No emojis, please!", "Sure! Here it is:\n\n1. **Step one**\n2. `code`"),
        ("Ünïcödé — dashes “quotes”", "x" * 300),
    ]
    for first, second in pairs:
        whole = tok(first, second, add_special_tokens=True)
        alone = [tok(text, add_special_tokens=False)["input_ids"] for text in (first, second)]
        joined = template.join(*alone)
        assert joined.input_ids == whole["input_ids"]
        assert joined.token_type_ids == whole.get("token_type_ids")


def test_no_template_is_learnt_where_none_reproduces_the_tokenizer(minilm_tokenizer):
    """A tokenizer whose pair encoding depends on the pair (here: the first segment repeated at the
    end of the second) cannot be joined from its segments: the renderer then tokenizes each pair whole."""

    class PairDependent:
        def __call__(self, first, second=None, **kwargs):
            return minilm_tokenizer(first, second if second is None else second + first, **kwargs)

    assert PairTemplate.learn(PairDependent()) is None


@pytest.mark.parametrize("input_format", ["text_pair", "criteria_pair", "criteria_list"])
@pytest.mark.parametrize("head", ["bt", "cls"])
def test_rows_joined_from_remembered_segments_equal_rows_tokenized_whole(minilm_tokenizer, input_format, head):
    joined, whole = (
        Renderer(minilm_tokenizer, head, input_format, max_length=96, max_response_tokens=40) for _ in range(2)
    )
    whole._pair_template = None
    samples = [style_pair(f"Question {i}: why?", i) for i in range(6)]
    samples[1].model_a[-1]["content"] = LONG  # cut to its view, then shortened further to fit
    samples[2].criteria = ["I skim: bullet points, please.", "No jargon."]
    samples[3].model_b[-1]["content"] = ""  # an empty segment: the tokenizer reads it as none
    for sample in samples * 2:  # the second round reads every segment from memory
        for a, b in zip(joined.encode_rows(sample), whole.encode_rows(sample)):
            assert (a.input_ids, a.token_type_ids, a.truncated) == (b.input_ids, b.token_type_ids, b.truncated)


def test_many_new_answers_render_over_the_cores_exactly_as_in_one_process(minilm_tokenizer, monkeypatch):
    """Priming renders many new answers in spawned processes (views, token ids, layouts): what each
    renderer then makes of every answer is the same to the bit as rendering them in this process."""
    import crm.data.rendering

    monkeypatch.setattr(crm.data.rendering, "MIN_PARALLEL_ANSWERS", 4)
    prose = "A longer sentence of prose here. "
    answers = [f"## Step {i}\n\n- first point, with **bold** text\n- second\n\n" + prose * (i * 9) for i in range(12)]
    answers += ["Short answer!", "Short answer!"]

    def renderer() -> Renderer:
        options = {"max_response_tokens": 48, "answer_layout": True}
        return Renderer(minilm_tokenizer, "bt", "criteria_list", max_length=128, **options)

    alone, spread = renderer(), renderer()
    alone.prime_answers(answers, chunk=4, workers=1)
    spread.prime_answers(answers, chunk=4, workers=2)
    assert len(spread._layouts) == 13  # rendered ahead, layouts too, each distinct answer once
    assert [spread.rendered(a) for a in answers] == [alone.rendered(a) for a in answers]
    assert [spread.answer_ids(a) for a in answers] == [alone.answer_ids(a) for a in answers]
