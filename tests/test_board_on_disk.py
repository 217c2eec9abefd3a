"""A board's answers kept on disk across processes: their renderings and tower outputs read back
exactly, memory bounded to a chunk, and the topic mapping kept."""

from __future__ import annotations

import pytest
import torch

import crm.inference
from crm.data.corpus import load_corpus
from crm.scoring.rendered_answers import RenderedAnswers, pack, renderer_fingerprint, unpack
from crm.usl import topics
from crm.usl.engine import LeaderboardEngine, select_queries
from tests.conftest import write_corpus
from tests.test_two_tower import _exported_two_tower_crm

CRITERIA = ["Use bullet points."]


@pytest.fixture
def attending_crm(minilm_tokenizer, tmp_path, monkeypatch):
    """A tiny two-tower CRM with every per-answer input (token states, layout, query), its own cache."""
    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path / "crm-cache"))
    _, _, exported = _exported_two_tower_crm(minilm_tokenizer, tmp_path / "crm", 4, 1, 20.0, True, 8, 5.0)
    return exported


def board_scores(exported, corpus, cache):
    """A new engine (as a new process would make): its scores, and its CRM."""
    engine = LeaderboardEngine(exported, cache, precision="fp32")
    scores, _ = engine.scores(corpus, select_queries(corpus), sorted(corpus.answers), "base", CRITERIA)
    return scores, engine.crm


def counting_tower(crm) -> dict[str, int]:
    calls = {"rows": 0}
    describe = crm.model._describe_as_rows

    def counted(ids, mask):
        calls["rows"] += len(ids)
        return describe(ids, mask)

    crm.model._describe_as_rows = counted
    return calls


def test_a_new_process_reads_every_answer_back_and_scores_to_the_bit(attending_crm, tmp_path, monkeypatch):
    monkeypatch.setattr(crm.inference, "ANSWERS_IN_MEMORY", 4)  # fewer than the corpus's answers
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    first, first_crm = board_scores(attending_crm, corpus, tmp_path / "first.sqlite")
    assert len(first_crm.towers.answers) <= 4  # memory held a chunk, the store the rest

    # the same answers scored by a CRM that keeps nothing on disk
    plain = crm.inference.load_crm(attending_crm, "cpu", "fp32")
    keys = sorted(first)
    items = [
        (CRITERIA, [{"role": "user", "content": corpus.queries[q].text}], corpus.answers[m][q]) for q, m, _ in keys
    ]
    assert torch.equal(plain.answer_rewards(items).double(), torch.tensor([first[k] for k in keys]).double())

    # a second process: nothing rendered or described again, the same scores
    renders, prime = [], RenderedAnswers.prime
    monkeypatch.setattr(RenderedAnswers, "prime", lambda self, *a: renders.append(prime(self, *a)))
    engine = LeaderboardEngine(attending_crm, tmp_path / "second.sqlite", precision="fp32")
    calls = counting_tower(engine.crm)
    second, _ = engine.scores(corpus, select_queries(corpus), sorted(corpus.answers), "base", CRITERIA)
    assert renders == [0] and calls["rows"] == 0
    assert second == first


def test_a_rendering_reads_back_exactly_and_its_key_follows_the_renderer(attending_crm):
    loaded = crm.inference.load_crm(attending_crm, "cpu", "fp32")
    renderer = loaded.renderer
    for answer in ["- one\n- two", "word " * 400, "Ünïcode, ✓ and emoji 🙂"]:
        made = renderer.rendered(answer)
        assert unpack(pack(made)) == made
    before = renderer_fingerprint(renderer)
    renderer.max_response_tokens += 1  # another view of long answers: another key
    assert renderer_fingerprint(renderer) != before


def test_the_topic_mapping_is_kept_and_a_new_process_loads_no_encoder(tmp_path, monkeypatch):
    monkeypatch.setenv("CRM_CACHE_DIR", str(tmp_path))
    clusters = ["Python decorators", "Baking bread at home"]
    mapping = topics.assign_broad_topics(clusters)

    def no_encoder():
        raise AssertionError("the encoder was loaded")

    monkeypatch.setattr(topics, "_encoder", no_encoder)
    assert topics.assign_broad_topics(clusters) == mapping and mapping["Python decorators"] == "coding"


def test_a_first_board_describes_its_queries_with_its_answers_ahead_of_judging(attending_crm, tmp_path):
    """The tower describes every answer and query in full chunks before any is judged: a scoring batch
    meets a few queries at a time, each chunk of rows then mostly filler."""
    corpus = load_corpus(write_corpus(tmp_path / "corpus"), "tiny", "base")
    engine = LeaderboardEngine(attending_crm, tmp_path / "scores.sqlite", precision="fp32")
    calls, ahead = counting_tower(engine.crm), {}
    describe = engine.crm.describe

    def described_ahead(*args, **kwargs):
        done = describe(*args, **kwargs)
        ahead["rows"] = calls["rows"]
        return done

    engine.crm.describe = described_ahead
    engine.scores(corpus, select_queries(corpus), sorted(corpus.answers), "base", CRITERIA)
    assert ahead["rows"] > 0 and calls["rows"] == ahead["rows"]  # judging described nothing more
