"""CPU inference engines: the PyTorch CRM against the same CRM in ONNX Runtime (crm.onnx_engine, what
``engine="onnx"`` runs) and under dynamic int8 quantization (PyTorch's and ONNX Runtime's), on the same rows.

Speed: answers scored per second over a board's answers (length-sorted batches, as the leaderboard
engine scores them). Accuracy: on evaluation pairs, each engine's accuracy and how many points it moves
from the PyTorch fp32 CRM, with the share of decisions that flip.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch

from benchmarks.common import Figure, measure, row, scratch_dir
from crm.onnx_engine import export_onnx, quantize_int8, session_forward


def engines(crm, example: dict[str, torch.Tensor]) -> dict[str, tuple[Callable, bool]]:
    """name -> (forward, bf16 autocast). The PyTorch fp32 CRM is the baseline."""
    from crm.precision import cpu_has_native_bf16

    model = crm.model.float().eval()
    out = {"PyTorch fp32": (model, False)}
    if cpu_has_native_bf16():
        out["PyTorch bf16 autocast"] = (model, True)
    int8 = copy.deepcopy(model)  # the backbone's linear layers; the head stays fp32, as in every CRM
    int8.backbone = torch.ao.quantization.quantize_dynamic(int8.backbone, {torch.nn.Linear}, dtype=torch.qint8)
    out["PyTorch dynamic int8"] = (int8, False)
    path = export_onnx(model, example, scratch_dir() / "crm.onnx")
    out["ONNX Runtime fp32"] = (session_forward(path), False)
    out["ONNX Runtime dynamic int8"] = (session_forward(quantize_int8(path)), False)
    return out


def compare(crm_dir: Path, answers: list, pairs: list, reps: int) -> list[Figure]:
    """``answers``: (criteria, history, answer) items to score; ``pairs``: labelled PreferenceSamples."""
    from crm.inference import load_crm, score_batches
    from crm.precision import InferencePlan

    crm = load_crm(crm_dir, device="cpu", precision="fp32")
    answer_rows = [crm.renderer.encode(c, h, [a]).features() for c, h, a in answers]
    pair_rows = [e.features() for s in pairs for e in crm.renderer.encode_rows(s)]
    labels = np.array([s.preference == "model_a" for s in pairs])
    example = crm.tokenizer.pad(answer_rows[:2], return_tensors="pt")
    results: list[Figure] = []
    reference: tuple[np.ndarray, float] | None = None
    for name, (forward, autocast) in engines(crm, example).items():
        plan = InferencePlan("cpu", autocast_bf16=autocast)
        timing = measure(lambda f=forward, p=plan: score_batches(answer_rows, crm.tokenizer, f, p), reps)
        base = reference is None
        results.append(row("CPU engines", f"{name}: board answers", "answers/s", timing, len(answers), base))
        # bt: rows A and B of each pair; cls: one row of logits for A and B. Either way A wins on a positive margin.
        scores = score_batches(pair_rows, crm.tokenizer, forward, plan).view(len(pairs), 2)
        chosen_a = (scores[:, 0] - scores[:, 1]).numpy() > 0
        accuracy = 100 * float(np.mean(chosen_a == labels))
        reference = reference or (chosen_a, accuracy)
        flipped = 100 * float(np.mean(chosen_a != reference[0]))
        for what, unit, value in (
            (f"accuracy on {len(pairs)} test pairs", "%", accuracy),
            ("accuracy change vs the first row", "points", accuracy - reference[1]),
            ("decisions changed vs the first row", "% of pairs", flipped),
        ):
            results.append(Figure("CPU engines", f"{name}: {what}", unit, value, value, value, 1, None))
    return results
