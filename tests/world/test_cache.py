"""Bounded compile caches: their size is capped, and what they drop never changes a spec or an episode."""

from __future__ import annotations

import copy
import hashlib
import pickle

import gymnasium as gym
import numpy as np
import pytest

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym._cache import BoundedCache
from gensim_gym.world import layout as layout_module


def test_a_bounded_cache_drops_its_oldest_quarter_and_never_exceeds_its_size():
    cache = BoundedCache(8)
    for k in range(8):
        cache[k] = k
    cache[3] = "again"  # an existing key never evicts
    assert len(cache) == 8
    cache[8] = 8
    assert list(cache) == [2, 3, 4, 5, 6, 7, 8]  # 0 and 1 (the oldest quarter) went
    cache.setdefault(9, 9)
    cache.update({10: 10, 11: 11})
    assert len(cache) <= 8 and cache[11] == 11 and cache.get(0) is None
    with pytest.raises(ValueError, match="maxsize must be >= 1"):
        BoundedCache(0)


def test_a_copied_or_pickled_cache_is_empty_with_the_same_bound():
    cache = BoundedCache(16)
    cache["k"] = object()
    for clone in (pickle.loads(pickle.dumps(cache)), copy.deepcopy(cache), copy.copy(cache)):
        assert isinstance(clone, BoundedCache) and clone.maxsize == 16 and len(clone) == 0


def play(directive: str, resets: int = 40, steps: int = 6) -> tuple[str, int]:
    """A digest of an unlimited task stream (a new task every reset), and the largest compile cache seen."""
    env = gym.make("GenSim-v0", action_space="ground", directive=directive, seed=0)
    cache = env.unwrapped.layout.compile_cache
    rng, digest, largest = np.random.default_rng(0), hashlib.sha256(), 0
    for episode in range(resets):
        obs, info = env.reset(seed=episode)
        digest.update(info["task_id"].encode() + obs.tobytes())
        for _ in range(steps):
            valid = np.flatnonzero(env.get_wrapper_attr("action_masks")())
            obs, reward, terminated, truncated, _ = env.step(int(valid[rng.integers(len(valid))]))
            digest.update(obs.tobytes() + np.float64(reward).tobytes())
            if terminated or truncated:
                break
        largest = max(largest, len(cache))
    return digest.hexdigest(), largest


@pytest.mark.parametrize("directive", ["domain: calendar", "domain: support, hard"])
def test_evicting_compile_cache_entries_changes_no_spec_and_no_episode(directive, monkeypatch):
    reference, _ = play(directive)
    monkeypatch.setattr(layout_module, "COMPILE_CACHE_SIZE", 8)  # evicts all the time
    tiny, largest = play(directive)
    assert largest <= 8
    assert tiny == reference
