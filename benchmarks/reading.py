"""The two-tower CRM's criteria reader, taught as ``python train.py`` teaches it (random batches of 32
training wordings, each read alone; the forward, the loss with its polarity term, the backward and the
fused AdamW step), with whole padded batches against length chunks (``TwoTowerCRM.chunk_rows``).

A random batch of wordings pads its rows to its longest; read in length-sorted chunks, each cut to its
own longest row, the same batch costs about what its tokens cost. The same batches and the same
weights for both: only the chunking differs, so the taught readings agree to float rounding.
"""

from __future__ import annotations

import random
import time

import torch

from benchmarks.common import Figure, train_config


def reader_steps(steps: int, warmup: int, layers: int | None = None) -> list[Figure]:
    """Wordings per second over ``steps`` reader steps after ``warmup``, whole batches (the baseline) and
    length chunks, from the same initial weights; the padding share of each. ``layers``: a reader of that
    many blocks (the smoke run)."""
    from transformers import AutoTokenizer

    from crm.config import minilm_path
    from crm.data.criteria.wordings import reading_task
    from crm.models.factory import build_reward_model
    from crm.models.rows import CHUNK_ROWS
    from crm.train.reader_beside import one_thread
    from crm.train.reader_stage import WordingCollator, polarity_loss, reader_parts, trainable_reader

    overrides = [f"+model.backbone.config_overrides.num_hidden_layers={layers}", "model.answer_layers=null"]
    cfg = train_config(overrides if layers else [])
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    task = reading_task(cfg.data.attributes.heldout_families)
    size = cfg.reader.batch_size
    rng = random.Random(0)
    collate = WordingCollator(tokenizer, cfg.data.max_length)
    batches = [collate(rng.sample(task.train, size)) for _ in range(steps + warmup)]
    figures = []
    for what, rows in (("whole padded batches", 0), (f"length chunks of {CHUNK_ROWS}", CHUNK_ROWS)):
        torch.manual_seed(0)
        model = build_reward_model(cfg.model, cfg.loss.head)
        model.chunk_rows = rows
        times = []
        # as train.py teaches it: input embeddings frozen, on one intra-op thread on a CPU (crm.train.reader_beside)
        with trainable_reader(model, embeddings=False), one_thread("cpu"):
            params = [p for p in reader_parts(model).parameters() if p.requires_grad]
            optimizer = torch.optim.AdamW(params, lr=cfg.reader.lr, fused=True)
            model.train()
            for batch in batches:
                start = time.perf_counter()
                logits = model.criteria_classifier(model.read_criteria(batch["input_ids"], batch["attention_mask"]))
                labels = batch["labels"]
                loss = torch.nn.functional.cross_entropy(logits, labels) + polarity_loss(logits, labels, task.paired)
                loss.backward()
                optimizer.step()
                optimizer.zero_grad()
                times.append(time.perf_counter() - start)
        counted = times[warmup:]
        rates = [size / t for t in counted]
        figures.append(
            Figure(
                "reader",
                f"criteria reader steps, {size} wordings: {what}",
                "wordings/s",
                size * len(counted) / sum(counted),
                min(rates),
                max(rates),
                len(counted),
                baseline=not rows,
            )
        )
    real = sum(int(b["attention_mask"].sum()) for b in batches)
    padded = sum(b["attention_mask"].numel() for b in batches)
    figures.append(
        Figure(
            "reader",
            "padding of whole batches (of all padded tokens)",
            "%",
            100 * (1 - real / padded),
            0,
            0,
            len(batches),
            better=None,
        )
    )
    return figures
