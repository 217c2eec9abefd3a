"""The benchmarks are not part of the test run; this checks each one starts and prints its row on a tiny corpus."""

from __future__ import annotations

from benchmarks.run import main


def test_every_benchmark_runs_on_a_tiny_corpus_and_prints_its_row(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["--smoke"]) == 0
    out = capsys.readouterr().out
    rows = ("engine (2 models x 4 queries", "naive loop", "baseline", "engine call", "CLI process", "CRMScorer")
    rows += ("naive loop, answers remembered",)  # the quickstart's two towers by default
    rows += ("answers remembered (3 models x 4 queries, two towers)", "answers described again")
    rows += ("samples drawn: each row tokenized whole", "samples drawn: rows joined from remembered segments")
    rows += ("32 wordings: whole padded batches", "32 wordings: length chunks of 8", "padding of whole batches")
    rows += ("TRL RewardTrainer", "ours (length-grouped, fused AdamW)", "tokens/s", "% padding", "peak MiB")
    rows += (
        "ONNX Runtime fp32: board answers",
        "answer tower dynamic int8: accuracy on 12 test pairs",
        "decisions changed",
    )
    for row in rows:
        assert row in out
    assert "Benchmarks on" in out and "cores" in out and "command: python benchmarks/run.py --smoke" in out


def test_the_minilm_training_benchmark_trains_every_weight_of_one_cross_encoder_as_trl_does():
    from benchmarks.training import compose
    from crm.models.factory import build_reward_model

    cfg = compose("minilm", batch=8, pairs=8, precision="32-true")
    model = build_reward_model(cfg.model, cfg.loss.head)
    assert model.answer_tower is None and model.criteria_classifier is None
    assert not cfg.get("reader")  # no criteria reader taught first
    assert all(p.requires_grad for p in model.parameters())
