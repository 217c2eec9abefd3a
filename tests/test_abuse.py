"""What a careless or hostile user tries: an output over its own input (by name, through a hard link, over
the score cache), two inputs under one name, a bootstrap of one round. Each command refuses, in one line
and before touching anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from crm.app.__main__ import main as app_main
from crm.data.__main__ import main as data_main
from crm.rlhf.best_of_n import main as best_of_n_main
from crm.usl.__main__ import main as usl_main


def usage_error(run, capsys) -> str:
    """What a refused command printed on stderr: it exited non-zero (argparse's exit 2, or a user error's
    exit 1), with no traceback."""
    try:
        code = run()
    except SystemExit as exit_info:
        code = exit_info.code
    assert code not in (0, None)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_best_of_n_refuses_to_write_over_its_input(tiny_crm, tmp_path, capsys):
    lines = tmp_path / "same.jsonl"
    content = json.dumps({"prompt": "What is 2 + 2?", "responses": ["4.", "Five."]}) + "\n"
    lines.write_text(content)
    err = usage_error(
        lambda: best_of_n_main(["--ckpt", str(tiny_crm("bt")), "--input", str(lines), "--output", str(lines)]), capsys
    )
    assert "--output" in err and "is also --input" in err
    assert lines.read_text() == content  # untouched


def test_best_of_n_refuses_an_output_hard_linked_to_its_input(tiny_crm, tmp_path, capsys):
    lines, linked = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    content = json.dumps({"prompt": "What is 2 + 2?", "responses": ["4.", "Five."]}) + "\n"
    lines.write_text(content)
    linked.hardlink_to(lines)
    argv = ["--ckpt", str(tiny_crm("bt")), "--input", str(lines), "--output", str(linked)]
    assert "is also --input" in usage_error(lambda: best_of_n_main(argv), capsys)
    assert lines.read_text() == content  # the input, through its other name, untouched


def test_best_of_n_refuses_to_write_over_the_default_score_cache(tiny_crm, tmp_path, capsys, cache_dir):
    from crm.scoring.cache import ScoreCache, default_cache

    lines = tmp_path / "in.jsonl"
    lines.write_text(json.dumps({"prompt": "What is 2 + 2?", "responses": ["4.", "Five."], "criteria": "Be brief."}))
    ScoreCache(default_cache())  # the cache every command shares, made as a board makes it
    before = default_cache().read_bytes()
    argv = ["--ckpt", str(tiny_crm("bt")), "--input", str(lines), "--output", str(default_cache())]
    assert "is also the score cache" in usage_error(lambda: best_of_n_main(argv), capsys)
    assert default_cache().read_bytes() == before


def test_a_board_refuses_an_out_that_is_its_score_cache(tiny_crm, tmp_path, capsys):
    cache = tmp_path / "scores.sqlite"
    argv = ["--ckpt", str(tiny_crm("bt")), "--cache", str(cache), "--out", str(cache)]
    assert "is also the score cache" in usage_error(lambda: usl_main(argv), capsys)


def test_best_of_n_picks_the_first_of_identical_best_candidates(tiny_crm, tmp_path):
    from crm.inference import load_crm
    from crm.rlhf.best_of_n import best_of_n

    crm = load_crm(tiny_crm("bt"), precision="fp32")
    same = "A long and careful answer. " * 20
    lines = tmp_path / "in.jsonl"
    records = [{"id": k, "prompt": "Q?", "criteria": "Be brief.", "responses": [same, "x" * k, same]} for k in range(6)]
    lines.write_text("".join(json.dumps(r) + "\n" for r in records))
    best_of_n(crm, lines, tmp_path / "out.jsonl", progress=False)
    for line in (tmp_path / "out.jsonl").read_text().splitlines():
        record = json.loads(line)
        assert record["scores"][0] == record["scores"][2] and record["best"] != 2


def test_board_and_prepare_refuse_an_output_that_is_an_input(tiny_crm, tmp_path, capsys):
    ckpt = tiny_crm("bt")
    err = usage_error(lambda: usl_main(["--ckpt", str(ckpt), "--out", str(ckpt)]), capsys)
    assert "is also --ckpt" in err and (ckpt / "config.json").is_file()
    raw = tmp_path / "raw"
    raw.mkdir()
    err = usage_error(lambda: data_main(["prepare", "--raw", str(raw), "--out", str(raw)]), capsys)
    assert "is also --raw" in err and not any(raw.iterdir())


@pytest.mark.parametrize("flag", ["--corpus", "--ckpt"])
def test_the_page_refuses_two_inputs_under_one_name(tiny_crm, tmp_path, capsys, flag):
    """Corpora and CRMs are keyed by folder name: a second `corp` would silently replace the first."""
    first, second = tmp_path / "a" / "corp", tmp_path / "b" / "corp"
    for path in (first, second):
        path.mkdir(parents=True)
    ckpt = ["--ckpt", str(tiny_crm("bt"))] if flag == "--corpus" else []
    argv = [*ckpt, flag, str(first), flag, str(second)]
    err = usage_error(lambda: app_main(argv), capsys)
    assert "the name 'corp' is already" in err and "NAME=DIR" in err


def test_named_inputs_split_at_the_first_equals_sign_unless_the_path_exists(tmp_path):
    import argparse

    from crm.cli import named_paths

    hydra_run = tmp_path / "model=minilm,seed=1"
    hydra_run.mkdir()
    parser = argparse.ArgumentParser()
    named = named_paths(parser, "--ckpt", [str(hydra_run), f"other={hydra_run}"])
    assert named == {"model=minilm,seed=1": str(hydra_run), "other": str(hydra_run)}


@pytest.mark.parametrize("rounds", ["1", "-5"])
def test_a_board_needs_enough_bootstrap_rounds_for_its_interval(rounds, capsys):
    err = usage_error(lambda: usl_main(["--rounds", rounds]), capsys)
    assert "--rounds: a whole number at least 20" in err


def test_an_output_elsewhere_is_accepted(tmp_path):
    from crm.cli import refuse_writing_over_inputs

    refuse_writing_over_inputs("--out", tmp_path / "out", {"--in": tmp_path / "in"})
    refuse_writing_over_inputs("--out", None, {"--in": Path("x")})


def test_an_output_that_fails_midway_leaves_what_was_there(tmp_path):
    from crm.outputs import complete_or_nothing

    out = tmp_path / "out.jsonl"
    out.write_text("earlier\n")
    with pytest.raises(RuntimeError), complete_or_nothing(out) as handle:
        handle.write("half")
        raise RuntimeError("killed")
    assert out.read_text() == "earlier\n" and [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]


# ---- one character never kills a run: invalid Unicode is refused where it enters, naming where ----
LONE_SURROGATE = '"4 \\ud800"'  # as JSON writes it: json.loads gives a str no tokenizer can read


def sample_line(answer_json: str) -> str:
    """One reference-format line whose side B answers with ``answer_json`` (JSON text, escapes kept)."""
    asked = '{"role": "user", "content": "What is 2 + 2?"}'
    return (
        '{"prompt": "What is 2 + 2?", "criteria": ["Be brief."], "preference": "model_a", '
        f'"model_a": [{asked}, {{"role": "assistant", "content": "4."}}], '
        f'"model_b": [{asked}, {{"role": "assistant", "content": {answer_json}}}]}}\n'
    )


def test_a_sample_file_with_a_lone_surrogate_names_its_line_and_a_lenient_read_skips_it(tmp_path):
    from crm.data.schema import DataFormatError, read_samples

    path = tmp_path / "data.jsonl"
    path.write_text(sample_line('"Four."') + sample_line(LONE_SURROGATE))
    with pytest.raises(DataFormatError, match=r"data.jsonl:2: model_b\[1\].content: invalid Unicode"):
        read_samples(path)
    samples, report = read_samples(path, skip_invalid=True)
    assert len(samples) == 1 and report.skipped == 1
    assert data_main(["validate", str(path)]) == 1


def test_a_corpus_answer_with_a_lone_surrogate_names_its_file_and_line(tmp_path):
    from crm.data.corpus import load_corpus
    from crm.data.schema import DataFormatError

    (tmp_path / "model_answer").mkdir()
    (tmp_path / "question.jsonl").write_text('{"question_id": "q1", "category": "c", "turns": ["Hi?"]}\n')
    answer = '{"question_id": "q1", "choices": [{"turns": [' + LONE_SURROGATE + "]}]}\n"
    (tmp_path / "model_answer" / "m.jsonl").write_text(answer)
    with pytest.raises(DataFormatError, match=r"m.jsonl:1: .*invalid Unicode"):
        load_corpus(tmp_path)


def test_best_of_n_skips_each_bad_line_and_scores_the_rest(tiny_crm, tmp_path, capsys):
    """A number as content, a lone surrogate, a byte that is not UTF-8, a role the server refuses."""
    good = '{"id": "ok", "prompt": "What is 2 + 2?", "responses": ["4.", "Five."]}'
    bad = [
        '{"id": 1, "messages": [{"role": "user", "content": 7}], "responses": ["4."]}',
        '{"id": 2, "prompt": "What is 2 + 2?", "responses": [' + LONE_SURROGATE + "]}",
        '{"id": 3, "prompt": "What is 2 + 2?", "responses": ["4 \xff"]}',
        '{"id": 4, "messages": [{"role": "root", "content": "hi"}], "responses": ["4."]}',
    ]
    lines = tmp_path / "in.jsonl"
    lines.write_bytes("\n".join([good, *bad, good]).encode("utf-8").replace("\xff".encode(), b"\xff") + b"\n")
    out = tmp_path / "out.jsonl"
    argv = ["--ckpt", str(tiny_crm("bt")), "--input", str(lines), "--output", str(out), "--criteria", "Be brief."]
    assert best_of_n_main(argv) == 1  # some lines skipped
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["ok", "ok"]
    err = capsys.readouterr().err
    for number, why in ((2, "a role in"), (3, "invalid Unicode"), (4, "not UTF-8"), (5, "a role in")):
        assert f"in.jsonl:{number}: " in err and why in err.split(f"in.jsonl:{number}: ")[1].splitlines()[0]


def test_the_servers_answer_invalid_unicode_with_a_client_error(tiny_crm_template):
    from fastapi.testclient import TestClient

    from crm.inference import load_crm
    from crm.serve.scoring_api import create_serve_app

    crm = load_crm(tiny_crm_template("bt"), "cpu", "fp32")
    body = '{"criteria": ["Be brief."], "prompt": "What is 2 + 2?", "responses": [' + LONE_SURROGATE + "]}"
    with TestClient(create_serve_app(crm, ["Be brief."]), base_url="http://127.0.0.1") as client:
        answer = client.post("/v1/score", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422 and "response 0: invalid Unicode" in answer.json()["detail"]


def test_a_command_line_byte_that_is_not_utf8_is_a_usage_error(capsys):
    err = usage_error(lambda: usl_main(["--criteria", "Be brief \udcff"]), capsys)
    assert "--criteria" in err and "not UTF-8" in err


def test_validate_lists_every_invalid_line_with_a_count(tmp_path, capsys):
    path = tmp_path / "data.jsonl"
    path.write_text(sample_line('"Four."') + '{"prompt": "p"}\n' + sample_line('"Four."') + "not json\n")
    assert data_main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "data.jsonl:2: missing field" in err and "data.jsonl:4: malformed JSON" in err
    assert "2 invalid line(s)" in err


@pytest.mark.parametrize("kind", ["directory", "not a database"])
def test_a_cache_path_that_is_no_score_cache_is_a_usage_error(tiny_crm, tmp_path, capsys, kind):
    cache = tmp_path / "cache"
    if kind == "directory":
        cache.mkdir()
    else:
        cache.write_text("these are my notes, not a database\n" * 100)
    lines = tmp_path / "in.jsonl"
    lines.write_text('{"prompt": "Hi?", "responses": ["Hello."], "criteria": ["Be brief."]}\n')
    argv = ["--ckpt", str(tiny_crm("bt")), "--input", str(lines), "--output", str(tmp_path / "out.jsonl")]
    err = usage_error(lambda: best_of_n_main([*argv, "--cache", str(cache)]), capsys)
    assert "--cache" in err and "score cache" in err
    if kind != "directory":
        assert cache.read_text().startswith("these are my notes")


def test_evaluate_with_a_missing_ckpt_says_so_and_leaves_no_empty_run(tmp_path):
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    run = tmp_path / "run"
    done = subprocess.run(
        [sys.executable, "evaluate.py", f"ckpt={tmp_path / 'nowhere'}", f"hydra.run.dir={run}"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"error: no such model directory: {tmp_path / 'nowhere'}" in done.stderr
    assert not run.exists()


def test_the_reward_server_names_empty_answers_and_can_floor_them(tiny_crm_template):
    """The empty answer must not win the reward: every answer names the empty and whitespace-only
    responses, and `--floor-degenerate` gives them a fixed low score."""
    from fastapi.testclient import TestClient

    from crm.inference import load_crm
    from crm.serve.scoring_api import create_serve_app

    crm = load_crm(tiny_crm_template("bt"), "cpu", "fp32")
    body = {"criteria": ["Be brief."], "prompt": "What is 2 + 2?", "responses": ["4.", "", "  \n"]}
    chatml = "<|im_start|>user\nWhat is 2 + 2?<|im_end|>\n<|im_start|>assistant\n"
    rollouts = {"query": [chatml + "4.<|im_end|>", chatml + "<|im_end|>"], "criteria": ["Be brief."]}
    answers = {}
    for floor in (None, -100.0):
        app = create_serve_app(crm, ["Be brief."], degenerate_floor=floor)
        with TestClient(app, base_url="http://127.0.0.1") as client:
            answers[floor] = (
                client.post("/v1/score", json=body).json(),
                client.post("/get_reward", json=rollouts).json(),
            )
    plain, floored = answers[None], answers[-100.0]
    assert plain[0]["degenerate"] == floored[0]["degenerate"] == [1, 2]
    assert floored[0]["scores"] == [plain[0]["scores"][0], -100.0, -100.0]
    assert plain[1]["degenerate"] == [1] and floored[1]["rewards"] == [plain[1]["rewards"][0], -100.0]


def test_the_reward_servers_answer_memory_is_bounded(minilm_tokenizer, tmp_path):
    """A reward server meets each rollout once: it keeps at most `answer_memo_rows` described answers
    (a board's engine keeps them all). Measured on the quickstart CRM: docs/REWARD.md."""
    from crm.export.artifact import CRMSettings
    from crm.export.writer import export_crm
    from crm.inference import load_crm
    from crm.scoring.tower_memory import RowMemo
    from crm.serve.scoring_api import ServeLimits, create_serve_app
    from tests.conftest import tiny_two_tower_model, two_tower_spec

    settings = CRMSettings("bt", two_tower_spec(), 128, 48)
    crm = load_crm(export_crm(tmp_path / "crm", tiny_two_tower_model(), minilm_tokenizer, settings), "cpu", "fp32")
    assert crm.towers.answers.capacity == RowMemo().capacity
    create_serve_app(crm, ["Be brief."], ServeLimits(answer_memo_rows=3))
    assert crm.towers.answers.capacity == 3
    memo = crm.towers.answers
    for i in range(5):
        memo(lambda ids, mask: ids.float(), torch.tensor([[i, 1]]), torch.tensor([[1, 1]]))
    assert len(memo) == 3


def test_the_reward_servers_text_caches_are_bounded(tiny_crm_template, monkeypatch):
    """Each answer's tokens and view (and a two-tower CRM's layout and parse) are cached for boards,
    which score the same answers again and again; a reward server empties each cache once it holds
    more than `text_cache_rows` texts, hands the freed memory back to the system, and scores as before."""
    from fastapi.testclient import TestClient

    from crm.data.layout import layout_features
    from crm.inference import load_crm
    from crm.serve import scoring_api
    from crm.serve.scoring_api import ServeLimits, create_serve_app

    scoring_api.release_freed_memory()  # glibc's malloc_trim here; elsewhere nothing, and no error either
    released = []
    monkeypatch.setattr(scoring_api, "release_freed_memory", lambda: released.append(True))
    crm = load_crm(tiny_crm_template("bt"), "cpu", "fp32")
    app = create_serve_app(crm, ["Be brief."], ServeLimits(text_cache_rows=5, max_wait_ms=0))
    renderer = crm.renderer
    with TestClient(app, base_url="http://127.0.0.1") as client:
        for i in range(6):
            responses = [f"Answer {i}.{j}: {'word ' * (i + j)}" for j in range(3)]
            layout_features(f"a text parsed for request {i}")
            scores = client.post("/v1/score", json={"prompt": f"Question {i}?", "responses": responses}).json()
            expected = crm.answer_rewards([(["Be brief."], [{"role": "user", "content": f"Question {i}?"}], r)
                                           for r in responses])  # fmt: skip
            assert scores["scores"] == pytest.approx(expected.tolist(), abs=1e-5)
            assert len(renderer._views) <= 5 and len(renderer._segments) <= 5
            assert layout_features.cache_info().currsize <= 5
    assert 0 < len(released) < 6  # each time a cache was emptied, not after every request


def test_an_oversized_answer_is_read_as_its_first_and_last_characters(minilm_tokenizer):
    """A 120 KB answer costs what a 16 KB one does: every reading of it (the view's tokens, the layout,
    the query's words) sees its bounded form, in training and scoring alike."""
    from crm.data.bounds import MAX_ANSWER_CHARS, bounded_answer
    from crm.data.rendering import Renderer

    paragraph = "Plants turn light into sugar. " * 20 + "\n\n"
    long = "# Photosynthesis\n\n" + "".join(f"{i}. {paragraph}" for i in range(200)) + "In short: light in, sugar out."
    assert len(long) > 100_000
    bounded = bounded_answer(long)
    assert len(bounded) <= MAX_ANSWER_CHARS + 2 and bounded.startswith("# Photosynthesis")
    assert bounded.endswith("In short: light in, sugar out.")
    assert set(bounded.split()) <= set(long.split())  # cut at whitespace: no word halved
    assert bounded_answer("A short answer.") == "A short answer."
    renderer = Renderer(
        minilm_tokenizer, "bt", "text_pair", 352, 160, max_query_tokens=48, answer_layout=True, query_rows=True
    )
    history = [{"role": "user", "content": "How do plants make sugar?"}]
    read = renderer.encode(["Be brief."], history, [long]).features()
    assert read == renderer.encode(["Be brief."], history, [bounded]).features()


def test_an_export_is_whole_or_absent_and_a_failed_one_leaves_the_earlier(tmp_path):
    from crm.outputs import complete_directory

    target = tmp_path / "export"
    with complete_directory(target) as partial:
        (partial / "head.safetensors").write_text("first")
    assert (target / "head.safetensors").read_text() == "first"
    with pytest.raises(RuntimeError), complete_directory(target) as partial:
        (partial / "head.safetensors").write_text("half")
        raise RuntimeError("killed mid-export")
    assert (target / "head.safetensors").read_text() == "first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export"]  # no partial directory left behind


def test_a_transformers_export_refuses_an_out_that_holds_the_run(tiny_crm, capsys):
    from crm.export.hf import main as hf_main

    crm = tiny_crm("bt")
    assert hf_main([str(crm), "--out", str(crm.parent)]) == 1
    assert "replacing it would destroy that" in capsys.readouterr().err
    assert (crm / "model.safetensors").is_file()
