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
    path = write_lines(tmp_path / "data.jsonl", [json.dumps(good_record()), "{broken", json.dumps(good_record())])
    samples, report = read_samples(path, skip_invalid=True)
    assert len(samples) == 2 and report.skipped == 1 and report.kept == 2
    assert "data.jsonl:2" in caplog.text


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(DataFormatError, match="cannot open"):
        read_samples(tmp_path / "nope.jsonl")


def test_topic_list_is_accepted():
    sample = PreferenceSample.from_dict(good_record(a_broad_criteria_topic=["concise", "other"]))
    assert sample.a_broad_criteria_topic == "concise"
