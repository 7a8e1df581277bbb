"""The garbage collector's pause around making a task (gensim_gym._gc)."""

from __future__ import annotations

import gc

import gymnasium as gym
import pytest

import gensim_gym  # noqa: F401 - registers the ids
from gensim_gym import _gc


def test_paused_turns_the_collector_off_and_back_on() -> None:
    assert gc.isenabled()
    with _gc.paused():
        assert not gc.isenabled()
        with _gc.paused():  # nested: the outer block turns it back on
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), _gc.paused():
        raise RuntimeError("a failed task")
    assert gc.isenabled()


def test_paused_leaves_a_collector_that_was_off_off(monkeypatch) -> None:
    gc.disable()
    try:
        with _gc.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the caller turned it off: not ours to turn on
    finally:
        gc.enable()
    monkeypatch.setattr(_gc, "PAUSE", False)
    with _gc.paused():
        assert gc.isenabled()


def test_a_stream_reset_pauses_the_collector_only_while_making_the_task(monkeypatch) -> None:
    env = gym.make("GenSim-Warehouse-v0", seed=0, num_tasks=0, prefetch=0)
    source = env.unwrapped.source
    seen = []
    sample = source.sample

    def recording(rng):
        seen.append(gc.isenabled())
        return sample(rng)

    monkeypatch.setattr(source, "sample", recording)
    for _ in range(3):
        env.reset()
        assert gc.isenabled()
    assert seen == [False] * 3
    env.close()
