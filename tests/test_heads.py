"""The head as one object: what it judges and how its judgements combine; no other module names a head,
and a new head is one new file in crm/heads/."""

from __future__ import annotations

import ast
import inspect
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from torch import nn

from crm.heads import HEADS, head_named
from crm.stats import sigmoid

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "crm"
REGISTRY = PACKAGE / "heads"


def test_no_module_outside_the_head_registry_compares_a_heads_name():
    names = set(HEADS)
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.is_relative_to(REGISTRY):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                constants = [c for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)]
                if any(c.value in names for c in constants):
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not found, f"compares a head's name (ask crm.heads instead): {found}"


def test_the_tie_aware_head_is_named_in_its_own_file_alone():
    head = head_named("bt_ties")
    own = Path(inspect.getfile(type(head)))
    words = re.compile("|".join(map(re.escape, (head.name, type(head).__name__, "kupper", "tie_margin"))), re.I)
    paths = [*PACKAGE.rglob("*.py"), ROOT / "evaluate.py", ROOT / "train.py", *(ROOT / "benchmarks").rglob("*.py")]
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in paths
        if path != own
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if words.search(line)
    ]
    assert own.parent == REGISTRY and not found, f"names the tie-aware head outside {own.name}: {found}"


def test_each_module_of_the_registry_is_one_head():
    modules = sorted(f"crm.heads.{module.name}" for module in pkgutil.iter_modules([str(REGISTRY)]))
    assert sorted(type(head).__module__ for head in HEADS.values()) == modules


def test_a_new_file_in_the_registry_is_a_new_head(tmp_path):
    registry = shutil.copytree(REGISTRY, tmp_path / "heads", ignore=shutil.ignore_patterns("__pycache__"))
    (registry / "margin_free.py").write_text(
        "from crm.heads import register\n"
        "from crm.heads.bradley_terry import BradleyTerry\n\n\n"
        "@register\n"
        "class MarginFree(BradleyTerry):\n"
        "    name = 'margin_free'\n"
    )
    script = (
        "import crm\n"
        f"crm.__path__.insert(0, {str(tmp_path)!r})  # crm.heads from the copy, the rest from crm\n"
        "from crm.heads import HEADS, head_named\n"
        "print(sorted(HEADS), head_named('margin_free').judged(2), sep='\\n')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [str(sorted([*HEADS, "margin_free"])), "[(0,), (1,)]"]


def test_a_pointwise_head_prefers_by_the_reward_margin_and_a_pairwise_one_averages_both_orders():
    rewards = [0.3, -1.2, 2.0]
    bt = head_named("bt").preferences(lambda i: rewards[i], 3)
    assert head_named("bt").judged(3) == [(0,), (1,), (2,)]
    assert bt[0, 1] == sigmoid(0.3 - -1.2) and np.allclose(bt + bt.T, 1.0) and np.all(np.diag(bt) == 0.5)
    first = {(0, 1): 0.9, (1, 0): 0.4, (0, 2): 0.2, (2, 0): 0.7, (1, 2): 0.5, (2, 1): 0.6}
    cls = head_named("cls").preferences(lambda i, j: first[(i, j)], 3)
    assert sorted(head_named("cls").judged(3)) == sorted(first)
    assert cls[0, 1] == pytest.approx((0.9 + 1 - 0.4) / 2) and np.allclose(cls + cls.T, 1.0)
    many = {k: np.array([v, 1 - v]) for k, v in first.items()}  # two sets at once: the result ends with them
    both = head_named("cls").preferences(lambda i, j: many[(i, j)], 3)
    assert both.shape == (3, 3, 2) and np.array_equal(both[..., 0], cls)
    assert np.array_equal(head_named("bt").preferences(lambda i: np.array([rewards[i]] * 2), 3)[..., 1], bt)


def test_each_head_makes_its_training_rows_loss_and_accuracy():
    features = [{"chosen": "c1", "rejected": "r1"}, {"chosen": "c2", "rejected": "r2"}]
    rows, beside = head_named("bt").training_rows(features)
    assert rows == ["c1", "c2", "r1", "r2"] and beside == {}
    loss, predicted, target = head_named("bt").step(torch.tensor([[2.0], [0.0], [1.0], [1.0]]), {})
    assert predicted.tolist() == [1, 0] and target.tolist() == [1, 1]
    margins = torch.tensor([1.0, -1.0])
    assert loss.item() == pytest.approx(-nn.functional.logsigmoid(margins).mean().item())
    rows, beside = head_named("cls").training_rows([{"pair": "p1", "label": 1}, {"pair": "p2", "label": 0}])
    assert rows == ["p1", "p2"] and beside == {"labels": [1, 0]}
    loss, predicted, _ = head_named("cls").step(
        torch.tensor([[0.0, 2.0], [0.0, 2.0]]), {"labels": torch.tensor([1, 0])}
    )
    assert predicted.tolist() == [1, 0]
    assert head_named("bt").outputs == 1 and head_named("cls").outputs == 2


def test_an_unknown_head_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown head 'davidson'; expected one of \('bt', 'cls', 'bt_ties'\)"):
        head_named("davidson")


def test_the_tie_aware_head_gives_a_tie_its_probability_and_counts_it_half_to_each_side():
    ties, bt = head_named("bt_ties"), head_named("bt")
    margins = np.array([-6.0, -1.0, 0.0, 0.4, 3.0])
    first, tie, second = ties.outcomes(margins)
    assert np.allclose(first + tie + second, 1.0) and np.all(tie > 0) and tie[2] == tie.max()
    assert np.allclose(ties.pair_probability(margins), first + tie / 2)
    assert np.allclose(ties.pair_probability(margins) + ties.pair_probability(-margins), 1.0)
    assert np.all(np.diff(ties.pair_probability(margins)) > 0)  # the same ranking as the margin's
    assert np.all(bt.outcomes(margins)[1] == 0) and np.allclose(bt.pair_probability(margins), sigmoid(margins))


def test_the_rao_kupper_loss_is_the_likelihood_and_a_tie_pulls_the_margin_to_zero():
    from crm.heads.rao_kupper import rao_kupper_loss

    e = head_named("bt_ties").tie_margin
    chosen, rejected = torch.tensor([0.5, 2.0, -1.0, 0.2]), torch.tensor([0.0, 0.0, 0.5, 0.2])
    ties = torch.tensor([False, True, True, True])
    d = (chosen - rejected).double()
    expected = torch.where(
        ties, -torch.log(torch.sigmoid(d + e) - torch.sigmoid(d - e)), -torch.log(torch.sigmoid(d - e))
    )
    assert torch.allclose(rao_kupper_loss(chosen, rejected, ties, e), expected.mean().float(), atol=1e-6)
    margin = torch.tensor([1.5], requires_grad=True)
    rao_kupper_loss(margin, torch.zeros(1), torch.tensor([True]), e).backward()
    assert margin.grad.item() > 0  # a tie's margin goes down towards 0
    far = rao_kupper_loss(torch.tensor([60.0]), torch.zeros(1), torch.tensor([True]), e)
    assert torch.isfinite(far) and far.item() > 50  # stable far from zero


def test_the_tie_aware_head_trains_on_the_ties_and_reports_them(compose_train, tmp_path):
    from crm.data.schema import write_samples
    from crm.evaluation.scorers import CRMScorer
    from crm.evaluation.ties import tie_results
    from crm.inference import load_crm
    from crm.train.run import train
    from tests.conftest import TINY_TRAIN, files_override, tiny_split

    files = {}
    for split, n, seed in (("train", 16, 1), ("val", 4, 2), ("test", 6, 3)):
        samples = tiny_split(n, seed)
        for sample in samples[::3]:  # a third of each split: ties, as votes record them
            sample.preference = sample.human_winner = "tie"
            sample.a_criteria = sample.b_criteria = None
        files[split] = str(tmp_path / f"{split}.jsonl")
        write_samples(files[split], samples)
    steps = ("trainer.max_steps=3", "trainer.val_check_interval=3", "trainer.limit_val_batches=1")
    cfg = compose_train(*TINY_TRAIN, "head=bt_ties", files_override(files), *steps)
    assert cfg.loss.head == "bt_ties" and cfg.data.include_ties
    metrics, objects = train(cfg)
    report = objects["datamodule"].reports["train"]
    assert report.ties_excluded == 0 and "test/queries_original/acc" in metrics
    crm = load_crm(tmp_path / "run", precision="fp32")
    assert crm.head.name == "bt_ties"
    test_ties = [s for s in tiny_split(6, 3)[::3]]
    for s in test_ties:
        s.preference = "tie"
    results = tie_results({"crm": CRMScorer(crm)}, {"test": test_ties})["crm"]["test"]
    assert results["ties"] == 2 and results["head"] == "bt_ties" and 0.0 < results["mean_p_tie"] < 1.0


def test_a_set_of_responses_reads_its_preferences_by_its_heads_rule():
    from crm.scoring.response_sets import SetScores

    ties = head_named("bt_ties")
    scores = SetScores([0.4, -0.8], margin_probability=ties.pair_probability)
    assert scores.preference(0, 1) == pytest.approx(float(ties.pair_probability(1.2)))
    assert SetScores([0.4, -0.8]).preference(0, 1) == pytest.approx(float(sigmoid(1.2)))
