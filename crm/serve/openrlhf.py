"""OpenRLHF's remote reward model protocol (``--remote_rm_url http://HOST:PORT/get_reward``).

OpenRLHF posts ``{"query": [...], "prompts": [...], "labels": [...]}`` (older releases send ``query``
only) and reads ``rewards``, one float per query, from the JSON answer. Each query is the prompt and
the policy's response as one string, rendered with the policy's chat template and possibly ending in
end-of-turn or padding tokens. We need the conversation and the response apart: when ``prompts`` are
sent, the response is what follows the prompt; otherwise the query's turns are read from a ChatML
(Qwen) or Llama-3 template and the last assistant turn is the response.
"""

from __future__ import annotations

import re

TURN_PATTERNS = (
    re.compile(r"<\|im_start\|>(system|user|assistant)\n(.*?)(?=<\|im_end\|>|<\|im_start\|>|$)", re.S),
    re.compile(
        r"<\|start_header_id\|>(system|user|assistant)<\|end_header_id\|>\n\n(.*?)(?=<\|eot_id\|>|<\|start_header_id\|>|$)",
        re.S,
    ),
)
END_TOKENS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end_of_text|>", "</s>", "<pad>")


def strip_end_tokens(text: str, leading: bool = False) -> str:
    """The text without trailing (or, with ``leading``, leading: left padding) end-of-turn / padding
    tokens and whitespace, in any number."""
    while True:
        stripped = text.lstrip() if leading else text.rstrip()
        for token in END_TOKENS:
            stripped = stripped.removeprefix(token) if leading else stripped.removesuffix(token)
        if stripped == text:
            return text
        text = stripped


def chat_turns(text: str) -> list[dict[str, str]]:
    """The turns of a ChatML or Llama-3 rendered conversation (none for other templates)."""
    for pattern in TURN_PATTERNS:
        turns = [{"role": role, "content": content.strip()} for role, content in pattern.findall(text)]
        if turns:
            return turns
    return []


def conversation_of(prompt: str) -> list[dict[str, str]]:
    """A rendered prompt as messages for the CRM: its user and assistant turns (the policy's system
    prompt is not the user's criteria and is left out), or the whole text as one user turn."""
    turns = [t for t in chat_turns(prompt) if t["role"] != "system" and t["content"]]
    while turns and turns[-1]["role"] == "assistant":  # an empty generation prompt leaves no turn; a filled one does
        turns.pop()
    return turns or [{"role": "user", "content": strip_end_tokens(prompt).strip()}]


def split_rollout(query: str, prompt: str | None = None) -> tuple[list[dict[str, str]], str]:
    """(the conversation before the response, the response) of one OpenRLHF query."""
    query = strip_end_tokens(query, leading=True)  # left padding of a batch
    prompt = strip_end_tokens(prompt, leading=True) if prompt is not None else None
    if prompt is not None and query.startswith(prompt):
        return conversation_of(prompt), strip_end_tokens(query[len(prompt) :]).strip()
    turns = chat_turns(query)
    if not turns or turns[-1]["role"] != "assistant":
        raise ValueError(
            "cannot tell the response from the prompt: send `prompts` (each query's prompt prefix), or render "
            "with a ChatML or Llama-3 chat template"
        )
    history = [t for t in turns[:-1] if t["role"] != "system"]
    if not history:
        raise ValueError("the query has an assistant turn but no user turn before it")
    return history, strip_end_tokens(turns[-1]["content"]).strip()
