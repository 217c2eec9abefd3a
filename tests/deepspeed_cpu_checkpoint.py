"""Build a ZeRO checkpoint with ``deepspeed.initialize`` on CPU (run as a subprocess by the tests).

    python tests/deepspeed_cpu_checkpoint.py OUT_DIR STAGE

The reward head is created under ``deepspeed.zero.Init`` (partitioned at birth, as when a model is
built inside Lightning's sharded context); the script prints its gathered initial statistics as JSON,
trains two steps on the LightningModule and saves the checkpoint the way Lightning does (tag
"checkpoint"), with the gathered full state dict alongside for comparison.
"""

from __future__ import annotations

import json
import os
import sys

import torch

os.environ.setdefault("DS_ACCELERATOR", "cpu")
os.environ.update(RANK="0", WORLD_SIZE="1", LOCAL_RANK="0", MASTER_ADDR="127.0.0.1")
os.environ.setdefault("MASTER_PORT", "29561")

import deepspeed  # noqa: E402
import deepspeed.comm.torch  # noqa: E402

# One process needs no shared-memory all-reduce kernel, and building it is a minute of C++ on a fresh
# machine. (``deepspeed.comm.torch`` as an attribute is the torch package: look the module up by name.)
sys.modules["deepspeed.comm.torch"].build_shm_op = lambda: None

from crm.models.backbones import load_backbone  # noqa: E402
from crm.models.factory import assemble  # noqa: E402
from crm.models.spec import CrossEncoderSpec  # noqa: E402
from crm.train.lit_module import CRMLitModule  # noqa: E402

TINY_QWEN3 = {
    "model_type": "qwen3",
    "vocab_size": 151936,
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 16,
    "max_position_embeddings": 4096,
    "pad_token_id": 151643,
    "tie_word_embeddings": True,
}  # the architecture of conf/model/qwen3_tiny.yaml


def main(out_dir: str, stage: int) -> None:
    deepspeed.init_distributed(dist_backend="gloo")
    config = {
        "train_micro_batch_size_per_gpu": 2,
        "zero_optimization": {"stage": stage},
        "optimizer": {"type": "AdamW", "params": {"lr": 1e-2, "torch_adam": True}},
        "zero_allow_untested_optimizer": True,
    }
    torch.manual_seed(0)
    backbone = load_backbone(init_config=TINY_QWEN3)
    with deepspeed.zero.Init(config_dict_or_path=config, enabled=stage == 3):
        model = assemble(CrossEncoderSpec(name="tiny"), "bt", {"backbone": backbone}.get)
    partitioned = hasattr(model.score.weight, "ds_id")
    with deepspeed.zero.GatheredParameters(list(model.score.parameters()), enabled=partitioned):
        head = {"std": model.score.weight.std().item(), "bias_abs_max": model.score.bias.abs().max().item()}
    module = CRMLitModule(model, optimizer=None, scheduler=None)
    engine, *_ = deepspeed.initialize(model=module, model_parameters=module.parameters(), config=config)
    ids = torch.randint(0, 1000, (4, 12))
    batch = {"input_ids": ids, "attention_mask": torch.ones_like(ids)}
    for _ in range(2):
        scores = engine(batch).view(2, 2)  # (chosen, rejected) per pair
        loss = -torch.nn.functional.logsigmoid(scores[:, 0] - scores[:, 1]).mean()
        engine.backward(loss)
        engine.step()
    engine.save_checkpoint(out_dir, tag="checkpoint")
    params = list(engine.module.parameters())
    with deepspeed.zero.GatheredParameters(params, enabled=stage == 3):
        full = {k: v.detach().clone() for k, v in engine.module.state_dict().items()}
    torch.save(full, os.path.join(out_dir, "gathered_state_dict.pt"))
    print(json.dumps({"head_partitioned": partitioned, **head}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
