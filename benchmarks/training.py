"""Training throughput: our stack (Lightning, ``CRMLitModule``, the datamodule's batches) against TRL's
``RewardTrainer`` on the same backbone, pairs, batch size, max length, AdamW settings and precision (TRL
runs its ``adamw_torch``, ours fused AdamW as configured; ``ours-foreach`` is ours with TRL's kind).

Both train a Bradley-Terry reward model on the same token ids: real style pairs (DSP domain styles,
AlpacaEval concise/verbose; mixed lengths) rendered once by our renderer, which fits every pair in
``max_length``, so TRL's filter of longer pairs drops nothing. Chosen and rejected rows go through one
forward pass on both sides. Each trainer runs in a process of its own (its peak memory is its own) for one
epoch over ``steps x batch`` pairs; the first ``warmup`` steps are not counted. A step's time runs from the
end of the previous optimizer step to the end of its own, data loading and collation included.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import CROSS_ENCODER, ROOT, Figure, scratch_dir, train_config

GROUPED = "data.group_by_length=true"
# variant -> (what the table calls it, compose overrides, compile the model). Ours as configured: length-grouped
# batches, fused AdamW, and (MiniLM under bf16 on a CPU) attention by row width, eager for short rows and SDPA
# in fp32 for long ones; each variant takes one of them away (bf16 SDPA or eager at every width) or adds
# torch.compile.
VARIANTS: dict[str, tuple[str, tuple[str, ...], bool]] = {
    "trl": ("TRL RewardTrainer", ("model.backbone.attn_implementation=null",), False),  # its default: SDPA
    "trl-eager": ("TRL RewardTrainer, eager attention", ("model.backbone.attn_implementation=eager",), False),
    "ours-shuffled": ("ours, shuffled batches", ("data.group_by_length=false",), False),
    "ours-foreach": ("ours, foreach AdamW (not fused)", (GROUPED, "optim.optimizer.fused=false"), False),
    "ours-sdpa": ("ours, bf16 SDPA attention", (GROUPED, "model.backbone.attn_implementation=null"), False),
    "ours-eager": ("ours, eager attention", (GROUPED, "model.backbone.attn_implementation=eager"), False),
    "ours": ("ours (length-grouped, fused AdamW)", (GROUPED,), False),
    "ours-compile": ("ours + torch.compile", (GROUPED,), True),
}
# The attention variants measure the kernel ours picks under bf16 on a CPU; in fp32 ours runs SDPA as TRL does,
# so they would measure nothing there. torch.compile was measured and not adopted (docs/PERFORMANCE.md):
# ours-compile is asked for by name.
CPU_VARIANTS = ("trl", "trl-eager", "ours-shuffled", "ours-foreach", "ours-sdpa", "ours-eager", "ours")
FP32_CPU_VARIANTS = GPU_VARIANTS = ("trl", "ours-shuffled", "ours-foreach", "ours")


def default_variants(precision: str) -> tuple[str, ...]:
    """The variants measured unless named: what matters on this machine at this precision."""
    import torch

    from crm.precision import training_precision

    if torch.cuda.is_available():
        return GPU_VARIANTS
    precision = training_precision("auto") if precision == "auto" else precision
    return CPU_VARIANTS if precision.startswith("bf16") else FP32_CPU_VARIANTS


def compose(model: str, batch: int, pairs: int, precision: str, extra: tuple[str, ...] = ()):
    """The training config of ``python train.py model=<model> loss=bt data=styles ...`` for ``pairs`` pairs
    under one fixed polarity (one chosen and one rejected row per pair), all weights trained."""
    overrides = [
        f"model={model}",
        "loss=bt",
        "data=styles",
        "data.direction=original",
        "noise=none",
        f"data.batch_size={batch}",
        f"data.max_train_samples={pairs}",
        "data.max_val_samples=8",
        "data.max_test_samples=8",
        "effective_batch_size=null",
        f"trainer.precision={precision}",
        f"paths.output_dir={scratch_dir()}",
    ]
    if model == "minilm":  # TRL trains every weight of one cross-encoder: compare like with like
        overrides += [
            *CROSS_ENCODER,
            "model.freeze.embeddings=false",
            "model.freeze.layers=0",
            "optim.head_lr_scale=1.0",
        ]
    return train_config([*overrides, *extra])


class StepLog:
    """Per optimizer step: seconds since the previous step ended, pairs, real and padded tokens."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.steps: list[dict] = []
        self.batches: list[tuple[int, int, int]] = []

    def batch(self, input_ids, attention_mask) -> None:
        self.batches.append((input_ids.size(0) // 2, int(attention_mask.sum()), input_ids.numel()))

    def step_end(self) -> None:
        now = time.perf_counter()
        pairs, real, padded = self.batches[len(self.steps)]
        self.steps.append({"seconds": now - self.last, "pairs": pairs, "tokens": real, "padded": padded})
        self.last = now


def training_pairs(datamodule) -> list[dict]:
    """The rendered token ids of every training pair, in dataset order (what TRL is given)."""
    datamodule.setup("fit")
    rows = []
    for item in (datamodule.datasets["train"][i][0] for i in range(len(datamodule.datasets["train"]))):
        rows.append({"chosen_ids": item["chosen"].input_ids, "rejected_ids": item["rejected"].input_ids})
    return rows


def profiled(steps: int):
    """A torch profiler over steps 5-7 (after warm-up) that prints where their time went."""
    import torch
    from torch.profiler import ProfilerActivity, profile, schedule

    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if torch.cuda.is_available() else [])
    sort = "cuda_time_total" if torch.cuda.is_available() else "cpu_time_total"

    def report(prof) -> None:
        print(prof.key_averages().table(sort_by=sort, row_limit=25), flush=True)

    return profile(
        activities=activities, schedule=schedule(wait=3, warmup=1, active=3, repeat=1), on_trace_ready=report
    )


def run_ours(cfg, compile_model: bool, log: StepLog, profiler=None) -> int:
    from hydra.utils import instantiate
    from lightning import Callback

    from crm.data.datamodule import DataEpoch
    from crm.throughput import matmul_params
    from crm.train.run import build_data, build_module

    class Clock(Callback):
        def on_train_batch_start(self, trainer, module, batch, batch_idx):
            log.batch(batch["input_ids"], batch["attention_mask"])

        def on_train_batch_end(self, trainer, module, outputs, batch, batch_idx):
            log.step_end()
            if profiler is not None:
                profiler.step()

    _, datamodule = build_data(cfg)
    module = build_module(cfg)
    if compile_model:
        module.model.compile(dynamic=True)
    trainer = instantiate(
        cfg.trainer,
        devices=1,
        max_steps=-1,
        max_epochs=1,
        limit_val_batches=0,
        num_sanity_val_steps=0,
        enable_checkpointing=False,
        enable_progress_bar=False,
        enable_model_summary=False,
        logger=False,
        callbacks=[Clock(), DataEpoch()],
    )
    log.last = time.perf_counter()
    if profiler is None:
        trainer.fit(module, datamodule=datamodule)
    else:
        with profiler:
            trainer.fit(module, datamodule=datamodule)
    return matmul_params(module.model)


def run_trl(cfg, log: StepLog) -> int:
    """TRL's RewardTrainer as its documentation sets it up, with our settings where they must match."""
    import torch
    from datasets import Dataset
    from transformers import AutoConfig, AutoModelForSequenceClassification, TrainerCallback
    from trl import RewardConfig, RewardTrainer
    from trl.trainer.reward_trainer import DataCollatorForPreference

    from crm.throughput import matmul_params
    from crm.train.run import build_data

    tokenizer, datamodule = build_data(cfg)
    pairs = training_pairs(datamodule)
    backbone = cfg.model.backbone
    bf16_weights = str(backbone.get("dtype")) == "bfloat16"
    dtype = torch.bfloat16 if bf16_weights else torch.float32
    overrides = dict(backbone.config_overrides or {})
    if backbone.pretrained:
        config = AutoConfig.from_pretrained(backbone.pretrained, num_labels=1, **overrides)
        model = AutoModelForSequenceClassification.from_pretrained(backbone.pretrained, config=config, dtype=dtype)
    else:
        config = AutoConfig.for_model(**dict(backbone.init_config), num_labels=1, **overrides)
        model = AutoModelForSequenceClassification.from_config(config, dtype=dtype)
    if backbone.get("attn_implementation"):
        model.set_attn_implementation(backbone.attn_implementation)
    model.config.pad_token_id = tokenizer.pad_token_id
    collate = DataCollatorForPreference(pad_token_id=tokenizer.pad_token_id)

    def counting_collator(examples):
        batch = collate(examples)
        log.batch(batch["input_ids"], batch["attention_mask"])
        return batch

    class Clock(TrainerCallback):
        def on_step_end(self, args, state, control, **kwargs):
            log.step_end()

    optimizer = cfg.optim.optimizer
    args = RewardConfig(
        output_dir=str(scratch_dir()),
        per_device_train_batch_size=cfg.data.batch_size,
        num_train_epochs=1,
        max_length=cfg.data.max_length,
        learning_rate=optimizer.lr,
        weight_decay=optimizer.weight_decay,
        optim="adamw_torch",
        lr_scheduler_type="cosine",
        warmup_steps=cfg.optim.warmup_ratio,  # a float below 1 is a fraction of the steps
        max_grad_norm=cfg.trainer.gradient_clip_val,
        activation_checkpointing=bool(cfg.model.gradient_checkpointing),
        bf16=str(cfg.trainer.precision).startswith("bf16"),
        use_cpu=not torch.cuda.is_available(),
        report_to=[],
        save_strategy="no",
        logging_strategy="no",
        dataloader_num_workers=0,
        disable_tqdm=True,
        seed=cfg.seed,
    )
    trainer = RewardTrainer(
        model=model,
        args=args,
        train_dataset=Dataset.from_list(pairs),
        processing_class=tokenizer,
        data_collator=counting_collator,
        callbacks=[Clock()],
    )
    log.last = time.perf_counter()
    trainer.train()
    return matmul_params(model)


def worker(
    variant: str, model: str, steps: int, batch: int, precision: str, extra: tuple[str, ...], profile: bool = False
) -> dict:
    """One trainer, one epoch; returns the per-step log, peak memory and the matrix-product parameters."""
    import torch

    what, overrides, compile_model = VARIANTS[variant]
    cfg = compose(model, batch, steps * batch, precision, overrides + extra)
    torch.manual_seed(cfg.seed)
    cuda = torch.cuda.is_available()
    if cuda:
        torch.cuda.reset_peak_memory_stats()
    log = StepLog()
    if variant.startswith("trl"):
        params = run_trl(cfg, log)
    else:
        params = run_ours(cfg, compile_model, log, profiled(steps) if profile else None)
    peak = torch.cuda.max_memory_allocated() if cuda else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    result = {"variant": variant, "what": what, "steps": log.steps, "peak_bytes": peak, "params": params}
    return result | {"max_length": cfg.data.max_length}


def variant_figures(name: str, result: dict, warmup: int, peak_flops: float | None) -> list[Figure]:
    """Over the steps after warm-up: pairs/s and real tokens/s (their total over the steps' total time;
    the range is per step), padding (of all padded tokens), peak memory, MFU on a GPU. A total, not a
    median of per-step rates: length-grouped steps differ in length."""
    steps = result["steps"][warmup:]
    if not steps:
        raise ValueError(f"{result['variant']}: {len(result['steps'])} steps, none after {warmup} warm-up steps")
    base, what, n = result["variant"] == "trl", result["what"], len(steps)
    seconds = sum(s["seconds"] for s in steps)

    def rate(key: str, unit: str, scale: float = 1.0) -> Figure:
        per_step = [scale * s[key] / s["seconds"] for s in steps]
        total = scale * sum(s[key] for s in steps) / seconds
        return Figure(name, what, unit, total, min(per_step), max(per_step), n, baseline=base)

    rows = [rate("pairs", "pairs/s"), rate("tokens", "tokens/s")]
    padding = [100 * (1 - s["tokens"] / s["padded"]) for s in steps]
    overall = 100 * (1 - sum(s["tokens"] for s in steps) / sum(s["padded"] for s in steps))
    rows.append(Figure(name, what, "% padding", overall, min(padding), max(padding), n, "lower", base))
    peak = result["peak_bytes"] / 2**20
    rows.append(Figure(name, what, "peak MiB", peak, peak, peak, 1, "lower", base))
    if peak_flops:
        rows.append(rate("tokens", "MFU %", 100 * 6 * result["params"] / peak_flops))
    return rows


def figures(results: list[dict], warmup: int, model: str, batch: int, max_length: int) -> list[Figure]:
    """Every variant's figures, TRL the baseline."""
    import torch

    peak_flops = None
    if torch.cuda.is_available():
        from lightning.fabric.utilities.throughput import get_available_flops

        peak_flops = get_available_flops(torch.device("cuda"), torch.bfloat16)
    name = f"training {model}, {batch} pairs/step, max {max_length} tokens"
    return [f for result in results for f in variant_figures(name, result, warmup, peak_flops)]


def training(
    model: str,
    steps: int,
    warmup: int,
    batch: int,
    precision: str,
    variants: tuple[str, ...],
    extra: tuple[str, ...] = (),
) -> list[Figure]:
    """Each variant in a fresh process, one after the other (never two at once: they share the cores)."""
    from crm.precision import training_precision

    precision = training_precision("auto") if precision == "auto" else precision
    results, failed = [], []
    for variant in variants:
        out = scratch_dir() / "result.json"
        command = [sys.executable, "-m", "benchmarks.training", variant, "--model", model, "--steps", str(steps)]
        command += ["--batch", str(batch), "--precision", precision, "--json", str(out)]
        command += [f"--set={o}" for o in extra]
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        if done.returncode != 0:  # reported, and the other variants still measured
            print(f"training benchmark {variant} failed:\n{done.stderr[-4000:]}", file=sys.stderr)
            failed.append(VARIANTS[variant][0])
            continue
        results.append(json.loads(out.read_text()))
    rows = figures(results, warmup, model, batch, results[0]["max_length"] if results else 0)
    nan = float("nan")
    return rows + [
        Figure(rows[0].benchmark if rows else "training", what, "failed", nan, nan, nan, 0) for what in failed
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="one training variant, in its own process (see training())")
    parser.add_argument("variant", choices=sorted(VARIANTS))
    parser.add_argument("--model", default="minilm")
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--precision", default="32-true")
    parser.add_argument("--json", type=Path, help="write the per-step log here (what training() reads)")
    parser.add_argument("--set", action="append", default=[], help="a further compose override (repeatable)")
    parser.add_argument("--profile", action="store_true", help="print a torch profile of steps 5-7 (ours only)")
    args = parser.parse_args(argv)
    result = worker(args.variant, args.model, args.steps, args.batch, args.precision, tuple(args.set), args.profile)
    if args.json:
        args.json.write_text(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
