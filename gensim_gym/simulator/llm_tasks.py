"""The loop's ``generate(directive, difficulty, seed)`` hook through an LLM (``backend="openai"``).

Every spec goes through :func:`gensim_gym.generate` with one
:class:`~gensim_gym.generation.llm.OpenAIBackend` made up front (one HTTP
client for the run, and a response-format downgrade is learnt once), so it
gets the LLM pipeline's checks, repair turns, disk cache and audit log. The
curriculum calls it between epochs, never inside ``reset``/``step``; a rerun
with the same seed is served from the cache with zero requests (rejected
specs are never cached, so they are asked again). Token usage of each spec
(its ``meta["llm"]``, or the ``usage`` of the :class:`GenerationError` when
every attempt was rejected) is added to the run's counter as ``generation``.
"""

from __future__ import annotations

import os
from typing import Any

from gensim_gym.errors import GenerationError
from gensim_gym.oversight.chat import TokenCounter
from gensim_gym.spec.model import SimSpec


class LLMTasks:
    """``generate(directive, difficulty, seed) -> SimSpec`` through ``gensim_gym.generate`` and an LLM.

    Args:
        model, base_url, api_key: the endpoint; defaults ``GENSIM_MODEL``, ``OPENAI_BASE_URL``,
            ``OPENAI_API_KEY`` (a local server needs no key).
        backend: instead of those, any :class:`~gensim_gym.generation.llm.Backend` object.
        cache, cache_dir, audit_log, max_attempts, template_dir: options of the LLM pipeline.
        tokens: the run's token counter.
        backend_options: further :class:`OpenAIBackend` keywords (``timeout``, ``temperature``, ...).
    """

    def __init__(self, model: str | None = None, base_url: str | None = None, api_key: str | None = None, *,
                 backend: Any = None, cache: bool = True, cache_dir: str | os.PathLike | None = None,
                 audit_log: str | os.PathLike | None = None, max_attempts: int = 3,
                 template_dir: str | os.PathLike | None = None, tokens: TokenCounter | None = None,
                 **backend_options: Any) -> None:
        self.__name__ = "openai" if backend is None else type(backend).__name__  # recorded in config.json
        if backend is None:
            from gensim_gym.generation.llm import make_backend

            backend = make_backend("openai", model=model, base_url=base_url, api_key=api_key, **backend_options)
        self.backend = backend
        self.options: dict[str, Any] = {"cache": cache, "cache_dir": cache_dir, "audit_log": audit_log,
                        "max_attempts": max_attempts, "template_dir": template_dir}
        self.tokens = tokens if tokens is not None else TokenCounter()

    @property
    def cache_id(self) -> str:
        return getattr(self.backend, "cache_id", type(self.backend).__name__)

    def __call__(self, directive: str, difficulty: float, seed: int) -> SimSpec:
        from gensim_gym.factory import generate

        try:
            spec = generate(directive, difficulty=difficulty, seed=seed, backend=self.backend, **self.options)
        except GenerationError as exc:  # every attempt was rejected; the model was still paid for them
            self._count(getattr(exc, "usage", {}))
            raise
        self._count(spec.meta.get("llm", {}))
        return spec

    def _count(self, usage: dict[str, Any]) -> None:
        if usage.get("calls"):
            self.tokens.add_counts(usage.get("prompt_tokens", 0), usage.get("completion_tokens", 0), "generation",
                                   calls=usage["calls"])
