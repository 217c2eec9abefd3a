"""The criteria reader taught beside the run's other early stages, on a CPU run of one process.

The reader's steps are many small products: over two cores they run only 1.4 times as fast as on one,
while preparing the data, describing the answers and fitting the degenerate gate keep every core busy and
need nothing the reader learns. So on a CPU the reader is taught in a process of its own, on one
intra-op thread, while the run does those (docs/PERFORMANCE.md). A process, not a thread: the run's
Python work would hold the interpreter's lock, and a reader step waits for it between every two products
(measured: 0.32 s a step alone, 10 s beside a busy thread).

On a CPU the reader is taught on one intra-op thread beside the run or alone (a reader of few steps, or
many processes): its products round the same way whatever the machine's core count, and the reader
taught beside the run is, to the bit, the reader taught alone. It starts from the run's weights and
random state and hands both back, taught (``reader.pt``) and advanced, as if taught in the run's process.

The two processes hold one copy of the reader: the run's own weights are sent through shared memory and
taught there in place (the run reads no criteria until the reader is back). The process lets go of the
answer tower, which it never reads, and keeps few of oneDNN's compiled kernels.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch
from lightning import Trainer
from omegaconf import DictConfig, OmegaConf

from crm.data.over_cores import script_left_out
from crm.memory import release_freed_memory
from crm.train.reader_stage import READER_FILE, load_reader, pretrain_reader

log = logging.getLogger(__name__)

ANSWER_TOWER = "answer_tower."  # the frozen tower's weights, by their state dict prefix: the reader never reads them
# oneDNN's compiled kernels kept in the reader's process (its default keeps 1,024, about 256 KB each): the reader's
# steps meet fewer shapes, and a kernel compiled again is the same kernel (docs/PERFORMANCE.md)
READER_KERNELS = 64
KERNEL_CACHE = "ONEDNN_PRIMITIVE_CACHE_CAPACITY"

# A process starts in a few seconds (it imports torch and Lightning); a reader of fewer steps than this
# (0.3 s each as the quickstart teaches it) is taught faster alone.
MIN_STEPS_BESIDE = 50


def teaches_beside(cfg: DictConfig, trainer: Trainer) -> bool:
    """The reader is taught beside the run: a CPU run of one process, a reader of many steps."""
    on_one_cpu = trainer.strategy.root_device.type == "cpu" and trainer.world_size == 1
    return on_one_cpu and cfg.reader.steps >= MIN_STEPS_BESIDE


@contextmanager
def one_thread(device_type: str) -> Iterator[None]:
    """On a CPU, this thread's products on one intra-op thread (as the reader beside the run is taught)."""
    threads = torch.get_num_threads()
    if device_type == "cpu":
        torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


@contextmanager
def kernels_kept(count: int) -> Iterator[None]:
    """Processes spawned inside keep at most ``count`` of oneDNN's compiled kernels (read as they start),
    unless the user chose how many."""
    chosen = KERNEL_CACHE in os.environ
    os.environ.setdefault(KERNEL_CACHE, str(count))
    try:
        yield
    finally:
        if not chosen:
            del os.environ[KERNEL_CACHE]


def without_answer_tower(model) -> None:
    """The reader's process never describes an answer: the frozen tower's weights, built with the model,
    are let go, each left empty, so that a use fails on its shape instead of reading made-up values."""
    for tensor in [*model.answer_tower.parameters(), *model.answer_tower.buffers()]:
        tensor.data = tensor.data.new_empty(0)


class ReaderBeside:
    """:func:`~crm.train.reader_stage.pretrain_reader` of ``model``'s reader in a spawned process, from
    :meth:`start` on; :meth:`result` waits for it, loads the taught reader into ``model`` and the random
    state it left, and gives its summary (or raises what it raised); :meth:`cancel` ends it (nothing
    half-taught is saved: a run started again in the same directory teaches it again; the model's own reader,
    taught in place, is then half taught, and the run that cancels it ends)."""

    def __init__(self, cfg: DictConfig, model, output_dir: Path, progress: bool):
        self.model, self.output_dir = model, output_dir
        self.settings = OmegaConf.to_container(
            OmegaConf.masked_copy(cfg, [k for k in cfg if k != "hydra"]), resolve=True
        )
        self.progress = progress
        self._process: multiprocessing.Process | None = None
        self._answer = None

    def start(self) -> ReaderBeside:
        context = multiprocessing.get_context("spawn")  # a fork can deadlock on the run's thread pools
        self._answer, sent = context.Pipe(duplex=False)
        # sending moves the run's own tensors into shared memory: the process teaches them in place
        state = {k: v for k, v in self.model.state_dict().items() if not k.startswith(ANSWER_TOWER)}
        args = (self.settings, state, torch.get_rng_state(), str(self.output_dir), self.progress, sent)
        self._process = context.Process(target=_teach, args=args, name="crm-criteria-reader", daemon=True)
        with script_left_out(), kernels_kept(READER_KERNELS):
            self._process.start()
        sent.close()
        log.info("teaching the criteria reader in a process of its own, beside the data and the answers")
        return self

    def result(self) -> dict[str, Any]:
        try:
            outcome, value, rng = self._answer.recv()
        except EOFError:
            self._process.join()
            raise RuntimeError(
                f"the criteria reader's process ended without a word (exit code {self._process.exitcode})"
            ) from None
        self._process.join()
        if outcome == "error":
            raise value
        load_reader(self.model, self.output_dir / READER_FILE)
        torch.set_rng_state(torch.frombuffer(bytearray(rng), dtype=torch.uint8))
        log.info("criteria reader taught: %s", value)
        return value

    def cancel(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join()


def _teach(settings: dict, state: dict, rng: torch.Tensor, output_dir: str, progress: bool, answer) -> None:
    """The spawned process: the run's model rebuilt from its config around the run's own weights (the answer
    tower let go), its reader taught on one thread from the run's random state; what it did (or raised) sent
    back."""
    from hydra.utils import instantiate

    from crm.models.factory import configured_model
    from crm.progress import StageProgress, quiet_lightning

    try:
        torch.set_num_threads(1)
        quiet_lightning()
        cfg = OmegaConf.create(settings)
        model = configured_model(cfg, weights=False)
        missing = model.load_state_dict(state, strict=False, assign=True).missing_keys  # the run's tensors, not copies
        if any(not name.startswith(ANSWER_TOWER) for name in missing):
            raise ValueError(f"the run's model sent without {missing[:5]}")
        without_answer_tower(model)
        release_freed_memory()  # what the weights built in this process and let go left in its heap
        tokenizer = instantiate(cfg.model.tokenizer)
        torch.set_rng_state(rng)
        bar = [StageProgress("criteria reader")] if progress else []
        summary = pretrain_reader(cfg, model, tokenizer, Path(output_dir), callbacks=bar)
        # bytes, not a tensor: a tensor is sent through shared memory this process no longer holds once it ends
        answer.send(("done", summary, torch.get_rng_state().numpy().tobytes()))
    except BaseException as err:
        try:
            answer.send(("error", err, None))
        except Exception:  # an error that cannot be pickled: its words
            answer.send(("error", RuntimeError(f"{type(err).__name__}: {err}"), None))
