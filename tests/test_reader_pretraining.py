"""Reader pretraining: the criteria-reading task's wordings, teaching a two-tower CRM's reader, and the
quickstart's two stages end to end (the reader taught, then held fixed while the head learns)."""

import json
import logging
import os
from functools import partial

import pytest
import torch

from crm.data.criteria.taxonomy import FAMILIES
from crm.data.criteria.wordings import reading_task
from crm.data.layout import LAYOUT_FEATURES
from crm.data.schema import read_samples
from crm.inference import CRM, load_crm
from crm.models.backbones import freeze_lower
from crm.models.factory import assemble
from crm.models.spec import CrossEncoderSpec
from crm.train.plan import RunTooLong
from crm.train.reader_stage import READER_FILE, polarity_loss, pretrain_reader
from crm.train.run import train
from tests.conftest import TINY_TRAIN, files_override, tiny_bert, tiny_two_tower_model

HELDOUT = ["hedging", "examples"]


def test_the_reading_task_holds_out_families_and_test_wording():
    task = reading_task(HELDOUT)
    paired = task.classes[: task.paired]
    families = {family for family, _ in paired}
    assert families == {n for n, f in FAMILIES.items() if f.verified} - set(HELDOUT)
    assert len(paired) == 2 * len(families) and all(p in ("pos", "neg") for _, p in paired)
    assert task.classes[task.paired :] == [("quality", "pos")]  # one polarity: nobody asks for the worse answer
    train_texts = {text for text, _ in task.train}
    assert task.test and not train_texts & {text for text, _ in task.test}  # test-only wording stays unseen
    assert {label for _, label in task.train} == set(range(len(task.classes)))
    assert reading_task(HELDOUT) == task  # deterministic
    # the paired classes come in (pos, neg) pairs of one family: what polarity_loss relies on
    assert all(task.classes[i] == (task.classes[i + 1][0], "pos") for i in range(0, task.paired, 2))
    assert all(task.classes[i][1] == "neg" for i in range(1, task.paired, 2))


def test_a_dev_share_keeps_training_wordings_from_the_reader_the_same_way_everywhere():
    full = reading_task(HELDOUT)
    split = reading_task(HELDOUT, dev_share=0.2)
    assert not full.dev and split.classes == full.classes and split.test == full.test
    assert sorted(split.train + split.dev) == sorted(full.train)  # nothing lost, nothing added
    assert not {t for t, _ in split.train} & {t for t, _ in split.dev}
    assert 0.15 < len(split.dev) / len(full.train) < 0.25
    assert reading_task(HELDOUT, dev_share=0.2) == split  # a stable hash: the same split on every machine
    assert {label for _, label in split.dev} == set(range(len(split.classes)))  # every class judged


def test_the_polarity_term_weighs_only_the_same_familys_other_polarity():
    labels = torch.tensor([0, 3])  # family 0 "pos", family 1 "neg"
    logits = torch.zeros(2, 7)  # three paired families, then a class of one polarity (quality)
    loss = partial(polarity_loss, paired=6)
    assert loss(logits, labels).item() == pytest.approx(torch.log(torch.tensor(2.0)).item())
    other_family = logits.clone()
    other_family[0, 4], other_family[1, 0] = 9.0, 9.0  # another family's class, however likely
    assert loss(other_family, labels).item() == pytest.approx(loss(logits, labels).item())
    misread = logits.clone()
    misread[0, 1], misread[1, 2] = 3.0, 3.0  # the right family, the other polarity
    read = logits.clone()
    read[0, 0], read[1, 3] = 3.0, 3.0
    assert loss(misread, labels) > 3.0 > 0.05 > loss(read, labels)
    # the unpaired class has no other polarity: it adds nothing, and alone gives no loss at all
    assert loss(torch.zeros(3, 7), torch.tensor([0, 3, 6])).item() == pytest.approx(loss(logits, labels).item())
    assert loss(logits[:1], torch.tensor([6])).item() == 0.0


def reader_cfg(compose_train, steps: int = 3):
    return compose_train(
        "model=minilm",
        "trainer=cpu",
        "trainer.precision=32-true",
        "trainer.enable_progress_bar=false",
        f"reader.steps={steps}",
        "reader.batch_size=8",
        f"data.attributes.heldout_families=[{','.join(HELDOUT)}]",
    )


def fp32_quickstart(files: dict[str, str], *more: str) -> list[str]:
    """The quickstart's two stages (model=minilm) on tiny files in fp32, as the tests below compose them."""
    options = [o for o in TINY_TRAIN if not o.startswith(("model=", "trainer.check_val_every_n_epoch"))]
    return [*options, "model=minilm", "trainer.precision=32-true", files_override(files), *more]


def test_the_reader_is_taught_then_frozen_again_and_a_rerun_loads_it(compose_train, minilm_tokenizer, tmp_path):
    cfg = reader_cfg(compose_train)
    model = tiny_two_tower_model()
    freeze_lower(model.backbone, layers="all")
    before = {k: v.clone() for k, v in model.backbone.state_dict().items()}
    summary = pretrain_reader(cfg, model, minilm_tokenizer, tmp_path)
    after = model.backbone.state_dict()
    assert summary["steps"] == 3 and summary["classes"] == 2 * (sum(f.verified for f in FAMILIES.values()) - 2) + 1
    assert 0.0 <= summary["test_wording_acc"] <= 1.0
    assert not torch.equal(after["encoder.layer.1.output.dense.weight"], before["encoder.layer.1.output.dense.weight"])
    assert torch.equal(after["embeddings.word_embeddings.weight"], before["embeddings.word_embeddings.weight"])
    assert model.reader_frozen and not model.backbone.training  # held fixed for the pair training
    assert model.answer_tower.state_dict()["encoder.layer.0.output.dense.weight"].equal(
        tiny_two_tower_model().answer_tower.state_dict()["encoder.layer.0.output.dense.weight"]
    )  # the answer tower is never taught

    again = tiny_two_tower_model()  # a killed run started again in its directory: the reader is not retaught
    assert pretrain_reader(cfg, again, minilm_tokenizer, tmp_path) == summary  # and reports what teaching it did
    assert all(torch.equal(v, after[k]) for k, v in again.backbone.state_dict().items())


def test_a_reader_built_frozen_is_taught_in_training_mode(compose_train, minilm_tokenizer, tmp_path):
    """Dropout asked of the reader (``model.backbone.config_overrides``) acts while it is taught."""
    model = tiny_two_tower_model()
    freeze_lower(model.backbone, layers="all")
    model.train()
    assert not model.backbone.training  # a frozen reader sits in eval mode
    modes = []
    model.backbone.register_forward_pre_hook(lambda module, args: modes.append(module.training))
    pretrain_reader(reader_cfg(compose_train), model, minilm_tokenizer, tmp_path)
    assert modes[:3] == [True, True, True]  # the three taught steps
    assert not model.backbone.training  # frozen again afterwards


def test_a_kept_criteria_classifier_is_taught_saved_with_the_reader_and_frozen(
    compose_train, minilm_tokenizer, tmp_path
):
    cfg = reader_cfg(compose_train)
    classes = len(reading_task(HELDOUT).classes)
    model = tiny_two_tower_model(criteria_classes=classes)
    freeze_lower(model.backbone, layers="all")
    model.criteria_classifier.requires_grad_(False)
    before = model.criteria_classifier.weight.clone()
    summary = pretrain_reader(cfg, model, minilm_tokenizer, tmp_path)
    assert not torch.equal(model.criteria_classifier.weight, before)  # the CRM's own classifier was taught
    assert not any(p.requires_grad for p in model.criteria_classifier.parameters())  # and is held fixed again
    saved = torch.load(tmp_path / READER_FILE, weights_only=True)
    assert "criteria_classifier.weight" in saved and "backbone.encoder.layer.1.output.dense.weight" in saved
    assert "backbone.embeddings.word_embeddings.weight" not in saved  # frozen: never taught, never saved

    again = tiny_two_tower_model(criteria_classes=classes)
    pretrain_reader(cfg, again, minilm_tokenizer, tmp_path)
    assert torch.equal(again.criteria_classifier.weight, model.criteria_classifier.weight)
    with pytest.raises(ValueError, match="another model"):
        pretrain_reader(cfg, tiny_two_tower_model(), minilm_tokenizer, tmp_path)
    assert summary["dev_wording_acc"] is None  # no dev share asked for
    cfg.reader.dev_share = 0.2
    (tmp_path / "dev").mkdir()
    dev = pretrain_reader(cfg, tiny_two_tower_model(criteria_classes=classes), minilm_tokenizer, tmp_path / "dev")
    assert 0.0 <= dev["dev_wording_acc"] <= 1.0 and dev["test_wording_acc"] is not None
    with pytest.raises(ValueError, match="criteria_classes=3"):
        pretrain_reader(cfg, tiny_two_tower_model(criteria_classes=3), minilm_tokenizer, tmp_path / "other")


def test_reader_pretraining_needs_a_two_tower_crm(compose_train, minilm_tokenizer, tmp_path):
    with pytest.raises(ValueError, match="two-tower"):
        cross_encoder = assemble(CrossEncoderSpec(name="tiny", pooling="mean"), "bt", {"backbone": tiny_bert()}.get)
        pretrain_reader(reader_cfg(compose_train), cross_encoder, minilm_tokenizer, tmp_path)


# bf16-mixed: what CPUs with native bf16 run; the fp32 run also tells the head each answer's layout
@pytest.mark.parametrize("precision, layout", [("32-true", True), ("bf16-mixed", False)])
def test_the_quickstart_teaches_the_reader_then_trains_the_head_alone(
    compose_train, tiny_files, tmp_path, precision, layout
):
    """Both stages, as `python train.py` runs them: fused AdamW with gradient clipping, in each precision."""
    cfg = compose_train(
        *[o for o in TINY_TRAIN if not o.startswith(("model=", "trainer.check_val_every_n_epoch"))],
        "model=minilm",
        f"trainer.precision={precision}",
        f"model.answer_layout={layout}",
        f"model.degenerate_gate={10.0 if layout else 0}",  # the gate reads the layout
        files_override(tiny_files),
        "reader.steps=2",
        "reader.batch_size=8",
        "trainer.max_epochs=1",
        "trainer.val_check_interval=1.0",
        "trainer.limit_val_batches=1",
    )
    metrics, objects = train(cfg)
    run = tmp_path / "run"
    summary = json.loads((run / "metrics.json").read_text())
    assert summary["reader_pretraining"]["steps"] == 2 and summary["global_step"] == 1  # 16 pairs, one batch
    taught = torch.load(run / READER_FILE, weights_only=True)
    model = objects["module"].model
    assert model.criteria_classifier is not None and "criteria_classifier.weight" in taught
    assert all(torch.equal(v, model.state_dict()[k]) for k, v in taught.items())  # held fixed
    exported = json.loads((run / "export" / "config.json").read_text())["crm"]
    classes = reading_task(cfg.data.attributes.heldout_families).classes
    assert exported["model"]["criteria_classes"] == len(classes)
    assert exported["criteria_class_names"] == [f"{family}/{polarity}" for family, polarity in classes]
    assert "test/queries_original/acc" in metrics and (run / "export").is_dir()
    assert model.answer_layout == layout == exported["model"]["answer_layout"]
    assert exported["layout_features"] == (list(LAYOUT_FEATURES) if layout else None)
    if layout:  # trained with each row's layout, scored with it: the export gives the run's scores
        samples, _ = read_samples(tiny_files["test"])
        crm = load_crm(run, precision="fp32")
        assert crm.renderer.answer_layout and model.interaction.layout.weight.any()
        in_memory = CRM(model, objects["tokenizer"], crm.settings, crm.plan)
        assert torch.allclose(crm.raw_scores(samples), in_memory.raw_scores(samples), atol=1e-5)


def test_training_with_the_answer_store_holds_a_few_answers_and_trains_the_same_crm(
    compose_train, tiny_files, tmp_path, monkeypatch
):
    """With a store, memory holds a few batches' answers and each step reads its own back, exactly as
    stored: the CRM is the one trained with every answer held in memory."""
    from safetensors.torch import load_file

    import crm.train.describe_stage as describe_stage

    monkeypatch.setattr(describe_stage, "ANSWERS_IN_MEMORY", 4)  # fewer than the tiny data's answers
    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path / "cache"))  # an empty store: every answer described
    options = fp32_quickstart(tiny_files, "model.answer_layout=false", "model.degenerate_gate=0", "reader.steps=2")
    options += ["reader.batch_size=8", "trainer.max_epochs=1"]
    weights, held = {}, {}
    for store in (True, False):
        out = tmp_path / f"store_{store}"
        _, objects = train(compose_train(*options, f"answer_store={str(store).lower()}", output_dir=out))
        held[store] = len(objects["module"].towers.answers)
        weights[store] = load_file(out / "export" / "model.safetensors")
    assert held[True] <= 4 < held[False]
    assert weights[True].keys() == weights[False].keys()
    assert all(torch.equal(weights[True][k], weights[False][k]) for k in weights[True])


def test_a_cap_the_recipe_would_overrun_refuses_before_anything_is_trained(compose_train, tiny_files, tmp_path):
    """run_deadline is a guard, never a cut: the recipe is timed on copies, and a cap it would overrun stops
    the run before the reader or the head learns anything, naming the estimate and how to lift the cap."""
    cfg = compose_train(
        *[o for o in TINY_TRAIN if not o.startswith(("model=", "trainer.check_val_every_n_epoch"))],
        "model=minilm",
        "trainer.precision=32-true",
        files_override(tiny_files),
        "reader.steps=50",
        "reader.batch_size=8",
        "trainer.limit_val_batches=1",
        "run_deadline=1",
    )
    assert compose_train().run_deadline is None  # the quickstart has no cap
    with pytest.raises(
        RunTooLong, match=r"run_deadline=1 s: the full recipe would take about .* min.*run_deadline=null"
    ):
        train(cfg)
    run = tmp_path / "run"
    assert not (run / READER_FILE).exists() and not (run / "checkpoints").exists()


def test_the_reader_taught_beside_the_run_makes_the_crm_taught_alone(
    compose_train, tiny_files, tmp_path, monkeypatch, caplog
):
    """On a CPU the reader is taught in a process of its own while the run prepares its data and describes
    its answers, on one intra-op thread: with dropout drawing from the run's random state, the reader, and
    the whole CRM after it, are to the bit those of the reader taught alone in the run's process."""
    import multiprocessing

    from safetensors.torch import load_file

    import crm.train.reader_beside as reader_beside

    options = fp32_quickstart(tiny_files, "reader.steps=3", "reader.batch_size=8", "trainer.max_epochs=1")
    options += ["trainer.limit_val_batches=1"]
    options += ["model.backbone.config_overrides.hidden_dropout_prob=0.1"]  # the reader's steps draw dropout
    runs = {}
    for how, fewest_steps in (("beside", 1), ("alone", 10**9)):
        monkeypatch.setattr(reader_beside, "MIN_STEPS_BESIDE", fewest_steps)
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="crm.train.reader_beside"):
            train(compose_train(*options, output_dir=tmp_path / how))
        assert ("in a process of its own" in caplog.text) == (how == "beside")
        runs[how] = tmp_path / how
    assert not multiprocessing.active_children()
    beside, alone = (torch.load(runs[how] / READER_FILE, weights_only=True) for how in ("beside", "alone"))
    assert beside.keys() == alone.keys() and all(torch.equal(beside[k], alone[k]) for k in beside)
    beside, alone = (load_file(runs[how] / "export" / "model.safetensors") for how in ("beside", "alone"))
    assert beside.keys() == alone.keys() and all(torch.equal(beside[k], alone[k]) for k in beside)
    summary = json.loads((runs["beside"] / "metrics.json").read_text())
    assert summary["reader_pretraining"]["steps"] == 3


def test_the_readers_process_holds_no_answer_tower_and_keeps_few_kernels(monkeypatch):
    """The reader's process lets the frozen answer tower go (a use fails instead of reading made-up values)
    and is spawned keeping few of oneDNN's compiled kernels, unless the user chose how many."""
    from crm.train.reader_beside import KERNEL_CACHE, kernels_kept, without_answer_tower

    model = tiny_two_tower_model()
    reading = model.read_criteria(torch.tensor([[101, 7, 102]]), torch.ones(1, 3, dtype=torch.long))
    without_answer_tower(model)
    assert all(t.numel() == 0 for t in [*model.answer_tower.parameters(), *model.answer_tower.buffers()])
    assert torch.equal(model.read_criteria(torch.tensor([[101, 7, 102]]), torch.ones(1, 3, dtype=torch.long)), reading)
    with pytest.raises(RuntimeError):
        model.describe_answers(torch.tensor([[101, 7, 102]]), torch.ones(1, 3, dtype=torch.long))

    monkeypatch.delenv(KERNEL_CACHE, raising=False)
    with kernels_kept(64):
        assert os.environ[KERNEL_CACHE] == "64"
    assert KERNEL_CACHE not in os.environ
    monkeypatch.setenv(KERNEL_CACHE, "512")
    with kernels_kept(64):
        assert os.environ[KERNEL_CACHE] == "512"
    assert os.environ[KERNEL_CACHE] == "512"


def test_a_run_that_fails_beside_its_reader_ends_the_reader_and_saves_none(
    compose_train, tiny_files, tmp_path, monkeypatch
):
    """A run that stops while its reader is taught beside it (here its training data is missing) ends the
    reader's process: no half-taught reader is saved for a run started again to load."""
    import multiprocessing

    import crm.train.reader_beside as reader_beside
    from crm.errors import UserError

    monkeypatch.setattr(reader_beside, "MIN_STEPS_BESIDE", 1)
    missing = {**tiny_files, "train": str(tmp_path / "missing.jsonl")}
    options = fp32_quickstart(missing, "reader.steps=100000")
    with pytest.raises((UserError, FileNotFoundError)):
        train(compose_train(*options))
    assert not multiprocessing.active_children()
    assert not (tmp_path / "run" / READER_FILE).exists()


def test_the_pair_steps_find_every_criteria_row_read_ahead(compose_train, tiny_files, tmp_path, monkeypatch, caplog):
    """The frozen reader reads every criteria row of the epoch as it starts, in full chunks: no pair step
    reads one, and the CRM is the one whose steps read their rows as they met them."""
    from safetensors.torch import load_file

    import crm.train.describe_stage as describe_stage
    from crm.models.two_tower import TwoTowerCRM
    from crm.train.lit_module import CRMLitModule

    options = fp32_quickstart(tiny_files, "reader.steps=2", "reader.batch_size=8", "trainer.max_epochs=1")
    options += ["trainer.limit_val_batches=1"]
    in_step, read_in_steps = [False], []
    real_step, real_read = CRMLitModule.training_step, TwoTowerCRM.read_criteria

    def training_step(self, *args, **kwargs):
        in_step[0] = True
        try:
            return real_step(self, *args, **kwargs)
        finally:
            in_step[0] = False

    def read_criteria(self, ids, mask):
        if in_step[0]:
            read_in_steps.append(len(ids))
        return real_read(self, ids, mask)

    monkeypatch.setattr(CRMLitModule, "training_step", training_step)
    monkeypatch.setattr(TwoTowerCRM, "read_criteria", read_criteria)
    with caplog.at_level(logging.INFO, logger="crm.train.describe_stage"):
        train(compose_train(*options, output_dir=tmp_path / "ahead"))
    assert "criteria rows ahead" in caplog.text and not read_in_steps
    monkeypatch.setattr(describe_stage.ReadCriteriaAhead, "on_train_epoch_start", lambda *a: None)
    train(compose_train(*options, output_dir=tmp_path / "as_met"))
    assert read_in_steps  # without reading ahead the steps read their rows
    ahead, as_met = (load_file(tmp_path / run / "export" / "model.safetensors") for run in ("ahead", "as_met"))
    assert ahead.keys() == as_met.keys()
    assert all(torch.allclose(ahead[k], as_met[k], atol=1e-5) for k in ahead)
