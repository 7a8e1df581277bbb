"""Throughput of GenSimEnv through CurriculumWrapper vs the raw env (goal: ≥ 95%).

Both play the same pre-generated pool of specs with a masked-random policy;
the raw env gets each spec through ``reset(options={"spec": ...})`` chosen by a
bare RNG, the wrapped env gets it from an AlphaCurriculum (sample + update
per episode, RWR every batch). Generation is excluded (pools are made ahead).

    PYTHONPATH=. python benchmarks/curriculum_overhead.py --steps 20000
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from gensim_gym.curriculum import AlphaCurriculum, CurriculumWrapper, DirectiveGenerator
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.generation.family import DirectiveFamily

D = "warehouse tasks"


def run(env, steps: int, specs=None, seed: int = 0) -> float:
    rng = np.random.default_rng(seed)
    pick = (lambda: {"spec": specs[int(rng.integers(len(specs)))]}) if specs else (lambda: None)
    env.reset(seed=seed, options=pick())
    base = env.unwrapped
    start = time.perf_counter()
    for _ in range(steps):
        mask = base._mask  # the env's own mask array: no copy, same cost for both
        actions = np.flatnonzero(mask)
        _, _, term, trunc, _ = env.step(int(actions[int(rng.integers(len(actions)))]) if len(actions) else 0)
        if term or trunc:
            env.reset(options=pick())
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    gen = DirectiveGenerator(D)
    cur = AlphaCurriculum(generator=gen, pool_size=16, seed=0, max_plays=10**9, min_trials=10**9)
    cur.refill(16)  # generate ahead; the pool stays fixed so both runs play comparable tasks
    specs = [e.task.spec for e in cur.pool.values()]
    raw_rates, wrapped_rates = [], []
    for r in range(args.repeats):
        raw = GenSimEnv(DirectiveFamily(D, 0.5, 0), seed=0)
        wrapped = CurriculumWrapper(GenSimEnv(DirectiveFamily(D, 0.5, 0), seed=0), cur)
        raw_rates.append(run(raw, args.steps, specs, seed=r))
        wrapped_rates.append(run(wrapped, args.steps, seed=r))
    raw_best, wrapped_best = max(raw_rates), max(wrapped_rates)
    print(f"raw env:            {raw_best:9.0f} steps/s  (runs: {', '.join(f'{x:.0f}' for x in raw_rates)})")
    print(f"CurriculumWrapper:  {wrapped_best:9.0f} steps/s  (runs: {', '.join(f'{x:.0f}' for x in wrapped_rates)})")
    print(f"ratio (best of {args.repeats}): {wrapped_best / raw_best:.1%}")
    print(f"episodes recorded: {cur.counters['episodes']}")


if __name__ == "__main__":
    main()
