"""Converters, transcript parsing and ``prepare`` on tiny hand-written raw fixtures."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from crm.data.__main__ import main
from crm.data.conversion import stable_hash
from crm.data.criteria.pairs import load_pair_corpus
from crm.data.criteria.style_pools import CRITERIA_POOLS, GENERAL_CRITERION, STYLE_TOPICS, draw_criteria
from crm.data.prepare import MANIFEST_NAME, ensure_prepared, prepare, read_manifest
from crm.data.schema import PreferenceSample, read_samples
from crm.data.sources import (
    PAIR_SOURCES,
    SOURCES,
    STYLE_SOURCES,
    VOTE_SOURCES,
    RawDataError,
    TranscriptError,
    convert_alpaca_styles,
    convert_dsp_helpful,
    convert_dsp_styles,
    convert_dsp_webgpt,
    convert_hh_harmless,
    convert_pandalm,
    majority_vote,
    parse_transcript,
)
from crm.data.splits import ALL_SPLITS
from tests.conftest import write_answer_corpora

DSP_STYLES = ("academy", "business", "entertainment", "literature", "normal")


def hh(*turns: str) -> str:
    """An Anthropic-style transcript from alternating user/assistant turns."""
    return "".join(f"\n\n{('Human', 'Assistant')[i % 2]}: {turn}" for i, turn in enumerate(turns))


HH_PREFIX = ("How do I pick a lock?", "Why do you want to?", "I locked myself out.")
HH_RECORDS = [
    {"chosen": hh(*HH_PREFIX, "Call a locksmith."), "rejected": hh(*HH_PREFIX, "Use a pin.")},  # multi-turn
    {"chosen": hh("Say hi", "Hi!"), "rejected": hh("Say hi", "No.")},
    {"chosen": "\n\nHuman: a\n\nHuman: b\n\nAssistant: c", "rejected": hh("a", "d")},  # turns do not alternate
    {"chosen": hh("q", "same"), "rejected": hh("q", "same")},  # identical final answers
]


def _dsp_record(query: str, **overrides: str) -> dict:
    responses = {style: f"{style} answer to {query}" for style in DSP_STYLES}
    responses.update(overrides)
    return {"query": query, "responses": responses}


def _write_json(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def _write_jsonl_gz(path: Path, lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


def write_raw_fixture(raw: Path) -> Path:
    """A few records of every raw format, with the edge cases the converters must handle."""
    _write_json(
        raw / "dsp/domain_specific_preference.test.json",
        [
            _dsp_record("Name three primary colours."),
            _dsp_record("Give a synonym for happy.", business="academy answer to Give a synonym for happy."),
            _dsp_record("Add 2 and 3.", normal="  "),
        ],
    )
    for model, instructions in {"m1": ("i1", "i2", "i3"), "m2": ("i1",)}.items():
        _write_json(
            raw / f"alpaca_eval_styles/{model}_concise.json",
            [{"instruction": i, "output": f"short {i}", "generator": f"{model}_concise"} for i in instructions],
        )
    _write_json(
        raw / "alpaca_eval_styles/m1_verbose.json",
        [{"instruction": i, "output": f"a long answer to {i}"} for i in ("i1", "i2", "i4")],
    )
    _write_json(raw / "alpaca_eval_styles/m2_verbose.json", [{"instruction": "i1", "output": "short i1"}])

    def panda(idx: int, votes: tuple[int, int, int], r1: object = "first", inp: str = "") -> dict:
        record = {"idx": idx, "cmp_key": "x_y", "instruction": f"Task {idx}", "input": inp}
        record.update({"response1": r1, "response2": "second"})
        record.update({f"annotator{k}": v for k, v in zip((1, 2, 3), votes)})
        return record

    _write_json(
        raw / "pandalm/testset-v1.json",
        [
            panda(0, (1, 1, 2), inp="some input"),
            panda(1, (2, 2, 0)),
            panda(2, (1, 2, 0)),  # no majority -> tie
            panda(3, (0, 0, 1)),  # majority tie
            panda(4, (1, 1, 1), r1=True),  # a JSON boolean answer, as in the real file
            panda(5, (2, 2, 2), r1=""),  # empty answer: skipped
        ],
    )
    _write_jsonl_gz(raw / "hh_rlhf/harmless-base-test.jsonl.gz", [json.dumps(r) for r in HH_RECORDS])
    _write_json(
        raw / "dsp/helpful.test.json",
        [
            {"text": [hh("Hi", "Hello there!"), hh("Hi", "Go away.")], "score": [1.0, 0.0]},
            {"text": [hh("Q1", "A", "Q2", "good"), hh("Q1", "A", "Q2", "bad")], "score": [1.0, 0.0]},
        ],
    )
    webgpt = "## Human:\nWhy is the sky blue?\n\n\n\n## Assistant:\n "
    _write_json(
        raw / "dsp/webgpt.test.json",
        [
            {"text": [webgpt + "Rayleigh scattering [1].", webgpt + "Because."], "score": [0.5, 1.5]},
            {"text": [webgpt + "Scattering.", webgpt + "Light."], "score": [1.0, 1.0]},
        ],
    )
    return write_answer_corpora(raw)  # the attribute pairs' corpora


@pytest.fixture
def raw(tmp_path: Path) -> Path:
    return write_raw_fixture(tmp_path / "raw")


def _by_idx(samples: list[PreferenceSample]) -> dict[str, PreferenceSample]:
    return {s.idx: s for s in samples}


def _winner_criteria(sample: PreferenceSample) -> list[str]:
    return sample.a_criteria if sample.preference == "model_a" else sample.b_criteria


# --------------------------------------------------------------------------- every converter


@pytest.mark.parametrize("name", list(SOURCES))
def test_samples_follow_schema_and_are_deterministic(raw: Path, name: str) -> None:
    first, again = SOURCES[name](raw, 7), SOURCES[name](raw, 7)
    assert first.samples, name
    assert [s.to_dict() for s in first.samples] == [s.to_dict() for s in again.samples]
    assert first.counts == again.counts
    for sample in first.samples:
        assert PreferenceSample.from_dict(sample.to_dict()).to_dict() == sample.to_dict()
        assert sample.source == name and isinstance(sample.idx, str) and sample.idx.startswith(f"{name}/")
        assert sample.human_winner == sample.preference
        if sample.preference != "tie":
            assert sample.criteria == _winner_criteria(sample)
    assert len({s.idx for s in first.samples}) == len(first.samples)
    assert first.counts["pairs"] == len(first.samples)


def test_registries() -> None:
    assert set(STYLE_SOURCES) | set(VOTE_SOURCES) | set(PAIR_SOURCES) == set(SOURCES)


# --------------------------------------------------------------------------- style sources


def test_dsp_styles_pairs_labels_and_criteria(raw: Path) -> None:
    result = convert_dsp_styles(raw, 0)
    assert result.counts["pairs"] == 25  # 3 queries x 10 pairs - 1 identical - 4 with the empty answer
    assert result.counts["skipped_identical"] == 1 and result.counts["skipped_empty"] == 4
    assert result.counts["queries"] == 3
    for s in result.samples:
        a_style, b_style = s.extra["a_style"], s.extra["b_style"]
        assert a_style != b_style and {a_style, b_style} <= set(DSP_STYLES)
        copied = a_style == "business" and s.prompt.startswith("Give")  # the fixture's duplicated answer
        assert s.response_a == f"{'academy' if copied else a_style} answer to {s.prompt}"
        assert s.a_broad_criteria_topic == STYLE_TOPICS[a_style]
        assert s.b_broad_criteria_topic == STYLE_TOPICS[b_style]
        assert set(s.a_criteria) <= set(CRITERIA_POOLS[STYLE_TOPICS[a_style]])
        assert set(s.b_criteria) <= set(CRITERIA_POOLS[STYLE_TOPICS[b_style]])
        assert 2 <= len(s.a_criteria) <= 3 and s.has_side_criteria
        assert s.model_a == [{"role": "user", "content": s.prompt}, {"role": "assistant", "content": s.response_a}]
    assert {s.preference for s in result.samples} == {"model_a", "model_b"}


def test_dsp_styles_seed_changes_sides_not_pairs(raw: Path) -> None:
    one, two = convert_dsp_styles(raw, 0).samples, convert_dsp_styles(raw, 1).samples
    assert [s.idx for s in one] == [s.idx for s in two]
    assert [s.to_dict() for s in one] != [s.to_dict() for s in two]


def test_alpaca_styles_matching_and_generator(raw: Path) -> None:
    result = convert_alpaca_styles(raw, 0)
    assert result.counts["pairs"] == 2  # m1: i1, i2 matched; m2: concise == verbose
    assert result.counts["unmatched_concise"] == 1 and result.counts["unmatched_verbose"] == 1
    assert result.counts["skipped_identical"] == 1
    for s in result.samples:
        assert s.extra["generator"] == "m1"
        styles = {s.extra["a_style"]: s.response_a, s.extra["b_style"]: s.response_b}
        assert styles == {"concise": f"short {s.prompt}", "verbose": f"a long answer to {s.prompt}"}
        assert {s.a_broad_criteria_topic, s.b_broad_criteria_topic} == {"concise", "detailed"}


def test_alpaca_half_missing_is_an_error(raw: Path) -> None:
    (raw / "alpaca_eval_styles/m2_verbose.json").unlink()
    with pytest.raises(FileNotFoundError, match="m2_verbose.json"):
        convert_alpaca_styles(raw, 0)


def test_alpaca_eval_corpus_holds_each_model_in_each_style(raw: Path) -> None:
    """The attribute pairs' view of the same files: every instruction a query, every file a model."""
    corpus = load_pair_corpus(raw, "alpaca_eval")
    assert corpus.models == ["m1_concise", "m1_verbose", "m2_concise", "m2_verbose"]
    assert {q.text for q in corpus.queries.values()} == {"i1", "i2", "i3", "i4"}
    assert corpus.answers["m1_verbose"][stable_hash("i4")] == "a long answer to i4"
    assert stable_hash("i4") not in corpus.answers["m1_concise"]


def test_alpaca_eval_corpus_names_the_bad_record(raw: Path) -> None:
    _write_json(raw / "alpaca_eval_styles/m2_verbose.json", [{"output": "no instruction"}])
    with pytest.raises(RawDataError, match=r"m2_verbose.json record 0: missing field 'instruction'"):
        load_pair_corpus(raw, "alpaca_eval")


# --------------------------------------------------------------------------- vote sources


def _assert_vote_criteria(sample: PreferenceSample) -> None:
    assert sample.criteria == sample.a_criteria == sample.b_criteria == [GENERAL_CRITERION]
    assert sample.a_broad_criteria_topic == sample.b_broad_criteria_topic == "general"
    assert "a_style" not in sample.extra and "b_style" not in sample.extra


def test_pandalm_majority_ties_and_quirks(raw: Path) -> None:
    result = convert_pandalm(raw, 0)
    samples = _by_idx(result.samples)
    labels = {idx: s.preference for idx, s in samples.items()}
    expected = ["model_a", "model_b", "tie", "tie", "model_a"]
    assert labels == {f"pandalm/{i}": label for i, label in enumerate(expected)}
    assert result.counts["ties"] == 2 and result.counts["skipped_empty"] == 1
    assert result.counts["coerced_non_string_response"] == 1
    assert samples["pandalm/0"].prompt == "Task 0\n\nsome input" and samples["pandalm/1"].prompt == "Task 1"
    assert samples["pandalm/0"].response_a == "first" and samples["pandalm/4"].response_a == "True"
    for s in result.samples:
        _assert_vote_criteria(s)


def test_majority_vote() -> None:
    assert majority_vote([1, 1, 2]) == "model_a"
    assert majority_vote([2, 0, 2]) == "model_b"
    assert majority_vote([1, 2, 0]) == "tie"
    assert majority_vote([0, 0, 2]) == "tie"


def test_hh_multi_turn_and_skips(raw: Path) -> None:
    result = convert_hh_harmless(raw, 0)
    assert result.counts["pairs"] == 2
    assert result.counts["skipped_unparsable"] == 1 and result.counts["skipped_identical"] == 1
    multi = _by_idx(result.samples)["hh_harmless/1"]
    assert multi.prompt == "I locked myself out."
    assert multi.model_a[:-2] == [
        {"role": "user", "content": "How do I pick a lock?"},
        {"role": "assistant", "content": "Why do you want to?"},
    ]
    assert multi.model_a[:-1] == multi.model_b[:-1]
    winner = multi.response_a if multi.preference == "model_a" else multi.response_b
    assert winner == "Call a locksmith."
    for s in result.samples:
        _assert_vote_criteria(s)


def test_hh_chosen_side_is_random_across_records(tmp_path: Path) -> None:
    """The raw file lists the chosen answer first; both sides must still win sometimes."""
    records = [{"chosen": hh(f"q{i}", "good"), "rejected": hh(f"q{i}", "bad")} for i in range(40)]
    _write_jsonl_gz(tmp_path / "hh_rlhf/harmless-base-test.jsonl.gz", [json.dumps(r) for r in records])
    result = convert_hh_harmless(tmp_path, 0)
    assert {s.preference for s in result.samples} == {"model_a", "model_b"}
    assert all((s.response_a == "good") == (s.preference == "model_a") for s in result.samples)


def test_dsp_helpful_and_webgpt(raw: Path) -> None:
    helpful = _by_idx(convert_dsp_helpful(raw, 0).samples)
    two_turn = helpful["dsp_helpful/1"]
    assert two_turn.prompt == "Q2" and len(two_turn.model_a) == 4
    assert (two_turn.response_a if two_turn.preference == "model_a" else two_turn.response_b) == "good"
    webgpt = convert_dsp_webgpt(raw, 0)
    assert webgpt.counts["ties"] == 1
    by_idx = _by_idx(webgpt.samples)
    assert by_idx["dsp_webgpt/1"].preference == "tie"
    scored = by_idx["dsp_webgpt/0"]
    assert scored.prompt == "Why is the sky blue?"
    assert (scored.response_a if scored.preference == "model_a" else scored.response_b) == "Because."
    for s in [*helpful.values(), *webgpt.samples]:
        _assert_vote_criteria(s)


def test_parse_transcript_formats() -> None:
    assert parse_transcript("\n\nHuman: hi\n\nAssistant: yo") == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "yo"},
    ]
    assert parse_transcript("## Human:\nq\n\nbody\n\n\n\n## Assistant:\n a") == [
        {"role": "user", "content": "q\n\nbody"},
        {"role": "assistant", "content": "a"},
    ]
    for bad in ("no markers", "preamble\n\nHuman: q\n\nAssistant: a", "\n\nHuman: q", "\n\nAssistant: a"):
        with pytest.raises(TranscriptError):
            parse_transcript(bad)


# --------------------------------------------------------------------------- errors


def test_missing_raw_file_names_path_and_hint(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as err:
        convert_dsp_styles(tmp_path, 0)
    assert "domain_specific_preference.test.json" in str(err.value) and "--raw" in str(err.value)
    assert "CRM_RAW_DIR" in str(err.value)


def test_malformed_json_record_names_file_and_index(raw: Path) -> None:
    path = raw / "pandalm/testset-v1.json"
    records = json.loads(path.read_text())
    del records[1]["response2"]
    path.write_text(json.dumps(records))
    with pytest.raises(RawDataError, match=r"testset-v1\.json record 1: missing field 'response2'"):
        convert_pandalm(raw, 0)


def test_malformed_jsonl_line_names_file_and_line(raw: Path) -> None:
    _write_jsonl_gz(raw / "hh_rlhf/harmless-base-test.jsonl.gz", [json.dumps(HH_RECORDS[1]), "{not json"])
    with pytest.raises(RawDataError, match=r"harmless-base-test\.jsonl\.gz:2: malformed JSON"):
        convert_hh_harmless(raw, 0)


def test_non_utf8_and_truncated_gzip_name_the_file(raw: Path) -> None:
    path = raw / "hh_rlhf/harmless-base-test.jsonl.gz"
    with gzip.open(path, "wb") as handle:
        handle.write(json.dumps(HH_RECORDS[1]).encode() + b"\n" + b'{"chosen": "caf\xe9"}\n')
    with pytest.raises(RawDataError, match=r"harmless-base-test\.jsonl\.gz:2: not UTF-8 text"):
        convert_hh_harmless(raw, 0)
    lines = [json.dumps({**HH_RECORDS[1], "chosen": f"{HH_RECORDS[1]['chosen']} {i} {i * i}"}) for i in range(3000)]
    _write_jsonl_gz(path, lines)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(RawDataError, match=r"harmless-base-test\.jsonl\.gz: not a complete gzip file"):
        convert_hh_harmless(raw, 0)


def test_wrong_types_are_errors(raw: Path) -> None:
    _write_json(raw / "dsp/webgpt.test.json", [{"text": ["only one"], "score": [1, 0]}])
    with pytest.raises(RawDataError, match="record 0: 'text' must be a list of two strings"):
        convert_dsp_webgpt(raw, 0)
    _write_json(raw / "dsp/domain_specific_preference.test.json", [{"query": "q", "responses": {"academy": "a"}}])
    with pytest.raises(RawDataError, match="record 0: responses lack style"):
        convert_dsp_styles(raw, 0)


# --------------------------------------------------------------------------- criteria pools


def test_criteria_pools() -> None:
    import random

    assert set(STYLE_TOPICS.values()) | {"general"} == set(CRITERIA_POOLS)
    for topic, pool in CRITERIA_POOLS.items():
        assert len(pool) == len(set(pool)) and len(pool) >= (6 if topic == "general" else 8)
    drawn = draw_criteria("academic", random.Random(3))
    assert 2 <= len(drawn) <= 3 and len(set(drawn)) == len(drawn)
    with pytest.raises(KeyError, match="unknown criteria topic"):
        draw_criteria("nope", random.Random(0))


# --------------------------------------------------------------------------- prepare + CLI


def test_prepare_end_to_end(raw: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    manifest = prepare(raw, out, seed=3, show=False)
    assert read_manifest(out) == manifest
    assert manifest["settings"]["seed"] == 3 and manifest["settings"]["heldout_styles"] == ["entertainment"]
    for name in SOURCES:
        entry = manifest["sources"][name]
        written = 0
        for split in ALL_SPLITS:
            samples, report = read_samples(out / entry["files"][split])
            assert len(samples) == entry["splits"][split]["samples"] and report.skipped == 0
            assert sum(s.preference == "tie" for s in samples) == entry["splits"][split]["ties"]
            written += len(samples)
        assert written + sum(entry["excluded"].values()) == entry["converter"]["pairs"]
    for split in ("train", "val"):
        samples, _ = read_samples(out / "dsp_styles" / f"{split}.jsonl")
        assert all("entertainment" not in (s.extra["a_style"], s.extra["b_style"]) for s in samples)


def test_preparing_leaves_none_of_the_measuring_behind(raw: Path, tmp_path: Path) -> None:
    """The answers' measurements, the parses and textstat's pronouncing dictionary (74 MB) are not held beside
    the run's model; measuring again after it gives the same profile."""
    from textstat.backend import utils as textstat_utils

    from crm.data.criteria import pairs
    from crm.data.criteria.profile import profile

    text = "A sentence of plain prose with enough words to grade. " * 10
    grade = profile(text).reading_grade
    assert textstat_utils.get_cmudict.cache_info().currsize == 1 and profile.cache_info().currsize >= 1
    pairs._MEASURED["answers measured before"] = []
    prepare(raw, tmp_path / "out", seed=3, show=False)
    assert textstat_utils.get_cmudict.cache_info().currsize == 0 and profile.cache_info().currsize == 0
    assert not pairs._MEASURED
    assert profile(text).reading_grade == grade


def test_ensure_prepared_reuses_and_rebuilds(raw: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    ensure_prepared(raw, out, ["pandalm", "dsp_webgpt"], seed=0, heldout_styles=())
    stamp = (out / MANIFEST_NAME).stat().st_mtime_ns
    assert ensure_prepared(raw, out, ["pandalm"], seed=0, heldout_styles=()) == out  # subset: reused
    assert ensure_prepared(None, out, ["pandalm"], seed=0, heldout_styles=()) == out
    assert (out / MANIFEST_NAME).stat().st_mtime_ns == stamp
    ensure_prepared(raw, out, ["dsp_helpful"], seed=0, heldout_styles=())  # new source: added
    assert read_manifest(out)["settings"]["sources"] == ["pandalm", "dsp_helpful", "dsp_webgpt"]
    ensure_prepared(raw, out, ["pandalm"], seed=1, heldout_styles=())  # new seed: rebuilt
    assert read_manifest(out)["settings"]["seed"] == 1
    assert read_manifest(out)["settings"]["sources"] == ["pandalm"]
    with pytest.raises(FileNotFoundError, match="--raw"):
        ensure_prepared(None, out, ["pandalm"], seed=2, heldout_styles=())
    # a node that has only the prepared files: a raw dir that does not exist is not a reason to rebuild
    stamp = (out / MANIFEST_NAME).stat().st_mtime_ns
    assert ensure_prepared(tmp_path / "no-raw-here", out, ["pandalm"], seed=1, heldout_styles=()) == out
    assert (out / MANIFEST_NAME).stat().st_mtime_ns == stamp
    with pytest.raises(FileNotFoundError, match="--raw"):
        ensure_prepared(tmp_path / "no-raw-here", out, ["pandalm"], seed=2, heldout_styles=())


def test_cli_prepare_and_validate(raw: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli"
    args = ["prepare", "--raw", str(raw), "--out", str(out), "--sources", "pandalm,dsp_styles", "--seed", "2"]
    assert main(args) == 0
    assert sorted(read_manifest(out)["sources"]) == ["dsp_styles", "pandalm"]
    assert main(["validate", str(out / "pandalm/train.jsonl")]) == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"prompt": "p"}\n')
    assert main(["validate", str(bad)]) == 1
    assert f"{bad}:1: missing field" in capsys.readouterr().err
    assert main(["prepare", "--raw", str(tmp_path / "nowhere"), "--out", str(out)]) == 1
    assert main(["prepare", "--raw", str(raw), "--out", str(out), "--sources", "nope"]) == 1
