"""Generate an unlimited task stream ahead of time, in a worker thread or process.

With ``num_tasks=0`` every reset plays a new task, and a new task costs far more than an episode:
generating and verifying the spec (a few ms), then, in the env, sweeping the exact progress table
behind the dense reward (about 11 ms for a medium warehouse task, against about 15 steps of play).
Done on the training thread, that made the unlimited stream ~6x slower to train on than a fixed pool.

:class:`Prefetcher` moves both off the training process. The family's next task seeds are known in
advance: they are the next draws of the env's RNG, which nothing else draws from between resets
(unless tools are noisy, see below). So after each reset the family copies the RNG, draws the next
``depth`` seeds from the copy, and asks the worker for them; the worker generates each spec, compiles
it on the env's layout, sweeps its progress table, and sends spec and table back as plain data. The
env then compiles the world (about 0.5 ms) and takes the table instead of sweeping.

Nothing changes but where the work runs: a spec is a pure function of the directive, knobs and task
seed, and the table a pure function of the spec and layout, so the same seeds give the same tasks and
bit-identical episodes, prefetched or not. A seed the worker has not delivered is generated locally,
exactly as before.

Where the worker runs is :data:`MODE`: ``"process"`` by default, ``"thread"`` on request. Generation
and the sweep are pure Python, so a thread shares the trainer's GIL and gains only while the trainer
waits outside it (in torch); a forked process gains a whole core, when one is free. A default worker
starts only where a core is likely free (below), which is where a process can use it. On this
project's 2-core machine under load (5-8), where neither had a core, the thread measured ahead (PPO on
the stream at 0.78x against 0.66x the pool's speed on easy warehouse, 0.38x against 0.33x on medium;
docs/scaling.md): that regime does not get a worker by default, so it does not decide the mode.
By default a stream gets one worker only where a core is likely free for it
(:func:`default_workers`); ``gym.make(..., prefetch=N)`` asks for N (0: none). A process worker is
forked (cheap: the package is already imported). A worker starts only
after a family has generated :data:`START_AFTER` tasks itself, so short-lived envs never pay for it.
It is not used where it cannot help or cannot run: inside a daemonic process (the workers of
``AsyncVectorEnv`` and SB3's ``SubprocVecEnv``, which already generate in parallel and may not have
children), without the ``fork`` start method, or once predictions keep missing (noisy tools draw from
the env's RNG during episodes, so the next seeds cannot be known at reset).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import weakref
from collections import OrderedDict
from multiprocessing.connection import Connection, wait
from typing import Any, cast

import numpy as np

from gensim_gym.errors import ArgumentError, Error
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.progress import Progress, progress

#: how many tasks the worker may have requested or delivered ahead of the env
DEPTH = 8
#: tasks a family generates itself before it starts a worker (short-lived envs never start one)
START_AFTER = 16
#: consecutive resets whose task was not prefetched after which prefetching stops (noisy tools)
MAX_MISSES = 8
#: progress tables a worker keeps by spec id
TABLE_CACHE = 256
#: how long a reset waits for a task the worker is generating before generating it locally
WAIT_SECONDS = 30.0
#: where workers run: ``"process"`` (forked: a core of its own where one is free; the default, see the module
#: docstring) or ``"thread"`` (in this process, sharing its GIL)
MODE = "process"


def default_workers() -> int:
    """Workers an unlimited stream gets by default: one when this process may use at least 3 CPUs, else none.

    On a 2-core machine shared with other jobs (load 5-8) no worker helped: PPO on the stream ran at 0.81x
    the fixed pool's speed on easy warehouse without one, 0.66x with a process, 0.78x with a thread; on
    medium warehouse 0.42x, 0.33x and 0.38x (docs/scaling.md).
    """
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cpus = os.cpu_count() or 1
    return 1 if cpus >= 3 else 0


def available(mode: str | None = None) -> bool:
    """Whether a worker of ``mode`` (default :data:`MODE`) is started here: not in a daemonic process (a
    vector env's worker, whose siblings already generate in parallel; it may not have children), and for
    a process only where ``fork`` exists."""
    if multiprocessing.current_process().daemon:
        return False
    return (MODE if mode is None else mode) == "thread" or "fork" in multiprocessing.get_all_start_methods()


def _serve(family_args: dict[str, Any], conn) -> None:
    """The worker: generate each requested seed's spec and its progress table, until ``None`` arrives."""
    from gensim_gym.generation.family import DirectiveFamily  # noqa: PLC0415 - the family imports this module

    family = DirectiveFamily(**family_args)
    layout = family.layout()
    # tables by spec id: different seeds often give the same task (easy families have few distinct ones)
    tables: OrderedDict[str, dict] = OrderedDict()
    while True:
        try:
            seed = conn.recv()
        except (EOFError, OSError):  # the env's end is closed
            return
        if seed is None:
            return
        try:
            spec = family.generate_task(seed)  # with the same fallback seeds as the env
            table = None
            reward = spec.reward
            if reward.mode == "dense" and reward.progress_weight > 0:  # what TaskRuntime.shaping reads
                table = tables.get(spec.id)
                if table is None:
                    potential = progress(CompiledWorld(spec, layout))
                    potential.warm()  # Φ near the start of an estimated table: computed here, not in the trainer
                    table = tables[spec.id] = potential.export()
                    if len(tables) > TABLE_CACHE:
                        tables.popitem(last=False)
            reply: tuple = (seed, spec, table)
        except Exception as exc:  # noqa: BLE001 - the env regenerates locally and raises it there
            reply = (seed, None, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (OSError, ValueError):  # the env was closed while this task was made: nobody waits for it
            return


def _serve_closing(family_args: dict[str, Any], conn) -> None:
    """:func:`_serve` in a thread, closing its end of the pipe when done (a process's end closes with it)."""
    try:
        _serve(family_args, conn)
    finally:
        conn.close()


class Prefetcher:
    """Worker processes generating a :class:`~gensim_gym.generation.family.DirectiveFamily`'s next tasks.

    ``family_args`` rebuild the family in each worker (same directive, knobs, layout). The family calls
    :meth:`want` with the seeds it expects next and :meth:`take` for the seed it needs now. ``workers``
    processes share the requests (one keeps up with a trainer when a task costs less than an episode
    of training; more need free cores).
    """

    def __init__(self, family_args: dict[str, Any], depth: int = DEPTH, workers: int = 1,
                 mode: str | None = None) -> None:
        mode = MODE if mode is None else mode
        if mode not in ("process", "thread"):
            raise ArgumentError(f"prefetch mode must be 'process' or 'thread', got {mode!r}")
        if not available(mode):
            raise Error("task prefetching needs a non-daemonic process (and for a worker process, the 'fork' "
                        "start method)")
        ctx = multiprocessing.get_context("fork" if mode == "process" else None)
        self.mode = mode
        self.depth = max(depth, workers)
        self._conns: list[Connection] = []
        self._load: dict[Connection, int] = {}  # seeds requested from each worker, not yet delivered
        processes: list[Any] = []
        for k in range(workers):
            # one pipe both ways: seeds out (a few bytes, never blocks), specs and tables back
            conn, child = ctx.Pipe()
            name = f"gensim_gym-prefetch-{k}"
            if mode == "thread":  # the same loop and pipe; the thread owns its end and closes it on exit
                process: Any = threading.Thread(target=_serve_closing, args=(family_args, child), name=name,
                                                daemon=True)
                process.start()
                processes.append(process)
                self._conns.append(conn)
                self._load[conn] = 0
                continue
            process = ctx.Process(target=_serve, args=(family_args, child), name=name, daemon=True)
            process.start()
            child.close()
            processes.append(process)
            self._conns.append(conn)
            self._load[conn] = 0
        self._pending: dict[int, Connection] = {}  # requested, not yet delivered: seed -> its worker
        self._ready: OrderedDict[int, tuple] = OrderedDict()  # delivered: seed -> (spec, table or error)
        self.hits = self.misses = 0
        self.processes = processes
        self._finalizer = weakref.finalize(self, _stop, processes, list(self._conns))

    def want(self, seeds: list[int]) -> None:
        """Ask for ``seeds`` (the next ones, in order), keeping at most ``depth`` requested or delivered;
        delivered tasks no longer wanted are dropped."""
        self._drain()
        keep = set(seeds)
        for seed in [s for s in self._ready if s not in keep]:
            del self._ready[seed]
        for seed in seeds:
            if len(self._pending) + len(self._ready) >= self.depth or not self._conns:
                break
            if seed not in self._pending and seed not in self._ready:
                conn = min(self._conns, key=self._load.__getitem__)
                self._pending[seed] = conn
                self._load[conn] += 1
                conn.send(seed)

    def take(self, seed: int) -> tuple[Any, dict | None] | None:
        """``(spec, progress table or None)`` for ``seed`` if a worker has it or is making it, else
        ``None`` (the caller generates it). Waits for a seed in progress rather than duplicating it."""
        self._drain()
        if seed not in self._ready and seed in self._pending:
            self._drain(until=seed)
        item = self._ready.pop(seed, None)
        if item is None or item[0] is None:  # not prefetched, or it failed there (regenerated here)
            self.misses += 1
            return None
        self.hits += 1
        return item

    def _drain(self, until: int | None = None) -> None:
        """Collect what the workers delivered; with ``until``, wait (bounded) until that seed arrives."""
        while self._conns:
            ready = cast("list[Connection]", wait(self._conns, WAIT_SECONDS if until is not None else 0))
            if not ready:
                return  # nothing more now (or a stuck worker: the caller generates locally)
            for conn in ready:
                try:
                    seed, spec, table = conn.recv()
                except (EOFError, OSError):  # a worker is gone: its seeds are generated locally
                    self._conns.remove(conn)
                    self._pending = {s: c for s, c in self._pending.items() if c is not conn}
                    continue
                self._load[conn] -= 1
                self._pending.pop(seed, None)
                self._ready[seed] = (spec, table)
            if until is not None and (until in self._ready or until not in self._pending):
                return

    def close(self) -> None:
        """Stop the workers (also done when the prefetcher is garbage-collected or the process exits)."""
        self._finalizer()


def _stop(processes, conns) -> None:
    for process, conn in zip(processes, conns, strict=True):
        if process.is_alive():
            with contextlib.suppress(OSError, ValueError):  # the pipe may already be gone
                conn.send(None)
    for process, conn in zip(processes, conns, strict=True):
        process.join(timeout=1.0)
        if process.is_alive() and hasattr(process, "terminate"):  # pragma: no cover - a task past the grace period
            process.terminate()  # (a thread cannot be stopped: it is a daemon and ends with its task)
        conn.close()


def restore_progress(world: CompiledWorld, table: dict) -> None:
    """Give ``world`` the progress table the worker computed (what ``progress(world)`` then returns)."""
    world.__dict__["_progress"] = Progress.restore(world, table)


def next_seeds(rng: np.random.Generator, count: int, draw) -> list[int]:
    """The next ``count`` values ``draw(rng)`` will return, computed on a copy (``rng`` is not advanced)."""
    copy = np.random.Generator(type(rng.bit_generator)())
    copy.bit_generator.state = rng.bit_generator.state
    return [draw(copy) for _ in range(count)]
