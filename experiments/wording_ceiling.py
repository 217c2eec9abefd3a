"""How well can the criteria reader's backbone read criteria worded unseen, given all the time it wants?

The two-tower CRM follows a criterion only as well as its reader tells what the criterion asks for:
which family, and which polarity (``reading_ceiling.py`` measures what a perfect reading would give).
Here the reader's backbone is fine-tuned as a plain classifier of (family, polarity), 2 classes per
seen family, on the training wordings alone (the hand-written ones less the test-only ones, the
training paraphrases and the stance grammar), and judged on the test-only wordings every CRM is
tested with. No answers are read: a step costs a fraction of a CRM step, so the classifier can be
trained far longer than the quickstart's reader. Its accuracy on test-only wording bounds what a
reader of this backbone learns from this wording, whatever the pair training around it.

    python experiments/wording_ceiling.py [--steps 600] [--lr 2e-4] [--seeds 0,1] [--frozen] [--save reader.pt]

``--save`` writes the first seed's fine-tuned encoder (a state dict of the reader's backbone), which
``reading_ceiling.py --reader`` judges pairs with. ``--frozen`` trains the linear classifier alone on
the pretrained encoder's mean states (the reader before any fine-tuning). A seed of 380 steps takes
about 8 minutes on 2 cores in fp32 with MiniLM, 62 with all-mpnet-base-v2.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import torch
from hydra import compose, initialize_config_dir
from torch import nn
from transformers import AutoModel, AutoTokenizer

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout

from crm.config import register_configs  # noqa: E402
from crm.data.criteria.wordings import Labelled, reading_task  # noqa: E402
from crm.models.backbones import pool  # noqa: E402
from crm.tables import print_tables  # noqa: E402


class WordingClassifier(nn.Module):
    """The reader's backbone, mean-pooled as the CRM's reader pools it, with a linear classifier."""

    def __init__(self, path: str, classes: int, frozen: bool):
        super().__init__()
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.encoder = AutoModel.from_pretrained(path)
        self.encoder.embeddings.requires_grad_(False)  # as the quickstart's reader (conf/model/minilm.yaml)
        if frozen:
            self.encoder.requires_grad_(False)
        self.classify = nn.Linear(self.encoder.config.hidden_size, classes)

    def forward(self, texts: list[str]) -> torch.Tensor:
        batch = self.tokenizer(texts, padding=True, truncation=True, max_length=128, return_tensors="pt")
        return self.classify(pool(self.encoder(**batch).last_hidden_state, batch["attention_mask"], "mean"))


@torch.no_grad()
def judge(model: WordingClassifier, test: Labelled) -> list[int]:
    model.eval()
    predicted = torch.cat([model([t for t, _ in test[i : i + 64]]).argmax(-1) for i in range(0, len(test), 64)])
    model.train()
    return predicted.tolist()


def scores(predicted: list[int], test: Labelled) -> tuple[float, float, float]:
    """Exact (family and polarity), family, and polarity among the wordings whose family was read right."""
    exact = [p == y for p, (_, y) in zip(predicted, test)]
    family = [p // 2 == y // 2 for p, (_, y) in zip(predicted, test)]
    polarity = [e for e, f in zip(exact, family) if f]
    return statistics.mean(exact), statistics.mean(family), statistics.mean(polarity) if polarity else 0.0


def run(
    path: str, classes, train: Labelled, test: Labelled, args, seed: int
) -> tuple[list[list[str]], list[int], WordingClassifier]:
    torch.manual_seed(seed)
    rng = random.Random(seed)
    model = WordingClassifier(path, len(classes), args.frozen)
    optimizer = torch.optim.AdamW(
        [
            {"params": [p for p in model.encoder.parameters() if p.requires_grad], "lr": args.lr},
            {"params": model.classify.parameters(), "lr": 1e-3},
        ],
        weight_decay=0.01,
    )
    rows, started = [], time.perf_counter()
    for step in range(1, args.steps + 1):
        batch = rng.sample(train, args.batch_size)
        loss = nn.functional.cross_entropy(model([t for t, _ in batch]), torch.tensor([y for _, y in batch]))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % args.eval_every == 0 or step == args.steps:
            predicted = judge(model, test)
            exact, family, polarity = scores(predicted, test)
            elapsed = time.perf_counter() - started
            rows.append([str(seed), str(step), f"{elapsed:.0f}", f"{exact:.3f}", f"{family:.3f}", f"{polarity:.3f}"])
            print(" ".join(rows[-1]), flush=True)
    return rows, predicted, model


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-4, help="the encoder's (the classifier's: 1e-3)")
    parser.add_argument("--eval-every", type=int, default=100)
    parser.add_argument("--seeds", default="0,1")
    parser.add_argument("--frozen", action="store_true", help="train the linear classifier alone")
    parser.add_argument("--save", type=Path, help="write the first seed's encoder here (for reading_ceiling.py)")
    parser.add_argument("overrides", nargs="*", help="hydra overrides of train.py (model, held-out families)")
    args = parser.parse_args(argv)
    register_configs()
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose("train", overrides=args.overrides)
    heldout = set(cfg.data.attributes.heldout_families)
    task = reading_task(heldout)
    classes, train, test = task.classes, task.train, task.test
    print(f"{len(classes)} classes, {len(train)} training wordings, {len(test)} test-only wordings", flush=True)
    progress, by_family = [], defaultdict(list)
    for index, seed in enumerate(int(s) for s in args.seeds.split(",")):
        rows, predicted, model = run(cfg.model.backbone.pretrained, classes, train, test, args, seed)
        if args.save and index == 0:
            torch.save(model.encoder.state_dict(), args.save)
            print(f"saved the encoder of seed {seed} to {args.save}", flush=True)
        progress += rows
        for p, (_, y) in zip(predicted, test):
            by_family[classes[y][0]].append(p == y)
    header = ["seed", "step", "seconds", "exact", "family", "polarity | family right"]
    family_rows = [[f, str(len(v)), f"{statistics.mean(v):.3f}"] for f, v in sorted(by_family.items())]
    what = "frozen encoder, linear classifier" if args.frozen else f"encoder fine-tuned at lr {args.lr:g}"
    print_tables(
        [
            (f"Reading test-only wording: {what}", header, progress),
            ("Exact reading at the last step, per family (all seeds)", ["family", "wordings", "exact"], family_rows),
        ]
    )


if __name__ == "__main__":
    main(sys.argv[1:])
