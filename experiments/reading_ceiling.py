"""How much reading the criteria limits a two-tower CRM: the accuracy it would reach if it read every
criterion right.

An oracle reader replaces the criteria text by its (family, polarity) label: a reward head of the
CRM's own form (``w.a + <E[label], V a>``) is trained on the frozen answer tower's descriptions of the
training pairs, then judged on the test pairs of the seen families. The gap between this ceiling and
the trained CRM is what reading criteria worded unseen costs; the ceiling itself is what the frozen
answer description allows.

    python experiments/reading_ceiling.py [--reader PATH] [overrides of train.py: data.attributes.per_query=2]

With ``model.answer_layout=true`` the oracle is also fitted on the tower's description with each
answer's layout (:mod:`crm.data.layout`) beside it, and on the layout alone: what the layout adds to
what the tower sees, and how much of a family's pairs the layout alone would tell apart.

``--reader`` also judges with a real reader held fixed: the reader's backbone loaded from PATH (the
encoder ``wording_ceiling.py --save`` wrote, or a CRM run's Lightning checkpoint) reads each pair's
criteria text, and the same head, its criteria vector now ``U r`` of that reading, is trained to
convergence on the frozen descriptions. It separates what the reader reads from what the CRM's short
training leaves of the head. A run's ``reader.pt`` that kept its criteria classifier (``model.criteria_classes``)
also gets a head told the classifier's posterior beside the reading,
and a table of how the classifier reads each test pair's criteria: as asked, backwards, or as another family.

``--reader-backbone NAME_OR_DIR`` makes the reader of ``--reader`` (an encoder ``wording_ceiling.py
--save`` wrote) one of another backbone than the answer tower's: a directory, or a name of
crm/pypi_weights.py such as ``all_mpnet_base_v2``. It reads each criterion's text alone with its own
tokenizer, mean-pooled and added up over the pair's criteria as the CRM's reader does, while the
answers are described by the model's tower as always. Given the tower's own backbone, it compares
readers by one path.

Describing the ~9,000 answers takes about a minute on 2 cores in bf16, rendering the pairs about
three; the heads train in seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import torch
from hydra import compose, initialize_config_dir
from torch import nn
from transformers import AutoModel, AutoTokenizer

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout

from crm.config import register_configs  # noqa: E402
from crm.data.criteria.wordings import reading_task  # noqa: E402
from crm.inference import score_batches  # noqa: E402
from crm.models.backbones import pool  # noqa: E402
from crm.models.factory import build_reward_model  # noqa: E402
from crm.models.head_terms import CriteriaInteraction  # noqa: E402
from crm.precision import inference_plan  # noqa: E402
from crm.pypi_weights import PACKAGES, local_checkpoint  # noqa: E402
from crm.scoring.tower_memory import TowerMemory  # noqa: E402
from crm.tables import print_tables  # noqa: E402
from crm.train.run import build_data  # noqa: E402

# the test pairs of the seen families; those of the held-out families (a fixed reader only: no oracle label)
SPLITS = {"train": "train", "test": "queries_original", "heldout": "new_criteria_original"}


def judged_pairs(datamodule, split: str):
    """(chosen row, rejected row, family, polarity asked for) for every attribute pair under both polarities."""
    dataset = datamodule.datasets[split]
    for index, sample in enumerate(dataset.samples):
        if sample.source != "attribute_pairs":
            continue
        for direction in ("original", "reverse"):
            drawn = dataset.draw(index, direction)
            encoded = dataset.renderer.encode_sample(drawn)
            side = "a" if drawn.preference == "model_a" else "b"
            label = (sample.extra["family"], sample.extra[f"{side}_polarity"])
            yield encoded["chosen"].features(), encoded["rejected"].features(), label, drawn.criteria


def encoded(towers: TowerMemory, tokenizer, rows: list[dict], plan, tower: str) -> torch.Tensor:
    """Each row's criteria reading (``tower="criteria"``; with a criteria classifier, its posterior
    after the reading) or frozen answer description (``"answer"``), exactly as the CRM computes them:
    batched, in the precision of :func:`crm.inference.score_batches`, each distinct text once."""

    model = towers.model

    def forward(input_ids, attention_mask, token_type_ids, **told):  # these heads are not told lengths or layouts
        criteria, answer = model.split_segments(input_ids, attention_mask, token_type_ids)
        if tower == "answer":
            return model.described(*answer, towers)[0]
        reading, posterior = model.criteria_vectors(*criteria, towers)
        return reading if posterior is None else torch.cat([reading, posterior], dim=1)

    return score_batches(rows, tokenizer, forward, plan, batch_size=64)


@torch.no_grad()
def text_readings(backbone: str, weights: dict[str, torch.Tensor], criteria: list[list[str]], plan) -> torch.Tensor:
    """Each pair's reading by an encoder of ``backbone`` holding ``weights`` (``backbone.*``): each
    distinct criterion read alone, mean-pooled, and added up over the pair's criteria, in the plan's
    precision and length-sorted batches, as :func:`encoded` reads."""
    tokenizer = AutoTokenizer.from_pretrained(backbone)
    encoder = AutoModel.from_pretrained(backbone).eval()
    state = {k.removeprefix("backbone."): v for k, v in weights.items() if k.startswith("backbone.")}
    if missing := encoder.load_state_dict(state, strict=False).missing_keys:
        raise SystemExit(f"the reader's weights are not of {backbone}: missing {missing[:5]}")
    texts = sorted({text for texts in criteria for text in texts})
    rows = [dict(tokenizer(text, truncation=True, max_length=128)) for text in texts]

    def forward(input_ids, attention_mask, **told):
        hidden = encoder(input_ids=input_ids, attention_mask=attention_mask, **told).last_hidden_state
        return pool(hidden, attention_mask, "mean")

    read = dict(zip(texts, score_batches(rows, tokenizer, forward, plan, batch_size=64)))
    return torch.stack([torch.stack([read[text] for text in texts]).sum(0) for texts in criteria])


class OracleHead(nn.Module):
    """The two-tower reward with the criteria reading replaced by a learned vector per (family, polarity)."""

    def __init__(self, labels: int, size: int, rank: int):
        super().__init__()
        self.score = nn.Linear(size, 1)
        self.criteria = nn.Embedding(labels, rank)
        self.answer = nn.Linear(size, rank, bias=False)

    def forward(self, answers: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        interaction = (self.criteria(labels) * self.answer(answers)).sum(-1) / self.criteria.embedding_dim**0.5
        return self.score(answers).squeeze(-1) + interaction


class ReadingHead(nn.Module):
    """The CRM's head on a fixed reader's reading ``r`` of the criteria text: ``w.a + <U r, V a>``, and
    with ``classes`` its criteria classifier's posterior ``p`` too, ``w.a + <U r + E p, V a>``
    (``readings`` then holds ``[r, p]``)."""

    def __init__(self, reading_size: int, size: int, rank: int, classes: int = 0):
        super().__init__()
        self.score = nn.Linear(size, 1)
        self.interaction = CriteriaInteraction(reading_size, size, rank, classes)
        self.reading_size = reading_size

    def forward(self, answers: torch.Tensor, readings: torch.Tensor) -> torch.Tensor:
        reading, posterior = readings[:, : self.reading_size], readings[:, self.reading_size :]
        interaction = self.interaction(reading, answers, posterior if posterior.size(1) else None)
        return self.score(answers).squeeze(-1) + interaction.squeeze(-1)


READER_PARTS = ("backbone.", "criteria_classifier.")


def reader_weights(path: Path) -> dict[str, torch.Tensor]:
    """The reader's weights (and its criteria classifier's) under ``TwoTowerCRM``'s names: from an encoder
    saved by ``wording_ceiling.py --save``, a run's ``reader.pt`` or a CRM run's Lightning checkpoint."""
    state = torch.load(path, map_location="cpu", weights_only=False)
    if "state_dict" in state:  # a Lightning checkpoint of a CRM run
        state = {k.removeprefix("model."): v for k, v in state["state_dict"].items()}
        return {k: v for k, v in state.items() if k.startswith(READER_PARTS)}
    if any(k.startswith(READER_PARTS) for k in state):  # a run's reader.pt
        return state
    return {f"backbone.{k}": v for k, v in state.items()}  # an encoder alone


def classifier_rows(
    towers: TowerMemory, tokenizer, rows: list[dict], labels: list[tuple[str, str]], classes
) -> list[list[str]]:
    """How a CRM's criteria classifier reads judged pairs' criteria (its argmax per row the reader reads,
    ``TwoTowerCRM.criteria_pieces``): by the number of criteria, the share of pairs where a criterion is
    read as the (family, polarity) asked for, as that family with the other polarity (the pair is then
    judged backwards), or as neither."""
    outcomes = defaultdict(list)
    for start in range(0, len(rows), 64):
        batch = tokenizer.pad(rows[start : start + 64], return_tensors="pt")
        model = towers.model
        criteria = model.split_segments(batch["input_ids"], batch["attention_mask"], batch["token_type_ids"])[0]
        ids, mask, owner = model.criteria_pieces(*criteria)
        with torch.no_grad():
            named = model.criteria_posterior(towers.read(model, ids, mask)).argmax(-1)
        for i, (family, polarity) in enumerate(labels[start : start + 64]):
            read = [classes[c] for c in named[owner == i].tolist()]
            if (family, polarity) in read:
                outcomes[len(read)].append("asked")
            else:
                outcomes[len(read)].append("other polarity" if any(f == family for f, _ in read) else "other family")
    groups = [(f"{n}", group) for n, group in sorted(outcomes.items())]
    groups.append(("all pairs", [o for group in outcomes.values() for o in group]))
    kinds = ("asked", "other polarity", "other family")
    return [[name, str(len(group))] + [f"{group.count(k) / len(group):.3f}" for k in kinds] for name, group in groups]


def accuracy_rows(right: list[bool], families: list[str]) -> list[list[str]]:
    """Per-family accuracy rows, then all pairs and the mean over families (lowest)."""
    by_family = defaultdict(list)
    for family, ok in zip(families, right):
        by_family[family].append(ok)
    rows = [[f, str(len(v)), f"{statistics.mean(v):.3f}"] for f, v in sorted(by_family.items())]
    means = [statistics.mean(v) for v in by_family.values()]
    rows.append(["all pairs", str(len(right)), f"{statistics.mean(right):.3f}"])
    rows.append(["mean over families (min)", str(len(by_family)), f"{statistics.mean(means):.3f} ({min(means):.3f})"])
    return rows


def layouts(rows: list[dict]) -> torch.Tensor | None:
    """The rows' answer layouts (``model.answer_layout``), or None where they carry none."""
    return torch.tensor([row["answer_layout"] for row in rows]) if rows and "answer_layout" in rows[0] else None


def oracle_descriptions(data: dict) -> dict[str, dict]:
    """What the oracle head is fitted on: the tower's descriptions, and with layouts, those beside the
    layouts and the layouts alone; each a split -> (chosen, rejected) of the ``data`` of :func:`main`."""
    views = {"the tower's description": {n: d[:2] for n, d in data.items()}}
    if data["train"][4] is not None:
        views["the tower's description and the layout"] = {
            n: tuple(torch.cat([d[i], d[4][i]], 1) for i in (0, 1)) for n, d in data.items()
        }
        views["the layout alone"] = {n: d[4] for n, d in data.items()}
    return views


def fit(head: nn.Module, chosen, rejected, labels, epochs: int = 8, batch_size: int = 128) -> None:
    optimizer = torch.optim.AdamW(head.parameters(), lr=1e-3, weight_decay=0.01)
    for _ in range(epochs):
        for index in torch.randperm(len(labels)).split(batch_size):
            margin = head(chosen[index], labels[index]) - head(rejected[index], labels[index])
            loss = -nn.functional.logsigmoid(margin).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reader", type=Path, help="also judge with this reader held fixed (see above)")
    parser.add_argument(
        "--reader-backbone", help="the backbone of --reader when not the model's: a directory or a name"
    )
    parser.add_argument("--epochs", type=int, default=8, help="epochs of each head's fit (8: converged)")
    parser.add_argument("overrides", nargs="*", help="hydra overrides of train.py")
    args = parser.parse_args(argv)
    torch.manual_seed(0)
    register_configs()
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        overrides = ["data.max_val_samples=null", "data.max_test_samples=null", *args.overrides]
        cfg = compose("train", overrides=overrides)
    if cfg.model.architecture != "two_tower":
        raise SystemExit("the ceiling is of a two-tower CRM: it needs a two-tower model preset (model=minilm)")
    tokenizer, datamodule = build_data(cfg)
    datamodule.setup("fit")
    model = build_reward_model(cfg.model, cfg.loss.head).eval()
    if args.reader and not args.reader_backbone:
        if unexpected := model.load_state_dict(reader_weights(args.reader), strict=False).unexpected_keys:
            raise SystemExit(f"{args.reader}: weights this model does not have: {unexpected[:5]}")
    towers = TowerMemory(model)  # each answer described once, each criteria text read once
    towers.remember_readings = True
    plan = inference_plan("cpu", "auto")
    data, judged_rows = {}, {}
    for name, split in SPLITS.items():
        if name == "heldout" and not args.reader:
            continue
        chosen, rejected, labels, criteria = zip(*judged_pairs(datamodule, split))
        readings = None
        if args.reader_backbone:
            backbone = args.reader_backbone
            backbone = local_checkpoint(backbone) if backbone in PACKAGES else backbone
            readings = text_readings(backbone, reader_weights(args.reader), list(criteria), plan)
        elif args.reader:
            readings = encoded(towers, tokenizer, list(chosen), plan, "criteria")
        answers = tuple(encoded(towers, tokenizer, list(rows), plan, "answer") for rows in (chosen, rejected))
        layout = (layouts(list(chosen)), layouts(list(rejected)))
        data[name] = (*answers, labels, readings, None if layout[0] is None else layout)
        judged_rows[name] = list(chosen)
        print(f"{name}: {len(labels)} judged pairs, {len(towers.answers)} answers described so far", flush=True)
    index = {label: i for i, label in enumerate(sorted(set(data["train"][2])))}
    labels = data["test"][2]
    keep = [i for i, label in enumerate(labels) if label in index]
    test_labels = torch.tensor([index[labels[i]] for i in keep])
    families = [labels[i][0] for i in keep]
    tables = []
    for described, view in oracle_descriptions({n: data[n] for n in ("train", "test")}).items():
        head = OracleHead(len(index), view["train"][0].size(1), cfg.model.interaction)
        fit(head, *view["train"], torch.tensor([index[label] for label in data["train"][2]]), args.epochs)
        with torch.no_grad():
            right = (head(view["test"][0][keep], test_labels) > head(view["test"][1][keep], test_labels)).tolist()
        title = f"Oracle criteria reading, {described}: accuracy on the seen families' test pairs"
        tables.append((title, accuracy_rows(right, families)))
    chosen = data["test"][0]
    if args.reader:
        reader_classifier = model.criteria_classifier if not args.reader_backbone else None
        classes = reader_classifier.out_features if reader_classifier is not None else 0
        size = data["train"][3].size(1) - classes  # the reading's, before the posterior
        heads = {"": (size, 0)}  # what the head is told: (the reading's size, the posterior's)
        if classes:
            heads[" and its classifier's posterior"] = (size, classes)
        for told, (told_size, told_classes) in heads.items():
            views = {name: data[name][3][:, size - told_size : size + told_classes] for name in data}
            reading_head = ReadingHead(told_size, chosen.size(1), cfg.model.interaction, told_classes)
            fit(reading_head, data["train"][0], data["train"][1], views["train"], args.epochs)
            for name, what in (("test", "seen"), ("heldout", "held-out")):
                chosen, rejected, labels = data[name][:3]
                with torch.no_grad():
                    right = (reading_head(chosen, views[name]) > reading_head(rejected, views[name])).tolist()
                title = f"The reader of {args.reader.name}{told} held fixed, a head fitted to convergence: {what}"
                tables.append((title, accuracy_rows(right, [family for family, _ in labels])))
    print_tables([(title, ["family", "pairs judged", "accuracy"], rows) for title, rows in tables])
    if args.reader and not args.reader_backbone and model.criteria_classifier is not None:
        classes = reading_task(cfg.data.attributes.heldout_families).classes
        rows = classifier_rows(towers, tokenizer, judged_rows["test"], data["test"][2], classes)
        title = f"How the classifier of {args.reader.name} reads the criteria of the seen families' test pairs"
        print_tables([(title, ["criteria in the pair", "pairs", "asked for", "other polarity", "other family"], rows)])


if __name__ == "__main__":
    main(sys.argv[1:])
