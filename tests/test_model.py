"""Reward model invariants and learning on the tiny Qwen3: pooling, padding, batch composition, training."""

import pytest
import torch
from omegaconf import OmegaConf

from crm.data.datamodule import PairCollator, PreferenceDataset
from crm.data.rendering import Renderer
from crm.models.attention import EAGER_MAX_WIDTH, fp32_sdpa_attention
from crm.models.backbones import pool
from crm.models.factory import build_reward_model
from crm.models.reward_model import RewardModel
from crm.precision import WIDTH_DISPATCHED_ATTENTION
from crm.train.lit_module import CRMLitModule
from tests.conftest import ROOT, tiny_bert, tiny_split, tiny_two_tower_model

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


def test_fp32_attention_runs_in_fp32_under_bf16_autocast():
    """bf16 query, key and value under autocast: the kernel's output is fp32 SDPA's, cast back to bf16."""
    torch.manual_seed(0)
    query, key, value = (torch.randn(2, 4, 24, 8).bfloat16() for _ in range(3))
    module = torch.nn.Module()
    module.training, module.is_causal = False, False
    with torch.autocast("cpu", dtype=torch.bfloat16):
        output, _ = fp32_sdpa_attention(module, query, key, value, None, dropout=0.0, scaling=None)
    expected = torch.nn.functional.scaled_dot_product_attention(query.float(), key.float(), value.float())
    assert output.dtype == torch.bfloat16
    assert torch.equal(output, expected.transpose(1, 2).bfloat16())


@pytest.mark.parametrize("width", [EAGER_MAX_WIDTH, EAGER_MAX_WIDTH + 16])
def test_width_dispatched_attention_trains_as_eager_on_short_rows_and_as_fp32_sdpa_on_long_ones(width):
    """The kernel follows the row width: a short batch's values and gradients are eager attention's to the
    bit; a long one's are SDPA's (to bf16's precision), not eager's, and a padded row's states are those of
    the row alone (bf16 autocast on a CPU)."""
    torch.manual_seed(0)
    ids = torch.randint(5, 1000, (4, width))
    mask = torch.ones_like(ids)
    mask[2:, width - 8 :] = 0  # rows of width - 8 tokens: the same kernel as the batch's

    def run(implementation: str, ids=ids, mask=mask):
        torch.manual_seed(0)
        model = tiny_bert().eval()  # no dropout: rows are compared
        model.set_attn_implementation(implementation)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            states = model(input_ids=ids, attention_mask=mask).last_hidden_state
        states[:, 0].float().sum().backward()
        return states.detach().float(), [p.grad for p in model.parameters() if p.grad is not None]

    states, dispatched = run(WIDTH_DISPATCHED_ATTENTION)
    if width <= EAGER_MAX_WIDTH:
        assert all(torch.equal(a, b) for a, b in zip(dispatched, run("eager")[1]))
        return
    assert all(torch.allclose(a, b, atol=1e-2, rtol=1e-2) for a, b in zip(dispatched, run("sdpa")[1]))
    assert not all(torch.equal(a, b) for a, b in zip(dispatched, run("eager")[1]))
    alone, _ = run(WIDTH_DISPATCHED_ATTENTION, ids[2:3, : width - 8], mask[2:3, : width - 8])
    assert torch.allclose(states[2, : width - 8], alone[0], atol=1e-3)


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


def test_a_cross_encoder_refuses_a_head_with_terms_it_does_not_have():
    from crm.models.factory import assemble
    from crm.models.spec import CrossEncoderSpec

    state = tiny_two_tower_model().head_state_dict()
    assert {"weight", "bias", "interaction.criteria.weight", "interaction.answer.weight"} <= set(state)
    with pytest.raises(RuntimeError, match="criteria interaction term"):
        assemble(CrossEncoderSpec(name="tiny", pooling="mean"), "bt", {"backbone": tiny_bert()}.get).load_head_state(
            state
        )
