"""Tokenizer loading with the chat template and padding we train with."""

from __future__ import annotations

from transformers import PreTrainedTokenizerBase

from crm.models.tokenizer_parsing import pretrained_tokenizer


def load_tokenizer(
    name_or_path: str, chat_template: str | None = None, padding_side: str = "right"
) -> PreTrainedTokenizerBase:
    """Load a tokenizer; ``chat_template='chatml'`` replaces the model's own template with ours.

    Qwen3's own template inserts an empty think block before the last assistant turn; rendering every
    Qwen3 size (and the offline tiny one) with the same ChatML keeps training and scoring identical.
    """
    tokenizer = pretrained_tokenizer(name_or_path)
    if chat_template == "chatml":
        from crm.models.qwen_tokenizer import CHATML_TEMPLATE

        tokenizer.chat_template = CHATML_TEMPLATE
    elif chat_template not in (None, "native"):
        raise ValueError(f"unknown chat_template {chat_template!r}; expected 'chatml', 'native' or null")
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    tokenizer.padding_side = padding_side
    return tokenizer


SPECIAL_TOKENS = ("cls_token", "sep_token", "pad_token", "unk_token", "mask_token")
# texts on which both tokenizers must agree once translated: case, accents, punctuation, digits, emoji
VOCABULARY_PROBES = ("Prefer concise answers, please: no bullet points!", "Naïve CAFÉ, 42 x 7 = 294; don't 🙂")


def vocabulary_map(rows: PreTrainedTokenizerBase, reader: PreTrainedTokenizerBase) -> list[int]:
    """For each token id of ``rows`` (the tokenizer the CRM's rows are made with), the id of the same token
    in ``reader``'s vocabulary; special tokens by their role (``[CLS]`` to ``<s>``, ...). A criteria reader
    with its own vocabulary then reads the rows' criteria exactly as its own tokenizer would have
    tokenized them, which the probes check: ValueError where a token is missing or they differ."""
    vocabulary = reader.get_vocab()
    special = {
        getattr(rows, f"{role}_id"): getattr(reader, f"{role}_id")
        for role in SPECIAL_TOKENS
        if getattr(rows, role, None) is not None and getattr(reader, role, None) is not None
    }
    ids, missing = list(range(len(rows))), []
    for token, i in rows.get_vocab().items():
        ids[i] = special[i] if i in special else vocabulary.get(token, -1)
        if ids[i] < 0:
            missing.append(token)
    if missing:
        raise ValueError(
            f"the reader's tokenizer lacks {len(missing)} of the rows' {len(rows)} tokens (e.g. {missing[:5]}): "
            "a criteria reader of another vocabulary must hold every token of the rows' tokenizer"
        )
    for text in VOCABULARY_PROBES:
        if [ids[i] for i in rows(text)["input_ids"]] != reader(text)["input_ids"]:
            raise ValueError(f"the rows' and the reader's tokenizers split {text!r} differently")
    return ids
