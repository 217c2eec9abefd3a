"""experiments/reading_ceiling.py: the labels it gives the oracle reader, and that its head can learn them."""

from __future__ import annotations

import importlib.util

import torch

from crm.data.datamodule import PreferenceDataset
from crm.data.rendering import Renderer
from crm.data.schema import PreferenceSample, conversation
from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("reading_ceiling", ROOT / "experiments" / "reading_ceiling.py")
ceiling = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ceiling)


def bold_pair(winner: str) -> PreferenceSample:
    """Side A has bold text; side B's criteria ask for it, side A's for its absence."""
    query = "Name a colour."
    return PreferenceSample(
        prompt=query,
        model_a=conversation(query, "**Red** is one."),
        model_b=conversation(query, "Red is one."),
        criteria=["No bold, please."] if winner == "model_a" else ["Use bold."],
        preference=winner,
        a_criteria=["No bold, please."],
        b_criteria=["Use bold."],
        source="attribute_pairs",
        extra={"family": "bold", "a_polarity": "neg", "b_polarity": "pos"},
    )


def test_each_judged_pair_is_labelled_with_the_polarity_its_winner_was_asked_for(minilm_tokenizer):
    renderer = Renderer(minilm_tokenizer, "bt", "text_pair", max_length=128)
    vote = PreferenceSample(prompt="q", model_a=conversation("q", "a"), model_b=conversation("q", "b"),
                            criteria=["Be helpful."], preference="model_a", source="pandalm")  # fmt: skip
    dataset = PreferenceDataset([bold_pair("model_a"), bold_pair("model_b"), vote], renderer)
    datamodule = type("DataModule", (), {"datasets": {"train": dataset}})()
    judged = list(ceiling.judged_pairs(datamodule, "train"))
    assert len(judged) == 4  # two attribute pairs under both polarities; the vote is not an attribute pair
    for chosen, _, (family, polarity), criteria in judged:
        assert criteria and all(isinstance(text, str) for text in criteria)  # what --reader-backbone reads
        winner = minilm_tokenizer.decode(chosen["input_ids"])
        assert family == "bold"
        assert ("[SEP] * * red * *" in winner) == (polarity == "neg")  # A (bold) wins exactly under "no bold"


def held_out_accuracy(head, criteria: torch.Tensor, stance: torch.Tensor) -> float:
    """Fit ``head`` on 5,000 synthetic pairs whose preference flips with ``stance`` (0 prefers the answer
    with the larger first feature, 1 the smaller), told only ``criteria``; its accuracy on 1,000 more."""
    answers, other = torch.randn(6000, 16), torch.randn(6000, 16)
    first_wins = ((answers[:, 0] > other[:, 0]) == (stance == 0)).unsqueeze(1)
    chosen, rejected = torch.where(first_wins, answers, other), torch.where(first_wins, other, answers)
    ceiling.fit(head, chosen[:5000], rejected[:5000], criteria[:5000])
    with torch.no_grad():
        right = head(chosen[5000:], criteria[5000:]) > head(rejected[5000:], criteria[5000:])
    return right.float().mean().item()


def test_the_oracle_head_learns_a_preference_that_flips_with_the_label():
    torch.manual_seed(0)
    labels = torch.randint(0, 2, (6000,))
    assert held_out_accuracy(ceiling.OracleHead(labels=2, size=16, rank=4), labels, labels) > 0.9


def test_the_reading_head_follows_a_fixed_reading_that_flips_the_preference():
    torch.manual_seed(0)
    stance = torch.randint(0, 2, (6000,))
    readings = torch.randn(6000, 8) * 0.3 + torch.where(stance.unsqueeze(1) == 0, 1.0, -1.0)  # two noisy readings
    assert held_out_accuracy(ceiling.ReadingHead(reading_size=8, size=16, rank=4), readings, stance) > 0.9


def test_reader_weights_come_from_a_saved_encoder_a_run_reader_or_a_crm_checkpoint(tmp_path):
    encoder = {"embeddings.word_embeddings.weight": torch.ones(2, 2)}
    torch.save(encoder, tmp_path / "encoder.pt")
    torch.save({"backbone.embeddings.word_embeddings.weight": torch.ones(2, 2)}, tmp_path / "reader.pt")
    checkpoint = {"state_dict": {"model.backbone.embeddings.word_embeddings.weight": torch.ones(2, 2),
                                 "model.answer_tower.embeddings.word_embeddings.weight": torch.zeros(2, 2),
                                 "model.score.weight": torch.zeros(1, 2)}}  # fmt: skip
    torch.save(checkpoint, tmp_path / "run.ckpt")
    for path in (tmp_path / "encoder.pt", tmp_path / "reader.pt", tmp_path / "run.ckpt"):
        weights = ceiling.reader_weights(path)
        assert list(weights) == ["backbone.embeddings.word_embeddings.weight"]
        assert torch.equal(weights["backbone.embeddings.word_embeddings.weight"], torch.ones(2, 2))


def test_the_classifier_table_says_which_criteria_are_read_as_asked_backwards_or_as_another_family(minilm_tokenizer):
    from tests.conftest import tiny_two_tower_model

    classes = [("bold", "pos"), ("bold", "neg"), ("tables", "pos"), ("tables", "neg")]
    model = tiny_two_tower_model(criteria_classes=4)
    model.split_criteria = True
    with torch.no_grad():  # every criterion read as ("bold", "neg")
        model.criteria_classifier.weight.zero_()
        model.criteria_classifier.bias.copy_(torch.tensor([0.0, 5.0, 0.0, 0.0]))
    renderer = Renderer(minilm_tokenizer, "bt", "criteria_list", max_length=128)
    history = [{"role": "user", "content": "q"}]
    judged = [
        (["No bold."], ("bold", "neg")),  # read as asked
        (["Use bold.", "Be brief."], ("bold", "pos")),  # read backwards
        (["A table."], ("tables", "pos")),  # read as another family
    ]
    rows = [renderer.encode(criteria, history, ["an answer"]).features() for criteria, _ in judged]
    towers = ceiling.TowerMemory(model)
    table = ceiling.classifier_rows(towers, minilm_tokenizer, rows, [label for _, label in judged], classes)
    assert table == [
        ["1", "2", "0.500", "0.000", "0.500"],
        ["2", "1", "0.000", "1.000", "0.000"],
        ["all pairs", "3", "0.333", "0.333", "0.333"],
    ]


def test_with_layouts_the_oracle_is_also_fitted_on_the_layout_beside_the_tower_and_alone():
    tower, layout = (torch.randn(3, 5), torch.randn(3, 5)), (torch.randn(3, 2), torch.randn(3, 2))
    data = {"train": (*tower, ["x"] * 3, None, layout), "test": (*tower, ["x"] * 3, None, layout)}
    views = ceiling.oracle_descriptions(data)
    assert [v["test"][0].shape[1] for v in views.values()] == [5, 7, 2]
    assert torch.equal(views["the tower's description and the layout"]["train"][1][:, 5:], layout[1])
    untold = {n: (*d[:4], None) for n, d in data.items()}
    assert list(ceiling.oracle_descriptions(untold)) == ["the tower's description"]
    rows = [{"input_ids": [1], "answer_layout": [0.5, 1.0]}]
    assert ceiling.layouts(rows).tolist() == [[0.5, 1.0]] and ceiling.layouts([{"input_ids": [1]}]) is None


def test_a_reader_of_another_backbone_reads_each_criterion_alone_and_adds_them_up():
    from transformers import AutoModel

    from crm.config import minilm_path
    from crm.precision import inference_plan

    path, plan = minilm_path(), inference_plan("cpu", "fp32")
    weights = {f"backbone.{k}": v for k, v in AutoModel.from_pretrained(path).state_dict().items()}
    both, first, second = ceiling.text_readings(
        path, weights, [["Use bold.", "Be brief."], ["Use bold."], ["Be brief."]], plan
    )
    assert torch.allclose(both, first + second, atol=1e-5) and not torch.allclose(first, second)
    weights["backbone.embeddings.word_embeddings.weight"] = weights["backbone.embeddings.word_embeddings.weight"] * 0
    zeroed = ceiling.text_readings(path, weights, [["Use bold."]], plan)[0]
    assert not torch.allclose(zeroed, first)  # its weights, read
