"""The verifiers adapter (``gensim_gym.integrations.verifiers.load_environment``), driven by verifiers' own loop.

Runs where ``verifiers`` is installed (``scripts/test_verifiers.sh`` makes ``.venv-verifiers``); skipped in the
main venv. The model is a scripted client: a real ``openai.AsyncOpenAI`` whose HTTP transport is an
in-process function (no server, no network) answering Chat Completions requests with tool calls, either
each task's golden plan (looked up by the task's prompt) or calls drawn at random from the request's tools.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable

import pytest

vf = pytest.importorskip("verifiers")
httpx = pytest.importorskip("httpx")
openai = pytest.importorskip("openai")

import gymnasium as gym  # noqa: E402

import gensim_gym  # noqa: E402, F401 - registers GenSim-v0
from gensim_gym.curriculum.baselines import UniformCurriculum  # noqa: E402
from gensim_gym.errors import ArgumentError  # noqa: E402
from gensim_gym.integrations.verifiers import RESULT_KEY, load_environment  # noqa: E402

DIRECTIVE = "warehouse tasks, easy"
NUM_TASKS = 4
Policy = Callable[[list[dict], list[dict]], list[dict]]  # (messages, tools) -> tool calls {name, arguments}


def golden_plans(num_tasks: int = NUM_TASKS) -> dict[str, list[dict]]:
    """Each task's golden plan as tool calls, by the task's first observation (the dataset prompt)."""
    env = gym.make("GenSim-v0", directive=DIRECTIVE, num_tasks=num_tasks, seed=0, obs_mode="text",
                   action_space="ground", prefetch=0)
    plans = {}
    for task_seed in range(num_tasks):
        obs, _ = env.reset(seed=task_seed)
        unwrapped = env.unwrapped
        plans[obs] = [unwrapped.world.actions[a].call() for a in unwrapped.oracle_actions()]
    return plans


def scripted_client(policy: Policy, log: list | None = None) -> openai.AsyncOpenAI:
    """An ``AsyncOpenAI`` whose every Chat Completions request is answered by ``policy``, in process."""
    counter = iter(range(10**9))

    async def handle(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        if log is not None:
            log.append(body)
        await asyncio.sleep(0)  # let concurrent rollouts interleave, as they do against a real server
        calls = policy(body["messages"], body.get("tools", []))
        message = {"role": "assistant", "content": None if calls else "I am done.",
                   "tool_calls": [{"id": f"call_{next(counter)}", "type": "function",
                                   "function": {"name": c["name"], "arguments": json.dumps(c["arguments"])}}
                                  for c in calls] or None}
        return httpx.Response(200, json={
            "id": "chatcmpl-scripted", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

    return openai.AsyncOpenAI(api_key="scripted", base_url="http://scripted.invalid/v1", max_retries=0,
                              http_client=httpx.AsyncClient(transport=httpx.MockTransport(handle)))


def first_user_text(messages: list[dict]) -> str:
    return next(m["content"] for m in messages if m["role"] == "user")


def golden_policy(plans: dict[str, list[dict]]) -> Policy:
    def policy(messages, tools):
        plan = plans[first_user_text(messages)]
        done = sum(len(m.get("tool_calls") or []) for m in messages if m["role"] == "assistant")
        return plan[done:done + 1]
    return policy


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)

    def policy(messages, tools):
        fn = rng.choice(tools)["function"]
        props = fn["parameters"]["properties"]
        return [{"name": fn["name"], "arguments": {k: rng.choice(v["enum"]) for k, v in props.items()}}]
    return policy


def evaluate(env, policy: Policy, **kwargs):
    client = vf.OpenAIChatCompletionsClient(scripted_client(policy))
    return asyncio.run(env.evaluate(client, model="scripted", on_progress=[], **kwargs))


@pytest.fixture(scope="module")
def env():
    return load_environment(directive=DIRECTIVE, num_tasks=NUM_TASKS, max_turns=40)


def test_the_dataset_holds_each_task_with_its_tools(env):
    rows = env.get_eval_dataset() if env.eval_dataset is not None else env.get_dataset()
    assert len(rows) == NUM_TASKS
    row = rows[0]
    info = json.loads(row["info"]) if isinstance(row["info"], str) else row["info"]
    assert info["task_seed"] == 0 and info["tool_defs"]
    assert {"name", "description", "parameters"} <= set(info["tool_defs"][0])
    assert "Goal" in row["prompt"][-1]["content"]
    assert isinstance(env, vf.MultiTurnEnv)


def test_golden_plans_succeed_and_random_calls_do_worse(env):
    golden = evaluate(env, golden_policy(golden_plans()), num_examples=NUM_TASKS, rollouts_per_example=1,
                      max_concurrent=4)
    outs = golden["outputs"]
    assert len(outs) == NUM_TASKS
    assert [o["reward"] for o in outs] == [1.0] * NUM_TASKS
    assert all(o["metrics"]["episode_return"] > 0 and o["metrics"]["invalid_calls"] == 0 for o in outs)
    assert all(o["stop_condition"] == "has_final_env_response" for o in outs)
    assert not env.episodes  # every rollout's env was dropped when it ended

    rand = evaluate(env, random_policy(0), num_examples=NUM_TASKS, rollouts_per_example=2, max_concurrent=4)
    rewards = [o["reward"] for o in rand["outputs"]]
    assert len(rewards) == 2 * NUM_TASKS
    assert sum(rewards) / len(rewards) < 1.0
    assert sum(o["metrics"]["invalid_calls"] for o in rand["outputs"]) > 0


def test_concurrent_rollouts_of_one_task_do_not_share_state(env):
    plans = golden_plans()
    row = env.get_dataset()[0] if env.dataset is not None else env.get_eval_dataset()[0]
    seen: list[int] = []

    def watching(policy: Policy) -> Policy:
        def wrapped(messages, tools):
            seen.append(len(env.episodes))  # how many rollouts hold an env right now
            return policy(messages, tools)
        return wrapped

    async def both():
        good = vf.OpenAIChatCompletionsClient(scripted_client(watching(golden_policy(plans))))
        bad = vf.OpenAIChatCompletionsClient(scripted_client(watching(lambda m, t: [{"name": "no_such_tool",
                                                                                      "arguments": {}}])))
        rollout_input = {**row, "example_id": 0}
        return await asyncio.gather(env.rollout(dict(rollout_input), good, "scripted"),
                                    env.rollout(dict(rollout_input), bad, "scripted"))

    good_state, bad_state = asyncio.run(both())
    assert max(seen) == 2  # both rollouts were in flight at once, each with its own env
    assert good_state[RESULT_KEY]["is_success"] and good_state[RESULT_KEY]["invalid_calls"] == 0
    # the good episode took exactly the golden plan's steps: none of the bad rollout's calls reached its env
    assert good_state[RESULT_KEY]["length"] == len(plans[row["prompt"][-1]["content"]])
    assert not bad_state[RESULT_KEY]["is_success"]
    assert bad_state[RESULT_KEY]["invalid_calls"] == bad_state[RESULT_KEY]["length"] > 0
    assert good_state["trajectory_id"] != bad_state["trajectory_id"]


class RecordingCurriculum(UniformCurriculum):
    """A real curriculum that also keeps every result it is fed."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fed: list[dict] = []

    def update(self, task, result):
        self.fed.append(result)
        super().update(task, result)


def test_the_curriculum_chooses_tasks_and_receives_every_rollouts_result():
    curriculum = RecordingCurriculum(directive=DIRECTIVE, seed=0, theta_range=(0.2, 0.4))
    env = load_environment(directive=DIRECTIVE, num_tasks=2, curriculum=curriculum, max_turns=3)
    row_prompts = {r["prompt"][-1]["content"] for r in env.get_dataset()}
    log: list[dict] = []
    client = vf.OpenAIChatCompletionsClient(scripted_client(random_policy(1), log))
    out = asyncio.run(env.evaluate(client, model="scripted", num_examples=2, rollouts_per_example=2,
                                   max_concurrent=2, on_progress=[], state_columns=[RESULT_KEY]))
    # every rollout, finished or cut at max_turns, is fed back once, with the curriculum's own fields
    assert len(out["outputs"]) == 4 and len(curriculum.fed) == 4
    assert all(set(r) == {"task_id", "is_success", "return", "length", "theta", "arm"} for r in curriculum.fed)
    assert all(0.2 <= r["theta"] <= 0.4 and r["length"] >= 1 for r in curriculum.fed)
    assert sorted(r["task_id"] for r in curriculum.fed) == sorted(o[RESULT_KEY]["task_id"] for o in out["outputs"])
    assert {r["task_id"] for r in curriculum.fed} <= set(curriculum.pool)  # the tasks it sampled
    # the model saw the sampled tasks, not the dataset rows
    seen_prompts = {first_user_text(body["messages"]) for body in log}
    assert seen_prompts and not seen_prompts & row_prompts
    assert all(text.startswith("Task:") for text in seen_prompts)


def test_bad_arguments_raise_the_package_errors():
    with pytest.raises(ArgumentError, match="num_tasks"):
        load_environment(directive=DIRECTIVE, num_tasks=0)
    with pytest.raises(ArgumentError, match="obs_mode"):
        load_environment(directive=DIRECTIVE, num_tasks=1, obs_mode="vector")
