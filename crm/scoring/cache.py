"""On-disk score cache (SQLite): a score once computed is never computed again.

Key: the CRM (fingerprint of its weights and settings, with the precision it scored in), the
normalised criteria, and the *content* that was judged: a hash of the kind (``reward`` for a ``bt``
CRM's score of one answer; ``first``/``second`` for a ``cls`` CRM's p(model beats baseline) with the
model's answer shown first or second), the query text and the answer texts. Names are not part of the
key: an edited answer is scored afresh, and two corpora that share a directory name share nothing
they do not have in common. WAL journaling lets readers work while a scoring run writes; rows are
committed batch by batch, so a killed run resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path

from crm.devices import is_rank_zero
from crm.paths import cache_root


def default_cache() -> Path:
    """The score cache every command shares unless told another (``--cache``)."""
    return cache_root() / "usl_scores.sqlite"


LOOKUP_CHUNK = 500  # contents per SELECT (SQLite allows 32,766 parameters)
Key = tuple[str, str, str]  # question_id, model, kind: how the engine names a score

# Version 1 keyed scores by corpus name and question id, so edited answers got stale scores; its
# table (``scores``) is left alone and never read.
SCHEMA = """
CREATE TABLE IF NOT EXISTS scores_v2 (
    crm TEXT NOT NULL, criteria TEXT NOT NULL, content TEXT NOT NULL, value REAL NOT NULL,
    PRIMARY KEY (crm, criteria, content)
)
"""


def normalise_criteria(criteria: Iterable[str]) -> list[str]:
    """Whitespace collapsed, empty lines dropped, order kept (the model reads them in order)."""
    return [" ".join(c.split()) for c in criteria if c and c.strip()]


def criteria_key(criteria: Sequence[str]) -> str:
    return hashlib.sha256(json.dumps(normalise_criteria(criteria)).encode()).hexdigest()[:24]


def content_key(kind: str, *texts: str) -> str:
    """What a score judged: its kind and the exact texts (query, answer, and the baseline's answer for a pair)."""
    digest = hashlib.sha256(kind.encode())
    for text in texts:
        digest.update(b"\x00" + text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:32]


class ScoreCache:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        if self.path.is_dir():
            raise ValueError(
                f"score cache {self.path} is a directory: give a file path (e.g. {self.path}/scores.sqlite)"
            )
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # One connection may serve several threads (the web app's jobs); callers serialise writes.
        self.db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(SCHEMA)
            self.db.commit()
        except sqlite3.DatabaseError as err:
            self.db.close()
            raise ValueError(f"score cache {self.path} is not a score cache ({err}): give another path") from None

    def get(self, crm: str, criteria: str, contents: Iterable[str]) -> dict[str, float]:
        """The cached scores among ``contents`` (see :func:`content_key`): looked up through the primary
        key, so the cost follows what is asked, not how much the cache holds for these criteria."""
        wanted = list(dict.fromkeys(contents))
        found = {}
        for start in range(0, len(wanted), LOOKUP_CHUNK):
            chunk = wanted[start : start + LOOKUP_CHUNK]
            rows = self.db.execute(
                "SELECT content, value FROM scores_v2 WHERE crm=? AND criteria=? "
                f"AND content IN ({','.join('?' * len(chunk))})",
                (crm, criteria, *chunk),
            )
            found.update(rows)
        return found

    def put(self, crm: str, criteria: str, values: dict[str, float]) -> None:
        """Insert and commit at once: what is written survives a killed run. Scoring on many devices, every
        process has every score and global rank 0 alone writes them (:func:`~crm.devices.is_rank_zero`)."""
        if not is_rank_zero():
            return
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO scores_v2 VALUES (?, ?, ?, ?)",
                [(crm, criteria, content, float(v)) for content, v in values.items()],
            )

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM scores_v2").fetchone()[0]

    def close(self) -> None:
        self.db.close()
