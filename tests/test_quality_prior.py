"""The quality prior: which answer pairs it fits on, and a seeded fit that learns them."""

from __future__ import annotations

import json

import pytest
import torch
from lightning.pytorch import Callback
from omegaconf import open_dict
from torch import nn

from crm.data.criteria.pairs import PairOptions
from crm.data.criteria.quality_pairs import QUALITY_UNDER_FORM, build_quality_pairs
from crm.data.schema import PreferenceSample, read_samples, write_samples
from crm.train.quality_prior import fit_reward, ranked_pairs
from crm.train.run import train
from tests.conftest import PUBLISHED_SCORES, TINY_TRAIN, files_override, write_answer_corpora


@pytest.fixture(scope="module")
def quality_samples(tmp_path_factory) -> list[PreferenceSample]:
    raw = write_answer_corpora(tmp_path_factory.mktemp("raw"))
    return build_quality_pairs(raw, seed=0, options=PairOptions(heldout_models=(), quality_per_query=2)).samples


def test_every_pair_of_a_querys_answers_far_enough_apart_is_ranked_the_stronger_first(quality_samples):
    quality = [s for s in quality_samples if s.extra["family"] != QUALITY_UNDER_FORM]
    pairs = ranked_pairs(quality_samples, gap=40.0)
    model_of = {}
    for s in quality:
        model_of[(s.prompt, s.response_a)] = s.extra["a_model"]
        model_of[(s.prompt, s.response_b)] = s.extra["b_model"]
    by_answer = {text: (prompt, model) for (prompt, text), model in model_of.items()}
    assert len(pairs) > len(quality)  # pairs the samples never made: answers of two different samples
    for better, worse, history in pairs:
        (q1, strong), (q2, weak) = by_answer[better], by_answer[worse]
        assert q1 == q2 == history[-1]["content"] and PUBLISHED_SCORES[strong] - PUBLISHED_SCORES[weak] >= 40.0
    assert len({(b, w) for b, w, _ in pairs}) == len(pairs)
    assert len(ranked_pairs(quality_samples, gap=1e9)) == 0


def test_pairs_judged_under_a_form_or_from_other_sources_are_left_out(quality_samples):
    under_form = [s for s in quality_samples if s.extra["family"] == QUALITY_UNDER_FORM]
    assert under_form and ranked_pairs(under_form, gap=0.0) == []
    others = [PreferenceSample(**{**s.__dict__, "source": "attribute_pairs"}) for s in quality_samples]
    assert ranked_pairs(others, gap=0.0) == []
    before = [{k: v for k, v in s.extra.items() if k != "a_score"} for s in quality_samples]
    unscored = [PreferenceSample(**{**s.__dict__, "extra": extra}) for s, extra in zip(quality_samples, before)]
    assert ranked_pairs(unscored, gap=0.0) == []  # prepared before the scores were recorded


def test_the_fit_learns_the_ranking_and_is_the_same_with_the_same_seed():
    torch.manual_seed(0)
    worse = torch.randn(300, 16)
    better = worse + 0.5 * torch.randn(16)  # one direction of quality, hidden in noise
    fitted = []
    for _ in range(2):
        torch.manual_seed(1)
        score = nn.Linear(16, 1)
        rows = torch.arange(len(better))
        report = fit_reward(
            lambda a, _, score=score: score(a), list(score.parameters()), better, worse, rows, epochs=5,
            batch_size=64, lr=1e-2, weight_decay=0.0, seed=3,
        )  # fmt: skip
        fitted.append(score.weight.detach().clone())
    assert report["accuracy"] == 1.0 > report["accuracy_before"]
    assert torch.equal(fitted[0], fitted[1])


class ScoreAfterPrior(Callback):
    """Keeps the answer score (and query term) as the first training step will find them."""

    seen: torch.Tensor | None = None
    query: torch.Tensor | None = None

    def on_train_start(self, trainer, pl_module) -> None:
        model = pl_module.model
        ScoreAfterPrior.seen = model.score.weight.detach().clone()
        if model.query_interaction is not None:
            ScoreAfterPrior.query = model.query_interaction.answer.weight.detach().clone()


@pytest.mark.parametrize("query", [0, 8], ids=["score", "score+query term"])
def test_the_quickstart_fits_the_prior_on_its_quality_pairs_before_the_pair_steps(
    compose_train, tiny_files, quality_samples, tmp_path, query
):
    """In `python train.py`'s recipe: fitted on the training set's quality pairs before the pair steps,
    reported in the run's summary; the pair steps then train the score on. A CRM that describes the
    query has its query term fitted with the score."""
    train_file = tmp_path / "train_with_quality.jsonl"
    quality = [s for s in quality_samples if s.extra["family"] != QUALITY_UNDER_FORM][:24]
    write_samples(train_file, read_samples(tiny_files["train"])[0] + quality)
    cfg = compose_train(
        *[o for o in TINY_TRAIN if not o.startswith(("model=", "trainer.check_val_every_n_epoch"))],
        "model=minilm",
        "trainer.precision=32-true",
        files_override({**tiny_files, "train": str(train_file)}),
        "reader.steps=2",
        "reader.batch_size=8",
        "prior=quality",
        "prior.epochs=20",
        f"model.query_interaction={query}",
        f"model.degenerate_gate={10.0 if query else 0}",  # the gate reads the query
        "trainer.max_epochs=1",
        "trainer.limit_val_batches=1",
    )
    with open_dict(cfg):
        cfg.callbacks.score_after_prior = {"_target_": f"{__name__}.{ScoreAfterPrior.__qualname__}"}
    _, objects = train(cfg)
    report = json.loads((tmp_path / "run" / "metrics.json").read_text())["quality_prior"]
    assert report["pairs"] >= len(quality) and report["accuracy"] > report["accuracy_before"]
    assert report["epochs"] == 20
    assert not torch.equal(ScoreAfterPrior.seen, objects["module"].model.score.weight)  # trained on by the pairs
    if query:  # fitted from zero by the prior
        assert ScoreAfterPrior.query.abs().sum() > 0
