"""Offline generation speed and plan length per directive and difficulty, optionally under cProfile.

Usage::

    PYTHONPATH=. python benchmarks/generation_profile.py "warehouse tasks" --seeds 30
    PYTHONPATH=. python benchmarks/generation_profile.py "calendar scheduling" --difficulty 0.5 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
import warnings

from gensim_gym.errors import GenerationError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator


def run(directive: str, difficulty: float, seeds: int) -> dict:
    """Generate seeds 0..seeds-1 once (after one warm-up spec) and report rate, failures and plan lengths."""
    generator = OfflineGenerator(parse_directive(directive, difficulty), directive)
    generator.generate(10_000)  # warm caches (registry, parser, compiled closures)
    lengths, attempts, failures = [], 0, 0
    start = time.perf_counter()
    for seed in range(seeds):
        try:
            spec = generator.generate(seed)
        except GenerationError:
            failures += 1
            continue
        lengths.append(spec.meta["difficulty"]["plan_length"])
        attempts += spec.meta["generator"]["attempts"]
    elapsed = time.perf_counter() - start
    ok = max(len(lengths), 1)
    return {"directive": directive, "difficulty": difficulty, "specs_per_s": seeds / elapsed, "failures": failures,
            "mean_plan": sum(lengths) / ok, "max_plan": max(lengths, default=0), "attempts": attempts / ok}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directives", nargs="+")
    parser.add_argument("--difficulty", type=float, action="append")
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    for directive in args.directives:
        for d in args.difficulty or (0.0, 0.5, 1.0):
            if args.profile:
                prof = cProfile.Profile()
                prof.runcall(run, directive, d, args.seeds)
                pstats.Stats(prof).sort_stats("cumulative").print_stats(35)
                continue
            r = run(directive, d, args.seeds)
            print(f"{r['directive']!r:40} d={d:.1f}  {r['specs_per_s']:7.1f} specs/s  failures={r['failures']}  "
                  f"plan mean={r['mean_plan']:.2f} max={r['max_plan']}  attempts/spec={r['attempts']:.2f}")


if __name__ == "__main__":
    main()
