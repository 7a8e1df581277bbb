"""One ``EpisodeResult`` for curricula and oversight; old oversight states still load."""

from __future__ import annotations

import pytest

from gensim_gym import curriculum, oversight
from gensim_gym.envs.result import EpisodeResult
from gensim_gym.errors import ArgumentError, ArgumentTypeError
from gensim_gym.oversight.memory import FailureMemory


def test_curriculum_and_oversight_export_the_same_class():
    assert curriculum.EpisodeResult is oversight.EpisodeResult is EpisodeResult


def test_a_failure_memory_saved_with_the_old_field_names_loads():
    # what FailureMemory.state_dict wrote before the two EpisodeResult classes became one
    old = {"capacity": 8, "records": [{
        "task_id": "t0", "domain": "warehouse", "difficulty": 0.4, "reward": -0.25, "success": False, "steps": 9,
        "horizon": 9, "invalid_calls": 2, "failed_calls": 1, "progress": 0.5, "reward_events": 1,
        "reward_mode": "sparse", "n_tools": 5, "truncated": True, "epoch": 3, "extra": {"note": "x"}}]}
    memory = FailureMemory.from_state_dict(old)
    (r,) = memory.recent()
    assert (r.episode_return, r.is_success, r.length, r.invalid_rate) == (-0.25, False, 9, 2 / 9)
    assert (r.domain, r.reward_mode, r.epoch, r.extra) == ("warehouse", "sparse", 3, {"note": "x"})
    again = FailureMemory.from_state_dict(memory.state_dict())
    assert again.recent() == [r] and "success" not in memory.state_dict()["records"][0]


def test_from_dict_names_unknown_keys():
    with pytest.raises(ArgumentError, match="unknown keys \\['bogus'\\]"):
        EpisodeResult.from_dict({"is_success": True, "bogus": 1})


def test_coerce_reads_the_wrappers_dict_monitor_names_bools_and_results():
    wrapped = EpisodeResult.coerce({"task_id": "a", "is_success": 1, "return": 2, "length": 3, "theta": 0.5,
                                    "arm": 1})
    assert wrapped == EpisodeResult(task_id="a", is_success=True, episode_return=2.0, length=3, theta=0.5, arm=1)
    assert EpisodeResult.coerce({"is_success": False, "r": 1.5, "l": 4}).episode_return == 1.5
    assert EpisodeResult.coerce(True) == EpisodeResult(is_success=True)
    assert EpisodeResult.coerce(wrapped) is wrapped
    with pytest.raises(ArgumentError, match="needs 'is_success'"):
        EpisodeResult.coerce({"return": 1.0})
    with pytest.raises(ArgumentTypeError, match="got str"):
        EpisodeResult.coerce("yes")


def test_fields_are_keyword_only():
    with pytest.raises(TypeError):
        EpisodeResult(True)  # type: ignore[misc]
