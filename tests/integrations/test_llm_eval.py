"""``gensim-gym eval`` against the package's fake OpenAI-compatible server on loopback (no network, no key).

The fake model plays the golden plan of each task it recognises by its first observation; on the hardest
level it first calls a tool that does not exist, and on one easy task it only talks (never a tool call),
so the report must show a failure, invalid calls and steps over the golden plan above 1.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import gymnasium as gym
import pytest

from gensim_gym.errors import ArgumentError
from gensim_gym.generation.llm.fake_server import FakeOpenAI, FakeResponse, completion
from gensim_gym.integrations.cli import main
from gensim_gym.integrations.llm_eval import EvalConfig, markdown, wilson

pytest.importorskip("openai")

DIRECTIVE = "warehouse tasks"
DIFFICULTIES = (0.2, 0.8)
EPISODES = 2


def golden_by_first_observation() -> dict[str, tuple[float, int, list[dict[str, Any]]]]:
    plans = {}
    for difficulty in DIFFICULTIES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env = gym.make("GenSim-v0", directive=DIRECTIVE, difficulty=difficulty, seed=0, obs_mode="text",
                           action_space="ground", prefetch=0)
        for seed in range(EPISODES):
            obs, _ = env.reset(seed=seed)
            world = env.unwrapped.world
            plans[obs] = (difficulty, seed, [world.actions[a].call() for a in env.unwrapped.oracle_actions()])
    return plans


class FakeAgentModel:
    """A handler for FakeOpenAI: answers chat requests as a scripted agent would."""

    def __init__(self) -> None:
        self.plans = golden_by_first_observation()

    def __call__(self, body: dict[str, Any]) -> FakeResponse:
        assert body["tools"] and body["tools"][0]["type"] == "function"
        difficulty, seed, plan = self.plans[body["messages"][1]["content"]]
        done = sum(m["role"] == "tool" for m in body["messages"])
        if difficulty == 0.2 and seed == 1:
            return FakeResponse(body=completion("I would rather describe the warehouse."))
        if difficulty == 0.8:
            if done == 0:
                return self.call({"name": "teleport", "arguments": {}}, done)
            done -= 1
        return self.call(plan[done], done)

    @staticmethod
    def call(call: dict[str, Any], k: int) -> FakeResponse:
        message = {"role": "assistant", "content": None,
                   "tool_calls": [{"id": f"call_{k}", "type": "function",
                                   "function": {"name": call["name"], "arguments": json.dumps(call["arguments"])}}]}
        return FakeResponse(body={"id": "x", "object": "chat.completion", "created": 0, "model": "fake",
                                  "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
                                  "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})


def test_eval_writes_json_and_markdown(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with FakeOpenAI(handler=FakeAgentModel()) as server:
        code = main(["eval", "--directive", DIRECTIVE, "--difficulties", ",".join(map(str, DIFFICULTIES)),
                     "--episodes", str(EPISODES), "--model", "fake-agent", "--base-url", server.base_url,
                     "--out", str(tmp_path / "report"), "--quiet"])
    assert code == 0
    report = json.loads((tmp_path / "report.json").read_text())
    table = (tmp_path / "report.md").read_text()
    assert table == capsys.readouterr().out and "| warehouse | 0.2 | 2 | 50 % (" in table
    easy, hard = report["groups"]
    assert (easy["difficulty"], hard["difficulty"]) == DIFFICULTIES
    assert easy["successes"] == 1 and easy["steps_over_golden"] == pytest.approx(1.0)
    (talker,) = [e for e in report["episodes"] if e["difficulty"] == 0.2 and not e["success"]]
    assert talker["seed"] == 1 and talker["invalid_calls"] == talker["steps"] > 0  # a reply with no call is invalid
    assert easy["invalid_calls"] == talker["steps"]
    assert hard["successes"] == 2 and hard["invalid_calls"] == 2
    per_hard = [e for e in report["episodes"] if e["difficulty"] == 0.8]
    assert hard["steps_over_golden"] == pytest.approx(sum((e["golden_steps"] + 1) / e["golden_steps"]
                                                          for e in per_hard) / 2)
    assert hard["success_ci95"] == pytest.approx(list(wilson(2, 2)), abs=1e-4)
    assert report["overall"]["episodes"] == 4 and report["tokens"]["calls"] > 0
    assert report["model"] == "fake-agent"


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and 0.69 < low < 0.73


def test_eval_config_rejects_bad_values() -> None:
    with pytest.raises(ArgumentError, match="difficulties must be numbers in \\[0, 1\\]"):
        EvalConfig(difficulties=(1.5,))
    with pytest.raises(ArgumentError, match="episodes must be an integer"):
        EvalConfig(episodes=0)


def test_markdown_handles_no_successes() -> None:
    group = {"domain": "x", "difficulty": 0.5, "episodes": 1, "success_rate": 0.0, "success_ci95": [0.0, 0.79],
             "invalid_call_rate": 1.0, "steps_over_golden": None}
    text = markdown({"model": "m", "groups": [group], "overall": {**group, "difficulty": None}, "tokens": {}})
    assert "| x | 0.5 | 1 | 0 % (0 %–79 %) | 100 % | n/a |" in text and "| x | all |" in text
