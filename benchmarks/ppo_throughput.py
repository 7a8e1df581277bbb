"""End-to-end SB3 PPO training throughput on GenSim, against PPO on CartPole-v1 in the same run.

Usage::

    PYTHONPATH=. python benchmarks/ppo_throughput.py [--steps 8192] [--rounds 4] [--domains calendar warehouse]

What a user's training run sees: env steps per second of ``PPO.learn`` (rollouts, the policy's
forward passes and the gradient epochs), one env, default PPO settings, one torch thread. The
GenSim and CartPole models learn in alternating chunks of ``steps / rounds`` steps, so load from
other jobs hits both alike; the ratio GenSim / CartPole is what compares across runs and code
versions (docs/hot_paths.md uses it to decide which runtime speed tricks stay).
"""

from __future__ import annotations

import argparse
import os
import time
import warnings

import gymnasium as gym

import gensim_gym  # noqa: F401 - registers GenSim-v0


def learner(env_id: str, **kwargs):
    """A function ``run(n)`` that continues PPO training for ``n`` env steps."""
    from stable_baselines3 import PPO

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make(env_id, **kwargs)
    model = PPO("MlpPolicy", env, n_steps=512, batch_size=64, seed=0, device="cpu", verbose=0)

    def run(n: int) -> None:
        model.learn(total_timesteps=n, reset_num_timesteps=False)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8192, help="env steps per side and domain")
    parser.add_argument("--rounds", type=int, default=4, help="alternating chunks per side")
    parser.add_argument("--domains", nargs="*", default=["calendar", "warehouse"])
    parser.add_argument("--difficulty", type=float, default=0.5)
    parser.add_argument("--action-space", default="available", choices=("available", "ground"))
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)
    chunk = max(512, args.steps // args.rounds // 512 * 512)  # whole rollouts
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'domain':<12}{'CartPole PPO steps/s':>22}{'GenSim PPO steps/s':>20}{'ratio':>7}")
    for domain in args.domains:
        sides = (learner("CartPole-v1"),
                 learner("GenSim-v0", directive=f"domain: {domain}", difficulty=args.difficulty, seed=0,
                         num_tasks=16, action_space=args.action_space))
        times = [0.0, 0.0]
        for r in range(args.rounds):
            for k in (0, 1) if r % 2 == 0 else (1, 0):  # each side goes first in turn
                start = time.process_time()
                sides[k](chunk)
                times[k] += time.process_time() - start
        cart, gensim = (chunk * args.rounds / t for t in times)
        print(f"{domain:<12}{cart:>22,.0f}{gensim:>20,.0f}{gensim / cart:>7.3f}", flush=True)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
