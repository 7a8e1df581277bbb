"""Offline generation speed and plan length per directive and difficulty, optionally under cProfile.

Usage::

    PYTHONPATH=. python benchmarks/generation_profile.py "warehouse tasks" --seeds 30
    PYTHONPATH=. python benchmarks/generation_profile.py "calendar scheduling" --difficulty 0.5 --profile
    PYTHONPATH=. python benchmarks/generation_profile.py "web shop" --reference /tmp/old --repeat 3

With ``--reference DIR`` (a checkout of another commit, e.g. ``git worktree add /tmp/old main`` or
``git archive main | tar -x -C /tmp/old``) every cell is measured for both code bases in two worker
processes that take turns on chunks of 5 seeds (``--repeat`` turns each, the fastest counts), so
both see the same machine state; rates, their ratio, and whether both generated the same specs are
printed.
"""

from __future__ import annotations

import argparse
import cProfile
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
    lengths, attempts, failures = [], 0, 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(seeds):
        try:
            spec = generator.generate(seed)
        except GenerationError:
            failures += 1
            continue
        lengths.append(spec.meta["difficulty"]["plan_length"])
        attempts += spec.meta["generator"]["attempts"]
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    ok = max(len(lengths), 1)
    return {"directive": directive, "difficulty": difficulty, "specs_per_s": seeds / elapsed, "failures": failures,
            "cpu_specs_per_s": seeds / max(cpu, 1e-9),
            "mean_plan": sum(lengths) / ok, "max_plan": max(lengths, default=0), "attempts": attempts / ok}


class _Worker:
    """A long-lived interpreter importing gensim_gym from ``code`` that generates seed ranges on request."""

    def __init__(self, code: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(code)}
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker", "x"], env=env, cwd=code, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, directive: str, difficulty: float, first: int, last: int) -> dict:
        self.proc.stdin.write(json.dumps([directive, difficulty, first, last]) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def _serve() -> None:
    """Worker loop: one JSON request per line, ``[directive, difficulty, first seed, last seed]``."""
    generators: dict = {}
    for line in sys.stdin:
        directive, difficulty, first, last = json.loads(line)
        generator = generators.get((directive, difficulty))
        if generator is None:
            generator = generators[directive, difficulty] = OfflineGenerator(parse_directive(directive, difficulty),
                                                                             directive)
            generator.generate(10_000)  # warm caches (registry, parser, compiled closures)
        start, cpu_start = time.perf_counter(), time.process_time()
        specs = [generator.generate(seed) for seed in range(first, last)]
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        print(json.dumps({"wall": wall, "cpu": cpu, "json": "".join(spec.to_json() for spec in specs),
                          "plan": [len(spec.golden_plan) for spec in specs],
                          "attempts": [spec.meta["generator"]["attempts"] for spec in specs]}), flush=True)


def compare(directive: str, difficulty: float, seeds: int, reference: Path, repeat: int, *, chunk: int = 5) -> str:
    """Specs/s of this code and of ``reference``, interleaved in chunks of ``chunk`` seeds; their ratio.

    Two long-lived worker processes take turns on the same chunk of seeds, ``repeat`` times each; per
    chunk the fastest turn of each counts (the one least disturbed by other jobs on a shared machine).
    """
    here = Path(__file__).resolve().parent.parent
    workers = {"new": _Worker(here), "old": _Worker(reference)}
    time_new = time_old = cpu_new = cpu_old = 0.0
    same = True
    plans: list[int] = []
    attempts: list[int] = []
    try:
        for first in range(0, seeds, chunk):
            last = min(first + chunk, seeds)
            runs: dict[str, list[dict]] = {"new": [], "old": []}
            for _ in range(repeat):
                for name in ("old", "new"):
                    runs[name].append(workers[name].ask(directive, difficulty, first, last))
            same = same and runs["new"][0]["json"] == runs["old"][0]["json"]
            time_new += min(r["wall"] for r in runs["new"])
            time_old += min(r["wall"] for r in runs["old"])
            cpu_new += min(r["cpu"] for r in runs["new"])
            cpu_old += min(r["cpu"] for r in runs["old"])
            plans += runs["new"][0]["plan"]
            attempts += runs["new"][0]["attempts"]
    finally:
        for worker in workers.values():
            worker.close()
    return (f"{directive!r:32} d={difficulty:.1f}  {seeds / time_new:6.1f} specs/s  reference {seeds / time_old:6.1f}  "
            f"x{time_old / time_new:4.2f}  (CPU time: {seeds / cpu_new:6.1f} vs {seeds / cpu_old:6.1f}, "
            f"x{cpu_old / cpu_new:4.2f})  plan mean={sum(plans) / len(plans):.2f}  "
            f"attempts/spec={sum(attempts) / len(attempts):.2f}  ({'same specs' if same else 'DIFFERENT specs'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directives", nargs="+")
    parser.add_argument("--difficulty", type=float, action="append")
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    parser.add_argument("--reference", type=Path, help="another checkout to measure alternately (see above)")
    parser.add_argument("--repeat", type=int, default=3, help="turns per chunk and code base with --reference")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    if args.worker:
        _serve()
        return
    for directive in args.directives:
        for d in args.difficulty or (0.0, 0.5, 1.0):
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
