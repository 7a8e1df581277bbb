"""AvailableCalls' observation, assembled in a buffer the env writes its own part into, equals a plain assembly.

The face's step is tuned for speed (docs/hot_paths.md, "The default face"): the env keeps its observation in
the face's buffer (``GenSimEnv.observe_into``), rows are gathered by ``take`` and stale ones cleared, and a copy
is returned. These tests rebuild every observation the plain way, from a twin env on the ground face played
with the same calls, and check that what the face hands out is a fresh array nobody writes to later.
"""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest

from gensim_gym.envs.available import AvailableCalls
from gensim_gym.errors import ArgumentError, Error
from tests.conftest import domain_directive

#: the domains the speed benchmarks run (every registry domain is covered by test_available_tables.py)
DOMAINS = ("calendar", "filesystem", "support", "warehouse", "webshop")


def make_ground(domain: str, extra: str = "", **kwargs) -> gym.Env:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gym.make("GenSim-v0", directive=domain_directive(domain, extra), difficulty=0.5, seed=0, num_tasks=4,
                        action_space="ground", **kwargs)


_TABLES: dict[int, object] = {}  # id(world) -> (world, its tables built afresh): tables only, never the face's


def plain_observation(layer: AvailableCalls, ground_obs: np.ndarray) -> np.ndarray:
    """The face's observation from the twin's ground observation, rebuilt from fresh tables the plain way."""
    base, layout = layer.base, layer.layout
    world = base.world
    if _TABLES.get(id(world), (None,))[0] is not world:
        _TABLES[id(world)] = (world, layer._build_tables(world))
    tables = _TABLES[id(world)][1]
    nf = layout.n_facts
    status = slice(2 * nf + layout.n_nums, 2 * nf + layout.n_nums + layout.max_goals)
    calls = slice(status.stop, status.stop + layout.n_actions)
    if base._visible is None:
        listed = list(np.flatnonzero(ground_obs[calls]))
    else:
        listed = layer._possible(world, base._facts, base._nums, base._visible)
    listed = listed[:layer.max_calls]
    met = ground_obs[status]
    unmet = 1.0 - met
    rows = np.hstack((tables.static, (tables.achieves @ unmet > 0)[:, None], (tables.undoes @ met > 0)[:, None],
                      (tables.named @ unmet > 0))).astype(np.float32)
    out = np.zeros(layer.observation_space.shape, dtype=np.float32)
    out[:len(ground_obs)] = ground_obs
    if layer.repeat_rows and listed:  # row k is the row of call k mod n
        listed = [listed[k % len(listed)] for k in range(layer.max_calls)]
    out[len(ground_obs):len(ground_obs) + len(listed) * layer.row_dim] = rows[listed].ravel()
    return out


def play_both(face_env: gym.Env, layer: AvailableCalls, twin: gym.Env, steps: int, seed: int = 0) -> list[np.ndarray]:
    """Random listed calls through the face and the same ground calls on the twin; checks every observation."""
    rng = np.random.default_rng(seed)
    obs, _ = face_env.reset(seed=seed)
    ground_obs, _ = twin.reset(seed=seed)
    np.testing.assert_array_equal(obs, plain_observation(layer, ground_obs))
    kept = [obs]
    for _ in range(steps):
        n = int(layer.action_masks().sum())
        k = int(rng.integers(layer.max_calls))  # past n it wraps around
        ground = int(layer._listed[k % n])
        obs, reward, terminated, truncated, _ = face_env.step(k)
        ground_obs, ground_reward, *_ = twin.step(ground)
        assert reward == ground_reward
        np.testing.assert_array_equal(obs, plain_observation(layer, ground_obs))
        kept.append(obs)
        if terminated or truncated:
            obs, _ = face_env.reset()
            ground_obs, _ = twin.reset()
            np.testing.assert_array_equal(obs, plain_observation(layer, ground_obs))
            kept.append(obs)
    return kept


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("extra", ["", "hidden"])
@pytest.mark.parametrize("direct", [True, False], ids=["on-the-env", "over-wrappers"])
def test_observation_equals_a_plain_assembly(domain: str, extra: str, direct: bool) -> None:
    inner = make_ground(domain, extra)
    layer = AvailableCalls(inner.unwrapped if direct else inner)
    assert layer._direct is direct
    kept = play_both(layer, layer, make_ground(domain, extra), steps=80)
    # every observation handed out is its own array: later steps wrote nothing into the earlier ones
    copies = [o.copy() for o in kept]
    play_both(layer, layer, make_ground(domain, extra), steps=20, seed=1)
    for old, copy in zip(kept, copies, strict=True):
        assert not np.shares_memory(old, layer._out)
        np.testing.assert_array_equal(old, copy)


@pytest.mark.parametrize("domain", DOMAINS)
def test_observation_without_repeated_rows_equals_a_plain_assembly(domain: str) -> None:
    """``repeat_rows=False`` (rows past the listed calls read 0, the stale ones cleared) against the plain way."""
    layer = AvailableCalls(make_ground(domain).unwrapped, repeat_rows=False)
    play_both(layer, layer, make_ground(domain), steps=80)


def test_the_env_stepped_directly_still_returns_copies() -> None:
    env = make_ground("warehouse")
    layer = AvailableCalls(env.unwrapped)
    layer.reset(seed=0)
    obs, *_ = env.unwrapped.step(int(layer._listed[0]))
    assert not np.shares_memory(obs, layer._out)
    obs, _ = env.unwrapped.reset()
    assert not np.shares_memory(obs, layer._out)


def test_a_second_face_on_the_same_env_leaves_the_first_correct() -> None:
    inner = make_ground("calendar")
    first = AvailableCalls(inner.unwrapped)
    second = AvailableCalls(inner.unwrapped)  # takes the env's observation over into its own buffer
    assert inner.unwrapped._obs is second._head
    play_both(first, first, make_ground("calendar"), steps=40)
    play_both(second, second, make_ground("calendar"), steps=40)


def test_observe_into_checks_its_buffer() -> None:
    env = make_ground("webshop").unwrapped
    n = env.layout.obs_dim
    with pytest.raises(ArgumentError, match="1-d float32 array of at least"):
        env.observe_into(np.zeros(n - 1, dtype=np.float32))
    with pytest.raises(ArgumentError, match="float64"):
        env.observe_into(np.zeros(n, dtype=np.float64))
    text = make_ground("webshop", obs_mode="text").unwrapped
    with pytest.raises(Error, match="obs_mode='vector'"):
        text.observe_into(np.zeros(n, dtype=np.float32))


@pytest.mark.parametrize("repeat_rows", [True, False])
def test_a_task_reset_again_gets_its_first_observation_and_listing(repeat_rows: bool) -> None:
    """The face keeps each task's reset observation (``_at_reset``): a later reset of the task, after an episode
    that wrote other rows, hands out the same observation, listing and ``calls_cut`` as a fresh face does."""
    spec = make_ground("calendar").unwrapped.source.spec_for_seed(0)
    layer = AvailableCalls(make_ground("calendar").unwrapped, max_calls=3, repeat_rows=repeat_rows)
    first, info = layer.reset(options={"spec": spec})
    assert layer._current is not None and layer._current.first is not None
    listed = list(layer._listed)
    for k in range(5):
        _, _, terminated, truncated, _ = layer.step(k % 3)
        if terminated or truncated:
            break
    again, info_again = layer.reset(options={"spec": spec})
    fresh = AvailableCalls(make_ground("calendar").unwrapped, max_calls=3, repeat_rows=repeat_rows)
    fresh_obs, fresh_info = fresh.reset(options={"spec": spec})
    np.testing.assert_array_equal(again, first)
    np.testing.assert_array_equal(again, fresh_obs)
    assert not np.shares_memory(again, first) and not np.shares_memory(again, layer._out)
    assert list(layer._listed) == listed == list(fresh._listed)
    assert info_again.get("calls_cut") == info.get("calls_cut") == fresh_info.get("calls_cut")
    # the next step from the kept reset state is the fresh face's step
    obs, reward, *_ = layer.step(1)
    fresh_step, fresh_reward, *_ = fresh.step(1)
    np.testing.assert_array_equal(obs, fresh_step)
    assert reward == fresh_reward
