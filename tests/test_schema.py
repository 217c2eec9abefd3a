"""Reading and validating reference-format jsonl: every problem names its file and line."""

import json

import pytest

from crm.data.schema import DataFormatError, PreferenceSample, read_samples, write_samples
from tests.conftest import style_pair


def good_record(**changes):
    record = style_pair("What is 1?", 1).to_dict()
    record.update(changes)
    return record


def write_lines(path, lines):
    path.write_text("\n".join(lines) + "\n")
    return path


def test_round_trip_keeps_every_field(tmp_path):
    sample = style_pair("What is 1?", 1)
    write_samples(tmp_path / "a.jsonl", [sample])
    [back], report = read_samples(tmp_path / "a.jsonl")
    assert back == sample and report.kept == 1
    assert back.extra == {"a_style": "short", "b_style": "long"}


def test_equal_texts_are_held_once_within_and_across_files(tmp_path):
    """An answer comes back in many pairs and the prompt in both conversations: each is held once, also
    across the files of one split read with the same ``texts``, and every sample reads back unchanged."""
    first = [style_pair("What is 1?", 1), style_pair("What is 1?", 1, styles=("long", "funny"))]
    first[1].idx = "tiny/1/again"
    write_samples(tmp_path / "a.jsonl", first)
    write_samples(tmp_path / "b.jsonl", [style_pair("What is 1?", 1, styles=("funny", "short"))])
    texts: dict[str, str] = {}
    a, _ = read_samples(tmp_path / "a.jsonl", texts=texts)
    b, _ = read_samples(tmp_path / "b.jsonl", texts=texts)
    assert a == first
    long_a, long_b = a[0].model_b[-1]["content"], a[1].model_a[-1]["content"]
    assert long_a == long_b and long_a is long_b
    assert a[0].prompt is a[0].model_a[0]["content"] is a[1].prompt is b[0].prompt
    assert b[0].model_b[-1]["content"] is a[0].model_a[-1]["content"]  # "short", read from the other file


def test_reference_test_sample_without_training_extras(tmp_path):
    record = {k: good_record()[k] for k in ("idx", "prompt", "model_a", "model_b", "criteria", "preference")}
    [sample], _ = read_samples(write_lines(tmp_path / "t.jsonl", [json.dumps(record)]))
    assert sample.a_criteria is None and not sample.has_side_criteria


@pytest.mark.parametrize(
    "bad, message",
    [
        ("{not json", "malformed JSON"),
        (json.dumps({"prompt": "x"}), "missing field"),
        (json.dumps(good_record(preference="model_c")), "unknown label"),
        (json.dumps(good_record(model_a=[])), "empty conversation"),
        (json.dumps(good_record(model_b=[{"role": "user", "content": "hi"}])), "must end with the assistant"),
        (json.dumps(good_record(criteria=[])), "'criteria' is empty"),
        (json.dumps(good_record(model_a=[{"role": "robot", "content": "x"}])), "unknown role"),
    ],
)
def test_invalid_line_names_file_and_line(tmp_path, bad, message):
    path = write_lines(tmp_path / "data.jsonl", [json.dumps(good_record()), bad])
    with pytest.raises(DataFormatError) as err:
        read_samples(path)
    assert f"{path}:2:" in str(err.value) and message in str(err.value)


def test_skip_invalid_counts_instead_of_failing(tmp_path, caplog):
    lines = [json.dumps(good_record(idx=1)), "{broken", json.dumps(good_record(idx=2))]
    path = write_lines(tmp_path / "data.jsonl", lines)
    samples, report = read_samples(path, skip_invalid=True)
    assert len(samples) == 2 and report.skipped == 1 and report.kept == 2
    assert "data.jsonl:2" in caplog.text


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(DataFormatError, match="cannot open"):
        read_samples(tmp_path / "nope.jsonl")


def test_topic_list_is_accepted():
    sample = PreferenceSample.from_dict(good_record(a_broad_criteria_topic=["concise", "other"]))
    assert sample.a_broad_criteria_topic == "concise"


def test_a_repeated_idx_is_refused_naming_both_lines(tmp_path):
    lines = [json.dumps(good_record(idx="a")), json.dumps(good_record(idx="b")), json.dumps(good_record(idx="a"))]
    path = write_lines(tmp_path / "data.jsonl", lines)
    with pytest.raises(DataFormatError) as err:
        read_samples(path)
    assert str(err.value).startswith(f"{path}:3: duplicate idx (line 1 has idx 'a' too")


def test_a_lenient_read_keeps_the_first_of_a_repeated_idx_and_counts_the_rest(tmp_path):
    lines = [json.dumps(good_record(idx=7, prompt=p)) for p in ("first", "second", "third")]
    path = write_lines(tmp_path / "data.jsonl", [*lines, json.dumps(good_record(idx="7"))])  # "7" is not 7
    samples, report = read_samples(path, skip_invalid=True)
    assert [(s.idx, s.prompt) for s in samples] == [(7, "first"), ("7", "What is 1?")]
    assert report.skipped == 2 and report.reasons == {"duplicate idx": 2}
    assert report.invalid[0].startswith(f"{path}:2: duplicate idx (line 1 has idx 7 too")


def test_samples_without_an_idx_are_not_duplicates(tmp_path):
    record = {k: v for k, v in good_record().items() if k != "idx"}
    samples, _ = read_samples(write_lines(tmp_path / "data.jsonl", [json.dumps(record)] * 2))
    assert len(samples) == 2


def test_an_invalid_line_claims_no_idx(tmp_path):
    """A skipped line's idx is no one's: a later valid line with it is kept."""
    lines = [json.dumps(good_record(idx="a", preference="nope")), json.dumps(good_record(idx="a"))]
    samples, report = read_samples(write_lines(tmp_path / "data.jsonl", lines), skip_invalid=True)
    assert [s.idx for s in samples] == ["a"] and report.skipped == 1 and "unknown label" in report.invalid[0]


def test_validate_reports_a_repeated_idx(tmp_path, capsys):
    from crm.data.__main__ import main

    lines = [json.dumps(good_record(idx=i)) for i in (1, 2, 1)]
    path = write_lines(tmp_path / "data.jsonl", lines)
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"invalid {path}:3: duplicate idx (line 1 has idx 1 too" in err and "1 invalid line(s)" in err


def test_validate_leaves_later_reads_warning(tmp_path, caplog):
    """validate quiets the reader's warnings while it lists the lines itself, and only then."""
    from crm.data.__main__ import main

    path = write_lines(tmp_path / "data.jsonl", [json.dumps(good_record(idx=1)), "{broken"])
    assert main(["validate", str(path)]) == 1
    read_samples(path, skip_invalid=True)
    assert "data.jsonl:2" in caplog.text
