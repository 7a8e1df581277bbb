"""The stage cache: a second identical run makes zero requests; corrupt entries are regenerated; no partial spec."""

from __future__ import annotations

import json

import pytest
from llm_scenarios import backend_for, load_scenario

from gensim_gym.errors import GenerationError
from gensim_gym.generation.llm import LLMGenerator
from gensim_gym.generation.llm.fake_server import FakeOpenAI


@pytest.fixture(scope="module")
def server():
    """One endpoint for every run in this module (the endpoint is part of the cache key)."""
    with FakeOpenAI(handler=lambda body: _next_answer()) as srv:
        yield srv


_queue: list = []


def _next_answer():
    from gensim_gym.generation.llm.fake_server import FakeResponse

    return FakeResponse.from_dict(_queue.pop(0)) if _queue else FakeResponse(500, {"error": {"message": "empty"}},
                                                                            {"x-should-retry": "false"})


def _run(name: str, cache_dir, server, responses=None, **kw):
    record = load_scenario(name)
    _queue[:] = list(record["responses"] if responses is None else responses)
    before = len(server.requests)
    generator = LLMGenerator(backend_for(server), cache_dir=cache_dir, **kw)
    try:
        spec = generator.generate(record["directive"], record["difficulty"], record["seed"])
    except GenerationError as exc:
        spec = exc
    return spec, len(server.requests) - before


def test_second_run_makes_zero_requests(tmp_path, server, no_openai_env):
    first, n1 = _run("well_formed", tmp_path, server)
    second, n2 = _run("well_formed", tmp_path, server)
    assert (n1, n2) == (3, 0)
    assert second.id == first.id
    assert second.meta["llm"]["cache"] == "hit" and second.meta["llm"]["requests"] == 0
    assert len(list(tmp_path.rglob("*.json"))) == 3


def test_repaired_spec_is_cached_in_its_final_form(tmp_path, server, no_openai_env):
    first, _ = _run("wrong_field_names", tmp_path, server)
    second, n2 = _run("wrong_field_names", tmp_path, server)
    assert n2 == 0 and second.id == first.id


def test_corrupt_entry_is_ignored_with_a_warning_and_regenerated(tmp_path, server, no_openai_env):
    first, _ = _run("well_formed", tmp_path, server)
    entries = sorted(tmp_path.rglob("*.json"), key=lambda p: json.loads(p.read_text())["stage"] != "reward")
    reward_entry = entries[0]
    reward_entry.write_text('{"key": "trunc', encoding="utf-8")  # what a torn write would leave
    reward_answer = load_scenario("well_formed")["responses"][2]
    with pytest.warns(UserWarning, match="corrupt LLM cache entry"):
        again, n = _run("well_formed", tmp_path, server, [reward_answer])
    assert n == 1  # only the reward stage is asked again
    assert server.requests[-1]["response_format"]["json_schema"]["name"] == "reward"
    assert again.id == first.id and again.meta["llm"]["cache"] == "partial"
    assert json.loads(reward_entry.read_text())["stage"] == "reward"  # rewritten whole


def test_failed_generation_caches_nothing(tmp_path, server, no_openai_env):
    error, n = _run("never_solvable", tmp_path, server)
    assert isinstance(error, GenerationError) and n == 5
    assert not list(tmp_path.rglob("*.json"))


def test_cache_off_switch(tmp_path, server, no_openai_env):
    _run("well_formed", tmp_path, server, cache=False)
    assert not list(tmp_path.rglob("*.json"))


def test_no_temp_files_left_behind(tmp_path, server, no_openai_env):
    _run("well_formed", tmp_path, server)
    assert not [p for p in tmp_path.rglob("*") if p.name.startswith(".tmp-")]
