"""Units of the LLM backend: JSON extraction, stage schemas, prompts, configuration, offline adapter, batches."""

from __future__ import annotations

import json

import gymnasium as gym
import pytest
from llm_scenarios import backend_for, load_scenario

import gensim_gym
from gensim_gym.errors import BackendAuthError, Error, SpecError
from gensim_gym.generation.llm import (
    OfflineBackend,
    OpenAIBackend,
    extract_json,
    generate_many,
    render_prompt,
    response_format,
    section_schema,
)
from gensim_gym.generation.llm.fake_server import FakeOpenAI, FakeResponse, completion, is_system_probe, probe_answer
from tests.llm_recorded import prompt_context


# -- extraction ----------------------------------------------------------------
@pytest.mark.parametrize("text", [
    '{"mode": "dense"}',
    '```json\n{"mode": "dense",}\n```',
    'Sure, here it is:\n{"mode": "dense", "terms": [],}\nAnything else?',
    '{"reward": {"mode": "dense"}}',
])
def test_extract_json_forms(text):
    assert extract_json(text, "reward")["mode"] == "dense"


def test_extract_json_keeps_commas_inside_strings():
    assert extract_json('{"description": "a, }b",}')["description"] == "a, }b"


@pytest.mark.parametrize(("text", "message"), [
    ("", "the answer is empty"),
    ("no json here", "could not read a JSON object"),
    ("[1, 2]", "expected a JSON object"),
    ("[" * 100 + "]" * 100, "nests deeper than 64"),
])
def test_extract_json_errors_name_the_stage(text, message):
    with pytest.raises(SpecError, match=message) as info:
        extract_json(text, "task")
    assert info.value.problems[0].path == "$.task"


# -- schemas -------------------------------------------------------------------
def test_stage_schemas_are_self_contained_sections():
    for stage in ("task", "tools", "reward"):
        text = json.dumps(section_schema(stage))
        assert "$ref" not in text and "$defs" not in text
    rf = response_format("tools")
    assert rf["type"] == "json_schema" and rf["json_schema"]["name"] == "tools"
    assert rf["json_schema"]["schema"]["required"] == ["tools"]


# -- prompts -------------------------------------------------------------------
def test_every_shipped_template_renders_or_names_its_missing_variable():
    with pytest.raises(Error, match="needs a variable that was not given"):
        render_prompt("task")
    text = render_prompt("classify_bottleneck", analysis={"patterns": ["x"]}, evidence={}, mean_reward=0.2, eta=0.5)
    assert '"bottleneck"' in text


def test_user_template_folder_overrides_one_template(tmp_path):
    (tmp_path / "filter.j2").write_text("custom {{ alpha }}")
    assert render_prompt("filter", tmp_path, alpha=0.5) == "custom 0.5"
    assert "Your reward section was rejected" in render_prompt(
        "repair", tmp_path, stage="reward", problems=["$.reward: x"], answer="{}", attempt=1, max_attempts=3)
    with pytest.raises(Error, match="did you mean 'filter'"):
        render_prompt("filtr", tmp_path)


def test_templates_cannot_reach_python_internals(tmp_path):
    (tmp_path / "evil.j2").write_text("{{ x.__class__.__mro__ }}")
    with pytest.raises(Error):
        render_prompt("evil", tmp_path, x="")


# -- configuration ---------------------------------------------------------------
def test_missing_key_for_openai_fails_at_once(no_openai_env):
    with pytest.raises(BackendAuthError, match="OPENAI_API_KEY"):
        OpenAIBackend()


def test_environment_configures_the_backend(monkeypatch, no_openai_env):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:11434/v1/")
    monkeypatch.setenv("GENSIM_MODEL", "llama3.1")
    backend = OpenAIBackend()  # a local server needs no key
    assert backend.cache_id == "llama3.1@http://localhost:11434/v1"


def test_factory_generate_with_openai_backend(tmp_path, no_openai_env):
    record = load_scenario("well_formed")
    with FakeOpenAI(record["responses"]) as server:
        spec = gensim_gym.generate(record["directive"], difficulty=record["difficulty"], seed=record["seed"],
                                   backend="openai", model="gpt-4o-mini", base_url=server.base_url,
                                   api_key="sk-test", cache_dir=tmp_path, fold_system=False)
    assert spec.meta["llm"]["requests"] == 3
    assert server.requests[0]["model"] == "gpt-4o-mini" and server.requests[0]["seed"] == record["seed"]


# -- offline adapter, batches, families ---------------------------------------------
def test_offline_backend_reproduces_the_offline_generator():
    via_llm = gensim_gym.generate("warehouse tasks", difficulty=0.3, seed=5, backend=OfflineBackend(), cache=False)
    direct = gensim_gym.generate("warehouse tasks", difficulty=0.3, seed=5)
    assert via_llm.id == direct.id


def _answer_by_stage(body):
    """A server that answers each stage from the offline generator, whatever order requests arrive in."""
    if is_system_probe(body):
        return probe_answer()
    context = prompt_context(body["messages"])
    stage = body["response_format"]["json_schema"]["name"]
    spec = gensim_gym.generate(context["directive"], difficulty=context["difficulty"], seed=context["seed"])
    text = json.dumps(getattr(spec, stage).to_dict())
    return FakeResponse(body=completion(text, prompt_tokens=1000, completion_tokens=len(text) // 4))


def test_generate_many_in_parallel_sums_usage(tmp_path, no_openai_env):
    with FakeOpenAI(handler=_answer_by_stage) as server:
        # 10 s: the fake server builds its answers offline, and 3 threads at once took > 1 s at load 7
        batch = generate_many("warehouse tasks", 4, difficulty=0.3, seed=20, backend=backend_for(server, timeout=10.0),
                              concurrency=3, progress=False, cache=False)
    assert len(batch) == 4 and len(server.requests) == 12
    assert [s.meta["generator"]["seed"] for s in batch] == [20, 21, 22, 23]
    assert batch.usage.requests == 12 and batch.usage.prompt_tokens == 12_000
    assert batch.usage.completion_tokens == sum(s.meta["llm"]["completion_tokens"] for s in batch)


def test_gym_make_with_llm_backend_generates_up_front(no_openai_env, monkeypatch, capsys):
    monkeypatch.delenv("CI", raising=False)  # tqdm bars are off where CI=true
    with FakeOpenAI(handler=_answer_by_stage) as server:
        env = gym.make("GenSim-v0", directive="warehouse tasks", difficulty=0.3, seed=0, num_tasks=3,
                       backend="openai", base_url=server.base_url, api_key="sk-test", cache=False)
        made = len(server.requests)
    obs, _ = env.reset(seed=0)  # the server is gone: reset must not need it
    for _ in range(3):
        obs, *_ = env.step(int(env.get_wrapper_attr("action_masks")().nonzero()[0][0]))
    assert made == 10 and env.observation_space.contains(obs)  # 3 specs x 3 stages + one probe of the system role
    assert "3/3" in capsys.readouterr().err  # the up-front generation showed its progress bar
