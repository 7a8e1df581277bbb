"""Instructions a prefetch worker spends per task it makes (callgrind): ``task_cost.py --worker`` without the load.

``task_cost.py --worker`` counts CPU time, which still moves by ±20-50 % a run when other jobs share the 2 cores
(their caches and hyperthreads). This counts the instructions of the same loop (``prefetch._make`` and pickling,
the collector paused, after 10 tasks not counted) under callgrind, collecting only inside one
``functools.reduce`` call, as ``step_instructions.py`` does; the count does not move with load. Each run takes a
few minutes (valgrind runs ~50x slower). ``--base DIR`` counts another copy of the package too (e.g. ``git archive
<commit> | tar -x -C DIR``), with this script:

    PYTHONPATH=. python benchmarks/worker_instructions.py [--env-ids GenSim-Webshop-v0] [--tasks 40] [--base DIR]

``--part NAME`` counts only the instructions inside one part of the loop, per task made: ``generate`` (the offline
generator, ``DirectiveFamily.generate_task``), ``table`` (``Progress.__init__``: the sweep and the exact table or
the stopped sweep's states) or ``warm`` (``Progress.warm``: the estimate near the start of a stopped sweep). The
parts do not nest, so one run counts one part (callgrind toggles at every entry and exit of ``reduce``).
"""

from __future__ import annotations

import argparse
import functools
import os
import pickle
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent


#: ``--part`` names: the function whose calls are counted (module, class, method)
PARTS = {"generate": ("gensim_gym.generation.family", "DirectiveFamily", "generate_task"),
         "table": ("gensim_gym.world.progress", "Progress", "__init__"),
         "warm": ("gensim_gym.world.progress", "Progress", "warm")}


def _counted(module: str, owner: str, name: str) -> None:
    """Run every call of ``owner.name`` inside ``functools.reduce``, so that callgrind collects only those."""
    import importlib  # noqa: PLC0415

    cls = getattr(importlib.import_module(module), owner)
    method = getattr(cls, name)

    @functools.wraps(method)
    def counted(*args, **kwargs):
        return functools.reduce(lambda _, __: method(*args, **kwargs), [None], None)
    setattr(cls, name, counted)


def child(env_id: str, tasks: int, part: str | None = None) -> None:
    """Inside valgrind: make 10 tasks, then ``tasks`` more inside ``functools.reduce`` (the collected part); with
    ``part``, only that part's calls run inside ``reduce``, after the 10 tasks."""
    from task_cost import worker_inputs  # this folder is the script's sys.path[0]

    import gensim_gym  # noqa: F401 - registers the ids
    from gensim_gym._gc import paused
    from gensim_gym.generation import prefetch
    from gensim_gym.world.budget import SearchLimits, bounded

    warnings.simplefilter("ignore")
    # search limits are CPU seconds and valgrind is ~50x slower: without this a sweep could stop here and not
    # in a normal run
    with bounded(SearchLimits(seconds=3600.0)):
        head, seeds = worker_inputs(env_id, tasks)  # as task_cost.py --worker starts

        def make(seed: int) -> bytes:
            with paused():
                return pickle.dumps(prefetch._make(*head, seed), pickle.HIGHEST_PROTOCOL)

        for seed in seeds[:10]:
            make(seed)
        if part is not None:
            _counted(*PARTS[part])
            for seed in seeds[10:]:
                make(seed)
            return
        functools.reduce(lambda _, seed: make(seed), seeds[10:], b"")


def count(folder: Path, env_id: str, tasks: int, part: str | None = None) -> float:
    """Instructions per task made (in ``part`` only, if given), for the package copy in ``folder`` (one valgrind
    run)."""
    sys.path.insert(0, str(HERE))
    from step_instructions import callgrind

    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(folder)}
    return callgrind(__file__, ["--child", env_id, "--tasks", str(tasks), *(["--part", part] if part else [])],
                     env) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-ids", nargs="+", default=["GenSim-Webshop-v0"])
    parser.add_argument("--tasks", type=int, default=40)
    parser.add_argument("--base", type=Path, help="another copy of the package to count too")
    parser.add_argument("--part", choices=sorted(PARTS), help="count only this part of making a task")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # the env id, inside valgrind
    args = parser.parse_args()
    if args.child:
        child(args.child, args.tasks, args.part)
        return
    for env_id in args.env_ids:
        this = count(HERE.parent, env_id, args.tasks, args.part)
        line = f"{env_id}: {this / 1e6:.2f} M instructions per task made" + (f", in {args.part}" if args.part else "")
        if args.base is not None:
            base = count(args.base, env_id, args.tasks, args.part)
            line += f" (base {base / 1e6:.2f} M, ratio base / this {base / this:.2f})"
        print(line, flush=True)


if __name__ == "__main__":
    main()
