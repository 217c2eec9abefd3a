"""Where scoring runs when it runs on many devices: how many processes (:class:`Devices`), which of them
writes and prints (:func:`is_rank_zero`), and which rows each scores (:func:`shards`). No torch here: a
board answered from its cache asks whether it may write without loading it.

Every process runs the same command, as a distributed training run does: Lightning starts the other
processes of a node (or torchrun or SLURM starts them) and each builds the same rows; only global rank 0
writes (the score cache, the outputs) and prints, so no row is written twice.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass

# Where a launcher (Lightning's, torchrun, SLURM, LSF) writes a process's rank
RANK_VARIABLES = ("RANK", "LOCAL_RANK", "NODE_RANK", "GROUP_RANK", "SLURM_PROCID", "JSM_NAMESPACE_RANK")


def is_rank_zero() -> bool:
    """This process is global rank 0 (or the only one): the one that writes and prints."""
    return all(int(os.environ.get(name) or 0) == 0 for name in RANK_VARIABLES)


def local_rank() -> int:
    """This process's rank on its node (its GPU's index there)."""
    return int(os.environ.get("LOCAL_RANK") or os.environ.get("SLURM_LOCALID") or 0)


@dataclass(frozen=True)
class Devices:
    """How many processes score: ``devices`` per node (GPUs, or CPU processes) on ``num_nodes`` nodes."""

    devices: int = 1
    num_nodes: int = 1

    def __post_init__(self) -> None:
        if self.devices < 1 or self.num_nodes < 1:
            raise ValueError(f"devices and num_nodes must be at least 1, got {self.devices} and {self.num_nodes}")

    @property
    def world_size(self) -> int:
        return self.devices * self.num_nodes

    @property
    def many(self) -> bool:
        return self.world_size > 1


ONE_DEVICE = Devices()


def shards(lengths: Sequence[int], world_size: int) -> list[list[int]]:
    """Row indices per rank: every row once, shortest first, dealt in turn (each rank's rows are about as
    long as the others', so ranks finish together and batches waste little padding), each shard filled
    up to the same count with its first row again (collectives need equal sizes on every rank)."""
    order = sorted(range(len(lengths)), key=lambda i: (lengths[i], i))
    per_rank = max(1, math.ceil(len(order) / world_size))
    dealt = [order[rank::world_size] for rank in range(world_size)]
    return [shard + [(shard or order or [0])[0]] * (per_rank - len(shard)) for shard in dealt]
