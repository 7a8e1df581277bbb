"""Fixtures for the LLM backend tests (helpers live in ``llm_scenarios.py``)."""

from __future__ import annotations

import pytest


@pytest.fixture
def no_openai_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "GENSIM_MODEL", "GENSIM_CACHE_DIR", "GENSIM_PROMPTS"):
        monkeypatch.delenv(name, raising=False)
