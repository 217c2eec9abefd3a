"""Reward model invariants and learning on the tiny Qwen3: pooling, padding, batch composition, training."""

import pytest
import torch
from omegaconf import OmegaConf

from crm.data.datamodule import PairCollator, PreferenceDataset
from crm.data.rendering import Renderer
from crm.models.backbones import pool
from crm.models.factory import build_reward_model
from crm.models.reward_model import RewardModel
from crm.train.lit_module import CRMLitModule
from tests.conftest import ROOT, text_pair_batch, tiny_bert, tiny_split

TINY = OmegaConf.load(ROOT / "conf/model/qwen3_tiny.yaml").model


def tiny_model(head: str, seed: int = 0) -> RewardModel:
    torch.manual_seed(seed)
    return build_reward_model(TINY, head).eval()


def batch_for(tokenizer, head, samples, padding_side="right"):
    tokenizer.padding_side = padding_side
    try:
        dataset = PreferenceDataset(samples, Renderer(tokenizer, head, "chat", max_length=256))
        return PairCollator(tokenizer, head)([dataset[i] for i in range(len(dataset))])
    finally:
        tokenizer.padding_side = "right"


def scores(model, batch):
    with torch.no_grad():
        return model(**{k: batch[k] for k in ("input_ids", "attention_mask")})


def test_pool_uses_the_attention_mask_not_pad_ids():
    hidden = torch.arange(12.0).view(2, 3, 2)
    right = torch.tensor([[1, 1, 0], [1, 1, 1]])
    left = torch.tensor([[0, 1, 1], [1, 1, 1]])
    assert pool(hidden, right, "last").tolist() == [[2.0, 3.0], [10.0, 11.0]]
    assert pool(hidden, left, "last").tolist() == [[4.0, 5.0], [10.0, 11.0]]
    assert pool(hidden, left, "first").tolist() == [[2.0, 3.0], [6.0, 7.0]]
    assert pool(hidden, right, "mean").tolist() == [[1.0, 2.0], [8.0, 9.0]]


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_scores_do_not_depend_on_padding_side(qwen_tokenizer, head):
    model = tiny_model(head)
    samples = tiny_split(4, 0)
    right = scores(model, batch_for(qwen_tokenizer, head, samples, "right"))
    left = scores(model, batch_for(qwen_tokenizer, head, samples, "left"))
    assert torch.allclose(right, left, atol=1e-5)


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_scores_do_not_depend_on_batch_composition(qwen_tokenizer, head):
    model = tiny_model(head)
    samples = tiny_split(4, 0)
    together = scores(model, batch_for(qwen_tokenizer, head, samples))
    alone = [scores(model, batch_for(qwen_tokenizer, head, [s])) for s in samples]
    if head == "bt":  # rows: chosen of every sample, then rejected of every sample
        alone = torch.cat([a[0:1] for a in alone] + [a[1:2] for a in alone])
    else:
        alone = torch.cat(alone)
    assert torch.allclose(together, alone, atol=1e-5)


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_training_changes_every_parameter_and_overfits(qwen_tokenizer, head):
    torch.manual_seed(0)
    model = tiny_model(head).train()
    samples = tiny_split(4, 0)
    batch = batch_for(qwen_tokenizer, head, samples)
    module = CRMLitModule(model, optimizer=lambda params: torch.optim.AdamW(params, lr=3e-3, weight_decay=0.0))
    optimizer = module.configure_optimizers()["optimizer"]
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    first_loss = None
    for _ in range(40):
        loss, preds, targets = module.step(batch)
        first_loss = first_loss if first_loss is not None else loss.item()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    unchanged = [n for n, p in model.named_parameters() if torch.equal(p, before[n])]
    assert not unchanged, f"parameters never updated: {unchanged}"
    loss, preds, targets = module.step(batch)
    assert loss.item() < 0.1 < first_loss
    assert torch.equal(preds, targets)


def test_gradient_checkpointing_gives_the_same_gradients(qwen_tokenizer):
    batch = batch_for(qwen_tokenizer, "bt", tiny_split(2, 0))
    grads = []
    for checkpointing in (False, True):
        model = tiny_model("bt").train()
        if checkpointing:
            model.enable_gradient_checkpointing()
        module = CRMLitModule(model, optimizer=torch.optim.AdamW)
        module.step(batch)[0].backward()
        grads.append(model.score.weight.grad.clone())
    assert torch.allclose(grads[0], grads[1], atol=1e-6)


def test_head_lr_scale_gives_the_head_its_own_learning_rate():
    from functools import partial

    model = tiny_model("bt")
    module = CRMLitModule(model, optimizer=partial(torch.optim.AdamW, lr=1e-4), head_lr_scale=10.0)
    groups = module.configure_optimizers()["optimizer"].param_groups
    head = {id(p) for p in model.score.parameters()}
    for group in groups:
        in_head = {id(p) in head for p in group["params"]}
        assert len(in_head) == 1  # a group is all head or all backbone
        assert group["lr"] == pytest.approx(1e-3 if in_head == {True} else 1e-4)
    assert sum(len(g["params"]) for g in groups) == sum(1 for p in model.parameters() if p.requires_grad)
    assert {g["weight_decay"] for g in groups if any(p.ndim < 2 for p in g["params"])} == {0.0}
    unscaled = CRMLitModule(model, optimizer=partial(torch.optim.AdamW, lr=1e-4))
    assert {g["lr"] for g in unscaled.configure_optimizers()["optimizer"].param_groups} == {1e-4}
    with pytest.raises(ValueError, match="head_lr_scale needs the optimizer's lr"):
        CRMLitModule(model, optimizer=torch.optim.AdamW, head_lr_scale=2.0).configure_optimizers()


def tiny_bert_model(interaction: int, head: str = "bt") -> RewardModel:
    torch.manual_seed(0)
    return RewardModel(tiny_bert(), head, "mean", interaction=interaction).eval()


def test_criteria_interaction_is_the_bilinear_term_of_the_two_segments(minilm_tokenizer):
    model = tiny_bert_model(interaction=8)
    answers = ["- one\n- two\n- three", "One, two and three, in a sentence."]
    batch = text_pair_batch(minilm_tokenizer, "Use bullet points.", answers)
    with torch.no_grad():
        out = model.backbone(**batch).last_hidden_state
        answer_mask = batch["attention_mask"] * batch["token_type_ids"]
        c = model.interaction.criteria(pool(out, batch["attention_mask"] - answer_mask, "mean"))
        a = model.interaction.answer(pool(out, answer_mask, "mean"))
        expected = model.score(pool(out, batch["attention_mask"], "mean")) + (c * a).sum(-1, keepdim=True) / 8**0.5
        assert torch.allclose(model(**batch), expected, atol=1e-5)
        plain = RewardModel(model.backbone, "bt", "mean")
        plain.score.load_state_dict(model.score.state_dict())
        assert not torch.allclose(model(**batch), plain(**batch))  # the term contributes
    with pytest.raises(ValueError, match="needs token_type_ids"):
        model(batch["input_ids"], batch["attention_mask"])
    with pytest.raises(ValueError, match="needs the pointwise bt head"):
        tiny_bert_model(interaction=8, head="cls")


def test_criteria_interaction_is_exported_loaded_and_trained_as_head(minilm_tokenizer, tmp_path):
    from functools import partial

    from crm.artifact import CRMSettings
    from crm.export import export_crm
    from crm.inference import load_crm

    model = tiny_bert_model(interaction=8)
    state = model.head_state_dict()
    assert set(state) == {"weight", "bias", "interaction.criteria.weight", "interaction.answer.weight"}
    with pytest.raises(RuntimeError, match="interaction term"):
        RewardModel(model.backbone, "bt", "mean").load_head_state(state)
    module = CRMLitModule(model, optimizer=partial(torch.optim.AdamW, lr=1e-4), head_lr_scale=10.0)
    head = {id(p) for m in model.head_modules().values() for p in m.parameters()}
    fast = [g for g in module.configure_optimizers()["optimizer"].param_groups if g["lr"] == pytest.approx(1e-3)]
    assert {id(p) for g in fast for p in g["params"]} == head
    settings = CRMSettings("bt", "mean", "text_pair", 128, 48, interaction=8)
    crm = load_crm(export_crm(tmp_path / "crm", model, minilm_tokenizer, settings), device="cpu", precision="fp32")
    assert crm.settings.interaction == 8
    items = [(["Use bullet points."], [{"role": "user", "content": "Count to three."}], "- one\n- two\n- three")]
    rendered = crm.renderer.encode(*items[0][:2], [items[0][2]]).features()
    with torch.no_grad():
        direct = model.eval()(**{k: torch.tensor([v]) for k, v in rendered.items()})
    assert torch.allclose(crm.answer_rewards(items), direct.view(-1), atol=1e-5)
