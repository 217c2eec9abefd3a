#!/usr/bin/env bash
# GPU verification of the scale-out path: bf16 training of the Qwen3-0.6B architecture with DeepSpeed
# ZeRO-2 and ZeRO-3 for a few hundred steps, export, reload, identical scores, tokens/s and MFU.
#   pip install -e ".[deepspeed]"  &&  bash experiments/gpu_check.sh [steps] [out dir]
# Needs one or more CUDA GPUs and the raw data (CRM_RAW_DIR or ../shared/data/raw); no model download.
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-300}
out=${2:-logs/gpu_check}
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
for strategy in deepspeed_zero2 deepspeed_zero3; do
  python train.py model=qwen3_0_6b_random loss=cls trainer=gpu strategy="$strategy" callbacks=throughput \
    logger=csv trainer.max_steps="$steps" trainer.val_check_interval=100 trainer.check_val_every_n_epoch=null \
    effective_batch_size=32 data.batch_size=8 data.max_test_samples=256 \
    hydra.run.dir="$out/$strategy"
  python experiments/verify_export.py "$out/$strategy"
done
