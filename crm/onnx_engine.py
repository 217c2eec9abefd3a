"""ONNX Runtime as a CPU scoring engine (``engine="onnx"``): the CRM exported once with ``torch.onnx``
(dynamic batch and length), cached beside the score cache, and run by an InferenceSession with all
graph optimisations. Same fp32 arithmetic as PyTorch, reordered: scores agree to about 1e-5.

It is faster than PyTorch fp32 and slower than PyTorch's bf16 autocast where the CPU has native bf16
(``benchmarks/run.py --only engines``, docs/PERFORMANCE.md), so it is an option, not the default.
Dynamic int8 (:func:`quantize_int8`) of a whole cross-encoder costs accuracy; ``engine="onnx-int8"``
quantizes only a two-tower CRM's frozen answer tower (:func:`tower_runners`), where it costs none.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch

ONNX_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def export_onnx(model: torch.nn.Module, example: dict[str, torch.Tensor], path: Path) -> Path:
    """Write ``model``'s forward over ``example``'s inputs, batch and length dynamic, to ``path``."""
    names = [k for k in ONNX_INPUTS if k in example]
    batch, length = torch.export.Dim("batch"), torch.export.Dim("length")
    shapes = {k: {0: batch, 1: length} for k in names}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.onnx")
    with torch.no_grad():
        program = torch.onnx.export(
            model.eval(), (), kwargs={k: example[k] for k in names}, dynamic_shapes=shapes, dynamo=True
        )
    program.save(str(tmp))
    tmp.replace(path)  # an interrupted export never looks complete
    return path


def quantize_int8(path: Path) -> Path:
    """ONNX Runtime's dynamic int8 quantization of the exported graph's weights."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    out = path.with_name(path.stem + ".int8.onnx")
    if not out.exists():
        tmp = out.with_suffix(".tmp.onnx")
        quantize_dynamic(str(path), str(tmp), weight_type=QuantType.QInt8)
        tmp.replace(out)  # an interrupted quantization never looks complete
    return out


def session_forward(path: Path, threads: int | None = None) -> Callable[..., torch.Tensor]:
    """``forward(**padded batch) -> scores`` over an InferenceSession of ``path`` (CPU)."""
    run = _session(path, threads)

    def forward(**batch: torch.Tensor) -> torch.Tensor:
        return run(batch)

    return forward


def _session(path: Path, threads: int | None = None) -> Callable[[dict[str, torch.Tensor]], torch.Tensor]:
    """``run(inputs by name) -> first output`` over an InferenceSession of ``path`` (CPU)."""
    try:
        import onnxruntime as ort
    except ImportError as err:
        raise ImportError("engine='onnx' needs ONNX Runtime: pip install -e '.[bench]' (or onnxruntime)") from err
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    if threads:
        options.intra_op_num_threads = threads
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    wanted = [i.name for i in session.get_inputs()]

    def run(batch: dict[str, torch.Tensor]) -> torch.Tensor:
        feeds = {k: batch[k].cpu().numpy().astype(np.int64) for k in wanted}
        return torch.from_numpy(session.run(None, feeds)[0])

    return run


def onnx_forward(model: torch.nn.Module, tokenizer, cache_dir: Path) -> Callable[..., torch.Tensor]:
    """The CRM's forward in ONNX Runtime, exported into ``cache_dir`` on first use and reused after."""
    path = cache_dir / "crm.onnx"
    if not path.exists():
        example = tokenizer.pad(
            [tokenizer("criteria and a query", "an answer"), tokenizer("a criterion", "a longer answer here")],
            return_tensors="pt",
        )
        export_onnx(model.float(), dict(example), path)
    return session_forward(path)


class _Tower(torch.nn.Module):
    """One tower of a two-tower CRM, ``(input_ids, attention_mask) -> pooled vector``, as a graph of its own."""

    def __init__(self, model: torch.nn.Module, method: str):
        super().__init__()
        self.model, self.method = model, method

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return getattr(self.model, self.method)(input_ids, attention_mask)


def tower_runners(model: torch.nn.Module, tokenizer, cache_dir: Path, int8: bool = False) -> tuple[Callable, Callable]:
    """A two-tower CRM's (reader, answer tower) in ONNX Runtime, exported into ``cache_dir`` on first use;
    ``int8``: the frozen answer tower's weights in dynamic int8. The reader reads one row per board and
    stays fp32; describing every answer is where a board's time goes."""
    padded = tokenizer.pad([tokenizer("a criterion"), tokenizer("a longer answer here")], return_tensors="pt")
    example = {k: padded[k] for k in ("input_ids", "attention_mask")}
    runners = []
    # the towers' single-batch forms: the length chunks' Python control flow is not for tracing
    # a CRM whose criteria attend to the answer's tokens needs the tower's token states beside the description
    describe = "_describe_as_rows" if model.answer_attention else "_describe_answers"
    for name, method in (("reader", "_read_criteria"), ("answer_tower", describe)):
        path = cache_dir / f"{name}.onnx"
        if not path.exists():
            export_onnx(_Tower(model.float(), method), example, path)
        if int8 and name == "answer_tower":
            path = quantize_int8(path)
        run = _session(path)
        runners.append(lambda ids, mask, run=run: run({"input_ids": ids, "attention_mask": mask}))
    return runners[0], runners[1]
