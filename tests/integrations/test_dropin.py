"""Drop-in for trainers nobody here wrote: preset ids, a bare ``gym.make(id)``, Python's keyword
conventions, masks through wrappers, and no live state without an available action."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import gensim_gym
from gensim_gym.factory import DEFAULT_DIRECTIVE
from gensim_gym.integrations import cli
from gensim_gym.integrations.presets import DOMAINS, presets
from gensim_gym.wrappers import ActionMaskInfo

PRESET_IDS = list(presets())


def make_thunk(env_id: str):
    """What CleanRL-style scripts pass to ``SyncVectorEnv``: the id alone, episode statistics on top."""

    def thunk() -> gym.Env:
        return gym.wrappers.RecordEpisodeStatistics(gym.make(env_id))

    return thunk


@pytest.mark.parametrize("env_id", PRESET_IDS)
def test_every_preset_runs_as_cleanrl_makes_it(env_id: str) -> None:
    envs = gym.vector.SyncVectorEnv([make_thunk(env_id) for _ in range(2)])
    try:
        obs, infos = envs.reset(seed=1)
        assert obs.shape == (2, *envs.single_observation_space.shape)
        rng = np.random.default_rng(0)
        ended = 0
        done = np.zeros(2, dtype=bool)
        for _ in range(40):
            # each sub-env's action_masks, reached through its wrappers
            masks = np.stack([m() for m in envs.call("get_wrapper_attr", "action_masks")])
            # every live state offers a call; a sub-env that has just ended (its next step resets it,
            # Gymnasium's next-step autoreset, ignoring the action) may be at a dead end
            assert masks[~done].any(axis=1).all()
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
            obs, rewards, terminated, truncated, infos = envs.step(actions)
            done = terminated | truncated
            assert envs.single_observation_space.contains(obs[0].astype(np.float32))
            ended += int(np.sum(terminated | truncated))
            if terminated.any() or truncated.any():
                assert "episode" in infos  # RecordEpisodeStatistics saw the episode end
        assert ended > 0
    finally:
        envs.close()


def test_presets_bind_documented_difficulties() -> None:
    ids = presets()
    for domain in DOMAINS:
        name = domain.capitalize()
        assert ids[f"GenSim-{name}-v0"] == {"directive": f"domain: {domain}", "difficulty": 0.5}
        assert ids[f"GenSim-{name}-Easy-v0"]["difficulty"] == 0.1
        assert ids[f"GenSim-{name}-Hard-v0"]["difficulty"] == 0.9
    assert set(gym.spec("GenSim-Curriculum-v0").kwargs) == {"directive", "curriculum"}
    env = gym.make("GenSim-Calendar-Easy-v0")
    _, info = env.reset(seed=0)
    assert info["domain"] == "calendar" and env.unwrapped.source.knobs.difficulty <= 0.1
    # a keyword still overrides what the preset binds
    env = gym.make("GenSim-Calendar-Easy-v0", difficulty=0.9)
    assert env.unwrapped.source.knobs.difficulty == 0.9


def test_bare_make_uses_the_documented_default_directive_and_says_so() -> None:
    env = gym.make("GenSim-v0")
    _, info = env.reset(seed=0)
    spec = env.unwrapped.sim_spec
    assert spec.directive == DEFAULT_DIRECTIVE and info["domain"] == "warehouse"
    assert any(DEFAULT_DIRECTIVE in note and "default" in note for note in spec.meta["interpretation"]["notes"])
    # the same directive given explicitly plays the same tasks, without the note
    other = gym.make("GenSim-v0", directive=DEFAULT_DIRECTIVE)
    other.reset(seed=0)
    assert other.unwrapped.sim_spec.id == spec.id
    assert not any("default" in n for n in other.unwrapped.sim_spec.meta["interpretation"]["notes"])


def test_cli_list_prints_every_id(capsys) -> None:
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.splitlines()] == PRESET_IDS


def test_unexpected_keyword_is_a_type_error_and_a_package_error() -> None:
    with pytest.raises(TypeError, match="'frameskip'") as caught:
        gym.make("GenSim-Warehouse-Easy-v0", frameskip=4)
    assert isinstance(caught.value, gensim_gym.Error)


def torchrl_style_make(env_id: str, **kwargs) -> gym.Env:
    """TorchRL's ``GymEnv`` convention: try with ``frameskip``, retry without it on ``TypeError`` only."""
    try:
        return gym.make(env_id, frameskip=1, **kwargs)
    except TypeError:
        return gym.make(env_id, **kwargs)


def test_the_frameskip_retry_succeeds() -> None:
    env = torchrl_style_make("GenSim-Warehouse-Easy-v0")
    env.reset(seed=0)


@pytest.mark.parametrize("face", ["available", "ground"])
def test_make_has_no_order_layer_and_the_env_keeps_the_order(face: str) -> None:
    """The preset ids are registered without Gymnasium's ``OrderEnforcing`` (~2k instructions a step; the env
    checks the order itself): a step before reset, and after the episode ended, still raises a Gymnasium
    ``ResetNeeded`` (the package's own, which is one)."""
    env = gym.make("GenSim-Warehouse-Easy-v0", action_space=face)
    assert "OrderEnforcing" not in str(env)
    with pytest.raises(gym.error.ResetNeeded):
        env.step(0)
    with pytest.raises(gensim_gym.errors.ResetNeeded):
        env.step(0)
    env.reset(seed=0)
    masks = env.get_wrapper_attr("action_masks")
    terminated = truncated = False
    while not (terminated or truncated):
        _, _, terminated, truncated, _ = env.step(int(masks().nonzero()[0][0]))
    with pytest.raises(gym.error.ResetNeeded):
        env.step(0)


def test_masks_through_standard_wrappers() -> None:
    env = gym.wrappers.RecordEpisodeStatistics(gym.wrappers.TimeLimit(gym.make("GenSim-Warehouse-Easy-v0"), 50))
    env.reset(seed=0)
    mask = env.get_wrapper_attr("action_masks")()
    assert mask.dtype == bool and mask.shape == (env.action_space.n,) and mask.any()
    # the default face lists the calls available now first: as many as the env's own (ground) mask marks
    assert mask[:mask.sum()].all() and mask.sum() == env.unwrapped.action_masks().sum()


def test_action_mask_info_wrapper() -> None:
    env = ActionMaskInfo(gym.wrappers.RecordEpisodeStatistics(gym.make("GenSim-Calendar-Easy-v0")))
    _, info = env.reset(seed=0)
    steps = 0
    rng = np.random.default_rng(0)
    while steps < 200:
        mask = info["action_mask"]
        assert np.array_equal(mask, env.action_masks()) and mask.sum() == env.unwrapped.action_masks().sum()
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if terminated or truncated:
            _, info = env.reset()


def random_episodes(domain: str, difficulty: float, episodes: int, num_tasks: int, seed: int = 0) -> dict:
    """Masked random play; counts live states with an all-false mask (must stay 0) and dead ends."""
    env = gym.make("GenSim-v0", directive=f"domain: {domain}", difficulty=difficulty, seed=seed,
                   num_tasks=num_tasks).unwrapped
    rng = np.random.default_rng(seed)
    empty = dead = 0
    for episode in range(episodes):
        env.reset(seed=seed * 1_000_003 + episode)
        while True:
            mask = env.action_masks()
            if not mask.any():
                empty += 1
                break
            _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            if terminated or truncated:
                if info.get("dead_end"):
                    dead += 1
                    assert terminated and not info["is_success"] and not env.action_masks().any()
                break
    return {"empty": empty, "dead_ends": dead}


def test_calendar_dead_ends_end_the_episode_as_failures() -> None:
    # easy calendar tasks reached all-false masks before dead ends ended the episode (9 in 200 episodes)
    counts = random_episodes("calendar", 0.1, 200, num_tasks=50)
    assert counts["empty"] == 0 and counts["dead_ends"] > 0


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_live_state_has_an_all_false_mask(domain: str) -> None:
    for difficulty in (0.1, 0.5):
        assert random_episodes(domain, difficulty, 60, num_tasks=20)["empty"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_no_live_state_has_an_all_false_mask_in_10k_random_episodes(domain: str) -> None:
    empty = sum(random_episodes(domain, d, 10_000 // 4, num_tasks=250, seed=s)["empty"]
                for s, d in enumerate((0.0, 0.3, 0.6, 1.0)))
    assert empty == 0


# -- vector envs: sub-envs made with identical arguments play different task streams -------------------
def vector_task_ids(envs, resets: int = 6) -> list[tuple[str, ...]]:
    """Task ids each sub-env plays over ``resets`` seeded vector resets, one tuple per sub-env."""
    rows = []
    for r in range(resets):
        _, infos = envs.reset(seed=100 * r)
        rows.append(tuple(infos["task_id"]))
    return [tuple(col) for col in zip(*rows, strict=True)]


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_sub_envs_play_different_streams(mode: str) -> None:
    envs = gym.make_vec("GenSim-Warehouse-Easy-v0", num_envs=4, vectorization_mode=mode, seed=0)
    try:
        streams = vector_task_ids(envs)
    finally:
        envs.close()
    assert len(set(streams)) == 4  # 4 sub-envs, 4 streams
    assert len({t for s in streams for t in s}) > 18  # of 24 tasks, nearly all different
    # the rule: sub-env i plays what a single env reset with seed + i plays
    single = gym.make("GenSim-Warehouse-Easy-v0", seed=0)
    assert tuple(single.reset(seed=100 * r + 2)[1]["task_id"] for r in range(6)) == streams[2]


def test_unseeded_vector_reset_with_one_make_seed_warns() -> None:
    envs = gym.make_vec("GenSim-Webshop-Easy-v0", num_envs=2, vectorization_mode="sync", seed=7, num_tasks=3)
    with pytest.warns(gensim_gym.envs.streams.SharedStreamWarning, match=r"envs.reset\(seed=s\)"):
        envs.reset()
    envs.close()


@pytest.mark.parametrize("vec_cls", ["DummyVecEnv", "SubprocVecEnv"])
def test_sb3_make_vec_env_sub_envs_play_different_streams(vec_cls: str) -> None:
    vec_env = pytest.importorskip("stable_baselines3.common.vec_env")
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    # SubprocVecEnv's workers (forkserver) make the env by id in a fresh process that never imported
    # gensim_gym: the "module:" prefix makes Gymnasium import it first (RLlib's workers need the same)
    env_id = "gensim_gym:GenSim-Warehouse-Easy-v0"
    venv = env_util.make_vec_env(env_id, n_envs=3, seed=0, vec_env_cls=getattr(vec_env, vec_cls))
    try:
        venv.reset()
        ids = [spec.id for spec in venv.env_method("get_wrapper_attr", "sim_spec")]
    finally:
        venv.close()
    assert len(set(ids)) == 3
