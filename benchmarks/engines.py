"""CPU inference engines: the PyTorch CRM against the same CRM in ONNX Runtime (crm.onnx_engine, what
``engine="onnx"`` runs) and under dynamic int8 quantization (PyTorch's and ONNX Runtime's; of a two-tower
CRM, the answer tower's, what ``engine="onnx-int8"`` runs), on the same rows.

Speed: answers scored per second over a board's answers (length-sorted batches, as the leaderboard
engine scores them). Accuracy: on evaluation pairs, each engine's accuracy and how many points it moves
from the PyTorch fp32 CRM, with the share of decisions that flip.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
import torch

from benchmarks.common import Figure, measure, row, scratch_dir
from crm.onnx_engine import export_onnx, quantize_int8, session_forward, tower_runners
from crm.scoring.tower_memory import TowerMemory


def engines(crm, example: dict[str, torch.Tensor]) -> dict[str, tuple[Callable, bool]]:
    """name -> (forward, bf16 autocast). The PyTorch fp32 CRM is the baseline."""
    from crm.precision import cpu_has_native_bf16

    model = crm.model.float().eval()
    forward = remembering(model) if crm.settings.two_tower else model
    out = {"PyTorch fp32": (forward, False)}
    if cpu_has_native_bf16():
        out["PyTorch bf16 autocast"] = (forward, True)
    if crm.settings.two_tower:
        return out | two_tower_engines(model, crm.tokenizer)
    int8 = copy.deepcopy(model)  # the backbone's linear layers; the head stays fp32, as in every CRM
    int8.backbone = torch.ao.quantization.quantize_dynamic(int8.backbone, {torch.nn.Linear}, dtype=torch.qint8)
    out["PyTorch dynamic int8"] = (int8, False)
    path = export_onnx(model, example, scratch_dir() / "crm.onnx")
    out["ONNX Runtime fp32"] = (session_forward(path), False)
    out["ONNX Runtime dynamic int8"] = (session_forward(quantize_int8(path)), False)
    return out


def two_tower_engines(model, tokenizer) -> dict[str, tuple[Callable, bool]]:
    """What ``engine="onnx"`` and ``engine="onnx-int8"`` run: each tower in ONNX Runtime, the answer
    tower fp32 or dynamic int8 (each a copy of the CRM that remembers nothing of the others)."""
    out, exported = {}, scratch_dir()  # one export of each tower; int8 quantizes the exported answer tower
    for name, int8 in (("ONNX Runtime fp32", False), ("ONNX Runtime, answer tower dynamic int8", True)):
        scored = copy.deepcopy(model)
        out[name] = (remembering(scored, tower_runners(scored, tokenizer, exported, int8=int8)), False)
    return out


def remembering(model, runners=None) -> Callable:
    """A two-tower CRM's forward through a tower memory, as :class:`crm.inference.CRM` scores (``runners``:
    another engine's towers); its ``forget`` clears the memory."""
    towers = TowerMemory(model)
    towers.remember_readings, towers.runners = True, runners
    forward = partial(model, towers=towers)
    forward.forget = towers.forget
    return forward


def cold(forward: Callable) -> Callable:
    """``forward`` with a two-tower CRM's memory of answers and criteria cleared first (:func:`remembering`): every
    repetition describes every answer, as a board scored for the first time does."""
    forget = getattr(forward, "forget", None)

    def run(*args, **kwargs):
        if forget is not None:
            forget()
        return forward(*args, **kwargs)

    return run


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
        forward_cold = cold(forward)
        timing = measure(lambda f=forward_cold, p=plan: score_batches(answer_rows, crm.tokenizer, f, p), reps)
        base = reference is None
        results.append(row("CPU engines", f"{name}: board answers", "answers/s", timing, len(answers), base))
        # bt: rows A and B of each pair; cls: one row of logits for A and B. Either way A wins on a positive margin.
        scores = score_batches(pair_rows, crm.tokenizer, forward_cold, plan).view(len(pairs), 2)
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
