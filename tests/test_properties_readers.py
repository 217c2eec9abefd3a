"""Property tests of the readers: whatever a file holds, a reader keeps what is valid and names what
is not (``file:line``), and never fails with anything but its one error type.

Hypothesis writes the files: records that are valid, records with one field changed to any JSON
value, any JSON value at all, and raw bytes (invalid UTF-8 included).
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crm.data.corpus import load_corpus
from crm.data.schema import DataFormatError, PreferenceSample, read_samples, write_samples
from crm.errors import UserError
from crm.rlhf.best_of_n import read_lines

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
json_values = scalars | st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
texts = st.text(max_size=20)  # lone surrogates included: a reader must name them, not fail on them
turns = st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant"]), "content": texts})
sample_records = st.fixed_dictionaries(
    {
        "prompt": texts,
        "model_a": st.lists(turns, min_size=1, max_size=3),
        "model_b": st.lists(turns, min_size=1, max_size=3),
        "criteria": st.lists(texts, min_size=1, max_size=3),
        "preference": st.sampled_from(["model_a", "model_b", "tie"]),
    },
    optional={"idx": st.integers(0, 5) | st.text(max_size=3), "human_winner": st.sampled_from(["model_a", "tie"])},
)


def damaged(records: st.SearchStrategy[dict]) -> st.SearchStrategy[dict]:
    """A record with one field dropped or replaced by a value of any JSON type."""
    drop = object()

    def damage(record: dict) -> st.SearchStrategy[dict]:
        change = st.tuples(st.sampled_from(sorted(record)), st.just(drop) | scalars | json_values)
        return change.map(lambda kv: {k: v for k, v in {**record, kv[0]: kv[1]}.items() if v is not drop})

    return records.flatmap(damage)


def lines_of(records: st.SearchStrategy[dict]) -> st.SearchStrategy[bytes]:
    """One line of a jsonl file: a record, a damaged one, any JSON value, or any bytes."""
    as_json = st.one_of(records, damaged(records), json_values).map(lambda v: json.dumps(v).encode())
    raw = st.binary(max_size=30).map(lambda b: b.replace(b"\n", b" "))
    return st.one_of(as_json, as_json, raw)


def jsonl(records: st.SearchStrategy[dict]) -> st.SearchStrategy[list[bytes]]:
    return st.lists(lines_of(records), max_size=6)


def write_lines(directory: Path, name: str, lines: list[bytes]) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return path


def non_blank(lines: list[bytes]) -> list[int]:
    """The line numbers (from 1) a reader looks at."""
    return [n for n, line in enumerate(lines, 1) if line.strip()]


def names_a_line(message: str, path: Path, lines: list[bytes]) -> bool:
    match = re.match(rf"{re.escape(str(path))}:(\d+): \S", message)
    return bool(match) and int(match.group(1)) in non_blank(lines)


@SETTINGS
@given(jsonl(sample_records))
def test_the_sample_reader_keeps_the_valid_lines_and_names_each_other_one(lines):
    with tempfile.TemporaryDirectory() as tmp:
        path = write_lines(Path(tmp), "data.jsonl", lines)
        samples, report = read_samples(path, skip_invalid=True)
        assert report.kept == len(samples) and report.kept + report.skipped == len(non_blank(lines))
        assert all(names_a_line(why, path, lines) for why in report.invalid)
        try:
            strict, _ = read_samples(path)
        except DataFormatError as err:
            assert report.skipped and names_a_line(str(err), path, lines)
        else:
            assert not report.skipped and strict == samples


@SETTINGS
@given(st.lists(sample_records, max_size=5))
def test_a_sample_written_is_the_sample_read(records):
    valid = []
    with tempfile.TemporaryDirectory() as tmp:
        source = write_lines(Path(tmp), "in.jsonl", [json.dumps(r).encode() for r in records])
        valid, _ = read_samples(source, skip_invalid=True)
        assert write_samples(Path(tmp) / "out.jsonl", valid) == len(valid)
        again, report = read_samples(Path(tmp) / "out.jsonl")
    assert again == valid and report.skipped == 0
    assert all(isinstance(s, PreferenceSample) for s in again)


best_of_n_records = st.fixed_dictionaries(
    {"prompt": texts, "responses": st.lists(texts, min_size=1, max_size=3)},
    optional={"criteria": st.lists(texts, max_size=2) | texts, "id": json_values},
)


@SETTINGS
@given(jsonl(best_of_n_records))
def test_best_of_n_reads_every_line_or_names_why_not(lines):
    skipped: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = write_lines(Path(tmp), "in.jsonl", lines)
        kept = list(read_lines(path, ["Be brief."], skipped))
    assert len(kept) + len(skipped) == len(non_blank(lines))
    assert all(names_a_line(why, path, lines) for why in skipped)
    assert all(where.startswith(f"{path}:") and scored.responses for where, _, scored in kept)


questions = st.fixed_dictionaries(
    {
        "question_id": st.integers(0, 4) | st.text(max_size=2),
        "turns": st.lists(texts, min_size=1, max_size=2),
        "category": texts,
    }
)
answers = st.fixed_dictionaries(
    {
        "question_id": st.integers(0, 4) | st.text(max_size=2),
        "choices": st.lists(st.fixed_dictionaries({"turns": st.lists(texts, max_size=2)}), min_size=1, max_size=1),
    }
)


@SETTINGS
@given(jsonl(questions), st.lists(jsonl(answers), min_size=1, max_size=2))
def test_a_corpus_loads_or_names_the_line_that_stops_it(question_lines, answer_files):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_lines(root, "question.jsonl", question_lines)
        files = {root / "question.jsonl": question_lines}
        for i, lines in enumerate(answer_files):
            files[write_lines(root, f"model_answer/m{i}.jsonl", lines)] = lines
        try:
            corpus = load_corpus(root, "c")
        except UserError as err:
            assert any(names_a_line(str(err), path, lines) for path, lines in files.items()), str(err)
        else:
            assert set(corpus.answers) == {f"m{i}" for i in range(len(answer_files))}
            for model_answers in corpus.answers.values():
                assert set(model_answers) <= set(corpus.queries)
                assert all(isinstance(text, str) for text in model_answers.values())
