"""An OpenAI-compatible chat-completions backend (OpenAI, vLLM, Ollama, llama.cpp's and llama-cpp-python's servers).

Transport retries are left to the ``openai`` client (``max_retries``): it
retries 408/409/429/5xx and dropped connections with exponential backoff and
jitter, honours ``Retry-After`` and ``x-should-retry``, and never retries
401/403. How many requests a call really took is read from the raw
response's ``retries_taken``. Two exceptions, both learnt on a real CPU
server (``tests/fixtures/real_llm``):

- a **read timeout is not retried** unless ``retry_timeouts=True``: the
  server keeps generating the abandoned answer and a retry queues behind it
  (:mod:`~gensim_gym.generation.llm.transport`);
- until a response-format mode has worked on an endpoint, its requests are
  sent **without retries** first, so a server that answers an
  unsupported ``response_format`` with HTTP 500 (llama-cpp-python) is
  heard at once; a 5xx that is *not* about the format is then sent again
  with the usual retries.

Structured output degrades per (base_url, model) — ``json_schema`` →
``json_object`` → plain text, the JSON then extracted from the prose — only
on an error whose message is about the response format
(:mod:`~gensim_gym.generation.llm.capabilities`), and the decision is shared
process-wide. A forced mode never degrades.
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gensim_gym.errors import ArgumentError, ArgumentTypeError, BackendError, require
from gensim_gym.generation.llm.backend import Message, Reply, current_context
from gensim_gym.generation.llm.capabilities import (
    ENDPOINTS,
    MODES,
    PROBE_SYSTEM,
    PROBE_USER,
    RESPONSE_FORMATS,
    format_rejected,
    system_dropped,
    wants_max_completion_tokens,
)
from gensim_gym.generation.llm.config import DEFAULT_MODEL, OPENAI_ENDPOINT, LLMConfig, openai_errors, short
from gensim_gym.generation.llm.schemas import answer_budget

DEFAULT_TIMEOUT = 120.0
__all__ = ["DEFAULT_MODEL", "DEFAULT_TIMEOUT", "MODES", "OPENAI_ENDPOINT", "RESPONSE_FORMATS", "OpenAIBackend"]


def _setting(value: Any, variable: str, parse: Callable[[str], Any], default: Any) -> Any:
    """An argument, else the environment variable (parsed; a bad value names the variable), else the default."""
    if value is not None:
        return value
    text = os.environ.get(variable, "").strip()
    if not text:
        return default
    try:
        return parse(text)
    except ValueError:
        raise ArgumentError(f"environment variable {variable}={text!r} is not valid") from None


def _flag(text: str) -> bool:
    if text.lower() in ("1", "true", "yes", "on"):
        return True
    if text.lower() in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)


class OpenAIBackend:
    """Chat completions through the ``openai`` client, configured from arguments or the environment.

    Every argument has an environment variable and a ``gensim-gym generate|train`` option of the same name:

    Args:
        model: model name (``GENSIM_MODEL``, ``--model``); default ``gpt-4o-mini``.
        base_url: endpoint (``OPENAI_BASE_URL``, ``--base-url``); default OpenAI's. Local servers, e.g.
            ``http://localhost:8080/v1`` (llama.cpp's ``llama-server``), ``http://localhost:8000/v1``
            (llama-cpp-python's server, vLLM), ``http://localhost:11434/v1`` (Ollama). See ``docs/llm.md``.
        api_key: ``OPENAI_API_KEY``. Required for OpenAI's endpoint; local servers get a placeholder.
        timeout: seconds per HTTP request (``GENSIM_TIMEOUT``, ``--timeout``; default 120). A CPU server may
            need far more: one 700-token answer took 515 s on 2 cores.
        max_retries: transport retries per call (429, 5xx, refused or dropped connections; default 3).
        retry_timeouts: also retry after a read timeout (``GENSIM_RETRY_TIMEOUTS``; default False, because the
            server keeps generating the abandoned answer and the retry queues behind it).
        max_tokens: answer limit (``GENSIM_MAX_TOKENS``, ``--max-tokens``); default sized per stage from its
            schema (:func:`~gensim_gym.generation.llm.schemas.answer_budget`); 0 sends none.
        response_format: ``"auto"`` (default) starts with ``json_schema`` and falls back to ``json_object``,
            then plain text, when the server says the format is unsupported; ``"json_schema"``,
            ``"json_object"`` or ``"text"`` force one mode (``GENSIM_RESPONSE_FORMAT``,
            ``--response-format``). ``mode`` is the same argument under its older name.
        fold_system: send the system prompt as the start of the first user turn, for chat templates that drop
            the system role. None (default): one probe per endpoint decides (never for OpenAI's endpoint).
        strict: send ``strict: true`` with the json_schema (see ``schemas.response_format``).
        temperature, send_seed: sampling settings; the seed of the generation is sent unless ``send_seed=False``.
        client: an ``openai.OpenAI`` client to use instead of making one.
    """

    def __init__(self, model: str | None = None, base_url: str | None = None, api_key: str | None = None, *,
                 timeout: float | None = None, max_retries: int = 3, retry_timeouts: bool | None = None,
                 temperature: float | None = 0.2, max_tokens: int | None = None, strict: bool = False,
                 response_format: str | None = None, mode: str | None = None, fold_system: bool | None = None,
                 send_seed: bool = True, client: Any = None) -> None:
        if response_format is not None and mode is not None and response_format != mode:
            raise ArgumentTypeError(f"response_format={response_format!r} and mode={mode!r} name the same setting; "
                                    f"pass one")
        chosen = _setting(response_format if response_format is not None else mode, "GENSIM_RESPONSE_FORMAT",
                          str.strip, "auto")
        if chosen not in RESPONSE_FORMATS:
            raise ArgumentError(f"response_format must be one of {', '.join(RESPONSE_FORMATS)}, got {chosen!r}")
        self.config = LLMConfig.resolve(model, base_url, api_key)
        self.model, self.base_url = self.config.model, self.config.base_url
        self.timeout = float(_setting(timeout, "GENSIM_TIMEOUT", float, DEFAULT_TIMEOUT))
        self.max_tokens = _setting(max_tokens, "GENSIM_MAX_TOKENS", int, None)
        if self.timeout <= 0 or (self.max_tokens is not None and self.max_tokens < 0):
            raise ArgumentError(f"timeout must be > 0 and max_tokens >= 0, got {self.timeout} and {self.max_tokens}")
        self.retry_timeouts = bool(_setting(retry_timeouts, "GENSIM_RETRY_TIMEOUTS", _flag, False))
        self.max_retries, self.temperature, self.strict = int(max_retries), temperature, strict
        self.response_format, self.fold_system, self.send_seed = chosen, fold_system, send_seed
        if self.fold_system is None and "api.openai.com" in self.base_url:
            self.fold_system = False  # OpenAI's models keep the system role; no probe needed
        self._key = (self.base_url, self.model)
        if client is None:
            http = None if self.retry_timeouts else _no_timeout_retry_client()
            client = self.config.client(timeout=self.timeout, max_retries=self.max_retries, http_client=http)
        self._client = client

    @property
    def cache_id(self) -> str:
        """Model and endpoint: what the disk cache keys on."""
        return self.config.cache_id

    @property
    def mode(self) -> str:
        """The response-format mode the next request uses."""
        return self.response_format if self.response_format != "auto" else ENDPOINTS.get(self._key).mode

    def __call__(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> Reply:
        context = current_context()
        seed = context.seed if context is not None else None
        sent = [dict(m) for m in messages]
        fold, requests = self._folds(sent)
        if fold:
            sent = fold_system_prompt(sent)
        while True:
            mode = self.mode
            kwargs = self._request(sent, schema, mode, seed)
            probing = mode not in ENDPOINTS.get(self._key).worked
            try:
                raw, extra = self._send(kwargs, mode, probing)
            except _Rejected as exc:
                requests += 1
                self._downgrade(mode, exc.reason)
                continue
            except _TokenLimitName:
                requests += 1
                ENDPOINTS.set_token_limit(self._key, "max_completion_tokens")
                continue
            requests += extra + raw.retries_taken + 1
            ENDPOINTS.confirm(self._key, mode)
            return _reply(raw.parse(), requests, mode)

    # -- requests ---------------------------------------------------------------------------------------
    def _request(self, messages: list[dict[str, Any]], schema: Mapping[str, Any], mode: str,
                 seed: int | None) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages}
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        limit = self.max_tokens if self.max_tokens is not None else answer_budget(dict(schema.get("schema", {})))
        if limit:
            kwargs[ENDPOINTS.get(self._key).token_limit] = limit
        if seed is not None and self.send_seed:
            kwargs["seed"] = int(seed) % (2**31)
        if mode == "json_schema":
            kwargs["response_format"] = {"type": "json_schema", "json_schema": {**schema, "strict": self.strict}}
        elif mode == "json_object":
            kwargs["response_format"] = {"type": "json_object"}
        return kwargs

    def _send(self, kwargs: dict[str, Any], mode: str, probing: bool) -> tuple[Any, int]:
        """One call: (raw response, requests spent before it). Raises :class:`_Rejected` when the server does not
        take the response format; a probing call's transient failure is sent again with the usual retries."""
        openai = require("openai", "llm")
        with openai_errors(self.config, timeout=self.timeout, max_retries=self.max_retries):
            try:
                return self._create(kwargs, 0 if probing else None), 0
            except openai.APITimeoutError as exc:
                if not (probing and self.retry_timeouts):
                    exc.not_retried = True
                    raise
            except openai.APIStatusError as exc:
                reason = short(exc, 2000)
                if "max_tokens" in kwargs and wants_max_completion_tokens(reason):
                    raise _TokenLimitName from None
                if format_rejected(reason, mode):
                    if self.response_format != "auto":
                        raise BackendError(
                            f"{self.base_url} does not take response_format {mode!r} (HTTP {exc.status_code}): "
                            f"{short(exc)}. Use response_format='auto' (--response-format auto, "
                            f"GENSIM_RESPONSE_FORMAT=auto) to fall back, or force another of "
                            f"{', '.join(MODES)}") from None
                    raise _Rejected(short(exc)) from None
                if not (probing and _transient(exc.status_code)):
                    raise
                time.sleep(_retry_after(exc))
            except openai.APIConnectionError:
                if not probing:
                    raise
            return self._create(kwargs, None), 1

    def _create(self, kwargs: dict[str, Any], retries: int | None) -> Any:
        client = self._client if retries is None else self._client.with_options(max_retries=retries)
        return client.chat.completions.with_raw_response.create(**kwargs)

    def _downgrade(self, mode: str, reason: str) -> None:
        new = ENDPOINTS.downgrade(self._key, mode)
        if new is not None:
            warnings.warn(f"{self.base_url} rejected response_format {mode!r} ({reason}); falling back to {new!r} "
                          f"for model {self.model!r}", stacklevel=3)

    # -- system role ------------------------------------------------------------------------------------
    def _folds(self, messages: list[dict[str, Any]]) -> tuple[bool, int]:
        """Whether to fold the system message into the first user turn, and the requests spent deciding."""
        if not messages or messages[0].get("role") != "system":
            return False, 0
        if self.fold_system is not None:
            return self.fold_system, 0
        known = ENDPOINTS.get(self._key).fold_system
        if known is not None:
            return known, 0
        with ENDPOINTS.probe_lock(self._key):
            known = ENDPOINTS.get(self._key).fold_system  # another thread may have probed while this one waited
            if known is not None:
                return known, 0
            return self._probe_system(), 1

    def _probe_system(self) -> bool:
        """One tiny request: does the server's chat template keep the system message? Remembered per endpoint.
        A server error about the system role means it is refused (fold); other errors leave it undecided."""
        openai = require("openai", "llm")
        kwargs = {"model": self.model, "max_tokens": 1, "temperature": 0.0,
                  "messages": [{"role": "system", "content": PROBE_SYSTEM}, {"role": "user", "content": PROBE_USER}]}
        try:
            with openai_errors(self.config, timeout=self.timeout, max_retries=0, passthrough=True):
                completion = self._create(kwargs, 0).parse()
        except openai.APIStatusError as exc:
            fold = "system" in short(exc, 2000).lower()
        except openai.APIError:  # unreachable or timed out: undecided; the real request will report the fault
            return False
        else:
            usage = getattr(completion, "usage", None)
            fold = system_dropped(int(getattr(usage, "prompt_tokens", 0) or 0))
        ENDPOINTS.set_fold_system(self._key, fold)
        if fold:
            warnings.warn(f"{self.base_url}'s chat template drops or refuses the system message (model "
                          f"{self.model!r}); sending the system prompt in the first user turn", stacklevel=4)
        return fold


def fold_system_prompt(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages with the leading system message moved to the start of the first user turn.

    >>> fold_system_prompt([{"role": "system", "content": "Rules."}, {"role": "user", "content": "Task."}])
    [{'role': 'user', 'content': 'Rules.\\n\\nTask.'}]
    """
    system, rest = messages[0], [dict(m) for m in messages[1:]]
    for message in rest:
        if message.get("role") == "user":
            message["content"] = f"{system.get('content', '')}\n\n{message.get('content', '')}"
            return rest
    return [{"role": "user", "content": system.get("content", "")}, *rest]


def _retry_after(exc: Any) -> float:
    """Seconds to wait before resending after a transient status: the server's Retry-After (at most 60 s), else
    half a second, as the ``openai`` client would."""
    headers = getattr(getattr(exc, "response", None), "headers", None) or {}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            return min(60.0, max(0.0, float(headers.get(name, "")) * scale))
        except ValueError:
            continue
    return 0.5


def _transient(status: int) -> bool:
    return status in (408, 409, 429) or status >= 500


def _reply(completion: Any, requests: int, mode: str) -> Reply:
    usage = getattr(completion, "usage", None)
    choices = getattr(completion, "choices", None) or []
    text = (choices[0].message.content or "") if choices else ""
    finish = (getattr(choices[0], "finish_reason", "") or "") if choices else ""
    return Reply(text, requests, int(getattr(usage, "prompt_tokens", 0) or 0),
                 int(getattr(usage, "completion_tokens", 0) or 0), mode, str(finish))


def _no_timeout_retry_client() -> Any:
    from gensim_gym.generation.llm.transport import no_timeout_retry_client

    return no_timeout_retry_client(require("openai", "llm"))


class _TokenLimitName(Exception):
    """The model wants ``max_completion_tokens`` instead of ``max_tokens``."""


class _Rejected(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
