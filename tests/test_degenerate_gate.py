"""The degenerate gate: a reward term no criterion outweighs, fitted on the degenerate pairs."""

from __future__ import annotations

import json

import pytest
import torch
from transformers import BertConfig

from crm.data.layout import LAYOUT_FEATURES, layout_features
from crm.data.relevance import query_overlap
from crm.models.factory import crm_config
from crm.models.head_terms import DegenerateGate
from crm.models.spec import TwoTowerSpec
from crm.train.degenerate_gate_fit import fit_gate
from crm.train.run import train
from tests.conftest import TINY_TRAIN, files_override

LAYERS = 3
WIDTH = 4  # per layer


def gate_inputs(rows: int, seed: int, degenerate: bool) -> tuple[torch.Tensor, ...]:
    """(query, answer, layout, overlap) of ``rows`` answers: real ones near their query and repeating
    its words, degenerate ones far from it, with the layout of an empty answer."""
    g = torch.Generator().manual_seed(seed)
    query = torch.randn(rows, LAYERS * WIDTH, generator=g)
    answer = (torch.randn(rows, LAYERS * WIDTH, generator=g) if degenerate else query) + 0.3 * torch.randn(
        rows, LAYERS * WIDTH, generator=g
    )
    layout = torch.tensor(
        [layout_features("A reply cut off in the" if degenerate else "A real answer, in full.")] * rows
    )
    overlap = torch.rand(rows, generator=g) * 0.2 + (0.0 if degenerate else 0.6)
    return query, answer, layout, overlap


def test_the_question_s_words_in_the_answer_tell_an_answer_to_another_question():
    query = "How do I reverse a linked list in Python?"
    assert query_overlap(query, "To reverse a linked list in Python, walk it once ...") == 1.0
    assert query_overlap(query, "The French Revolution began in 1789.") == 0.0
    assert query_overlap("Hi!", "Hello.") == 1.0  # no word of four letters: no evidence either way


def new_gate(kinds: tuple[str, ...] = ("truncated",)) -> DegenerateGate:
    return DegenerateGate(LAYERS, len(LAYOUT_FEATURES), LAYERS * WIDTH, margin=10.0, kinds=kinds)


def test_a_fitted_gate_costs_degenerate_answers_the_margin_and_real_ones_nothing():
    gate = new_gate()
    real, bad = gate_inputs(64, 0, degenerate=False), gate_inputs(64, 1, degenerate=True)
    tokens = torch.full((64,), 9)
    assert gate(*real, tokens).abs().max() < 1e-6 and gate(*bad, tokens).abs().max() < 1e-6  # unfitted: closed
    gate.reference_queries.copy_(real[0][: len(gate.reference_queries)])
    gate.reference_answers.copy_(real[1][: len(gate.reference_answers)])
    features = [gate.features(*inputs) for inputs in (real, bad)]
    report = fit_gate(gate, *features, kinds=["truncated"] * 64)
    assert report == {"real_passed": 1.0, "caught_truncated": 1.0}
    fresh_real, fresh_bad = gate_inputs(32, 2, degenerate=False), gate_inputs(32, 3, degenerate=True)
    tokens = torch.full((32,), 9)
    assert gate(*fresh_real, tokens).max() > -0.5
    assert gate(*fresh_bad, tokens).min() < -9.5 and gate(*fresh_bad, tokens).max() <= 0.0
    again = new_gate()
    fit_gate(again, *features, kinds=["truncated"] * 64)
    assert torch.equal(again.classifier.weight, gate.classifier.weight)  # deterministic
    assert not any(p.requires_grad for p in gate.parameters())  # the optimizer never moves it
    with pytest.raises(ValueError, match="margin must be positive"):
        DegenerateGate(LAYERS, len(LAYOUT_FEATURES), LAYERS * WIDTH, margin=0.0, kinds=("truncated",))
    spec = TwoTowerSpec(
        name="gate", query_interaction=8, answer_layout=True, degenerate_gate=10.0, degenerate_kinds=["rude"]
    )
    with pytest.raises(ValueError, match="restated_query"):  # the message names the kinds a gate can learn
        crm_config(spec, "bt", BertConfig(), BertConfig())


def test_a_gate_that_learns_the_query_given_back_tells_it_from_real_answers_and_another_query_s():
    """The query given back fits its query best of all, another query's answer worst: one boundary
    cannot hold both, so each kind has a classifier of its own."""
    gate = new_gate(kinds=("off_topic", "restated_query"))
    real, off = gate_inputs(64, 0, degenerate=False), gate_inputs(64, 1, degenerate=True)
    query, _, layout, _ = gate_inputs(64, 4, degenerate=False)
    restated = (query, query.clone(), layout, torch.ones(64))  # the answer is the query
    gate.reference_queries.copy_(real[0][: len(gate.reference_queries)])
    gate.reference_answers.copy_(real[1][: len(gate.reference_answers)])
    bad = torch.cat([gate.features(*off), gate.features(*restated)])
    report = fit_gate(gate, gate.features(*real), bad, kinds=["off_topic"] * 64 + ["restated_query"] * 64)
    assert report == {"real_passed": 1.0, "caught_off_topic": 1.0, "caught_restated_query": 1.0}
    fresh_query = gate_inputs(16, 5, degenerate=False)[0]
    fresh = (fresh_query, fresh_query.clone(), layout[:16], torch.ones(16))
    assert gate(*fresh, torch.full((16,), 9)).max() < -9.5
    assert gate(*gate_inputs(16, 6, degenerate=False), torch.full((16,), 9)).min() > -1.0  # a tenth of the margin


def test_an_export_written_before_the_gate_named_its_kinds_loads_with_the_first_three():
    from crm.data.degenerate import LEARNABLE_KINDS
    from crm.models.spec import spec_from_dict

    written = {"architecture": "two_tower", "degenerate_gate": 10.0}
    assert spec_from_dict(written).degenerate_kinds == ["truncated", "repeated", "off_topic"]
    assert (
        spec_from_dict({**written, "degenerate_kinds": list(LEARNABLE_KINDS)}).degenerate_kinds[-1] == "restated_query"
    )


def test_a_blank_answer_pays_the_margin_by_rule_and_any_answer_of_a_token_does_not():
    """Empty and whitespace answers (a row of only [CLS] and [SEP]) pay the whole margin, whatever the
    classifiers say; one token, in any script, is an answer for the classifiers to judge."""
    gate = new_gate()  # unfitted: its classifiers call nothing degenerate
    query, answer, layout, overlap = gate_inputs(3, 0, degenerate=False)
    reward = gate(query, answer, layout, overlap, torch.tensor([2, 3, 40]))
    assert reward[0].item() == -10.0 and reward[1:].abs().max() < 1e-6


def test_the_fit_counts_the_training_set_s_short_real_answers_as_real():
    """A real answer of a word or two ("4.") is no degenerate answer: the fit sets the training set's
    short real answers beside the long ones, so a classifier cannot call "few words" degenerate."""
    from crm.data.schema import PreferenceSample
    from crm.train.degenerate_gate_fit import short_real_answers

    def sample(answer: str, source: str = "pairs") -> PreferenceSample:
        turns = [{"role": "user", "content": "What is 2 + 2?"}]
        return PreferenceSample(
            idx=answer, prompt="What is 2 + 2?", criteria=["Be concise."], source=source, preference="model_a",
            model_a=[*turns, {"role": "assistant", "content": answer}],
            model_b=[*turns, {"role": "assistant", "content": "Two and two make four, as counting shows. " * 3}],
        )  # fmt: skip

    found = short_real_answers([sample("4."), sample("4."), sample(" "), sample("Four.", source="degenerate")])
    assert [text for _, text in found] == ["4."]  # distinct, no blank answer, no degenerate pair's


def test_a_full_answer_without_its_full_stop_is_a_real_answer_for_the_fit():
    """Some models end most answers on no full stop; the fit sets each real answer without its
    closing punctuation beside it, so "no full stop" alone never reads as cut off."""
    from crm.data.degenerate import without_closing_punctuation

    assert without_closing_punctuation("Paris is the capital of France.  \n") == "Paris is the capital of France"
    assert without_closing_punctuation("Really?!") == "Really"
    assert without_closing_punctuation("1. Mix\n2. Bake") == "1. Mix\n2. Bake"  # nothing closing: unchanged


def test_the_weight_of_real_answers_that_look_degenerate_moves_the_boundary_by_degrees():
    """Real answers without their full stop weigh in on the real side by a set weight: the more they
    weigh, the less their look costs; all weights 1 is the unweighted fit to the bit."""
    from crm.train.degenerate_gate_fit import logistic_regression

    g = torch.Generator().manual_seed(0)
    real, bad = torch.randn(200, 2, generator=g), torch.randn(200, 2, generator=g) + 3.0
    lookalike = torch.randn(50, 2, generator=g) * 0.3 + 3.0  # real answers where the degenerate ones are
    negatives = torch.cat([real, lookalike]).double()
    logits = []
    for weight in (0.1, 0.5, 1.0):
        w, b = logistic_regression(negatives, bad.double(), torch.tensor([1.0] * 200 + [weight] * 50))
        logits.append(float(torch.tensor([3.0, 3.0]).double() @ w + b))
    assert logits[0] > logits[1] > logits[2]
    plain = logistic_regression(negatives, bad.double())
    ones = logistic_regression(negatives, bad.double(), torch.ones(250))
    assert all(torch.equal(a, b) for a, b in zip(plain, ones))


def test_the_quickstart_fits_the_gate_on_its_degenerate_pairs_and_exports_it(compose_train, tiny_files, tmp_path):
    """`python train.py`'s recipe: the gate fitted on the run's degenerate pairs before the pair steps,
    reported in the run's summary, exported, and in force when the export scores an empty answer."""
    from crm.inference import load_crm

    cfg = compose_train(
        *[o for o in TINY_TRAIN if not o.startswith(("model=", "trainer.check_val_every_n_epoch", "data.degenerate"))],
        "model=minilm",
        "trainer.precision=32-true",
        files_override(tiny_files),
        "reader.steps=2",
        "reader.batch_size=8",
        "data.degenerate_share=0.5",
        "model.query_interaction=8",
        "model.degenerate_gate=25.0",
        "model.degenerate_kinds=[truncated,repeated,off_topic]",  # one pair of each: too few for the query given back
        "trainer.max_epochs=1",
        "trainer.limit_val_batches=1",
    )
    _, objects = train(cfg)
    report = json.loads((tmp_path / "run" / "metrics.json").read_text())["degenerate_gate"]
    assert report["pairs"] == 8 and report["short_real"] > 0 and report["real_passed"] == 1.0
    assert report["unclosed_real"] > 0
    assert {"caught_truncated", "caught_repeated", "caught_off_topic"} == {k for k in report if k.startswith("caught")}
    gate = objects["module"].model.degenerate_gate
    assert gate.classifier.weight.abs().sum() > 0  # fitted, and not moved by the pair steps (no gradient)
    crm = load_crm(tmp_path / "run" / "export", device="cpu", precision="fp32")
    assert crm.settings.model.degenerate_gate == 25.0
    assert torch.equal(crm.model.degenerate_gate.classifier.weight, gate.classifier.weight)
    history = [{"role": "user", "content": "Explain photosynthesis in plants."}]
    answer = "Photosynthesis in plants turns light, water and carbon dioxide into sugar and oxygen."
    rewards = crm.answer_rewards([(["Be concise."], history, a) for a in (answer, "")])
    assert rewards[0] - rewards[1] > 12.0  # the gate's margin, beyond whatever the rest of the reward says
