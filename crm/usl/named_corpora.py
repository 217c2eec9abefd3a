"""The leaderboard's corpora: those of the registry (:mod:`crm.data.corpora`), by name or by path, with
Arena-Hard's fine clusters grouped into broad topics."""

from __future__ import annotations

from pathlib import Path

from crm.data.corpora import NAMED_CORPORA, corpus_paths, named_corpus_dir, read_corpus
from crm.data.corpus import Corpus


def corpus_dir(name: str, raw_dir: str | Path) -> Path:
    """Where a named corpus, or the first part of a corpus given by path, lives."""
    return named_corpus_dir(name, raw_dir) if name in NAMED_CORPORA else corpus_paths(name)[0]


def load_named_corpus(name: str, raw_dir: str | Path) -> Corpus:
    """A corpus of the registry by name from the raw data directory, or any corpus by path."""
    corpus = read_corpus(name, raw_dir)
    named = NAMED_CORPORA.get(name)
    if named is not None and named.broad_topics:
        from crm.usl.topics import assign_broad_topics

        mapping = assign_broad_topics([q.cluster for q in corpus.queries.values() if q.cluster])
        for q in corpus.queries.values():
            q.topic = mapping[q.cluster]
    return corpus
