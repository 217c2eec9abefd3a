"""The offline-built Qwen3 tokenizer: ids, special tokens, chat template and the on-disk cache.

Uses conftest's session ``cache_dir`` (sets ``CRM_CACHE_DIR`` to a tmp dir), so nothing
touches ~/.cache; the ~19 MB tokenizer is built once per session.
"""

from __future__ import annotations

import json
import shutil
import threading
import unicodedata
from pathlib import Path

import pytest
from transformers import AutoTokenizer, BatchEncoding

from crm.models import qwen_tokenizer as qt
from crm.models.qwen_tokenizer import CHATML_TEMPLATE, build_qwen3_tokenizer, qwen3_tokenizer_dir

ADDED = [
    ("<|endoftext|>", True), ("<|im_start|>", True), ("<|im_end|>", True),
    ("<|object_ref_start|>", True), ("<|object_ref_end|>", True), ("<|box_start|>", True),
    ("<|box_end|>", True), ("<|quad_start|>", True), ("<|quad_end|>", True),
    ("<|vision_start|>", True), ("<|vision_end|>", True), ("<|vision_pad|>", True),
    ("<|image_pad|>", True), ("<|video_pad|>", True), ("<tool_call>", False),
    ("</tool_call>", False), ("<|fim_prefix|>", False), ("<|fim_middle|>", False),
    ("<|fim_suffix|>", False), ("<|fim_pad|>", False), ("<|repo_name|>", False),
    ("<|file_sep|>", False), ("<tool_response>", False), ("</tool_response>", False),
    ("<think>", False), ("</think>", False),
]  # fmt: skip

UNICODE = [
    "Hello world",
    "  leading spaces, trailing\ttabs\t\nand\r\nCRLF\n\n\n",
    "Café naïve résumé Ωμέγα Привет мир",
    "你好，世界！今天天气怎么样？",
    "こんにちは、世界。カタカナとひらがな",
    "안녕하세요 세계",
    "مرحبا بالعالم — עברית",
    "emoji 😀👍🏽🇺🇳 👨‍👩‍👧‍👦 and math ∑_{i=1}^n x² ≤ ∞",
    "def f(x):\n    return x ** 2  # 12345 67.89e-10\n",
    "don't I'LL we've 'S they're",
]

CONVERSATION = [
    {"role": "system", "content": "You are a helpful assistant."},
    {"role": "user", "content": "What is 2+2?"},
    {"role": "assistant", "content": "2+2 = 4."},
]


@pytest.fixture(scope="module")
def tok(qwen_tokenizer):
    return qwen_tokenizer


@pytest.fixture(scope="module")
def tok_dir(cache_dir, tok) -> Path:
    return qwen3_tokenizer_dir()


def test_cache_lives_under_crm_cache_dir(cache_dir, tok_dir):
    assert tok_dir == Path(cache_dir) / "qwen3-tokenizer"
    assert (tok_dir / "tokenizer.json").stat().st_size > 10_000_000
    assert not list(Path(cache_dir).glob(".qwen3-tokenizer.*")), "temp build dirs left behind"


def test_known_ids(tok):
    assert tok.encode("Hello world") == [9707, 1879]
    assert tok("Hello world")["input_ids"] == [9707, 1879]  # no BOS/EOS added
    assert tok.encode("12345") == [16, 17, 18, 19, 20]  # single digits, not \p{N}{1,3}
    assert tok.encode("<|im_start|>system\n") == [151644, 8948, 198]
    assert tok.encode("assistant") == [77091]


def test_vocab_and_special_tokens(tok):
    assert len(tok) == 151669
    assert tok.pad_token == "<|endoftext|>" and tok.pad_token_id == 151643
    assert tok.eos_token == "<|im_end|>" and tok.eos_token_id == 151645
    assert tok.bos_token is None and tok.unk_token is None
    decoder = tok.added_tokens_decoder
    assert [(decoder[i].content, decoder[i].special) for i in range(151643, 151669)] == ADDED


@pytest.mark.parametrize("token_id", range(151643, 151669))
def test_added_tokens_encode_as_single_ids(tok, token_id):
    token = tok.convert_ids_to_tokens(token_id)
    assert tok.encode(token) == [token_id]
    ids = tok.encode(f"a {token}b")
    assert ids.count(token_id) == 1
    assert tok.decode(ids) == f"a {token}b"


def test_skip_special_tokens_keeps_non_special_added(tok):
    ids = tok.encode("<|im_start|>assistant\n<think>x</think>ok<|im_end|>")
    assert tok.decode(ids, skip_special_tokens=True) == "assistant\n<think>x</think>ok"


@pytest.mark.parametrize("text", UNICODE)
def test_roundtrip(tok, text):
    assert tok.decode(tok.encode(text)) == text


def test_nfc_normalization(tok):
    nfd = unicodedata.normalize("NFD", "Café")
    assert tok.encode(nfd) == tok.encode("Café")
    assert tok.decode(tok.encode(nfd)) == "Café"


def test_matches_tiktoken_on_same_ranks(tok):
    """The conversion must not change tokenization: compare with tiktoken itself."""
    import tiktoken

    added = {token: 151643 + i for i, (token, _) in enumerate(ADDED)}  # HF matches all 26 verbatim
    enc = tiktoken.Encoding("qwen", pat_str=qt.QWEN2_PATTERN, mergeable_ranks=qt._load_ranks(), special_tokens=added)
    texts = UNICODE + [Path(qt.__file__).read_text(), Path(__file__).read_text(), Path(tiktoken.__file__).read_text()]
    for text in texts:
        assert tok.encode(text) == enc.encode(text, allowed_special="all")


def test_chat_template(tok, tok_dir):
    assert tok.chat_template == CHATML_TEMPLATE
    expected = (
        "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
        "<|im_start|>user\nWhat is 2+2?<|im_end|>\n"
        "<|im_start|>assistant\n2+2 = 4.<|im_end|>\n"
    )
    assert tok.apply_chat_template(CONVERSATION, tokenize=False) == expected
    assert "<think>" not in expected
    assert tok.apply_chat_template(CONVERSATION[:2], tokenize=False, add_generation_prompt=True) == (
        "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
        "<|im_start|>user\nWhat is 2+2?<|im_end|>\n"
        "<|im_start|>assistant\n"
    )
    # The template is saved with the tokenizer, so a plain path load gets it too.
    auto = AutoTokenizer.from_pretrained(str(tok_dir))
    assert auto.chat_template == CHATML_TEMPLATE
    assert auto.apply_chat_template(CONVERSATION, tokenize=False) == expected
    assert auto.encode(expected) == tok.encode(expected)


def test_apply_chat_template_tokenize(tok):
    out = tok.apply_chat_template(CONVERSATION, tokenize=True)
    assert isinstance(out, BatchEncoding)  # transformers 5: a BatchEncoding, not a list
    ids = out["input_ids"]
    assert ids == tok.encode(tok.apply_chat_template(CONVERSATION, tokenize=False))
    assert ids[:3] == [151644, 8948, 198] and ids[-2:] == [151645, 198]
    assert ids.count(151644) == 3 and ids.count(151645) == 3


def test_cache_is_reused(tok_dir, monkeypatch):
    before = {p.name: p.stat().st_mtime_ns for p in tok_dir.iterdir()}

    def no_rebuild():
        raise AssertionError("cache should have been reused")

    monkeypatch.setattr(qt, "_convert", no_rebuild)
    assert qwen3_tokenizer_dir() == tok_dir
    assert len(build_qwen3_tokenizer()) == 151669
    assert {p.name: p.stat().st_mtime_ns for p in tok_dir.iterdir()} == before


def test_explicit_cache_dir_and_stale_cache_is_rebuilt(tok, tok_dir, tmp_path, monkeypatch):
    monkeypatch.setattr(qt, "_convert", lambda: tok)  # the real conversion is covered by the session build
    shutil.copytree(tok_dir, tmp_path / "qwen3-tokenizer")
    (tmp_path / "qwen3-tokenizer" / "crm_build.json").write_text('{"build_id": "old"}')
    (tmp_path / "qwen3-tokenizer" / "leftover.txt").write_text("from an old recipe")
    assert qwen3_tokenizer_dir(tmp_path) == tmp_path / "qwen3-tokenizer"
    assert not (tmp_path / "qwen3-tokenizer" / "leftover.txt").exists()
    assert build_qwen3_tokenizer(tmp_path).encode("Hello world") == [9707, 1879]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["qwen3-tokenizer"]


def test_failed_build_leaves_nothing(tmp_path, monkeypatch):
    def boom():
        raise RuntimeError("killed mid-build")

    monkeypatch.setattr(qt, "_convert", boom)
    with pytest.raises(RuntimeError, match="killed mid-build"):
        qwen3_tokenizer_dir(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_concurrent_builder_winning_the_race_is_fine(tok, tok_dir, tmp_path, monkeypatch):
    """Another process finishes first while we build: we keep theirs and clean up ours."""

    def convert_while_other_builder_finishes():
        shutil.copytree(tok_dir, tmp_path / "qwen3-tokenizer")
        return tok

    monkeypatch.setattr(qt, "_convert", convert_while_other_builder_finishes)
    assert qwen3_tokenizer_dir(tmp_path) == tmp_path / "qwen3-tokenizer"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["qwen3-tokenizer"]


def test_parallel_builds(tok, tmp_path, monkeypatch):
    monkeypatch.setattr(qt, "_convert", lambda: tok)  # skip the real conversion; the race is in the renames
    results, errors = [], []

    def run():
        try:
            results.append(qwen3_tokenizer_dir(tmp_path))
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and results == [tmp_path / "qwen3-tokenizer"] * 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["qwen3-tokenizer"]
    assert build_qwen3_tokenizer(tmp_path).encode("Hello world") == [9707, 1879]


def test_a_tokenizer_is_parsed_once_by_its_content_and_each_caller_gets_its_own_settings(
    tok_dir, tmp_path, monkeypatch
):
    """Qwen3's tokenizer takes over a second to parse: the same files, wherever they lie, are parsed once per
    process; what one caller sets (padding side, template, pad token) no other caller sees; changed files are
    parsed again."""
    from transformers import PreTrainedTokenizerFast

    from crm.models import tokenizer_parsing as tokenizers

    parsed = []
    parse = PreTrainedTokenizerFast.from_pretrained
    monkeypatch.setattr(tokenizers, "_PARSED", type(tokenizers._PARSED)())
    monkeypatch.setattr(PreTrainedTokenizerFast, "from_pretrained", lambda *a, **k: parsed.append(a) or parse(*a, **k))
    copy = shutil.copytree(tok_dir, tmp_path / "export")
    first = tokenizers.pretrained_tokenizer(tok_dir, loader=PreTrainedTokenizerFast)
    second = tokenizers.pretrained_tokenizer(copy, loader=PreTrainedTokenizerFast)
    assert len(parsed) == 1 and second.name_or_path == str(copy)
    first.padding_side, first.pad_token, first.chat_template = "left", "<|im_end|>", "{{ messages }}"
    assert (second.padding_side, second.pad_token, second.chat_template) == ("right", "<|endoftext|>", CHATML_TEMPLATE)
    texts = ["a", "a b c"]
    assert first(texts, padding=True)["input_ids"][0] == [151645, 151645, 64]  # padded on the left
    assert second(texts, padding=True)["input_ids"][0] == [64, 151643, 151643]  # on the right, as loaded
    assert second(texts)["input_ids"] == build_qwen3_tokenizer()(texts)["input_ids"]

    config = copy / "tokenizer_config.json"
    config.write_text(json.dumps({**json.loads(config.read_text()), "padding_side": "left"}))
    changed = tokenizers.pretrained_tokenizer(copy, loader=PreTrainedTokenizerFast)
    assert len(parsed) == 2 and changed.padding_side == "left"
