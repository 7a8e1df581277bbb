"""An OpenAI-compatible chat-completions backend (OpenAI, vLLM, Ollama, llama.cpp server, ...).

Transport retries are left to the ``openai`` client (``max_retries``): it
already retries 408/409/429/5xx, timeouts and dropped connections with
exponential backoff and jitter, honours ``Retry-After`` / ``retry-after-ms``
(up to two minutes) and ``x-should-retry``, and never retries 401/403. A
second retry layer (tenacity) would multiply the attempts and add a
dependency without adding a case. How many requests a call really took is
read from the raw response's ``retries_taken``.

Structured output degrades per endpoint: ``json_schema`` → ``json_object``
→ plain text (then the JSON is extracted from the prose). The first mode the
server accepts is remembered, so the fallback costs requests only once.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

from gensim_gym.errors import require
from gensim_gym.generation.llm.backend import Message, Reply, current_context
from gensim_gym.generation.llm.config import DEFAULT_MODEL, OPENAI_ENDPOINT, LLMConfig, openai_errors, short

MODES = ("json_schema", "json_object", "text")
__all__ = ["DEFAULT_MODEL", "MODES", "OPENAI_ENDPOINT", "OpenAIBackend"]


class OpenAIBackend:
    """Chat completions through the ``openai`` client, configured from arguments or the environment.

    Args:
        model: model name; default ``$GENSIM_MODEL`` or ``gpt-4o-mini``.
        base_url: endpoint; default ``$OPENAI_BASE_URL`` or OpenAI's. For local servers
            e.g. ``http://localhost:8000/v1`` (vLLM), ``http://localhost:11434/v1`` (Ollama),
            ``http://localhost:8080/v1`` (llama.cpp server).
        api_key: default ``$OPENAI_API_KEY``. Required for OpenAI's endpoint; local servers
            that check no key get a placeholder.
        timeout: seconds per HTTP request. max_retries: transport retries per call.
        strict: send ``strict: true`` with the json_schema (see ``schemas.response_format``).
        mode: start in this response-format mode instead of ``json_schema``.
    """

    def __init__(self, model: str | None = None, base_url: str | None = None, api_key: str | None = None, *,
                 timeout: float = 120.0, max_retries: int = 3, temperature: float | None = 0.2,
                 max_tokens: int | None = None, strict: bool = False, mode: str = "json_schema",
                 send_seed: bool = True, client: Any = None) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        self.config = LLMConfig.resolve(model, base_url, api_key)
        self.model, self.base_url = self.config.model, self.config.base_url
        self.timeout, self.max_retries = float(timeout), int(max_retries)
        self.temperature, self.max_tokens, self.strict = temperature, max_tokens, strict
        self.send_seed = send_seed
        self.mode = mode
        self._lock = threading.Lock()
        self._client = client if client is not None else self.config.client(timeout=self.timeout,
                                                                              max_retries=self.max_retries)

    @property
    def cache_id(self) -> str:
        """Model and endpoint: what the disk cache keys on."""
        return self.config.cache_id

    def __call__(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> Reply:
        context = current_context()
        seed = context.seed if context is not None else None
        requests = prompt_tokens = completion_tokens = 0
        while True:
            mode = self.mode
            try:
                raw = self._create(messages, schema, mode, seed)
            except _Downgrade as exc:
                requests += exc.requests
                with self._lock:
                    if self.mode == mode:
                        self.mode = MODES[MODES.index(mode) + 1]
                        warnings.warn(f"{self.base_url} rejected response_format {mode!r} ({exc.reason}); "
                                      f"falling back to {self.mode!r}", stacklevel=2)
                continue
            requests += raw.retries_taken + 1
            completion = raw.parse()
            usage = getattr(completion, "usage", None)
            if usage is not None:
                prompt_tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
                completion_tokens += int(getattr(usage, "completion_tokens", 0) or 0)
            choices = getattr(completion, "choices", None) or []
            text = (choices[0].message.content or "") if choices else ""
            return Reply(text, requests, prompt_tokens, completion_tokens, mode)

    def _create(self, messages: Sequence[Message], schema: Mapping[str, Any], mode: str, seed: int | None):
        openai = require("openai", "llm")
        kwargs: dict[str, Any] = {"model": self.model, "messages": [dict(m) for m in messages]}
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        if self.max_tokens is not None:
            kwargs["max_tokens"] = self.max_tokens
        if seed is not None and self.send_seed:
            kwargs["seed"] = int(seed) % (2**31)
        if mode == "json_schema":
            kwargs["response_format"] = {"type": "json_schema", "json_schema": {**schema, "strict": self.strict}}
        elif mode == "json_object":
            kwargs["response_format"] = {"type": "json_object"}
        with openai_errors(self.config, timeout=self.timeout, max_retries=self.max_retries):
            try:
                return self._client.chat.completions.with_raw_response.create(**kwargs)
            except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                if mode != "text":  # the server may not support this response_format: try the next mode
                    raise _Downgrade(short(exc), 1) from None
                raise


class _Downgrade(Exception):
    def __init__(self, reason: str, requests: int) -> None:
        super().__init__(reason)
        self.reason, self.requests = reason, requests

