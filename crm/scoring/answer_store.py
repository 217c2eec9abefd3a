"""What a frozen answer tower says of each answer, kept on disk across processes.

A two-tower CRM's answer tower is the pretrained encoder, frozen: its description of an answer (and
the token states an attending head reads) depends on the answer's token ids, the tower's weights and
the precision it ran in, never on the CRM's trained head or reader. Training describes every answer of
the pairs once; a board describes every model's answer once. Both read and write this store, so a
second run, a sweep or a board under criteria never scored before skips the tower for what it has seen.

Keys hash the tower's fingerprint (:func:`tower_fingerprint`: weights, architecture, precision, engine,
torch version) with the row's token ids: a changed text tokenizes differently and a changed tower or
precision has another fingerprint, so neither can read a stale value. Values are stored exactly as the
in-memory memo holds them, so a value read back is the value computed. The store is bounded: beyond
``max_bytes`` the least recently used rows are dropped.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path

import torch

log = logging.getLogger(__name__)

STORE_FILE = "answer_features.sqlite"
DEFAULT_MAX_GB = 8.0  # about 350,000 answers of 160 tokens with their token states (23 KB each)
LOOKUP_CHUNK = 500  # keys per SELECT (SQLite allows 32,766 parameters)
SCHEMA = """
CREATE TABLE IF NOT EXISTS features (
    key BLOB PRIMARY KEY, value BLOB NOT NULL, size INTEGER NOT NULL, used REAL NOT NULL
);
-- the bound's total and its least recently used rows, read without the values: a row's size and use
-- sit behind its value (23 KB), and summing them from the table reads every value of the store
CREATE INDEX IF NOT EXISTS features_used ON features (used, size)
"""
STORED_BYTES = "SELECT COALESCE(SUM(size), 0) FROM features"
LEAST_RECENTLY_USED = "SELECT key, size FROM features ORDER BY used"


def default_store_path() -> Path:
    from crm.paths import cache_root

    return cache_root() / STORE_FILE


def default_max_bytes() -> int:
    """``$CRM_ANSWER_STORE_GB`` (gigabytes), else :data:`DEFAULT_MAX_GB`."""
    return int(float(os.environ.get("CRM_ANSWER_STORE_GB") or DEFAULT_MAX_GB) * 1e9)


def tower_fingerprint(tower: torch.nn.Module, mode: str) -> str:
    """A name for what the tower computes: its weights and architecture, the ``mode`` it runs in
    (precision, engine) and the torch release (kernels change between releases)."""
    digest = hashlib.sha256(f"{torch.__version__}|{mode}|{getattr(tower, 'config', '')}".encode())
    for name, tensor in tower.state_dict().items():
        digest.update(name.encode())
        digest.update(tensor.detach().cpu().contiguous().view(torch.uint8).numpy().tobytes())
    return digest.hexdigest()[:32]


def row_key(fingerprint: str, ids: bytes) -> bytes:
    return hashlib.sha256(fingerprint.encode() + b"\x00" + ids).digest()[:20]


def pack(value: torch.Tensor | tuple[torch.Tensor, ...]) -> bytes:
    """A tensor or a tuple of tensors as bytes (dtype and shape written before each)."""
    parts = value if isinstance(value, tuple) else (value,)
    out = [len(parts).to_bytes(1, "little")]
    for tensor in parts:
        tensor = tensor.detach().cpu().contiguous()
        dtype = str(tensor.dtype).removeprefix("torch.").encode()
        out += [len(dtype).to_bytes(1, "little"), dtype, tensor.dim().to_bytes(1, "little")]
        out += [size.to_bytes(4, "little") for size in tensor.shape]
        out.append(tensor.view(torch.uint8).numpy().tobytes())
    return b"".join(out)


def unpack(blob: bytes, tuple_value: bool) -> torch.Tensor | tuple[torch.Tensor, ...]:
    """Inverse of :func:`pack`."""
    view, pos, parts = memoryview(blob), 1, []
    for _ in range(blob[0]):
        length = blob[pos]
        dtype = getattr(torch, bytes(view[pos + 1 : pos + 1 + length]).decode())
        pos += 1 + length
        dims = blob[pos]
        shape = [int.from_bytes(view[pos + 1 + 4 * i : pos + 5 + 4 * i], "little") for i in range(dims)]
        pos += 1 + 4 * dims
        count = torch.Size(shape).numel() * torch.empty(0, dtype=dtype).element_size()
        raw = torch.frombuffer(bytearray(view[pos : pos + count]), dtype=torch.uint8)
        parts.append(raw.view(dtype).reshape(shape))
        pos += count
    return tuple(parts) if tuple_value else parts[0]


class AnswerStore:
    """An SQLite table of packed tower outputs by :func:`row_key` (WAL: a board and a training run may
    share it; each write commits, so a killed run keeps what it wrote)."""

    def __init__(self, path: str | Path | None = None, max_bytes: int | None = None):
        self.path = Path(path) if path else default_store_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.max_bytes = default_max_bytes() if max_bytes is None else max_bytes
        self.db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a killed process loses nothing committed
        self.db.executescript(SCHEMA)
        self.db.commit()

    def get(self, keys: Iterable[bytes]) -> dict[bytes, bytes]:
        wanted = list(dict.fromkeys(keys))
        found: dict[bytes, bytes] = {}
        for start in range(0, len(wanted), LOOKUP_CHUNK):
            chunk = wanted[start : start + LOOKUP_CHUNK]
            marks = ",".join("?" * len(chunk))
            found.update(self.db.execute(f"SELECT key, value FROM features WHERE key IN ({marks})", chunk))
        if found:
            with self.db:
                self.db.executemany("UPDATE features SET used=? WHERE key=?", [(time.time(), k) for k in found])
        return found

    def put(self, values: dict[bytes, bytes]) -> None:
        now = time.time()
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO features VALUES (?, ?, ?, ?)",
                [(key, blob, len(blob), now) for key, blob in values.items()],
            )
        self._bound()

    def present(self, keys: Iterable[bytes]) -> set[bytes]:
        """Which of ``keys`` the store holds (values not read)."""
        wanted, present = list(dict.fromkeys(keys)), set()
        for start in range(0, len(wanted), LOOKUP_CHUNK):
            chunk = wanted[start : start + LOOKUP_CHUNK]
            marks = ",".join("?" * len(chunk))
            present.update(k for (k,) in self.db.execute(f"SELECT key FROM features WHERE key IN ({marks})", chunk))
        return present

    def count_present(self, keys: Iterable[bytes]) -> int:
        """How many of ``keys`` the store holds (values not read)."""
        return len(self.present(keys))

    def size_bytes(self) -> int:
        return int(self.db.execute(STORED_BYTES).fetchone()[0])

    def __len__(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM features").fetchone()[0])

    def _bound(self) -> None:
        """Drop the least recently used rows until the values fit ``max_bytes``."""
        excess = self.size_bytes() - self.max_bytes
        if excess <= 0:
            return
        dropped = 0
        with self.db:
            rows = self.db.execute(LEAST_RECENTLY_USED)
            victims = []
            for key, size in rows:
                if dropped >= excess:
                    break
                victims.append((key,))
                dropped += size
            self.db.executemany("DELETE FROM features WHERE key=?", victims)
        log.info(
            "answer store %s: dropped %d least recently used answers (%.1f MB)", self.path, len(victims), dropped / 1e6
        )

    def close(self) -> None:
        self.db.close()

    def __deepcopy__(self, memo) -> AnswerStore:
        return self  # a model's copy shares its store: one file, one connection

    def __getstate__(self) -> dict:
        return {"path": self.path, "max_bytes": self.max_bytes}  # a pickled model reopens the file

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["path"], state["max_bytes"])


class StoreBacking:
    """A memo's view of an :class:`AnswerStore` under one tower fingerprint. A
    store that fails (a full disk, a damaged file) is a cache, not the run: it is left with a warning and
    the tower describes what it would have given."""

    def __init__(self, store, fingerprint: str, tuple_value: bool):
        self.store, self.fingerprint, self.tuple_value = store, fingerprint, tuple_value

    def get(self, rows: list[bytes]) -> dict[bytes, torch.Tensor | tuple]:
        keys = {row_key(self.fingerprint, row): row for row in rows}
        stored = self._safely(self.store.get, keys) or {}
        return {keys[k]: unpack(blob, self.tuple_value) for k, blob in stored.items()}

    def present(self, rows: list[bytes]) -> set[bytes]:
        """Which of ``rows`` the store holds (their values not read)."""
        keys = {row_key(self.fingerprint, row): row for row in rows}
        return {keys[k] for k in self._safely(self.store.present, keys) or ()}

    def put(self, values: dict[bytes, torch.Tensor | tuple]) -> None:
        self._safely(self.store.put, {row_key(self.fingerprint, row): pack(value) for row, value in values.items()})

    def _safely(self, call, argument):
        return call_store(self.store, call, argument, "the answer store", "answers are described without it")


def call_store(store: AnswerStore, call, argument, name: str, otherwise: str):
    """``call(argument)`` on ``store``, or None once the store has failed: a store that fails (a full
    disk, a damaged file) is a cache, not the run; it is left with one warning, naming it and saying
    what happens ``otherwise``."""
    if getattr(store, "failed", False):
        return None
    try:
        return call(argument)
    except sqlite3.Error as err:
        store.failed = True
        log.warning("%s %s failed (%s): %s from here on", name, store.path, err, otherwise)
        return None
