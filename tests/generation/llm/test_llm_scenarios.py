"""Every recorded exchange under tests/fixtures/llm/ ends in its precise expected outcome."""

from __future__ import annotations

import json

import pytest
from llm_scenarios import SCENARIOS, load_scenario, play

from gensim_gym.errors import BackendAuthError, GenerationError
from gensim_gym.spec.model import SimSpec
from gensim_gym.spec.validate import validate_spec


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_outcome(name, tmp_path, no_openai_env):
    expect = load_scenario(name)["expect"]
    outcome, server, _ = play(name, tmp_path)
    assert len(server.requests) == expect["requests"]
    if expect["accepted"]:
        assert isinstance(outcome, SimSpec), outcome
        validate_spec(outcome.to_dict())
        assert outcome.golden_plan
        meta = outcome.meta
        assert meta["llm"]["requests"] == expect["requests"]
        assert len(meta["generator"]["failed_attempts"]) == expect["failed_attempts"]
        if "reason" in expect:
            assert expect["reason"] in meta["generator"]["failed_attempts"][0]
    else:
        assert type(outcome).__name__ == expect["error"]


def test_repair_turn_sends_json_paths_back(tmp_path, no_openai_env):
    spec, server, _ = play("wrong_field_names", tmp_path)
    repair = server.requests[1]["messages"][-1]["content"]
    assert "attempt 1 of 3" in repair
    assert "$.task: 'objects' is a required property" in repair
    assert "'goals', 'objs' were unexpected" in repair or "('goals', 'objs' were unexpected)" in repair
    assert spec.task.objects


def test_unknown_tool_is_named_with_its_path(tmp_path, no_openai_env):
    spec, server, _ = play("unknown_tool", tmp_path)
    reason = spec.meta["generator"]["failed_attempts"][0]
    assert "$.tools.tools[4].name: toolset 'warehouse' has no tool 'teleport'" in reason
    assert "$.tools.tools[4].pre" in reason and "teleporter_ready" in reason
    assert "teleport" not in [t.name for t in spec.tools.tools]


def test_unsolvable_task_is_repaired_in_the_task_stage(tmp_path, no_openai_env):
    spec, server, _ = play("unsolvable", tmp_path)
    last = server.requests[-1]
    assert last["response_format"]["json_schema"]["name"] == "task"
    assert "verification failed: the task has no plan" in last["messages"][-1]["content"]
    assert spec.task.goal != ("holding(crate_a)", "hand_empty()")


def test_unearnable_reward_is_repaired_in_the_reward_stage(tmp_path, no_openai_env):
    spec, server, _ = play("reward_unearnable", tmp_path)
    assert server.requests[-1]["response_format"]["json_schema"]["name"] == "reward"
    assert "non-positive return" in spec.meta["generator"]["failed_attempts"][0]
    assert spec.reward.step_cost < 1.0


def test_python_builtins_are_never_reached(tmp_path, monkeypatch, no_openai_env):
    monkeypatch.chdir(tmp_path)
    spec, _, _ = play("python_builtins", tmp_path)
    reason = spec.meta["generator"]["failed_attempts"][0]
    assert "$.tools.tools[0].pre: unexpected character" in reason
    assert not (tmp_path / "gensim_canary.txt").exists()
    sections = json.dumps([spec.task.to_dict(), spec.tools.to_dict(), spec.reward.to_dict()])
    assert "__import__" not in sections  # the repaired spec; the rejected text survives only as a reason string


def test_oversized_answer_is_rejected_and_not_resent(tmp_path, no_openai_env):
    spec, server, _ = play("oversized", tmp_path)
    assert "at most 200000 are allowed" in spec.meta["generator"]["failed_attempts"][0]
    repair_request = json.dumps(server.requests[1])
    assert len(repair_request) < 60_000  # the 270 KB answer is quoted back cut to a few KB


def test_rate_limit_honours_retry_after(tmp_path, no_openai_env):
    spec, server, seconds = play("rate_limited", tmp_path)
    assert seconds >= 1.0  # Retry-After: 1
    assert spec.meta["llm"]["requests"] == 4 and spec.meta["llm"]["calls"] == 3


def test_timeout_is_retried(tmp_path, no_openai_env):
    spec, server, seconds = play("timeout", tmp_path)
    assert isinstance(spec, SimSpec) and seconds >= 1.0


def test_structured_output_falls_back_and_remembers(tmp_path, no_openai_env):
    with pytest.warns(UserWarning, match="falling back"):
        spec, server, _ = play("structured_output_rejected", tmp_path)
    formats = [r.get("response_format", {}).get("type") for r in server.requests]
    assert formats == ["json_schema", "json_object", None, None, None]
    assert spec.meta["llm"]["response_format"] == "text"


def test_unauthorized_fails_at_once_naming_the_variable(tmp_path, no_openai_env):
    error, server, _ = play("unauthorized", tmp_path)
    assert isinstance(error, BackendAuthError)
    assert "OPENAI_API_KEY" in str(error) and "401" in str(error)
    assert len(server.requests) == 1


def test_exhausted_attempts_carry_every_reason(tmp_path, no_openai_env):
    error, _, _ = play("never_solvable", tmp_path)
    assert isinstance(error, GenerationError)
    assert len(error.attempts) == 3
    assert all("verification failed: the task" in a for a in error.attempts)
    assert "after 3 attempts" in str(error)


def test_audit_log_has_every_prompt_response_pair(tmp_path, no_openai_env):
    play("wrong_field_names", tmp_path)
    lines = [json.loads(x) for x in (tmp_path / "audit.jsonl").read_text().splitlines()]
    assert [(r["stage"], r["kind"]) for r in lines] == [("task", "ask"), ("task", "repair"), ("tools", "ask"),
                                                        ("reward", "ask")]
    assert all(r["messages"] and r["response"] for r in lines)
