"""CPU time of warming an estimated progress table (``Progress.warm``) per pool task, per domain.

Usage::

    PYTHONPATH=. python benchmarks/warm_cost.py [--difficulties 0.5 1.0] [--domains calendar ...]

For each domain's pool of ``--num-tasks`` tasks (the directive ``domain: NAME``), every task whose progress
table is an estimate (its relevant state space exceeds ``MAX_STATES``) is reset and then warmed once; the line
gives how many such tasks there are, the longest and the total warm time (``time.process_time``), and the most
keys and states warmed in one task. It bounds what warming every state the sweep enumerated costs, now that
the warm-up is capped by those states rather than by a clock (docs/hot_paths.md).
"""

from __future__ import annotations

import argparse
import os
import time
import warnings

import gymnasium as gym

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.generation.toolsets import load_registry


def warm_pool(domain: str, difficulty: float, num_tasks: int) -> str:
    """One report line: the warm-up cost of ``domain``'s pool at ``difficulty``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make("GenSim-v0", directive=f"domain: {domain}", difficulty=difficulty, seed=0,
                       num_tasks=num_tasks, action_space="ground")
    base = env.unwrapped
    times: list[float] = []
    keys: list[int] = []
    states: list[int] = []
    for task_seed in base.source.pool_seeds:
        env.reset(options={"spec": base.source.spec_for_seed(task_seed)})
        potential = base._rt.potential  # the task's Φ (None without dense shaping)
        if potential is None or potential._nearest is None:  # exact, or already warmed
            continue
        states.append(len(potential._nearest()))
        start = time.process_time()
        potential.warm()
        times.append(time.process_time() - start)
        keys.append(len(potential.phis))
    return (f"{difficulty:<5}{domain:<14}{len(times):>4}/{num_tasks:<4}{max(times, default=0) * 1e3:>9.1f}"
            f"{sum(times) * 1e3:>10.1f}{max(keys, default=0):>7}{max(states, default=0):>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulties", type=float, nargs="*", default=[0.5, 1.0])
    parser.add_argument("--domains", nargs="*", default=None, help="registry domains (default: all)")
    parser.add_argument("--num-tasks", type=int, default=16)
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'diff':<5}{'domain':<14}{'estimated':>9}{'max ms':>9}{'total ms':>10}{'keys':>7}{'states':>8}")
    for difficulty in args.difficulties:
        for domain in args.domains or sorted(load_registry()):
            print(warm_pool(domain, difficulty, args.num_tasks), flush=True)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
