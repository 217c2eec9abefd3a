"""LightningDataModule: processed jsonl -> (direction, noise) -> rendered, dynamically padded batches."""

from __future__ import annotations

import logging
import random
import zlib
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from lightning import Callback, LightningDataModule, LightningModule, Trainer
from torch.utils.data import DataLoader, Dataset
from transformers.trainer_pt_utils import LengthGroupedSampler

from crm.data.criteria.pairs import PairOptions
from crm.data.criteria.quality_pairs import ScoredAnswer, scored_answers
from crm.data.degenerate import degenerate_pairs
from crm.data.noise import DIRECTIONS, NOISE_MODES, CriteriaBank, apply_direction, apply_noise
from crm.data.prepare import processed_split_files
from crm.data.rendering import Renderer
from crm.data.resumable_loader import ResumableLoader
from crm.data.row_format import SampleTooLong
from crm.data.schema import PreferenceSample, read_samples
from crm.data.short_answers import read_short_answers
from crm.data.splits import normalise_query
from crm.heads import head_named

log = logging.getLogger(__name__)

# Test sets: (processed split, direction). Held-out queries and the held-out style, both directions.
DEFAULT_TEST_SETS = {
    "queries_original": ("test", "original"),
    "queries_reverse": ("test", "reverse"),
    "new_criteria_original": ("test_new_criteria", "original"),
    "new_criteria_reverse": ("test_new_criteria", "reverse"),
}

DEGENERATE = "degenerate"  # the test set of degenerate answers (data.degenerate_share > 0)


@dataclass
class SplitReport:
    """Counts for one loaded split: nothing is dropped without showing up here."""

    read: int = 0
    skipped_invalid: int = 0
    ties_excluded: int = 0
    not_sampled: int = 0  # beyond max_{train,val,test}_samples (a seeded random subset is kept)
    too_long_filtered: int = 0
    degenerate_added: int = 0  # pairs of a real answer against a degenerate copy (crm.data.degenerate)
    truncated: int = 0
    kept: int = 0
    by_source: Counter = field(default_factory=Counter)
    mixture: dict[str, dict[str, int]] = field(default_factory=dict)  # training: per source, available vs drawn

    def as_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k not in ("by_source", "mixture")}
        out["by_source"] = dict(self.by_source)
        if self.mixture:
            out["mixture"] = self.mixture
        return out


class PreferenceDataset(Dataset):
    """Samples drawn through direction + noise, re-drawn every epoch (seeded by epoch and index)."""

    def __init__(
        self,
        samples: Sequence[PreferenceSample],
        renderer: Renderer,
        direction: str = "original",
        noise: str = "none",
        bank: CriteriaBank | None = None,
        seed: int = 0,
        position_swap: bool = False,
        lengths: Sequence[int] | None = None,
    ):
        self.samples = list(samples)
        self.token_lengths = list(lengths) if lengths is not None else None
        self.renderer = renderer
        self.direction = direction
        self.noise = noise
        self.bank = bank or CriteriaBank({})
        self.seed = seed
        self.position_swap = position_swap
        self.epoch = 0

    def set_epoch(self, epoch: int) -> None:
        self.epoch = epoch

    def __len__(self) -> int:
        return len(self.samples)

    def draw(self, index: int, direction: str | None = None, noise: str | None = None) -> PreferenceSample:
        """The sample as the model sees it this epoch (deterministic given seed, epoch, index, direction)."""
        direction = direction or self.direction
        rng = random.Random(zlib.crc32(f"{self.seed}/{self.epoch}/{index}/{direction}".encode()))
        sample = apply_direction(self.samples[index], direction, rng)
        sample = apply_noise(sample, noise or self.noise, self.bank, rng)
        if self.position_swap and rng.random() < 0.5:
            sample = sample.swapped()
        return sample

    def directions(self, index: int) -> tuple[str, ...]:
        """``both``: the pair under each side's criteria, in the same batch (a contrastive pair)."""
        if self.direction != "both":
            return (self.direction,)
        return ("original", "reverse") if self.samples[index].has_side_criteria else ("original",)

    def criteria_segments(self) -> list[list[int]]:
        """The criteria part of every row this epoch draws (:meth:`Renderer.criteria_segment`), for a
        two-tower CRM to read ahead; empty where the rows have none. A row whose noisy criteria do not fit
        falls back to its clean ones (``__getitem__``): the reader reads those as the steps meet them."""
        segments = []
        for index in range(len(self)):
            for direction in self.directions(index):
                segment = self.renderer.criteria_segment(self.draw(index, direction).criteria)
                if segment is None:
                    return []
                segments.append(segment)
        return segments

    def __getitem__(self, index: int) -> list[dict]:
        items = []
        for direction in self.directions(index):
            try:
                items.append(self.renderer.encode_sample(self.draw(index, direction)))
            except SampleTooLong:  # noise made the criteria longer: fall back to the clean criteria
                items.append(self.renderer.encode_sample(self.draw(index, direction, noise="none")))
        return items

    def lengths(self) -> list[int]:
        """Token lengths measured at setup (else answer characters), for length-grouped batches."""
        if self.token_lengths is not None:
            return self.token_lengths
        return [len(s.response_a) + len(s.response_b) for s in self.samples]


def eval_order(dataset: PreferenceDataset) -> list[int]:
    """The order evaluation batches visit a dataset in: by measured length (ties by index), deterministic."""
    lengths = dataset.lengths()
    return sorted(range(len(dataset)), key=lambda i: (lengths[i], i))


class PairCollator:
    """Dynamic padding. ``bt``: chosen rows then rejected rows (one forward pass for both).

    Each dataset item is a list of encodings (two with ``direction=both``); they are flattened.
    """

    def __init__(self, tokenizer, head: str):
        self.tokenizer = tokenizer
        self.head = head_named(head)

    def _pad(self, encodings) -> dict[str, torch.Tensor]:
        """The tokenizer's padding, into arrays: lists of lists into tensors took four times as long (8.7 ms
        against 2.1 for a quickstart batch). Floats in torch's default dtype, as tensors of lists have them."""
        padded = self.tokenizer.pad([e.features() for e in encodings], return_tensors="np")
        tensors = {name: torch.from_numpy(values) for name, values in padded.items()}
        return {name: t.to(torch.get_default_dtype()) if t.is_floating_point() else t for name, t in tensors.items()}

    def __call__(self, items: list[list[dict]]) -> dict[str, torch.Tensor]:
        features = [f for group in items for f in group]
        rows, beside = self.head.training_rows(features)
        batch = self._pad(rows)
        for name, values in beside.items():
            batch[name] = torch.tensor(values, dtype=torch.long)
        batch["truncated"] = torch.tensor([f["truncated"] for f in features], dtype=torch.bool)
        return batch


class CRMDataModule(LightningDataModule):
    """Loads processed splits (building them from the raw data on first use) and serves batches."""

    def __init__(
        self,
        tokenizer,
        head: str,
        input_format: str,
        processed_dir: str | None = None,
        raw_dir: str | None = None,
        sources: Sequence[str] = ("dsp_styles", "alpaca_styles"),
        split_seed: int = 0,
        heldout_styles: Sequence[str] = ("entertainment",),
        attributes: dict[str, Any] | None = None,
        mixture: dict[str, float] | None = None,
        files: dict[str, Any] | None = None,
        test_sets: dict[str, Sequence[str]] | None = None,
        direction: str = "random",
        val_direction: str = "random",
        noise: str = "none",
        max_length: int = 512,
        max_response_tokens: int | None = None,
        max_query_tokens: int | None = None,
        batch_size: int = 16,
        eval_batch_size: int = 32,
        num_workers: int = 0,
        group_by_length: bool = False,
        include_ties: bool = False,
        skip_invalid: bool = False,
        position_swap: bool = True,
        max_train_samples: int | None = None,
        max_val_samples: int | None = None,
        max_test_samples: int | None = None,
        seed: int = 0,
        answer_layout: bool = False,
        query_rows: bool = False,
        degenerate_share: float = 0.0,
        quality_ranking: bool = False,
    ):
        super().__init__()
        choices = (
            ("direction", direction, DIRECTIONS),
            ("val_direction", val_direction, DIRECTIONS),
            ("noise", noise, NOISE_MODES),
        )
        for name, value, allowed in choices:
            if value not in allowed:
                raise ValueError(f"data.{name}={value!r} is not one of {allowed}")
        self.tokenizer = tokenizer
        self.head = head
        # Overlong queries are shortened (and counted as truncated) rather than dropped.
        self.renderer = Renderer(
            tokenizer, head, input_format, max_length, max_response_tokens, truncate_query=True,
            max_query_tokens=max_query_tokens,
            answer_layout=answer_layout, query_rows=query_rows,
        )  # fmt: skip
        self.processed_dir = processed_dir
        self.raw_dir = raw_dir
        self.sources = list(sources)
        self.split_seed = split_seed
        self.heldout_styles = list(heldout_styles)
        self.attributes = dict(attributes or {})
        self.mixture = {k: float(v) for k, v in (mixture or {}).items()}
        unknown = set(self.mixture) - set(self.sources)
        if unknown or any(v < 0 for v in self.mixture.values()):
            raise ValueError(f"data.mixture: weights must be >= 0 and name sources in {self.sources}; got {mixture}")
        self.files = dict(files or {})
        self.test_sets = {k: tuple(v) for k, v in (test_sets or DEFAULT_TEST_SETS).items()}
        self.direction = direction
        self.val_direction = val_direction
        self.noise = noise
        self.batch_size = batch_size
        self.eval_batch_size = eval_batch_size
        self.num_workers = num_workers
        self.group_by_length = group_by_length
        self.include_ties = include_ties
        self.skip_invalid = skip_invalid
        self.position_swap = position_swap and not head_named(head).judges_alone  # an order only a pair row has
        self.max_samples = {"train": max_train_samples, "val": max_val_samples}
        self.max_test_samples = max_test_samples
        self.seed = seed
        if not 0.0 <= degenerate_share < 1.0:
            raise ValueError(f"data.degenerate_share must be in [0, 1), got {degenerate_share}")
        # training pairs of a real answer against a degenerate copy, added as this share of the training
        # samples, and a test set of them (crm.data.degenerate)
        self.degenerate_share = degenerate_share
        # the training models' answers to the train and val queries with their published scores, for a
        # CRM's quality term to be fitted on (crm.train.quality_term_fit); described with the training set
        self.quality_ranking = quality_ranking
        self.scored_answers: dict[str, list[ScoredAnswer]] = {}
        self.collator = PairCollator(tokenizer, head)
        self.reports: dict[str, SplitReport] = {}
        self.datasets: dict[str, PreferenceDataset] = {}
        self._answer_ids: dict[str, array | None] = {}  # answer -> the answer tower's token ids

    @property
    def test_set_names(self) -> list[str]:
        """Test sets with at least one sample (after :meth:`setup`)."""
        return [name for name in self.test_sets if len(self.datasets.get(name, ()))]

    # ---- loading ---------------------------------------------------------------------------
    def split_files(self, split: str) -> list[Path]:
        """Files for a split: explicit ``files.<split>`` or the processed directory's."""
        if self.files.get(split):
            value = self.files[split]
            return [Path(p) for p in ([value] if isinstance(value, str) else value)]
        if self.files:  # explicit files given for other splits only: this split is absent
            return []
        if self.processed_dir is None:
            raise ValueError("give data.processed_dir (with data.raw_dir to build it) or data.files")
        return processed_split_files(
            self.processed_dir, self.raw_dir, self.sources, split, self.split_seed, self.heldout_styles, self.attributes
        )

    def load_split(self, split: str, limit: int | None) -> tuple[list[PreferenceSample], list[int]]:
        """Read, drop ties (unless included), subsample, and drop samples that cannot fit; all counted."""
        report = SplitReport()
        samples: list[PreferenceSample] = []
        texts: dict[str, str] = {}  # an answer in several files is held once
        for path in self.split_files(split):
            read, read_report = read_samples(path, skip_invalid=self.skip_invalid, texts=texts)
            report.read += read_report.kept + read_report.skipped
            report.skipped_invalid += read_report.skipped
            samples.extend(read)
        if not self.include_ties:
            report.ties_excluded = sum(s.preference == "tie" for s in samples)
            samples = [s for s in samples if s.preference != "tie"]
        if split == "train" and self.mixture:
            samples = self.mix(samples, report)
        if limit is not None and len(samples) > limit:
            report.not_sampled = len(samples) - limit
            samples = random.Random(self.seed).sample(samples, limit)
        if split == "train" and self.degenerate_share:
            count = round(self.degenerate_share * len(samples))
            added = degenerate_pairs(samples, count, self.seed, excluded_queries=self.short_answer_queries())
            report.degenerate_added = len(added)
            samples = samples + added
        kept, lengths = self.fitting(samples, report)
        self.reports[split] = report
        log.debug("split %s: %s", split, report.as_dict())  # the data report table shows these counts
        return kept, lengths

    def fitting(self, samples: list[PreferenceSample], report: SplitReport) -> tuple[list[PreferenceSample], list[int]]:
        """The samples that fit the length budget and their measured lengths; the rest counted in ``report``."""
        kept, lengths = [], []
        self.renderer.prime_answers(r for s in samples for r in (s.response_a, s.response_b))
        for s in samples:
            try:
                truncated, length = self.renderer.measure(s)
            except SampleTooLong:
                report.too_long_filtered += 1
                continue
            report.truncated += truncated
            kept.append(s)
            lengths.append(length)
            report.by_source[s.source or "unknown"] += 1
        report.kept = len(kept)
        return kept, lengths

    def mix(self, samples: list[PreferenceSample], report: SplitReport) -> list[PreferenceSample]:
        """Resample the sources named in ``mixture`` so each makes up its weight's share of their joint pool
        (a source smaller than its share repeats samples, a larger one is subsampled; seeded and counted).
        Samples of sources without a weight (e.g. explicit ``files``) are kept as they are."""
        by_source: dict[str, list[PreferenceSample]] = {}
        for s in samples:
            by_source.setdefault(s.source or "unknown", []).append(s)
        weighted = {src: self.mixture[src] for src in by_source if src in self.mixture}
        if not weighted:
            return samples
        if sum(weighted.values()) <= 0:
            raise ValueError(f"data.mixture gives no weight to any training source present: {sorted(weighted)}")
        pool = sum(len(by_source[src]) for src in weighted)
        rng = random.Random(self.seed)
        mixed = [s for src, group in by_source.items() if src not in weighted for s in group]
        for src in sorted(weighted):
            group, want = by_source[src], round(pool * weighted[src] / sum(weighted.values()))
            drawn = rng.sample(group, len(group)) * (want // len(group)) + rng.sample(group, want % len(group))
            report.mixture[src] = {"available": len(group), "drawn": want, "distinct": len({id(s) for s in drawn})}
            mixed.extend(drawn)
        rng.shuffle(mixed)
        return mixed

    def short_answer_queries(self) -> frozenset[str]:
        """The short-answer test set's queries (:mod:`crm.data.short_answers`, built from the raw data),
        kept out of the degenerate pairs: its kinds are taught on other queries."""
        if self.raw_dir is None:
            return frozenset()
        try:
            return frozenset(normalise_query(item.query) for item in read_short_answers(self.raw_dir))
        except FileNotFoundError:  # raw data without those files: none of its queries can be in training
            return frozenset()

    def setup(self, stage: str | None = None) -> None:
        if self.datasets:
            return
        loaded: dict[str, tuple[list[PreferenceSample], list[int]]] = {}
        needed = {"train", "val"} | {split for split, _ in self.test_sets.values()}
        for split in sorted(needed):
            limit = self.max_samples.get(split, self.max_test_samples)
            loaded[split] = self.load_split(split, limit)
        if self.degenerate_share and "test" in loaded:  # one degenerate pair per test sample
            report = SplitReport()
            pairs = degenerate_pairs(loaded["test"][0], len(loaded["test"][0]), self.seed)
            report.read = report.degenerate_added = len(pairs)
            loaded[DEGENERATE] = self.fitting(pairs, report)
            self.reports[DEGENERATE] = report
            self.test_sets = {**self.test_sets, DEGENERATE: (DEGENERATE, "original")}
        if not loaded["train"][0] and stage in (None, "fit"):
            raise ValueError(f"no training samples found in {self.split_files('train') or self.processed_dir}")
        bank = CriteriaBank.from_samples(loaded["train"][0])

        def make(split: str, direction: str, noise: str, swap: bool) -> PreferenceDataset:
            samples, lengths = loaded[split]
            return PreferenceDataset(samples, self.renderer, direction, noise, bank, self.seed, swap, lengths=lengths)

        if self.quality_ranking:
            self.scored_answers = {split: self.load_scored_answers(split) for split in ("train", "val")}
        self.datasets["train"] = make("train", self.direction, self.noise, self.position_swap)
        self.datasets["val"] = make("val", self.val_direction, "none", False)
        for name, (split, direction) in self.test_sets.items():
            self.datasets[name] = make(split, direction, "none", False)

    def set_epoch(self, epoch: int) -> None:
        """Re-draw directions and noise for a new epoch (called by :class:`DataEpoch`)."""
        if "train" in self.datasets:
            self.datasets["train"].set_epoch(epoch)

    # ---- loaders ---------------------------------------------------------------------------
    def _loader(self, dataset: PreferenceDataset, batch_size: int, train: bool) -> DataLoader:
        common = {"batch_size": batch_size, "collate_fn": self.collator, "num_workers": self.num_workers}
        if not train:  # shortest first: far less padding; eval_order() maps results back
            return DataLoader(dataset, sampler=eval_order(dataset), **common)
        generator = torch.Generator()
        sampler = None
        if self.group_by_length:
            sampler = LengthGroupedSampler(batch_size, lengths=dataset.lengths(), generator=generator)
        return ResumableLoader(
            dataset,
            sampler=sampler,
            shuffle=sampler is None,
            generator=generator if sampler is None else None,
            order=(generator, self.start_epoch),
            batches_done=self.batches_done_this_epoch,
            **common,
        )

    def train_dataloader(self) -> DataLoader:
        return self._loader(self.datasets["train"], self.batch_size, train=True)

    def start_epoch(self) -> int:
        """The seed of the training epoch about to be drawn, its draws set to that epoch first: the
        trainer's epoch (restored with a checkpoint, whose resumed epoch gets no epoch-start hook)."""
        trainer = getattr(self, "trainer", None)
        epoch = trainer.fit_loop.epoch_progress.current.processed if trainer is not None else 0
        self.set_epoch(epoch)
        return self.seed + epoch

    def batches_done_this_epoch(self) -> int:
        """The training batches the trainer has trained on in its current epoch (0 without a trainer)."""
        trainer = getattr(self, "trainer", None)
        return trainer.fit_loop.epoch_loop.batch_progress.current.processed if trainer is not None else 0

    def val_dataloader(self) -> DataLoader:
        return self._loader(self.datasets["val"], self.eval_batch_size, train=False)

    def test_dataloader(self) -> list[DataLoader]:
        return [self._loader(self.datasets[name], self.eval_batch_size, train=False) for name in self.test_set_names]

    @property
    def quality_gap(self) -> float:
        """Published points between the models of a ranked answer pair."""
        return PairOptions.from_mapping(self.attributes).quality_gap

    def load_scored_answers(self, split: str) -> list[ScoredAnswer]:
        """The training models' answers to ``split``'s queries with their published scores
        (:func:`scored_answers`); none without the raw data."""
        if self.raw_dir is None:
            log.warning("quality term: no data.raw_dir, so no scored answers to fit it on")
            return []
        return scored_answers(self.raw_dir, self.split_seed, PairOptions.from_mapping(self.attributes), split)

    def answer_rows(self, names: Sequence[str] | None = None) -> list[Sequence[int]]:
        """The answer tower's token ids of every distinct answer in these datasets (all when None, with
        the scored answers), and of every query where rows carry it, for a two-tower CRM to describe ahead
        of its steps; empty where the rows have no answer segment."""
        samples = [sample for name in (names or self.datasets) for sample in self.datasets[name].samples]
        conversations = [(sample.history, (sample.response_a, sample.response_b)) for sample in samples]
        if names is None:
            scored = [answer for answers in self.scored_answers.values() for answer in answers]
            conversations += [([{"role": "user", "content": a.query}], (a.text,)) for a in scored]
        answers = dict.fromkeys(text for _, pair in conversations for text in pair)
        rows = [row for row in map(self.answer_row, answers) if row is not None]
        if self.renderer.query_rows:
            rows += [self.renderer.query_ids(history) for history, _ in conversations]
        return rows

    def answer_row(self, text: str) -> array | None:
        """The answer tower's token ids of one answer (None where the rows have no answer segment),
        encoded once (the rows' own encodings reuse its tokens)."""
        if text not in self._answer_ids:
            self._answer_ids[text] = self.renderer.answer_ids(text)
        return self._answer_ids[text]

    def report(self) -> dict[str, dict]:
        return {split: r.as_dict() for split, r in self.reports.items()}


class DataEpoch(Callback):
    """Tells the trainer's datamodule each training epoch (``set_epoch``), so it re-draws directions and noise;
    called before the epoch's batches are drawn."""

    def on_train_epoch_start(self, trainer: Trainer, pl_module: LightningModule) -> None:
        datamodule = trainer.datamodule
        if datamodule is not None and hasattr(datamodule, "set_epoch"):
            datamodule.set_epoch(trainer.current_epoch)
