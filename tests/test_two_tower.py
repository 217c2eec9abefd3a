"""The two-tower CRM: criteria read apart from the answer, the answer described once by a frozen tower,
its head terms, memo, chunks, export and ONNX engines."""

import pickle
import threading
from pathlib import Path

import pytest
import torch

from crm.data.layout import LAYOUT_FEATURES, layout_features
from crm.data.rendering import Renderer
from crm.models.backbones import freeze_lower
from crm.models.factory import assemble, build_reward_model
from crm.models.head_terms import CosineClassifier
from crm.models.rows import in_length_chunks
from crm.scoring.tower_memory import RowMemo, TowerMemory
from tests.conftest import has_module, require, text_pair_batch, tiny_bert, tiny_two_tower_model, two_tower_spec


def test_a_cosine_classifier_reads_the_direction_of_a_reading_not_its_norm():
    torch.manual_seed(0)
    classifier = CosineClassifier(6, 3, scale=20.0)
    reading = torch.randn(2, 6)
    logits = classifier(reading)
    cosine = torch.nn.functional.cosine_similarity(reading[:, None], classifier.weight[None], dim=-1)
    assert torch.allclose(logits, 20.0 * cosine + classifier.bias, atol=1e-5)
    assert torch.allclose(classifier(5.0 * reading), logits, atol=1e-5)
    assert logits.abs().max() <= 20.0 + classifier.bias.abs().max()
    assert set(classifier.state_dict()) == {"weight", "bias"}  # saved and loaded as a linear layer
    with pytest.raises(ValueError, match="scale must be positive"):
        CosineClassifier(6, 3, scale=0.0)


def test_a_criteria_classifier_gives_the_interaction_its_posterior_beside_the_reading(minilm_tokenizer):
    model = tiny_two_tower_model(criteria_classes=4)
    batch = text_pair_batch(minilm_tokenizer, "Use bullet points.", ["- one\n- two", "One and two."])
    towers = TowerMemory(model)  # keeps what the tower said of each answer, for the check below
    with torch.no_grad():
        scores = model(**batch, towers=towers)
        read = model.backbone(**minilm_tokenizer(["Use bullet points."], return_tensors="pt")).last_hidden_state.mean(1)
        posterior = model.criteria_classifier(read).softmax(-1)
        assert torch.allclose(model.criteria_posterior(read), posterior) and posterior.sum().item() == pytest.approx(1)
        interaction = model.interaction
        c = interaction.criteria(read) + interaction.classes(posterior)
        answers = torch.stack(list(towers.answers.rows.values()))
        expected = model.score(answers) + (c * interaction.answer(answers)).sum(-1, keepdim=True) / 8**0.5
        assert torch.allclose(scores, expected, atol=1e-5)
        model.criteria_classifier.bias[0] += 5.0  # another class read: another answer direction asked for
        assert not torch.allclose(model(**batch), scores)
    assert interaction.classes.weight.std().item() > 0.5  # a class vector per class, drawn as an embedding


def test_attention_mixes_the_token_states_the_criteria_point_at():
    """Each head's weights are the softmax of query . key over real tokens; padding gets no weight."""
    from crm.models.head_terms import CriteriaInteraction

    torch.manual_seed(0)
    interaction = CriteriaInteraction(6, 10, 4, attention_heads=2, token_size=5, key_size=3)
    c, tokens = torch.randn(2, 4), torch.randn(2, 7, 5)
    mask = torch.tensor([[1, 1, 1, 1, 0, 0, 0], [1] * 7]).bool()
    with torch.no_grad():
        mixed = interaction.attend(c, tokens, mask)
        query = interaction.query(c).view(2, 2, 3)
        keys = interaction.key(tokens).view(2, 7, 2, 3)
        for row in range(2):
            real = tokens[row][mask[row]]
            for head in range(2):
                weights = (keys[row, mask[row], head] @ query[row, head] / 3**0.5).softmax(0)
                expected = torch.nn.functional.layer_norm(weights @ real, (5,))
                assert torch.allclose(mixed[row, head * 5 : (head + 1) * 5], expected, atol=1e-5)
        padded = tokens.clone()
        padded[0, 4:] = 1e4  # what padding holds never counts
        assert torch.allclose(interaction.attend(c, padded, mask), mixed)
        assert not torch.allclose(interaction.attend(-c, tokens, mask), mixed)  # other criteria, other mix
    with pytest.raises(ValueError, match="pass tokens"):
        interaction(torch.randn(2, 6), torch.randn(2, 10))


def test_answer_attention_scores_an_answer_the_same_in_any_batch(minilm_tokenizer):
    """Token states kept per answer (bf16) and padded per batch: an answer's score does not depend on the
    answers beside it; the attention changes the scores, and no other weight's start."""
    model = tiny_two_tower_model(criteria_classes=4, answer_attention=2)
    answers = ["- one\n- two", "One and two, and a much longer sentence about three and four.", "3"]
    towers = TowerMemory(model)
    with torch.no_grad():
        together = model(**text_pair_batch(minilm_tokenizer, "Use bullet points.", answers), towers=towers)
        alone = torch.cat([model(**text_pair_batch(minilm_tokenizer, "Use bullet points.", [a])) for a in answers])
        assert torch.allclose(together, alone, atol=1e-5)
        described, tokens = next(iter(towers.answers.rows.values()))
        assert described.dtype == torch.float32 and tokens.dtype == torch.bfloat16 and tokens.size(-1) == 32
        for kept in (described, tokens):  # copies: a view would keep its whole batch alive in the memory
            assert kept.untyped_storage().nbytes() == kept.numel() * kept.element_size()
        plain = tiny_two_tower_model(criteria_classes=4)
        assert not torch.allclose(plain(**text_pair_batch(minilm_tokenizer, "Use bullet points.", answers)), together)
    # the heads are drawn apart: the reader's classifier and every other weight start as without them
    attending = dict(model.named_parameters())
    assert all(torch.equal(weight, attending[name]) for name, weight in plain.named_parameters())


def test_the_answers_layout_joins_the_answer_vector(minilm_tokenizer):
    """``answer_layout``: ``V a + L f`` with ``f = layout_features(answer)``; ``L`` starts at zero and
    every other weight is drawn as without it. Two answers MiniLM reads as the same tokens (line breaks
    dropped) get different scores once ``L`` has learned anything."""
    model = tiny_two_tower_model(criteria_classes=4, answer_layout=True)
    plain = tiny_two_tower_model(criteria_classes=4)
    told = dict(model.named_parameters())
    assert all(torch.equal(weight, told[name]) for name, weight in plain.named_parameters())
    layout = model.interaction.layout.weight
    assert layout.shape[1] == len(LAYOUT_FEATURES) and not layout.any()
    answers = ["One.\n\nTwo.\n\nThree.", "One. Two. Three."]
    batch = text_pair_batch(minilm_tokenizer, "Short paragraphs, please.", answers)
    assert torch.equal(batch["input_ids"][0], batch["input_ids"][1])  # the tokenizer cannot tell them apart
    batch["answer_layout"] = torch.tensor([layout_features(a) for a in answers])
    untold = {k: v for k, v in batch.items() if k != "answer_layout"}
    with torch.no_grad():
        assert torch.allclose(model(**batch), plain(**untold))
        model.interaction.layout.weight.normal_()
        scores = model(**batch)
    assert abs(float(scores[0] - scores[1])) > 1e-3
    assert model.answer_layout and not plain.answer_layout
    with pytest.raises(ValueError, match="rows need answer_layout"):
        model(**untold)


def test_criteria_split_at_separators_are_each_read_alone_and_added_up(minilm_tokenizer):

    model = tiny_two_tower_model(criteria_classes=4)
    model.split_criteria = True
    towers = TowerMemory(model)
    renderer = Renderer(minilm_tokenizer, "bt", "criteria_list", max_length=128)
    history = [{"role": "user", "content": "Count to two."}]

    def scores(criteria: list[str]) -> torch.Tensor:
        rows = [renderer.encode(criteria, history, [a]).features() for a in ("- one\n- two", "One and two.")]
        batch = minilm_tokenizer.pad(rows, return_tensors="pt")
        with torch.no_grad():
            return model(**batch, towers=towers)

    both = scores(["Use bullet points.", "No jargon, please."])
    assert torch.allclose(both, scores(["No jargon, please.", "Use bullet points."]), atol=1e-5)  # order-free
    with torch.no_grad():
        texts = ("Use bullet points.", "No jargon, please.")  # each read alone: [CLS] criterion [SEP]
        reads = [model.backbone(**minilm_tokenizer([c], return_tensors="pt")).last_hidden_state.mean(1) for c in texts]
        reading, posterior = sum(reads), sum(model.criteria_posterior(r) for r in reads)
        answers = torch.stack(list(towers.answers.rows.values()))
        expected = model.score(answers) + model.interaction(reading.expand(2, -1), answers, posterior.expand(2, -1))
    assert torch.allclose(both, expected, atol=1e-5)
    assert not torch.allclose(both, scores(["Use bullet points."]))


def test_two_towers_read_criteria_and_answer_apart(minilm_tokenizer):
    model = tiny_two_tower_model()
    answers = ["- one\n- two\n- three", "One, two and three, in a sentence.", "- one\n- two\n- three"]
    batch = text_pair_batch(minilm_tokenizer, "Use bullet points.", answers)
    with torch.no_grad():
        together = model(**batch)
        alone = torch.cat([model(**text_pair_batch(minilm_tokenizer, "Use bullet points.", [a])) for a in answers])
        # the answer tower sees the answer alone: [CLS] answer [SEP], as a sentence encoder reads it
        tower = minilm_tokenizer(answers[:1], return_tensors="pt")
        states = model.answer_tower(**tower, output_hidden_states=True).hidden_states
        described = torch.cat([model.answer_norm(h.mean(1)) for h in states], dim=-1)
        criteria = minilm_tokenizer(["Use bullet points."], return_tensors="pt")
        read = model.backbone(**criteria).last_hidden_state.mean(1)
        expected = model.score(described) + model.interaction(read, described)
    assert torch.allclose(together, alone, atol=1e-5)  # batching and repeated rows change nothing
    assert together[0] == together[2]
    assert torch.allclose(together[0], expected[0], atol=1e-5)
    other = text_pair_batch(minilm_tokenizer, "No bullet points, please.", answers[:1])
    with torch.no_grad():
        assert not torch.allclose(model(**other), together[:1])


def test_two_towers_describe_the_query_and_score_how_the_answer_fits_it(minilm_tokenizer):
    plain, model = tiny_two_tower_model(), tiny_two_tower_model(query_interaction=8)
    answers = ["- one\n- two\n- three", "Paris is the capital of France."]
    batch = text_pair_batch(minilm_tokenizer, "Use bullet points.", answers)
    asked = minilm_tokenizer(["Count to three.", "What is the capital of France?"], padding=True, return_tensors="pt")
    batch["query_ids"], batch["query_mask"] = asked["input_ids"], asked["attention_mask"]
    with torch.no_grad():
        # the term starts at zero: every other weight as without it, and the same scores
        assert torch.equal(model(**batch), plain(**{k: v for k, v in batch.items() if not k.startswith("query")}))
        torch.nn.init.normal_(model.query_interaction.answer.weight)
        scores = model(**batch)
        base = plain(**{k: v for k, v in batch.items() if not k.startswith("query")})
        # the query as the answer tower reads an answer: [CLS] query [SEP], described the same way
        q, a = (model.describe_answers(t["input_ids"], t["attention_mask"]) for t in (
            asked, minilm_tokenizer(answers, padding=True, return_tensors="pt")
        ))  # fmt: skip
        fit = (model.query_interaction.query(q) * model.query_interaction.answer(a)).sum(-1, keepdim=True) / 8**0.5
        assert torch.allclose(scores, base + fit, atol=1e-5)
        swapped = dict(batch, query_ids=batch["query_ids"].flip(0), query_mask=batch["query_mask"].flip(0))
        assert not torch.allclose(model(**swapped), scores)  # another question, another fit
        with pytest.raises(ValueError, match="rows need query_ids"):
            model(**{k: v for k, v in batch.items() if not k.startswith("query")})
    assert set(model.head_modules()) == {"score", "interaction", "query_interaction"}
    assert {"query_interaction.query.weight", "query_interaction.answer.weight"} <= set(model.head_state_dict())


def test_the_layout_has_a_term_of_its_own_in_the_score(minilm_tokenizer):
    """Whatever the criteria, an answer cut off or looping should lose: the layout reaches the score
    itself, not only the criteria's interaction."""
    model = tiny_two_tower_model(answer_layout=True)
    answers = ["Plants capture sunlight and", " ".join(["Plants capture sunlight."] * 5)]
    batch = text_pair_batch(minilm_tokenizer, "Be concise.", answers)
    batch["answer_layout"] = layout = torch.tensor([layout_features(a) for a in answers])
    with torch.no_grad():
        base = model(**batch)  # the term starts at zero
        torch.nn.init.ones_(model.layout_score.weight)
        assert torch.allclose(model(**batch), base + layout.sum(-1, keepdim=True), atol=1e-5)
    assert "layout_score.weight" in model.head_state_dict() and "layout_score" in model.head_modules()


def test_answer_layers_keep_the_pretrained_towers_lowest_blocks(compose_train, minilm_tokenizer, tmp_path):
    from crm.export.artifact import CRMSettings
    from crm.export.writer import export_crm
    from crm.inference import load_crm

    full = build_reward_model(compose_train("model=minilm", "model.answer_layers=null").model, "bt").eval()
    cfg = compose_train("model=minilm", "model.answer_layers=3")
    lower = build_reward_model(cfg.model, "bt").eval()
    assert lower.answer_tower.config.num_hidden_layers == 3 and len(lower.answer_tower.encoder.layer) == 3
    assert lower.score.in_features == 4 * 384  # the embeddings' mean and three blocks' means
    tower = minilm_tokenizer(["- one\n- two", "One and two, in a sentence."], padding=True, return_tensors="pt")
    ids, mask = tower["input_ids"], tower["attention_mask"]
    assert torch.allclose(lower.describe_answers(ids, mask), full.describe_answers(ids, mask)[:, : 4 * 384], atol=1e-5)
    # the export holds the three-block tower, and the CRM loaded from it scores as the model
    crm = load_crm(export_crm(tmp_path, lower, minilm_tokenizer, CRMSettings.from_config(cfg)), "cpu", "fp32")
    assert len(crm.model.answer_tower.encoder.layer) == 3
    criteria, history, answer = TWO_TOWER_ITEMS[0]
    rendered = crm.renderer.encode(criteria, history, [answer]).features()
    with torch.no_grad():
        direct = lower(**{k: torch.tensor([v]) for k, v in rendered.items()})
    assert torch.allclose(crm.answer_rewards(TWO_TOWER_ITEMS[:1]), direct.view(-1), atol=1e-5)


def test_the_frozen_tower_reads_with_sdpa_where_the_trained_reader_keeps_eager(compose_train, minilm_tokenizer):
    """Eager attention is chosen for a backward pass (bf16 training on CPUs); the answer tower has none."""
    cfg = compose_train("model=minilm", "model.backbone.attn_implementation=eager")
    model = build_reward_model(cfg.model, "bt").eval()
    assert model.backbone.config._attn_implementation == "eager"
    assert model.answer_tower.config._attn_implementation == "sdpa"
    eager = build_reward_model(cfg.model, "bt").eval()
    eager.answer_tower.set_attn_implementation("eager")
    tower = minilm_tokenizer(["- one\n- two", "One and two, in a sentence."], padding=True, return_tensors="pt")
    ids, mask = tower["input_ids"], tower["attention_mask"]
    assert torch.allclose(model.describe_answers(ids, mask), eager.describe_answers(ids, mask), atol=1e-5)


def test_under_bf16_autocast_a_bf16_copy_of_the_frozen_tower_describes_and_nothing_saves_it(minilm_tokenizer):
    """The copy keeps the tower's states in bf16 between blocks (faster than autocast's casts around each
    product); its values are bf16 values near the fp32 ones, the fp32 path is untouched, and new weights
    make a new copy."""
    model = tiny_two_tower_model().eval()
    tower = minilm_tokenizer(["- one\n- two", "One and two, in a sentence."], padding=True, return_tensors="pt")
    ids, mask = tower["input_ids"], tower["attention_mask"]
    weights = dict(model.state_dict())
    fp32 = model.describe_answers(ids, mask)
    assert model.tower_dtype("cpu") is None and model.describing_tower("cpu") is model.answer_tower
    with torch.autocast("cpu", dtype=torch.bfloat16):
        assert model.tower_dtype("cpu") == torch.bfloat16
        copy = model.describing_tower("cpu")
        assert copy is not model.answer_tower and next(copy.parameters()).dtype == torch.bfloat16
        assert model.describing_tower("cpu") is copy  # made once
        bf16 = model.describe_answers(ids, mask)
    assert bf16.dtype == torch.float32 and torch.allclose(bf16, fp32, atol=0.1) and not torch.equal(bf16, fp32)
    assert torch.equal(model.describe_answers(ids, mask), fp32)  # fp32 describes with the tower's own weights
    assert model.state_dict().keys() == weights.keys()  # neither a checkpoint nor an export holds the copy
    assert all(value.dtype == weights[key].dtype for key, value in model.state_dict().items())
    with torch.no_grad():
        model.answer_tower.embeddings.word_embeddings.weight[ids[0, 1]] += 1.0  # new weights, loaded in place
    with torch.autocast("cpu", dtype=torch.bfloat16):
        assert model.describing_tower("cpu") is not copy
        assert not torch.equal(model.describe_answers(ids, mask), bf16)


@pytest.mark.parametrize("precision", [torch.float32, torch.bfloat16])
def test_on_a_cpu_with_two_threads_chunks_are_described_side_by_side_to_the_same_bits(minilm_tokenizer, precision):
    """Each chunk of 8 rows on one thread, two chunks at once, in the caller's autocast: the values of one
    chunk after another on the caller's threads, to the bit; the caller's thread count is untouched."""
    model = tiny_two_tower_model(answer_attention=2).eval()
    answers = [f"Answer {i}: " + "word " * (3 * i) + ("\n- item" * (i % 4)) for i in range(40)]
    tower = minilm_tokenizer(answers, padding=True, return_tensors="pt")
    ids, mask = tower["input_ids"], tower["attention_mask"]
    threads, ran_on = torch.get_num_threads(), set()
    states = model._tower_states

    def recorded(*args):
        ran_on.add(threading.current_thread().name)
        return states(*args)

    model._tower_states = recorded
    try:
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == torch.bfloat16):
            torch.set_num_threads(1)
            one_by_one = (model.describe_answers(ids, mask), model.describe_with_tokens(ids, mask))
            assert ran_on == {threading.current_thread().name}
            torch.set_num_threads(2)
            side_by_side = (model.describe_answers(ids, mask), model.describe_with_tokens(ids, mask))
            assert torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(threads)
    assert len({name for name in ran_on if name.startswith("crm-side-by-side")}) == 2
    assert torch.equal(one_by_one[0], side_by_side[0])
    assert all(torch.equal(a, b) for x, y in zip(one_by_one[1], side_by_side[1]) for a, b in zip(x, y))


def test_two_towers_describe_each_answer_once_and_read_criteria_once_when_asked(minilm_tokenizer):
    model = tiny_two_tower_model()
    calls = {"tower": 0, "reader": 0}
    model.answer_tower.register_forward_hook(lambda m, i, o: calls.__setitem__("tower", calls["tower"] + 1))
    model.backbone.register_forward_hook(lambda m, i, o: calls.__setitem__("reader", calls["reader"] + 1))
    answers = ["- one\n- two", "One and two."]
    first = text_pair_batch(minilm_tokenizer, "Use bullet points.", answers)
    second = text_pair_batch(minilm_tokenizer, "No bullet points, please.", answers[::-1])
    towers = TowerMemory(model)
    with torch.no_grad():
        before = model(**first, towers=towers)
        assert calls == {"tower": 1, "reader": 1} and len(towers.answers) == 2
        model(**second, towers=towers)  # new criteria, the same answers: described from memory
        assert calls == {"tower": 1, "reader": 2}
        model(**first, towers=towers)  # criteria are read again unless asked: the reader's weights may have changed
        assert calls == {"tower": 1, "reader": 3} and len(towers.criteria) == 0
        towers.remember_readings = True
        model(**first, towers=towers)
        again = model(**first, towers=towers)
        assert calls == {"tower": 1, "reader": 4} and len(towers.criteria) == 1
        assert torch.equal(model(**first), again)  # without a memory the model computes both towers
        assert calls == {"tower": 2, "reader": 5}
        with pytest.raises(ValueError, match="one model's towers"):
            tiny_two_tower_model()(**first, towers=towers)
    assert torch.equal(before, again)
    model.train()
    model(**first, towers=towers).sum().backward()  # training a reader: criteria read in the batch, answers from memory
    model(**first, towers=towers).sum().backward()
    assert calls == {"tower": 2, "reader": 7} and len(towers.answers) == 2 and len(towers.criteria) == 1
    assert model.backbone.encoder.layer[0].attention.self.query.weight.grad is not None
    towers.forget()
    assert len(towers.answers) == len(towers.criteria) == 0


def test_training_forgets_what_the_towers_said_when_weights_load(minilm_tokenizer):
    from functools import partial

    from crm.train.lit_module import CRMLitModule

    module = CRMLitModule(tiny_two_tower_model(), optimizer=partial(torch.optim.AdamW, lr=1e-3)).eval()
    copy = pickle.loads(pickle.dumps(module))  # the hook that forgets is a named function: a module still pickles
    batch = text_pair_batch(minilm_tokenizer, "Use bullet points.", ["- one\n- two", "One and two."])
    with torch.no_grad():
        scores = module(batch)
    assert len(module.towers.answers) == 2
    module.load_state_dict(module.state_dict())  # new weights: nothing remembered is trusted
    assert len(module.towers.answers) == 0
    with torch.no_grad():
        assert (
            torch.equal(copy.eval()(batch), scores)
            and len(copy.towers.answers) == 2
            and copy.towers.model is copy.model
        )


def test_a_frozen_reader_is_read_once_per_text_in_training_and_held_in_eval_mode(minilm_tokenizer):
    model = tiny_two_tower_model()
    freeze_lower(model.backbone, layers="all")
    assert model.reader_frozen
    calls = {"reader": 0}
    model.backbone.register_forward_hook(lambda m, i, o: calls.__setitem__("reader", calls["reader"] + 1))
    batch = text_pair_batch(minilm_tokenizer, "Use bullet points.", ["- one\n- two", "One and two."])
    model.train()
    assert not model.backbone.training and model.score.training
    towers = TowerMemory(model)
    first = model(**batch, towers=towers)
    first.sum().backward()  # the head learns on the remembered readings
    assert model.score.weight.grad is not None and model.interaction.criteria.weight.grad is not None
    assert torch.equal(model(**batch, towers=towers), first) and calls["reader"] == 1 and len(towers.criteria) == 1


def test_row_memo_forgets_the_oldest_rows_beyond_its_capacity():
    memo = RowMemo(capacity=2)
    ids, mask = torch.tensor([[1, 2, 0], [3, 0, 0], [4, 5, 6]]), torch.tensor([[1, 1, 0], [1, 0, 0], [1, 1, 1]])
    out = memo(lambda i, m: i.sum(1, keepdim=True).float(), ids, mask)
    assert out.view(-1).tolist() == [3.0, 3.0, 15.0]
    assert len(memo) == 2 and ids[0, :2].numpy().tobytes() not in memo.rows


def test_length_chunks_cut_each_chunk_to_its_rows_and_keep_the_order():
    torch.manual_seed(0)
    lengths = [7, 2, 5, 1, 9, 3, 4, 6, 8, 2]
    ids = torch.randint(1, 50, (len(lengths), 9))
    right = (torch.arange(9) < torch.tensor(lengths).unsqueeze(1)).long()
    widths = []

    def encode(i, m):  # a row's own tokens only, and the width each call was given
        widths.append(i.size(1))
        return torch.stack([(row * keep).sum() + keep.sum() for row, keep in zip(i, m)]).unsqueeze(1).float()

    whole = encode(ids * right, right)
    widths.clear()
    chunked = in_length_chunks(encode, ids * right, right, rows=4)
    assert torch.equal(chunked, whole) and widths == [3, 7, 9]  # sorted by length: 1 2 2 3 | 4 5 6 7 | 8 9
    left = right.flip(1)
    assert torch.equal(in_length_chunks(encode, (ids * right).flip(1), left, rows=4), whole)
    widths.clear()
    assert torch.equal(in_length_chunks(encode, ids * right, right, rows=0), whole) and widths == [9]


def test_two_towers_read_the_same_in_length_chunks_as_in_one_batch(minilm_tokenizer):
    model = tiny_two_tower_model()
    texts = ["Bullets.", "Use bullet points whenever you list several things.", "No.", "Prose over lists."]
    batch = minilm_tokenizer(texts * 3, padding=True, return_tensors="pt")
    ids, mask = batch["input_ids"], batch["attention_mask"]
    with torch.no_grad():
        chunked = model.read_criteria(ids, mask), model.describe_answers(ids, mask)
        model.chunk_rows = 0
        whole = model.read_criteria(ids, mask), model.describe_answers(ids, mask)
    for a, b in zip(chunked, whole):
        assert torch.allclose(a, b, atol=1e-5)


def _exported_two_tower_crm(
    tokenizer,
    out: Path,
    classes: int,
    attention: int = 0,
    scale: float | None = None,
    layout: bool = False,
    query: int = 0,
    gate: float = 0.0,
):
    """A tiny two-tower CRM, one backward pass taken, exported to ``out`` and loaded back:
    (model, loaded CRM, export directory)."""
    from crm.export.artifact import CRMSettings
    from crm.export.writer import export_crm
    from crm.inference import load_crm

    spec = two_tower_spec(
        criteria_classes=classes, answer_attention=attention, criteria_scale=scale, answer_layout=layout,
        query_interaction=query, degenerate_gate=gate,
    )  # fmt: skip
    torch.manual_seed(0)
    model = assemble(spec, "bt", {"backbone": tiny_bert(), "answer_tower": tiny_bert()}.get)
    model.train()
    assert not model.answer_tower.training  # frozen, also in train mode
    batch = text_pair_batch(tokenizer, "Use bullet points.", ["- a\n- b", "a and b"])
    if layout:
        batch["answer_layout"] = torch.tensor([layout_features(a) for a in ("- a\n- b", "a and b")])
    if query:
        asked = tokenizer(["List a and b.", "Name two letters, please."], padding=True, return_tensors="pt")
        batch["query_ids"], batch["query_mask"] = asked["input_ids"], asked["attention_mask"]
        batch["query_overlap"] = torch.tensor([1.0, 0.0])
    model(**batch).sum().backward()
    assert all(p.grad is None for p in model.answer_tower.parameters())
    assert all(p.grad is not None for p in model.interaction.parameters())
    assert model.backbone.embeddings.word_embeddings.weight.grad is not None
    with torch.no_grad():  # the terms that start at zero, drawn: the export must carry them
        for layer in (model.layout_score, model.query_interaction and model.query_interaction.answer):
            if layer is not None:
                layer.weight.normal_()
        if gate:  # and the gate, as fitted
            model.degenerate_gate.classifier.weight.normal_()
            model.degenerate_gate.center.normal_()
    told = list(LAYOUT_FEATURES) if layout else None
    settings = CRMSettings("bt", spec, 128, 48, max_query_tokens=32, layout_features=told)
    exported = export_crm(out, model.eval(), tokenizer, settings)
    return model, load_crm(exported, device="cpu", precision="fp32"), exported


TWO_TOWER_ITEMS = [
    (["Use bullet points."], [{"role": "user", "content": "Count to three."}], "- one\n- two\n- three"),
    (["No lists, please."], [{"role": "user", "content": "Count to three."}], "- one\n- two"),
    (["No lists, please."], [{"role": "user", "content": "Count to three."}], "One and two."),
]


@pytest.mark.parametrize(
    "classes, attention, scale, layout, query, gate",
    [
        (0, 0, None, False, 0, 0.0),
        (4, 0, None, False, 0, 0.0),
        (4, 2, None, False, 0, 0.0),
        (4, 0, 20.0, False, 0, 0.0),
        (4, 1, 20.0, True, 0, 0.0),
        (4, 1, 20.0, True, 8, 0.0),
        (4, 1, 20.0, True, 8, 5.0),
    ],
    ids=["reading", "reading+posterior", "attention", "cosine posterior", "layout", "query", "gate"],
)  # fmt: skip
def test_two_towers_train_the_criteria_reader_only_and_export(
    minilm_tokenizer, tmp_path, classes, attention, scale, layout, query, gate
):
    model, crm, _ = _exported_two_tower_crm(
        minilm_tokenizer, tmp_path / "crm", classes, attention, scale, layout, query, gate
    )
    assert crm.settings.model.degenerate_gate == gate and (crm.model.degenerate_gate is not None) == bool(gate)
    if gate:
        assert torch.equal(crm.model.degenerate_gate.center, model.degenerate_gate.center)
        assert torch.equal(crm.model.degenerate_gate.classifier.weight, model.degenerate_gate.classifier.weight)
    assert crm.settings.model.query_interaction == query and crm.renderer.query_rows == bool(query)
    assert (crm.model.query_interaction is not None) == bool(query)
    assert crm.model.answer_tower is not None
    assert crm.settings.model.answer_attention == crm.model.answer_attention == attention
    assert crm.model.answer_layout == crm.renderer.answer_layout == bool(crm.settings.layout_features) == layout
    assert (crm.model.criteria_classifier is not None) == bool(classes)
    assert crm.settings.model.criteria_classes == classes
    assert crm.settings.model.criteria_scale == scale
    assert isinstance(crm.model.criteria_classifier, CosineClassifier) == (scale is not None)
    if classes:
        assert {"criteria_classifier.weight", "interaction.classes.weight"} <= set(model.head_state_dict())
        with pytest.raises(RuntimeError, match="query interaction|layout score|criteria classifier"):
            tiny_two_tower_model().load_head_state(model.head_state_dict())
    criteria, history, answer = TWO_TOWER_ITEMS[0]
    rendered = crm.renderer.encode(criteria, history, [answer]).features()
    with torch.no_grad():
        direct = model(**{k: torch.tensor([v]) for k, v in rendered.items()})
    assert torch.allclose(crm.answer_rewards(TWO_TOWER_ITEMS[:1]), direct.view(-1), atol=1e-5)
    parts = {"backbone": model.backbone, "answer_tower": model.answer_tower}
    with pytest.raises(ValueError, match="needs the interaction term"):
        assemble(two_tower_spec(interaction=0), "bt", parts.get)
    with pytest.raises(ValueError, match="needs the pointwise bt head"):
        assemble(two_tower_spec(), "cls", parts.get)


@pytest.mark.slow
def test_two_tower_onnx_engines_score_as_pytorch(minilm_tokenizer, tmp_path, monkeypatch):
    """Each tower exported on its own (the classifier's posterior is read after the tower runners, so
    the CRM with a criteria classifier covers the one without); the answer tower in int8 moves scores
    a little, never far."""
    from crm.inference import load_crm

    require(has_module("onnxruntime") and has_module("onnxscript"), "onnxruntime and onnxscript (the bench extra)")
    _, crm, exported = _exported_two_tower_crm(minilm_tokenizer, tmp_path / "crm", classes=4)
    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path / "crm-cache"))
    reference = crm.answer_rewards(TWO_TOWER_ITEMS)
    onnx = load_crm(exported, device="cpu", precision="fp32", engine="onnx")
    assert onnx.plan.label == "cpu/fp32/onnx" and onnx.towers.runners is not None
    assert torch.allclose(onnx.answer_rewards(TWO_TOWER_ITEMS), reference, atol=1e-4)
    int8 = load_crm(exported, device="cpu", precision="fp32", engine="onnx-int8")
    assert not torch.equal(int8.answer_rewards(TWO_TOWER_ITEMS), reference)
    assert torch.allclose(int8.answer_rewards(TWO_TOWER_ITEMS), reference, atol=0.05)
    assert {p.name for p in (tmp_path / "crm-cache" / "onnx").glob("*/*.onnx")} == {
        "reader.onnx",
        "answer_tower.onnx",
        "answer_tower.int8.onnx",
    }
    _, attending, exported = _exported_two_tower_crm(
        minilm_tokenizer, tmp_path / "attending", classes=4, attention=1, layout=True, query=8, gate=5.0
    )
    onnx = load_crm(exported, device="cpu", precision="fp32", engine="onnx")  # its answer tower gives token states too
    assert torch.allclose(onnx.answer_rewards(TWO_TOWER_ITEMS), attending.answer_rewards(TWO_TOWER_ITEMS), atol=1e-4)
