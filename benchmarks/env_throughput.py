"""Env step throughput with random *valid* actions, against CartPole-v1 measured in the same run.

Usage::

    PYTHONPATH=. python benchmarks/env_throughput.py [--steps 20000] [--difficulty 0.5] [--num-tasks 16]
    PYTHONPATH=. python benchmarks/env_throughput.py --stream-steps 0 --directive "sparse reward; domain: {domain}"

For every registry domain it reports steps/s through ``gym.make`` (with the
default wrappers) for a fixed task pool (``num_tasks``: every pool task is
generated and prepared once before timing, so this measures stepping and
resetting) and for the unlimited stream (``num_tasks=0``: each reset may
generate a new task, so generation cost is included), and the ratio to
CartPole-v1 stepping with random actions. Both are timed in alternating chunks
(``--rounds``, 40 of 500 steps by default) so that load from other jobs, and this
machine's own speed drifts, hit both alike: with 10 chunks of 2,000 steps a single
run's ratio moved by about ±8 % between back-to-back runs of the same code.
Action choice (sampling from the mask) is counted in both.
"""

from __future__ import annotations

import argparse
import json
import os
import time
import warnings

import gymnasium as gym
import numpy as np

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.generation.toolsets import load_registry


def cartpole_stepper(seed: int = 0):
    """A function running ``n`` CartPole-v1 steps, random actions sampled with a numpy Generator as for GenSim."""
    env = gym.make("CartPole-v1")
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)

    def run(n: int) -> int:
        for _ in range(n):
            _, _, terminated, truncated, _ = env.step(int(rng.integers(2)))
            if terminated or truncated:
                env.reset()
        return 0

    return run


def gensim_stepper(directive: str, difficulty: float, num_tasks: int, seed: int = 0, face: str = "available", *,
                   prepare: bool = True, env_kwargs: dict | None = None):
    """A function running ``n`` GenSim steps with uniformly random valid actions (from ``action_masks()``),
    through the action face ``face`` (``"ground"``: the env's own).

    With a pool (``num_tasks``), every pool task is reset once first and, with ``prepare``, fully prepared
    (:func:`prepare_task`); ``prepare=False`` is the method before 2026-11-26 (a reset only: each call's step
    plan and an estimated Φ table's warm-up then happen in the first steps that need them).
    ``env_kwargs`` are more ``gym.make`` arguments (a face variant such as ``{"lookahead": true}``).
    It returns the number of episodes that ended.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make("GenSim-v0", directive=directive, difficulty=difficulty, seed=seed, num_tasks=num_tasks,
                       action_space=face, **(env_kwargs or {}))
    rng = np.random.default_rng(seed)
    unwrapped = env.unwrapped
    masks = env.get_wrapper_attr("action_masks")  # the face's own (bound once: no lookup per step)
    if num_tasks:
        # Prepare every pool task once (generation, compilation, the progress table, step plans, Φ's
        # warm-up), so that only stepping and resetting are timed; a training run pays this once per task.
        for task_seed in unwrapped.source.pool_seeds:
            env.reset(options={"spec": unwrapped.source.spec_for_seed(task_seed)})
            if prepare:
                prepare_task(unwrapped)
    env.reset(seed=seed)

    def run(n: int) -> int:
        episodes = 0
        for _ in range(n):
            valid = masks().nonzero()[0]  # = np.flatnonzero for a 1-d mask, minus its wrapper
            action = int(valid[rng.integers(len(valid))]) if len(valid) else 0
            _, _, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                env.reset()
                episodes += 1
        return episodes

    return run


def prepare_task(env: GenSimEnv) -> None:
    """Do now the one-off work ``env``'s current task would otherwise do in its first steps: build every
    call's step plan (``Runtime.build_plans``, what a runtime built with ``prepare`` does) and warm an estimated
    Φ table (``Progress.warm``, as a prefetch worker does). Neither changes a value, only when it is computed."""
    rt = env._rt  # the current task's runtime (the env has just been reset on it)
    assert rt is not None
    rt.build_plans()
    if rt.potential is not None:
        rt.potential.warm()


def interleaved(a, b, steps: int, rounds: int) -> tuple[float, float, int]:
    """Steps/s of two steppers timed in alternating chunks, so that both see the same machine load.

    Returns both rates and the episodes ``b`` ended.
    """
    times, episodes = [0.0, 0.0], 0
    chunk = max(1, steps // rounds)
    for _ in range(rounds):
        for k, run in enumerate((a, b)):
            start = time.perf_counter()
            ended = run(chunk)
            times[k] += time.perf_counter() - start
            episodes += ended if k else 0
    return chunk * rounds / times[0], chunk * rounds / times[1], episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--difficulty", type=float, default=0.5)
    parser.add_argument("--num-tasks", type=int, default=16)
    parser.add_argument("--stream-steps", type=int, default=5_000,
                        help="steps for the unlimited-stream run (0 skips it)")
    parser.add_argument("--domains", nargs="*", default=None, help="registry domains (default: all)")
    parser.add_argument("--directive", default="domain: {domain}",
                        help="directive template per domain, e.g. 'sparse reward; domain: {domain}' (no Φ shaping)")
    parser.add_argument("--action-space", default="available", choices=("available", "ground"),
                        help="the env's action face (ground: the env core, what the >= 0.8x CartPole goal is about)")
    parser.add_argument("--rounds", type=int, default=40,
                        help="CartPole and GenSim are timed in this many alternating chunks (shared-machine fairness)")
    parser.add_argument("--env-kwargs", type=json.loads, default={},
                        help='more gym.make arguments as JSON, e.g. \'{"lookahead": true}\'')
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'domain':<12}{'CartPole/s':>12}{'pool steps/s':>14}{'ratio':>7}{'stream steps/s':>16}{'ratio':>7}"
          f"{'episodes':>10}")
    face = {"face": args.action_space, "env_kwargs": args.env_kwargs}
    for domain in args.domains or load_registry():
        directive = args.directive.format(domain=domain)
        cart, pool, _ = interleaved(cartpole_stepper(), gensim_stepper(directive, args.difficulty, args.num_tasks,
                                                                           **face),
                                    args.steps, args.rounds)
        line = f"{domain:<12}{cart:>12,.0f}{pool:>14,.0f}{pool / cart:>7.2f}"
        if args.stream_steps:
            cart_s, stream, episodes = interleaved(cartpole_stepper(), gensim_stepper(directive, args.difficulty, 0,
                                                                                   **face),
                                                   args.stream_steps, args.rounds)
            line += f"{stream:>16,.0f}{stream / cart_s:>7.3f}{episodes:>10}"
        print(line, flush=True)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
