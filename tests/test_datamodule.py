"""The DataModule: loading with counts, per-epoch re-drawing, length grouping, direction 'both'."""

import pytest
import torch
from transformers.trainer_pt_utils import LengthGroupedSampler

from crm.data.datamodule import CRMDataModule
from crm.data.schema import write_samples
from tests.conftest import tiny_split


def make_dm(tokenizer, files, **kwargs):
    defaults = dict(
        head="bt",
        input_format="chat",
        files=files,
        max_length=256,
        batch_size=4,
        test_sets={"queries_original": ["test", "original"], "queries_reverse": ["test", "reverse"]},
    )
    dm = CRMDataModule(tokenizer, **{**defaults, **kwargs})
    dm.setup("fit")
    return dm


def test_counts_ties_and_truncated_samples(qwen_tokenizer, tiny_files, tmp_path):
    samples = tiny_split(6, 1)
    samples[0].preference = "tie"
    samples[1].prompt = samples[1].model_a[0]["content"] = "long question " * 400
    samples[1].model_b[0]["content"] = samples[1].model_a[0]["content"]
    write_samples(tmp_path / "train.jsonl", samples)
    dm = make_dm(qwen_tokenizer, {**tiny_files, "train": str(tmp_path / "train.jsonl")})
    report = dm.report()["train"]
    assert report == {**report, "read": 6, "ties_excluded": 1, "too_long_filtered": 0, "kept": 5}
    assert report["truncated"] >= 1  # the overlong query was shortened, not dropped
    assert dm.test_set_names == ["queries_original", "queries_reverse"]


def test_noise_and_direction_are_redrawn_every_epoch(qwen_tokenizer, tiny_files):
    dm = make_dm(qwen_tokenizer, tiny_files, direction="random", noise="random")
    dataset = dm.datasets["train"]
    first = [dataset.draw(i) for i in range(len(dataset))]
    assert first == [dataset.draw(i) for i in range(len(dataset))], "a draw must be deterministic"
    dm.set_epoch(1)
    second = [dataset.draw(i) for i in range(len(dataset))]
    assert [s.criteria for s in first] != [s.criteria for s in second]
    assert {s.preference for s in first} == {"model_a", "model_b"}


def test_eval_sets_have_fixed_directions(qwen_tokenizer, tiny_files):
    dm = make_dm(qwen_tokenizer, tiny_files)
    original, reverse = dm.datasets["queries_original"], dm.datasets["queries_reverse"]
    for i in range(len(original)):
        a, b = original.draw(i), reverse.draw(i)
        assert a.preference != b.preference and a.criteria != b.criteria


def test_direction_both_puts_each_pair_twice_in_a_batch(qwen_tokenizer, tiny_files):
    dm = make_dm(qwen_tokenizer, tiny_files, direction="both")
    batch = next(iter(dm.train_dataloader()))
    assert batch["input_ids"].shape[0] == 4 * 2 * 2  # pairs x directions x (chosen, rejected)


def test_length_grouped_batches(qwen_tokenizer, tiny_files):
    dm = make_dm(qwen_tokenizer, tiny_files, group_by_length=True)
    loader = dm.train_dataloader()
    assert isinstance(loader.sampler, LengthGroupedSampler)
    assert sorted(loader.sampler) == list(range(16))
    assert sum(b["truncated"].numel() for b in loader) == 16


@pytest.mark.parametrize("head", ["bt", "cls"])
def test_batches_have_the_heads_layout(qwen_tokenizer, tiny_files, head):
    dm = make_dm(qwen_tokenizer, tiny_files, head=head)
    batch = next(iter(dm.val_dataloader()))
    rows = batch["input_ids"].shape[0]
    assert rows == (8 if head == "bt" else 4)
    assert ("labels" in batch) == (head == "cls")
    assert torch.all(batch["attention_mask"].sum(1) > 0)


def test_mixture_resamples_sources_to_their_weights(qwen_tokenizer, tiny_files, tmp_path):
    samples = tiny_split(16, 1)
    for i, s in enumerate(samples):
        s.source = "big" if i < 12 else "small"
    write_samples(tmp_path / "train.jsonl", samples)
    files = {**tiny_files, "train": str(tmp_path / "train.jsonl")}
    dm = make_dm(qwen_tokenizer, files, sources=["big", "small"], mixture={"big": 1.0, "small": 1.0})
    report = dm.report()["train"]
    assert report["by_source"] == {"big": 8, "small": 8}  # 16 draws, half each: small repeats, big is subsampled
    assert report["mixture"]["small"] == {"available": 4, "drawn": 8, "distinct": 4}
    with pytest.raises(ValueError, match="mixture"):
        make_dm(qwen_tokenizer, files, sources=["big"], mixture={"other": 1.0})
