"""Turn a preference sample into token ids for a reward head.

The input formats and the texts rows carry besides the sample's: :mod:`crm.data.row_format`.

Truncation never touches the criteria or the end token: the answers are shortened first, to
``max_response_tokens`` each, then evenly from the longest until the whole sequence fits
``max_length``. A shortened text keeps its head and its tail around a visible :data:`CUT_MARKER`:
what a criterion looks at may sit at the end (a closing summary, an offer of more help) as well as at
the start. With ``truncate_query`` (training and scoring; the datamodule counts it) an overlong query
is shortened too; without it, a sample whose criteria and query leave no room for the answers raises
:class:`SampleTooLong`. Criteria that alone exceed the budget always raise it.
"""

from __future__ import annotations

import copy
from array import array
from collections.abc import Iterable, Sequence

from crm.data.bounds import bounded_answer
from crm.data.encoded import Encoded, PairTemplate
from crm.data.layout import layout_features
from crm.data.over_cores import usable_cores
from crm.data.relevance import last_user_turn, query_overlap
from crm.data.rendering_ahead import rendered_over_cores
from crm.data.row_format import (
    CRITERIA_LIST,
    CUT_MARKER,
    INPUT_FORMATS,
    JUDGE_QUESTION,
    JUDGE_SYSTEM,
    NO_QUERY,
    PROBE_CRITERION,
    TYPICAL_CRITERIA,
    CriteriaTooLong,
    RenderedAnswer,
    SampleTooLong,
    criteria_block,
    head_and_tail,
    history_text,
    shrink_evenly,
)
from crm.data.schema import PreferenceSample
from crm.heads import head_named

VIEW_CACHE_SIZE = 65536  # answers whose view a renderer remembers (about 30 MB)
# new answers from which priming renders over the CPU's cores: below, starting the processes costs more
MIN_PARALLEL_ANSWERS = 2000
SEGMENT_CACHE_SIZE = 65536  # texts whose token ids a renderer remembers to join pairs (about 60 MB)


class Renderer:
    """Encodes samples for one head and input format under a length budget."""

    def __init__(
        self,
        tokenizer,
        head: str,
        input_format: str,
        max_length: int,
        max_response_tokens: int | None = None,
        min_response_tokens: int = 8,
        truncate_query: bool = False,
        max_query_tokens: int | None = None,
        drop_earlier_turns: bool = False,
        length_limit: int | None = None,
        answer_layout: bool = False,
        query_rows: bool = False,
    ):
        if input_format not in INPUT_FORMATS:
            raise ValueError(f"unknown input_format {input_format!r}; expected one of {INPUT_FORMATS}")
        if input_format == "chat" and not tokenizer.chat_template:
            raise ValueError("input_format='chat' needs a tokenizer with a chat template")
        told_per_answer = {"answer_layout": answer_layout, "query_rows": query_rows}
        for option, told in told_per_answer.items():
            if told and not head_named(head).judges_alone:
                raise ValueError(f"{option} tells a pointwise (bt) row about its one answer; a cls row holds two")
        if query_rows and not max_query_tokens:
            raise ValueError("query_rows gives each row its query's view: it needs max_query_tokens")
        self.tokenizer = tokenizer
        self.head = head_named(head)  # the answers each row holds
        self.input_format = input_format
        self.max_length = max_length
        self.max_response_tokens = max_response_tokens
        self.min_response_tokens = min_response_tokens
        self.truncate_query = truncate_query
        self.max_query_tokens = max_query_tokens  # the query's share of a short budget (head + tail kept)
        self.drop_earlier_turns = drop_earlier_turns  # scoring: every pair gets a score, even a long conversation
        # scoring: criteria too long for max_length lengthen the sequence instead, up to the backbone's limit
        self.length_limit = max(length_limit or max_length, max_length)
        # each row also carries its answer's layout (crm.data.layout): the tokenizer drops line breaks,
        # the view cuts the middle
        self.answer_layout = answer_layout
        # and its query as the answer tower reads it (max_query_tokens, head and tail), for a two-tower CRM
        # to describe what was asked: the criteria row of a two-tower CRM leaves the query out
        self.query_rows = query_rows
        self._query_rows: dict[str, tuple[tuple[int, ...], int]] = {}
        self._around = tokenizer("", verbose=False)["input_ids"] if query_rows else []  # special tokens of one text
        self._templates: dict[int, int] = {}  # answers per row -> tokens the format adds around them
        # answer -> (its tokens, its view within max_response_tokens): a training epoch draws each pair
        # under both polarities and answers recur across pairs; each is tokenized and cut once (answers are
        # most of a sample's text)
        self._views: dict[str, tuple[int, str]] = {}
        # text -> its token ids: counted for measure(), and joined into rows by the tokenizer's pair
        # template (None: no such template)
        self._segments: dict[str, array] = {}
        self._pair_template = None if input_format == "chat" else PairTemplate.learn(tokenizer)
        self._layouts: dict[str, tuple[float, ...]] = {}  # answer -> its layout (a markdown parse each)

    # ---- raw encodings (no length control) -------------------------------------------------
    def _encode(self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str]) -> Encoded:
        if self.input_format == "chat":
            text = self._chat_text(criteria, history, responses)
            ids = self.tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"]
            return Encoded(ids, None, False)
        first = self.criteria_text(criteria)
        if self.reads_query:
            first += "\n\nQuery: " + history_text(history)
        if self.head.judges_alone:
            second = responses[0]
        else:
            second = f"Response A: {responses[0]}\n\nResponse B: {responses[1]}"
        if self._pair_template is not None and first and second:  # the tokenizer reads an empty segment as none
            return self._pair_template.join(self._segment(first), self._segment(second))
        enc = self.tokenizer(first, second, add_special_tokens=True, verbose=False)
        return Encoded(enc["input_ids"], enc.get("token_type_ids"), False)

    def criteria_segment(self, criteria: Sequence[str]) -> list[int] | None:
        """The criteria part of this renderer's rows as a two-tower CRM's reader gets it (``[CLS] c1 [SEP]
        c2 [SEP]``), or None where rows have no such part alone."""
        template = self._pair_template
        if self.input_format != CRITERIA_LIST or template is None:
            return None
        return template.first_part(self._segment(self.criteria_text(criteria)))

    def _segment(self, text: str, tokens: list[int] | None = None) -> array:
        """``text``'s token ids, remembered (the oldest forgotten beyond :data:`SEGMENT_CACHE_SIZE`).
        ``tokens``: the text's, if known."""
        ids = self._segments.get(text)
        if ids is None:
            ids = array("i", self._tokens(text) if tokens is None else tokens)
            if len(self._segments) >= SEGMENT_CACHE_SIZE:
                del self._segments[next(iter(self._segments))]
            self._segments[text] = ids
        return ids

    def _chat_text(self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str]) -> str:
        if self.head.judges_alone:
            messages = [{"role": "system", "content": criteria_block(criteria)}, *history]
            messages.append({"role": "assistant", "content": responses[0]})
            text = self.tokenizer.apply_chat_template(messages, tokenize=False)
            return text.rstrip("\n")  # end exactly on the end-of-turn token: that is where we pool
        prompt = (
            f"{criteria_block(criteria)}\n\n[Conversation]\n{history_text(history)}\n\n"
            f"[Response A]\n{responses[0]}\n\n[Response B]\n{responses[1]}\n\n{JUDGE_QUESTION}"
        )
        messages = [{"role": "system", "content": JUDGE_SYSTEM}, {"role": "user", "content": prompt}]
        return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)

    @property
    def reads_query(self) -> bool:
        return self.input_format not in ("criteria_pair", CRITERIA_LIST)

    def criteria_text(self, criteria: Sequence[str]) -> str:
        """The criteria as this format writes them: a headed block, or for ``criteria_list`` each
        criterion followed by the tokenizer's separator (the last one's is the segment's own)."""
        if self.input_format == CRITERIA_LIST:
            return f" {self.tokenizer.sep_token} ".join(criteria)
        return criteria_block(criteria)

    def _read(self, history: Sequence[dict]) -> Sequence[dict]:
        """The conversation as this format reads it: none at all for ``criteria_pair`` and ``criteria_list``."""
        return history if self.reads_query else NO_QUERY

    # ---- length-controlled encoding ---------------------------------------------------------
    def encode(self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str]) -> Encoded:
        """Encode, shortening the answers until the sequence fits; the query is capped at
        ``max_query_tokens`` and, with ``truncate_query``, shortened further if it must; the criteria never.
        Where criteria leave too little room, a ``length_limit`` above ``max_length`` gives the sequence
        as many more tokens as the criteria take (answers keep their usual share), up to that limit."""
        responses = [bounded_answer(r) for r in responses]
        read, query_cut = self._cap_query(self._read(history))
        try:
            enc = self._encode_within(criteria, read, responses, query_cut, self.max_length)
        except SampleTooLong:
            longer = min(self.length_limit, self.max_length + self._count(self.criteria_text(criteria)))
            if longer <= self.max_length:
                raise
            enc = self._encode_within(criteria, read, responses, query_cut, longer)
        if self.query_rows:
            enc.query_row = self.query_row(history)
            if len(responses) == 1:  # a pointwise row: its answer's fit with the query
                enc.query_overlap = query_overlap(last_user_turn(history), responses[0])
        return enc

    def query_row(self, history: Sequence[dict]) -> tuple[tuple[int, ...], int]:
        """The answer tower's row of the conversation's last user turn (``[CLS] view [SEP]``, the view
        ``max_query_tokens`` long, head and tail), right-padded to one width, and its length; remembered."""
        query = last_user_turn(history)
        row = self._query_rows.get(query)
        if row is None:
            keep, tokens = self.max_query_tokens, self._tokens(query)
            view = query if len(tokens) <= keep else self._cut(tokens, keep)
            around = self._around  # what the tokenizer adds to one text
            ids = self.tokenizer(view, verbose=False)["input_ids"]
            ids = ids[: len(around) - 1 + keep] + ids[-1:] if len(ids) > len(around) + keep else ids
            row = tuple(ids) + (self.tokenizer.pad_token_id,) * (len(around) + keep - len(ids)), len(ids)
            if len(self._query_rows) >= VIEW_CACHE_SIZE:
                del self._query_rows[next(iter(self._query_rows))]
            self._query_rows[query] = row
        return row

    def query_ids(self, history: Sequence[dict]) -> list[int] | None:
        """The real ids of :meth:`query_row` (None where rows carry no query), as the tower describes them."""
        if not self.query_rows:
            return None
        ids, length = self.query_row(history)
        return list(ids[:length])

    def _encode_within(
        self, criteria, history, responses, query_cut: bool, max_length: int, layout: bool = True
    ) -> Encoded:
        """``layout``: tell each row its answer's layout (where this renderer does)."""
        try:
            enc = self._fit_answers(criteria, history, responses, max_length, layout)
            enc.truncated = enc.truncated or query_cut
            return enc
        except SampleTooLong:
            if not self.truncate_query:
                raise
        try:
            shortened = self._shorten_query(criteria, history, responses, max_length)
        except SampleTooLong:
            if not self.drop_earlier_turns or len(history) == 1:
                raise
            # scoring: earlier turns leave no room, keep the last user turn only (criteria too long still raise)
            last_user = [m for m in history if m["role"] == "user"][-1:]
            shortened = self._shorten_query(criteria, last_user, responses, max_length)
        enc = self._fit_answers(criteria, shortened, responses, max_length, layout)
        enc.truncated = True
        return enc

    def criteria_token_limit(self) -> int:
        """The most tokens the criteria block may take when scoring (``truncate_query`` and
        ``drop_earlier_turns``): beyond it no query or answer fits, whatever its length."""
        template = self._template_tokens(self.head.answers_per_row)
        margin = 4  # the query's first token, and texts tokenize a little differently joined than alone
        tokens = self.length_limit
        while tokens > 0:
            length = min(self.length_limit, self.max_length + tokens)
            if tokens + template + margin <= length - length // 2:
                return tokens
            tokens -= 1
        return 0

    def criteria_limits(self) -> dict[str, int]:
        """The most criteria this renderer reads when scoring: tokens, and about as many characters of
        typical English criteria (a guide for input fields)."""
        block = self.criteria_text(TYPICAL_CRITERIA)
        tokens = self.criteria_token_limit()
        return {"tokens": tokens, "characters": int(tokens * len(block) / self._count(block))}

    def check_criteria(self, criteria: Sequence[str]) -> None:
        """Raise :class:`CriteriaTooLong`, saying the limit in tokens and characters, before any scoring.
        Not memoised: a server checks many criteria it will never score."""
        block = self.criteria_text(criteria)
        tokens, limit = len(self._tokens(block)), self.criteria_token_limit()
        if tokens > limit:
            chars_per_token = len(block) / max(tokens, 1)
            raise CriteriaTooLong(
                f"the criteria take {tokens} tokens ({len(block)} characters as the CRM reads them); this CRM reads "
                f"at most {limit} tokens of criteria (about {int(limit * chars_per_token)} characters of text like "
                "this): shorten or drop some criteria"
            )

    def _cap_query(self, history: Sequence[dict]) -> tuple[Sequence[dict], bool]:
        """The history with its last user turn cut to ``max_query_tokens`` (and whether it was cut)."""
        if not self.max_query_tokens or not self.reads_query:
            return history, False
        last_user = max(i for i, m in enumerate(history) if m["role"] == "user")
        tokens = self._tokens(history[last_user]["content"])
        if len(tokens) <= self.max_query_tokens:
            return history, False
        capped = [dict(m) for m in history]
        capped[last_user]["content"] = self._cut(tokens, self.max_query_tokens)
        return capped, True

    def _fit_answers(
        self,
        criteria: Sequence[str],
        history: Sequence[dict],
        responses: Sequence[str],
        max_length: int,
        layout: bool = True,
    ) -> Encoded:
        lengths, texts = zip(*(self._answer_view(r) for r in responses)) if responses else ((), ())
        budget = [min(n, self.max_response_tokens or n) for n in lengths]
        truncated = budget != list(lengths)
        enc = self._encode(criteria, history, list(texts))
        tokens: list[list[int]] = []
        for _ in range(4):
            overflow = len(enc.input_ids) - max_length
            if overflow <= 0:
                enc.truncated = truncated
                if self.answer_layout and layout:
                    enc.answer_layout = self._layout(responses[0])
                return enc
            tokens = tokens or [self._tokens(r) for r in responses]
            budget = shrink_evenly(budget, overflow)
            # an answer shorter than the minimum by itself ("4") is fine; one cut below it is not
            if any(b < min(len(t), self.min_response_tokens) for b, t in zip(budget, tokens)):
                fixed = len(self._encode(criteria, history, [""] * len(responses)).input_ids)
                raise SampleTooLong(f"criteria and query take {fixed} of max_length={max_length} tokens")
            truncated = True
            enc = self._encode(criteria, history, [self._cut(t, b) for t, b in zip(tokens, budget)])
        raise SampleTooLong(f"could not fit the sample into max_length={max_length}")

    def _shorten_query(
        self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str], max_length: int
    ) -> list[dict]:
        """Cut the last user turn (keeping its beginning) so the answers get half of ``max_length``."""
        fixed = len(self._encode(criteria, history, [""] * len(responses)).input_ids)
        excess = fixed + max_length // 2 - max_length
        last_user = max(i for i, m in enumerate(history) if m["role"] == "user")
        query = self._tokens(history[last_user]["content"])
        if excess >= len(query):
            raise SampleTooLong(f"the criteria alone do not fit max_length={max_length}")
        shortened = [dict(m) for m in history]
        shortened[last_user]["content"] = self._cut(query, len(query) - excess)
        return shortened

    def _answer_view(self, text: str, tokens: list[int] | None = None) -> tuple[int, str]:
        """An answer's token count and its text cut to ``max_response_tokens`` (itself if it fits), cached
        (the oldest forgotten beyond :data:`VIEW_CACHE_SIZE`). ``tokens``: the answer's, if known."""
        view = self._views.get(text)
        if view is None:
            tokens = self._tokens(text) if tokens is None else tokens
            fits = not self.max_response_tokens or len(tokens) <= self.max_response_tokens
            if fits:  # the view is the answer itself: its tokens are known
                self._segment(text, tokens)
            view = len(tokens), text if fits else self._cut(tokens, self.max_response_tokens)
            if len(self._views) >= VIEW_CACHE_SIZE:
                del self._views[next(iter(self._views))]
            self._views[text] = view
        return view

    def _layout(self, answer: str) -> tuple[float, ...]:
        """``answer``'s layout features, remembered (the oldest forgotten beyond :data:`VIEW_CACHE_SIZE`)."""
        layout = self._layouts.get(answer)
        if layout is None:
            layout = tuple(layout_features(answer))
            if len(self._layouts) >= VIEW_CACHE_SIZE:
                del self._layouts[next(iter(self._layouts))]
            self._layouts[answer] = layout
        return layout

    def rendered(self, answer: str) -> RenderedAnswer:
        """What rendering ``answer`` in a ``bt`` row takes from its text alone, computed where not known:
        kept across processes (:mod:`crm.scoring.rendered_answers`), a board's answers skip the tokenizer,
        the view's cut and the layout's markdown parse."""
        answer = bounded_answer(answer)
        count, view = self._answer_view(answer)
        layout = self._layout(answer) if self.answer_layout else None
        return RenderedAnswer(count, view, bytes(self._segment(view)), layout)

    def remember(self, answer: str, rendered: RenderedAnswer) -> None:
        """Take :meth:`rendered`'s result for ``answer`` as known (from an earlier process)."""
        answer = bounded_answer(answer)
        self._views[answer] = rendered.tokens, rendered.view
        self._segment(rendered.view, array("i", rendered.view_ids))
        if rendered.layout is not None:
            self._layouts[answer] = rendered.layout

    def forget_texts_beyond(self, rows: int) -> bool:
        """Empties each of the renderer's text caches (views, token ids, layouts, query rows) that holds
        more than ``rows`` texts: a server that meets each text once keeps them bounded. Whether any was."""
        caches = (self._views, self._segments, self._layouts, self._query_rows)
        full = [cache for cache in caches if len(cache) > rows]
        for cache in full:
            cache.clear()
        return bool(full)

    def prime_answers(self, answers: Iterable[str], chunk: int = 1024, workers: int | None = None) -> None:
        """Render the answers whose view is not known yet, ahead of use: over ``workers`` processes (default:
        every usable core) where there are :data:`MIN_PARALLEL_ANSWERS` or more (parsing and cutting are pure
        Python), else by tokenizing them in batches of ``chunk`` (one tokenizer call per batch)."""
        new = list(dict.fromkeys(a for a in map(bounded_answer, answers) if a not in self._views))[:VIEW_CACHE_SIZE]
        if len(new) >= MIN_PARALLEL_ANSWERS and (workers or usable_cores()) >= 2:
            for text, value in zip(new, rendered_over_cores(self._blank(), new, chunk, workers)):
                self.remember(text, value)
            return
        for start in range(0, len(new), chunk):
            texts = new[start : start + chunk]
            batch = self.tokenizer(texts, add_special_tokens=False, verbose=False)["input_ids"]
            for text, tokens in zip(texts, batch):
                self._answer_view(text, tokens)

    def _blank(self) -> Renderer:
        """This renderer without what it remembers: what a rendering process starts from."""
        blank = copy.copy(self)
        blank._views, blank._segments, blank._layouts, blank._query_rows = {}, {}, {}, {}
        return blank

    def _tokens(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"]

    def _cut(self, tokens: list[int], keep: int) -> str:
        """About ``keep`` tokens' worth of text (:func:`~crm.data.row_format.head_and_tail`)."""
        return head_and_tail(self.tokenizer, tokens, keep, self._count(CUT_MARKER.format(words=1000)))

    def encode_sample(self, sample: PreferenceSample) -> dict:
        """Features for one (already direction/noise-transformed) sample.

        ``bt``: ``chosen`` and ``rejected`` encodings, and whether the pair is a tie (A is then "chosen").
        ``cls``: one encoding over (A, B) and ``label`` 0 for A, 1 for B.
        """
        history = sample.history
        if self.head.judges_alone:
            a_first = sample.preference != "model_b"
            chosen, rejected = (
                (sample.response_a, sample.response_b) if a_first else (sample.response_b, sample.response_a)
            )
            enc_c = self.encode(sample.criteria, history, [chosen])
            enc_r = self.encode(sample.criteria, history, [rejected])
            truncated = enc_c.truncated or enc_r.truncated
            return {"chosen": enc_c, "rejected": enc_r, "tie": sample.preference == "tie", "truncated": truncated}
        enc = self.encode(sample.criteria, history, [sample.response_a, sample.response_b])
        return {"pair": enc, "label": 1 if sample.preference == "model_b" else 0, "truncated": enc.truncated}

    def encode_rows(self, sample: PreferenceSample) -> list[Encoded]:
        """The model rows of a sample in A, B order: two answers (``bt``) or one pair (``cls``)."""
        if self.head.judges_alone:
            return [self.encode(sample.criteria, sample.history, [r]) for r in (sample.response_a, sample.response_b)]
        return [self.encode(sample.criteria, sample.history, [sample.response_a, sample.response_b])]

    def answer_ids(self, answer: str) -> array | None:
        """The token ids a two-tower CRM's answer tower reads of ``answer`` in a ``bt`` row: the row's
        first token, then the answer's segment (as ``TwoTowerCRM.split_segments`` cuts a row); None
        where the format has no segments. A row whose criteria leave the answer less room cuts it
        shorter: its ids differ, and the tower describes it when it meets it. An array, as the segments
        are: a run keeps every answer's ids (4 bytes a token, not a Python int each: about 12 MB against 81
        for the quickstart's answers)."""
        if not self.head.judges_alone or self.input_format == "chat":
            return None
        # the row as encode() makes it, less what the tower does not read (the layout: a markdown parse)
        enc = self._encode_within([PROBE_CRITERION], NO_QUERY, [bounded_answer(answer)], False, self.max_length, False)
        if enc.token_type_ids is None:
            return None
        return array("i", [enc.input_ids[0], *(t for t, kind in zip(enc.input_ids, enc.token_type_ids) if kind == 1)])

    def measure(self, sample: PreferenceSample) -> tuple[bool, int]:
        """(needs truncation, longest row) of a sample, estimated from per-text token counts that are
        cached (an answer shared by many pairs is tokenized once; the exact encoding happens when the
        sample is drawn). Raises SampleTooLong where :meth:`encode` would: under its own criteria or
        either side's (which the direction may swap in)."""
        criteria = max(
            (c for c in (sample.criteria, sample.a_criteria, sample.b_criteria) if c),
            key=lambda c: self._count(self.criteria_text(c)),
        )
        responses = [bounded_answer(sample.response_a), bounded_answer(sample.response_b)]
        per_row = self.head.answers_per_row
        fixed = self._template_tokens(per_row) + self._count(self.criteria_text(criteria))
        # Only the last user turn is shortened; earlier turns of a conversation stay (training filters).
        history = self._read(sample.history)
        last = self._count(last_user_turn(history))
        earlier = max(0, self._count(history_text(history)) - last)
        capped_last = min(last, self.max_query_tokens or last)
        margin = 4  # counted apart, texts can tokenize a little differently than joined: err on the safe side
        if self.truncate_query:
            fits = fixed + earlier + margin < self.max_length - self.max_length // 2
        else:
            fits = fixed + earlier + capped_last + per_row * self.min_response_tokens + margin <= self.max_length
        if not fits:
            raise SampleTooLong(
                f"criteria and query take {fixed + earlier + last} of max_length={self.max_length} tokens"
            )
        query = earlier + capped_last
        answers = [self._answer_view(r)[0] for r in responses]  # tokenized once, for drawing too
        capped = [min(a, self.max_response_tokens or a) for a in answers]
        rows = [[c] for c in capped] if self.head.judges_alone else [capped]
        lengths = [fixed + query + sum(row) for row in rows]
        truncated = capped != answers or max(lengths) > self.max_length or capped_last < last
        return truncated, min(max(lengths), self.max_length)

    def _count(self, text: str) -> int:
        return len(self._segment(text))

    def _template_tokens(self, responses: int) -> int:
        """Tokens the format adds around empty criteria, query and answers."""
        if responses not in self._templates:
            empty = self._encode([], [{"role": "user", "content": ""}], [""] * responses)
            self._templates[responses] = len(empty.input_ids) - self._count(self.criteria_text([]))
        return self._templates[responses]
