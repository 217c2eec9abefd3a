"""Teach the quickstart's criteria reader as ``python train.py`` does, with a dev share of its training
wordings kept from it, and print how it reads them: the place to choose the reader's settings.

    python experiments/reader_dev.py [overrides of train.py: reader.polarity_weight=2.0 seed=1]

The test-only wordings are also the criteria every CRM is tested with, so a setting chosen on them would
fit the test set; the dev wordings (``reader.dev_share``, 0.2 here) are training wordings the reader is
not taught. Both accuracies are printed (the test-only one for reference, not for choosing). About 4
minutes per reader on a 2-core CPU; no pairs are read. The dev wordings are also read in two parts:
the hand-written ones (training paraphrases; their dev share does not change when the stance grammar
grows, so grammar changes compare on them) and the grammar's.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import torch
from hydra import compose, initialize_config_dir
from hydra.utils import instantiate

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout

from crm.config import register_configs  # noqa: E402
from crm.data.criteria.taxonomy import FAMILIES  # noqa: E402
from crm.data.criteria.wordings import Labelled, reading_task  # noqa: E402
from crm.models.factory import build_reward_model  # noqa: E402
from crm.train.reader_stage import WordingCollator, pretrain_reader  # noqa: E402


@torch.no_grad()
def read_right(model, collate: WordingCollator, wordings: Labelled) -> float:
    """The share of ``wordings`` the taught reader's classifier reads as their own class."""
    model.eval()
    right = 0
    for start in range(0, len(wordings), 64):
        batch = collate(wordings[start : start + 64])
        reading = model.read_criteria(batch["input_ids"], batch["attention_mask"])
        logits = model.criteria_classifier(reading.to(model.criteria_classifier.weight.dtype))
        right += int((logits.argmax(-1) == batch["labels"]).sum())
    return right / len(wordings)


def main(overrides: list[str]) -> None:
    register_configs()
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose("train", overrides=["reader.dev_share=0.2", *overrides])
    if not cfg.get("reader"):
        raise SystemExit("the reader is taught only with reader=classify (the minilm preset's)")
    torch.manual_seed(cfg.seed)
    tokenizer = instantiate(cfg.model.tokenizer)
    model = build_reward_model(cfg.model, cfg.loss.head)
    with tempfile.TemporaryDirectory() as run:
        summary = pretrain_reader(cfg, model, tokenizer, Path(run))
    heldout = cfg.data.attributes.heldout_families
    composed = {t for f in FAMILIES.values() for p in ("pos", "neg") for t in f.texts(p, "grammar")}
    dev = reading_task(heldout, cfg.reader.dev_share).dev
    collate = WordingCollator(tokenizer, cfg.data.max_length)
    parts = {
        "hand-written": [item for item in dev if item[0] not in composed],
        "grammar": [item for item in dev if item[0] in composed],
    }
    print(
        f"{' '.join(overrides) or 'defaults'}: dev wordings read right {summary['dev_wording_acc']:.3f}, "
        f"test-only {summary['test_wording_acc']:.3f}, training {summary['train_acc']:.3f} "
        f"({summary['steps']} steps, {summary['seconds_per_step']:.2f} s per step); dev wordings by kind: "
        + ", ".join(f"{kind} {read_right(model, collate, items):.3f} (n={len(items)})" for kind, items in parts.items())
    )


if __name__ == "__main__":
    main(sys.argv[1:])
