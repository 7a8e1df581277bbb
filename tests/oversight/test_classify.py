"""The rule classifier picks the right bottleneck on synthetic failure memories."""

from __future__ import annotations

from gensim_gym.oversight import EpisodeResult, FailureMemory, RuleOversight, classify_bottleneck


def fail(i: int, **kw) -> EpisodeResult:
    base = {"task_id": f"t{i}", "domain": "warehouse", "difficulty": 0.3, "episode_return": -0.2, "is_success": False,
            "length": 8, "horizon": 8, "truncated": True}
    return EpisodeResult(**{**base, **kw})


def test_invalid_calls_point_to_tools():
    memory = [fail(i, invalid_calls=6, progress=0.5, reward_events=1) for i in range(5)] + [fail(9, progress=0.5)]
    b = classify_bottleneck(memory)
    assert b.kind == "tools"
    assert b.evidence["invalid_call_heavy"] == 5
    assert "invalid tool calls" in b.evidence["why"]


def test_timeouts_with_partial_progress_point_to_task_length():
    memory = [fail(i, invalid_calls=1, progress=0.5, reward_events=2) for i in range(6)]
    b = classify_bottleneck(memory)
    assert b.kind == "task"
    assert b.evidence["timeouts_with_progress"] == 6


def test_no_progress_signal_points_to_reward():
    memory = [fail(i, progress=0.0, reward_events=0, reward_mode="sparse") for i in range(6)]
    b = classify_bottleneck(memory)
    assert b.kind == "reward"
    assert b.evidence["examples"]["reward"] == ["t0", "t1", "t2"]


def test_majority_wins_and_empty_memory_is_none():
    mixed = [fail(i, progress=0.0) for i in range(2)] + [fail(i, progress=0.4, reward_events=1) for i in range(3)]
    assert classify_bottleneck(mixed).kind == "task"
    assert classify_bottleneck([]).kind == "none"


def test_rule_oversight_records_the_decision():
    memory = FailureMemory(records=[fail(i, invalid_calls=5) for i in range(4)])
    d = RuleOversight().decide(3, "warehouse tasks", memory, mean_reward=0.1, eta=0.5)
    assert (d.epoch, d.old_directive, d.bottleneck["kind"], d.action) == (3, "warehouse tasks", "tools", "simplify")
    assert d.new_directive == "warehouse tasks, fewer tools"
    assert d.to_dict()["reason"].startswith("mean reward 0.100 < eta 0.500")


def test_memory_round_trips_and_is_bounded():
    memory = FailureMemory(capacity=3, records=[fail(i) for i in range(5)])
    assert [r.task_id for r in memory] == ["t2", "t3", "t4"]
    again = FailureMemory.from_state_dict(memory.state_dict())
    assert list(again) == list(memory)


def test_calls_wasted_on_a_distractor_heavy_toolset_point_to_tools():
    # dense reward (a signal), 17 tools of which the plan needs 2, and 3 of 4 calls on the other 15
    memory = [fail(i, length=4, horizon=4, off_plan_calls=3, n_tools=17, plan_tools=2, reward_events=1,
                   plan_progress=0.5) for i in range(5)]
    b = classify_bottleneck(memory)
    assert b.kind == "tools" and b.evidence["mean_off_plan_rate"] == 0.75
    # the same waste in a toolset the plan mostly needs is not the tools' fault
    lean = [fail(i, length=4, off_plan_calls=3, n_tools=4, plan_tools=3, reward_events=1, plan_progress=0.5)
            for i in range(5)]
    assert classify_bottleneck(lean).kind == "task"


def test_no_reward_under_sparse_reward_comes_before_wasted_calls():
    # an agent that never saw a reward wanders; its wasted calls are the symptom, not the cause
    memory = [fail(i, off_plan_calls=6, n_tools=8, plan_tools=2, reward_mode="sparse", plan_progress=0.3)
              for i in range(5)]
    b = classify_bottleneck(memory)
    assert b.kind == "reward" and b.evidence["sparse_share"] == 1.0


def test_sub_goal_progress_with_a_dense_signal_is_the_task_not_the_reward():
    # goal conditions 0/1 (progress 0.0), but Φ shows the agent got a third of the way and was paid for it:
    # the old rule read "no progress" and said reward for every dense epoch of the demo
    memory = [fail(i, progress=0.0, plan_progress=0.33, reward_events=2, n_tools=5, plan_tools=4)
              for i in range(6)]
    b = classify_bottleneck(memory)
    assert b.kind == "task" and b.evidence["mean_plan_progress"] == 0.33
    assert "partial progress" in b.evidence["why"]
