"""Offline generation speed and plan length per directive and difficulty, optionally under cProfile.

Usage::

    PYTHONPATH=. python benchmarks/generation_profile.py "warehouse tasks" --seeds 30
    PYTHONPATH=. python benchmarks/generation_profile.py "calendar scheduling" --difficulty 0.5 --profile
    PYTHONPATH=. python benchmarks/generation_profile.py "web shop" --reference /tmp/old --repeat 3

With ``--reference DIR`` (a checkout of another commit, e.g. ``git worktree add /tmp/old main`` or
``git archive main | tar -x -C /tmp/old``) every cell is measured for both code bases, alternating
in fresh processes on the same machine state; the best rates (wall clock and per CPU second) and
their ratios are printed.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import subprocess
import sys
import time
import warnings
from pathlib import Path

from gensim_gym.errors import GenerationError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator


def run(directive: str, difficulty: float, seeds: int) -> dict:
    """Generate seeds 0..seeds-1 once (after one warm-up spec) and report rate, failures and plan lengths."""
    generator = OfflineGenerator(parse_directive(directive, difficulty), directive)
    generator.generate(10_000)  # warm caches (registry, parser, compiled closures)
    lengths, attempts, failures, specs = [], 0, 0, []
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(seeds):
        try:
            spec = generator.generate(seed)
        except GenerationError:
            failures += 1
            continue
        specs.append(spec)
        lengths.append(spec.meta["difficulty"]["plan_length"])
        attempts += spec.meta["generator"]["attempts"]
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    digest = hashlib.sha256("".join(spec.to_json() for spec in specs).encode()).hexdigest()[:16]
    ok = max(len(lengths), 1)
    return {"directive": directive, "difficulty": difficulty, "specs_per_s": seeds / elapsed, "failures": failures,
            "cpu_specs_per_s": seeds / max(cpu, 1e-9),
            "mean_plan": sum(lengths) / ok, "max_plan": max(lengths, default=0), "attempts": attempts / ok,
            "digest": digest}


def _in_process(code: Path, directive: str, difficulty: float, seeds: int) -> dict:
    """``run`` in a fresh interpreter importing gensim_gym from ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run([sys.executable, __file__, directive, "--difficulty", str(difficulty), "--seeds", str(seeds),
                          "--json"], env=env, cwd=code, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(directive: str, difficulty: float, seeds: int, reference: Path, repeat: int) -> str:
    """Median specs/s of this code and of ``reference``, alternating runs; a line with their ratio."""
    here = Path(__file__).resolve().parent.parent
    new, old = [], []
    for _ in range(repeat):
        old.append(_in_process(reference, directive, difficulty, seeds))
        new.append(_in_process(here, directive, difficulty, seeds))
    # The best run is the one least disturbed by other jobs on a shared machine; rates per second of
    # this process's CPU time (less sensitive to the load than wall-clock time) are shown too.
    best_new, best_old = (max(r["specs_per_s"] for r in rs) for rs in (new, old))
    cpu_new, cpu_old = (max(r["cpu_specs_per_s"] for r in rs) for rs in (new, old))
    same = "same specs" if {r["digest"] for r in new} == {r["digest"] for r in old} else "DIFFERENT specs"
    return (f"{directive!r:34} d={difficulty:.1f}  wall: {best_new:6.1f} specs/s vs reference {best_old:6.1f} "
            f"(x{best_new / best_old:4.2f})  cpu: {cpu_new:6.1f} vs {cpu_old:6.1f} (x{cpu_new / cpu_old:4.2f})  "
            f"plan mean={new[0]['mean_plan']:.2f}  attempts/spec={new[0]['attempts']:.2f}  ({same})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directives", nargs="+")
    parser.add_argument("--difficulty", type=float, action="append")
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    parser.add_argument("--reference", type=Path, help="another checkout to measure alternately (see above)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell and code base with --reference")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    for directive in args.directives:
        for d in args.difficulty or (0.0, 0.5, 1.0):
            if args.json:
                print(json.dumps(run(directive, d, args.seeds)))
                continue
            if args.reference:
                print(compare(directive, d, args.seeds, args.reference.resolve(), args.repeat), flush=True)
                continue
            if args.profile:
                prof = cProfile.Profile()
                prof.runcall(run, directive, d, args.seeds)
                pstats.Stats(prof).sort_stats("cumulative").print_stats(35)
                continue
            r = run(directive, d, args.seeds)
            print(f"{r['directive']!r:40} d={d:.1f}  {r['specs_per_s']:7.1f} specs/s  "
                  f"({r['cpu_specs_per_s']:7.1f} per CPU-s)  failures={r['failures']}  "
                  f"plan mean={r['mean_plan']:.2f} max={r['max_plan']}  attempts/spec={r['attempts']:.2f}")


if __name__ == "__main__":
    main()
