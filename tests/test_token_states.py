"""Token states kept as window means in int8: exact where asked, within a quantisation step otherwise,
the same answer kept the same in any batch, and a store that never mixes forms."""

from __future__ import annotations

import pytest
import torch

from crm.models.token_states import compact_states, expand_states
from crm.scoring.answer_store import AnswerStore, pack
from crm.scoring.tower_memory import TowerMemory
from tests.conftest import tiny_two_tower_model
from tests.test_answer_store import answer_rows


def test_one_token_per_state_in_bf16_is_the_states_as_they_were():
    states = torch.randn(13, 8)
    (kept,) = compact_states(states, 1, 16)
    assert torch.equal(kept, states.to(torch.bfloat16)) and torch.equal(expand_states((kept,)), kept)


@pytest.mark.parametrize("tokens", [1, 4, 13, 160])
def test_window_means_in_int8_are_within_half_a_step_of_the_means(tokens):
    states = torch.randn(tokens, 32) * 3
    kept, scales = compact_states(states, 4, 8)
    stretches = -(-tokens // 4)
    assert kept.dtype == torch.int8 and kept.shape == (stretches, 32) and scales.shape == (stretches, 1)
    means = torch.stack([states[i : i + 4].mean(0) for i in range(0, tokens, 4)])  # the last one partial
    assert (expand_states((kept, scales)) - means).abs().le(scales / 2 + 1e-6).all()


def test_an_answer_of_160_tokens_of_384_is_kept_in_under_25_kb():
    described, states = torch.zeros(5 * 384), torch.randn(160, 384)
    kept = len(pack((described, *compact_states(states, 4, 8))))
    assert kept < 25_000 < len(pack((described, *compact_states(states, 1, 16))))


def test_other_bit_widths_are_refused():
    with pytest.raises(ValueError, match="16 .* or 8"):
        compact_states(torch.randn(4, 8), 2, 4)


def test_an_answer_is_kept_the_same_whatever_shares_its_batch_and_forms_never_share_a_key(minilm_tokenizer, tmp_path):
    store = AnswerStore(tmp_path / "answers.sqlite")
    towers = TowerMemory(tiny_two_tower_model(answer_attention=1, token_window=4, token_bits=8), store)
    rows = answer_rows(minilm_tokenizer)
    towers.describe_all(rows)
    together = dict(towers.answers.rows)
    for row in rows:
        towers.forget()
        towers.describe_all([row])
        ((key, value),) = towers.answers.rows.items()
        assert all(torch.equal(a, b) for a, b in zip(value, together[key]))
    plain = TowerMemory(tiny_two_tower_model(answer_attention=1), store)  # the same tower, bf16 tokens
    assert plain.backing("cpu").fingerprint != towers.backing("cpu").fingerprint
