"""Generate an unlimited task stream ahead of time, in a worker thread or process.

With ``num_tasks=0`` every reset plays a new task, and a new task costs far more than an episode:
generating and verifying the spec (a few ms), then, in the env, sweeping the exact progress table
behind the dense reward (about 11 ms for a medium warehouse task, against about 15 steps of play).
Done on the training thread, that made the unlimited stream ~6x slower to train on than a fixed pool.

:class:`Prefetcher` moves both off the training process. The family's next task seeds are known in
advance: they are the next draws of the env's RNG, which nothing else draws from between resets
(unless tools are noisy, see below). So the family keeps the next :data:`DEPTH` seeds predicted (a copy
of the RNG, one draw ahead per reset) and sends the list to the worker at every reset; the worker
generates each spec, compiles it on the env's layout, sweeps its progress table, and sends spec and
table back as plain data. The env then compiles the world (about 0.5 ms) and takes the table instead of
sweeping.

Three choices keep a worker from costing the trainer, where the old one (8 seeds ahead, the env waiting
for a seed in the making) made PPO on medium warehouse slower than no worker on this project's loaded
2-core machine (docs/scaling.md):

* **Deep.** The worker works up to :data:`DEPTH` (a rollout's worth) ahead and ships through a sender
  thread, so it keeps working while the trainer is in PPO's update phase, not only during rollouts.
* **The env never waits** (:data:`WAIT_SECONDS` is 0): a seed not delivered yet is generated locally; the
  worker then leaves the next seeds to the env and lands further ahead (see :func:`_serve`).
* **Niced** (:data:`NICENESS`): a worker process runs on CPU nobody else wants. Where every CPU is busy it
  gets almost none and the env generates its tasks itself, as without a worker.

Nothing changes but where the work runs: a spec is a pure function of the directive, knobs and task
seed, and the table a pure function of the spec and layout, so the same seeds give the same tasks and
bit-identical episodes, prefetched or not. A seed the worker has not delivered is generated locally,
exactly as before.

Where the worker runs is :data:`MODE`: ``"process"`` by default, ``"thread"`` on request. Generation
and the sweep are pure Python, so a thread shares the trainer's GIL and gains only while the trainer
waits outside it (in torch); a forked process gains a whole core, when one is free. By default a stream
gets one worker wherever a second core exists (:func:`default_workers`, measured on a quiet 2-core
machine); niced, it costs nothing where every core is busy. ``gym.make(..., prefetch=N)`` asks for N (0:
none). A process worker is forked (cheap: the package is already imported). A worker starts only after
a family has generated :data:`START_AFTER` tasks itself, so short-lived envs never pay for it.
It is not used where it cannot help or cannot run: inside a daemonic process (the workers of
``AsyncVectorEnv`` and SB3's ``SubprocVecEnv``, which already generate in parallel and may not have
children), without the ``fork`` start method, or once predictions keep missing (noisy tools draw from
the env's RNG during episodes, so the next seeds cannot be known at reset).
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import pickle
import queue
import select
import threading
import weakref
from collections import OrderedDict, deque
from multiprocessing.connection import Connection
from typing import Any, cast

import numpy as np

from gensim_gym._gc import paused
from gensim_gym.errors import ArgumentError, Error
from gensim_gym.spec.model import Fluent, Predicate, Tools
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.progress import Progress, shipped_progress

#: how many task seeds ahead of the env the workers make (and may have delivered): a PPO rollout's worth (2,048
#: steps, ~250 medium tasks), so that a worker keeps busy through PPO's update phase instead of waiting for the
#: next resets; 9-14 MB of pickled tasks at most (35-55 kB each; benchmarks/stream_training.py --prefetch 1)
DEPTH = 256
#: tasks a family generates itself before it starts a worker (short-lived envs never start one)
START_AFTER = 16
#: consecutive resets whose task seed was not the predicted one after which prefetching stops (noisy tools)
MAX_MISSES = 8
#: how much a worker process lowers its priority (``os.nice``): it then runs on CPU nobody else wants, and where
#: all CPUs are busy the env, which never waits for a worker, generates its tasks as without one
NICENESS = 19
#: how long :meth:`Prefetcher.take` waits for a wished seed not yet delivered (0: never; tests wait, to play
#: every task from a worker)
WAIT_SECONDS = 0.0
#: a worker hears of the env's moves along its wished seeds (one seed taken, one more predicted) this many resets
#: at a time: one pipe write (and worker wake-up) per reset was ~0.05 ms of the trainer's ~1 ms per prefetched
#: task (benchmarks/task_cost.py --prefetch); the worker is DEPTH seeds ahead, so hearing of them later is harmless
SHIFT_BATCH = 8
#: progress tables a worker keeps by spec id
TABLE_CACHE = 256
#: where workers run: ``"process"`` (forked: a core of its own where one is free; the default, see the module
#: docstring) or ``"thread"`` (in this process, sharing its GIL)
MODE = "process"


def usable_cpus() -> int:
    """CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def default_workers() -> int:
    """Workers an unlimited stream gets by default: one when this process may use at least 2 CPUs, else none.

    Measured on a quiet 2-core machine (``benchmarks/stream_training.py``, load 0.2-1.5, docs/scaling.md
    step 6): PPO on the stream ran at 0.85x the fixed pool's speed on medium warehouse with a worker against
    0.60x without, 0.66x against 0.32x on medium webshop, and 0.87x against 0.91x on easy warehouse (inside
    the rounds' noise). Niced, the worker takes only CPU the trainer leaves, so on a loaded machine it costs
    nothing (0.57x against 0.56x at load 6-10). How many default workers run at once is bounded by
    :func:`default_slot_free`.
    """
    return 1 if usable_cpus() >= 2 else 0


#: the prefetchers started by default (``prefetch=None``) in this process; closed ones are skipped
_DEFAULT_STARTED: weakref.WeakSet[Prefetcher] = weakref.WeakSet()


def default_slot_free() -> bool:
    """Whether one more default worker may start in this process: at most one per CPU beside the trainer's.

    A worker process holds 110-130 MB of its own on medium warehouse, ~220 MB on webshop
    (``benchmarks/worker_memory.py``, after ~900 tasks), and more workers than
    free CPUs only share them: the eight envs of an SB3 ``DummyVecEnv`` on 2 CPUs get one default worker (the
    first env to need it), not eight. Ask for workers with ``prefetch=N`` to get them regardless.
    """
    running = sum(1 for worker in _DEFAULT_STARTED if worker.running)
    return running < usable_cpus() - 1


def count_default(worker: Prefetcher) -> None:
    """Count ``worker`` against :func:`default_slot_free` until it is closed."""
    _DEFAULT_STARTED.add(worker)


def available(mode: str | None = None) -> bool:
    """Whether a worker of ``mode`` (default :data:`MODE`) is started here: not in a daemonic process (a
    vector env's worker, whose siblings already generate in parallel; it may not have children), and for
    a process only where ``fork`` exists."""
    if multiprocessing.current_process().daemon or not hasattr(select, "poll"):  # (no poll: Windows)
        return False
    return (MODE if mode is None else mode) == "thread" or "fork" in multiprocessing.get_all_start_methods()


def _serve(family_args: dict[str, Any], conn, niceness: int = 0, pause: bool = False) -> None:
    """The worker: make the wished seeds' specs and progress tables, ahead of the env.

    The env sends the list of seeds it will want next (at every reset, its next :data:`DEPTH`); the
    worker makes the seeds of the latest list it has not made yet, in order, reading new lists between
    tasks and waiting for one only when it has nothing left to make. A sender thread ships what it made
    (pickled, the seed in the first 8 bytes), so a full pipe never stops it: while the trainer is busy
    elsewhere (PPO's update phase) it keeps making the next tasks, up to :data:`DEPTH` ahead.

    The env never waits for a worker (:meth:`Prefetcher.take`): a seed not yet delivered is made there.
    A worker that is behind (no free core) would then make what the env already made; so it leaves the
    first ``skip`` wished seeds to the env, one more each time the env got to its task first and one
    fewer when it lands comfortably ahead (with a free core, ``skip`` stays 0).

    ``pause``: make each task with the garbage collector paused (:mod:`gensim_gym._gc`; a worker process
    only: in a thread it would pause the trainer's collector too).
    """
    from gensim_gym.generation.family import DirectiveFamily  # noqa: PLC0415 - the family imports this module

    if niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)
    family = DirectiveFamily(**family_args)
    # tables by spec id: different seeds often give the same task (easy families have few distinct ones)
    tables: OrderedDict[str, dict] = OrderedDict()
    made: OrderedDict[int, None] = OrderedDict()  # seeds made lately (never made twice while still wished)
    outbox: queue.SimpleQueue = queue.SimpleQueue()
    sender = threading.Thread(target=_send_all, args=(conn, outbox), name="gensim_gym-prefetch-send", daemon=True)
    sender.start()
    wished: list[int] = []
    skip = 0
    try:
        while True:
            # every list waiting (the latest counts); wait for one only with nothing to make
            while conn.poll() or (seed := _pick(wished, made, skip)) is None:
                if not _heed(conn.recv(), wished):
                    return
            with paused() if pause else contextlib.nullcontext():
                item = _dumps(_make(family, tables, seed))
            outbox.put(seed.to_bytes(8, "little") + item)
            made[seed] = None
            if len(made) > 4 * DEPTH:
                made.popitem(last=False)
            while conn.poll():
                if not _heed(conn.recv(), wished):
                    return
            if seed not in wished:  # the env took this seed before it was made here: land further ahead
                skip = min(skip + 1, len(wished) // 2)
            elif wished.index(seed) > 2 * skip + 1:
                skip = max(skip - 1, 0)
    except (EOFError, OSError):  # the env's end is closed
        return
    finally:
        outbox.put(None)


def _heed(message: list[int] | tuple[tuple[int | None, int | None], ...] | None, wished: list[int]) -> bool:
    """Apply the env's ``message`` to ``wished`` in place: a list replaces it; a tuple of ``(gone, new)`` moves,
    in order, each drops the head if it is ``gone`` and appends ``new`` (the env does the same to its copy).
    False: ``None``, stop."""
    if message is None:
        return False
    if isinstance(message, list):
        wished[:] = message
        return True
    for gone, new in message:
        if gone is not None and wished and wished[0] == gone:
            del wished[0]
        if new is not None:
            wished.append(new)
    return True


def _pick(wished: list[int], made: OrderedDict[int, None], skip: int) -> int | None:
    """The first seed of ``wished`` from position ``skip`` on not made yet (None: none)."""
    for seed in wished[skip:]:
        if seed not in made:
            return seed
    return None


def _make(family, tables: OrderedDict[str, dict], seed: int) -> tuple:
    """``(spec, progress table or None, start state)`` for ``seed``, or ``(None, error)`` if it cannot be made here.

    The start state (the facts as bytes, the fluents as a tuple) is the world's in the env's layout: the env
    then skips applying the init statements (``CompiledWorld(start=...)``; ~10 % of what a prefetched task
    cost the trainer, ``benchmarks/worker_instructions.py --trainer``)."""
    try:
        spec = family.generate_task(seed)  # with the same fallback seeds as the env
        world = family.compiled(spec)  # the generator's world of it where it is the same
        table = None
        reward = spec.reward
        if reward.mode == "dense" and reward.progress_weight > 0:  # what TaskRuntime.shaping reads
            table = tables.get(spec.id)
            if table is None:
                potential = shipped_progress(world)  # an exact table packed from the sweep's arrays
                potential.warm()  # Φ near the start of an estimated table: computed here, not in the trainer
                table = tables[spec.id] = potential.export()
                if len(tables) > TABLE_CACHE:
                    tables.popitem(last=False)
        return spec, table, (bytes(world.init_facts), tuple(world.init_nums))
    except Exception as exc:  # noqa: BLE001 - the env regenerates locally and raises it there
        return None, f"{type(exc).__name__}: {exc}"


#: distinct shared spec parts the training process keeps (see :func:`_loads`)
SHARED_PARTS = 256
_SHARED: OrderedDict[bytes, Any] = OrderedDict()  # each shared part's pickle -> the one object unpickled from it


class _Pickler(pickle.Pickler):
    """Pickles the spec parts a family's tasks share as a reference holding their own pickle (:func:`_loads`):
    the tool set, the predicate and the fluent declarations. A webshop stream has 3 tool sets in 370 tasks."""

    def persistent_id(self, obj: Any) -> bytes | None:
        if type(obj) is Tools or (type(obj) is tuple and obj and type(obj[0]) in (Predicate, Fluent)):
            return pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
        return None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        part = _SHARED.get(pid)
        if part is None:
            part = _SHARED[pid] = pickle.loads(pid)
            if len(_SHARED) > SHARED_PARTS:
                _SHARED.popitem(last=False)
        return part


def _dumps(item: tuple) -> bytes:
    """What a worker sends for a made task: ``item`` pickled, the spec parts tasks share by reference."""
    out = io.BytesIO()
    _Pickler(out, pickle.HIGHEST_PROTOCOL).dump(item)
    return out.getvalue()


def _loads(data: bytes) -> tuple:
    """:func:`_dumps`'s item. The training process unpickles each distinct shared part once and gives every task
    that ships it the same (frozen) object, rather than new ones per task that the collector then carries to its
    oldest generation (webshop: 134.7 → 75.7 objects promoted and 2.15 → 1.80 M instructions per prefetched
    reset, ``benchmarks/worker_instructions.py --trainer``; docs/scaling.md step 12)."""
    return _Unpickler(io.BytesIO(data)).load()


def _send_all(conn, outbox: queue.SimpleQueue) -> None:
    """The worker's sender: ship each made task (blocking while the pipe is full) until ``None``."""
    while True:
        item = outbox.get()
        if item is None:
            return
        try:
            conn.send_bytes(item)
        except (OSError, ValueError):  # the env was closed: nobody waits for it
            return


def _serve_closing(family_args: dict[str, Any], conn) -> None:
    """:func:`_serve` in a thread, closing its end of the pipe when done (a process's end closes with it)."""
    try:
        _serve(family_args, conn)
    finally:
        conn.close()


class Prefetcher:
    """Workers generating a :class:`~gensim_gym.generation.family.DirectiveFamily`'s next tasks.

    ``family_args`` rebuild the family in each worker (same directive, knobs, layout). The family calls
    :meth:`follow` after drawing each task seed (it predicts the next :attr:`depth` seeds and asks the
    workers for them) and :meth:`take` for the seed it needs now. Seed ``s`` goes to worker ``s % workers``
    (one keeps up with a trainer when a task costs less than an episode of training; more need free cores).
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
        processes: list[Any] = []
        for k in range(workers):
            # one pipe both ways: wished seeds out (a list, or what changed at a reset), made tasks back
            conn, child = ctx.Pipe()
            name = f"gensim_gym-prefetch-{k}"
            if mode == "thread":  # the same loop and pipe; the thread owns its end and closes it on exit
                process: Any = threading.Thread(target=_serve_closing, args=(family_args, child), name=name,
                                                daemon=True)
            else:
                process = ctx.Process(target=_serve, args=(family_args, child, NICENESS, True), name=name,
                                      daemon=True)
            process.start()
            if mode == "process":
                child.close()
            processes.append(process)
            self._conns.append(conn)
        self._workers = list(self._conns)  # seed s goes to worker s % workers
        self._poller = select.poll()
        self._by_fd: dict[int, Connection] = {}  # the live workers' pipes by file descriptor
        for conn in self._conns:
            self._poller.register(conn.fileno(), select.POLLIN)
            self._by_fd[conn.fileno()] = conn
        # each worker's wished seeds, as it has them once it has heard the moves not sent yet (see _shift)
        self._wished: list[list[int]] = [[] for _ in self._conns]
        self._moves: list[list[tuple[int | None, int | None]]] = [[] for _ in self._conns]
        self._ready: dict[int, bytes] = {}  # delivered, not yet taken: seed -> the pickled (spec, table or error)
        self._predicted: deque[int] = deque()  # the env's next task seeds, in order
        self._ahead: np.random.Generator | None = None  # a copy of the env's RNG, past the predicted seeds
        self.hits = self.misses = 0
        self.mispredicted = 0  # consecutive resets whose seed was not the predicted one (see follow)
        self.processes = processes
        self._finalizer = weakref.finalize(self, _stop, processes, list(self._conns))

    def follow(self, rng: np.random.Generator, seed: int, draw) -> None:
        """The env drew ``seed`` from ``rng`` (with ``draw``): keep the predicted next seeds in step and ask
        the workers for them.

        The prediction is kept, not redrawn: one draw from a copy of ``rng`` per reset. If ``seed`` is not
        the predicted one, something else drew from ``rng`` (noisy tools, a reset seed) and the prediction
        starts again from ``rng``; a wrong prediction costs only misses (a task is always the drawn seed's).
        """
        predicted = self._predicted
        if predicted and predicted[0] == seed:  # as predicted: tell each worker only what changed
            predicted.popleft()
            self.mispredicted = 0
            new = draw(cast(np.random.Generator, self._ahead))
            predicted.append(new)
            self._drain()
            self._ready.pop(seed, None)  # (taken already, unless the env had the spec cached)
            self._shift(seed, new)
            return
        if predicted:
            self.mispredicted += 1
        predicted.clear()
        ahead = self._ahead = np.random.Generator(type(rng.bit_generator)())
        ahead.bit_generator.state = rng.bit_generator.state
        while len(predicted) < self.depth:
            predicted.append(draw(ahead))
        self.want(list(predicted))

    def _shift(self, gone: int, new: int) -> None:
        """The wished lists move on by one seed: ``gone`` leaves the head of its worker's, ``new`` joins the
        end of its worker's (two ints instead of a list of :data:`DEPTH` seeds per reset, sent
        :data:`SHIFT_BATCH` resets at a time)."""
        n = len(self._wished)
        for k in {gone % n, new % n}:
            wished = self._wished[k]
            move = (gone if wished and wished[0] == gone else None, new if new % n == k else None)
            _heed((move,), wished)
            moves = self._moves[k]
            moves.append(move)
            if len(moves) >= SHIFT_BATCH:
                self._send(k, tuple(moves))
                moves.clear()

    def _send(self, k: int, message: list[int] | tuple) -> None:
        """Send ``message`` to worker ``k`` (pickled here: ``Connection.send``'s pickler copies the copyreg
        table at every call)."""
        with contextlib.suppress(OSError, ValueError):  # a worker gone: its seeds are made here
            self._workers[k].send_bytes(pickle.dumps(message, pickle.HIGHEST_PROTOCOL))

    def want(self, seeds: list[int]) -> None:
        """Ask for ``seeds`` (the next ones, in order); delivered tasks no longer wanted are dropped."""
        self._drain()
        keep = set(seeds)
        for seed in [s for s in self._ready if s not in keep]:
            del self._ready[seed]
        n = len(self._workers)
        for k in range(n):
            mine = [s for s in seeds if s % n == k] if n > 1 else list(seeds)
            if mine != self._wished[k]:
                self._wished[k] = mine
                self._moves[k].clear()  # the list replaces what the moves not sent yet would have changed
                self._send(k, mine)

    def take(self, seed: int) -> tuple[Any, dict | None, tuple[bytes, tuple[float, ...]]] | None:
        """``(spec, progress table or None, start state)`` for ``seed`` (see :func:`_make`) if a worker delivered
        it, else ``None`` (the caller generates it). By default it never waits (:data:`WAIT_SECONDS`): a worker
        that is behind (no free core) leaves the work to the env."""
        self._drain()
        if seed not in self._ready and WAIT_SECONDS and any(seed in wished for wished in self._wished):
            self._drain(until=seed)
        item = self._ready.pop(seed, None)
        reply = _loads(item) if item is not None else None
        if reply is None or reply[0] is None:  # not delivered yet, or it failed there (regenerated here)
            self.misses += 1
            return None
        self.hits += 1
        return reply

    def _drain(self, until: int | None = None) -> None:
        """Collect what the workers delivered (kept pickled: a task no longer wanted is never unpickled); with
        ``until``, wait (at most :data:`WAIT_SECONDS`) until that seed arrives."""
        # one poll object for the pipes, kept: multiprocessing's wait() builds a selector per call, which
        # was a tenth of the env's CPU per prefetched task (medium warehouse; benchmarks/task_cost.py --prefetch)
        while self._by_fd:
            if until is not None and until in self._ready:
                return
            events = self._poller.poll(1000 * WAIT_SECONDS if until is not None else 0)
            if not events:
                return
            for fd, _ in events:
                conn = self._by_fd[fd]
                try:
                    item = conn.recv_bytes()
                except (EOFError, OSError):  # a worker is gone: its seeds are generated locally
                    self._poller.unregister(fd)
                    del self._by_fd[fd]
                    continue
                self._ready[int.from_bytes(item[:8], "little")] = item[8:]

    @property
    def running(self) -> bool:
        """Whether the workers have not been stopped yet."""
        return self._finalizer.alive

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
