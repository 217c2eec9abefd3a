"""Leaderboard corpora, by name or by path: the one registry of the formats a corpus is read from and
of the corpora the raw data directory holds (where each lives, its format, its baseline).

A corpus given by path is read by the first format that recognises it::

    mt_bench | arena_hard | alpaca_eval          a corpus of the raw data directory, by name
    <dir>                                        FastChat's layout (crm.data.corpus), or a directory
                                                 of AlpacaEval outputs (crm.data.alpaca_eval_outputs)
    <file>.json[,<file>.json...]                 AlpacaEval outputs files, one per model

A new format is one :class:`CorpusFormat` in :data:`FORMATS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from crm.data.alpaca_eval_outputs import looks_like_outputs, read_alpaca_eval
from crm.data.corpus import Corpus, load_corpus
from crm.data.schema import DataFormatError

FILE_LIST_SEPARATOR = ","
CORPUS_HELP = "mt_bench, arena_hard, alpaca_eval, or a path: a FastChat dir, AlpacaEval outputs (a dir; a.json,b.json)"


@dataclass(frozen=True)
class CorpusFormat:
    """An on-disk layout of many models' answers to shared queries."""

    name: str
    layout: str  # what a user gives, for messages
    recognises: Callable[[Sequence[Path]], bool]
    read: Callable[[Sequence[Path], str], Corpus]
    baselines: tuple[str, ...] = ()  # the models this format's leaderboards judge against, by custom


def _is_fastchat(paths: Sequence[Path]) -> bool:
    return len(paths) == 1 and (paths[0] / "question.jsonl").is_file()


FORMATS: tuple[CorpusFormat, ...] = (
    CorpusFormat(
        "fastchat",
        "a directory with question.jsonl and model_answer/<model>.jsonl (FastChat: MT-Bench, Arena-Hard)",
        _is_fastchat,
        lambda paths, name: load_corpus(paths[0], name),
    ),
    CorpusFormat(
        "alpaca_eval",
        "AlpacaEval outputs: a directory of <model>/model_outputs.json or <model>.json, or files a,b,...",
        looks_like_outputs,
        read_alpaca_eval,
        baselines=("gpt4_turbo", "gpt4_1106_preview", "text_davinci_003"),  # AlpacaEval 2.0's, then 1.0's
    ),
)


@dataclass(frozen=True)
class NamedCorpus:
    """A corpus of the raw data directory (its ``SOURCES.md``)."""

    directory: str
    format: str
    baseline: str | None  # every model is judged against its answers
    broad_topics: bool = False  # its fine clusters grouped into broad topics on a board (Arena-Hard)


NAMED_CORPORA: dict[str, NamedCorpus] = {
    "mt_bench": NamedCorpus("mt_bench", "fastchat", "gpt-3.5-turbo"),
    "arena_hard": NamedCorpus("arena_hard_v0.1", "fastchat", "gpt-4-0314", broad_topics=True),
    "alpaca_eval": NamedCorpus("alpaca_eval_styles", "alpaca_eval", None),  # 4 models, each concise and verbose
}


def named_corpus_dir(name: str, raw_dir: str | Path) -> Path:
    """Where a named corpus lives in the raw data directory."""
    return Path(raw_dir) / NAMED_CORPORA[name].directory


def corpus_paths(spec: str | Path) -> list[Path]:
    """The paths a corpus given by path names: a directory or file, or files separated by commas."""
    return [Path(part) for part in str(spec).split(FILE_LIST_SEPARATOR) if part]


def corpus_format(name: str) -> CorpusFormat:
    return next(f for f in FORMATS if f.name == name)


def read_corpus(spec: str | Path, raw_dir: str | Path) -> Corpus:
    """A named corpus from ``raw_dir``, or the corpus at a path (see the module's docstring); its
    default baseline the registry's, else the first of its format's customary baselines it holds."""
    named = NAMED_CORPORA.get(str(spec))
    if named is not None:
        form, paths, name = corpus_format(named.format), [named_corpus_dir(str(spec), raw_dir)], str(spec)
    else:
        paths = corpus_paths(spec)
        missing = [p for p in paths if not p.exists()]
        if not paths or missing:
            raise FileNotFoundError(
                f"unknown corpus {str(spec)!r}: use {', '.join(NAMED_CORPORA)} or a path "
                f"({'; '.join(f.layout for f in FORMATS)})"
            )
        form = next((f for f in FORMATS if f.recognises(paths)), None)
        if form is None:
            raise DataFormatError(f"{spec}: not a corpus; expected {' or '.join(f.layout for f in FORMATS)}")
        name = paths[0].name if len(paths) == 1 else paths[0].parent.name
    corpus = form.read(paths, name)
    customary = next((m for m in form.baselines if m in corpus.answers), None)
    corpus.default_baseline = (named.baseline if named is not None else None) or customary
    return corpus
