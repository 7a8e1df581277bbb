"""What a new task of an unlimited stream costs at reset, and how much of it is the progress (Φ) sweep.

For each env id, an env with ``num_tasks=0`` and no prefetch worker resets ``--tasks`` times (each reset a
new task: generation, verification, compilation, then the exact progress sweep behind the dense reward),
with the sweep's share measured by timing ``Progress.__init__``. CPU time (``time.process_time``), so other
jobs on the machine change it little.

``--prefetch`` measures instead what the *training process* pays per new task when a prefetch worker
process generates and sweeps it (the worker's CPU is not counted): the env sleeps 30 ms between resets
(not CPU) so the worker stays ahead, as it does beside a trainer where a core is free for it, and waits for a
task the worker has not delivered yet (``prefetch.WAIT_SECONDS``; a stream's env does not by default).

``--worker`` measures what a prefetch worker pays per task it makes (generation, compile, sweep, the estimate's
warm-up where the table is not exact, pickling: ``prefetch._make`` in a loop, the collector paused as in a worker
process), the CPU that decides whether one worker keeps up with a trainer.

``--base DIR`` also runs this script on another copy of the package (e.g. ``git archive <commit> | tar -x
-C DIR``), in alternating rounds (``--rounds``), and prints the ratio base / this, per env id:

    PYTHONPATH=. python benchmarks/task_cost.py [--env-ids GenSim-Warehouse-v0 GenSim-Webshop-v0]
    PYTHONPATH=. python benchmarks/task_cost.py --base /tmp/base --rounds 3 [--prefetch | --worker]
    PYTHONPATH=. python benchmarks/task_cost.py --env-ids GenSim-Webshop-v0 --tasks 200 --worker --profile 40
"""

from __future__ import annotations

import argparse
import datetime
import functools
import inspect
import json
import os
import pickle
import subprocess
import sys
import time
import warnings
from collections import OrderedDict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).parent / "results" / "task_cost.jsonl"


def measure(env_ids: list[str], tasks: int, prefetch: bool, worker: bool = False) -> dict[str, dict[str, float]]:
    """CPU ms per new-task reset (and the sweep's share) for each env id, in this process."""
    import gymnasium as gym  # noqa: PLC0415 - imported from the package copy on sys.path

    import gensim_gym  # noqa: F401, PLC0415 - registers the ids
    from gensim_gym.generation import prefetch as prefetch_module  # noqa: PLC0415
    from gensim_gym.world import progress as progress_module  # noqa: PLC0415

    if prefetch and hasattr(prefetch_module, "WAIT_SECONDS"):  # every task from the worker (waiting is not CPU)
        prefetch_module.WAIT_SECONDS = 30.0

    warnings.simplefilter("ignore")
    swept = [0.0]
    original = progress_module.Progress.__init__

    def timed_init(self, *a, **kw):  # the sweep runs in Progress.__init__
        start = time.process_time()
        original(self, *a, **kw)
        swept[0] += time.process_time() - start

    progress_module.Progress.__init__ = timed_init
    out = {}
    if worker:
        for env_id in env_ids:
            total = measure_worker(env_id, tasks, swept)
            out[env_id] = {"ms": 1000 * total / tasks, "sweep_share": swept[0] / total}
        return out
    for env_id in env_ids:
        env = gym.make(env_id, seed=0, num_tasks=0, prefetch=1 if prefetch else 0)
        env.reset(seed=0)
        if prefetch:  # past the worker's start (START_AFTER tasks), and let it get ahead
            for _ in range(40):
                env.reset()
            time.sleep(1.0)
        swept[0] = 0.0
        total = 0.0
        for _ in range(tasks):
            if prefetch:
                time.sleep(0.03)
            start = time.process_time()
            env.reset()
            total += time.process_time() - start
        out[env_id] = {"ms": 1000 * total / tasks, "sweep_share": swept[0] / total}
        env.close()
    return out


def worker_dumps(prefetch_module):
    """How a worker of ``prefetch_module`` pickles a made task (its ``_dumps`` where it has one: a copy of the
    package before step 12 pickled plainly)."""
    dumps = getattr(prefetch_module, "_dumps", None)
    return dumps if dumps is not None else functools.partial(pickle.dumps, protocol=pickle.HIGHEST_PROTOCOL)


def worker_inputs(env_id: str, tasks: int) -> tuple[tuple, list[int]]:
    """What a prefetch worker of ``env_id`` starts from, rebuilt as the worker rebuilds it: the leading arguments
    of ``prefetch._make`` and the seeds of ``tasks + 10`` tasks (the first 10 are not counted). Shared by
    :func:`measure_worker` (CPU time) and ``worker_instructions.py`` (instructions)."""
    import gymnasium as gym  # noqa: PLC0415 - imported from the package copy on sys.path
    import numpy as np  # noqa: PLC0415

    from gensim_gym.generation import prefetch as prefetch_module  # noqa: PLC0415
    from gensim_gym.generation.family import DirectiveFamily  # noqa: PLC0415

    env = gym.make(env_id, seed=0, num_tasks=0, prefetch=0)
    family = DirectiveFamily(**env.unwrapped.source._args)  # as the worker rebuilds it
    env.close()
    tables: OrderedDict = OrderedDict()
    # before 2026-11-27 _make took the env's layout too (a --base copy may be older)
    head = (family, family.layout(), tables) if "layout" in inspect.signature(prefetch_module._make).parameters \
        else (family, tables)
    rng = np.random.default_rng(0)
    return head, [family.task_seed(rng) for _ in range(tasks + 10)]


def measure_worker(env_id: str, tasks: int, swept: list[float]) -> float:
    """CPU seconds a prefetch worker spends making ``tasks`` new tasks of ``env_id`` (``prefetch._make``, then
    pickled for the pipe, with the collector paused as in a worker process), after 10 not timed; ``swept[0]``
    is reset before the timed ones."""
    from gensim_gym._gc import paused  # noqa: PLC0415
    from gensim_gym.generation import prefetch as prefetch_module  # noqa: PLC0415

    head, seeds = worker_inputs(env_id, tasks)
    total = 0.0
    for n, seed in enumerate(seeds):
        if n == 10:
            swept[0] = total = 0.0
        start = time.process_time()
        with paused():
            worker_dumps(prefetch_module)(prefetch_module._make(*head, seed))
        total += time.process_time() - start
    return total


def profile(args: argparse.Namespace) -> None:
    """:func:`measure` under ``cProfile`` with a CPU-time timer: where a new task's time goes (times inflated by the
    profiler, shares roughly kept)."""
    import cProfile  # noqa: PLC0415
    import pstats  # noqa: PLC0415

    profiler = cProfile.Profile(time.process_time)
    profiler.runcall(measure, args.env_ids, args.tasks, args.prefetch, args.worker)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)


def run_copy(folder: Path, args: argparse.Namespace) -> dict[str, dict[str, float]]:
    """:func:`measure` with the package copy in ``folder`` first on the path, in a subprocess."""
    command = [sys.executable, str(Path(__file__).resolve()), "--json", "--tasks", str(args.tasks), "--env-ids",
               *args.env_ids, *(["--prefetch"] if args.prefetch else []), *(["--worker"] if args.worker else [])]
    env = {**os.environ, "PYTHONPATH": str(folder)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=folder)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-ids", nargs="+", default=["GenSim-Warehouse-v0", "GenSim-Webshop-v0"])
    parser.add_argument("--tasks", type=int, default=60)
    parser.add_argument("--prefetch", action="store_true", help="the training process's CPU with a worker")
    parser.add_argument("--worker", action="store_true", help="a prefetch worker's CPU per task it makes")
    parser.add_argument("--base", type=Path, help="another copy of the package to compare with, alternating")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--record", action="store_true", help=f"with --base: append the rows to {RESULTS}")
    parser.add_argument("--profile", type=int, metavar="N", help="run under cProfile (CPU-time timer) and print the "
                        "N functions with the most cumulative time")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one JSON line (run_copy)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.env_ids, args.tasks, args.prefetch, args.worker)))
        return
    what = "training-process CPU per new-task reset with a prefetch worker" if args.prefetch else \
        "prefetch worker's CPU per task made" if args.worker else "CPU per new-task reset"
    if args.profile:
        profile(args)
        return
    if args.base is None:
        for env_id, row in measure(args.env_ids, args.tasks, args.prefetch, args.worker).items():
            share = 100 * row["sweep_share"]
            print(f"{env_id}: {row['ms']:.1f} ms of {what}, of which the progress sweep {share:.0f} %")
        return
    runs: dict[str, dict[str, list[float]]] = {e: {"base": [], "this": [], "base_sweep": [], "this_sweep": []}
                                               for e in args.env_ids}
    for r in range(args.rounds):
        for name, folder in (("this", ROOT), ("base", args.base)):
            for env_id, row in run_copy(folder, args).items():
                runs[env_id][name].append(row["ms"])
                runs[env_id][f"{name}_sweep"].append(row["ms"] * row["sweep_share"])
        print(f"round {r}: " + "  ".join(f"{e} base {runs[e]['base'][-1]:.2f} ms, this {runs[e]['this'][-1]:.2f} ms"
                                          for e in args.env_ids), flush=True)
    load = os.getloadavg()[0]
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    for env_id, row in runs.items():
        mean = {name: sum(values) / len(values) for name, values in row.items()}
        line = json.dumps({"env_id": env_id, "what": what, "base_ms": round(mean["base"], 2),
                          "this_ms": round(mean["this"], 2), "ratio": round(mean["base"] / mean["this"], 2),
                          "base_sweep_ms": round(mean["base_sweep"], 2), "this_sweep_ms": round(mean["this_sweep"], 2),
                          "rounds": args.rounds, "tasks": args.tasks, "load_1min": round(load, 1),
                          "base": str(args.base), "date": now})
        print(line)
        if args.record:
            with RESULTS.open("a") as out:
                out.write(line + "\n")


if __name__ == "__main__":
    main()
