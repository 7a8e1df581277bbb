"""The env keeps compiled tasks by spec id, bounded by count and by weight (progress-table states and calls).

An unlimited stream of an easy family repeats tasks, and compiling a task again (world, runtime tables,
progress sweep, call features) cost more than generating it; a stream of large tasks that never repeat
must not keep hundreds of them.
"""

from __future__ import annotations

import warnings

import gymnasium as gym
import pytest

from gensim_gym.envs.gensim_env import GenSimEnv


def stream(env_id: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make(env_id, seed=0, num_tasks=0, prefetch=0)
    env.reset(seed=0)
    return env


def test_an_easy_stream_compiles_each_repeated_task_once(monkeypatch: pytest.MonkeyPatch) -> None:
    env = stream("GenSim-Warehouse-Easy-v0")
    base = env.unwrapped
    built = [base.world.spec_id]  # the first reset's task, compiled before the patch
    real = GenSimEnv._runtime

    def runtime(self, world):
        if self is base and world.spec_id not in self._runtimes:  # not the generator's replay env
            built.append(world.spec_id)
        return real(self, world)

    monkeypatch.setattr(GenSimEnv, "_runtime", runtime)
    played = [base.world.spec_id]
    for _ in range(300):
        env.reset()
        played.append(env.unwrapped.world.spec_id)
    assert len(set(played)) > 64  # more distinct tasks than the old cache of 64 held
    assert len(built) == len(set(built)) == len(set(played))  # never compiled twice


def test_a_stream_of_large_tasks_keeps_the_weight_bounded() -> None:
    env = stream("GenSim-Warehouse-v0")
    base = env.unwrapped
    for _ in range(150):
        env.reset()
        assert base.world.spec_id in base._worlds  # the task being played is never evicted
    assert base._cached_states == sum(base._weights.values())
    assert base._cached_states <= base.world_cache_states + max(base._weights.values())
    assert 30 <= len(base._worlds) < 150
    assert set(env.get_wrapper_attr("_tables")) <= set(base._worlds)


def test_envs_sharing_a_cache_share_its_weight() -> None:
    """Sessions of ``gensim-gym serve`` share one cache: a task one env evicts leaves the other's weight too, so
    neither evicts on a stale total (each kept a counter of its own before, and the server's drifted up)."""
    a = stream("GenSim-Warehouse-v0").unwrapped
    b = GenSimEnv(a.source)
    b.share_task_cache(a)
    for _ in range(60):
        a.reset()
        b.reset()
    assert a._cached_states == b._cached_states == sum(a._weights.values())
    assert a._cached_states <= a.world_cache_states + max(a._weights.values())
    assert set(a._weights) <= set(a._worlds)
    assert len(a._worlds) >= 20  # neither env threw the shared tasks away on a stale total
