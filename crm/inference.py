"""Load a CRM export and score with it: :func:`load_crm` gives a :class:`CRM`. Loading needs neither
Hydra nor this project's configs, only ``crm`` and transformers. Where and in what precision it
scores follows :mod:`crm.precision`; every batch of rows is scored by :func:`score_batches`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import numpy as np
import torch
from safetensors import SafetensorError, safe_open
from tqdm.auto import tqdm
from transformers.utils import SAFE_WEIGHTS_NAME

from crm.data.rendering import Renderer
from crm.data.schema import PreferenceSample
from crm.devices import ONE_DEVICE, Devices, local_rank
from crm.export.artifact import CRMSettings, ExportError, crm_fingerprint, read_settings, resolve_export
from crm.heads import head_named
from crm.memory import release_freed_memory
from crm.models.backbones import position_limit
from crm.models.configuration_crm import CRMConfig
from crm.models.factory import ARCHITECTURES
from crm.models.reward_model import RewardModel
from crm.models.tokenizer_parsing import pretrained_tokenizer
from crm.models.two_tower import TwoTowerCRM
from crm.precision import InferencePlan, inference_plan
from crm.scoring.tower_memory import ANSWERS_IN_MEMORY, TowerMemory

log = logging.getLogger(__name__)


@torch.no_grad()
def score_batches(
    rows: Sequence[dict[str, list[int]]],
    tokenizer,
    forward: Callable[..., torch.Tensor],
    plan: InferencePlan,
    batch_size: int = 32,
    progress: bool = False,
) -> torch.Tensor:
    """``forward(**padded batch)`` over token rows in length-sorted batches (little padding), without
    gradients, on the plan's device and precision; the outputs (float32, CPU) in the rows' order."""
    order = sorted(range(len(rows)), key=lambda i: len(rows[i]["input_ids"]))
    outputs: torch.Tensor | None = None
    for start in tqdm(range(0, len(order), batch_size), desc="scoring", unit="batch", disable=not progress):
        index = order[start : start + batch_size]
        batch = tokenizer.pad([rows[i] for i in index], return_tensors="pt")
        device = torch.device(plan.device)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=plan.autocast_bf16):
            out = forward(**{k: v.to(device) for k, v in batch.items()}).float().cpu()
        if outputs is None:
            outputs = torch.empty(len(rows), *out.shape[1:])
        outputs[index] = out
    return outputs if outputs is not None else torch.empty(0)


def scoring_renderer(tokenizer, settings: CRMSettings, backbone_config) -> Renderer:
    """How a CRM renders what it scores. Long criteria may lengthen a sequence up to twice the trained
    length, within the backbone's positions; long queries and earlier turns are shortened instead."""
    positions = position_limit(backbone_config) or settings.max_length
    return Renderer(
        tokenizer,
        settings.head,
        settings.input_format,
        settings.max_length,
        settings.max_response_tokens,
        truncate_query=True,
        max_query_tokens=settings.max_query_tokens,
        drop_earlier_turns=True,
        length_limit=min(positions, 2 * settings.max_length),
        answer_layout=bool(settings.layout_features),
        query_rows=bool(getattr(settings.model, "query_interaction", 0)),
    )


def load_scoring_renderer(path: str | Path) -> Renderer:
    """A CRM's renderer from its tokenizer and backbone config alone, without its weights: enough to
    check criteria against its limits in a fraction of a second."""
    path = resolve_export(path)
    settings = read_settings(path)
    config = CRMConfig.from_pretrained(path)
    return scoring_renderer(load_tokenizer(path, config), settings, config.part_config("backbone"))


def load_tokenizer(path: Path, config: CRMConfig):
    """An export's tokenizer. Given the CRM's config, transformers does not read config.json for the
    tokenizer's class, whose auto_map (the CRM's own modeling code) it would ask to run."""
    return pretrained_tokenizer(path, config=config)


class CRM:
    """A loaded customizable reward model: scores answer pairs under criteria."""

    def __init__(self, model: RewardModel, tokenizer, settings: CRMSettings, plan: InferencePlan | None = None):
        self.model = model.eval()  # its weights are fixed from here on
        # a two-tower CRM's tower outputs, remembered: each answer described once, each criteria text read once
        self.towers = TowerMemory(model) if isinstance(model, TwoTowerCRM) else None
        self.forward: Callable[..., torch.Tensor] = self.model  # or ONNX Runtime's (engine="onnx", cross-encoders)
        if self.towers is not None:
            self.towers.remember_readings = True
            self.forward = partial(self.model, towers=self.towers)
        self.tokenizer = tokenizer
        self.settings = settings
        self.head = head_named(settings.head)  # what it judges, and how that makes p(A over B)
        self.plan = plan or InferencePlan(str(next(model.parameters()).device))
        self.renderer = scoring_renderer(tokenizer, settings, model.backbone.config)
        self.fingerprint: str | None = None  # of the export's weights (load_crm): names its scores in a cache
        self.rendered_answers = None  # answers' renderings kept across processes (keep_answers_on_disk)
        self.many_devices = None  # rows scored over many devices (spread_over), else here

    def spread_over(self, devices: Devices) -> CRM:
        """Score rows over ``devices`` (:mod:`crm.scoring.many_devices`): every process of the command runs
        this CRM on its own device and gets every row's output back. One device: scored here, as before."""
        self.many_devices = None
        if devices.many:
            from crm.scoring.many_devices import ManyDeviceScorer

            self.many_devices = ManyDeviceScorer(self, devices)
        return self

    def forget(self) -> None:
        """Drop what is remembered of a two-tower CRM's towers: the next board describes every answer again
        (unless its answer store holds it)."""
        if self.towers is not None:
            self.towers.forget()

    def check_criteria(self, criteria: Sequence[str]) -> None:
        """Raise :class:`~crm.data.row_format.CriteriaTooLong` (limit in tokens and characters) before scoring."""
        self.renderer.check_criteria(criteria)

    def criteria_limits(self) -> dict[str, int]:
        """The most criteria this CRM reads: tokens, and about as many characters of typical English."""
        return self.renderer.criteria_limits()

    @torch.no_grad()
    def run_rows(self, encodings: Sequence, batch_size: int = 32, progress: bool = False) -> torch.Tensor:
        """Model outputs for encoded rows (see :func:`score_batches`)."""
        rows = [e.features() for e in encodings]
        if self.many_devices is not None:
            return self.many_devices.score(rows, batch_size)
        return score_batches(rows, self.tokenizer, self.forward, self.plan, batch_size, progress)

    def raw_scores(
        self, samples: Sequence[PreferenceSample], batch_size: int = 32, progress: bool = False
    ) -> torch.Tensor:
        """``bt``: (N, 2) rewards of A and B. ``cls``: (N, 2) logits for A and B."""
        encodings = [e for s in samples for e in self.renderer.encode_rows(s)]
        return self.run_rows(encodings, batch_size, progress).view(len(samples), 2)

    def answer_rewards(
        self,
        items: Sequence[tuple[Sequence[str], Sequence[dict], str]],
        batch_size: int = 32,
        progress: bool = False,
    ) -> torch.Tensor:
        """``bt`` only: the reward of each (criteria, conversation before the answer, answer), scored alone."""
        if not self.head.judges_alone:
            raise ValueError(f"answer_rewards needs a pointwise CRM; a {self.head.name} CRM judges pairs (use prob_a)")
        encodings = [self.renderer.encode(criteria, history, [answer]) for criteria, history, answer in items]
        return self.run_rows(encodings, batch_size, progress).view(-1)

    def keep_answers_on_disk(self, store=None, rendered=None) -> None:
        """A two-tower CRM's answers kept on disk across processes: what the frozen tower said of each
        (:class:`~crm.scoring.answer_store.AnswerStore`) and what rendering it took
        (:class:`~crm.scoring.rendered_answers.RenderedAnswers`), defaults unless given. Memory then holds
        only :data:`ANSWERS_IN_MEMORY` answers' token states: a board reads them back a chunk at a time."""
        if self.towers is None:
            return
        from crm.scoring.answer_store import AnswerStore
        from crm.scoring.rendered_answers import RenderedAnswers

        self.towers.store = store or AnswerStore()
        self.towers.answers.capacity = ANSWERS_IN_MEMORY
        self.rendered_answers = rendered or RenderedAnswers()

    def describe(self, answers: Sequence[str], progress: bool = False, conversations: Sequence = ()) -> int:
        """Describe these answers with a two-tower CRM's frozen tower ahead of scoring them, all at once
        (into its answer store where one is kept, else into memory), and the queries of ``conversations``
        (message lists) where the CRM describes what was asked: in full chunks of rows, not the few a
        scoring batch meets; returns how many rows were described or read (0 for a cross-encoder, or a
        tower run by another engine)."""
        if self.towers is None or self.towers.runners or self.many_devices is not None:
            return 0  # on many devices, each process describes the answers of its rows as it scores them
        distinct = list(dict.fromkeys(answers))
        if self.rendered_answers is not None:  # what earlier processes rendered of them, from disk
            self.rendered_answers.prime(self.renderer, distinct)
        else:
            self.renderer.prime_answers(distinct)  # tokenized in batches, not one by one
        rows = [row for row in map(self.renderer.answer_ids, distinct) if row is not None]
        rows += [row for row in map(self.renderer.query_ids, conversations) if row is not None]
        release_freed_memory()  # the tokenizer's batches over whole answers, of which the views are kept
        bar = tqdm(total=len(rows), desc="describing answers", unit="answer", disable=not progress)

        def advance(done: int, total: int) -> None:
            bar.update(done - bar.n)

        device = torch.device(self.plan.device)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=self.plan.autocast_bf16):
            described = self.towers.describe_all(rows, advance, keep=self.towers.store is None)
        bar.close()
        return described

    @torch.no_grad()
    def criteria_posteriors(self, criteria: Sequence[str]) -> torch.Tensor | None:
        """(N, classes) probabilities of the criteria classifier for each criterion read alone, as the
        CRM reads it when scoring; None for a CRM without a classifier."""
        if not isinstance(self.model, TwoTowerCRM) or self.model.criteria_classifier is None or not criteria:
            return None
        device = next(self.model.parameters()).device
        batch = self.tokenizer(list(criteria), padding=True, truncation=True, return_tensors="pt").to(device)
        reading = self.model.read_criteria(batch["input_ids"], batch["attention_mask"])  # in the head's fp32
        return self.model.criteria_classifier(reading).softmax(-1).cpu()

    def prob_a(self, samples: Sequence[PreferenceSample], batch_size: int = 32) -> np.ndarray:
        """p(the user prefers A over B | criteria) for each sample (float64), a tie counted half to each side."""
        return self.head.prob_a(self.raw_scores(samples, batch_size).double().numpy())


def unreadable_file(directory: Path) -> tuple[Path, str] | None:
    """The first weight or JSON file under ``directory`` that cannot be read (cut short, garbled), and
    why: a loader's error names the part it loads, the user needs the file to replace."""
    for path in sorted(p for p in directory.rglob("*") if p.suffix in (".safetensors", ".json")):
        try:
            if path.suffix == ".safetensors":
                with safe_open(path, "pt"):
                    pass
            else:
                json.loads(path.read_text(encoding="utf-8"))
        except (SafetensorError, OSError, ValueError) as err:
            return path, str(err)
    return None


def damaged_part(directory: Path, what: str, err: BaseException) -> ExportError:
    """The error for a part of an export (the backbone, the tokenizer) that did not load: naming its
    damaged file where one is, else the part."""
    found = unreadable_file(directory)
    if found is not None:
        path, why = found
        return ExportError(f"{path}: cannot be read ({why}); the file is damaged: export the run again")
    return ExportError(
        f"{directory}: cannot load the {what} ({err}); the export is damaged or incomplete: export the run again"
    )


def onnx_load_errors() -> tuple[type[BaseException], ...]:
    """What ONNX Runtime raises for a graph file it cannot read (none without ONNX Runtime)."""
    try:
        from onnxruntime.capi import onnxruntime_pybind11_state as state
    except ImportError:
        return ()
    names = ("InvalidProtobuf", "InvalidGraph", "InvalidArgument", "NoSuchFile", "Fail")
    return tuple(getattr(state, name) for name in names if hasattr(state, name))


def run_in_onnx(crm: CRM, model: RewardModel, tokenizer, settings: CRMSettings, engine: str) -> None:
    """Score through ONNX Runtime: the CRM's graphs, exported once into the cache and reused. A cached
    graph that cannot be read (a full disk, a killed copy) is an :class:`ExportError` saying what to delete."""
    from crm.onnx_engine import onnx_forward, tower_runners
    from crm.paths import cache_root

    exported = cache_root() / "onnx" / crm.fingerprint
    try:
        if settings.two_tower:
            crm.towers.runners = tower_runners(model, tokenizer, exported, int8=engine == "onnx-int8")
        else:
            crm.forward = onnx_forward(model, tokenizer, exported)
    except onnx_load_errors() as err:
        raise ExportError(
            f"{exported}: a cached ONNX graph of this CRM cannot be read ({err}); delete {exported} and it is "
            "exported again"
        ) from None


def load_model(path: Path, settings: CRMSettings, dtype: torch.dtype) -> RewardModel:
    """The export's model, its backbones in ``dtype`` (the head stays fp32: see RewardModel); an
    :class:`ExportError` naming the file where a weight is damaged, missing or of another shape."""
    try:
        config = CRMConfig.from_pretrained(path)
        architecture = ARCHITECTURES[settings.model.architecture]
        model, info = architecture.from_pretrained(path, config=config, dtype=dtype, output_loading_info=True)
    except (OSError, ValueError, RuntimeError, SafetensorError) as err:
        raise damaged_part(path, "weights", err) from None
    weights = path / SAFE_WEIGHTS_NAME
    problems = [
        f"{what}: {', '.join(sorted(keys)[:5])}" for what, keys in info.items() if keys and what != "error_msgs"
    ]
    if problems or config.head_outputs != head_named(settings.head).outputs:
        raise ExportError(
            f"{weights}: weights do not fit a {settings.head!r} {settings.model.architecture} CRM "
            f"({'; '.join(problems) or f'a head of {config.head_outputs} outputs'}); export the run again"
        )
    return model


def load_crm(
    path: str | Path,
    device: str = "auto",
    precision: str = "auto",
    engine: str = "torch",
    devices: Devices = ONE_DEVICE,
) -> CRM:
    """Load an export directory (or a training run directory containing ``export/``) to score on
    ``device`` in ``precision`` with ``engine`` (see :func:`crm.precision.inference_plan`: by default a
    GPU when one is visible, bf16 where the hardware runs it natively, PyTorch), over ``devices``
    (:meth:`CRM.spread_over`). A damaged or mismatched file raises :class:`ExportError` naming it.
    """
    plan = inference_plan(device, precision, engine)
    if devices.many and plan.engine != "torch":
        raise ValueError(f"engine={plan.engine!r} scores in one process: use engine='torch' on many devices")
    if devices.many:  # each process loads the CRM at once (a command line starts them earlier still)
        from crm.scoring.many_devices import start_processes

        start_processes(devices, plan.device)
    if plan.device.startswith("cuda") and not torch.cuda.is_available():
        if device != "auto":
            raise RuntimeError(f"device={device!r}, but torch sees no CUDA GPU here")
        log.warning("the driver shows a GPU but torch cannot use it: scoring on the CPU")
        plan = inference_plan("cpu", precision)
    path = resolve_export(path)
    settings = read_settings(path)
    if plan.engine == "onnx-int8" and not settings.two_tower:
        raise ValueError(
            f"{path}: engine='onnx-int8' quantizes a two-tower CRM's answer tower; this CRM is a cross-encoder, "
            "where int8 costs accuracy (docs/PERFORMANCE.md): use engine='onnx'"
        )

    model = load_model(path, settings, torch.bfloat16 if plan.bf16_weights else torch.float32)
    try:
        tokenizer = load_tokenizer(path, model.config)
    except (OSError, ValueError) as err:
        raise damaged_part(path, "tokenizer", err) from None
    # on many GPUs each process loads the CRM onto its own, where Lightning runs it
    target = f"cuda:{local_rank()}" if devices.many and plan.device.startswith("cuda") else plan.device
    crm = CRM(model.to(target), tokenizer, settings, plan).spread_over(devices)
    crm.fingerprint = crm_fingerprint(path)
    if plan.engine != "torch":
        run_in_onnx(crm, model, tokenizer, settings, plan.engine)
    return crm
