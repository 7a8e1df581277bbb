"""Offline generation throughput: verified specs per second on one core, per domain and difficulty.

Usage::

    PYTHONPATH=. python benchmarks/generation.py [--seconds 3] [--difficulties 0 0.25 0.5 0.75 1]

Each cell generates specs with consecutive seeds for about ``--seconds`` (at
least 3 specs) through a fresh ``OfflineGenerator`` per cell (its compile caches
start cold, as for a new env), and reports specs/s (wall clock and per second of
process CPU time, the fairer number on a loaded machine), the mean attempts per spec
(re-samples that failed verification) and the mean golden-plan length, so the
growth of cost with difficulty can be read off. Runs in one process: one core.

This machine's speed moves by about 2x between phases (CartPole-v1 has read 40k and
100k random steps per second on different days), so each cell also times CartPole-v1
steps per CPU-second right before and after it (the reference, in thousands) and prints
the cell's specs per CPU-second per thousand reference steps: comparable across phases,
where the absolute rate is not.
"""

from __future__ import annotations

import argparse
import time

from env_throughput import cartpole_stepper  # a sibling script: this folder is on sys.path when run

from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator
from gensim_gym.generation.toolsets import load_registry


def measure_cell(domain: str, difficulty: float, seconds: float) -> tuple[float, float, float, float, int]:
    """(specs/s, specs per CPU-second, mean attempts, mean plan length, specs generated) for one cell.

    Specs per second of process CPU time is the fairer number on a shared, loaded machine.
    """
    knobs = parse_directive(f"domain: {domain}", difficulty)
    generator = OfflineGenerator(knobs, f"domain: {domain}")
    attempts = plan = 0
    count = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while count < 3 or time.perf_counter() - start < seconds:
        spec = generator.generate(count)
        attempts += spec.meta["generator"]["attempts"]
        plan += len(spec.golden_plan)
        count += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return count / elapsed, count / max(cpu, 1e-9), attempts / count, plan / count, count


def reference_rate(seconds: float = 0.5) -> float:
    """CartPole-v1 random steps per CPU-second (the same-run reference), timed for about ``seconds``."""
    run = cartpole_stepper()
    run(1000)  # warm up
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        run(1000)
        steps += 1000
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--difficulties", type=float, nargs="+", default=[0.0, 0.25, 0.5, 0.75, 1.0])
    args = parser.parse_args()
    print(f"{'domain':<14}{'difficulty':>11}{'specs/s':>10}{'per CPU-s':>10}{'attempts':>10}{'plan len':>10}{'n':>6}"
          f"{'ref k/s':>9}{'per k ref':>10}")
    for domain in load_registry():
        for d in args.difficulties:
            before = reference_rate()
            rate, cpu_rate, attempts, plan, n = measure_cell(domain, d, args.seconds)
            ref = (before + reference_rate()) / 2
            print(f"{domain:<14}{d:>11.2f}{rate:>10.1f}{cpu_rate:>10.1f}{attempts:>10.2f}{plan:>10.2f}{n:>6}"
                  f"{ref / 1000:>9.1f}{cpu_rate / (ref / 1000):>10.2f}", flush=True)


if __name__ == "__main__":
    main()
