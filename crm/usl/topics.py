"""Broad, human-readable topics for Arena-Hard's 250 fine clusters, and free-text query selection.

Method (deterministic): every broad topic has a handful of exemplar phrases; each cluster name is
embedded with the offline all-MiniLM-L6-v2 encoder and joins the topic of its most similar exemplar
(cosine), a nearest-neighbour classifier over hand-written examples.
No randomness and no training, so the same clusters always get the same topics; `python -m crm.usl
topics --corpus arena_hard` prints the resulting mapping.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Sequence
from functools import lru_cache

import torch

log = logging.getLogger(__name__)

BROAD_TOPICS: dict[str, list[str]] = {  # topic -> exemplar phrases (a cluster joins its most similar exemplar's topic)
    "coding": [
        "Python programming",
        "JavaScript and TypeScript code",
        "C++ and Rust code",
        "debugging a program",
        "React and CSS web front-end",
        "Django and web back-end development",
        "writing a function",
        "shell scripts and command line",
        "GUI programming",
        "regular expressions",
        "mobile app development",
        "code refactoring and testing",
        "string manipulation in code",
        "game scripting code",
    ],
    "data & ML": [
        "machine learning models",
        "deep learning and neural networks",
        "pandas dataframes",
        "data analysis",
        "plotting charts with matplotlib",
        "Spark and data pipelines",
        "statistics and standard deviation",
        "Excel spreadsheets and formulas",
        "large language models and prompts",
        "computer vision",
    ],
    "math": [
        "algebra and equations",
        "number theory",
        "probability and dice",
        "geometry problems",
        "calculus",
        "math word problems",
        "combinatorics puzzles",
        "arithmetic calculations",
    ],
    "science & engineering": [
        "physics",
        "chemistry",
        "biology",
        "electrical engineering and circuits",
        "mechanical engineering",
        "signal processing",
        "energy and solar power",
        "climate science",
        "medical imaging technology",
    ],
    "IT & systems": [
        "cloud services like AWS",
        "Docker and Kubernetes",
        "Linux administration",
        "computer networking",
        "cybersecurity and encryption",
        "databases and SQL servers",
        "computer hardware specifications",
        "scheduling jobs and automation",
        "software configuration",
        "blockchain and crypto wallets",
    ],
    "business & finance": [
        "business strategy",
        "startup ideas",
        "marketing and advertising",
        "sales",
        "investing and trading",
        "accounting and taxes",
        "management and leadership",
        "finance and banking",
        "e-commerce",
    ],
    "writing": [
        "creative writing",
        "writing a story",
        "poetry",
        "writing an email or letter",
        "essay writing",
        "song lyrics",
        "role-play characters",
        "rewriting and summarizing text",
        "slide presentations",
    ],
    "language": [
        "translation between languages",
        "grammar",
        "word meanings and etymology",
        "linguistics",
        "language learning",
        "natural language processing of text",
    ],
    "education & careers": [
        "teaching and learning",
        "studying for exams",
        "career advice",
        "job interviews",
        "education assessment",
    ],
    "health & lifestyle": [
        "cooking recipes",
        "healthy eating and nutrition",
        "fitness and exercise",
        "medical conditions",
        "home and housebuilding",
        "travel",
        "hobbies",
    ],
    "society & humanities": [
        "history",
        "philosophy and theology",
        "law and legal questions",
        "politics and debate",
        "ethics",
        "relationships and psychology",
        "contemporary social issues",
    ],
    "games & entertainment": [
        "chess",
        "video games",
        "board and card games",
        "role-playing game mechanics",
        "movies and music",
        "sports",
        "trivia",
    ],
}


@lru_cache(maxsize=1)
def _encoder():
    from crm.text_encoder import SentenceEncoder

    return SentenceEncoder()


@lru_cache(maxsize=8)
def _embedded(texts: tuple[str, ...]):
    """A corpus's query embeddings, computed once per process: each new search encodes only its own text."""
    return _encoder().encode(list(texts))


def assign_broad_topics(clusters: Sequence[str], encoder=None) -> dict[str, str]:
    """Each cluster name -> the topic of its most similar exemplar phrase (max cosine over exemplars).
    With the default encoder the mapping is kept on disk: a new board process skips loading it."""
    names = sorted(set(clusters))
    if not names:
        return {}
    if encoder is not None:
        return _nearest_topics(names, encoder)
    from crm.config import minilm_path
    from crm.paths import cache_root

    what = json.dumps([names, BROAD_TOPICS, str(minilm_path()), torch.__version__])
    path = cache_root() / "topics" / f"{hashlib.sha256(what.encode()).hexdigest()[:24]}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        mapping = _nearest_topics(names, _encoder())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps(mapping), encoding="utf-8")
        partial.replace(path)  # whole or absent: a reader never sees half a file
    except OSError as err:
        log.warning("could not keep the topic mapping at %s (%s)", path, err)
    return mapping


def _nearest_topics(names: list[str], encoder) -> dict[str, str]:
    owners = [t for t, phrases in BROAD_TOPICS.items() for _ in phrases]
    exemplars = encoder.encode([p for phrases in BROAD_TOPICS.values() for p in phrases])
    best = (encoder.encode(names) @ exemplars.T).argmax(dim=1).tolist()
    return {cluster: owners[i] for cluster, i in zip(names, best)}


def search_queries(query_texts: dict[str, str], text: str, top_k: int = 20, encoder=None) -> list[str]:
    """The ids of the ``top_k`` queries most similar to ``text`` (free-text topic selection)."""
    ids = sorted(query_texts)
    if not ids:
        return []
    texts = tuple(query_texts[i] for i in ids)
    corpus = encoder.encode(list(texts)) if encoder else _embedded(texts)
    scores = corpus @ (encoder or _encoder()).encode([text]).T
    order = torch.argsort(scores[:, 0], descending=True, stable=True)[:top_k]
    return [ids[i] for i in order.tolist()]
