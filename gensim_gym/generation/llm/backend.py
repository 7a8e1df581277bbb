"""The ``Backend`` protocol: chat messages + a JSON Schema in, the model's answer text out.

A backend is any callable ``backend(messages, schema) -> str | Reply``:
``messages`` are OpenAI-style chat messages (``{"role", "content"}``) and
``schema`` is the ``json_schema`` object of a ``response_format`` (``name`` is
the stage, ``task``/``tools``/``reward``, or a prompt name; ``schema`` is the
JSON Schema of the answer). Users plug in their own model by writing one.

Backends that want more than the text can read :func:`current_context` (the
directive, difficulty, seed and stage being generated); the offline adapter
does, to answer each stage from the procedural generator.
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from gensim_gym.errors import ArgumentError, ArgumentTypeError, BackendError

Message = Mapping[str, str]


@dataclass(frozen=True)
class Reply:
    """A backend's answer with its cost: HTTP requests made (retries included) and tokens used.

    ``finish_reason`` is the server's (``"stop"``, ``"length"`` when ``max_tokens`` cut the answer, ...);
    empty when the backend does not know it.
    """

    text: str
    requests: int = 1
    prompt_tokens: int = 0
    completion_tokens: int = 0
    mode: str = ""
    finish_reason: str = ""


@runtime_checkable
class Backend(Protocol):
    """Anything that answers chat messages under a JSON Schema.

    ``cache_id`` (optional attribute) names the model and endpoint for the
    disk cache; backends without it are not cached.
    """

    def __call__(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> str | Reply: ...


@dataclass(frozen=True)
class StageContext:
    """What is being generated when a backend is called."""

    directive: str
    difficulty: float
    seed: int
    stage: str


_CONTEXT: contextvars.ContextVar[StageContext | None] = contextvars.ContextVar("gensim_stage", default=None)


def current_context() -> StageContext | None:
    """The generation context of the current call, or None outside a generation."""
    return _CONTEXT.get()


@contextmanager
def stage_context(context: StageContext) -> Iterator[None]:
    token = _CONTEXT.set(context)
    try:
        yield
    finally:
        _CONTEXT.reset(token)


def as_reply(answer: str | Reply) -> Reply:
    if isinstance(answer, Reply):
        return answer
    if not isinstance(answer, str):
        raise ArgumentTypeError(f"a backend must return str or Reply, got {type(answer).__name__}")
    return Reply(answer)


@lru_cache(maxsize=256)
def _offline_sections(directive: str, difficulty: float, seed: int) -> dict[str, str]:
    from gensim_gym.generation.directive import parse_directive
    from gensim_gym.generation.offline import OfflineGenerator

    spec = OfflineGenerator(parse_directive(directive, difficulty, on_unknown="fallback"), directive).generate(seed)
    return {name: json.dumps(getattr(spec, name).to_dict()) for name in ("task", "tools", "reward")}


class OfflineBackend:
    """The procedural generator behind the ``Backend`` protocol.

    Each stage is answered with the matching section of the spec the offline
    generator makes for the current directive, difficulty and seed. It makes
    the LLM pipeline (prompts, repair, cache, audit) runnable without a
    model, e.g. as a baseline or in tests. Prompt names other than the three
    stages have no offline answer.
    """

    cache_id = "offline"

    def __call__(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> Reply:
        context = current_context()
        if context is None:
            raise BackendError("OfflineBackend answers only inside a generation (no stage context is set)")
        stage = schema.get("name", context.stage)
        sections = _offline_sections(context.directive, context.difficulty, context.seed)
        if stage not in sections:
            raise ArgumentError(f"the offline backend cannot answer {stage!r}; it answers task, tools and reward")
        return Reply(sections[stage], requests=0, mode="offline")
