"""How much answer quality a frozen answer-only description holds: probes fitted on it.

Each answer is described as the CPU CRM's answer tower sees it (the pretrained MiniLM alone, never
the query), plus its layout (crm.data.layout) and log length; and again with its elementwise product
with the query's embedding and their cosine added (what a query-aware head could read). For each, a
logistic regression on the difference of two answers' standardised features is fitted

- on Arena-Hard's quality pairs (train queries, the training models only, two models at least
  ``--gap`` points apart in the published scores), and judged by the board it gives on the queries
  outside training against the published ranking, over all scored models and over the held-out ones;
- on the human votes' training splits, and judged on their test splits, beside "longer wins".

What it measures is the ceiling of a linear head over these features, fitted to convergence; for the
votes, ``--probes`` adds one whose L2 is chosen by cross-validation and a nonlinear one (boosted trees):

    pip install -e ".[experiments]"    # scikit-learn
    python experiments/quality_probe.py --processed data/processed [--gap 40] [--encoder all_mpnet_base_v2] [--bf16]
    python experiments/quality_probe.py --processed data/processed --only votes --probes linear linear_cv boosted

``--encoder`` swaps the answer tower's encoder for another sentence encoder (a directory, or a name in
``crm.pypi_weights.PACKAGES``), to ask whether a larger one holds more quality before building it in.
``--tower-layers K`` describes each text as the CRM's answer tower does instead (its lowest K blocks, the
mean of every layer's states, each layer-normed, side by side; the query likewise), to ask how much of
the sentence embedding's quality the tower keeps.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from scipy.stats import spearmanr
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression, LogisticRegressionCV
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler
from tqdm.auto import tqdm

from crm.config import default_raw_dir
from crm.data.corpora import named_corpus_dir, read_corpus
from crm.data.criteria.pairs import DEFAULT_HELDOUT_MODELS
from crm.data.layout import layout_features
from crm.data.published import corpus_scores
from crm.data.sources import VOTE_SOURCES
from crm.data.splits import split_of
from crm.models.backbones import keep_lower_blocks, pool
from crm.pypi_weights import PACKAGES, local_checkpoint
from crm.text_encoder import SentenceEncoder

BASELINE = "gpt-4-0314"


class TowerDescriber(SentenceEncoder):
    """Texts described as the CRM's answer tower describes answers (crm.models.two_tower.describe_answers)."""

    def __init__(self, path: str | None, layers: int, max_length: int):
        super().__init__(path, max_length=max_length)
        self.model = keep_lower_blocks(self.model, layers)

    def pooled(self, batch) -> torch.Tensor:
        states = self.model(**batch, output_hidden_states=True).hidden_states
        mask = batch["attention_mask"]
        return torch.cat([F.layer_norm(pool(h.float(), mask, "mean"), h.shape[-1:]) for h in states], dim=-1)


def describe(encoder: SentenceEncoder, texts: list[str], bf16: bool) -> np.ndarray:
    """Embedding (shortest first; bf16 autocast if asked), layout and log length of each text."""
    order = np.argsort([len(t) for t in texts])
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
        embedded = encoder.encode([texts[i] for i in order]).numpy()
    out = np.empty_like(embedded)
    out[order] = embedded
    extra = np.array([[*layout_features(t), np.log1p(len(t))] for t in texts])
    return np.concatenate([out, extra], axis=1)


def with_query(q: np.ndarray, described: np.ndarray) -> np.ndarray:
    """The description, its embedding's elementwise product with the query's (``q``), and their cosine."""
    a = described[:, : q.shape[1]]
    return np.concatenate([described, q * a, (q * a).sum(1, keepdims=True)], axis=1)


PROBES = {
    "linear": lambda: LogisticRegression(max_iter=3000, fit_intercept=False),
    # the L2 strength chosen by 5-fold cross-validation on the training pairs alone
    "linear_cv": lambda: LogisticRegressionCV(Cs=10, cv=5, max_iter=3000, fit_intercept=False),
    # a nonlinear probe: what any head over these features could reach, not only a linear one
    "boosted": lambda: HistGradientBoostingClassifier(max_iter=300, early_stopping=True, random_state=0),
}


def fit(x: np.ndarray, y: np.ndarray, kind: str = "linear") -> Pipeline:
    """A symmetric pairwise probe: each difference shown both ways, its features scaled to unit variance
    (the log length and layout counts are on other scales than the embedding)."""
    probe = make_pipeline(StandardScaler(with_mean=False), PROBES[kind]())
    return probe.fit(np.concatenate([x, -x]), np.concatenate([y, 1 - y]))


def arena(encoder: SentenceEncoder, raw: Path, gap: float, bf16: bool) -> dict:
    corpus = read_corpus("arena_hard", raw)
    scores = corpus_scores(named_corpus_dir("arena_hard", raw), corpus.answers)
    qids = sorted(corpus.queries)
    split = {q: split_of(corpus.queries[q].text, 0) for q in qids}
    models = sorted(corpus.answers)
    answer_only = {
        m: describe(encoder, [corpus.answers[m].get(q, "") for q in qids], bf16)
        for m in tqdm(models, desc="describing Arena-Hard's models", unit="model")
    }
    asked = encoder.encode([corpus.queries[q].text for q in qids]).numpy()
    variants = {
        "answer": answer_only,
        "answer_and_query": {m: with_query(asked, f) for m, f in answer_only.items()},
    }
    return {name: arena_probe(corpus, scores, qids, split, feats, gap) for name, feats in variants.items()}


def arena_probe(corpus, scores, qids, split, feats, gap) -> dict:
    models = sorted(corpus.answers)
    train_models = [m for m in models if m in scores and m not in DEFAULT_HELDOUT_MODELS]
    x, y = [], []
    for i, q in enumerate(qids):
        if split[q] != "train":
            continue
        for s in train_models:
            for w in train_models:
                if scores[s] - scores[w] >= gap and corpus.answers[s].get(q) and corpus.answers[w].get(q):
                    x.append(feats[s][i] - feats[w][i])
                    y.append(1)
    probe = fit(np.array(x), np.array(y))
    outside = [i for i, q in enumerate(qids) if split[q] != "train"]
    win = {
        m: probe.predict_proba(feats[m][outside] - feats[BASELINE][outside])[:, 1].mean()
        for m in models
        if m != BASELINE
    }
    win[BASELINE] = 0.5
    lengths = {m: np.mean([len(corpus.answers[m].get(qids[i], "")) for i in outside]) for m in models}
    out = {"training_pairs": len(y), "queries": len(outside)}
    for name, group in (("all", list(scores)), ("heldout", [m for m in scores if m in DEFAULT_HELDOUT_MODELS])):
        out[name] = {
            "probe": float(spearmanr([win[m] for m in group], [scores[m] for m in group]).statistic),
            "mean_length": float(spearmanr([lengths[m] for m in group], [scores[m] for m in group]).statistic),
            "models": len(group),
        }
    return out


def votes(encoder: SentenceEncoder, processed: Path, bf16: bool, probes: list[str]) -> dict:
    def load(source: str, split: str) -> dict[str, tuple]:
        rows = [json.loads(line) for line in (processed / source / f"{split}.jsonl").open()]
        rows = [r for r in rows if r["preference"] in ("model_a", "model_b")]
        a = describe(encoder, [r["model_a"][-1]["content"] for r in rows], bf16)
        b = describe(encoder, [r["model_b"][-1]["content"] for r in rows], bf16)
        asked = encoder.encode(["\n".join(turn["content"] for turn in r["model_a"][:-1]) for r in rows]).numpy()
        y = np.array([r["preference"] == "model_a" for r in rows], int)
        longer = np.array([len(r["model_a"][-1]["content"]) > len(r["model_b"][-1]["content"]) for r in rows], int)
        with_asked = with_query(asked, a) - with_query(asked, b)
        return {"answer": (a - b, y, longer), "answer_and_query": (with_asked, y, longer)}

    splits = [(s, split) for s in VOTE_SOURCES for split in ("train", "test")]
    loaded = {key: load(*key) for key in tqdm(splits, desc="describing the votes", unit="split")}
    return {kind: votes_probe(loaded, kind) for kind in probes}


def votes_probe(loaded: dict, kind: str) -> dict:
    result = {}
    for variant in ("answer", "answer_and_query"):
        train = [loaded[(s, "train")][variant] for s in VOTE_SOURCES]
        probe = fit(np.concatenate([x for x, _, _ in train]), np.concatenate([y for _, y, _ in train]), kind)
        out, pooled = {}, []
        for source in VOTE_SOURCES:
            x, y, longer = loaded[(source, "test")][variant]
            out[source] = {"probe": probe.score(x, y), "longer_wins": float((longer == y).mean()), "n": len(y)}
            pooled.append((probe.predict(x) == y, longer == y))
        out["pooled"] = {
            k: float(np.concatenate([p[i] for p in pooled]).mean()) for i, k in enumerate(("probe", "longer_wins"))
        }
        result[variant] = out
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--raw", type=Path, default=None, help="raw data directory (CRM_RAW_DIR)")
    parser.add_argument("--processed", type=Path, required=True, help="prepared data with the vote sources")
    parser.add_argument("--gap", type=float, default=40.0, help="published points between the two models of a pair")
    parser.add_argument("--encoder", help="a sentence encoder's directory or a PyPI weights name (default: MiniLM)")
    parser.add_argument("--max-length", type=int, default=128, help="tokens of each text the encoder reads")
    parser.add_argument("--tower-layers", type=int, help="describe as the CRM's answer tower of this many blocks")
    parser.add_argument(
        "--bf16", action="store_true", help="bf16 autocast (the recorded MiniLM probes; far slower than fp32 on a CPU)"
    )
    parser.add_argument(
        "--probes", nargs="+", choices=sorted(PROBES), default=["linear"], help="the votes' probes, on one description"
    )
    parser.add_argument("--only", choices=("arena_hard", "votes"), help="measure one of the two")
    args = parser.parse_args()
    path = args.encoder
    if path in PACKAGES:
        path = local_checkpoint(path)
    if args.tower_layers:
        encoder = TowerDescriber(path, args.tower_layers, args.max_length)
    else:
        encoder = SentenceEncoder(path, max_length=args.max_length)
    result = {}
    if args.only in (None, "arena_hard"):
        result["arena_hard"] = arena(encoder, args.raw or Path(default_raw_dir()), args.gap, args.bf16)
    if args.only in (None, "votes"):
        result["votes"] = votes(encoder, args.processed, args.bf16, args.probes)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
