"""What a two-tower CRM's towers said, remembered outside the model.

The model (:class:`~crm.models.two_tower.TwoTowerCRM`) holds weights and forward passes; its forward asks
a :class:`~crm.models.two_tower.Towers` for what its towers say of the distinct rows of a batch. A
:class:`TowerMemory` answers from memory where it can:

- each answer's description (and the token states an attending head reads), which never changes: the
  frozen tower describes an answer once per process, and once across processes through an
  :class:`~crm.scoring.answer_store.AnswerStore`;
- each criteria reading while the reader cannot change: when every weight of the reader is frozen (a
  reader taught beforehand), or, scoring, once ``remember_readings`` is on;
- and, scoring, it runs the towers through another engine where one is given (``runners``: ONNX
  Runtime, :mod:`crm.onnx_engine`).

Training (the LightningModule, its describe stage and fits) and scoring (:class:`crm.inference.CRM`) each
keep one memory per model. A memory is of one set of weights: whoever loads new ones calls :meth:`forget`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from functools import partial

import numpy as np
import torch

from crm.memory import release_freed_memory
from crm.models.rows import FIXED_ROWS, FIXED_WIDTH_STEP, pad_rows
from crm.models.two_tower import Towers, TwoTowerCRM
from crm.scoring.answer_store import AnswerStore, StoreBacking, tower_fingerprint

# Answers whose tower outputs a memory holds when they are kept on disk (47 MB as the quickstart keeps token
# states): a board's chunk and its queries, a training batch's answers, not the corpus or the training set
ANSWERS_IN_MEMORY = 2048

# Chunks after which training's describe stage hands the freed heap back (a board: every chunk). Each
# hand-back walks the heap, so training does it every few chunks (docs/PERFORMANCE.md).
TRAINING_RELEASE_EVERY = 4


def memo_key(row) -> bytes:
    """A row's key in :class:`RowMemo`: its int64 token ids' bytes."""
    return np.asarray(row, dtype=np.int64).tobytes()


def distinct_rows(rows: Iterable[Sequence[int]]) -> dict[bytes, Sequence[int]]:
    """Each distinct row once, by its key (:func:`memo_key`), in the order first met: rows as they come
    (lists, or the arrays a datamodule keeps), with no copy of their ids."""
    by_key: dict[bytes, Sequence[int]] = {}
    for row in rows:
        by_key.setdefault(memo_key(row), row)
    return by_key


class RowMemo:
    """The outputs of a fixed encoder, remembered per input row (its unpadded token ids), oldest
    forgotten first beyond ``capacity``.

    A board scores every model's answer under the same criteria, and a user who edits the criteria
    re-scores the same answers: with two towers, each answer needs describing once per process and
    each criteria reading once per set of weights.
    """

    def __init__(self, capacity: int = 32768):
        self.capacity = capacity
        self.rows: dict[bytes, torch.Tensor] = {}

    def __len__(self) -> int:
        return len(self.rows)

    def clear(self) -> None:
        self.rows.clear()

    def __call__(self, encode, ids: torch.Tensor, mask: torch.Tensor, stack: bool = True, backing=None):
        """``encode(ids, mask)`` for the rows not seen before; the rest from memory. ``encode`` gives one
        value per row; ``stack=False`` returns the values as a list (rows of other shapes, tuples).
        ``backing``: a :class:`StoreBacking` asked for the rows memory lacks before they are encoded,
        and told what is encoded."""
        keys = [row[keep].numpy().tobytes() for row, keep in zip(ids.cpu(), mask.cpu().bool())]
        found = {i: self.rows[key] for i, key in enumerate(keys) if key in self.rows}
        missing = [i for i in range(len(keys)) if i not in found]
        if missing and backing is not None:
            stored = backing.get([keys[i] for i in missing])
            for i in missing:
                if keys[i] in stored:
                    found[i] = self.rows[keys[i]] = stored[keys[i]]
            missing = [i for i in missing if i not in found]
        if missing:
            computed = encode(ids[missing], mask[missing])
            for i, value in zip(missing, computed):
                found[i] = self.rows[keys[i]] = value
            if backing is not None:
                backing.put({keys[i]: found[i] for i in missing})
        while len(self.rows) > self.capacity:
            del self.rows[next(iter(self.rows))]
        values = [found[i] for i in range(len(keys))]
        return torch.stack(values).to(ids.device) if stack else values


def scoring(model: TwoTowerCRM) -> bool:
    """The model scores (no training, no gradients): its reader's weights cannot change under it."""
    return not model.training and not torch.is_grad_enabled()


class TowerMemory(Towers):
    """A two-tower CRM's tower outputs, remembered (see the module); ``store``: an answer store to read
    and write descriptions through across processes (None: memory only)."""

    def __init__(self, model: TwoTowerCRM, store: AnswerStore | None = None):
        self.model = model
        self.answers, self.criteria = RowMemo(), RowMemo()
        self.store = store
        self.fingerprints: dict[str, str] = {}  # the store's names of the tower as it runs, by mode
        self.remember_readings = False  # scoring: the reader's weights are fixed from here on
        # scoring only: (read, describe) run elsewhere in place of the model's reader and answer tower
        # (ONNX Runtime, crm.onnx_engine); pooling is theirs, the memory and the head stay as they are
        self.runners: tuple[Callable, Callable] | None = None

    def forget(self) -> None:
        """Drop everything remembered (new weights: nothing remembered is trusted)."""
        self.answers.clear()
        self.criteria.clear()
        self.fingerprints.clear()

    def backing(self, device_type: str) -> StoreBacking | None:
        """The answer store under the fingerprint of the tower as it runs now (its weights and the
        autocast in force); None without a store or with another engine's tower."""
        if self.store is None or self.runners:
            return None
        model = self.model
        autocast = torch.is_autocast_enabled(device_type)
        mode = f"torch-{device_type}|autocast={torch.get_autocast_dtype(device_type) if autocast else None}"
        mode += f"|attention={model.answer_attention}|rows={FIXED_ROWS}x{FIXED_WIDTH_STEP}"
        mode += f"|kernel={model.answer_tower.config._attn_implementation}"
        if device_type == "cpu":  # each chunk on one thread (crm.models.rows.side_by_side), whatever the cores
            mode += "|threads=1"
        if (copy_dtype := model.tower_dtype(device_type)) is not None:  # a copy of the tower in that dtype describes
            mode += f"|tower={copy_dtype}"
        if (model.token_window, model.token_bits) != (1, 16):  # token states kept in another form
            mode += f"|tokens={model.token_window}x{model.token_bits}"
        if mode not in self.fingerprints:
            self.fingerprints[mode] = tower_fingerprint(model.answer_tower, mode)
        return StoreBacking(self.store, self.fingerprints[mode], tuple_value=bool(model.answer_attention))

    def describe(self, model: TwoTowerCRM, ids: torch.Tensor, mask: torch.Tensor):
        """What the frozen tower says of each row: from memory, else the store, else described (and
        remembered, and stored)."""
        self._check(model)
        runner = self.runners[1] if self.runners and scoring(model) else None
        values = partial(model.answer_values, runner=runner)
        return self.answers(values, ids, mask, stack=not model.answer_attention, backing=self.backing(ids.device.type))

    def read(self, model: TwoTowerCRM, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The reader's readings: remembered while its weights cannot change, else read."""
        self._check(model)
        read = model.read_criteria
        if self.runners and scoring(model):
            read = partial(self._read_by, self.runners[0])
        if (scoring(model) and self.remember_readings) or model.reader_frozen:
            return self.criteria(read, ids, mask)
        return read(ids, mask)

    def _read_by(self, runner: Callable, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return runner(self.model.reader_ids(ids), mask)

    def _check(self, model: TwoTowerCRM) -> None:
        if model is not self.model:
            raise ValueError("a tower memory remembers one model's towers: make one per model")

    @torch.no_grad()
    def describe_all(
        self, rows, progress=None, chunk: int = 512, keep: bool = True, release_every: int | None = None
    ) -> int:
        """Describe answer rows (``[CLS] answer [SEP]`` token ids, as :meth:`TwoTowerCRM.split_segments` cuts
        them) ahead of use, shortest first, into the store and memory: a training run's or a board's
        answers at once, so its steps find them described. ``progress(done, total)`` after each chunk.
        ``keep``: memory is made to hold them all (training reads them every step); else, with a store,
        only what the store lacks is described, into the store, and memory keeps no more than its
        capacity (a board reads its answers back a chunk at a time: bounded memory). The freed heap goes
        back to the system every ``release_every`` chunks (default: every chunk, or every
        :data:`TRAINING_RELEASE_EVERY` when memory keeps them all). Returns how many rows were described
        or read."""
        release_every = release_every or (TRAINING_RELEASE_EVERY if keep else 1)
        by_key = distinct_rows(rows)
        device = next(self.model.answer_tower.parameters()).device
        backing = self.backing(device.type)
        if keep or backing is None:
            self.answers.capacity = max(self.answers.capacity, len(by_key) + RowMemo().capacity // 8)
        else:
            stored = backing.present(list(by_key))
            by_key = {key: row for key, row in by_key.items() if key not in stored}
        distinct = sorted(by_key.values(), key=len)
        del by_key  # the keys' bytes are not held while the rows are described
        for start in range(0, len(distinct), chunk):
            ids, mask = pad_rows([torch.tensor(row) for row in distinct[start : start + chunk]])
            self.describe(self.model, ids.to(device), mask.long().to(device))
            if (start // chunk) % release_every == release_every - 1:
                release_freed_memory()  # the chunks' full states, freed, go back to the system
            if progress is not None:
                progress(min(start + chunk, len(distinct)), len(distinct))
        release_freed_memory()  # what the chunks' full states left in the heap, once: what is kept stays
        return len(distinct)

    @torch.no_grad()
    def read_all(self, segments: Sequence[Sequence[int]], chunk: int = 4096) -> int:
        """Read the criteria of rows' criteria segments (``[CLS] c1 [SEP] c2 [SEP]`` token ids) ahead of use,
        each distinct criteria row once, shortest first, into memory: a pair stage's criteria at once, in
        full chunks, rather than a few rows at a time as its steps meet them. Only a reader whose weights
        cannot change is read ahead. Returns how many distinct rows were read."""
        model = self.model
        if not model.reader_frozen or not segments:
            return 0
        device = next(model.backbone.parameters()).device
        ids, mask = pad_rows([torch.tensor(segment) for segment in dict.fromkeys(map(tuple, segments))])
        pieces, piece_mask, _ = model.criteria_pieces(ids, mask)
        distinct = sorted(
            dict.fromkeys(tuple(row[: int(n)]) for row, n in zip(pieces.tolist(), piece_mask.sum(1))), key=len
        )
        self.criteria.capacity = max(self.criteria.capacity, len(distinct) + RowMemo().capacity // 8)
        for start in range(0, len(distinct), chunk):
            rows, rows_mask = pad_rows([torch.tensor(row) for row in distinct[start : start + chunk]])
            self.read(model, rows.to(device), rows_mask.long().to(device))
        return len(distinct)

    @torch.no_grad()
    def descriptions(self, rows: Sequence[Sequence[int]], context=nullcontext, chunk: int = 256) -> torch.Tensor:
        """The frozen tower's descriptions of tower rows, in the head's dtype, a chunk at a time (an
        attending tower's token states are large); ``context``: the precision to describe them in."""
        model = self.model
        device, parts = model.score.weight.device, []
        with context():
            for start in range(0, len(rows), chunk):
                ids, mask = pad_rows([torch.tensor(row) for row in rows[start : start + chunk]])
                parts.append(model.described(ids.to(device), mask.long().to(device), self)[0])
        return torch.cat(parts).to(model.score.weight.dtype)
