"""The benchmarks are not part of the test run; this checks each one starts and prints its row on a tiny corpus."""

from __future__ import annotations

import pytest

from benchmarks.run import main

# The benchmarks in groups (a group's benchmarks share their set-up: one CRM for the board ones), each
# group a test of its own so that the test workers share the work, with the rows each group prints.
GROUPS = {
    "training": ("TRL RewardTrainer", "ours (length-grouped, fused AdamW)", "tokens/s", "% padding", "peak MiB"),
    "reader,drawing": (
        "32 wordings: whole padded batches",
        "32 wordings: length chunks of 24",
        "padding of whole batches",
        "samples drawn: each row tokenized whole",
        "samples drawn: rows joined from remembered segments",
    ),
    "scoring,rerank,edit,evaluation": (
        "engine (2 models x 4 queries",
        "naive loop",
        "naive loop, answers remembered",  # the quickstart's two towers by default
        "baseline",
        "engine call",
        "CLI process",
        "CRMScorer",
        "answers remembered (3 models x 4 queries, two towers)",
        "answers described again",
    ),
    "engines": (
        "ONNX Runtime fp32: board answers",
        "answer tower dynamic int8: accuracy on 12 test pairs",
        "decisions changed",
    ),
}


def test_the_groups_cover_every_benchmark():
    from benchmarks.run import BENCHMARKS

    grouped = [b for group in GROUPS for b in group.split(",")]
    assert sorted(grouped) == sorted(BENCHMARKS)


SLOW_GROUPS = ("training", "engines")  # each trains or exports a CRM: run with `-m slow` (and by .ci/run)


@pytest.mark.parametrize("only", [pytest.param(g, marks=pytest.mark.slow) if g in SLOW_GROUPS else g for g in GROUPS])
def test_every_benchmark_runs_on_a_tiny_corpus_and_prints_its_row(only, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["--smoke", "--only", only]) == 0
    out = capsys.readouterr().out
    for row in GROUPS[only]:
        assert row in out
    assert "Benchmarks on" in out and "cores" in out
    assert f"command: python benchmarks/run.py --smoke --only {only}" in out


def test_the_minilm_training_benchmark_trains_every_weight_of_one_cross_encoder_as_trl_does():
    from benchmarks.training import compose
    from crm.models.cross_encoder import CrossEncoderCRM
    from crm.models.factory import build_reward_model

    cfg = compose("minilm", batch=8, pairs=8, precision="32-true")
    model = build_reward_model(cfg.model, cfg.loss.head)
    assert isinstance(model, CrossEncoderCRM)
    assert not cfg.get("reader")  # no criteria reader taught first
    assert all(p.requires_grad for p in model.parameters())
