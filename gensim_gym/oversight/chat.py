"""A minimal chat-completion client for oversight and LLM agents.

Oversight and the LLM agent need one thing from a model: given messages (and
optionally tools in OpenAI function-calling format), return the assistant
message and the token usage. :class:`ChatClient` is that protocol; any
callable with this shape plugs in (a local model, a test double).
:class:`OpenAIChat` implements it for any OpenAI-compatible endpoint (OpenAI,
vLLM, Ollama, llama.cpp server) through ``base_url``, configured like the
generation backend.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from gensim_gym.errors import BackendError
from gensim_gym.generation.llm.config import LLMConfig, openai_errors


@dataclass
class ChatReply:
    """The assistant message (OpenAI format: role, content, tool_calls) and its token usage."""

    message: dict[str, Any]
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def content(self) -> str:
        return self.message.get("content") or ""

    @property
    def tool_calls(self) -> list[dict[str, Any]]:
        return list(self.message.get("tool_calls") or [])


class ChatClient(Protocol):
    """``client(messages, tools=None) -> ChatReply``."""

    def __call__(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> ChatReply: ...


@dataclass
class TokenCounter:
    """Running token totals, so reports can show what oversight and agents cost."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    by_role: dict[str, int] = field(default_factory=dict)

    def add(self, reply: ChatReply, role: str) -> None:
        self.add_counts(reply.prompt_tokens, reply.completion_tokens, role)

    def add_counts(self, prompt_tokens: int, completion_tokens: int, role: str, calls: int = 1) -> None:
        """Count usage that did not come as a :class:`ChatReply` (e.g. a generated spec's ``meta["llm"]``)."""
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.calls += calls
        self.by_role[role] = self.by_role.get(role, 0) + prompt_tokens + completion_tokens

    def to_dict(self) -> dict[str, Any]:
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "calls": self.calls, "by_role": dict(self.by_role)}


class OpenAIChat:
    """A :class:`ChatClient` over an OpenAI-compatible ``/chat/completions`` endpoint.

    Configured exactly like the generation backend (``backend="openai"``):
    ``model``, ``base_url`` and ``api_key`` default to ``GENSIM_MODEL``,
    ``OPENAI_BASE_URL`` and ``OPENAI_API_KEY``; a local server needs no key.
    Client construction and error messages are shared with it
    (:mod:`gensim_gym.generation.llm.config`), and so is what the backend
    learnt of the endpoint's chat template: where it drops the system role,
    the system prompt goes into the first user turn here too
    (``fold_system`` forces either way).
    """

    def __init__(self, model: str | None = None, *, base_url: str | None = None, api_key: str | None = None,
                 temperature: float = 0.0, max_tokens: int = 512, timeout: float = 60.0, max_retries: int = 2,
                 http_client: Any = None, fold_system: bool | None = None) -> None:
        self.config = LLMConfig.resolve(model, base_url, api_key)
        self.model = self.config.model
        self.temperature, self.max_tokens = temperature, max_tokens
        self.timeout, self.max_retries = timeout, max_retries
        self._client = self.config.client(timeout=timeout, max_retries=max_retries, http_client=http_client)
        self.fold_system = fold_system

    def _folds(self) -> bool:
        """``fold_system`` if given, else what the generation backend learnt of this endpoint's chat template
        (its one probe; see :mod:`gensim_gym.generation.llm.capabilities`), else keep the system role."""
        if self.fold_system is not None:
            return self.fold_system
        from gensim_gym.generation.llm.capabilities import ENDPOINTS

        return bool(ENDPOINTS.get((self.config.base_url, self.model)).fold_system)

    def __call__(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> ChatReply:
        if messages and messages[0].get("role") == "system" and self._folds():
            from gensim_gym.generation.llm.openai_backend import fold_system_prompt

            messages = fold_system_prompt(messages)
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.temperature,
                                  "max_tokens": self.max_tokens}
        if tools:
            kwargs["tools"] = tools
        with openai_errors(self.config, timeout=self.timeout, max_retries=self.max_retries):
            response = self._client.chat.completions.create(**kwargs)
        if not response.choices:
            raise BackendError(f"{self.config.base_url} returned no choices for model {self.model!r}")
        message = response.choices[0].message.model_dump(exclude_none=True)
        message.setdefault("role", "assistant")
        usage = response.usage
        return ChatReply(message, getattr(usage, "prompt_tokens", 0) or 0, getattr(usage, "completion_tokens", 0) or 0)
