"""Which model, endpoint and key to use, and how ``openai`` errors read: shared by every LLM client.

Generation (:class:`~gensim_gym.generation.llm.openai_backend.OpenAIBackend`),
oversight and LLM agents (:class:`~gensim_gym.oversight.chat.OpenAIChat`) are
configured the same way: arguments first, then ``GENSIM_MODEL``,
``OPENAI_BASE_URL`` and ``OPENAI_API_KEY``. ``openai`` is imported only when
a client is made.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from gensim_gym.errors import BackendAuthError, BackendError, require

DEFAULT_MODEL = "gpt-4o-mini"
OPENAI_ENDPOINT = "https://api.openai.com/v1"
LOCAL_KEY = "not-needed"  # vLLM, Ollama and llama.cpp accept any key unless started with one


@dataclass(frozen=True)
class LLMConfig:
    """A resolved model, endpoint and key (the key is kept out of ``repr``).

    >>> LLMConfig.resolve("local", "http://localhost:8080/v1/", api_key="").cache_id
    'local@http://localhost:8080/v1'
    """

    model: str
    base_url: str
    api_key: str = field(repr=False)

    @classmethod
    def resolve(cls, model: str | None = None, base_url: str | None = None,
                api_key: str | None = None) -> LLMConfig:
        """Fill what is not given from the environment; OpenAI's endpoint without a key fails at once."""
        model = model or os.environ.get("GENSIM_MODEL") or DEFAULT_MODEL
        base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or OPENAI_ENDPOINT).rstrip("/")
        key = api_key or os.environ.get("OPENAI_API_KEY")
        if not key:
            if "api.openai.com" in base_url:
                raise BackendAuthError(f"no API key for {base_url}: set the OPENAI_API_KEY environment variable "
                                       "or pass api_key=...")
            key = LOCAL_KEY
        return cls(model, base_url, key)

    @property
    def cache_id(self) -> str:
        """Model and endpoint: what the disk cache keys on."""
        return f"{self.model}@{self.base_url}"

    def client(self, *, timeout: float, max_retries: int, http_client: Any = None) -> Any:
        """An ``openai.OpenAI`` client; ``http_client`` is one of the openai package's own type (proxies, tests)."""
        openai = require("openai", "llm")
        return openai.OpenAI(api_key=self.api_key, base_url=self.base_url, timeout=timeout, max_retries=max_retries,
                             http_client=http_client)


def short(exc: Exception, limit: int = 300) -> str:
    text = str(getattr(exc, "message", "") or exc)
    return text if len(text) <= limit else text[:limit] + "…"


@contextmanager
def openai_errors(config: LLMConfig, *, timeout: float, max_retries: int, passthrough: bool = False) -> Iterator[None]:
    """Turn the ``openai`` client's errors (after its own retries) into :class:`BackendError` messages that say
    which variable or argument to check. With ``passthrough`` only refused credentials are translated (they
    end every call at once); other errors pass unchanged, for callers that handle them."""
    openai = require("openai", "llm")
    try:
        yield
    except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
        raise BackendAuthError(f"{config.base_url} refused the credentials (HTTP {exc.status_code}): check the "
                               f"OPENAI_API_KEY environment variable or the api_key argument") from None
    except openai.OpenAIError as exc:
        if passthrough:
            raise
        raise _translate(openai, exc, config, timeout, max_retries) from None


def _translate(openai: Any, exc: Exception, config: LLMConfig, timeout: float, max_retries: int) -> Exception:
    url = config.base_url
    if isinstance(exc, (openai.BadRequestError, openai.UnprocessableEntityError)):
        return BackendError(f"{url} rejected the request (HTTP {exc.status_code}): {short(exc)}")
    if isinstance(exc, openai.NotFoundError):
        return BackendError(f"{url} has no chat-completions route or no model {config.model!r} (HTTP 404): "
                            f"check OPENAI_BASE_URL and GENSIM_MODEL; {short(exc)}")
    if isinstance(exc, openai.APIStatusError):
        return BackendError(f"{url} answered HTTP {exc.status_code} after {max_retries} retries: {short(exc)}")
    if isinstance(exc, openai.APITimeoutError) and getattr(exc, "not_retried", False):
        return BackendError(
            f"{url} did not answer within {timeout:g} s. Not retried: a local server keeps generating the "
            f"abandoned answer, and a retry would queue behind it. For a slow (CPU) server raise the timeout "
            f"(timeout=..., --timeout, GENSIM_TIMEOUT) or lower max_tokens (--max-tokens, GENSIM_MAX_TOKENS); "
            f"retry_timeouts=True (GENSIM_RETRY_TIMEOUTS=1) retries anyway")
    if isinstance(exc, openai.APITimeoutError):
        return BackendError(f"{url} timed out on every try (1 request + {max_retries} retries, timeout {timeout:g} s)")
    if isinstance(exc, openai.APIConnectionError):
        return BackendError(f"{url} could not be reached on every try (1 request + {max_retries} retries, "
                            f"timeout {timeout:g} s)")
    return BackendError(f"{url}: {type(exc).__name__}: {short(exc)}")
