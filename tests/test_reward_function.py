"""The CRM as a reward function: what it gives per completion (equal to the CRM's own scores, criteria
fixed or per sample, conversations and plain text, cls groups), and a real TRL ``GRPOTrainer`` run for
two steps on a CPU with a tiny random Qwen3 policy and the tiny CRM as its reward."""

from __future__ import annotations

import math

import pytest

from crm.inference import load_crm
from crm.rlhf.reward_function import CRMReward
from tests.conftest import has_module, require

CRITERIA = ["Prefer concise answers."]


@pytest.fixture(scope="module")
def crms(tiny_crm_template):
    return {head: load_crm(tiny_crm_template(head), "cpu", "fp32") for head in ("bt", "cls")}


def test_bt_rewards_are_the_crm_rewards_in_order(crms):
    crm = crms["bt"]
    prompts = ["What is 2 + 2?", "Name a colour.", "What is 2 + 2?"]
    completions = ["4", "Blue, or perhaps a deep shade of red.", "The answer is four."]
    got = CRMReward(crm, criteria=CRITERIA)(prompts, completions)
    expected = crm.answer_rewards(
        [(CRITERIA, [{"role": "user", "content": p}], c) for p, c in zip(prompts, completions)]
    )
    assert got == pytest.approx(expected.tolist(), abs=1e-5)


def test_criteria_per_sample_and_conversations(crms):
    crm = crms["bt"]
    prompts = [[{"role": "system", "content": "You are a policy."}, {"role": "user", "content": "Hi?"}]] * 2
    completions = [[{"role": "assistant", "content": "Hello!"}]] * 2
    reward = CRMReward(crm)
    got = reward(prompts, completions, criteria=["Prefer concise answers.", "Prefer formal answers.\nNo emoji."])
    expected = crm.answer_rewards(
        [
            (["Prefer concise answers."], [{"role": "user", "content": "Hi?"}], "Hello!"),
            (["Prefer formal answers.", "No emoji."], [{"role": "user", "content": "Hi?"}], "Hello!"),
        ]
    )
    assert got == pytest.approx(expected.tolist(), abs=1e-5)
    assert got[0] != got[1]  # the criteria reached the CRM
    with pytest.raises(ValueError, match="no criteria"):
        reward(["Hi?"], ["Hello!"])
    with pytest.raises(ValueError, match="2 prompts for 1 completions"):
        CRMReward(crm, CRITERIA)(["a", "b"], ["c"])


def test_a_sample_the_crm_cannot_read_gets_no_reward_and_the_rest_do(crms, caplog):
    crm = crms["bt"]
    too_long = "Prefer " + "short " * 600 + "answers."
    got = CRMReward(crm)(["Hi?", "Hi?"], ["Hello!", "Hello!"], criteria=[too_long, "Be brief."])
    expected = crm.answer_rewards([(["Be brief."], [{"role": "user", "content": "Hi?"}], "Hello!")])
    assert got[0] is None and got[1] == pytest.approx(expected.item(), abs=1e-5)  # None: TRL's "no reward"
    assert "1 completions not scored" in caplog.text and "tokens" in caplog.text


def test_cls_judges_the_completions_of_one_prompt_against_each_other(crms):
    crm = crms["cls"]
    prompts = ["What is 2 + 2?"] * 3 + ["Name a colour."]
    completions = ["4", "The answer is four.", "Four, because two and two make four.", "Blue."]
    got = CRMReward(crm, criteria=CRITERIA)(prompts, completions)
    assert got[3] == 0.5  # alone in its group: nothing to beat
    assert all(0.0 <= g <= 1.0 for g in got)
    assert sum(got[:3]) == pytest.approx(1.5)  # round-robin scores of 3 average 0.5 (p(i>j) + p(j>i) = 1)


def test_grpo_trainer_trains_with_the_crm_as_reward(crms, qwen_tokenizer, tmp_path):
    """A real TRL GRPOTrainer: generation, the CRM reward per completion, two optimizer steps."""
    require(has_module("trl") and has_module("datasets"), "trl and datasets (the bench extra)")
    import torch
    from datasets import Dataset
    from transformers import Qwen3Config, Qwen3ForCausalLM
    from trl import GRPOConfig, GRPOTrainer

    torch.manual_seed(0)
    policy = Qwen3ForCausalLM(
        Qwen3Config(
            vocab_size=len(qwen_tokenizer), hidden_size=32, intermediate_size=64, num_hidden_layers=1,
            num_attention_heads=2, num_key_value_heads=1, head_dim=16, pad_token_id=qwen_tokenizer.pad_token_id,
            eos_token_id=qwen_tokenizer.convert_tokens_to_ids("<|im_end|>"), tie_word_embeddings=True,
        )
    )  # fmt: skip
    calls = []
    reward = CRMReward(crms["bt"])

    def spy(prompts, completions, **kwargs):
        calls.append(list(kwargs["criteria"]))
        return reward(prompts, completions, **kwargs)

    spy.__name__ = "crm"
    questions = ["What is 2 + 2?", "Name a colour.", "Say hello.", "Count to three."]
    dataset = Dataset.from_list(
        [
            {
                "prompt": [{"role": "user", "content": q}],
                "criteria": "Prefer concise answers." if i % 2 else "Be formal.",
            }
            for i, q in enumerate(questions)
        ]
    )
    config = GRPOConfig(
        output_dir=str(tmp_path / "grpo"), per_device_train_batch_size=4, num_generations=2,
        max_completion_length=8, max_steps=2, learning_rate=1e-4, logging_steps=1, save_strategy="no",
        report_to="none", use_cpu=True, bf16=False, seed=0, dataloader_num_workers=0,
    )  # fmt: skip
    trainer = GRPOTrainer(
        model=policy, reward_funcs=[spy], args=config, train_dataset=dataset, processing_class=qwen_tokenizer
    )
    before = {n: p.detach().clone() for n, p in policy.named_parameters()}
    trainer.train()
    assert trainer.state.global_step == 2
    assert calls and all(set(c) <= {"Prefer concise answers.", "Be formal."} for c in calls)
    logged = [h["rewards/crm/mean"] for h in trainer.state.log_history if "rewards/crm/mean" in h]
    assert logged and all(math.isfinite(v) for v in logged)
    assert any(not torch.equal(before[n], p) for n, p in policy.named_parameters())  # the policy was updated
