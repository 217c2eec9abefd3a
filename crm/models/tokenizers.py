"""Tokenizer loading with the chat template and padding we train with."""

from __future__ import annotations

from transformers import AutoTokenizer, PreTrainedTokenizerBase


def load_tokenizer(
    name_or_path: str, chat_template: str | None = None, padding_side: str = "right"
) -> PreTrainedTokenizerBase:
    """Load a tokenizer; ``chat_template='chatml'`` replaces the model's own template with ours.

    Qwen3's own template inserts an empty think block before the last assistant turn; rendering every
    Qwen3 size (and the offline tiny one) with the same ChatML keeps training and scoring identical.
    """
    tokenizer = AutoTokenizer.from_pretrained(name_or_path)
    if chat_template == "chatml":
        from crm.models.qwen_tokenizer import CHATML_TEMPLATE

        tokenizer.chat_template = CHATML_TEMPLATE
    elif chat_template not in (None, "native"):
        raise ValueError(f"unknown chat_template {chat_template!r}; expected 'chatml', 'native' or null")
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    tokenizer.padding_side = padding_side
    return tokenizer
