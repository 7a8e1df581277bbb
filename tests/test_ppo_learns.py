"""Learnability: SB3 PPO (MlpPolicy) learns an easy warehouse family within a small budget.

Marked ``slow`` (run with ``pytest -m slow``). Both variants train on
``gym.make("GenSim-v0", directive="warehouse tasks, easy", difficulty=0.0, num_tasks=8)``
and compare the trained policy with a random one on held-out reset seeds:

- MaskablePPO (sb3-contrib, using ``action_masks()``) must reach high success.
  Measured at 30k steps, model seeds 0 / 1 / 2: 100 / 87 / 88 % (this test runs seed 0).
- Plain PPO (no masks) must reach high success too: it sees the available calls and
  the progress potential Φ in its observation, and the dense reward pays
  potential-based progress from the exact distance to the goal
  (``gensim_gym.world.progress``). Measured at 60k steps (lr 1e-3) at 26f4348, model
  seeds 0-9: 100 / 88 / 100 / 100 / 88 / 87 / 73 / 100 / 88 / 100 % (this test runs
  seed 0). Not every seed clears 0.85: 88 % is one of the 8 tasks failed (the greedy
  policy drives back and forth instead of dropping the item), 73 % the greedy policy
  looping on an invalid call, which is a no-op. Variants that did not fix it on fresh
  seeds (a last-invalid-call bit in the observation, other entropy coefficients,
  shuffled slots) are in BENCHMARKS.md, Learnability, session 5. With a time-left
  feature in the observation it was 73 / 100 / 88 % (seeds 0-2, shuffled slots): the
  policy used the step count as a shortcut and, on the 4-step tasks, moved on instead
  of dropping the item at its goal (see ``Layout.obs_dim``).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import gensim_gym  # noqa: F401 - registers GenSim-v0

FAMILY: dict[str, Any] = {"directive": "warehouse tasks, easy", "difficulty": 0.0, "num_tasks": 8}


def evaluate(model: Any, masked: bool, episodes: int = 60) -> dict[str, float]:
    """Success rate, mean return and share of invalid calls of ``model`` (None: uniformly random actions)."""
    env = gym.make("GenSim-v0", seed=0, **FAMILY)
    rng = np.random.default_rng(0)
    wins = steps = invalid = 0
    total = 0.0
    for episode in range(episodes):
        obs, _ = env.reset(seed=10_000 + episode)
        done = False
        while not done:
            mask = env.get_wrapper_attr("action_masks")()
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask))) if masked else int(rng.integers(env.action_space.n))
            else:
                extra = {"action_masks": mask} if masked else {}
                action = int(model.predict(obs, deterministic=True, **extra)[0])
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            steps += 1
            invalid += info["invalid"]
            done = terminated or truncated
        wins += info["is_success"]
    return {"success": wins / episodes, "return": total / episodes, "invalid": invalid / steps}


def train(algo: str, steps: int) -> Any:
    import torch
    from stable_baselines3 import PPO
    from stable_baselines3.common.env_util import make_vec_env

    torch.set_num_threads(1)
    venv = make_vec_env("GenSim-v0", n_envs=8, seed=0, env_kwargs={"seed": 0, **FAMILY})
    # gamma 0.95: the tasks are a handful of steps long; with 0.99 finishing now or after a two-step detour
    # differ by ~2 % of the return, too little for PPO to separate from noise (it then plateaus at 70-80 %)
    config: dict[str, Any] = {"n_steps": 256, "batch_size": 256, "learning_rate": 1e-3, "gamma": 0.95,
                              "policy_kwargs": {"net_arch": [128, 128]}, "seed": 0, "device": "cpu", "verbose": 0}
    if algo == "maskable":
        from sb3_contrib import MaskablePPO

        return MaskablePPO("MlpPolicy", venv, ent_coef=0.01, **config).learn(steps)
    # plain PPO must also learn which calls are valid: more exploration (entropy)
    return PPO("MlpPolicy", venv, ent_coef=0.02, **config).learn(steps)


@pytest.mark.slow
def test_maskable_ppo_learns_easy_family_to_high_success() -> None:
    random = evaluate(None, masked=True)
    trained = evaluate(train("maskable", 30_000), masked=True)
    print(f"MaskablePPO 30k steps: random-valid {random} -> trained {trained}")
    assert trained["success"] >= 0.85
    assert trained["success"] >= random["success"] + 0.5


@pytest.mark.slow
def test_plain_ppo_learns_easy_family_to_high_success() -> None:
    random = evaluate(None, masked=False)
    trained = evaluate(train("ppo", 60_000), masked=False)
    print(f"PPO 60k steps: random {random} -> trained {trained}")
    assert random["success"] <= 0.05
    assert trained["success"] >= 0.85
    assert trained["invalid"] < 0.05 < random["invalid"]
