"""``call_order="goal"`` of the available face: the calls sharing a component with the goal are listed first."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.envs.available import AvailableCalls, _components
from gensim_gym.errors import ArgumentError

MIXED = "domain: warehouse, webshop, calendar, filesystem, support"


def make(directive: str = MIXED, **kwargs) -> gym.Env:
    kwargs.setdefault("difficulty", 0.1)
    return gym.make("GenSim-v0", directive=directive, seed=0, **kwargs)


def face(env: gym.Env) -> AvailableCalls:
    layer = env
    while not isinstance(layer, AvailableCalls):
        layer = layer.env
    return layer


def test_goal_calls_come_first_and_the_listing_is_the_same_set() -> None:
    """Same task, same state: the goal order lists the layout order's calls, the goal's side first, each side
    in layout order; only the rows move (the env's own observation is the same)."""
    plain, ordered = make(), make(call_order="goal")
    head = plain.unwrapped.layout.obs_dim
    for seed in range(6):
        a, _ = plain.reset(seed=seed)
        b, _ = ordered.reset(seed=seed)
        listed, goal_first = face(plain)._listed, face(ordered)._listed
        side = face(ordered)._current.goal_side
        assert side is not None and side.any() and not side.all()  # the goal names some domains, not all five
        assert sorted(listed.tolist()) == sorted(goal_first.tolist())
        mine = side[goal_first]
        assert not (mine[1:] & ~mine[:-1]).any()  # no goal-side call after another
        assert goal_first[mine].tolist() == listed[side[listed]].tolist()
        assert (a[:head] == b[:head]).all()


def test_components_of_the_mixed_family_are_its_domains() -> None:
    env = make()
    env.reset(seed=0)
    world = env.unwrapped._require_reset()
    by_action, _, _ = _components(world)
    tools = {}
    for g in world.valid_actions:
        tools.setdefault(by_action[g.id], set()).add(g.tool)
    groups = sorted(sorted(t) for t in tools.values())
    assert ["cd", "chmod_writable", "delete_file", "move_file"] in groups
    assert ["drop", "move_robot", "pick"] in groups


@pytest.mark.parametrize("directive", [MIXED, "domain: webshop", "domain: calendar, hidden"])
def test_oracle_plan_in_the_goal_order_succeeds(directive: str) -> None:
    env = make(directive, difficulty=0.5 if "hidden" in directive else 0.1, call_order="goal")
    for seed in range(4):
        env.reset(seed=seed)
        plan = env.get_wrapper_attr("oracle_actions")()
        assert plan and all(0 <= k < env.action_space.n for k in plan)
        for k in plan:
            _, _, terminated, _, info = env.step(k)
        assert terminated and info["is_success"]


def test_check_env_and_determinism() -> None:
    for column in (False, True):
        check_env(AvailableCalls(make(action_space="ground").unwrapped, call_order="goal", goal_column=column),
                  skip_render_check=True)
    runs = []
    for _ in range(2):
        env = make(call_order="goal")
        obs, _ = env.reset(seed=7)
        trace = [obs]
        for step in range(30):
            obs, reward, terminated, truncated, _ = env.step(step % env.action_space.n)
            trace += [obs, np.float32(reward)]
            if terminated or truncated:
                obs, _ = env.reset()
                trace.append(obs)
        runs.append(np.concatenate([np.ravel(x) for x in trace]))
    assert (runs[0] == runs[1]).all()


def test_bad_call_order_is_an_argument_error() -> None:
    with pytest.raises(ArgumentError, match="call_order must be one of 'layout', 'goal'"):
        make(call_order="goals")
    with pytest.raises(ArgumentError, match="call_order goes with action_space='available'"):
        make(action_space="ground", call_order="goal")


@pytest.mark.parametrize("order", ["layout", "goal"])
def test_goal_column_marks_the_goal_side(order: str) -> None:
    """``goal_column`` adds one column per row (the call is on the goal's side); the other columns, the listing
    and the episode are those without it."""
    plain, marked = make(call_order=order), make(call_order=order, goal_column=True)
    assert face(marked).row_dim == face(plain).row_dim + 1
    head, k_max = plain.unwrapped.layout.obs_dim, plain.action_space.n
    for seed in range(3):
        a, _ = plain.reset(seed=seed)
        b, _ = marked.reset(seed=seed)
        for step in range(4):
            rows_a, rows_b = a[head:].reshape(k_max, -1), b[head:].reshape(k_max, -1)
            assert (a[:head] == b[:head]).all() and (rows_a == rows_b[:, :-1]).all()
            side = face(marked)._current.goal_side
            listed = face(marked)._listed
            assert rows_b[:len(listed), -1].tolist() == side[listed].astype(np.float32).tolist()
            a, _, term, trunc, _ = plain.step(step)
            b, _, term_b, trunc_b, _ = marked.step(step)
            assert (term, trunc) == (term_b, trunc_b)
            if term or trunc:
                break
    with pytest.raises(ArgumentError, match="goal_column must be True or False"):
        make(goal_column=1)
