"""Corpora as plug-ins: one registry of formats and named corpora; AlpacaEval's model_outputs.json boards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from crm.data.conversion import stable_hash
from crm.data.corpora import FORMATS, NAMED_CORPORA, read_corpus
from crm.data.schema import DataFormatError
from crm.usl.__main__ import main as usl_main
from tests.conftest import _model_answers, write_corpus

REAL_ALPACA_EVAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "raw" / "alpaca_eval_styles"


def write_outputs(root: Path, models: dict[str, list[dict]], layout: str = "results") -> Path:
    """AlpacaEval outputs of ``models``: ``results`` lays them out as AlpacaEval's repository does
    (``<model>/model_outputs.json``), ``files`` as ``<model>.json``."""
    for model, records in models.items():
        path = root / model / "model_outputs.json" if layout == "results" else root / f"{model}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(records))
    return root


def generated_outputs(n: int = 6) -> dict[str, list[dict]]:
    """Three models' answers to ``n`` instructions (the baseline AlpacaEval 2.0 judges against among them)."""
    names = {"model-bullets": "bullets_model", "model-prose": "gpt4_1106_preview", "model-short": "short_model"}
    return {
        name: [
            {"dataset": ("koala", "oasst")[i % 2], "instruction": f"instruction {i}",
             "output": _model_answers(i)[habit], "generator": name}
            for i in range(n)
        ]
        for habit, name in names.items()
    }  # fmt: skip


def test_alpaca_eval_outputs_read_by_generator_dataset_and_customary_baseline(tmp_path):
    corpus = read_corpus(write_outputs(tmp_path / "results", generated_outputs()), tmp_path)
    assert corpus.models == ["bullets_model", "gpt4_1106_preview", "short_model"]
    assert corpus.default_baseline == "gpt4_1106_preview"  # AlpacaEval 2.0's reference model
    assert corpus.topics() == {"koala": 3, "oasst": 3}
    assert corpus.answers["short_model"][stable_hash("instruction 2")] == _model_answers(2)["model-short"]


def test_a_list_of_files_is_a_corpus_and_files_without_a_generator_are_named_by_file(tmp_path):
    models = {name: [{k: v for k, v in r.items() if k != "generator"} for r in records]
              for name, records in generated_outputs().items()}  # fmt: skip
    root = write_outputs(tmp_path / "out", models, layout="files")
    files = ",".join(str(root / f"{m}.json") for m in ("short_model", "bullets_model"))
    corpus = read_corpus(files, tmp_path)
    assert corpus.models == ["bullets_model", "short_model"] and corpus.default_baseline is None


def test_bad_outputs_name_the_file_and_record(tmp_path):
    models = generated_outputs()
    models["short_model"][3] = {"output": "no instruction"}
    root = write_outputs(tmp_path / "results", models)
    with pytest.raises(DataFormatError, match=r"short_model/model_outputs.json record 3: missing field 'instruction'"):
        read_corpus(root, tmp_path)
    twice = write_outputs(tmp_path / "twice", {"a": generated_outputs()["short_model"]}, layout="files")
    shutil.copy(twice / "a.json", twice / "b.json")  # both files say generator short_model
    with pytest.raises(DataFormatError, match=r"b.json: model 'short_model' again \(first in .*a.json\)"):
        read_corpus(twice, tmp_path)


def test_each_format_and_name_is_registered_once_and_a_non_corpus_lists_the_formats(tmp_path):
    assert len({f.name for f in FORMATS}) == len(FORMATS)
    assert set(NAMED_CORPORA) == {"mt_bench", "arena_hard", "alpaca_eval"}
    assert read_corpus(write_corpus(tmp_path / "fastchat"), tmp_path).models == ["base", "long", "short"]
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.json").write_text('{"not": "a list"}')
    with pytest.raises(DataFormatError, match="not a corpus; expected .*question.jsonl.* or AlpacaEval outputs"):
        read_corpus(tmp_path / "other", tmp_path)
    with pytest.raises(FileNotFoundError, match="unknown corpus 'nowhere': use mt_bench, arena_hard, alpaca_eval"):
        read_corpus("nowhere", tmp_path)


def board_rows(out: Path) -> dict[str, dict]:
    return {row["model"]: row for row in json.loads((out / "criteria.json").read_text())["rows"]}


def test_crm_usl_boards_a_directory_of_alpaca_eval_outputs(tiny_crm, tmp_path):
    root = write_outputs(tmp_path / "results", generated_outputs())
    args = ["--ckpt", str(tiny_crm("bt")), "--corpus", str(root), "--cache", str(tmp_path / "c.sqlite")]
    assert usl_main([*args, "--criteria", "Prefer short answers.", "--rounds", "50", "--out", str(tmp_path / "o")]) == 0
    rows = board_rows(tmp_path / "o")
    assert set(rows) == {"bullets_model", "short_model"}  # judged against gpt4_1106_preview
    assert all(0.0 <= row["win_rate"] <= 1.0 for row in rows.values())


@pytest.mark.skipif(not REAL_ALPACA_EVAL.is_dir(), reason="the raw data is not here")
def test_crm_usl_boards_real_alpaca_eval_outputs(tiny_crm, tmp_path):
    """Real AlpacaEval outputs (their first 12 instructions), laid out as AlpacaEval's repository does."""
    files = ["gpt4_1106_preview_verbose", "gpt4_0613_concise", "claude-2.1_concise"]
    models = {name: json.loads((REAL_ALPACA_EVAL / f"{name}.json").read_text())[:12] for name in files}
    root = write_outputs(tmp_path / "results", models)
    args = ["--ckpt", str(tiny_crm("bt")), "--corpus", str(root), "--cache", str(tmp_path / "c.sqlite")]
    args += ["--baseline", "gpt4_1106_preview_verbose", "--criteria", "Prefer concise answers.", "--rounds", "50"]
    assert usl_main([*args, "--out", str(tmp_path / "o")]) == 0
    assert set(board_rows(tmp_path / "o")) == {"gpt4_0613_concise", "claude-2.1_concise"}
    corpus = read_corpus(root, tmp_path)
    assert len(corpus.queries) == 12 and set(corpus.topics()) <= {
        "helpful_base",
        "koala",
        "oasst",
        "selfinstruct",
        "vicuna",
    }


def test_the_web_page_serves_alpaca_eval_outputs_under_the_name_given(tmp_path):
    from crm.app.web_api import load_corpora

    root = write_outputs(tmp_path / "results", generated_outputs())
    corpora = load_corpora({"mine": str(root), "mt": str(write_corpus(tmp_path / "fastchat"))}, tmp_path)
    assert corpora["mine"].default_baseline == "gpt4_1106_preview" and len(corpora["mine"].queries) == 6
    assert corpora["mt"].models == ["base", "long", "short"]
