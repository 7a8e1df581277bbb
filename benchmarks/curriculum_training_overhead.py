"""Env steps/s of SB3 PPO training with and without the curriculum: the overhead a trainer sees.

``curriculum_overhead.py`` isolates the wrapper and the curriculum against the bare env under a
random policy, the worst case (nothing else runs). This script measures what Syllabus's
"70–90 % of native throughput" refers to: env steps per second of a training run.

Both sides train the same PPO config (the learnability tests' one, seeded alike) on a
``DummyVecEnv`` of ``--envs`` envs over the same pre-generated pool of specs:

* **raw**: bare ``GenSimEnv``\\ s whose task source draws a pooled spec uniformly at every reset;
* **curriculum**: ``CurriculumWrapper`` over the same envs, one ``AlphaCurriculum`` fed by
  ``CurriculumCallback`` (remote mode, task queues, folds and RWR steps all run; the pool is kept
  fixed so no generation is timed, as in ``curriculum_overhead.py``).

``--phase rollout`` times ``collect_rollouts`` alone (policy inference + env + callback, no
gradient steps); ``--phase learn`` times ``learn`` (what a user's run costs end to end). The two
sides alternate ``--repeats`` times (each going first in turn) so load from other jobs hits both
alike. The task mixes differ (uniform vs the curriculum's picks, and the policies diverge), so
episode lengths are reported too.

    PYTHONPATH=. python benchmarks/curriculum_training_overhead.py --steps 16384 --phase rollout
    PYTHONPATH=. python benchmarks/curriculum_training_overhead.py --steps 16384 --phase learn
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from stable_baselines3.common.callbacks import BaseCallback, CallbackList
from stable_baselines3.common.vec_env import DummyVecEnv

from gensim_gym.curriculum import AlphaCurriculum, CurriculumWrapper, DirectiveGenerator
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.generation.family import DirectiveFamily
from gensim_gym.integrations.sb3 import CurriculumCallback
from gensim_gym.spec.model import SimSpec

D = "warehouse tasks"


class PoolSource:
    """A task source drawing one of ``specs`` uniformly at every reset (the raw side's task stream)."""

    def __init__(self, specs: list[SimSpec], layout) -> None:
        self.specs, self._layout = specs, layout

    def layout(self):
        return self._layout

    def sample(self, rng: np.random.Generator) -> SimSpec:
        return self.specs[int(rng.integers(len(self.specs)))]


class EpisodeCounter(BaseCallback):
    """Counts finished episodes and their steps (for the mean episode length of each side)."""

    def __init__(self) -> None:
        super().__init__()
        self.episodes = 0

    def _on_step(self) -> bool:
        self.episodes += int(np.count_nonzero(self.locals["dones"]))
        return True


def make_model(venv, seed: int):
    from stable_baselines3 import PPO

    return PPO("MlpPolicy", venv, n_steps=256, batch_size=256, learning_rate=1e-3, gamma=0.95, ent_coef=0.02,
               policy_kwargs={"net_arch": [128, 128]}, seed=seed, device="cpu", verbose=0)


def warm(env: GenSimEnv, specs: list[SimSpec]) -> GenSimEnv:
    """Compile every pooled spec once (a one-off per env, excluded from the timing like generation)."""
    for spec in specs:
        env.reset(options={"spec": spec})
    return env


def build(side: str, specs: list[SimSpec], state: dict, n_envs: int, seed: int):
    """The vec env and the callbacks of one side."""
    layout = DirectiveFamily(D, 0.5, 0).layout()
    if side == "raw":
        venv = DummyVecEnv([lambda i=i: warm(GenSimEnv(PoolSource(specs, layout), seed=seed * 100 + i), specs)
                            for i in range(n_envs)])
        return venv, []
    cur = AlphaCurriculum(generator=DirectiveGenerator(D), pool_size=len(specs), seed=seed, max_plays=10**9,
                          min_trials=10**9).load_state_dict(state)
    venv = DummyVecEnv([lambda i=i: CurriculumWrapper(warm(GenSimEnv(DirectiveFamily(D, 0.5, 0), seed=seed * 100 + i),
                                                           specs), cur)
                        for i in range(n_envs)])
    return venv, [CurriculumCallback(cur)]


def timed(side: str, phase: str, steps: int, specs, state, *, n_envs: int, seed: int) -> tuple[float, float]:
    """(env steps/s, mean steps per episode) of one side."""
    venv, callbacks = build(side, specs, state, n_envs, seed)
    model = make_model(venv, seed)
    counter = EpisodeCounter()
    callback = CallbackList([counter, *callbacks])
    if phase == "learn":
        start = time.perf_counter()
        model.learn(steps, callback=callback)
        elapsed = time.perf_counter() - start
        done = model.num_timesteps
    else:
        _, callback = model._setup_learn(steps, callback)  # what learn() does before its first rollout
        callback.on_training_start(locals(), globals())
        done, elapsed = 0, 0.0
        while done < steps:
            start = time.perf_counter()
            model.collect_rollouts(model.env, callback, model.rollout_buffer, n_rollout_steps=model.n_steps)
            elapsed += time.perf_counter() - start
            done += model.n_steps * n_envs
        callback.on_training_end()
    venv.close()
    return done / elapsed, done / max(counter.episodes, 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=16384)
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--phase", choices=["rollout", "learn"], default="rollout")
    parser.add_argument("--torch-threads", type=int, default=1,
                        help="torch intra-op threads (1: a job on another core does not perturb the policy's calls)")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.torch_threads)
    cur = AlphaCurriculum(generator=DirectiveGenerator(D), pool_size=16, seed=0, max_plays=10**9, min_trials=10**9)
    cur.refill(16)  # generate ahead; both sides play these specs
    specs = [e.task.spec for e in cur.pool.values()]
    state = cur.state_dict()
    rates: dict[str, list[float]] = {"raw": [], "curriculum": []}
    lengths: dict[str, list[float]] = {"raw": [], "curriculum": []}
    timed("raw", args.phase, 2048, specs, state, n_envs=args.envs, seed=0)  # warm-up: torch's first calls
    for r in range(args.repeats):
        for side in ("raw", "curriculum") if r % 2 == 0 else ("curriculum", "raw"):  # neither side always first
            rate, length = timed(side, args.phase, args.steps, specs, state, n_envs=args.envs, seed=r)
            rates[side].append(rate)
            lengths[side].append(length)
    for side, runs in rates.items():
        print(f"{side:>10}: {max(runs):8.0f} env steps/s best of {args.repeats} "
              f"(runs: {', '.join(f'{x:.0f}' for x in runs)}); "
              f"{statistics.mean(lengths[side]):.2f} steps per episode")
    ratios = [c / r for c, r in zip(rates["curriculum"], rates["raw"], strict=True)]
    best = max(rates["curriculum"]) / max(rates["raw"])
    print(f"ratio ({args.phase}, {args.envs} envs, {args.steps} steps): best {best:.1%}, median of per-repeat "
          f"ratios {statistics.median(ratios):.1%} (runs: {', '.join(f'{x:.1%}' for x in ratios)})")


if __name__ == "__main__":
    main()
