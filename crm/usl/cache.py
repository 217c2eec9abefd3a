"""On-disk score cache (SQLite): a score once computed is never computed again.

Key: CRM fingerprint, normalised criteria, corpus, question, model and kind (``reward`` for a ``bt``
CRM's score of one answer; ``first``/``second`` for a ``cls`` CRM's p(model beats baseline) with the
model's answer shown first or second). WAL journaling lets readers work while a scoring run writes;
rows are committed batch by batch, so a killed run resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path

Key = tuple[str, str, str]  # question_id, model, kind

SCHEMA = """
CREATE TABLE IF NOT EXISTS scores (
    crm TEXT NOT NULL, criteria TEXT NOT NULL, corpus TEXT NOT NULL,
    question_id TEXT NOT NULL, model TEXT NOT NULL, kind TEXT NOT NULL, value REAL NOT NULL,
    PRIMARY KEY (crm, criteria, corpus, question_id, model, kind)
)
"""


def normalise_criteria(criteria: Iterable[str]) -> list[str]:
    """Whitespace collapsed, empty lines dropped, order kept (the model reads them in order)."""
    return [" ".join(c.split()) for c in criteria if c and c.strip()]


def criteria_key(criteria: Sequence[str]) -> str:
    return hashlib.sha256(json.dumps(normalise_criteria(criteria)).encode()).hexdigest()[:24]


def crm_fingerprint(export_dir: str | Path) -> str:
    """Identifies a CRM's weights without reading all of them: settings, head, configs, and for each
    weight file its size and its first and last MiB."""
    export_dir = Path(export_dir)
    digest = hashlib.sha256()
    for path in sorted(p for p in export_dir.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(export_dir)).encode())
        size = path.stat().st_size
        digest.update(str(size).encode())
        with path.open("rb") as f:
            digest.update(f.read(1 << 20))
            if size > 2 << 20:
                f.seek(-(1 << 20), 2)
                digest.update(f.read())
    return digest.hexdigest()[:24]


class ScoreCache:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # One connection may serve several threads (the web app's jobs); callers serialise writes.
        self.db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(SCHEMA)
        self.db.commit()

    def get(self, crm: str, criteria: str, corpus: str, keys: Iterable[Key]) -> dict[Key, float]:
        wanted = set(keys)
        rows = self.db.execute(
            "SELECT question_id, model, kind, value FROM scores WHERE crm=? AND criteria=? AND corpus=?",
            (crm, criteria, corpus),
        )
        return {(q, m, k): v for q, m, k, v in rows if (q, m, k) in wanted}

    def put(self, crm: str, criteria: str, corpus: str, values: dict[Key, float]) -> None:
        """Insert and commit at once: what is written survives a killed run."""
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO scores VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(crm, criteria, corpus, q, m, k, float(v)) for (q, m, k), v in values.items()],
            )

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM scores").fetchone()[0]

    def close(self) -> None:
        self.db.close()
