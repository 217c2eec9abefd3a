"""crm-best-of-n: picks equal to the CRM's argmax (bt) or round-robin winner (cls, independent of the
candidates' order), copies of one answer scored alike, malformed lines reported with file and line and
skipped, a second run served entirely from the score cache, and a damaged CRM named in one line."""

from __future__ import annotations

import json

import pytest

from crm.inference import load_crm
from crm.rlhf.best_of_n import best_of_n, main
from crm.scoring.cache import ScoreCache

CANDIDATES = ["4", "The answer is four.", "Two plus two is four: count two fingers, then two more.", "Four!"]


@pytest.fixture(scope="module")
def crm_dirs(tiny_crm_template):
    return {head: tiny_crm_template(head) for head in ("bt", "cls")}


def write_jsonl(path, records) -> None:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))


def read_jsonl(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_bt_picks_the_argmax_and_skips_malformed_lines(crm_dirs, tmp_path, capsys):
    crm = load_crm(crm_dirs["bt"], "cpu", "fp32")
    records = [
        {"id": "q1", "prompt": "What is 2 + 2?", "responses": CANDIDATES, "criteria": "Prefer concise answers."},
        '{"id": "broken", "prompt": ',
        {
            "id": "q2",
            "messages": [{"role": "user", "content": "Name a colour."}],
            "responses": ["Blue.", "Red, I think."],
        },
        {"id": "q3", "prompt": "Hi?", "responses": []},
        {"id": "q4", "prompt": "Hi?", "responses": ["Hello."], "criteria": "Prefer " + "short " * 600 + "answers."},
    ]
    write_jsonl(tmp_path / "in.jsonl", records)
    report = best_of_n(crm, tmp_path / "in.jsonl", tmp_path / "out.jsonl", ["Be formal."], progress=False)
    assert report["written"] == 2 and report["skipped"] == 3  # the run goes on past every bad line
    assert f"{tmp_path / 'in.jsonl'}:2: not JSON" in report["skipped_lines"][0]
    assert ":4: `responses` must be a non-empty list" in report["skipped_lines"][1]
    assert ":5: " in report["skipped_lines"][2] and "tokens" in report["skipped_lines"][2]  # criteria too long
    assert "skipped" in capsys.readouterr().err
    out = read_jsonl(tmp_path / "out.jsonl")
    assert [o["id"] for o in out] == ["q1", "q2"] and out[1]["criteria"] == ["Be formal."]
    for o, (prompt, responses, criteria) in zip(
        out,
        [
            ("What is 2 + 2?", CANDIDATES, ["Prefer concise answers."]),
            ("Name a colour.", ["Blue.", "Red, I think."], ["Be formal."]),
        ],
    ):
        rewards = crm.answer_rewards([(criteria, [{"role": "user", "content": prompt}], r) for r in responses])
        assert o["scores"] == pytest.approx(rewards.tolist(), abs=1e-5)
        assert o["best"] == int(rewards.argmax()) and o["best_response"] == responses[o["best"]]


def test_cls_round_robin_does_not_depend_on_the_candidates_order(crm_dirs, tmp_path):
    crm = load_crm(crm_dirs["cls"], "cpu", "fp32")
    line = {"prompt": "What is 2 + 2?", "criteria": ["Prefer concise answers."]}
    write_jsonl(tmp_path / "in.jsonl", [{**line, "responses": CANDIDATES}, {**line, "responses": CANDIDATES[::-1]}])
    best_of_n(crm, tmp_path / "in.jsonl", tmp_path / "out.jsonl", progress=False)
    forward, backward = read_jsonl(tmp_path / "out.jsonl")
    assert forward["best_response"] == backward["best_response"]
    assert forward["scores"] == pytest.approx(backward["scores"][::-1], abs=1e-5)
    assert sum(forward["scores"]) == pytest.approx(len(CANDIDATES) / 2)


def test_a_second_run_comes_from_the_score_cache(crm_dirs, tmp_path, monkeypatch):
    records = [
        {"id": i, "prompt": f"What is {i} + {i}?", "responses": [f"{2 * i}", f"It is {2 * i}."]} for i in range(20)
    ]
    write_jsonl(tmp_path / "in.jsonl", records)
    cache = tmp_path / "scores.sqlite"
    argv = ["--ckpt", str(crm_dirs["bt"]), "--input", str(tmp_path / "in.jsonl"), "--cache", str(cache)]
    argv += ["--criteria", "Prefer concise answers.", "--precision", "fp32", "--device", "cpu"]
    assert main([*argv, "--output", str(tmp_path / "first.jsonl")]) == 0
    assert ScoreCache(cache).count() == 40

    def no_forward(**_):
        raise AssertionError("a cached score was computed again")

    import crm.inference

    real_load = crm.inference.load_crm

    def load_without_forward(*args, **kwargs):
        loaded = real_load(*args, **kwargs)
        loaded.forward = no_forward
        return loaded

    monkeypatch.setattr(crm.inference, "load_crm", load_without_forward)
    assert main([*argv, "--output", str(tmp_path / "second.jsonl")]) == 0
    assert read_jsonl(tmp_path / "first.jsonl") == read_jsonl(tmp_path / "second.jsonl")


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_copies_of_one_answer_score_alike_wherever_they_stand(crm_dirs, head):
    """Scored in batches padded to other lengths, two copies of one answer differed in the 6th decimal,
    and the pick between them with it: each distinct judgement is scored once."""
    from crm.scoring.response_sets import ResponseSet, score_response_sets

    crm = load_crm(crm_dirs[head], "cpu", "fp32")
    same = "A long and careful answer. " * 20
    responses = ["4", same, "y " * 200, same, "Five.", same]
    scored_set = ResponseSet.build(["Be brief."], "What is 2 + 2?", responses)
    scores = score_response_sets(crm, [scored_set], batch_size=2)[0].scores
    assert scores[1] == scores[3] == scores[5]


def cut_short(path) -> None:
    """A weight file as a full disk or a killed copy leaves it."""
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 8])


def test_a_damaged_weight_file_is_one_line_naming_it(crm_dirs, tmp_path, capsys):
    import shutil

    damaged = shutil.copytree(crm_dirs["bt"], tmp_path / "crm")
    cut_short(damaged / "model.safetensors")
    write_jsonl(tmp_path / "in.jsonl", [{"prompt": "Hi?", "responses": ["Hello."], "criteria": "Be brief."}])
    argv = ["--ckpt", str(damaged), "--input", str(tmp_path / "in.jsonl"), "--output", str(tmp_path / "out.jsonl")]
    assert main([*argv, "--device", "cpu"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"{damaged / 'model.safetensors'}: cannot be read" in err[0]
    assert "damaged" in err[0] and not (tmp_path / "out.jsonl").exists()


def test_a_damaged_cached_onnx_graph_names_what_to_delete(crm_dirs, tmp_path, monkeypatch):
    from crm.export.artifact import ExportError, crm_fingerprint
    from tests.conftest import has_module, require

    require(has_module("onnxruntime"), "ONNX Runtime")
    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path))
    graphs = tmp_path / "onnx" / crm_fingerprint(crm_dirs["bt"])
    graphs.mkdir(parents=True)
    (graphs / "crm.onnx").write_bytes(b"\x08\x07 half a graph")
    with pytest.raises(ExportError, match=f"{graphs}: a cached ONNX graph .* delete {graphs}"):
        load_crm(crm_dirs["bt"], "cpu", "fp32", engine="onnx")
