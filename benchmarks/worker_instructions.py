"""Instructions a prefetch worker spends per task it makes, or the trainer per task it takes (callgrind), load-free.

``task_cost.py --worker`` counts CPU time, which still moves by ±20-50 % a run when other jobs share the 2 cores
(their caches and hyperthreads). This counts the instructions of the same loop (``prefetch._make`` and pickling,
the collector paused, after 10 tasks not counted) under callgrind, collecting only inside one
``functools.reduce`` call, as ``step_instructions.py`` does; the count does not move with load. Each run takes a
few minutes (valgrind runs ~50x slower). ``--base DIR`` counts another copy of the package too (e.g. ``git archive
<commit> | tar -x -C DIR``), with this script:

    PYTHONPATH=. python benchmarks/worker_instructions.py [--env-ids GenSim-Webshop-v0] [--tasks 40] [--base DIR]

``--trainer`` counts instead what the *training process* pays per new task of an unlimited stream when every
task comes from a prefetch worker (``task_cost.py --prefetch`` without the load): a native process makes the
payloads first (``prefetch._make`` and pickling, on a family rebuilt as the worker rebuilds it, for the seeds
the env will draw); the counted process then resets an env on them through the worker's own code path
(``Prefetcher.take``: unpickling, compile, runtime, the action face, the collector's pause), after 20 such
resets not counted, with 5 random valid steps after each reset (not counted; full collections are held off
there). A second native process reports the collector's side: GC-tracked objects each task leaves alive
after its reset and steps (exact: what its young collections promote to the oldest generation, counted
with every older object frozen), and full (generation-2) collections in ``--gc-tasks`` tasks beside a
ballast of 420k tracked objects (an SB3 PPO process's heap). All of it is deterministic (``PYTHONHASHSEED=0``):

    PYTHONPATH=. python benchmarks/worker_instructions.py --trainer [--env-ids ...] [--tasks 30] [--base DIR]

``--part NAME`` counts only the instructions inside one part of the loop, per task made: ``generate`` (the offline
generator, ``DirectiveFamily.generate_task``), ``table`` (``Progress.__init__``: the sweep and the exact table or
the stopped sweep's states) or ``warm`` (``Progress.warm``: the estimate near the start of a stopped sweep). The
parts do not nest, so one run counts one part (callgrind toggles at every entry and exit of ``reduce``).
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import pickle
import subprocess
import sys
import tempfile
import warnings
import weakref
from collections import deque
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: --trainer: prefetched tasks reset before counting (the compile caches warm, as in a running stream)
WARM_TASKS = 20
#: --trainer: tasks whose GC-tracked survivors are counted
KEPT_TASKS = 100
#: --trainer: random valid steps after each reset (a trained webshop episode is ~5)
STEPS = 5
#: --trainer: GC-tracked objects beside the env in the full-collection count (an SB3 PPO process's heap)
BALLAST = 420_000


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
    from task_cost import worker_dumps, worker_inputs  # this folder is the script's sys.path[0]

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
                return worker_dumps(prefetch)(prefetch._make(*head, seed))

        for seed in seeds[:10]:
            make(seed)
        if part is not None:
            _counted(*PARTS[part])
            for seed in seeds[10:]:
                make(seed)
            return
        functools.reduce(lambda _, seed: make(seed), seeds[10:], b"")


def make_payloads(env_id: str, total: int, out: str) -> None:
    """Natively: the worker's pickled tasks for the first ``total`` seeds a stream seeded 0 draws, to ``out``."""
    from task_cost import worker_dumps, worker_inputs

    import gensim_gym  # noqa: F401 - registers the ids
    from gensim_gym._gc import paused
    from gensim_gym.generation import prefetch

    warnings.simplefilter("ignore")
    head, seeds = worker_inputs(env_id, total - 10)  # the seeds of default_rng(0), as reset(seed=0) seeds the env
    with paused():
        payloads = [(seed, worker_dumps(prefetch)(prefetch._make(*head, seed))) for seed in seeds]
    Path(out).write_bytes(pickle.dumps(payloads, pickle.HIGHEST_PROTOCOL))


class _Pipe:
    """The env's end of a worker's pipe, which nobody reads here."""

    def send_bytes(self, data: bytes) -> None:
        pass


def fed_env(env_id: str, payloads_file: str):
    """An unlimited stream of ``env_id`` whose prefetch worker has delivered every payload of ``payloads_file``
    (a :class:`~gensim_gym.generation.prefetch.Prefetcher` without a process, the payloads arriving in order);
    and one task: reset, then :data:`STEPS` random valid steps."""
    import gymnasium as gym
    import numpy as np

    import gensim_gym  # noqa: F401 - registers the ids
    from gensim_gym.generation import prefetch

    class Fed(prefetch.Prefetcher):
        def __init__(self, payloads: list[tuple[int, bytes]]) -> None:  # noqa: D107 - no worker to start
            self.mode, self.depth, self.processes = "process", prefetch.DEPTH, []
            self._conns, self._workers, self._by_fd = [], [_Pipe()], {}
            self._wished, self._moves = [[]], [[]]
            self._ready, self._predicted, self._ahead = {}, deque(), None
            self.hits = self.misses = self.mispredicted = 0
            self._payloads = deque(payloads)
            self._finalizer = weakref.finalize(self, int)

        def _drain(self, until: int | None = None) -> None:  # a few delivered ahead of the env, as from a pipe
            while self._payloads and len(self._ready) < 4:
                seed, item = self._payloads.popleft()
                self._ready[seed] = item

    warnings.simplefilter("ignore")
    env = gym.make(env_id, seed=0, num_tasks=0, prefetch=0)
    feeder = env.unwrapped.source._prefetcher = Fed(pickle.loads(Path(payloads_file).read_bytes()))
    rng = np.random.default_rng(1)
    masks = env.get_wrapper_attr("action_masks")

    def play() -> None:
        for _ in range(STEPS):
            _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(masks()))))
            if terminated or truncated:
                return

    env.reset(seed=0)
    play()
    for _ in range(WARM_TASKS - 1):
        env.reset()
        play()
    return env, play, feeder


def trainer_child(env_id: str, tasks: int, payloads_file: str) -> None:
    """Inside valgrind: reset ``tasks`` prefetched tasks, each inside ``functools.reduce`` (the collected part)."""
    from gensim_gym.world.budget import SearchLimits, bounded

    with bounded(SearchLimits(seconds=3600.0)):
        env, play, feeder = fed_env(env_id, payloads_file)
        # young collections stay (a part of the per-task cost); full ones are counted by gc_child, beside a
        # trainer's heap: here they would cost what this small process's heap costs
        gc.set_threshold(*gc.get_threshold()[:2], 10**9)
        for _ in range(tasks):
            functools.reduce(lambda _, __: env.reset(), [0], None)
            play()
        if feeder.misses:
            raise RuntimeError(f"{feeder.misses} tasks were not taken from the payloads")


def gc_child(env_id: str, gc_tasks: int, payloads_file: str) -> None:
    """Natively: GC-tracked objects each task promotes to the oldest generation, and full collections in
    ``gc_tasks`` tasks beside :data:`BALLAST` tracked objects (one line: ``GC promoted full ballast``)."""
    env, play, feeder = fed_env(env_id, payloads_file)
    kept = 0
    for _ in range(KEPT_TASKS):
        gc.collect()
        gc.freeze()  # every older object out of the way: generation 2 is empty
        gc.disable()
        env.reset()
        play()
        # as a running collector would: the task's garbage goes, tuples of untracked items are untracked, and
        # what is left moves on to generation 2, where it counts towards the next full collection
        gc.collect(0)
        gc.collect(1)
        kept += len(gc.get_objects(2))
        gc.unfreeze()
        gc.enable()
    ballast = [[] for _ in range(BALLAST)]
    gc.collect()
    full = [0]

    def note(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            full[0] += 1

    gc.callbacks.append(note)
    for _ in range(gc_tasks):
        env.reset()
        play()
    gc.callbacks.remove(note)
    if feeder.misses:
        raise RuntimeError(f"{feeder.misses} tasks were not taken from the payloads")
    print(f"GC {kept / KEPT_TASKS:.1f} {full[0]} {len(ballast)}")


def count_trainer(folder: Path, env_id: str, tasks: int, gc_tasks: int) -> tuple[float, float, int]:
    """Instructions per prefetched task's reset, GC-tracked objects promoted per task and full collections in
    ``gc_tasks`` tasks, for the package copy in ``folder``."""
    sys.path.insert(0, str(HERE))
    from step_instructions import callgrind

    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(folder)}
    with tempfile.TemporaryDirectory() as tmp:
        payloads = f"{tmp}/payloads.pickle"
        total = WARM_TASKS + max(tasks, KEPT_TASKS + gc_tasks)
        subprocess.run([sys.executable, __file__, "--make-payloads", env_id, "--tasks", str(total), "--payloads",
                        payloads], env=env, check=True)
        done = subprocess.run([sys.executable, __file__, "--gc-child", env_id, "--gc-tasks", str(gc_tasks),
                               "--payloads", payloads], env=env, check=True, capture_output=True, text=True)
        _, kept, full, _ = done.stdout.split()
        instructions = callgrind(__file__, ["--trainer-child", env_id, "--tasks", str(tasks), "--payloads", payloads],
                                 env)
    return instructions / tasks, float(kept), int(full)


def count(folder: Path, env_id: str, tasks: int, part: str | None = None) -> float:
    """Instructions per task made (in ``part`` only, if given), for the package copy in ``folder`` (one valgrind
    run)."""
    sys.path.insert(0, str(HERE))
    from step_instructions import callgrind

    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(folder)}
    return callgrind(__file__, ["--child", env_id, "--tasks", str(tasks), *(["--part", part] if part else [])],
                     env) / tasks


def trainer_line(env_id: str, args: argparse.Namespace) -> str:
    """One env id's line of ``--trainer`` (this copy, and ``--base`` if given)."""
    def words(row: tuple[float, float, int]) -> str:
        return (f"{row[0] / 1e6:.3f} M instructions per prefetched task's reset, {row[1]:.1f} GC-tracked objects "
                f"promoted per task, {row[2]} full collections in {args.gc_tasks} tasks")

    this = count_trainer(HERE.parent, env_id, args.tasks, args.gc_tasks)
    line = f"{env_id}: {words(this)}"
    if args.base is not None:
        base = count_trainer(args.base, env_id, args.tasks, args.gc_tasks)
        line += f"\n  base: {words(base)}; instructions ratio base / this {base[0] / this[0]:.2f}"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-ids", nargs="+", default=["GenSim-Webshop-v0"])
    parser.add_argument("--tasks", type=int, default=40)
    parser.add_argument("--base", type=Path, help="another copy of the package to count too")
    parser.add_argument("--trainer", action="store_true", help="the training process's cost per prefetched task")
    parser.add_argument("--gc-tasks", type=int, default=1000, help="--trainer: tasks of the full-collection count")
    parser.add_argument("--part", choices=sorted(PARTS), help="count only this part of making a task")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # the env id, inside valgrind
    parser.add_argument("--trainer-child", help=argparse.SUPPRESS)  # the env id, inside valgrind
    parser.add_argument("--gc-child", help=argparse.SUPPRESS)  # the env id
    parser.add_argument("--make-payloads", help=argparse.SUPPRESS)  # the env id
    parser.add_argument("--payloads", help=argparse.SUPPRESS)  # the payloads' file
    args = parser.parse_args()
    if args.child:
        child(args.child, args.tasks, args.part)
        return
    if args.make_payloads:
        make_payloads(args.make_payloads, args.tasks, args.payloads)
        return
    if args.trainer_child:
        trainer_child(args.trainer_child, args.tasks, args.payloads)
        return
    if args.gc_child:
        gc_child(args.gc_child, args.gc_tasks, args.payloads)
        return
    if args.trainer:
        for env_id in args.env_ids:
            print(trainer_line(env_id, args), flush=True)
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
