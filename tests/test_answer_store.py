"""The frozen answer tower's outputs kept on disk: exact, keyed by the answer's tokens and the tower, bounded."""

from __future__ import annotations

from array import array

import torch

from crm.scoring.answer_store import LEAST_RECENTLY_USED, STORED_BYTES, AnswerStore, pack, row_key, unpack
from crm.scoring.tower_memory import TowerMemory, distinct_rows, memo_key
from tests.conftest import tiny_two_tower_model

ANSWERS = ["- one\n- two\n- three", "One, two and three, in a sentence.", "Sure!", "A much longer answer " * 9]


def answer_rows(tokenizer, answers=ANSWERS) -> list[list[int]]:
    return [tokenizer(text, truncation=True, max_length=64)["input_ids"] for text in answers]


def counting(model) -> dict[str, int]:
    """Counts the answers the model's tower describes (not those read back from memory or the store)."""
    calls = {"rows": 0}
    describe = model._describe_as_rows

    def counted(ids, mask):
        calls["rows"] += len(torch.unique(ids * mask, dim=0))  # a short chunk's filling copies count once
        return describe(ids, mask)

    model._describe_as_rows = counted
    return calls


def test_values_pack_and_unpack_exactly():
    described, tokens = torch.randn(7 * 32), torch.randn(5, 32).to(torch.bfloat16)
    back = unpack(pack((described, tokens)), tuple_value=True)
    assert torch.equal(back[0], described) and back[1].dtype == torch.bfloat16 and torch.equal(back[1], tokens)
    assert torch.equal(unpack(pack(described), tuple_value=False), described)


def test_an_answer_is_described_the_same_whatever_answers_share_its_batch(minilm_tokenizer):
    towers = TowerMemory(tiny_two_tower_model(answer_attention=1))
    rows = answer_rows(minilm_tokenizer)
    towers.describe_all(rows)
    together = {k: v for k, v in towers.answers.rows.items()}
    for row in rows:
        towers.forget()
        towers.describe_all([row])
        ((key, (described, tokens)),) = towers.answers.rows.items()
        assert torch.equal(described, together[key][0]) and torch.equal(tokens, together[key][1])


def test_a_second_process_reads_what_the_first_described_and_a_changed_text_or_tower_misses(minilm_tokenizer, tmp_path):
    store = AnswerStore(tmp_path / "answers.sqlite")
    first = TowerMemory(tiny_two_tower_model(answer_attention=1), store)
    rows = answer_rows(minilm_tokenizer)
    first.describe_all(rows)
    assert len(store) == len(rows) and store.size_bytes() > 0

    second = TowerMemory(tiny_two_tower_model(answer_attention=1), AnswerStore(store.path))  # same weights
    calls = counting(second.model)
    second.describe_all(rows)
    assert calls["rows"] == 0  # every answer read back, none described again
    for key, (described, tokens) in first.answers.rows.items():
        assert torch.equal(second.answers.rows[key][0], described)
        assert torch.equal(second.answers.rows[key][1], tokens)

    edited = answer_rows(minilm_tokenizer, ["- one\n- two\n- four"])  # a changed text: other tokens, another key
    second.describe_all(edited)
    assert calls["rows"] == 1

    changed = TowerMemory(tiny_two_tower_model(answer_attention=1), AnswerStore(store.path))
    with torch.no_grad():
        changed.model.answer_tower.embeddings.word_embeddings.weight[0, 0] += 1.0  # another tower: another fingerprint
    calls = counting(changed.model)
    changed.describe_all(rows)
    assert calls["rows"] == len(rows)


def test_rows_kept_as_int_arrays_are_the_same_rows_as_lists(minilm_tokenizer, tmp_path):
    """A datamodule keeps its answers' ids as int arrays: an array and a list of the same ids are one row,
    under one key, described once and read back alike."""
    rows = answer_rows(minilm_tokenizer)
    arrays = [array("i", row) for row in rows]
    assert [memo_key(a) for a in arrays] == [memo_key(r) for r in rows]
    assert list(distinct_rows(rows + arrays + rows[:1]).values()) == rows  # each once, in the order first met
    store = AnswerStore(tmp_path / "answers.sqlite")
    memory = TowerMemory(tiny_two_tower_model(answer_attention=1), store)
    calls = counting(memory.model)
    assert memory.describe_all(arrays + rows, keep=False) == len(rows)
    assert calls["rows"] == len(rows) and len(store) == len(rows)
    listed = TowerMemory(tiny_two_tower_model(answer_attention=1), AnswerStore(store.path))
    calls = counting(listed.model)
    listed.describe_all(rows)
    assert calls["rows"] == 0


def test_precision_is_part_of_the_key(minilm_tokenizer, tmp_path):
    store = AnswerStore(tmp_path / "answers.sqlite")
    towers = TowerMemory(tiny_two_tower_model(), store)
    fp32 = towers.backing("cpu").fingerprint
    with torch.autocast("cpu", dtype=torch.bfloat16):
        bf16 = towers.backing("cpu").fingerprint
    assert fp32 != bf16


def test_the_tower_copy_that_describes_is_part_of_the_key(tmp_path, monkeypatch):
    """Under bf16 autocast a bf16 copy of the tower describes: its values are not autocast's over fp32 weights."""
    store = AnswerStore(tmp_path / "answers.sqlite")
    model = tiny_two_tower_model()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        copied = TowerMemory(model, store).backing("cpu").fingerprint
        monkeypatch.setattr(type(model), "tower_dtype", lambda self, device_type: None)
        assert TowerMemory(model, store).backing("cpu").fingerprint != copied


def test_the_attention_kernel_is_part_of_the_key(tmp_path):
    """Kernels differ in their last bits under bf16: a value one kernel stored is not what another computes."""
    store = AnswerStore(tmp_path / "answers.sqlite")
    model = tiny_two_tower_model()
    sdpa = TowerMemory(model, store).backing("cpu").fingerprint
    model.answer_tower.set_attn_implementation("eager")
    assert TowerMemory(model, store).backing("cpu").fingerprint != sdpa


def test_the_store_stays_within_its_bound_dropping_the_least_recently_used(tmp_path):
    store = AnswerStore(tmp_path / "answers.sqlite", max_bytes=2500)
    blobs = {row_key("tower", memo_key([i])): bytes(1000) for i in range(2)}
    store.put(blobs)
    first = next(iter(blobs))
    store.get([first])  # used again: the other one is now the oldest
    store.put({row_key("tower", memo_key([9])): bytes(1000)})
    assert store.size_bytes() <= 2500 and len(store) == 2
    assert store.count_present([first]) == 1


def test_the_bound_is_kept_without_reading_the_stored_values(tmp_path):
    """Every write checks the bound: summing the sizes from the table would read every value stored."""
    store = AnswerStore(tmp_path / "answers.sqlite")

    def plan(query: str) -> str:
        return " ".join(row[-1] for row in store.db.execute(f"EXPLAIN QUERY PLAN {query}"))

    assert "COVERING INDEX" in plan(STORED_BYTES)
    assert "USING INDEX" in plan(LEAST_RECENTLY_USED) and "TEMP B-TREE" not in plan(LEAST_RECENTLY_USED)


def test_a_failing_store_is_left_with_a_warning_and_the_tower_describes(minilm_tokenizer, tmp_path, caplog):
    store = AnswerStore(tmp_path / "answers.sqlite")
    towers = TowerMemory(tiny_two_tower_model(answer_attention=1), store)
    store.db.close()  # as a full disk or a damaged file would: every call fails
    calls = counting(towers.model)
    rows = answer_rows(minilm_tokenizer)
    towers.describe_all(rows)
    assert calls["rows"] == len(rows) and len(towers.answers) == len(rows)
    assert "answer store" in caplog.text and "described without it" in caplog.text
