"""CurriculumWrapper, gym.make(curriculum=...), and one curriculum for many workers."""

from __future__ import annotations

import json

import gymnasium as gym
import numpy as np
import pytest

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.curriculum import AlphaCurriculum, CurriculumWrapper, UniformCurriculum, VectorCurriculum
from gensim_gym.curriculum.wrapper import RESULT_KEY
from gensim_gym.errors import Error

D = "warehouse tasks"


def small_alpha(**kw):
    return AlphaCurriculum(alpha=0.5, pool_size=3, refill_batch=1, bins=5, batch_size=8, **kw)


def play(env, episodes, seed=0):
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    ids = []
    while done < episodes:
        mask = env.get_wrapper_attr("action_masks")()
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0)
        if term or trunc:
            done += 1
            ids.append(info["task_id"])
            assert info[RESULT_KEY]["task_id"] == info["task_id"]
            env.reset()
    return ids


def test_single_env_updates_curriculum_itself():
    cur = small_alpha()
    env = gym.make("GenSim-v0", directive=D, seed=0, curriculum=cur)
    space = env.observation_space
    ids = play(env, 12)
    assert cur.counters["episodes"] == 0 and len(cur.pending) == 12  # learnt in folds of fold_every (64) results
    assert cur.flush() == 12 and cur.counters["episodes"] == 12
    assert set(ids) <= {e.task.task_id for e in cur.pool.values()} | set(ids)
    assert env.observation_space == space  # spaces never change when tasks change
    assert cur.counters["unknown"] == 0


def test_curriculum_by_name_and_errors():
    env = gym.make("GenSim-v0", directive=D, seed=0, curriculum="uniform")
    assert isinstance(env.get_wrapper_attr("curriculum"), UniformCurriculum)
    with pytest.raises(Error, match="did you mean"):
        gym.make("GenSim-v0", directive=D, curriculum="alpah")


def test_offline_backend_pool_refill_retire_filter():
    # pool of 3: fold every 4 results so retirement is decided every ~1 play per spec (the default, batch_size
    # = 32, would decide it once in these 60 episodes, after ~10 plays of each spec)
    cur = AlphaCurriculum(directive=D, pool_size=3, refill_batch=1, bins=5, min_trials=4, seed=0, fold_every=4)
    rng = np.random.default_rng(0)
    for _ in range(60):
        task = cur.sample()
        cur.update(task, bool(rng.random() < (0.9 if task.theta < 0.4 else 0.05)))
    for _ in range(3):  # retirement is decided at a fold; the next samples refill refill_batch (1) spec each
        cur.sample()
    s = cur.stats()
    assert s["retired"] >= 1 and s["generated"] > 3 and len(cur.pool) == 3
    assert all(e.task.spec.meta["generator"]["backend"] == "offline" for e in cur.pool.values())


def test_same_seed_same_task_sequence_through_env():
    assert play(gym.make("GenSim-v0", directive=D, seed=0, curriculum=small_alpha(seed=2)), 8) == \
        play(gym.make("GenSim-v0", directive=D, seed=0, curriculum=small_alpha(seed=2)), 8)


def _count_dones_callback(cur):
    from stable_baselines3.common.callbacks import BaseCallback

    class Count(BaseCallback):
        dones = 0

        def _on_step(self):
            Count.dones += int(np.sum(self.locals["dones"]))
            return True

    return Count()


@pytest.mark.parametrize("vec", ["dummy", "subproc"])
def test_sb3_workers_report_to_one_curriculum(vec):
    from stable_baselines3 import PPO
    from stable_baselines3.common.callbacks import CallbackList
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    from gensim_gym.integrations.sb3 import CurriculumCallback

    cur = small_alpha()
    fns = [lambda i=i: gym.make("GenSim-v0", directive=D, seed=i, curriculum=cur) for i in range(2)]
    venv = DummyVecEnv(fns) if vec == "dummy" else SubprocVecEnv(fns)
    try:
        count = _count_dones_callback(cur)
        PPO("MlpPolicy", venv, n_steps=32, batch_size=32, n_epochs=1, seed=0, device="cpu").learn(
            192, callback=CallbackList([CurriculumCallback(cur), count]))
        assert count.dones > 4
        assert cur.pending == []  # the callback folds what is buffered when training ends
        assert cur.counters["episodes"] == count.dones  # every episode exactly once
        fallbacks = venv.get_attr("fallbacks")
        assert fallbacks == [0, 0]  # workers always had a queued task from the trainer
    finally:
        venv.close()
    assert cur.bound and len(cur.pool) > 0


def test_sb3_callback_checkpoints_and_a_resumed_run_continues_from_the_saved_state(tmp_path):
    from stable_baselines3 import PPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from gensim_gym.errors import ArgumentError
    from gensim_gym.integrations.sb3 import CurriculumCallback

    def train(cur, steps, path):
        fns = [lambda i=i: gym.make("GenSim-v0", directive=D, seed=i, curriculum=cur) for i in range(2)]
        model = PPO("MlpPolicy", DummyVecEnv(fns), n_steps=32, batch_size=32, n_epochs=1, seed=0, device="cpu")
        model.learn(steps, callback=CurriculumCallback(cur, save_path=path, save_every=2))

    path = tmp_path / "curriculum.json"
    cur = small_alpha()
    train(cur, 128, path)  # 2 rollouts of 64 steps: a checkpoint at the 2nd, and the final one at the end
    saved = json.loads(path.read_text())
    assert saved["counters"]["episodes"] == cur.counters["episodes"] > 0  # the final save, after the fold
    assert saved["pending"] == []
    resumed = small_alpha().load_state_dict(saved)
    assert resumed.state_dict() == cur.state_dict()
    train(resumed, 64, path)  # a resumed run starts from the saved counters and pool
    assert json.loads(path.read_text())["counters"]["episodes"] > saved["counters"]["episodes"]
    with pytest.raises(ArgumentError, match=r"depth=0: .*\n  - save_every=0"):
        CurriculumCallback(cur, depth=0, save_every=0)
    with pytest.raises(ArgumentError, match="curriculum='alpha': must be a gensim_gym Curriculum"):
        CurriculumCallback("alpha")


@pytest.mark.parametrize("cls", [gym.vector.SyncVectorEnv, gym.vector.AsyncVectorEnv])
def test_gymnasium_vector_envs(cls):
    cur = small_alpha()
    envs = cls([lambda i=i: gym.make("GenSim-v0", directive=D, seed=i, curriculum=cur) for i in range(2)])
    try:
        sync = VectorCurriculum(envs, cur)
        envs.reset(seed=0)
        rng = np.random.default_rng(0)
        ends = 0
        for _ in range(120):
            _, _, term, trunc, infos = envs.step(rng.integers(envs.single_action_space.n, size=2))
            ends += int(np.sum(term | trunc))
            sync.on_step(infos)
        cur.flush()
        assert ends > 2 and cur.counters["episodes"] == ends
    finally:
        envs.close()


def test_vector_curriculum_over_envs_without_a_curriculum_says_what_to_do():
    envs = gym.vector.SyncVectorEnv([lambda: gym.make("GenSim-v0", directive=D)] * 2)
    with pytest.raises(Error, match=r"needs sub-envs that play a curriculum: make each with gym.make"):
        VectorCurriculum(envs, small_alpha())
    envs.close()


@pytest.mark.parametrize("fast", [False, True])  # under gym.make's wrappers / over a bare GenSimEnv (its hook)
def test_wrapper_leaves_caller_chosen_specs_alone(fast):
    cur = small_alpha()
    if fast:
        env = gym.make("GenSim-v0", directive=D, seed=0, curriculum=cur)
    else:
        env = CurriculumWrapper(gym.make("GenSim-v0", directive=D, seed=0), cur, directive=D)
    assert env.get_wrapper_attr("hooked") is fast
    spec = cur.sample().spec
    env.reset(seed=0, options={"spec": spec})
    for _ in range(100):
        _, _, term, trunc, info = env.step(0)
        if term or trunc:
            break
    assert term or trunc
    assert RESULT_KEY not in info and not cur.pending and cur.counters["episodes"] == 0


def _results(wrapped, episodes=40):
    """Every episode's (rewards, info[curriculum_result], info["is_success"]) under a fixed masked-random policy."""
    rng = np.random.default_rng(3)
    out, rewards = [], []
    wrapped.reset(seed=0)
    while len(out) < episodes:
        mask = wrapped.get_wrapper_attr("action_masks")()
        _, r, term, trunc, info = wrapped.step(int(rng.choice(np.flatnonzero(mask))))
        rewards.append(r)
        if term or trunc:
            out.append((rewards, info[RESULT_KEY], info["is_success"]))
            rewards = []
            wrapped.reset()
    return out


def test_hook_over_a_bare_gensim_env_reports_what_the_counting_path_does():
    # over a bare GenSimEnv the wrapper passes steps through and learns episode ends from the env's hook; under
    # any other wrapper it keeps its own step layer: same episodes, same results, same curriculum state
    from gensim_gym.envs.gensim_env import GenSimEnv
    from gensim_gym.generation.family import DirectiveFamily

    def make(layer):
        env = GenSimEnv(DirectiveFamily(D, 0.5, 0), seed=0)
        cur = small_alpha(directive=D, seed=0, fold_every=4)
        return CurriculumWrapper(gym.Wrapper(env) if layer else env, cur), cur

    fast, fast_cur = make(layer=False)
    general, general_cur = make(layer=True)
    assert fast.hooked and not general.hooked
    assert fast.unwrapped.episode_end_hook == fast._report  # the env reports episode ends to the wrapper
    assert type(fast).step is CurriculumWrapper.step and "step" not in vars(fast)  # no method rebound
    got, want = _results(fast), _results(general)
    assert got == want
    assert all(res["return"] == sum(rewards) for rewards, res, _ in got)  # summed in step order, same floats
    assert all(res["is_success"] == ok and res["length"] == len(rewards) for rewards, res, ok in got)
    assert fast_cur.state_dict() == general_cur.state_dict()
    # the newest wrapper owns the hook: re-wrapping the same env reports to the new curriculum only
    other = small_alpha(directive=D, seed=1)
    rewrapped = CurriculumWrapper(fast.unwrapped, other)
    before = len(fast_cur.pending) + fast_cur.counters["episodes"]
    _results(rewrapped, episodes=3)
    assert len(other.pending) == 3 and len(fast_cur.pending) + fast_cur.counters["episodes"] == before

