"""What an OpenAI-compatible endpoint can do, learnt from its own answers and remembered per (base_url, model).

Two capabilities differ between real servers and matter to generation:

- **response format.** OpenAI and vLLM take ``json_schema``; llama-cpp-python's
  server answers it with HTTP **500** (a pydantic literal error, recorded in
  ``tests/fixtures/real_llm``); others answer 400 or 422. The status says
  nothing, so the error *message* decides: a mode is given up only when the
  message is about the response format (:func:`format_rejected`). A 400
  about the context length, say, never downgrades.
- **system role.** Some chat templates (llama-cpp-python's ``gemma`` format)
  drop system messages silently, or refuse them. One tiny probe (a system
  text of known length, ``max_tokens=1``) compares the prompt tokens the
  server counted with the system text's length (:func:`system_dropped`).

Decisions are kept in one process-wide table, so every backend and every
thread of a ``generate_many`` batch talking to the same model on the same
endpoint shares them, and a fallback costs requests once per process.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace

#: Response-format modes, most structured first; ``auto`` starts at the first and falls back on rejection.
MODES = ("json_schema", "json_object", "text")
RESPONSE_FORMATS = ("auto", *MODES)

# The message must name the response format (or the grammar a server builds from it): llama-cpp-python's
# "Input should be 'text' or 'json_object'" (loc body.response_format.type), OpenAI-style
# "response_format type 'json_schema' is not supported", vLLM's "...JSON schema...", llama.cpp's grammar errors.
_FORMAT_WORDS = re.compile(r"response[ _]?format|json[ _-]?schema|json[ _-]?object|structured[ _]output|"
                           r"guided[ _]decoding|grammar", re.IGNORECASE)

#: The probe's system text: 94 plain words, so at least ~94 tokens under any tokenizer that keeps it.
PROBE_SYSTEM = " ".join(["You are a careful assistant. Follow every rule in this message exactly."] * 6
                        + ["Answer the user with one word only, and nothing else at all."] * 2)
PROBE_USER = "Say OK."
_PROBE_WORDS = len(PROBE_SYSTEM.split())


# A message about the prompt's length is never about the format, even if it quotes the request.
_LENGTH_WORDS = re.compile(r"context (length|window|size)|maximum context|too many tokens|prompt is too long",
                           re.IGNORECASE)


def format_rejected(message: str, mode: str) -> bool:
    """Whether an error message says the server does not take this ``response_format`` mode.

    >>> format_rejected("Input should be 'text' or 'json_object' (loc: body.response_format.type)", "json_schema")
    True
    >>> format_rejected("This model's maximum context length is 4096 tokens", "json_schema")
    False
    >>> format_rejected("context window exceeded: {'response_format': {'type': 'json_schema'}}", "json_schema")
    False
    """
    text = message or ""
    return mode != "text" and bool(_FORMAT_WORDS.search(text)) and not _LENGTH_WORDS.search(text)


def wants_max_completion_tokens(message: str) -> bool:
    """Whether an error says to send ``max_completion_tokens`` instead of ``max_tokens`` (OpenAI's reasoning
    models: "Unsupported parameter: 'max_tokens' ... Use 'max_completion_tokens' instead.")."""
    return "max_completion_tokens" in (message or "") and "max_tokens" in (message or "").replace(
        "max_completion_tokens", "")


def system_dropped(prompt_tokens: int) -> bool:
    """Whether a probe's prompt-token count is too small to contain :data:`PROBE_SYSTEM`.

    A template that keeps the system message counts at least one token per
    word of it; one that drops it counts the user turn and a little
    scaffolding (about 10 tokens). Half the word count separates the two.
    """
    return 0 < prompt_tokens < _PROBE_WORDS // 2


@dataclass(frozen=True)
class Endpoint:
    """What is known of one (base_url, model): the mode ``auto`` uses, the modes that have worked, whether to fold
    the system message into the first user turn (None: not probed yet)."""

    mode: str = MODES[0]
    worked: frozenset[str] = frozenset()
    fold_system: bool | None = None
    token_limit: str = "max_tokens"  # OpenAI's reasoning models want "max_completion_tokens"


class _Table:
    """The process-wide, thread-safe table of :class:`Endpoint` records."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._known: dict[tuple[str, str], Endpoint] = {}
        self._probing: dict[tuple[str, str], threading.Lock] = {}

    def probe_lock(self, key: tuple[str, str]) -> threading.Lock:
        """Held while one thread probes an endpoint, so concurrent generations wait for its answer: one probe."""
        with self._lock:
            return self._probing.setdefault(key, threading.Lock())

    def get(self, key: tuple[str, str]) -> Endpoint:
        with self._lock:
            return self._known.get(key, Endpoint())

    def confirm(self, key: tuple[str, str], mode: str) -> None:
        with self._lock:
            current = self._known.get(key, Endpoint())
            if mode not in current.worked:
                self._known[key] = replace(current, worked=current.worked | {mode})

    def downgrade(self, key: tuple[str, str], rejected: str) -> str | None:
        """Move past ``rejected``; returns the new mode, or None when another thread already moved on."""
        with self._lock:
            current = self._known.get(key, Endpoint())
            if current.mode != rejected:
                return None
            self._known[key] = replace(current, mode=MODES[MODES.index(rejected) + 1])
            return self._known[key].mode

    def set_fold_system(self, key: tuple[str, str], fold: bool) -> None:
        with self._lock:
            self._known[key] = replace(self._known.get(key, Endpoint()), fold_system=fold)

    def set_token_limit(self, key: tuple[str, str], name: str) -> None:
        with self._lock:
            self._known[key] = replace(self._known.get(key, Endpoint()), token_limit=name)

    def forget(self) -> None:
        """Forget every endpoint (tests; or after a server was restarted with other options)."""
        with self._lock:
            self._known.clear()
            self._probing.clear()


ENDPOINTS = _Table()
forget_endpoints = ENDPOINTS.forget
