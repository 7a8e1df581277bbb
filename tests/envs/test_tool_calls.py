"""Text mode accepts every tool-call shape people send, built with the ``openai`` package's own types.

Shapes: ``{"name", "arguments"}``; a Chat Completions ``tool_calls`` item (arguments as a JSON string
or an object); a list of calls (one answer per call, in the shape the API needs); a Responses API
``function_call`` item. ``openai_tools(api=...)`` exports tools in the shape each API validates.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gensim_gym
from gensim_gym.envs import text as textface
from tests.conftest import DOMAINS
from tests.envs.test_env import make

openai_types = pytest.importorskip("openai.types")
from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageFunctionToolCall  # noqa: E402
from openai.types.responses import FunctionTool, ResponseFunctionToolCall  # noqa: E402


@pytest.fixture
def env() -> gym.Env:
    env = make(DOMAINS[0], difficulty=0.5, seed=0, obs_mode="text")
    env.reset(seed=0)
    return env


def golden(env: gym.Env) -> list[dict[str, Any]]:
    """The oracle's plan from reset(seed=0) as ``{"name", "arguments"}`` dicts."""
    env.reset(seed=0)
    world = env.unwrapped.world
    return [world.actions[a].call() for a in env.unwrapped.oracle_actions()]


def chat_call(call: dict[str, Any], i: int) -> ChatCompletionMessageFunctionToolCall:
    return ChatCompletionMessageFunctionToolCall(id=f"call_{i}", type="function",
                                                 function={"name": call["name"],
                                                           "arguments": json.dumps(call["arguments"])})


def responses_call(call: dict[str, Any], i: int) -> ResponseFunctionToolCall:
    return ResponseFunctionToolCall(type="function_call", call_id=f"call_{i}", id=f"fc_{i}", name=call["name"],
                                    arguments=json.dumps(call["arguments"]))


def play(env: gym.Env, actions: list[Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    env.reset(seed=0)
    infos = []
    for action in actions:
        _, _, terminated, truncated, info = env.step(action)
        infos.append(info)
        assert info["invalid"] is False, info
    return infos, info


SHAPES = {
    "plain dict": lambda c, i: c,
    "plain json": lambda c, i: json.dumps(c),
    "chat object": chat_call,
    "chat dict, arguments string": lambda c, i: chat_call(c, i).model_dump(),
    "chat dict, arguments object": lambda c, i: {"id": f"call_{i}", "type": "function",
                                                 "function": {"name": c["name"], "arguments": c["arguments"]}},
    "chat json": lambda c, i: chat_call(c, i).model_dump_json(),
    "responses object": responses_call,
    "responses json": lambda c, i: responses_call(c, i).model_dump_json(),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_plays_the_golden_plan(env: gym.Env, shape: str) -> None:
    plan = golden(env)
    infos, last = play(env, [SHAPES[shape](c, i) for i, c in enumerate(plan)])
    assert last["is_success"] is True
    for i, info in enumerate(infos):
        (message,) = info["tool_messages"]
        if shape.startswith("responses"):
            assert message["type"] == "function_call_output" and message["call_id"] == f"call_{i}"
            assert "ok:" in message["output"]
        else:
            assert message["role"] == "tool" and "ok:" in message["content"]
            assert message["tool_call_id"] == ("" if shape.startswith("plain") else f"call_{i}")


def test_a_list_of_calls_is_applied_in_order_with_one_answer_each(env: gym.Env) -> None:
    plan = golden(env)
    assert len(plan) >= 2
    env.reset(seed=0)
    first = [chat_call(c, i) for i, c in enumerate(plan[:-1])]
    message = ChatCompletionMessage(role="assistant", content=None, tool_calls=first)
    obs, reward, terminated, _, info = env.step(message)  # a whole assistant message
    assert not terminated and info["calls_applied"] == len(first)
    assert [m["tool_call_id"] for m in info["tool_messages"]] == [c.id for c in first]
    assert all(m["role"] == "tool" and "ok:" in m["content"] for m in info["tool_messages"])
    assert obs == info["tool_messages"][-1]["content"]  # the observation is the last call's answer
    # the last call plus two more: the episode ends after the first, the others are answered, not run
    extra = [plan[-1], plan[0], "not json"]
    obs, _, terminated, _, info = env.step(json.dumps([extra[0], extra[1]]))
    assert terminated and info["is_success"] and info["calls_applied"] == 1
    assert "not run" in info["tool_messages"][1]["content"] and len(info["tool_messages"]) == 2


def test_a_responses_output_list_applies_its_function_calls_only(env: gym.Env) -> None:
    from openai.types.responses import ResponseReasoningItem

    plan = golden(env)
    env.reset(seed=0)
    output = [ResponseReasoningItem(id="rs_1", type="reasoning", summary=[]),
              responses_call(plan[0], 0), responses_call(plan[1], 1)]
    _, _, _, _, info = env.step(output)
    assert info["calls_applied"] == 2 and [m["call_id"] for m in info["tool_messages"]] == ["call_0", "call_1"]
    assert all(m["type"] == "function_call_output" and "ok:" in m["output"] for m in info["tool_messages"])
    _, reward, _, _, info = env.step([ResponseReasoningItem(id="rs_2", type="reasoning", summary=[])])
    assert info["invalid"] and reward < 0 and "no tool call" in info["tool_messages"][0]["content"]


def test_list_rewards_sum_the_single_steps(env: gym.Env) -> None:
    plan = golden(env)
    env.reset(seed=0)
    singles = [env.step(c)[1] for c in plan]
    env.reset(seed=0)
    _, total, *_ = env.step(plan)
    assert total == pytest.approx(sum(singles))


@pytest.mark.parametrize("bad", [
    [],  # no call
    [{"name": "pick"}] * (textface.MAX_CALLS_PER_STEP + 1),
    [{"type": "reasoning"}] * 10_000,  # bounded before the items are looked at
    {"id": "call_1", "type": "function", "function": {"name": 7, "arguments": "{}"}},
    {"type": "function_call", "call_id": "c", "name": "no_such_tool", "arguments": "{}"},
    {"type": "function_call", "call_id": "c", "name": "pick", "arguments": "{" * 5000},
    {"id": "x" * 10_000, "type": "function", "function": {"name": "pick", "arguments": "[[[[[[[[[[[]]]]]]]]]]]"}},
    object(),
])
def test_malformed_calls_are_error_observations_with_a_penalty(env: gym.Env, bad: Any) -> None:
    env.reset(seed=0)
    obs, reward, terminated, _, info = env.step(bad)
    assert "error:" in obs and reward < 0 and info["invalid"] is True and not terminated
    answer = info["tool_messages"][0]
    assert len(answer.get("tool_call_id", answer.get("call_id", ""))) <= 128  # echoed ids stay bounded


def test_a_bad_call_inside_a_list_is_penalised_and_the_rest_run(env: gym.Env) -> None:
    plan = golden(env)
    env.reset(seed=0)
    _, _, _, _, info = env.step([{"name": "nope", "arguments": {}}, plan[0]])
    first, second = info["tool_messages"]
    assert "error: unknown tool 'nope'" in first["content"] and "ok:" in second["content"]
    assert info["invalid"] is False  # info describes the last call


@pytest.mark.parametrize("api", ["chat", "responses"])
def test_openai_tools_validate_in_each_api(env: gym.Env, api: str) -> None:
    tools = env.unwrapped.openai_tools(api=api)
    assert tools and len(tools) == len(env.unwrapped.sim_spec.tools.tools)
    if api == "responses":
        for tool in tools:
            parsed = FunctionTool.model_validate(tool)
            assert parsed.strict is True and parsed.parameters["additionalProperties"] is False
            assert parsed.model_dump(exclude_none=True) == tool
    else:
        from openai.types.chat import ChatCompletionFunctionTool

        for tool in tools:
            assert ChatCompletionFunctionTool.model_validate(tool).model_dump(exclude_none=True) == tool


def test_openai_tools_rejects_an_unknown_api(env: gym.Env) -> None:
    with pytest.raises(gensim_gym.ArgumentError, match="api must be one of 'chat', 'responses'.*did you mean"):
        env.unwrapped.openai_tools(api="response")


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12)
    | st.sampled_from(["pick", "drop", "function", "function_call", "reasoning", "response", "{}", "{\"a\": 1}"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["name", "arguments", "function", "type", "id", "call_id", "tool_calls", "output", "object"]),
        inner, max_size=5),
    max_leaves=25)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=JSONISH)
def test_arbitrary_structures_never_raise(env: gym.Env, action: Any) -> None:
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(action)
    assert isinstance(obs, str) and isinstance(reward, float)
    assert 1 <= len(info["tool_messages"]) <= textface.MAX_CALLS_PER_STEP
    if info["invalid"] and "calls_applied" not in info:
        assert "error:" in obs and reward < 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_fast_argument_check_never_accepts_what_the_schema_rejects(env: gym.Env, data: st.DataObject) -> None:
    """``_obviously_valid`` skips jsonschema for well-formed calls: it must imply the schema's verdict."""
    import jsonschema

    world = env.unwrapped.world
    tool = data.draw(st.sampled_from(world.spec.tools.tools))
    schema = textface.tool_schema(tool, world.spec)
    names = [p.name for p in tool.params] + ["extra"]
    objects = [o for objs in world.spec.task.objects.values() for o in objs] + ["nowhere"]
    value = st.one_of(st.sampled_from(objects), st.integers(), st.none(), st.booleans(),
                      st.lists(st.text(), max_size=1))
    args = data.draw(st.one_of(st.dictionaries(st.sampled_from(names), value, max_size=len(names)),
                               st.lists(st.text(), max_size=2), st.text(max_size=5)))
    fast = textface._obviously_valid(world, tool, args)
    valid = jsonschema.Draft202012Validator(schema).is_valid(args)
    assert not fast or valid
    if type(args) is dict and all(type(v) is str for v in args.values()):
        assert fast == valid  # for plain string arguments the fast check is the whole schema


def test_envs_sharing_a_task_cache_keep_their_own_episodes() -> None:
    a = make(DOMAINS[0], difficulty=0.5, seed=0, obs_mode="text").unwrapped
    b = type(a)(a.source, obs_mode="text")
    b.share_task_cache(a)
    a.reset(seed=0)
    b.reset(seed=0)
    assert b.world is a.world  # compiled once, shared read-only
    calls = golden(a)
    a.reset(seed=0)
    b_before = b.render_text()
    for call in calls:
        *_, info = a.step(call)
    assert info["is_success"]
    assert b.render_text() == b_before  # b's episode did not move
    for call in calls:
        *_, info = b.step(call)
    assert info["is_success"]
