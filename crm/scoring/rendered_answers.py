"""What rendering an answer takes from its text alone, kept on disk across processes.

A board renders every model's answer before the CRM reads it: the tokenizer over the whole answer,
the view cut to the tower's budget (decoding head, middle and tail) and the layout's markdown parse.
None of it depends on the criteria or the CRM's weights, and a new ``crm-usl`` process under new
criteria would otherwise do it all again for the same answers: on Arena-Hard it was most of the board.

Keys hash the answer's text with the renderer's fingerprint: its tokenizer, the settings that shape a
view, and the source of the code that renders (a changed rendering rule or layout feature can never
read a stale value). Values are exactly what the renderer computes (:class:`RenderedAnswer`), so a
value read back renders the same row, to the bit. The table is an LRU-bounded
:class:`~crm.scoring.answer_store.AnswerStore` of its own.
"""

from __future__ import annotations

import hashlib
import importlib
import struct
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import tokenizers

from crm.data.rendering import Renderer
from crm.data.row_format import RenderedAnswer
from crm.scoring.answer_store import AnswerStore, call_store

RENDERED_FILE = "rendered_answers.sqlite"
MAX_BYTES = 10**9  # about 400,000 answers' renderings
# the code whose rules a rendering follows, and the table the layout reads
RENDERING_MODULES = (
    "crm.data.bounds",
    "crm.data.criteria.profile",
    "crm.data.encoded",
    "crm.data.layout",
    "crm.data.rendering",
    "crm.data.row_format",
    "crm.data.sentence_ends",
)


def renderer_fingerprint(renderer: Renderer) -> str:
    """A name for what ``renderer`` makes of an answer's text."""
    digest = hashlib.sha256(tokenizers.__version__.encode())
    tokenizer = renderer.tokenizer
    backend = getattr(tokenizer, "backend_tokenizer", None)
    digest.update((backend.to_str() if backend is not None else repr(sorted(tokenizer.get_vocab().items()))).encode())
    settings = (renderer.head.name, renderer.input_format, renderer.max_response_tokens, renderer.answer_layout)
    digest.update(repr(settings).encode())
    for name in RENDERING_MODULES:
        digest.update(Path(importlib.import_module(name).__file__).read_bytes())
    digest.update(resources.files("crm.data").joinpath("sentence_ends.tsv").read_bytes())
    return digest.hexdigest()[:32]


def rendering_key(fingerprint: str, answer: str) -> bytes:
    return hashlib.sha256(f"{fingerprint}\x00{answer}".encode("utf-8", "surrogatepass")).digest()[:20]


def pack(rendered: RenderedAnswer) -> bytes:
    view = rendered.view.encode("utf-8", "surrogatepass")
    layout = rendered.layout or ()
    head = struct.pack("<IIIB", rendered.tokens, len(view), len(rendered.view_ids), rendered.layout is not None)
    return head + view + rendered.view_ids + struct.pack(f"<{len(layout)}d", *layout)


def unpack(blob: bytes) -> RenderedAnswer:
    tokens, view_size, ids_size, has_layout = struct.unpack_from("<IIIB", blob)
    pos = struct.calcsize("<IIIB")
    view = blob[pos : pos + view_size].decode("utf-8", "surrogatepass")
    ids = blob[pos + view_size : pos + view_size + ids_size]
    rest = blob[pos + view_size + ids_size :]
    layout = struct.unpack(f"<{len(rest) // 8}d", rest) if has_layout else None
    return RenderedAnswer(tokens, view, ids, layout)


class RenderedAnswers:
    """Renderings of answers on disk (``CRM_CACHE_DIR/rendered_answers.sqlite`` unless given a store).
    A store that fails (a full disk, a damaged file) is a cache, not the board: it is left with a
    warning and the answers are rendered as without it."""

    def __init__(self, store: AnswerStore | None = None):
        if store is None:
            from crm.paths import cache_root

            store = AnswerStore(cache_root() / RENDERED_FILE, MAX_BYTES)
        self.store = store
        self._fingerprints: dict[int, str] = {}

    def prime(self, renderer: Renderer, answers: Iterable[str]) -> int:
        """Tell ``renderer`` what is stored of ``answers``; render the rest (the tokenizer in batches)
        and store them. Returns how many were rendered."""
        if id(renderer) not in self._fingerprints:
            self._fingerprints[id(renderer)] = renderer_fingerprint(renderer)
        fingerprint = self._fingerprints[id(renderer)]
        keys = {
            hashlib.sha256(f"{fingerprint}\x00{a}".encode("utf-8", "surrogatepass")).digest()[:20]: a for a in answers
        }
        found = self._safely(self.store.get, keys) or {}
        for key, blob in found.items():
            renderer.remember(keys[key], unpack(blob))
        new = {key: answer for key, answer in keys.items() if key not in found}
        renderer.prime_answers(new.values())
        self._safely(self.store.put, {key: pack(renderer.rendered(answer)) for key, answer in new.items()})
        return len(new)

    def _safely(self, call, argument):
        return call_store(self.store, call, argument, "the rendered answers", "answers are rendered without it")
