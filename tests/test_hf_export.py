"""The transformers export of a bt CRM: loaded with AutoModelForSequenceClassification (no crm code
on the scoring path), it gives the CRM's scores: one answer at a time, in a right-padded batch, and
with the chat template applied as reward-bench or TRL apply it; CRMs with no equivalent class are
refused with the reason."""

from __future__ import annotations

import json

import pytest
import torch
from safetensors.torch import load_file, save_file
from transformers import AutoModelForSequenceClassification, AutoTokenizer, BertConfig

from crm.data.row_format import criteria_block
from crm.export.artifact import CRMSettings
from crm.export.hf import NotExportable, export_hf, main, why_not_exportable
from crm.inference import load_crm
from crm.models.spec import CrossEncoderSpec, TwoTowerSpec

ITEMS = [
    (["Prefer concise answers."], "What is 2 + 2?", "4."),
    (["Use bullet points.", "No jargon please."], "How do I boil an egg?", "- Boil water\n- Add the egg\n- Wait"),
    (
        ["Prefer detailed answers."],
        "Why is the sky blue?",
        "Sunlight scatters off air molecules; blue most. " * 3,
    ),  # within max_response_tokens,
]


def messages(criteria, prompt, answer):
    return [
        {"role": "system", "content": criteria_block(criteria)},
        {"role": "user", "content": prompt},
        {"role": "assistant", "content": answer},
    ]


def crm_rewards(crm) -> torch.Tensor:
    return crm.answer_rewards([(c, [{"role": "user", "content": p}], a) for c, p, a in ITEMS])


def test_round_trip_gives_the_crm_scores(tiny_crm, tmp_path):
    crm_dir = tiny_crm("bt")
    out = export_hf(crm_dir, tmp_path / "hf")
    config = json.loads((out / "config.json").read_text())
    assert config["architectures"] == ["Qwen3ForSequenceClassification"] and len(config["id2label"]) == 1  # num_labels
    expected = crm_rewards(load_crm(crm_dir, "cpu", "fp32"))

    model = AutoModelForSequenceClassification.from_pretrained(out).eval()
    tokenizer = AutoTokenizer.from_pretrained(out)
    texts = [tokenizer.apply_chat_template(messages(*item), tokenize=False) for item in ITEMS]
    assert all(t.endswith("<|im_end|>") for t in texts)  # the score is read at the answer's end-of-turn token
    with torch.no_grad():
        one_by_one = torch.cat([model(**tokenizer(t, return_tensors="pt")).logits.view(1) for t in texts])
        batch = tokenizer(texts, padding=True, return_tensors="pt")
        assert batch["attention_mask"][:, 0].all()  # right padding
        batched = model(**batch).logits.view(-1)
        ids = tokenizer.apply_chat_template(messages(*ITEMS[0]), return_dict=True, return_tensors="pt")
        templated = model(**ids).logits.view(())
    torch.testing.assert_close(one_by_one, expected, atol=1e-4, rtol=0)
    torch.testing.assert_close(batched, expected, atol=1e-4, rtol=0)
    torch.testing.assert_close(templated, expected[0], atol=1e-4, rtol=0)


def test_a_reward_bias_is_recorded_as_an_offset(tiny_crm, tmp_path):
    crm_dir = tiny_crm("bt")
    weights = load_file(crm_dir / "model.safetensors")
    weights["score.bias"] = torch.tensor([0.75])
    save_file(weights, crm_dir / "model.safetensors", metadata={"format": "pt"})
    out = export_hf(crm_dir, tmp_path / "hf")  # checks itself: it raises if the scores differ
    assert json.loads((out / "config.json").read_text())["crm_reward_offset"] == pytest.approx(0.75)
    model = AutoModelForSequenceClassification.from_pretrained(out).eval()
    tokenizer = AutoTokenizer.from_pretrained(out)
    text = tokenizer.apply_chat_template(messages(*ITEMS[0]), tokenize=False)
    with torch.no_grad():
        got = model(**tokenizer(text, return_tensors="pt")).logits.view(()) + 0.75
    torch.testing.assert_close(got, crm_rewards(load_crm(crm_dir, "cpu", "fp32"))[0], atol=1e-4, rtol=0)


def test_crms_without_an_equivalent_class_are_refused(tiny_crm, tmp_path, capsys):
    cls_dir = tiny_crm("cls")
    with pytest.raises(NotExportable, match="only pointwise CRMs export"):
        export_hf(cls_dir, tmp_path / "hf")
    assert main([str(cls_dir)]) == 2 and "not exported" in capsys.readouterr().err
    assert not (tmp_path / "hf").exists()
    minilm = CRMSettings("bt", CrossEncoderSpec(name="minilm", input_format="text_pair", pooling="mean"), 256)
    reason = why_not_exportable(minilm, BertConfig())
    assert "'mean' pooling has no transformers sequence-classification equivalent" in reason
    assert "two towers" in why_not_exportable(CRMSettings("bt", TwoTowerSpec(name="quickstart"), 256), BertConfig())
    assert why_not_exportable(CRMSettings("bt", CrossEncoderSpec(name="qwen3"), 256), BertConfig()) is None
