"""The JSON Schema of each generation stage: one section of the SimSpec schema, ``$defs`` inlined.

Each LLM stage answers exactly one section of a SimSpec (``task``, ``tools``
or ``reward``). Servers that take ``response_format={"type": "json_schema"}``
want a self-contained schema, so the section's ``$ref``s into ``$defs`` are
resolved here once. The SimSpec schema is not recursive, so inlining ends;
a depth bound guards against a future schema that is.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from gensim_gym.errors import ArgumentError, Problem
from gensim_gym.spec.validate import schema

STAGES = ("task", "tools", "reward")
MAX_INLINE_DEPTH = 32


def _inline(node: Any, defs: dict[str, Any], depth: int = 0) -> Any:
    if depth > MAX_INLINE_DEPTH:
        raise RecursionError("schema $refs nest too deeply to inline")
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            target = _inline(defs[ref.removeprefix("#/$defs/")], defs, depth + 1)
            extra = {k: _inline(v, defs, depth + 1) for k, v in node.items() if k != "$ref"}
            return {**target, **extra}
        return {k: _inline(v, defs, depth + 1) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs, depth + 1) for v in node]
    return node


@cache
def _section_schema(stage: str) -> dict[str, Any]:
    if stage not in STAGES:
        raise ArgumentError(f"unknown stage {stage!r}; stages: {', '.join(STAGES)}")
    defs = schema()["$defs"]
    return _inline(defs[stage], defs)


def section_schema(stage: str) -> dict[str, Any]:
    """The self-contained JSON Schema of one stage's answer (a fresh copy the caller may change)."""
    return copy.deepcopy(_section_schema(stage))


def response_format(stage: str, strict: bool = False) -> dict[str, Any]:
    """The ``response_format`` asking an OpenAI-compatible server for one stage's section.

    ``strict`` defaults to False because OpenAI's strict mode cannot express
    this schema: ``task.objects`` is a map (``additionalProperties`` with a
    schema) and several fields are optional. Non-strict json_schema still
    guides the model (and vLLM/llama.cpp enforce it by grammar); the
    package's own validator is what enforces it in every case.
    """
    return {"type": "json_schema", "json_schema": {"name": stage, "schema": section_schema(stage), "strict": strict}}


@cache
def _validator(stage: str):
    import jsonschema

    return jsonschema.Draft202012Validator(_section_schema(stage))


def section_problems(stage: str, obj: Any) -> list[Problem]:
    """Every schema violation of one stage's answer, each with its JSON path inside the whole spec (``$.task…``)."""
    problems = []
    for err in sorted(_validator(stage).iter_errors(obj), key=lambda e: list(map(str, e.absolute_path))):
        path = f"$.{stage}" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err.absolute_path)
        message = err.message if len(err.message) <= 300 else err.message[:300] + "…"
        problems.append(Problem(path, message))
    return problems


# An answer-size estimate from a schema: arrays and maps are counted at a typical fill, not at their maxima
# (task.init allows 1024 items; a real answer has a dozen), strings at a typical length.
_TYPICAL_ITEMS, _TYPICAL_STRING, _CHARS_PER_TOKEN = 8, 32, 3
#: Arrays a typical answer fills less: a task states a trajectory constraint only when the directive asks for one;
#: a tool's failure effects (an imported two-outcome action's) are left out of a typical answer altogether.
_TYPICAL_ITEMS_OF = {"constraints": 1, "fail_effects": 0}
MIN_ANSWER_TOKENS, MAX_ANSWER_TOKENS = 256, 4096


def _typical_chars(node: Any, depth: int = 0, items: int = _TYPICAL_ITEMS) -> int:
    if depth > MAX_INLINE_DEPTH or not isinstance(node, dict):
        return 8
    kind = node.get("type")
    if kind == "object" or "properties" in node:
        size = sum(len(k) + 4 + _typical_chars(v, depth + 1, _TYPICAL_ITEMS_OF.get(k, _TYPICAL_ITEMS))
                   for k, v in node.get("properties", {}).items() if _TYPICAL_ITEMS_OF.get(k) != 0)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            size += min(node.get("maxProperties", 4), 4) * (12 + _typical_chars(extra, depth + 1))
        return size + 2
    if kind == "array":
        items = min(node.get("maxItems", items), items)
        return 2 + items * (1 + _typical_chars(node.get("items", {}), depth + 1))
    if kind == "string":
        return 2 + min(node.get("maxLength", _TYPICAL_STRING), _TYPICAL_STRING)
    return 6


def answer_budget(schema: dict[str, Any]) -> int:
    """A default ``max_tokens`` for an answer under ``schema``, sized from the schema.

    The schema's typical answer (arrays at 8 items, strings at 32
    characters) at 3 characters per token, rounded up to 64 and kept within
    [256, 4096]: task 2432, tools 2880, reward 384 tokens. That is about
    twice the largest section the offline generator writes at difficulty 1
    (a test checks it), so a sound answer is never cut, and a model that
    rambles on a slow CPU server is stopped.

    >>> answer_budget(section_schema("reward"))
    384
    """
    tokens = -(-_typical_chars(schema) // _CHARS_PER_TOKEN)
    tokens = -(-tokens // 64) * 64
    return max(MIN_ANSWER_TOKENS, min(MAX_ANSWER_TOKENS, tokens))
