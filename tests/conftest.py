"""Shared fixtures: offline settings, the cached tiny-Qwen3 tokenizer, tiny preference data, Hydra configs."""

from __future__ import annotations

import contextlib
import json
import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("WANDB_MODE", "offline")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
if os.environ.get("PYTEST_XDIST_WORKER"):
    # One thread per test worker (pytest -n): the workers share the cores, and two threads each only contend.
    os.environ.setdefault("OMP_NUM_THREADS", "1")

from crm.data.schema import PreferenceSample, conversation, write_samples

ROOT = Path(__file__).resolve().parent.parent


def require(available: bool, part: str) -> None:
    """An optional part (Chromium, DeepSpeed, peft) a test needs: skipped with the reason on a developer
    machine that lacks it, a failure under CI (``CI=true``), which must have everything."""
    if available:
        return
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{part} is missing, and CI must run every test")
    pytest.skip(f"{part} is not installed here (pip install -e '.[dev]'; under CI=true this fails)")


def has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


STYLE_CRITERIA = {
    "short": ["Prefer a short answer.", "Keep it to one sentence.", "No extra detail."],
    "long": ["Prefer a detailed answer.", "Explain step by step.", "Give examples."],
    "funny": ["Prefer a humorous answer.", "Make me laugh.", "Playful tone."],
}
TOPICS = {"short": "concise", "long": "detailed", "funny": "humorous"}


def style_pair(query: str, i: int, styles=("short", "long"), winner: str = "model_a") -> PreferenceSample:
    """A style pair: A is ``styles[0]``, B is ``styles[1]``; the winner's criteria are the criteria."""
    answers = {
        "short": f"It is {i}.",
        "long": f"Let me explain in detail why the answer is {i}. First, consider the facts; then the examples. " * 2,
        "funny": f"Ha! {i} walks into a bar and orders {i} drinks, which is the answer.",
    }
    a, b = styles
    return PreferenceSample(
        prompt=query,
        model_a=conversation(query, answers[a]),
        model_b=conversation(query, answers[b]),
        criteria=list(STYLE_CRITERIA[a] if winner == "model_a" else STYLE_CRITERIA[b]),
        preference=winner,
        idx=f"tiny/{i}/{a}-{b}",
        human_winner=winner,
        a_criteria=list(STYLE_CRITERIA[a]),
        b_criteria=list(STYLE_CRITERIA[b]),
        a_broad_criteria_topic=TOPICS[a],
        b_broad_criteria_topic=TOPICS[b],
        source="tiny",
        extra={"a_style": a, "b_style": b},
    )


def tiny_split(n: int, seed: int, styles=("short", "long")) -> list[PreferenceSample]:
    rng = random.Random(seed)
    return [
        style_pair(f"Question {seed}-{i}: what is {i} plus zero?", i, styles, rng.choice(["model_a", "model_b"]))
        for i in range(n)
    ]


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory) -> Path:
    """A per-session cache so tests never write to the user's ~/.cache."""
    path = tmp_path_factory.mktemp("crm_cache")
    os.environ["CRM_CACHE_DIR"] = str(path)
    return path


@pytest.fixture(scope="session")
def qwen_tokenizer(cache_dir):
    from crm.models.qwen_tokenizer import build_qwen3_tokenizer

    return build_qwen3_tokenizer()


@pytest.fixture(scope="session")
def minilm_tokenizer():
    from crm.config import minilm_path
    from crm.models.tokenizers import load_tokenizer

    return load_tokenizer(minilm_path())


@pytest.fixture
def tiny_files(tmp_path) -> dict[str, str]:
    """Tiny train/val/test jsonl files in the reference format."""
    files = {}
    for split, n, seed in (("train", 16, 1), ("val", 4, 2), ("test", 4, 3)):
        files[split] = str(tmp_path / f"{split}.jsonl")
        write_samples(files[split], tiny_split(n, seed))
    return files


@pytest.fixture
def compose_train(cache_dir, tmp_path):
    """Compose conf/train.yaml as `python train.py <overrides>` would, with outputs in tmp_path."""
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from hydra.core.hydra_config import HydraConfig

    from crm.config import register_configs

    register_configs()

    def _compose(*overrides: str, output_dir: Path | None = None):
        GlobalHydra.instance().clear()
        out = output_dir or tmp_path / "run"
        with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
            cfg = compose("train", overrides=[f"paths.output_dir={out}", *overrides], return_hydra_config=True)
        HydraConfig().set_config(cfg)
        return cfg

    yield _compose
    GlobalHydra.instance().clear()


TINY_TRAIN = (
    "model=qwen3_tiny",
    "trainer=cpu",
    "logger=none",
    "trainer.num_sanity_val_steps=0",
    "trainer.check_val_every_n_epoch=null",
    "trainer.enable_progress_bar=false",
    "trainer.enable_model_summary=false",
    "~callbacks.progress_bar",
    "data.test_sets={queries_original:[test,original],queries_reverse:[test,reverse]}",
    "data.degenerate_share=0.0",  # the runs' counts are the files' (degenerate pairs: tests/test_degenerate.py)
)


def files_override(files: dict[str, str]) -> str:
    return "data.files={" + ",".join(f"{k}:'{v}'" for k, v in files.items()) + "}"


def export_tiny_crm(out: Path, head: str, seed: int = 0) -> Path:
    """Export a random-initialised tiny Qwen3 CRM (``bt`` or ``cls``) as train.py would, into ``out``."""
    import torch
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from hydra.core.hydra_config import HydraConfig
    from hydra.utils import instantiate

    from crm.config import register_configs
    from crm.export.artifact import CRMSettings
    from crm.export.writer import export_crm
    from crm.models.factory import build_reward_model, model_spec

    register_configs()
    GlobalHydra.instance().clear()
    try:
        with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
            overrides = [f"paths.output_dir={out / 'run'}", "model=qwen3_tiny", f"head={head}"]
            cfg = compose("train", overrides=overrides, return_hydra_config=True)
        HydraConfig().set_config(cfg)
        torch.manual_seed(seed)
        model = build_reward_model(cfg.model, head)
        tokenizer = instantiate(cfg.model.tokenizer)
        settings = CRMSettings(head, model_spec(cfg.model), 256, 64)
        return export_crm(out / f"crm_{head}", model, tokenizer, settings)
    finally:
        GlobalHydra.instance().clear()


@pytest.fixture(scope="session")
def tiny_crm_template(tmp_path_factory, cache_dir):
    """``tiny_crm_template(head)``: each head's tiny CRM, exported once per session. Read-only: a test
    that changes its CRM's files takes a copy (``tiny_crm``)."""
    made: dict[str, Path] = {}

    def _get(head: str) -> Path:
        if head not in made:
            made[head] = export_tiny_crm(tmp_path_factory.mktemp(f"tiny_crm_{head}"), head)
        return made[head]

    return _get


@pytest.fixture
def tiny_crm(tmp_path, tiny_crm_template):
    """``tiny_crm(head)``: this test's own copy of the tiny CRM (as ``export_tiny_crm`` writes it)."""
    import shutil

    def _copy(head: str) -> Path:
        out = tmp_path / f"crm_{head}"
        if not out.exists():
            shutil.copytree(tiny_crm_template(head), out)
        return out

    return _copy


def _model_answers(i: int) -> dict[str, str]:
    """Five models with clearly different habits (bullets, prose, numbered, bold, short); their lengths
    vary by query and model, so each side of a pair is sometimes the longer one."""
    topic = f"topic {i}"
    points = [f"the first point about {topic} matters", f"a second idea on {topic} helps", f"one more note on {topic}"]
    prose = " ".join(f"Consider that {p} in practice for most readers." for p in points)
    answers = {
        "model-bullets": f"Here are the points on {topic}:\n\n" + "\n".join(f"- {p} in practice" for p in points),
        "model-prose": prose,
        "model-numbered": "Follow these steps:\n\n" + "\n".join(f"{k}. {p} today" for k, p in enumerate(points, 1)),
        "model-bold": " ".join(f"**Note:** {p} in practice here." for p in points),
        "model-short": f"It depends on {topic}.",
    }
    return {m: "Well, to put it another way. " * ((i + k) % 4) + a for k, (m, a) in enumerate(answers.items())}


def write_answer_corpora(raw: Path, sizes: dict[str, int] | None = None) -> Path:
    """Tiny Arena-Hard and MT-Bench answer corpora (FastChat layout) under ``raw``."""
    import json

    for corpus, n in (sizes or {"arena_hard_v0.1": 40, "mt_bench": 12}).items():
        (raw / corpus / "model_answer").mkdir(parents=True)
        questions = [
            {"question_id": f"{corpus}-{i}", "category": "c", "turns": [f"{corpus} question {i}?"]} for i in range(n)
        ]
        (raw / corpus / "question.jsonl").write_text("".join(json.dumps(q) + "\n" for q in questions))
        per_model: dict[str, list[str]] = {}
        for i in range(n):
            for model, text in _model_answers(i).items():
                record = {"question_id": f"{corpus}-{i}", "choices": [{"turns": [text]}]}
                per_model.setdefault(model, []).append(json.dumps(record) + "\n")
        for model, lines in per_model.items():
            (raw / corpus / "model_answer" / f"{model}.jsonl").write_text("".join(lines))
        if corpus == "arena_hard_v0.1":  # a published leaderboard, as Arena-Hard's (the quality pairs' ranking)
            rows = "".join(f"{model},{score}\n" for model, score in PUBLISHED_SCORES.items())
            (raw / corpus / "leaderboard.csv").write_text("model,score\n" + rows)
    return raw


# The tiny Arena-Hard's published scores: with the 40-point gap, bullets and numbered beat prose and bold.
PUBLISHED_SCORES = {
    "model-bullets": 80.0,
    "model-numbered": 70.0,
    "model-prose": 40.0,
    "model-bold": 30.0,
    "model-short": 5.0,
}


# The five models' habits of ``_model_answers`` as AlpacaEval's ``<model>_<style>`` answer files.
ALPACA_FILES = {"model-bullets": "m1_concise", "model-prose": "m1_verbose", "model-numbered": "m2_concise",
                "model-bold": "m2_verbose"}  # fmt: skip


def write_alpaca_eval(raw: Path, n: int = 30) -> Path:
    """A tiny ``alpaca_eval_styles`` directory: ``n`` instructions, two models in both styles."""
    import json

    (raw / "alpaca_eval_styles").mkdir(parents=True)
    files: dict[str, list[dict]] = {name: [] for name in ALPACA_FILES.values()}
    for i in range(n):
        for model, text in _model_answers(i).items():
            if model in ALPACA_FILES:
                record = {"dataset": "tiny", "instruction": f"alpaca instruction {i}", "output": text}
                files[ALPACA_FILES[model]].append(record)
    for name, records in files.items():
        (raw / "alpaca_eval_styles" / f"{name}.json").write_text(json.dumps(records))
    return raw


def tiny_bert():
    """A random 2-layer BERT with token types (the text-pair layout of the MiniLM presets)."""
    from transformers import BertConfig, BertModel

    return BertModel(BertConfig(num_hidden_layers=2, hidden_size=32, num_attention_heads=2, intermediate_size=64))


def text_pair_batch(tokenizer, criteria: str, answers: list[str]):
    return tokenizer([criteria] * len(answers), answers, padding=True, return_tensors="pt")


CORPUS_MODELS = {"base": "It is {i}.", "short": "{i}.", "long": "Let me explain at length why the answer is {i}. " * 3}


def write_corpus(root: Path, n: int = 6, missing: dict[str, int] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    topics = ["writing", "math"]
    with (root / "question.jsonl").open("w") as f:
        for i in range(n):
            f.write(
                json.dumps({"question_id": i, "category": topics[i % 2], "turns": [f"What is {i}?", "And?"]}) + "\n"
            )
    (root / "model_answer").mkdir(exist_ok=True)
    for model, template in CORPUS_MODELS.items():
        with (root / "model_answer" / f"{model}.jsonl").open("w") as f:
            for i in range(n - (missing or {}).get(model, 0)):
                turns = [template.format(i=i), "more"]
                f.write(
                    json.dumps({"question_id": i, "model_id": model, "choices": [{"index": 0, "turns": turns}]}) + "\n"
                )
    return root


def two_tower_spec(**options):
    """The spec of a tiny two-tower CRM (text-pair rows, interaction rank 8) with the options asked for."""
    from crm.models.spec import TwoTowerSpec

    return TwoTowerSpec(**{"name": "tiny", "input_format": "text_pair", "interaction": 8, **options})


def tiny_two_tower_model(**options):
    """A random two-tower CRM of tiny BERTs with the options asked for (:func:`two_tower_spec`)."""
    import torch

    from crm.models.factory import assemble

    torch.manual_seed(0)
    return assemble(two_tower_spec(**options), "bt", {"backbone": tiny_bert(), "answer_tower": tiny_bert()}.get).eval()


def free_port() -> int:
    """A port on 127.0.0.1 nothing listens on now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def uvicorn_on_loopback(app):
    """A real uvicorn serving ``app`` on 127.0.0.1 (a free port) in a thread; yields the port."""
    import threading
    import time

    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def compose_evaluate(tmp_path):
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from hydra.core.hydra_config import HydraConfig

    from crm.config import register_configs

    register_configs()

    def _compose(*overrides: str):
        GlobalHydra.instance().clear()
        with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
            cfg = compose(
                "evaluate",
                overrides=[f"paths.output_dir={tmp_path / 'eval'}", "progress=false", *overrides],
                return_hydra_config=True,
            )
        HydraConfig().set_config(cfg)
        return cfg

    yield _compose
    GlobalHydra.instance().clear()
