"""Teach the quickstart's criteria reader as ``python train.py`` does, with a dev share of its training
wordings kept from it, and print how it reads them: the place to choose the reader's settings.

    python experiments/reader_dev.py [overrides of train.py: reader.polarity_weight=2.0 seed=1]

The test-only wordings are also the criteria every CRM is tested with, so a setting chosen on them would
fit the test set; the dev wordings (``reader.dev_share``, 0.2 here) are training wordings the reader is
not taught. Both accuracies are printed (the test-only one for reference, not for choosing). About 4
minutes per reader on a 2-core CPU; no pairs are read.
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

from crm.config import register_resolvers  # noqa: E402
from crm.models.factory import build_reward_model  # noqa: E402
from crm.models.reader_pretraining import pretrain_reader  # noqa: E402


def main(overrides: list[str]) -> None:
    register_resolvers()
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose("train", overrides=["reader.dev_share=0.2", *overrides])
    if not cfg.get("reader"):
        raise SystemExit("the reader is taught only with reader=classify (the minilm preset's)")
    torch.manual_seed(cfg.seed)
    tokenizer = instantiate(cfg.model.tokenizer)
    model = build_reward_model(cfg.model, cfg.loss.head)
    with tempfile.TemporaryDirectory() as run:
        summary = pretrain_reader(cfg, model, tokenizer, Path(run))
    print(
        f"{' '.join(overrides) or 'defaults'}: dev wordings read right {summary['dev_wording_acc']:.3f}, "
        f"test-only {summary['test_wording_acc']:.3f}, training {summary['train_acc']:.3f} "
        f"({summary['steps']} steps, {summary['seconds_per_step']:.2f} s per step)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
