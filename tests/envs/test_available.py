"""The "available calls" action face (``action_space="available"``)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.envs.available import MAX_CALLS, AvailableCalls
from gensim_gym.errors import ActionError, ArgumentError
from gensim_gym.world.planner import best_plan

DOMAINS = ("warehouse", "webshop", "calendar", "filesystem", "support")


def make(domain: str, extra: str = "", **kwargs) -> gym.Env:
    kwargs.setdefault("action_space", "available")
    return gym.make("GenSim-v0", directive=f"domain: {domain}{extra}", seed=0, **kwargs)


def face(env: gym.Env) -> AvailableCalls:
    """The AvailableCalls layer under gym.make's own wrappers."""
    layer = env
    while not isinstance(layer, AvailableCalls):
        layer = layer.env
    return layer


@pytest.mark.parametrize("domain", DOMAINS)
def test_spaces_and_default_size(domain: str) -> None:
    env = make(domain, difficulty=0.3)
    ground = make(domain, difficulty=0.3, action_space="ground")
    n_actions = ground.action_space.n
    assert env.action_space == gym.spaces.Discrete(min(n_actions, MAX_CALLS))
    rows = face(env).row_dim * env.action_space.n
    assert env.observation_space.shape == (ground.observation_space.shape[0] + rows,)
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("extra", ["", ", hidden", ", sparse reward"])
def test_oracle_plan_in_this_face_succeeds(domain: str, extra: str) -> None:
    env = make(domain, extra, difficulty=0.5)
    for seed in range(4):
        env.reset(seed=seed)
        plan = env.get_wrapper_attr("oracle_actions")()
        assert plan and all(0 <= k < env.action_space.n for k in plan)
        for k in plan:
            _, _, terminated, truncated, info = env.step(k)
        assert terminated and info["is_success"]


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_action_is_a_call_available_now(domain: str) -> None:
    env = make(domain, difficulty=0.5)
    layer = face(env)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    for _ in range(200):
        mask = env.get_wrapper_attr("action_masks")()
        n = int(mask.sum())
        assert mask[:n].all() and not mask[n:].any()
        present = obs[-layer.row_dim * layer.max_calls::layer.row_dim]
        assert present.sum() == (layer.max_calls if n else 0)  # every action's row is a listed call's (repeat_rows)
        k = int(rng.integers(env.action_space.n))  # past n it wraps around to call k mod n
        expected = layer.describe_action(k % n)
        obs, _, terminated, truncated, info = env.step(k)
        assert not info["invalid"]
        assert f"ok: {expected}" in env.unwrapped.render_text()
        if terminated or truncated:
            obs, _ = env.reset()


def test_the_goal_call_reads_achieves_and_its_undo_reads_undoes() -> None:
    env = make("warehouse", difficulty=0.0)
    layer = face(env)
    obs, _ = env.reset(seed=3)
    plan = layer.oracle_actions()
    for k in plan[:-1]:
        obs, *_ = env.step(k)
    rows = obs[-layer.row_dim * layer.max_calls:].reshape(layer.max_calls, layer.row_dim)
    achieves = rows[:, layer.row_dim - 2 - layer._params]
    last = plan[-1]
    assert achieves[last] == 1.0 and layer.describe_action(last).startswith("drop(")
    n = int(env.get_wrapper_attr("action_masks")().sum())
    assert achieves[:n].sum() == 1.0  # nothing else listed finishes a goal condition
    assert all(achieves[k] == achieves[k % n] for k in range(layer.max_calls))  # aliases repeat their call's row
    obs, _, terminated, _, _ = env.step(last)
    assert terminated


def test_same_seeds_same_episode() -> None:
    def run() -> list[bytes]:
        env = make("calendar", difficulty=0.4)
        rng = np.random.default_rng(7)
        obs, _ = env.reset(seed=5)
        out = [obs.tobytes()]
        for _ in range(60):
            obs, reward, terminated, truncated, _ = env.step(int(rng.integers(env.action_space.n)))
            out.append(obs.tobytes() + np.float64(reward).tobytes())
            if terminated or truncated:
                obs, _ = env.reset()
        return out

    assert run() == run()


@pytest.mark.parametrize("domain", ["calendar", "filesystem"])
def test_check_env(domain: str) -> None:
    check_env(AvailableCalls(make(domain, difficulty=0.3, action_space="ground").unwrapped), skip_render_check=True)


def test_bad_arguments_are_argument_errors() -> None:
    with pytest.raises(ArgumentError, match="did you mean 'ground'"):
        make("warehouse", action_space="grund")
    with pytest.raises(ArgumentError, match=r"max_calls must be an integer in \[1, "):
        make("warehouse", max_calls=0)
    with pytest.raises(ArgumentError, match="max_calls goes with action_space='available'"):
        make("warehouse", action_space="ground", max_calls=8)
    for given in (True, False):  # the default (None) goes with either face
        with pytest.raises(ArgumentError, match="repeat_rows goes with action_space='available'"):
            make("warehouse", action_space="ground", repeat_rows=given)
    with pytest.raises(ArgumentError, match="repeat_rows must be True or False"):
        make("warehouse", repeat_rows=1)
    env = make("warehouse")
    env.reset(seed=0)
    for bad in (-1, env.action_space.n, 1.5, "0"):
        with pytest.raises(ActionError, match="action must be an integer"):
            face(env).step(bad)


def test_text_mode_and_ground_face_are_unchanged() -> None:
    text = make("webshop", obs_mode="text")
    assert isinstance(text.action_space, gym.spaces.Text)
    ground = make("webshop", action_space="ground", difficulty=0.3)
    assert ground.action_space.n == ground.unwrapped.layout.n_actions


def test_a_curriculum_runs_over_the_available_face() -> None:
    env = make("warehouse", curriculum="alpha")
    assert env.action_space.n <= MAX_CALLS
    obs, _ = env.reset(seed=0)
    ends = 0
    for _ in range(40):
        plan = env.get_wrapper_attr("oracle_actions")()
        for k in plan:
            obs, _, terminated, truncated, info = env.step(k)
        ends += "curriculum_result" in info
        env.reset()
    assert ends == 40


@pytest.mark.parametrize("domain", ["warehouse", "filesystem"])
def test_repeat_rows_describe_the_call_each_action_makes(domain: str) -> None:
    """By default (``repeat_rows``) row ``k`` is the row of call ``k mod n``; the first ``n`` rows, the actions and
    the episode are those of ``repeat_rows=False``, whose rows past ``n`` read 0."""
    plain, repeated = make(domain, difficulty=0.3, repeat_rows=False), make(domain, difficulty=0.3)
    head, k_max = plain.unwrapped.layout.obs_dim, plain.action_space.n
    a, _ = plain.reset(seed=4)
    b, _ = repeated.reset(seed=4)
    for step in range(12):
        n = int(plain.get_wrapper_attr("action_masks")().sum())
        rows_a, rows_b = a[head:].reshape(k_max, -1), b[head:].reshape(k_max, -1)
        assert (a[:head] == b[:head]).all() and (rows_a[:n] == rows_b[:n]).all() and not rows_a[n:].any()
        assert all((rows_b[k] == rows_b[k % n]).all() for k in range(k_max)) if n else not rows_b.any()
        a, _, term, trunc, _ = plain.step(step % k_max)
        b, _, term_b, trunc_b, _ = repeated.step(step % k_max)
        assert (term, trunc) == (term_b, trunc_b)
        if term or trunc:
            a, _ = plain.reset()
            b, _ = repeated.reset()


@pytest.mark.parametrize("repeat_rows", [True, False])
def test_lookahead_columns(repeat_rows: bool) -> None:
    """``lookahead=True`` adds ``closer`` and ``dead_end`` to each row: the oracle's first call reads closer, and
    the face still passes check_env (fixed spaces, determinism)."""
    env = make("calendar", difficulty=0.1, lookahead=True, repeat_rows=repeat_rows)
    plain = make("calendar", difficulty=0.1)
    layer = face(env)
    assert layer.row_dim == face(plain).row_dim + 2
    assert env.observation_space.shape[0] == plain.observation_space.shape[0] + 2 * env.action_space.n
    check_env(AvailableCalls(make("calendar", difficulty=0.1, action_space="ground").unwrapped, lookahead=True),
              skip_render_check=True)
    for seed in range(10):
        obs, _ = env.reset(seed=seed)
        rows = obs[layer.layout.obs_dim:].reshape(env.action_space.n, layer.row_dim)
        n = int(layer.action_masks().sum())
        first = layer.oracle_actions()[0]
        assert rows[first, -2] == 1.0 or env.unwrapped.sim_spec.task.goal[0].startswith("attending")
        assert not rows[:n, -2:].all(axis=1).any()  # no call is both closer and a dead end
        if not repeat_rows:
            assert not rows[n:].any()
    with pytest.raises(ArgumentError, match="lookahead must be True or False"):
        make("warehouse", lookahead=1)
    with pytest.raises(ArgumentError, match="lookahead goes with action_space='available'"):
        make("warehouse", action_space="ground", lookahead=True)


def test_lookahead_flags_dead_ends_and_hides_nothing() -> None:
    """``dead_end`` marks a call after which the goal is unreachable (exact search from the state after it finds no
    plan at any depth), and no call is flagged on a solvable task's plan. With hidden facts both columns read 0
    (they would read the true state)."""
    env = make("calendar", difficulty=0.1, lookahead=True, repeat_rows=False)
    layer = face(env)
    flagged = 0
    for seed in range(30):
        obs, _ = env.reset(seed=seed)
        rows = obs[layer.layout.obs_dim:].reshape(env.action_space.n, layer.row_dim)
        dead = np.flatnonzero(rows[:, -1])
        if not len(dead):
            continue
        flagged += 1
        assert not set(dead) & set(layer.oracle_actions()[:1])
        env.step(int(dead[0]))
        base = env.unwrapped
        result, _ = best_plan(base._require_reset(), base._facts, base._nums, max_depth=50)
        assert result.plan is None
    assert flagged >= 3  # easy calendar's attending tasks list dead-end schedules
    hidden = make("filesystem", ", hidden", difficulty=0.5, lookahead=True)
    hidden_face = face(hidden)
    for seed in range(5):
        obs, _ = hidden.reset(seed=seed)
        rows = obs[hidden_face.layout.obs_dim:].reshape(hidden.action_space.n, hidden_face.row_dim)
        assert not rows[:, -2:].any()


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("extra", ["", ", hidden"])
def test_goal_first_lists_the_same_calls_achievers_first(domain: str, extra: str) -> None:
    """``goal_first=True`` lists the same calls as the default face, in another order: every call whose row reads
    ``achieves`` comes before every call whose row does not; the rows still describe the calls their actions make,
    the oracle's plan in this face's indices still succeeds, and replays are identical."""
    env = make(domain, extra, difficulty=0.5, goal_first=True)
    plain = make(domain, extra, difficulty=0.5)
    layer, plain_layer = face(env), face(plain)
    achieves = layer._d_static  # the column after the static part
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        plain.reset(seed=seed)
        for _ in range(12):
            n = int(layer.action_masks().sum())
            calls = [layer.describe_action(k) for k in range(n)]
            assert sorted(calls) == sorted(plain_layer.describe_action(k) for k in range(n))
            rows = obs[layer.layout.obs_dim:].reshape(env.action_space.n, layer.row_dim)[:n]
            flags = rows[:, achieves].tolist()
            assert flags == sorted(flags, reverse=True)  # achievers first
            k = int(rng.integers(n))
            same = next(j for j in range(n) if plain_layer.describe_action(j) == calls[k])
            obs, _, terminated, truncated, _ = env.step(k)
            _, _, plain_terminated, plain_truncated, _ = plain.step(same)
            assert (terminated, truncated) == (plain_terminated, plain_truncated)
            if terminated or truncated:
                break
        env.reset(seed=seed)
        for k in layer.oracle_actions():
            _, _, terminated, _, info = env.step(k)
        assert terminated and info["is_success"]
    check_env(AvailableCalls(make(domain, extra, difficulty=0.5, action_space="ground").unwrapped, goal_first=True),
              skip_render_check=True)


def test_goal_first_puts_the_achieving_call_at_row_0() -> None:
    """Easy calendar's room tasks: once the meeting is scheduled, ``book_room`` (the call that achieves the goal) is
    action 0 with ``goal_first``, wherever the layout lists it."""
    env = make("calendar", difficulty=0.1, goal_first=True)
    layer = face(env)
    seen = 0
    for seed in range(20):
        env.reset(seed=seed)
        if not env.unwrapped.sim_spec.task.goal[0].startswith("in_room"):
            continue
        plan = layer.oracle_actions()
        env.step(plan[0])  # schedule the goal's meeting
        assert layer.oracle_actions() == [0]
        assert layer.describe_action(0).startswith("book_room")
        seen += 1
    assert seen >= 5
    with pytest.raises(ArgumentError, match="goal_first must be True or False"):
        make("warehouse", goal_first="yes")
    with pytest.raises(ArgumentError, match="goal_first goes with action_space='available'"):
        make("warehouse", action_space="ground", goal_first=True)
