"""GenSimEnv guarantees: checkers pass, episodes replay exactly, spaces are fixed, the oracle succeeds.

Every test that plays generated tasks is parametrised over the domains of
``load_registry()``, so a new toolset is covered without editing this file.
"""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gensim_gym
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.generation.toolsets import load_registry
from gensim_gym.spec.model import SimSpec
from tests.conftest import DIFFICULTIES, DOMAINS, checkout_env, domain_directive, spec_file

DIRECTIVE_EXTRAS = ("", "noisy, sparse reward, more tools")
SEEDS = (0, 1)


def make(domain: str, extra: str = "", **kwargs: Any) -> gym.Env:
    """``gym.make`` a family env for one domain, silencing the no-domain fallback warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        kwargs.setdefault("action_space", "ground")  # the env's own face; AvailableCalls: test_available.py
        return gym.make("GenSim-v0", directive=domain_directive(domain, extra), **kwargs)


def run_checker(checker, env: gym.Env, **kwargs: Any) -> None:
    """Run an env checker and fail on any warning it raises: the checkers report most problems as warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        checker(env, **kwargs)
    messages = [str(w.message) for w in caught if "gymnasium" in w.filename or "stable_baselines3" in w.filename]
    assert not messages, messages


def random_valid_episode(env: gym.Env, rng: np.random.Generator, seed: int | None) -> list[tuple]:
    """Play one episode with uniformly random valid actions; return every transition."""
    obs, info = env.reset(seed=seed)
    trace: list[tuple] = [(obs.tobytes(), info)]
    done = False
    while not done:
        valid = np.flatnonzero(env.get_wrapper_attr("action_masks")())
        action = int(rng.choice(valid)) if len(valid) else 0
        obs, reward, terminated, truncated, info = env.step(action)
        trace.append((action, obs.tobytes(), reward, terminated, truncated, info))
        done = terminated or truncated
    return trace


# -- checkers ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("extra", DIRECTIVE_EXTRAS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_check_env_vector(domain: str, extra: str, difficulty: float, seed: int) -> None:
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    # seed 0: the unlimited stream (tasks follow the checker's reset seeds); seed 1: a pool derived from the seed
    env = make(domain, extra, difficulty=difficulty, seed=seed, num_tasks=2 * seed)
    run_checker(gym_check_env, env.unwrapped)
    run_checker(sb3_check_env, env.unwrapped, warn=True)


@pytest.mark.usefixtures("memoised_generation")  # replays tasks the vector checks generated
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("extra", DIRECTIVE_EXTRAS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_check_env_text(domain: str, extra: str, difficulty: float) -> None:
    # SB3 has no Text spaces, so only Gymnasium's checker applies to the text face.
    env = make(domain, extra, difficulty=difficulty, seed=0, obs_mode="text")
    run_checker(gym_check_env, env.unwrapped)


# -- determinism --------------------------------------------------------------------------
@pytest.mark.parametrize("extra", [*DIRECTIVE_EXTRAS, "hidden facts"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_same_make_args_and_seed_replay_bit_for_bit(domain: str, extra: str) -> None:
    traces = []
    for _ in range(2):
        env = make(domain, extra, difficulty=0.5, seed=3)
        rng = np.random.default_rng(11)
        # first episode seeded, the next ones continue the env's own RNG stream
        traces.append([random_valid_episode(env, rng, seed) for seed in (5, None, None)])
    assert traces[0] == traces[1]


@pytest.mark.parametrize("domain", DOMAINS)
def test_noisy_episodes_are_reproducible_and_noise_is_real(domain: str) -> None:
    def failures(reset_seed: int) -> list[bool]:
        env = make(domain, "noisy", difficulty=1.0, seed=0, num_tasks=1)
        rng = np.random.default_rng(0)
        out: list[bool] = []
        for k in range(6):
            trace = random_valid_episode(env, rng, reset_seed if k == 0 else None)
            out += [t[5]["failed"] for t in trace[1:]]
        return out

    first, again, other = failures(1), failures(1), failures(2)
    assert first == again
    assert any(first), "a noisy task at difficulty 1 should fail some calls"
    assert first != other


@pytest.mark.parametrize("domain", DOMAINS)
def test_reset_seed_picks_the_task(domain: str) -> None:
    env = make(domain, difficulty=0.5, seed=0)
    ids = [env.reset(seed=s)[1]["task_id"] for s in (1, 2, 1)]
    assert ids[0] == ids[2]
    other = make(domain, difficulty=0.5, seed=0)
    assert other.reset(seed=2)[1]["task_id"] == ids[1]


# -- spaces ------------------------------------------------------------------------------
@pytest.mark.usefixtures("memoised_generation")  # replays tasks the vector checks generated
@pytest.mark.parametrize("extra", DIRECTIVE_EXTRAS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_spaces_identical_for_every_task_and_difficulty(domain: str, extra: str) -> None:
    # max_difficulty=1.0 (what a curriculum uses) fixes one layout for every difficulty of the domain
    envs = [make(domain, extra, difficulty=d, seed=s, max_difficulty=1.0) for d in DIFFICULTIES for s in SEEDS]
    first = envs[0]
    for env in envs:
        assert env.observation_space == first.observation_space
        assert env.action_space == first.action_space
        for seed in range(3):
            obs, _ = env.reset(seed=seed)
            assert obs.shape == first.observation_space.shape and obs.dtype == np.float32
            assert env.observation_space.contains(obs)
            mask = env.get_wrapper_attr("action_masks")()
            assert mask.shape == (first.action_space.n,) and mask.dtype == bool and mask.any()


@pytest.mark.parametrize("domain", DOMAINS)
def test_plain_env_spaces_fit_its_difficulty(domain: str) -> None:
    """Without max_difficulty a plain env gets the smallest spaces for its difficulty, never larger ones."""
    sizes = [make(domain, difficulty=d, seed=0).action_space.n for d in DIFFICULTIES]
    full = make(domain, difficulty=0.0, seed=0, max_difficulty=1.0).action_space.n
    assert sizes == sorted(sizes) and sizes[-1] <= full
    if any(t.min < t.max for t in load_registry()[domain].types):  # a fixed world (a PDDL grid) keeps its size
        assert sizes[0] < full


def test_spec_env_observation_stays_in_bounds(all_sample_specs: list[SimSpec]) -> None:
    for spec in all_sample_specs:
        env = GenSimEnv(spec)
        rng = np.random.default_rng(0)
        for *_, in random_valid_episode(env, rng, 0)[1:]:
            pass
        trace = random_valid_episode(env, rng, 1)
        for step in trace[1:]:
            obs = np.frombuffer(step[1], dtype=np.float32)
            assert env.observation_space.contains(obs)


# -- oracle ------------------------------------------------------------------------------
def play_oracle(env: gym.Env, seed: int, replan: bool) -> dict[str, Any]:
    """Follow ``oracle_actions()`` to the end of the episode; with ``replan`` ask again after every step."""
    env.reset(seed=seed)
    plan = env.get_wrapper_attr("oracle_actions")()
    assert plan, "the oracle found no plan at reset"
    while True:
        action = env.get_wrapper_attr("oracle_actions")()[0] if replan else plan.pop(0)
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return info
        if not replan and not plan:
            raise AssertionError("the oracle plan ended before the episode did")


def test_oracle_solves_every_sample_spec(all_sample_specs: list[SimSpec]) -> None:
    for spec in all_sample_specs:
        noisy = spec.task.fail_prob > 0 or any(t.fail_prob for t in spec.tools.tools)
        env = GenSimEnv(spec)
        if not noisy:
            info = play_oracle(env, 0, replan=False)
            assert info["is_success"] is True, spec.id
            env.reset(seed=0)
            assert len(env.get_wrapper_attr("oracle_actions")()) == len(spec.golden_plan)
        else:  # failed calls cost steps: replanning must still win most episodes
            wins = sum(play_oracle(env, s, replan=True)["is_success"] for s in range(10))
            assert wins >= 7, (spec.id, wins)


@pytest.mark.usefixtures("memoised_generation")  # replays tasks the vector checks generated
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("domain", DOMAINS)
def test_oracle_solves_every_task_a_family_emits(domain: str, difficulty: float) -> None:
    env = make(domain, "hidden facts" if difficulty == 1.0 else "", difficulty=difficulty, seed=0)
    for seed in range(4):
        info = play_oracle(env, seed, replan=False)
        assert info["is_success"] is True


# -- episode ends -----------------------------------------------------------------------------
@pytest.mark.parametrize("obs_mode", ["vector", "text"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_is_success_at_every_episode_end_and_only_there(domain: str, obs_mode: str) -> None:
    env = make(domain, "noisy", difficulty=0.5, seed=0, obs_mode=obs_mode)
    rng = np.random.default_rng(0)
    for episode in range(8):
        _, info = env.reset(seed=episode)
        assert "task_id" in info and "difficulty" in info
        done = False
        while not done:
            valid = np.flatnonzero(env.get_wrapper_attr("action_masks")())
            action = int(rng.choice(valid))
            if obs_mode == "text":
                action = _as_text_call(env, action)
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            assert ("is_success" in info) == done
            assert info["task_id"] and "difficulty" in info
        assert isinstance(info["is_success"], bool)
        # a dead end (no call available: a flat tire and no spare) also terminates, as a failure
        assert info["is_success"] == (terminated and not info.get("dead_end", False))


def _as_text_call(env: gym.Env, action: int) -> str:
    import json

    return json.dumps(env.unwrapped.world.actions[action].call())


# -- text face ----------------------------------------------------------------------------
MALFORMED_CALLS = [
    "", "not json", "{", "[]", "null", "42", '"move"', '{"name": 3}', '{"arguments": {}}',
    '{"name": "no_such_tool", "arguments": {}}', '{"name": "pick", "arguments": "not json"}',
    '{"name": "pick", "arguments": {"bogus": "x"}}', '{"name": "pick", "arguments": []}',
    '{"name": "pick", "arguments": {"crate": 1, "place": null}}', "x" * 100_000, "\x00\xff",
    '{"name": "__import__", "arguments": {"name": "os"}}', '{"name": "__class__"}',
]


@pytest.fixture(scope="module")
def text_env() -> gym.Env:
    env = make(DOMAINS[0], difficulty=0.5, seed=0, obs_mode="text")
    env.reset(seed=0)
    return env


def _assert_error_step(env: gym.Env, call: Any) -> None:
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(call)
    spec = env.unwrapped.sim_spec
    assert isinstance(obs, str) and "error:" in obs
    assert info["invalid"] is True and not terminated
    assert reward == pytest.approx(-spec.reward.invalid_cost - (spec.reward.step_cost if spec.reward.mode == "dense"
                                                                 else 0.0))
    assert reward < 0


@pytest.mark.parametrize("call", MALFORMED_CALLS)
def test_malformed_text_calls_are_error_observations(text_env: gym.Env, call: str) -> None:
    _assert_error_step(text_env, call)


@pytest.mark.parametrize("call", [None, 3, 2.5, ["pick"], {"name": None}, b"{", object()])
def test_non_string_text_calls_are_error_observations(text_env: gym.Env, call: Any) -> None:
    _assert_error_step(text_env, call)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(call=st.one_of(st.text(max_size=200), st.builds(lambda n, a: f'{{"name": "{n}", "arguments": {a}}}',
                                                        st.sampled_from(["pick", "drop", "move_robot", "x"]),
                                                        st.sampled_from(["{}", "[]", '"x"', '{"crate": "dock"}']))))
def test_arbitrary_text_calls_never_raise(text_env: gym.Env, call: str) -> None:
    text_env.reset(seed=0)
    obs, reward, *_ , info = text_env.step(call)
    assert isinstance(obs, str) and isinstance(reward, float)
    if info["invalid"]:
        assert "error:" in obs and reward < 0


def test_valid_text_call_and_openai_tools(text_env: gym.Env) -> None:
    text_env.reset(seed=0)
    tools = text_env.unwrapped.openai_tools()
    assert tools and all(t["type"] == "function" and t["function"]["strict"] for t in tools)
    action = text_env.get_wrapper_attr("oracle_actions")()[0]
    obs, _, _, _, info = text_env.step(_as_text_call(text_env, action))
    assert info["invalid"] is False and "ok:" in obs


# -- task pools and construction -------------------------------------------------------------
@pytest.mark.parametrize("num_tasks", [1, 3])
@pytest.mark.parametrize("domain", DOMAINS)
def test_num_tasks_bounds_distinct_tasks(domain: str, num_tasks: int) -> None:
    env = make(domain, difficulty=0.5, seed=4, num_tasks=num_tasks)
    ids = {env.reset(seed=s)[1]["task_id"] for s in range(25)}
    ids |= {env.reset()[1]["task_id"] for _ in range(10)}
    assert 1 <= len(ids) <= num_tasks
    stream = make(domain, difficulty=0.5, seed=4)
    assert len({stream.reset(seed=s)[1]["task_id"] for s in range(10)}) > num_tasks


def test_make_from_spec_path_and_object(tmp_path, tiny_spec: SimSpec) -> None:
    path = spec_file(tmp_path, tiny_spec)
    for source in (path, str(path), tiny_spec):
        env = gym.make("GenSim-v0", spec=source)
        _, info = env.reset(seed=0)
        assert info["task_id"] == tiny_spec.id
        assert env.unwrapped.sim_spec == tiny_spec
        assert play_oracle(env, 0, replan=False)["is_success"] is True


def test_make_rejects_both_directive_and_spec(tiny_spec: SimSpec) -> None:
    # neither is fine: the default directive (tests/integrations/test_dropin.py)
    with pytest.raises(gensim_gym.Error, match="not both"):
        gym.make("GenSim-v0", directive="domain: warehouse", spec=tiny_spec)


def test_make_rejects_arguments_it_would_ignore_or_fail_on_later(tiny_spec: SimSpec) -> None:
    with pytest.raises(gensim_gym.Error, match=r"unexpected keyword argument 'bogus'.*the arguments are directive"):
        gym.make("GenSim-v0", directive="domain: warehouse", bogus=1)  # a typo must not reach the LLM backend
    with pytest.raises(TypeError, match=r"got an unexpected keyword argument 'bogus'"):  # Python's convention
        gym.make("GenSim-v0", directive="domain: warehouse", bogus=1)
    with pytest.raises(gensim_gym.Error, match="'model': spec=... plays one fixed task"):
        gym.make("GenSim-v0", spec=tiny_spec, backend="openai", model="gpt-4o-mini")
    bad_seed = r"gym.make\('GenSim-v0'\): 1 invalid argument:\n  - seed=.*: must be an integer >= 0 or None"
    for seed in ("0", -1, 1.5, True):
        with pytest.raises(gensim_gym.ArgumentError, match=bad_seed):
            gym.make("GenSim-v0", directive="domain: warehouse", seed=seed)
    with pytest.raises(gensim_gym.Error, match="the offline backend takes no options"):
        gensim_gym.generate("domain: warehouse", temperature=0.2)


def test_numpy_integer_seeds_work_like_python_ints() -> None:
    """Gymnasium's seeding takes only Python ints: a numpy seed (e.g. from a seed array) is converted at make."""
    a = gym.make("GenSim-v0", directive="domain: warehouse", seed=np.int64(3), num_tasks=4)
    b = gym.make("GenSim-v0", directive="domain: warehouse", seed=3, num_tasks=4)
    assert np.array_equal(a.reset()[0], b.reset()[0]) and a.unwrapped.sim_spec == b.unwrapped.sim_spec
    d = "domain: warehouse"
    assert gensim_gym.generate(d, seed=np.int32(2)) == gensim_gym.generate(d, seed=2)


def test_make_with_bad_spec_file_is_spec_error(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"task": 1}')
    with pytest.raises(gensim_gym.SpecError):
        gym.make("GenSim-v0", spec=path)


def test_gym_make_with_module_prefix_in_a_fresh_interpreter(tmp_path) -> None:
    code = (
        "import sys, gymnasium as gym\n"
        "assert 'gensim_gym' not in sys.modules\n"
        f"env = gym.make('gensim_gym:GenSim-v0', directive={domain_directive(DOMAINS[0])!r}, difficulty=0.0, seed=0)\n"
        "obs, info = env.reset(seed=0)\n"
        "print(obs.shape[0] > 0, info['task_id'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=checkout_env(), capture_output=True, text=True,
                         check=False, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("True ")


def test_sb3_make_vec_env_gets_rgb_array_envs_that_render() -> None:
    """SB3's make_vec_env first tries render_mode='rgb_array' (falling back only on TypeError): it now gets it."""
    pytest.importorskip("PIL")
    from stable_baselines3.common.env_util import make_vec_env

    venv = make_vec_env("GenSim-v0", n_envs=2, seed=0,
                        env_kwargs={"directive": domain_directive(DOMAINS[0]), "difficulty": 0.0, "num_tasks": 2})
    obs = venv.reset()
    assert obs.shape == (2, *venv.observation_space.shape)
    assert venv.render_mode == "rgb_array"
    assert [image.shape for image in venv.get_images()] == [(480, 640, 3)] * 2


def test_copying_or_pickling_an_env_is_refused_with_a_clear_error() -> None:
    import copy
    import pickle

    env = gym.make("GenSim-v0", directive="warehouse tasks", seed=0, num_tasks=2).unwrapped
    env.reset(seed=0)
    for attempt in (copy.deepcopy, copy.copy, pickle.dumps):
        with pytest.raises(gensim_gym.Error, match="cannot be pickled or copied"):
            attempt(env)
