"""Throughput of GenSimEnv through CurriculumWrapper vs the raw env (goal: ≥ 95%).

Both sides play the same pre-generated pool of specs with the same masked-random
policy (same policy seed). The wrapped env gets its specs from an
AlphaCurriculum (sample + update per episode, RWR every batch). The raw env gets
each spec through ``reset(options={"spec": ...})``:

* ``--raw-tasks replay`` (default): the raw env replays the exact spec sequence
  the wrapped run played, so both sides do identical env work (same episodes,
  same actions) and the difference is the curriculum + wrapper alone;
* ``--raw-tasks uniform``: specs picked uniformly by a bare RNG (the earlier
  setup; the two sides then play different task mixes, e.g. shorter episodes
  under the curriculum, so env reset cost is charged to the curriculum).

Generation is excluded (pools are made ahead) and so is each env's one-off
compilation of the specs: ``--warm`` (default on) resets every fresh env once on
every pooled spec before timing.

    PYTHONPATH=. python benchmarks/curriculum_overhead.py --steps 20000
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from gensim_gym.curriculum import AlphaCurriculum, CurriculumWrapper, DirectiveGenerator
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.generation.family import DirectiveFamily

D = "warehouse tasks"


def run(env, steps: int, specs=None, *, seed: int = 0, replay=None, record=None) -> float:
    """Steps per second of a masked-random policy; ``replay``: play these specs in order; ``record``: log them."""
    rng = np.random.default_rng(seed)
    if replay is not None:
        it = iter(replay)
        pick = lambda: {"spec": next(it)}  # noqa: E731
    elif specs:
        pick = lambda: {"spec": specs[int(rng.integers(len(specs)))]}  # noqa: E731
    else:
        pick = lambda: None  # noqa: E731
    env.reset(seed=seed, options=pick())
    if record is not None:
        record.append(env._task.spec)
    base = env.unwrapped
    start = time.perf_counter()
    for _ in range(steps):
        mask = base._mask  # the env's own mask array: no copy, same cost for both
        actions = np.flatnonzero(mask)
        _, _, term, trunc, _ = env.step(int(actions[int(rng.integers(len(actions)))]) if len(actions) else 0)
        if term or trunc:
            env.reset(options=pick())
            if record is not None:
                record.append(env._task.spec)  # charged to the wrapped side
    return steps / (time.perf_counter() - start)


def fresh_env(specs, warm: bool) -> GenSimEnv:
    env = GenSimEnv(DirectiveFamily(D, 0.5, 0), seed=0)
    if warm:
        for spec in specs:
            env.reset(options={"spec": spec})
    return env


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--raw-tasks", choices=["replay", "uniform"], default="replay")
    parser.add_argument("--warm", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    gen = DirectiveGenerator(D)
    cur = AlphaCurriculum(generator=gen, pool_size=16, seed=0, max_plays=10**9, min_trials=10**9)
    cur.refill(16)  # generate ahead; the pool stays fixed so both runs play comparable tasks
    specs = [e.task.spec for e in cur.pool.values()]
    raw_rates, wrapped_rates = [], []
    for r in range(args.repeats):
        raw = fresh_env(specs, args.warm)
        wrapped = CurriculumWrapper(fresh_env(specs, args.warm), cur)
        played: list = []
        wrapped_rates.append(run(wrapped, args.steps, seed=r, record=played))
        if args.raw_tasks == "replay":
            raw_rates.append(run(raw, args.steps, seed=r, replay=played))
        else:
            raw_rates.append(run(raw, args.steps, specs, seed=r))
    raw_best, wrapped_best = max(raw_rates), max(wrapped_rates)
    print(f"raw env ({args.raw_tasks}, warm={args.warm}): {raw_best:9.0f} steps/s  "
          f"(runs: {', '.join(f'{x:.0f}' for x in raw_rates)})")
    print(f"CurriculumWrapper:  {wrapped_best:9.0f} steps/s  (runs: {', '.join(f'{x:.0f}' for x in wrapped_rates)})")
    median = statistics.median(w / r for w, r in zip(wrapped_rates, raw_rates, strict=True))
    print(f"ratio (best of {args.repeats}): {wrapped_best / raw_best:.1%}  (median of per-repeat ratios: {median:.1%})")
    print(f"episodes recorded: {cur.counters['episodes']}")


if __name__ == "__main__":
    main()
