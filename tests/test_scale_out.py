"""Scale-out on CPU: strategy configs build, flash-attention errors, ZeRO-3 head init and ZeRO -> export."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from hydra.utils import instantiate
from lightning.pytorch.strategies import DDPStrategy, DeepSpeedStrategy
from omegaconf import DictConfig, OmegaConf

from crm.export.zero import export_zero_checkpoint
from crm.export.zero import main as zero_export_main
from crm.inference import load_crm
from crm.models.backbones import load_backbone
from tests.conftest import ROOT, free_port, has_module, require, tiny_split

STRATEGIES = sorted(p.stem for p in (ROOT / "conf" / "strategy").glob("*.yaml"))
ZERO = {  # strategy -> (stage, optimizer offloaded, parameters offloaded)
    "deepspeed_zero2": (2, False, False),
    "deepspeed_zero2_offload": (2, True, False),
    "deepspeed_zero3": (3, False, False),
    "deepspeed_zero3_offload": (3, True, True),
}


def test_every_strategy_is_covered():
    assert set(STRATEGIES) == {"auto", "ddp", *ZERO}


@pytest.mark.parametrize("name", STRATEGIES)
def test_strategy_config_builds_its_strategy(compose_train, name):
    if name.startswith("deepspeed"):
        require(has_module("deepspeed"), "DeepSpeed")
    cfg = compose_train(f"strategy={name}", "trainer=gpu", "model=qwen3_0_6b")
    assert cfg.trainer.precision == "bf16-mixed"
    node = cfg.trainer.strategy
    strategy = instantiate(node) if isinstance(node, DictConfig) else node
    if name == "auto":
        assert strategy == "auto"
    elif name == "ddp":
        assert isinstance(strategy, DDPStrategy)
    else:
        stage, offload_optimizer, offload_parameters = ZERO[name]
        assert isinstance(strategy, DeepSpeedStrategy)
        zero = strategy.config["zero_optimization"]
        assert zero["stage"] == stage
        assert ("offload_optimizer" in zero) == offload_optimizer
        assert ("offload_param" in zero) == offload_parameters
        assert strategy.zero_stage_3 == (stage == 3)
        cpu_adam = cfg.optim.optimizer._target_ == "deepspeed.ops.adam.DeepSpeedCPUAdam"
        assert cpu_adam == offload_optimizer  # ZeRO-Offload refuses torch's AdamW


def test_flash_attention_asked_for_but_unavailable_is_a_clear_error():
    tiny = {"model_type": "qwen3", "vocab_size": 100, "hidden_size": 32, "num_hidden_layers": 1}
    with pytest.raises((ImportError, RuntimeError), match="flash"):
        load_backbone(init_config=tiny, attn_implementation="flash_attention_2")


@pytest.fixture(scope="module")
def zero_checkpoint(tmp_path_factory):
    """``zero_checkpoint(stage) -> (checkpoint dir, the head's initial statistics)``: built once per
    module by ``deepspeed.initialize`` on CPU in a subprocess; read-only."""
    require(has_module("deepspeed"), "DeepSpeed")
    made: dict[int, tuple[Path, dict]] = {}

    def _get(stage: int) -> tuple[Path, dict]:
        if stage not in made:
            out = tmp_path_factory.mktemp(f"zero{stage}") / "zero.ckpt"
            script = ROOT / "tests" / "deepspeed_cpu_checkpoint.py"
            result = subprocess.run(
                [sys.executable, str(script), str(out), str(stage)],
                capture_output=True,
                text=True,
                cwd=ROOT,
                timeout=300,
                env={**os.environ, "MASTER_PORT": str(free_port())},
            )
            assert result.returncode == 0, result.stderr[-3000:]
            made[stage] = out, json.loads(result.stdout.strip().splitlines()[-1])
        return made[stage]

    return _get


@pytest.mark.slow
@pytest.mark.parametrize("stage", [2, 3])
def test_zero_checkpoint_converts_to_a_complete_export(compose_train, zero_checkpoint, tmp_path, stage):
    checkpoint, head = zero_checkpoint(stage)
    # Under ZeRO-3 the head is born partitioned; its initialisation must still reach the weights.
    assert head["head_partitioned"] == (stage == 3)
    assert head["bias_abs_max"] == 0.0
    assert 0.06 < head["std"] < 0.2  # normal(0, 1/sqrt(65)); a skipped init would leave kaiming-uniform

    cfg = compose_train("model=qwen3_tiny", "head=bt", "data.max_length=128", "data.max_response_tokens=32")
    export = export_zero_checkpoint(checkpoint, cfg, tmp_path / "export")
    crm = load_crm(export)
    trained = torch.load(checkpoint / "gathered_state_dict.pt")
    exported = {f"model.{k}": v for k, v in crm.model.state_dict().items()}
    assert set(exported) == set(trained)  # the full backbone and the head
    for key, value in trained.items():
        torch.testing.assert_close(exported[key], value.float(), msg=key)

    # The same through the command line, with the run's saved config.
    run = tmp_path / "run"
    (run / ".hydra").mkdir(parents=True)
    OmegaConf.save(cfg, run / ".hydra" / "config.yaml")
    assert zero_export_main([str(checkpoint), "--run-dir", str(run), "--out", str(tmp_path / "cli_export")]) == 0
    again = load_crm(tmp_path / "cli_export")
    samples = tiny_split(3, 1)
    torch.testing.assert_close(again.raw_scores(samples), crm.raw_scores(samples))


def test_zero_export_refuses_a_mismatched_model(compose_train, zero_checkpoint, tmp_path):
    checkpoint, _ = zero_checkpoint(2)
    cfg = compose_train("model=qwen3_tiny", "head=cls")
    with pytest.raises((ValueError, RuntimeError)):
        export_zero_checkpoint(checkpoint, cfg, tmp_path / "export")
    with pytest.raises(FileNotFoundError, match="not a DeepSpeed checkpoint"):
        export_zero_checkpoint(tmp_path, cfg, tmp_path / "export")


def test_lora_freezes_the_backbone_trains_adapters_and_head_and_merges_exactly(compose_train):
    require(has_module("peft"), "peft")
    from crm.models.factory import build_reward_model
    from crm.models.lora import apply_lora, merge_lora

    cfg = compose_train("model=qwen3_tiny", "head=bt", "peft=lora")
    torch.manual_seed(0)
    model = apply_lora(build_reward_model(cfg.model, "bt"), cfg.peft)
    trainable = {n for n, p in model.named_parameters() if p.requires_grad}
    assert trainable and all("lora_" in n or n.startswith("score.") for n in trainable)
    assert {"score.weight", "score.bias"} <= trainable
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    ids = torch.randint(0, 1000, (4, 10))
    for _ in range(2):
        scores = model(input_ids=ids, attention_mask=torch.ones_like(ids)).view(2, 2)
        (-torch.nn.functional.logsigmoid(scores[:, 0] - scores[:, 1]).mean()).backward()
        optimizer.step()
        optimizer.zero_grad()
    after = dict(model.named_parameters())
    changed = {n for n in before if not torch.equal(before[n], after[n])}
    assert changed == trainable - {"score.bias"}  # adapters (A and B) and head moved; a bt loss ignores the bias
    assert not any("base_layer" in n or "embed" in n for n in changed)  # frozen weights stayed
    model.eval()  # no LoRA dropout
    with torch.no_grad():
        adapted = model(input_ids=ids, attention_mask=torch.ones_like(ids))
        merged = merge_lora(model)(input_ids=ids, attention_mask=torch.ones_like(ids))
    assert not any("lora_" in n for n, _ in model.named_parameters())
    torch.testing.assert_close(merged, adapted, atol=1e-5, rtol=1e-4)


def test_lora_run_exports_a_plain_backbone(compose_train, tiny_files, tmp_path):
    require(has_module("peft"), "peft")
    from crm.inference import CRM
    from crm.train.run import train
    from tests.conftest import TINY_TRAIN, files_override

    cfg = compose_train(
        *TINY_TRAIN,
        "peft=lora",
        files_override(tiny_files),
        "trainer.max_steps=2",
        "trainer.val_check_interval=2",
        "trainer.limit_val_batches=1",
        "test=false",
    )
    _, objects = train(cfg)
    crm = load_crm(tmp_path / "run")
    assert not any("lora_" in k for k in crm.model.state_dict())
    samples = tiny_split(4, 3)
    in_memory = CRM(objects["module"].model, objects["tokenizer"], crm.settings, crm.plan)
    torch.testing.assert_close(crm.raw_scores(samples), in_memory.raw_scores(samples))


def test_export_matches_checkpoint_and_throughput_is_logged(compose_train, tiny_files, tmp_path):
    sys.path.insert(0, str(ROOT / "experiments"))
    from verify_export import compare_export_with_checkpoint, throughput

    from crm.train.run import train
    from tests.conftest import TINY_TRAIN, files_override

    cfg = compose_train(
        *TINY_TRAIN,
        "callbacks=throughput",
        "callbacks.throughput.window_size=2",
        "callbacks.throughput.peak_flops=1e12",
        "trainer.log_every_n_steps=1",
        "logger=csv",
        files_override(tiny_files),
        "trainer.max_steps=4",
        "trainer.val_check_interval=4",
        "trainer.limit_val_batches=1",
        "test=false",
    )
    train(cfg)
    run = tmp_path / "run"
    (run / ".hydra").mkdir(exist_ok=True)
    OmegaConf.save(cfg, run / ".hydra" / "config.yaml")
    assert compare_export_with_checkpoint(run, tiny_split(4, 3)) == 0.0
    measured = throughput(run)
    assert measured["train/device/items_per_sec"] > 0  # real tokens per second
    assert measured["train/device/flops_per_sec"] > 0  # 6 x parameters x tokens per second
    assert measured["train/device/mfu"] == pytest.approx(measured["train/device/flops_per_sec"] / 1e12)


def test_mfu_peak_for_gpus_missing_from_lightnings_table(monkeypatch):
    from crm.throughput import peak_bf16_flops

    monkeypatch.setattr(torch.cuda, "get_device_name", lambda device=None: "NVIDIA H200")
    assert peak_bf16_flops(torch.device("cuda", 0)) == 989.4e12
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda device=None: "NVIDIA A100-SXM4-80GB")
    assert peak_bf16_flops(torch.device("cuda", 0)) is None  # Lightning's own table has it
    assert peak_bf16_flops(torch.device("cpu")) is None
