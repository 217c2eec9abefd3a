"""Converters from the raw public corpora (see ``SOURCES.md`` in the raw directory) to samples.

Two kinds of source:

* style sources (DSP domain styles, AlpacaEval concise/verbose): the same query answered in two
  styles; a user whose criteria describe one style prefers it, so every pair gets criteria for both
  sides (``a_criteria``/``b_criteria``) and can be read in either direction;
* vote sources (PandaLM, HH-RLHF, DSP's HH-helpful and WebGPT copies): human votes without written
  criteria, labelled with the generic :data:`GENERAL_CRITERION`.

Every random choice (which answer is side A, which style wins, which criteria paraphrases) comes
from a ``random.Random`` seeded by the run seed and the sample's stable id through hashlib, so the
output does not depend on record order, process or Python's salted ``hash()``.
"""

from __future__ import annotations

import gzip
import itertools
import json
import logging
import random
import re
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from crm.data.conversion import ConversionResult, criteria_pair, record_rng, stable_hash
from crm.data.criteria.pairs import build_attribute_pairs
from crm.data.criteria.quality_pairs import build_quality_pairs
from crm.data.criteria.style_pools import GENERAL_CRITERION, STYLE_TOPICS, draw_criteria
from crm.data.raw_files import (
    ALPACA_STYLES,
    RawDataError,
    alpaca_models,
    alpaca_outputs,
    get_field,
    iter_json_list,
    require_file,
)
from crm.data.schema import PreferenceSample, conversation

log = logging.getLogger(__name__)

DSP_STYLES = ("academy", "business", "entertainment", "literature", "normal")
STYLE_SOURCES = ("dsp_styles", "alpaca_styles")
VOTE_SOURCES = ("pandalm", "hh_harmless", "dsp_helpful", "dsp_webgpt")
GENERAL_TOPIC = "general"


def _iter_jsonl_gz(path: Path) -> Iterator[tuple[int, str, Any]]:
    """(line number, where, record) of a gzipped jsonl file; ``where`` names file and line."""
    require_file(path)
    with gzip.open(path, "rb") as handle:
        for line_no, raw in enumerate(_gzip_lines(handle, path), start=1):
            where = f"{path}:{line_no}"
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                raise RawDataError(f"{where}: not UTF-8 text ({err.reason} at byte {err.start})") from None
            if not line.strip():
                continue
            try:
                yield line_no, where, json.loads(line)
            except json.JSONDecodeError as err:
                raise RawDataError(f"{where}: malformed JSON ({err.msg} at column {err.colno})") from None


def _gzip_lines(handle, path: Path) -> Iterator[bytes]:
    try:
        yield from handle
    except (gzip.BadGzipFile, EOFError, zlib.error) as err:
        raise RawDataError(f"{path}: not a complete gzip file ({err}); download it again") from None


def _skip_reason(answer_a: str, answer_b: str) -> str | None:
    """Why a pair carries no preference signal (or breaks the schema), or None if it is usable."""
    if not answer_a.strip() or not answer_b.strip():
        return "skipped_empty"
    if answer_a.strip() == answer_b.strip():
        return "skipped_identical"
    return None


# --------------------------------------------------------------------------- sample builders


def _style_pair(
    source: str, idx: str, prompt: str, answers: dict[str, str], rng: random.Random, extra: dict[str, Any]
) -> PreferenceSample:
    """One pair of two styles: random side A, random winner, criteria drawn for both sides."""
    a_style, b_style = rng.sample(sorted(answers), 2)
    winner = rng.choice(("model_a", "model_b"))
    a_topic, b_topic = STYLE_TOPICS[a_style], STYLE_TOPICS[b_style]
    a_criteria, b_criteria = draw_criteria(a_topic, rng), draw_criteria(b_topic, rng)
    extra = {"a_style": a_style, "b_style": b_style, **extra}
    pair = (answers[a_style], answers[b_style])
    return criteria_pair(source, idx, prompt, pair, (a_criteria, b_criteria), (a_topic, b_topic), winner, extra)


def _vote_sample(
    source: str,
    idx: str,
    history: list[dict[str, str]],
    prompt: str,
    answer_a: str,
    answer_b: str,
    preference: str,
    extra: dict[str, Any] | None = None,
) -> PreferenceSample:
    """A human-vote pair; no criteria were written, so both sides get the generic criterion."""
    return PreferenceSample(
        prompt=prompt,
        model_a=conversation(prompt, answer_a, history),
        model_b=conversation(prompt, answer_b, history),
        criteria=[GENERAL_CRITERION],
        preference=preference,
        idx=idx,
        human_winner=preference,
        a_criteria=[GENERAL_CRITERION],
        b_criteria=[GENERAL_CRITERION],
        a_broad_criteria_topic=GENERAL_TOPIC,
        b_broad_criteria_topic=GENERAL_TOPIC,
        source=source,
        extra=dict(extra or {}),
    )


# --------------------------------------------------------------------------- transcripts

_TRANSCRIPT_MARKERS = {
    "hh": re.compile(r"\n\n(Human|Assistant):[ ]?"),  # "\n\nHuman: ...\n\nAssistant: ..."
    "markdown": re.compile(r"\n\n+## (Human|Assistant):[ \t]*\n?"),  # "## Human:\n...\n\n## Assistant:\n..."
}
_ROLES = {"Human": "user", "Assistant": "assistant"}


class TranscriptError(ValueError):
    """A transcript that cannot be split into alternating user/assistant turns."""


def parse_transcript(text: str) -> list[dict[str, str]]:
    """Split an Anthropic-style ("\\n\\nHuman: ... \\n\\nAssistant: ...") or WebGPT-style
    ("## Human:\\n ... ## Assistant:\\n ...") transcript into chat messages.

    The turns must alternate starting with the user and end with the assistant; anything else is
    ambiguous (e.g. "Human:" typed inside an answer) and raises :class:`TranscriptError`.
    """
    body = "\n\n" + text.lstrip()
    style = "markdown" if body.startswith("\n\n## Human:") else "hh"
    parts = _TRANSCRIPT_MARKERS[style].split(body)
    if parts[0].strip():
        raise TranscriptError("text before the first Human turn")
    roles, contents = parts[1::2], parts[2::2]
    if not roles:
        raise TranscriptError("no Human/Assistant turns")
    for i, role in enumerate(roles):
        if role != ("Human", "Assistant")[i % 2]:
            raise TranscriptError(f"turn {i} is {role}; turns do not alternate")
    if roles[-1] != "Assistant":
        raise TranscriptError("does not end with an Assistant turn")
    return [{"role": _ROLES[r], "content": c.strip()} for r, c in zip(roles, contents)]


def _transcript_pair(
    source: str, idx: str, text_a: str, text_b: str, preference: str, rng: random.Random, result: ConversionResult
) -> None:
    """Add one pair of transcripts that share all but the final answer, sides in random order.

    Raw files list the chosen/better transcript first (HH always, DSP-helpful always), so keeping
    their order would teach a position bias; the side is therefore drawn from ``rng``.
    """
    try:
        conv_a, conv_b = parse_transcript(text_a), parse_transcript(text_b)
    except TranscriptError as err:
        result.counts["skipped_unparsable"] += 1
        log.debug("%s: %s", idx, err)
        return
    if conv_a[:-1] != conv_b[:-1]:
        result.counts["skipped_prefix_mismatch"] += 1
        return
    reason = _skip_reason(conv_a[-1]["content"], conv_b[-1]["content"])
    if reason:
        result.counts[reason] += 1
        return
    answers = [conv_a[-1]["content"], conv_b[-1]["content"]]
    if rng.random() < 0.5:
        answers.reverse()
        preference = {"model_a": "model_b", "model_b": "model_a"}.get(preference, preference)
        result.counts["swapped"] += 1
    history, prompt = conv_a[:-2], conv_a[-2]["content"]
    result.add(_vote_sample(source, idx, history, prompt, answers[0], answers[1], preference))


# --------------------------------------------------------------------------- converters


def convert_dsp_styles(raw_dir: Path, seed: int) -> ConversionResult:
    """DSP: each query answered in 5 styles -> one sample per unordered pair of styles (10 per query)."""
    path = Path(raw_dir) / "dsp" / "domain_specific_preference.test.json"
    result = ConversionResult()
    for _, where, record in iter_json_list(path):
        query = get_field(record, "query", where)
        responses = get_field(record, "responses", where, dict)
        missing = [s for s in DSP_STYLES if s not in responses]
        if missing:
            raise RawDataError(f"{where}: responses lack style(s) {', '.join(missing)}")
        unknown = set(responses) - set(DSP_STYLES)
        if unknown:
            result.counts["unknown_style_ignored"] += len(unknown)
        answers = {s: get_field(responses, s, f"{where} responses", str) for s in DSP_STYLES}
        result.counts["queries"] += 1
        qhash = stable_hash(query)
        for x, y in itertools.combinations(DSP_STYLES, 2):
            reason = _skip_reason(answers[x], answers[y])
            if reason:
                result.counts[reason] += 1
                continue
            idx = f"dsp_styles/{qhash}/{x}-{y}"
            pair = {x: answers[x], y: answers[y]}
            result.add(_style_pair("dsp_styles", idx, query, pair, record_rng(seed, idx), {}))
    return result


def convert_alpaca_styles(raw_dir: Path, seed: int) -> ConversionResult:
    """AlpacaEval: per model and instruction, the concise answer vs the verbose one."""
    style_dir = Path(raw_dir) / "alpaca_eval_styles"
    result = ConversionResult()
    for model in alpaca_models(style_dir):
        concise, verbose = (alpaca_outputs(style_dir / f"{model}_{s}.json", result) for s in ALPACA_STYLES)
        lone_sets = {"unmatched_concise": set(concise) - set(verbose), "unmatched_verbose": set(verbose) - set(concise)}
        for name, lone in lone_sets.items():
            if lone:
                result.counts[name] += len(lone)
                log.warning("alpaca_styles/%s: %d instructions without a counterpart (%s)", model, len(lone), name)
        for instruction in (i for i in concise if i in verbose):
            pair = {"concise": concise[instruction], "verbose": verbose[instruction]}
            reason = _skip_reason(pair["concise"], pair["verbose"])
            if reason:
                result.counts[reason] += 1
                continue
            idx = f"alpaca_styles/{model}/{stable_hash(instruction)}"
            extra = {"generator": model}
            result.add(_style_pair("alpaca_styles", idx, instruction, pair, record_rng(seed, idx), extra))
    return result


def majority_vote(votes: list[int]) -> str:
    """PandaLM votes (1 = response1, 2 = response2, 0 = tie) -> label; no majority is a tie."""
    ((vote, n),) = Counter(votes).most_common(1)
    if n * 2 <= len(votes):
        return "tie"
    return {1: "model_a", 2: "model_b", 0: "tie"}[vote]


def _pandalm_text(record: Any, name: str, where: str, result: ConversionResult) -> str:
    """A response field; a few raw answers are JSON booleans (the model said "True"), kept as text."""
    value = get_field(record, name, where, (str, bool, int, float))
    if not isinstance(value, str):
        result.counts["coerced_non_string_response"] += 1
        value = str(value)
    return value


def convert_pandalm(raw_dir: Path, seed: int) -> ConversionResult:
    """PandaLM test set: majority of three annotators; ties kept. Sides keep the raw order."""
    path = Path(raw_dir) / "pandalm" / "testset-v1.json"
    result = ConversionResult()
    for i, where, record in iter_json_list(path):
        instruction, inp = get_field(record, "instruction", where), get_field(record, "input", where)
        answers = [_pandalm_text(record, f"response{k}", where, result) for k in (1, 2)]
        votes = [get_field(record, f"annotator{k}", where, int) for k in (1, 2, 3)]
        if any(v not in (0, 1, 2) for v in votes):
            raise RawDataError(f"{where}: annotator votes must be 0, 1 or 2, got {votes}")
        reason = _skip_reason(*answers)
        if reason == "skipped_empty":
            result.counts[reason] += 1
            continue
        if reason == "skipped_identical":
            result.counts["identical_kept"] += 1  # a real vote (usually a tie), so kept
        prompt = instruction + (f"\n\n{inp}" if inp.strip() else "")
        extra = {"cmp_key": record.get("cmp_key"), "votes": votes}
        idx = f"pandalm/{record.get('idx', i)}"
        result.add(_vote_sample("pandalm", idx, [], prompt, answers[0], answers[1], majority_vote(votes), extra))
    return result


def convert_hh_harmless(raw_dir: Path, seed: int) -> ConversionResult:
    """HH-RLHF harmless-base test: chosen vs rejected continuation of a shared conversation."""
    path = Path(raw_dir) / "hh_rlhf" / "harmless-base-test.jsonl.gz"
    result = ConversionResult()
    for line_no, where, record in _iter_jsonl_gz(path):
        chosen, rejected = get_field(record, "chosen", where), get_field(record, "rejected", where)
        idx = f"hh_harmless/{line_no}"
        _transcript_pair("hh_harmless", idx, chosen, rejected, "model_a", record_rng(seed, idx), result)
    return result


def _score_label(scores: list[float]) -> str:
    return "model_a" if scores[0] > scores[1] else "model_b" if scores[1] > scores[0] else "tie"


def _convert_scored_transcripts(source: str, path: Path, seed: int) -> ConversionResult:
    """DSP's cleaned HH-helpful / WebGPT copies: ``{"text": [a, b], "score": [sa, sb]}``."""
    result = ConversionResult()
    for i, where, record in iter_json_list(path):
        texts, scores = get_field(record, "text", where, list), get_field(record, "score", where, list)
        if len(texts) != 2 or not all(isinstance(t, str) for t in texts):
            raise RawDataError(f"{where}: 'text' must be a list of two strings")
        if len(scores) != 2 or not all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores):
            raise RawDataError(f"{where}: 'score' must be a list of two numbers")
        idx = f"{source}/{i}"
        _transcript_pair(source, idx, texts[0], texts[1], _score_label(scores), record_rng(seed, idx), result)
    return result


def convert_dsp_helpful(raw_dir: Path, seed: int) -> ConversionResult:
    """Anthropic HH helpful comparisons (DSP copy); the raw file always lists the winner first."""
    return _convert_scored_transcripts("dsp_helpful", Path(raw_dir) / "dsp" / "helpful.test.json", seed)


def convert_dsp_webgpt(raw_dir: Path, seed: int) -> ConversionResult:
    """OpenAI WebGPT comparisons (DSP copy, markdown "## Human:" transcripts); equal scores are ties."""
    return _convert_scored_transcripts("dsp_webgpt", Path(raw_dir) / "dsp" / "webgpt.test.json", seed)


def convert_attribute_pairs(raw_dir: Path, seed: int, options: Any = None) -> ConversionResult:
    """Arena-Hard and MT-Bench answers of many models, paired by criteria-family verifiers
    (see :mod:`crm.data.criteria.pairs`; ``options`` is its ``PairOptions``)."""
    return build_attribute_pairs(raw_dir, seed, options)


def convert_quality_pairs(raw_dir: Path, seed: int, options: Any = None) -> ConversionResult:
    """Arena-Hard answers of models its published leaderboard ranks far apart, the stronger one preferred
    (see :mod:`crm.data.criteria.quality_pairs`; ``options`` is the attribute pairs' ``PairOptions``)."""
    return build_quality_pairs(raw_dir, seed, options)


Converter = Callable[..., ConversionResult]

SOURCES: dict[str, Converter] = {
    "dsp_styles": convert_dsp_styles,
    "alpaca_styles": convert_alpaca_styles,
    "pandalm": convert_pandalm,
    "hh_harmless": convert_hh_harmless,
    "dsp_helpful": convert_dsp_helpful,
    "dsp_webgpt": convert_dsp_webgpt,
    "attribute_pairs": convert_attribute_pairs,
    "quality_pairs": convert_quality_pairs,
}
PAIR_SOURCES = ("attribute_pairs", "quality_pairs")  # built with the attribute-pair options
