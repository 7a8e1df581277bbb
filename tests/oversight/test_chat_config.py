"""``OpenAIChat`` (oversight, LLM agent) is configured and fails exactly like the generation backend."""

from __future__ import annotations

import pytest

from gensim_gym.errors import BackendAuthError, BackendError
from gensim_gym.generation.llm import OpenAIBackend
from gensim_gym.generation.llm.fake_server import FakeOpenAI, FakeResponse, completion
from gensim_gym.oversight import OpenAIChat


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "GENSIM_MODEL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_chat_and_backend_read_the_same_environment(clean_env):
    clean_env.setenv("GENSIM_MODEL", "qwen")
    clean_env.setenv("OPENAI_BASE_URL", "http://localhost:8000/v1/")
    chat, backend = OpenAIChat(), OpenAIBackend()
    assert chat.config == backend.config
    assert (chat.model, chat.config.base_url, chat.config.api_key) == ("qwen", "http://localhost:8000/v1",
                                                                       "not-needed")
    assert "not-needed" not in repr(chat.config)


def test_missing_key_for_openai_names_the_variable(clean_env):
    with pytest.raises(BackendAuthError, match="OPENAI_API_KEY"):
        OpenAIChat("gpt-4o-mini")


def test_chat_talks_to_a_local_server_and_translates_errors(clean_env):
    script = [FakeResponse(body=completion("hi", prompt_tokens=7, completion_tokens=2)),
              FakeResponse(401, {"error": {"message": "bad key"}}),
              FakeResponse(404, {"error": {"message": "no such model"}})]
    with FakeOpenAI(script) as server:
        chat = OpenAIChat("local", base_url=server.base_url, max_retries=0)
        reply = chat([{"role": "user", "content": "hello"}])
        assert (reply.content, reply.prompt_tokens, reply.completion_tokens) == ("hi", 7, 2)
        with pytest.raises(BackendAuthError, match=r"refused the credentials \(HTTP 401\)"):
            chat([{"role": "user", "content": "hello"}])
        with pytest.raises(BackendError, match="no model 'local'.*GENSIM_MODEL"):
            chat([{"role": "user", "content": "hello"}])
    assert server.requests[0]["model"] == "local"
