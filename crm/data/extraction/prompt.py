"""The extraction prompt (prompt.yaml, versioned) and the check of what the LLM answers.

The answer must be one JSON object: ``a_criteria`` and ``b_criteria`` (1-4 non-empty strings each)
and a broad topic per side. Criteria that merely restate the vote ("A is better") are rejected by
the patterns of prompt.yaml: they would teach the CRM nothing about what a user wants.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from crm.data.schema import PreferenceSample

PROMPT_FILE = Path(__file__).with_name("prompt.yaml")


class ExtractedCriteria(BaseModel):
    """The JSON the LLM must answer with."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    a_criteria: list[str] = Field(min_length=1, max_length=4)  # in the prompt's order: a constrained
    a_topic: str = Field(min_length=1, max_length=80)  # decoder writes the schema's keys in order
    b_criteria: list[str] = Field(min_length=1, max_length=4)
    b_topic: str = Field(min_length=1, max_length=80)


# How the reply's shape is asked for. text: by the prompt alone (any server); json_object: JSON mode (vLLM,
# OpenAI); json_schema: decoding constrained to the reply's schema, OpenAI's request shape (OpenAI, vLLM,
# llama.cpp's llama-server); json_object_schema: the same constraint in the older shape, JSON mode with a
# schema (llama-cpp-python's server, Together AI). A small model needs the constraint: unconstrained, it
# repeats one criterion until max_tokens and never closes the list.
RESPONSE_FORMATS = ("text", "json_object", "json_schema", "json_object_schema")


def response_format(kind: str) -> dict:
    """The request's ``response_format`` for ``kind`` (nothing for text)."""
    if kind not in RESPONSE_FORMATS:
        raise ValueError(f"response format must be one of {RESPONSE_FORMATS}, not {kind!r}")
    if kind == "text":
        return {}
    if kind == "json_object":
        return {"response_format": {"type": "json_object"}}
    shape = {**ExtractedCriteria.model_json_schema(), "additionalProperties": False}  # strict mode's rule
    if kind == "json_object_schema":
        return {"response_format": {"type": "json_object", "schema": shape}}
    schema = {"name": "criteria", "schema": shape, "strict": True}
    return {"response_format": {"type": "json_schema", "json_schema": schema}}


class MalformedAnswer(ValueError):
    """An answer that is not the JSON asked for, or restates the vote; the message says why."""


@dataclass(frozen=True)
class Prompt:
    version: int
    system: str
    user: str
    winners: dict[str, str]
    examples: tuple[dict[str, str], ...]
    max_chars: int
    restating: tuple[re.Pattern, ...]

    def messages(self, sample: PreferenceSample) -> list[dict[str, str]]:
        """The chat messages that ask for ``sample``'s criteria, after the example exchanges."""
        messages = [{"role": "system", "content": self.system}]
        for example in self.examples:
            messages.append({"role": "user", "content": self.ask(**{k: v for k, v in example.items() if k != "reply"})})
            messages.append({"role": "assistant", "content": example["reply"]})
        asked = self.ask(sample.prompt, sample.response_a, sample.response_b, sample.preference)
        return [*messages, {"role": "user", "content": asked}]

    def ask(self, query: str, answer_a: str, answer_b: str, winner: str) -> str:
        cut = self.cut
        return self.user.format(
            query=cut(query), answer_a=cut(answer_a), answer_b=cut(answer_b), winner=self.winners[winner]
        )

    def cut(self, text: str) -> str:
        """``text`` within ``max_chars``: its head and tail, the middle marked as left out."""
        if len(text) <= self.max_chars:
            return text
        half = self.max_chars // 2
        return f"{text[:half]}\n[... {len(text) - 2 * half} characters left out ...]\n{text[-half:]}"

    def parse(self, text: str) -> ExtractedCriteria:
        """The criteria in an LLM's reply; MalformedAnswer saying why when it is not usable."""
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end < start:
            raise MalformedAnswer("no JSON object in the reply")
        try:
            answer = ExtractedCriteria.model_validate(json.loads(text[start : end + 1]))
        except json.JSONDecodeError as err:
            raise MalformedAnswer(f"malformed JSON ({err.msg})") from None
        except ValidationError as err:
            first = err.errors()[0]
            raise MalformedAnswer(f"not the schema ({'.'.join(map(str, first['loc']))}: {first['msg']})") from None
        for side in ("a_criteria", "b_criteria"):
            criteria = getattr(answer, side)
            if not all(criteria):
                raise MalformedAnswer(f"an empty criterion in {side}")
            for criterion in criteria:
                if any(pattern.search(criterion) for pattern in self.restating):
                    raise MalformedAnswer(f"{side} restates the vote: {criterion!r}")
        return answer


@cache
def load_prompt(path: Path = PROMPT_FILE) -> Prompt:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return Prompt(
        version=int(data["version"]),
        system=data["system"].strip(),
        user=data["user"].strip(),
        winners=dict(data["winners"]),
        examples=tuple(data.get("examples") or ()),
        max_chars=int(data["max_chars"]),
        restating=tuple(re.compile(p, re.IGNORECASE) for p in data["restating"]),
    )
