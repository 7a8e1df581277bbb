"""Check offline generation across directives x difficulties x seeds: no GenerationError, verify passes,
the env's oracle solves every task, and plan length grows with difficulty.

    PYTHONPATH=. python benchmarks/generation_check.py --seeds 30
"""

from __future__ import annotations

import argparse
import time
import warnings

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec
from gensim_gym.errors import GenerationError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator
from gensim_gym.generation.verify import _without_noise, verify

DIRECTIVES = ["warehouse tasks", "file system tasks", "calendar scheduling", "customer support refunds", "web shop",
              "warehouse and calendar tasks", "support and webshop, hard", "file system tasks, noisy, hidden",
              "calendar scheduling, sparse, more tools, longer", "web shop, hidden"]


def check(directive: str, difficulty: float, seeds: int, oracle: bool) -> str:
    generator = OfflineGenerator(parse_directive(directive, difficulty), directive)
    lengths, problems = [], []
    start = time.perf_counter()
    for seed in range(seeds):
        try:
            spec = generator.generate(seed)
        except GenerationError as exc:
            problems.append(f"seed {seed}: {str(exc).splitlines()[0]}")
            continue
        lengths.append(len(spec.golden_plan))
        if not oracle:
            continue
        report = verify(spec, layout=generator.layout)
        if not report.ok:
            problems.append(f"seed {seed}: verify: {report.reason}")
        env = GenSimEnv(FixedSpec(_without_noise(spec), generator.layout))
        env.reset(seed=seed)
        info: dict = {}
        for action in env.oracle_actions():
            *_, info = env.step(action)
        if not info.get("is_success"):
            problems.append(f"seed {seed}: oracle did not succeed")
    rate = seeds / (time.perf_counter() - start)
    mean = sum(lengths) / max(len(lengths), 1)
    return (f"{directive!r:50} d={difficulty:.1f} plan mean={mean:5.2f} min={min(lengths, default=0)} "
            f"max={max(lengths, default=0)} problems={len(problems)} ({rate:.0f}/s)"
            + "".join(f"\n    {p}" for p in problems[:3]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--no-oracle", action="store_true")
    parser.add_argument("directives", nargs="*")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    for directive in args.directives or DIRECTIVES:
        for d in (0.0, 0.5, 1.0):
            print(check(directive, d, args.seeds, not args.no_oracle), flush=True)


if __name__ == "__main__":
    main()
