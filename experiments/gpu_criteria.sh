#!/usr/bin/env bash
# GPU run of the criteria mixture (data=criteria, the default) with each reward head: the Qwen3-0.6B
# architecture trained with `cls` and with `bt` for a few hundred steps, then every test pair judged by
# evaluate.py (accuracy per criteria family, seen and held-out, with the length rules beside them), the
# export checked against the checkpoint, and tokens/s and MFU read from the run's log.
#   bash experiments/gpu_criteria.sh [steps] [out dir] [train.py overrides ...]
# Needs a CUDA GPU and the processed data (CRM_DATA_DIR) or the raw data (CRM_RAW_DIR); no model download.
# MODEL (default qwen3_0_6b_random), TRAINER (default gpu) and HEADS (default "cls bt") pick the runs;
# TRAINER=cpu MODEL=qwen3_tiny runs the same steps on a CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-300}
out=${2:-logs/gpu_criteria}
shift $(($# < 2 ? $# : 2))
model=${MODEL:-qwen3_0_6b_random}
trainer=${TRAINER:-gpu}
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
for head in ${HEADS:-cls bt}; do
  python train.py model="$model" loss="$head" trainer="$trainer" callbacks=throughput logger=csv \
    trainer.max_steps="$steps" trainer.val_check_interval=100 trainer.check_val_every_n_epoch=null \
    effective_batch_size=32 data.batch_size=32 export_hf=false "$@" hydra.run.dir="$out/$head"
  python experiments/verify_export.py "$out/$head" --samples 32
  python evaluate.py ckpt="$out/$head" variants=[] topics.enabled=false hydra.run.dir="$out/$head/evaluate"
done
