"""The leaderboard's named corpora: MT-Bench and Arena-Hard from the raw data directory (Arena-Hard's
fine clusters grouped into broad topics), or any corpus directory in the FastChat layout."""

from __future__ import annotations

from pathlib import Path

from crm.data.corpus import CORPUS_DIRS, DEFAULT_BASELINES, Corpus, load_corpus


def corpus_dir(name: str, raw_dir: str | Path) -> Path:
    """Where a named corpus (or a corpus directory given by path) lives."""
    return Path(raw_dir) / CORPUS_DIRS[name] if name in CORPUS_DIRS else Path(name)


def load_named_corpus(name: str, raw_dir: str | Path) -> Corpus:
    """``mt_bench`` or ``arena_hard`` from the raw data directory, or any corpus directory by path."""
    if name in CORPUS_DIRS:
        corpus = load_corpus(Path(raw_dir) / CORPUS_DIRS[name], name, DEFAULT_BASELINES[name])
        if name == "arena_hard":
            from crm.usl.topics import assign_broad_topics

            mapping = assign_broad_topics([q.cluster for q in corpus.queries.values() if q.cluster])
            for q in corpus.queries.values():
                q.topic = mapping[q.cluster]
        return corpus
    if Path(name).is_dir():
        return load_corpus(name)
    raise ValueError(
        f"unknown corpus {name!r}: use mt_bench, arena_hard or a corpus directory (see crm/data/corpus.py)"
    )
