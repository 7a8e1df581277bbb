"""The env's documented episode-end hook (``GenSimEnv.set_episode_end_hook``) and its per-task runtime cache."""

from __future__ import annotations

import pytest

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec
from gensim_gym.errors import ArgumentTypeError
from tests.conftest import TINY_GOLDEN

GOLDEN = TINY_GOLDEN


@pytest.fixture
def env(tiny_env) -> GenSimEnv:
    return tiny_env


def _play(env: GenSimEnv, labels: list[str]) -> tuple[list[float], dict]:
    by_label = env.world.action_by_label()
    rewards, info = [], {}
    for label in labels:
        _, reward, terminated, truncated, info = env.step(by_label[label].id)
        rewards.append(reward)
        if terminated or truncated:
            break
    return rewards, info


def test_the_hook_sees_each_episode_end_once_with_its_return_and_length_and_may_add_to_info(env):
    calls = []

    def hook(info, episode_return, length):
        calls.append((dict(info), episode_return, length))
        info["seen_by_hook"] = True

    assert env.set_episode_end_hook(hook) is None and env.episode_end_hook is hook
    rewards, info = _play(env, GOLDEN[:2])
    assert calls == []  # not ended yet
    more, info = _play(env, GOLDEN[2:])
    rewards += more
    assert len(calls) == 1
    seen, episode_return, length = calls[0]
    assert seen["is_success"] is True  # set before the hook runs
    assert episode_return == sum(rewards) and length == len(GOLDEN)
    assert info["seen_by_hook"] is True  # the caller gets what the hook added


def test_setting_a_hook_replaces_the_previous_one_and_none_removes_it(env):
    first, second = [], []
    env.set_episode_end_hook(lambda info, ret, n: first.append(n))
    previous = env.set_episode_end_hook(lambda info, ret, n: second.append(n))
    assert callable(previous)
    _play(env, GOLDEN)
    assert first == [] and second == [len(GOLDEN)]
    assert env.set_episode_end_hook(None) is not None and env.episode_end_hook is None
    env.reset()
    _play(env, GOLDEN)
    assert second == [len(GOLDEN)]  # removed: not called again


def test_a_hook_that_is_not_callable_is_a_type_error(env):
    with pytest.raises(ArgumentTypeError, match="callable hook"):
        env.set_episode_end_hook("report")  # type: ignore[arg-type]
    assert env.episode_end_hook is None


def test_the_task_runtime_is_kept_by_the_env_not_attached_to_the_world(env):
    rt = env._rt
    assert "_runtime" not in vars(env.world)
    env.reset()
    assert env._rt is rt  # built once per task, reused on its later resets
    other = GenSimEnv(FixedSpec(env.world.spec, env.layout))
    other.adopt_world(env.world)
    other.reset(seed=0)
    assert other._rt is not rt and other._rt.world is env.world  # each env builds its own for a shared world
