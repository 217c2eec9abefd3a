"""The quality term: which ranked answer pairs it is fitted on, a fit that learns them and holds still,
and a weight per criterion that the pair stage learns."""

from __future__ import annotations

import json

import pytest
import torch
from lightning.pytorch import Callback
from omegaconf import open_dict

from crm.data.criteria.pairs import PairOptions
from crm.data.criteria.quality_pairs import ranked_answer_pairs, scored_answers
from crm.data.layout import LAYOUT_FEATURES
from crm.data.splits import split_of
from crm.models.head_terms import QualityTerm
from crm.train.quality_term_fit import WEIGHT_DECAYS, ValidationBoard, calibrated_scale, fit_quality
from crm.train.run import train
from tests.conftest import PUBLISHED_SCORES, TINY_TRAIN, files_override, write_answer_corpora

LAYERS, WIDTH, READING, CLASSES = 3, 4, 6, 2


@pytest.fixture(scope="module")
def raw(tmp_path_factory):
    return write_answer_corpora(tmp_path_factory.mktemp("raw"))


def test_every_ranked_pair_of_a_training_query_and_no_held_out_model_or_other_split(raw):
    options = PairOptions(heldout_models=("model-numbered",), corpora=("arena_hard",))
    answers = scored_answers(raw, seed=0, options=options)
    pairs = ranked_answer_pairs(answers, options.quality_gap)
    queries = {query for _, _, query in pairs}
    assert queries and all(split_of(q, 0, options.fractions) == "train" for q in queries)
    questions = [json.loads(line)["turns"][0] for line in (raw / "arena_hard_v0.1" / "question.jsonl").open()]
    trained = [q for q in questions if split_of(q, 0, options.fractions) == "train"]
    assert len(queries) == len(trained) < len(questions)
    kept = {m: s for m, s in PUBLISHED_SCORES.items() if m != "model-numbered"}
    assert {a.model for a in answers} == set(kept) and all(a.score == kept[a.model] for a in answers)
    far_apart = sum(kept[s] - kept[w] >= 40.0 for s in kept for w in kept)
    assert len(pairs) == far_apart * len(trained)  # every pair of every training query
    assert len(set(pairs)) == len(pairs)
    everyone = scored_answers(raw, seed=0, options=PairOptions(heldout_models=(), corpora=("arena_hard",)))
    assert len(everyone) > len(answers)  # the held-out model's answers were left out
    val = scored_answers(raw, seed=0, options=options, split="val")
    assert val and all(split_of(a.query, 0, options.fractions) == "val" for a in val)
    with pytest.raises(ValueError, match="test queries stay out"):
        scored_answers(raw, seed=0, options=options, split="test")


def inputs(rows: int, seed: int, direction: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    query = torch.randn(rows, LAYERS * WIDTH, generator=g)
    worse = torch.randn(rows, LAYERS * WIDTH, generator=g)
    return query, worse, worse + direction


def new_term() -> QualityTerm:
    return QualityTerm(LAYERS, LAYERS * WIDTH, len(LAYOUT_FEATURES), READING, CLASSES)


def test_the_fit_learns_a_direction_of_quality_deterministically_and_the_optimizer_never_moves_it():
    direction = 0.4 * torch.randn(LAYERS * WIDTH, generator=torch.Generator().manual_seed(9))
    layout = torch.zeros(200, len(LAYOUT_FEATURES))
    term = new_term()

    def differences(seed: int) -> torch.Tensor:
        query, worse, better = inputs(200, seed, direction)
        return (term.features(query, better, layout) - term.features(query, worse, layout)).double()

    train, val = differences(0), differences(5)
    reading, posterior = torch.randn(200, READING), torch.full((200, CLASSES), 0.5)
    query, worse, better = inputs(200, 0, direction)
    assert term(query, better, layout, reading, posterior).abs().max() == 0  # unfitted: no quality
    report = fit_quality(term, train.clone(), val.clone())
    assert set(report["validation_accuracy"]) == {str(d) for d in WEIGHT_DECAYS} == set(report["validation_board"])
    assert report["validation_board"] == dict.fromkeys(report["validation_board"])  # no board: none judged
    assert report["weight_decay"] == WEIGHT_DECAYS[len(WEIGHT_DECAYS) // 2]
    assert report["training_accuracy"] > 0.95 and report["validation_accuracy"][str(report["weight_decay"])] > 0.9
    query, worse, better = inputs(100, 1, direction)  # answers it was not fitted on
    wins = term(query, better, layout[:100], reading[:100], posterior[:100])
    assert (wins > term(query, worse, layout[:100], reading[:100], posterior[:100])).float().mean() > 0.9
    again = new_term()
    assert fit_quality(again, train.clone(), val.clone()) == report
    assert torch.equal(again.quality.weight, term.quality.weight)
    assert not term.quality.weight.requires_grad and term.weight.weight.requires_grad
    # five models whose answers are better by 0 to 4 steps of the direction: the board picks the L2 whose
    # ranking of them agrees best, the strongest of equals
    query, answer, _ = inputs(50, 7, direction)
    models = [f"m{k}" for k in range(5) for _ in range(10)]
    shifted = answer + torch.arange(5).repeat_interleave(10).unsqueeze(1) * direction
    board = ValidationBoard(term.features(query, shifted, layout[:50]).double(), models, [float(m[1]) for m in models])
    judged = fit_quality(new_term(), train.clone(), val.clone(), board)
    boards = judged["validation_board"]
    best = max(boards.values())
    assert boards[str(judged["weight_decay"])] == best >= 0.8
    assert judged["weight_decay"] == max(d for d in WEIGHT_DECAYS if boards[str(d)] == best)


def test_each_criterion_weighs_quality_from_one_and_never_turns_it_around():
    term = new_term()
    reading = torch.randn(5, READING)
    assert torch.allclose(term.criteria_weight(reading, torch.zeros(5, CLASSES)), torch.ones(5, 1))
    with torch.no_grad():
        term.weight.weight.normal_(std=10.0)
    assert (term.criteria_weight(reading, torch.rand(5, CLASSES)) > 0).all()


class QualityAtStart(Callback):
    """Keeps the quality term as the first training step finds it."""

    quality: torch.Tensor | None = None
    weight: torch.Tensor | None = None

    def on_train_start(self, trainer, pl_module) -> None:
        term = pl_module.model.quality_term
        QualityAtStart.quality = term.quality.weight.detach().clone()
        QualityAtStart.weight = term.weight.weight.detach().clone()


def test_the_quickstart_fits_the_term_on_the_corpus_before_the_pair_steps_and_holds_it(
    compose_train, tiny_files, raw, tmp_path
):
    """In `python train.py`'s recipe with `model.quality_term=true`: fitted on every ranked answer pair of
    the raw corpus's training queries before the pair steps and reported; the pair steps train only the
    weight each criterion gives it, and the export scores as the trained model does."""
    cfg = compose_train(
        *[o for o in TINY_TRAIN if not o.startswith(("model=", "trainer.check_val_every_n_epoch"))],
        "model=minilm",
        "trainer.precision=32-true",
        files_override(tiny_files),
        f"data.raw_dir={raw}",
        "data.attributes.corpora=[arena_hard]",
        "reader.steps=2",
        "reader.batch_size=8",
        "model.quality_term=true",
        "trainer.max_epochs=1",
        "trainer.limit_val_batches=1",
    )
    with open_dict(cfg):
        cfg.callbacks.quality_at_start = {"_target_": f"{__name__}.{QualityAtStart.__qualname__}"}
    _, objects = train(cfg)
    metrics = json.loads((tmp_path / "run" / "metrics.json").read_text())
    report = metrics["quality_term"]
    assert metrics["plan"]["quality_fits"] == len(report["validation_board"]) == len(WEIGHT_DECAYS)
    options = PairOptions.from_mapping(cfg.data.attributes)
    expected = {
        split: len(ranked_answer_pairs(scored_answers(raw, 0, options, split), options.quality_gap))
        for split in ("train", "val")
    }
    assert report["ranked_pairs"] == expected and expected["train"] > 0 and report["training_accuracy"] > 0.9
    assert report["validation_board"][str(report["weight_decay"])] == max(report["validation_board"].values())
    term = objects["module"].model.quality_term
    assert QualityAtStart.quality.abs().sum() > 0 and torch.equal(QualityAtStart.quality, term.quality.weight)
    assert not torch.equal(QualityAtStart.weight, term.weight.weight)  # the criteria's weight trained
    from crm.inference import load_crm

    exported = load_crm(objects["export_dir"], precision="fp32")
    assert torch.equal(exported.model.quality_term.quality.weight, term.quality.weight)


def test_an_overconfident_direction_is_scaled_to_the_validation_pairs():
    """Logits ten times too sure (pairs the better side wins three times in four) are scaled down to
    what the pairs bear; no validation pairs leave the fit as it is."""
    g = torch.Generator().manual_seed(4)
    margin = torch.randn(4000, 1, generator=g).abs().double()
    sign = torch.where(torch.rand(4000, 1, generator=g) < 0.75, 1.0, -1.0).double()
    val = sign * margin  # one feature: the better side's margin, against it one time in four
    scale = calibrated_scale(val, torch.tensor([10.0], dtype=torch.float64))
    assert 0.01 < scale < 0.2
    assert calibrated_scale(val[:0], torch.tensor([10.0], dtype=torch.float64)) == 1.0
