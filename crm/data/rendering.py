"""Turn a preference sample into token ids for a reward head.

Two input formats:

- ``chat``: rendered through the backbone's chat template (decoders such as Qwen3). ``bt`` puts the
  criteria in the system message and scores one answer; ``cls`` asks a judge-style question over both
  answers and ends with the assistant generation prompt.
- ``text_pair``: ``[CLS] criteria + query [SEP] answer(s) [SEP]`` for encoders without a chat template.

Truncation never touches the criteria, the query or the end token: only the answers are shortened
(their beginnings are kept), first to ``max_response_tokens`` each, then evenly from the longest until
the whole sequence fits ``max_length``. In training, a sample that cannot fit even with tiny answers
is rejected with :class:`SampleTooLong` so the caller can count it; in scoring (``truncate_query``)
the query is shortened instead, so every pair gets a score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace as dc_replace

from crm.data.schema import PreferenceSample

INPUT_FORMATS = ("chat", "text_pair")
HEADS = ("bt", "cls")

CRITERIA_HEADER = "The user judges answers by these criteria:"
JUDGE_SYSTEM = (
    "You judge which of two responses a user prefers, following only the user's criteria. "
    "The order of the responses does not matter."
)
JUDGE_QUESTION = "Under these criteria, which response does the user prefer? Answer A or B."


class SampleTooLong(ValueError):
    """Criteria and query alone leave no room for the answers within ``max_length``."""


@dataclass
class Encoded:
    input_ids: list[int]
    token_type_ids: list[int] | None
    truncated: bool

    def features(self) -> dict[str, list[int]]:
        out = {"input_ids": self.input_ids, "attention_mask": [1] * len(self.input_ids)}
        if self.token_type_ids is not None:
            out["token_type_ids"] = self.token_type_ids
        return out


def criteria_block(criteria: Sequence[str]) -> str:
    return CRITERIA_HEADER + "\n" + "\n".join(f"- {c}" for c in criteria)


def history_text(messages: Sequence[dict[str, str]]) -> str:
    """The conversation up to the judged answer, as plain text (last user turn last)."""
    if len(messages) == 1:
        return messages[0]["content"]
    return "\n\n".join(f"{m['role'].capitalize()}: {m['content']}" for m in messages)


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
    ):
        if head not in HEADS:
            raise ValueError(f"unknown head {head!r}; expected one of {HEADS}")
        if input_format not in INPUT_FORMATS:
            raise ValueError(f"unknown input_format {input_format!r}; expected one of {INPUT_FORMATS}")
        if input_format == "chat" and not tokenizer.chat_template:
            raise ValueError("input_format='chat' needs a tokenizer with a chat template")
        self.tokenizer = tokenizer
        self.head = head
        self.input_format = input_format
        self.max_length = max_length
        self.max_response_tokens = max_response_tokens
        self.min_response_tokens = min_response_tokens
        self.truncate_query = truncate_query

    # ---- raw encodings (no length control) -------------------------------------------------
    def _encode(self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str]) -> Encoded:
        if self.input_format == "chat":
            text = self._chat_text(criteria, history, responses)
            ids = self.tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"]
            return Encoded(ids, None, False)
        first = criteria_block(criteria) + "\n\nQuery: " + history_text(history)
        if self.head == "bt":
            second = responses[0]
        else:
            second = f"Response A: {responses[0]}\n\nResponse B: {responses[1]}"
        enc = self.tokenizer(first, second, add_special_tokens=True, verbose=False)
        return Encoded(enc["input_ids"], enc.get("token_type_ids"), False)

    def _chat_text(self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str]) -> str:
        if self.head == "bt":
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

    # ---- length-controlled encoding ---------------------------------------------------------
    def encode(self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str]) -> Encoded:
        """Encode, shortening the answers until the sequence fits; with ``truncate_query`` (scoring,
        never training) an overlong query is shortened too, the criteria never."""
        try:
            return self._fit_answers(criteria, history, responses)
        except SampleTooLong:
            if not self.truncate_query:
                raise
        enc = self._fit_answers(criteria, self._shorten_query(criteria, history, responses), responses)
        enc.truncated = True
        return enc

    def _fit_answers(self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str]) -> Encoded:
        tokens = [self._tokens(r) for r in responses]
        budget = [len(t) for t in tokens]
        if self.max_response_tokens:
            budget = [min(b, self.max_response_tokens) for b in budget]
        truncated = budget != [len(t) for t in tokens]
        texts = list(responses) if not truncated else [self._cut(t, b) for t, b in zip(tokens, budget)]
        enc = self._encode(criteria, history, texts)
        for _ in range(4):
            overflow = len(enc.input_ids) - self.max_length
            if overflow <= 0:
                enc.truncated = truncated
                return enc
            budget = _shrink(budget, overflow)
            if min(budget) < self.min_response_tokens:
                fixed = len(self._encode(criteria, history, [""] * len(responses)).input_ids)
                raise SampleTooLong(f"criteria and query take {fixed} of max_length={self.max_length} tokens")
            truncated = True
            enc = self._encode(criteria, history, [self._cut(t, b) for t, b in zip(tokens, budget)])
        raise SampleTooLong(f"could not fit the sample into max_length={self.max_length}")

    def _shorten_query(self, criteria: Sequence[str], history: Sequence[dict], responses: Sequence[str]) -> list[dict]:
        """Cut the last user turn (keeping its beginning) so the answers get half of ``max_length``."""
        fixed = len(self._encode(criteria, history, [""] * len(responses)).input_ids)
        excess = fixed + self.max_length // 2 - self.max_length
        last_user = max(i for i, m in enumerate(history) if m["role"] == "user")
        query = self._tokens(history[last_user]["content"])
        if excess >= len(query):
            raise SampleTooLong(f"the criteria alone do not fit max_length={self.max_length}")
        shortened = [dict(m) for m in history]
        shortened[last_user]["content"] = self._cut(query, len(query) - excess)
        return shortened

    def _tokens(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"]

    def _cut(self, tokens: list[int], keep: int) -> str:
        return self.tokenizer.decode(tokens[:keep])

    def encode_sample(self, sample: PreferenceSample) -> dict:
        """Features for one (already direction/noise-transformed) sample.

        ``bt``: ``chosen`` and ``rejected`` encodings (ties keep A as "chosen", label marks them).
        ``cls``: one encoding over (A, B) and ``label`` 0 for A, 1 for B.
        """
        history = sample.history
        if self.head == "bt":
            a_first = sample.preference != "model_b"
            chosen, rejected = (
                (sample.response_a, sample.response_b) if a_first else (sample.response_b, sample.response_a)
            )
            enc_c = self.encode(sample.criteria, history, [chosen])
            enc_r = self.encode(sample.criteria, history, [rejected])
            return {"chosen": enc_c, "rejected": enc_r, "truncated": enc_c.truncated or enc_r.truncated}
        enc = self.encode(sample.criteria, history, [sample.response_a, sample.response_b])
        return {"pair": enc, "label": 1 if sample.preference == "model_b" else 0, "truncated": enc.truncated}

    def encode_rows(self, sample: PreferenceSample) -> list[Encoded]:
        """The model rows of a sample in A, B order: two answers (``bt``) or one pair (``cls``)."""
        if self.head == "bt":
            return [self.encode(sample.criteria, sample.history, [r]) for r in (sample.response_a, sample.response_b)]
        return [self.encode(sample.criteria, sample.history, [sample.response_a, sample.response_b])]

    def measure(self, sample: PreferenceSample) -> tuple[bool, int]:
        """(needs truncation, longest encoded row) of a sample; raises SampleTooLong if it cannot fit
        under its own criteria or under either side's criteria (which the direction may swap in)."""
        for criteria in (sample.a_criteria, sample.b_criteria):
            if criteria and criteria != sample.criteria:
                self.encode_rows(dc_replace(sample, criteria=criteria))
        rows = self.encode_rows(sample)
        return any(row.truncated for row in rows), max(len(row.input_ids) for row in rows)


def _shrink(budget: list[int], overflow: int) -> list[int]:
    """Remove ``overflow`` tokens, always from the currently longest answer (even cuts)."""
    budget = list(budget)
    for _ in range(overflow):
        longest = max(range(len(budget)), key=lambda i: budget[i])
        budget[longest] -= 1
    return budget
