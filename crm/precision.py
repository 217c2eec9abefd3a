"""One precision and device policy, for training and for scoring: bf16 where the hardware runs it
natively (GPUs with bf16, x86 CPUs with AVX512-BF16 or AMX), fp32 elsewhere. No torch at import:
the leaderboard names its precision (part of its cache key) before it knows whether it needs a model.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

PRECISIONS = ("auto", "bf16", "fp32")
# onnx: ONNX Runtime on the CPU, fp32; onnx-int8: the same with a two-tower CRM's frozen answer tower in
# dynamic int8 (crm.onnx_engine)
ENGINES = ("torch", "onnx", "onnx-int8")


def cpu_has_native_bf16() -> bool:
    """x86 CPUs with AVX512-BF16 or AMX run bf16 matmuls natively (about 2x fp32); others emulate them slowly."""
    try:
        flags = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    return any(flag in flags for flag in (" avx512_bf16", " amx_bf16"))


def warn_if_emulated_bf16(device: str, bf16: bool, what: str) -> bool:
    """Say so where bf16 was asked for on a CPU that emulates it: there it is no shortcut but a trap, many
    times slower than fp32 (docs/PERFORMANCE.md). Returns whether it warned."""
    if not (bf16 and device == "cpu") or cpu_has_native_bf16():
        return False
    log.warning(
        "%s in bf16 on a CPU without native bf16 (no AVX512-BF16 or AMX): bf16 is emulated there, many times "
        "slower than fp32; fp32 (trainer.precision=32-true, precision=fp32) or the auto default is faster",
        what,
    )
    return True


def cuda_present() -> bool:
    """Whether an NVIDIA GPU is visible, asked of the driver rather than of torch (which takes seconds
    to import). :func:`crm.inference.load_crm` confirms it with torch before using it."""
    if os.environ.get("CUDA_VISIBLE_DEVICES", "unset").strip() in ("", "-1"):
        return False
    gpus = Path("/proc/driver/nvidia/gpus")
    return gpus.is_dir() and any(gpus.iterdir())


def training_precision(cpu: str = "32-true") -> str:
    """Lightning's ``trainer.precision``: bf16-mixed where the GPU supports it; on CPUs ``cpu``, where
    ``cpu='auto'`` means bf16-mixed on CPUs with native bf16 and 32-true elsewhere."""
    if cuda_present():  # asked of the driver first: a refused option needs no torch (seconds to import)
        import torch

        if torch.cuda.is_available():
            return "bf16-mixed" if torch.cuda.is_bf16_supported() else "32-true"
    if cpu == "auto":
        return "bf16-mixed" if cpu_has_native_bf16() else "32-true"
    return cpu


# Encoders that train faster under bf16 on CPUs with eager attention for short rows and SDPA run in fp32 for
# long ones than with bf16 SDPA (PyTorch's CPU flash-attention backward is twice as slow in bf16 as in fp32;
# in fp32 training, and Qwen3's, the library's SDPA is the faster; docs/PERFORMANCE.md). They train with
# both, by row width (crm.models.attention); a frozen tower and scoring read with bf16 SDPA.
EAGER_ON_CPU_BF16 = ("bert",)
WIDTH_DISPATCHED_ATTENTION = "eager_short_sdpa_long"


def cpu_attention(model_type: str, device: str, bf16: bool) -> str | None:
    """The attention implementation to train a backbone with: for the encoders above under bf16 on a CPU,
    eager for short rows and SDPA in fp32 for long ones, else None (the library's default, SDPA)."""
    return WIDTH_DISPATCHED_ATTENTION if bf16 and device == "cpu" and model_type in EAGER_ON_CPU_BF16 else None


def training_attention(model_type: str, precision: str) -> str | None:
    """``cpu_attention`` for a training run in Lightning's ``precision`` (a config resolver)."""
    return cpu_attention(model_type, "cuda" if cuda_present() else "cpu", str(precision).startswith("bf16"))


@dataclass(frozen=True)
class InferencePlan:
    """Where and how a CRM scores. ``bf16_weights``: weights cast to bf16 (GPUs); ``autocast_bf16``:
    fp32 weights with bf16 matmuls, as in bf16-mixed training (CPUs with native bf16); ``engine``:
    PyTorch, or ONNX Runtime (CPU, fp32; ``onnx-int8``: a two-tower CRM's answer tower in int8)."""

    device: str
    bf16_weights: bool = False
    autocast_bf16: bool = False
    engine: str = "torch"

    @property
    def label(self) -> str:
        """Names the numbers it produces: bf16 and fp32 scores, and engines, differ in their last digits."""
        kind = "bf16" if self.bf16_weights else "bf16-autocast" if self.autocast_bf16 else "fp32"
        return f"{self.device}/{kind}" + ("" if self.engine == "torch" else f"/{self.engine}")


def inference_plan(device: str = "auto", precision: str = "auto", engine: str = "torch") -> InferencePlan:
    """``device``: auto (a GPU when one is visible) | cpu | cuda[:N]; ``precision``: auto (bf16 where
    native) | bf16 | fp32; ``engine``: torch | onnx | onnx-int8 (ONNX Runtime: CPU and fp32 only)."""
    if precision not in PRECISIONS:
        raise ValueError(f"precision must be one of {PRECISIONS}, got {precision!r}")
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    if device == "auto":
        device = "cpu" if engine != "torch" else "cuda" if cuda_present() else "cpu"
    if not (device == "cpu" or device.startswith("cuda")):
        raise ValueError(f"device must be auto, cpu or cuda[:N], got {device!r}")
    if engine != "torch":
        if device != "cpu" or precision == "bf16":
            wanted = f"device={device!r} precision={precision!r}"
            raise ValueError(f"engine={engine!r} scores on the CPU in fp32, not {wanted}")
        return InferencePlan(device, engine=engine)
    if precision == "fp32":
        return InferencePlan(device)
    if device.startswith("cuda"):
        return InferencePlan(device, bf16_weights=True)
    warn_if_emulated_bf16(device, precision == "bf16", "scoring")
    return InferencePlan(device, autocast_bf16=precision == "bf16" or cpu_has_native_bf16())
