"""Rows of token ids as the two towers read them: cut, deduplicated and chunked by length.

A two-tower CRM reads many short rows (each criterion alone, each answer alone) that repeat within a
batch; these helpers read each distinct row once, in batches that waste little padding.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor

import torch
from torch import nn

from .backbones import padded_to_width_multiple


def compact(ids: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The tokens selected by ``mask`` moved to the front of each row (order kept), right-padded."""
    order = torch.sort(mask, dim=1, descending=True, stable=True).indices
    width = int(mask.sum(1).max())
    return ids.gather(1, order)[:, :width], mask.gather(1, order)[:, :width]


# Rows per length chunk (:func:`in_length_chunks`): a random batch of criteria wordings is mostly padding
# when padded to its longest; sorted chunks trim most of it, and small ones lose the gain to per-call
# overhead. On the one thread a CPU teaches the reader on (crm.train.reader_beside), a batch of 32 took
# 0.29 s a step in chunks of 8, 0.24 in 16, 0.21 in 24 (its longest 8 apart), 0.28 whole
# (benchmarks/reading.py, docs/PERFORMANCE.md).
CHUNK_ROWS = 24


def in_length_chunks(encode, ids: torch.Tensor, mask: torch.Tensor, rows: int) -> torch.Tensor:
    """``encode(ids, mask)`` (one output row per input row) run on the rows sorted by length, ``rows`` at
    a time, each chunk cut to the columns its own rows use (:func:`used_columns`): a padded batch costs
    what its tokens cost. Outputs come back in the input's order; an encoder that ignores masked
    positions gives the same values (up to float rounding), with left or right padding alike. ``rows``
    0: the batch as it is."""
    if not rows:
        return encode(ids, mask)
    if len(ids) <= rows:
        return encode(*used_columns(ids, mask))
    order = mask.sum(1).argsort(stable=True)
    chunks = order.split(rows)
    outputs = [in_length_chunks(encode, ids[chunk], mask[chunk], rows) for chunk in chunks]
    return torch.cat(outputs)[order.argsort()]


# The frozen tower encodes answers in chunks of this many rows, each row's width rounded up to a multiple
# of FIXED_WIDTH_STEP (:func:`in_fixed_shapes`): an answer's description is then computed in the same
# shapes whatever answers share its batch, so a value remembered on disk by one run (or a board) is the
# value any other run would compute.
FIXED_ROWS = 8
FIXED_WIDTH_STEP = 8


def used_columns(ids: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The columns some row of the chunk uses, then masked ones up to :func:`~.backbones.width_multiple`."""
    keep = mask.bool().any(0)
    return padded_to_width_multiple(ids[:, keep], mask[:, keep])


def in_fixed_shapes(
    encode,
    ids: torch.Tensor,
    mask: torch.Tensor,
    kept=None,
    rows: int = FIXED_ROWS,
    step: int = FIXED_WIDTH_STEP,
):
    """``encode(ids, mask)`` per right-padded row, run in chunks of exactly ``rows`` rows whose width is
    each row's own length rounded up to ``step`` (a short chunk is filled with copies of its first row):
    a row's output depends on its own tokens, not on its batch-mates. The chunks run side by side on a
    CPU (:func:`side_by_side`); ``kept(value)``, a row's value as the caller keeps it (a copy), runs in the
    caller's thread, whose heap then holds what outlives the chunk. Returns one value per row (a row of
    ``encode``'s output, or ``kept``'s copy of it), in the input's order."""
    lengths = mask.sum(1)
    widths = (lengths + step - 1) // step * step
    order = sorted(range(len(ids)), key=lambda i: (int(widths[i]), i))
    groups: dict[int, list[int]] = {}
    for i in order:
        groups.setdefault(int(widths[i]), []).append(i)
    chunks, inputs = [], []
    for width, members in groups.items():
        for start in range(0, len(members), rows):
            chunk = members[start : start + rows]
            take = torch.tensor(chunk + chunk[:1] * (rows - len(chunk)))
            chunk_ids = ids.new_zeros(rows, width)
            chunk_mask = mask.new_zeros(rows, width)
            used = min(width, ids.size(1))
            chunk_ids[:, :used], chunk_mask[:, :used] = ids[take, :used], mask[take, :used]
            chunks.append(chunk)
            inputs.append((chunk_ids, chunk_mask))
    outputs: list = [None] * len(ids)
    for chunk, output in zip(chunks, side_by_side(encode, inputs, ids.device.type)):
        for i, value in zip(chunk, output):
            outputs[i] = value if kept is None else kept(value)
    return outputs


_SIDE_BY_SIDE: dict[int, ThreadPoolExecutor] = {}  # a pool of threads per count, made once per process


def side_by_side(encode, inputs: Sequence[tuple], device_type: str) -> Iterator:
    """``encode(*args)`` for each of ``inputs``, in order. On a CPU with several intra-op threads
    they run concurrently, as many at once as there are threads, each on one thread, in the caller's
    autocast and grad mode: the frozen tower's forward pass on 8 rows keeps two cores busy poorly when
    split over them (1.7x one core), and two passes side by side, each on one core, do 2x
    (docs/PERFORMANCE.md). Each pass runs on one thread whatever the machine's cores, so its values do not
    depend on them: split over threads, the products of short rows round differently."""
    threads = torch.get_num_threads()
    if device_type != "cpu" or threads < 2 or len(inputs) < 2:
        return (encode(*args) for args in inputs)
    autocast, dtype, grad = torch.is_autocast_enabled("cpu"), torch.get_autocast_dtype("cpu"), torch.is_grad_enabled()

    def run(args: tuple):
        torch.set_num_threads(1)  # this thread's own setting: the caller's stays as it is
        with torch.autocast("cpu", dtype=dtype, enabled=autocast), torch.set_grad_enabled(grad):
            return encode(*args)

    if threads not in _SIDE_BY_SIDE:
        _SIDE_BY_SIDE[threads] = ThreadPoolExecutor(threads, thread_name_prefix="crm-side-by-side")
    return _SIDE_BY_SIDE[threads].map(run, inputs)


def split_at_separators(ids: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Criteria segments ``[CLS] c1 [SEP] c2 [SEP]`` (compacted rows; the separator is each row's last
    token) as one row per criterion, ``[CLS] c [SEP]``, right-padded: (ids, mask, the segment each row
    came from)."""
    pieces, owners = [], []
    for segment, (row, length) in enumerate(zip(ids.tolist(), mask.sum(1).tolist())):
        first, body, separator = row[0], row[1:length], row[length - 1]
        start = 0
        for end, token in enumerate(body):
            if token == separator:
                pieces.append([first, *body[start : end + 1]])
                owners.append(segment)
                start = end + 1
    width = max(map(len, pieces))
    out_ids = torch.zeros(len(pieces), width, dtype=ids.dtype)
    out_mask = torch.zeros(len(pieces), width, dtype=mask.dtype)
    for i, piece in enumerate(pieces):
        out_ids[i, : len(piece)] = torch.tensor(piece, dtype=ids.dtype)
        out_mask[i, : len(piece)] = 1
    return out_ids.to(ids.device), out_mask.to(mask.device), torch.tensor(owners, device=ids.device)


def sum_rows(rows: torch.Tensor, owner: torch.Tensor, size: int) -> torch.Tensor:
    """``size`` sums of ``rows``: row i added to sum ``owner[i]``."""
    return rows.new_zeros(size, rows.size(1)).index_add_(0, owner, rows)


def unique_rows(ids: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The distinct (ids, mask) rows, and for each input row the index of its distinct row."""
    rows, inverse = torch.unique(torch.cat([ids * mask, mask], dim=1), dim=0, return_inverse=True)
    width = ids.size(1)
    return rows[:, :width], rows[:, width:], inverse


def encode_unique(encode, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """``encode(ids, mask)`` run once per distinct row: a pair judged under both polarities repeats
    each criteria text and each answer twice in a batch."""
    distinct_ids, distinct_mask, inverse = unique_rows(ids, mask)
    return encode(distinct_ids, distinct_mask)[inverse]


def pad_rows(rows: list[torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
    """Rows of different lengths as one right-padded batch, and its mask."""
    lengths = torch.tensor([len(row) for row in rows])
    padded = nn.utils.rnn.pad_sequence(rows, batch_first=True)
    return padded, torch.arange(padded.size(1)) < lengths.unsqueeze(1)
