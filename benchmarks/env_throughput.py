"""Env step throughput with random *valid* actions, against CartPole-v1 measured in the same run.

Usage::

    PYTHONPATH=. python benchmarks/env_throughput.py [--steps 20000] [--difficulty 0.5] [--num-tasks 16]

For every registry domain it reports steps/s through ``gym.make`` (with the
default wrappers) for a fixed task pool (``num_tasks``: generation happens once
per task, so this measures stepping) and for the unlimited stream
(``num_tasks=0``: each reset may generate a new task, so generation cost is
included), and the ratio to CartPole-v1 stepping with random actions.
Action choice (sampling from the mask) is counted in both.
"""

from __future__ import annotations

import argparse
import time
import warnings

import gymnasium as gym
import numpy as np

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.generation.toolsets import load_registry


def cartpole_rate(steps: int, seed: int = 0) -> float:
    """Steps/s of CartPole-v1 with random actions (sampled with a numpy Generator, as for GenSim)."""
    env = gym.make("CartPole-v1")
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    start = time.perf_counter()
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(int(rng.integers(2)))
        if terminated or truncated:
            env.reset()
    return steps / (time.perf_counter() - start)


def gensim_rate(directive: str, difficulty: float, num_tasks: int, steps: int, seed: int = 0) -> tuple[float, int]:
    """Steps/s with uniformly random valid actions (from ``action_masks()``); also returns the episode count."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make("GenSim-v0", directive=directive, difficulty=difficulty, seed=seed, num_tasks=num_tasks)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    if num_tasks:  # warm the pool so that only stepping is timed
        for _ in range(4 * num_tasks):
            env.reset()
    unwrapped = env.unwrapped
    episodes = 0
    start = time.perf_counter()
    for _ in range(steps):
        valid = np.flatnonzero(unwrapped.action_masks())
        action = int(valid[rng.integers(len(valid))]) if len(valid) else 0
        _, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            env.reset()
            episodes += 1
    return steps / (time.perf_counter() - start), episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--difficulty", type=float, default=0.5)
    parser.add_argument("--num-tasks", type=int, default=16)
    parser.add_argument("--stream-steps", type=int, default=5_000, help="steps for the unlimited-stream run")
    args = parser.parse_args()
    cart = cartpole_rate(args.steps)
    print(f"CartPole-v1 (gym.make, random actions): {cart:,.0f} steps/s")
    print(f"{'domain':<14}{'pool steps/s':>14}{'ratio':>8}{'stream steps/s':>16}{'ratio':>8}{'episodes':>10}")
    for domain in load_registry():
        directive = f"domain: {domain}"
        pool, _ = gensim_rate(directive, args.difficulty, args.num_tasks, args.steps)
        stream, episodes = gensim_rate(directive, args.difficulty, 0, args.stream_steps)
        print(f"{domain:<14}{pool:>14,.0f}{pool / cart:>8.2f}{stream:>16,.0f}{stream / cart:>8.2f}{episodes:>10}")
    cart_after = cartpole_rate(args.steps)
    print(f"CartPole-v1 again at the end: {cart_after:,.0f} steps/s (load drift check)")


if __name__ == "__main__":
    main()
