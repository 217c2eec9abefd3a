"""The composed command line checked before anything is built: each numeric option of the trainer and
the run has a type and a range, so ``trainer.max_steps=abc`` is one line naming the key and what it
takes, not a ``TypeError`` deep inside Lightning; two spellings of one choice that disagree are refused.

The checks read a composed config (``python train.py`` / ``python evaluate.py``, a sweep, a test's
``compose``); keys the models do not name are left to the code that reads them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from omegaconf import DictConfig, OmegaConf
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from crm.errors import UserError

Count = Annotated[int, Field(strict=True, ge=1)]  # strict: "abc", 2.5 and true are not counts
Steps = Annotated[int, Field(strict=True, ge=-1)]  # -1: no limit, as Lightning writes it
Seconds = Annotated[float, Field(gt=0)]
Share = Annotated[float, Field(gt=0, le=1)]
# a whole number of batches, or a share of them (Lightning's limit_*_batches and val_check_interval)
Batches = Annotated[int, Field(strict=True, ge=0)] | Annotated[float, Field(strict=True, ge=0, le=1)]


class Options(BaseModel):
    """Typed keys of one config node; keys not named here pass as they are."""

    model_config = ConfigDict(extra="allow")


class TrainerOptions(Options):
    max_epochs: Steps | None = None
    max_steps: Steps = -1
    accumulate_grad_batches: Count = 1
    gradient_clip_val: Annotated[float, Field(ge=0)] | None = None
    val_check_interval: Count | Share | None = None
    check_val_every_n_epoch: Count | None = None
    limit_train_batches: Batches | None = None
    limit_val_batches: Batches | None = None
    limit_test_batches: Batches | None = None
    log_every_n_steps: Count = 50
    num_sanity_val_steps: Steps = 2
    num_nodes: Count = 1
    devices: Count | Literal["auto"] | str | list[int] = "auto"


class DataOptions(Options):
    batch_size: Count = 1
    eval_batch_size: Count | None = None
    max_length: Count | None = None


class LearningRate(Options):
    lr: Annotated[float, Field(gt=0)] = 1e-4


class OptimOptions(Options):
    optimizer: LearningRate = LearningRate()
    warmup_ratio: Annotated[float, Field(ge=0, le=1)] = 0.0


class ReaderOptions(Options):
    steps: Annotated[int, Field(strict=True, ge=0)] = 0
    batch_size: Count = 1


class TrainOptions(Options):
    seed: Annotated[int, Field(strict=True)] = 0
    effective_batch_size: Count | None = None
    run_deadline: Seconds | None = None
    trainer: TrainerOptions = TrainerOptions()
    data: DataOptions = DataOptions()
    optim: OptimOptions = OptimOptions()
    reader: ReaderOptions | None = None


class ScoringDevices(Options):
    devices: Count = 1
    num_nodes: Count = 1


class EvaluateOptions(Options):
    seed: Annotated[int, Field(strict=True)] = 0
    batch_size: Count = 32
    max_length: Count = 2048
    trainer: ScoringDevices = ScoringDevices()


def check_options(cfg: DictConfig, schema: type[Options]) -> None:
    """Refuse (:class:`UserError`) a composed config whose typed keys hold a value of the wrong type or
    out of range, naming the key, the value and what it takes; the head's two spellings must agree."""
    check_head_alias(cfg)
    try:
        schema.model_validate(typed_values(cfg, schema))
    except ValidationError as err:
        problems = {}
        for error in err.errors():  # a union's branches each say what they take: one line per key
            key = ".".join(str(part) for part in error["loc"] if part in _KEYS)
            problems.setdefault(key, []).append(error["msg"].lower())
        lines = [f"{k}={OmegaConf.select(cfg, k)!r}: {' or '.join(dict.fromkeys(m))}" for k, m in problems.items()]
        raise UserError("; ".join(lines)) from None


def typed_values(cfg: DictConfig, schema: type[Options], prefix: str = "") -> dict:
    """The values of the keys ``schema`` types, each resolved alone (a key's interpolation, never the
    whole config's: some resolvers build weights)."""
    values = {}
    for name, field in schema.model_fields.items():
        key = prefix + name
        nested = [t for t in (field.annotation, *getattr(field.annotation, "__args__", ())) if _is_options(t)]
        if nested:
            node = OmegaConf.select(cfg, key)
            values[name] = typed_values(cfg, nested[0], key + ".") if isinstance(node, DictConfig) else node
        elif OmegaConf.select(cfg, key, default=_ABSENT) is not _ABSENT:
            values[name] = OmegaConf.select(cfg, key)
    return values


def _is_options(annotation) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, Options)


_ABSENT = object()
_KEYS = {name for model in (TrainOptions, TrainerOptions, DataOptions, OptimOptions, LearningRate, ReaderOptions,
                            EvaluateOptions) for name in model.model_fields}  # fmt: skip


def check_head_alias(cfg: DictConfig) -> None:
    """``head=`` is ``loss=`` under its other name (conf/head/): both given with different heads is refused."""
    choices = cfg.get("hydra", {}).get("runtime", {}).get("choices", {}) if "hydra" in cfg else {}
    if not choices:
        from hydra.core.hydra_config import HydraConfig

        choices = HydraConfig.get().runtime.choices if HydraConfig.initialized() else {}
    head, loss = choices.get("head"), choices.get("loss")
    if head not in (None, "null") and loss is not None and head != loss:
        raise UserError(f"head={head} and loss={loss} name two heads (head= is loss= under its other name): give one")
