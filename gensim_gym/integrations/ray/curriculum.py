"""One curriculum for every Ray worker: :class:`CurriculumActor` holds it, :class:`ActorCurriculum` reaches it.

Rollout workers on many machines must learn from one curriculum state, or each would keep its own
posteriors and π_env from a fraction of the episodes. :class:`CurriculumActor` holds the one curriculum;
run it with :func:`start_curriculum_actor`. In each worker an :class:`ActorCurriculum` (a
:class:`~gensim_gym.curriculum.base.Curriculum`, so ``gym.make("GenSim-v0", directive=D,
curriculum=ActorCurriculum(name))`` plays it) fetches tasks a few at a time and reports results in
batches: one actor call per batch, not per episode, so the actor's ceiling is in batches per second.

**Each episode counts once.** Every handle numbers its batches (a source id and a sequence number); the
actor folds a batch only if its number is above that source's last one, so a batch resent after a lost
answer or an actor restart is folded once. The wrapper reports each episode once (``CurriculumWrapper``).

**Restart.** With ``state_path`` the actor saves its curriculum and the sources' last numbers together,
atomically, every ``save_every`` results and on :meth:`CurriculumActor.save`; when Ray restarts the actor
(``max_restarts``) it reloads that file. Results folded after the last save are lost with the process,
never counted twice: the numbers saved are those of the state saved.
"""

from __future__ import annotations

import time
import uuid
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gensim_gym._atomic import atomic_write_json
from gensim_gym._checks import Checks
from gensim_gym._json import load_file
from gensim_gym.curriculum import Curriculum, EpisodeResult, Task, make_curriculum
from gensim_gym.errors import ArgumentError, Error, RunError, require

ray = require("ray", "ray")

STATE_FORMAT = "gensim_gym/curriculum-actor@1"
MAX_STATE_BYTES = 256 * 2**20
DEFAULT_NAME = "gensim_curriculum"


class CurriculumActor:
    """The one curriculum state of a Ray job (this class runs as the actor; see :func:`start_curriculum_actor`).

    Args:
        curriculum: a curriculum name (``"alpha"``, ``"uniform"`` ...) or a Curriculum object.
        directive: the task family to generate from (binds an unbound curriculum).
        seed: the curriculum's seed, when built by name.
        state_path: where the state is saved atomically, and read back at (re)start when it exists.
        save_every: results between two automatic saves (with ``state_path``).
        options: further arguments of the named curriculum (``alpha=``, ``pool_size=`` ...).
    """

    def __init__(self, curriculum: Curriculum | str = "alpha", *, directive: str | None = None, seed: int = 0,
                 state_path: str | Path | None = None, save_every: int = 1000, **options: Any) -> None:
        checks = Checks("CurriculumActor")
        checks.integer("save_every", save_every, 1)
        checks.done()
        if isinstance(curriculum, str):
            curriculum = make_curriculum(curriculum, directive, seed, **options)
        elif options:
            raise ArgumentError(f"CurriculumActor: options {sorted(options)} configure a curriculum built by name; "
                                f"configure your curriculum object directly")
        elif directive is not None:
            curriculum.bind(directive=directive)
        self.curriculum = curriculum
        self.state_path = None if state_path is None else Path(state_path)
        self.save_every = save_every
        self.last_seq: dict[str, int] = {}  # source -> number of its last folded batch
        self.results = 0  # results folded, over restarts
        self.duplicates = 0  # batches refused as already folded
        self.restored = False
        self._unsaved = 0
        if self.state_path is not None and self.state_path.exists():
            self._restore(self.state_path)

    # -- what workers call -------------------------------------------------------------
    def sample(self, k: int = 1) -> list[Task]:
        """The next ``k`` tasks."""
        return [self.curriculum.sample() for _ in range(k)]

    def report(self, source: str, seq: int, results: list[Mapping[str, Any]]) -> int:
        """Fold batch ``seq`` of ``source`` unless it was folded already; return how many results it folded."""
        if seq <= self.last_seq.get(source, 0):
            self.duplicates += 1
            return 0
        # read the whole batch before folding any of it: a bad result must not leave half a batch folded
        # (the resent batch would then count that half twice)
        try:
            parsed = [(str(r["task_id"]), EpisodeResult.coerce(r)) for r in results]
        except (KeyError, TypeError, ValueError, Error) as exc:
            raise ArgumentError(f"CurriculumActor.report: batch {seq} of {source}: every result needs "
                                f"'task_id' and 'is_success' ({type(exc).__name__}: {exc})") from None
        update = self.curriculum.update
        for task_id, result in parsed:
            update(task_id, result)
        self.last_seq[source] = seq
        self.results += len(results)
        self._unsaved += len(results)
        if self.state_path is not None and self._unsaved >= self.save_every:
            self.save()
        return len(results)

    # -- what drivers call -------------------------------------------------------------
    def flush(self) -> int:
        """Fold the results a batched curriculum still buffers (e.g. before reading its counters)."""
        return self.curriculum.flush()

    def stats(self) -> dict[str, float]:
        """The curriculum's scalars, plus ``actor_results`` (folded), ``actor_duplicates`` (batches refused),
        ``actor_sources`` (handles heard from) and ``actor_restored`` (1 when this actor started from its file)."""
        return {**self.curriculum.stats(), "actor_results": float(self.results),
                "actor_duplicates": float(self.duplicates), "actor_sources": float(len(self.last_seq)),
                "actor_restored": float(self.restored)}

    def state_dict(self) -> dict[str, Any]:
        """The curriculum's state and the sources' batch numbers, as JSON-ready data."""
        return {"format": STATE_FORMAT, "curriculum": self.curriculum.state_dict(), "last_seq": dict(self.last_seq),
                "results": self.results, "duplicates": self.duplicates}

    def save(self, path: str | Path | None = None) -> str:
        """Write :meth:`state_dict` atomically to ``path`` (default ``state_path``); return the path."""
        target = Path(path) if path is not None else self.state_path
        if target is None:
            raise ArgumentError("CurriculumActor.save: no path given and the actor has no state_path")
        atomic_write_json(target, self.state_dict())
        if target == self.state_path:
            self._unsaved = 0
        return str(target)

    def _restore(self, path: Path) -> None:
        state = load_file(path, "curriculum actor state", max_bytes=MAX_STATE_BYTES)
        if not isinstance(state, Mapping) or state.get("format") != STATE_FORMAT:
            raise RunError(f"{path}: not a curriculum actor state (format {STATE_FORMAT!r}); move it away to start "
                           f"afresh")
        last = state.get("last_seq")
        if not isinstance(last, Mapping) or not all(isinstance(v, int) for v in last.values()):
            raise RunError(f"{path}: $.last_seq must map source ids to batch numbers")
        self.curriculum.load_state_dict(state["curriculum"])
        self.last_seq = {str(k): int(v) for k, v in last.items()}
        self.results = int(state.get("results", 0))
        self.duplicates = int(state.get("duplicates", 0))
        self.restored = True


def start_curriculum_actor(curriculum: Curriculum | str = "alpha", *, name: str = DEFAULT_NAME,
                           namespace: str | None = None, max_restarts: int = 3, **kwargs: Any) -> Any:
    """Start the :class:`CurriculumActor` as a named Ray actor and return its handle.

    ``kwargs`` go to :class:`CurriculumActor`. The actor takes no CPU slot (``num_cpus=0``): it waits on calls,
    and a 2-CPU machine keeps both cores for env runners. Workers reach it by ``name`` (``ActorCurriculum(name)``).
    Ray restarts it up to ``max_restarts`` times after a crash; with ``state_path`` it resumes from that file.
    Keep the handle: Ray ends an actor, named or not, once no handle to it is left.
    """
    options: dict[str, Any] = {"name": name, "num_cpus": 0, "max_restarts": max_restarts}
    if namespace is not None:
        options["namespace"] = namespace
    return ray.remote(CurriculumActor).options(**options).remote(curriculum, **kwargs)


class ActorCurriculum(Curriculum):
    """A worker's handle on the :class:`CurriculumActor`: a Curriculum whose state lives in the actor.

    Args:
        actor: the actor's name (see :func:`start_curriculum_actor`) or its handle.
        namespace: the Ray namespace the named actor lives in (default: the job's).
        batch: results sent in one call.
        prefetch: tasks fetched in one call.
        max_delay: seconds a result may wait for its batch to fill (checked at the next result).
        timeout: seconds an actor call may take, retries after an actor restart included.

    A pickled copy (a subprocess, an env runner) starts with its own source id and empty buffers, so copies
    never share batch numbers. Call :meth:`flush` when a worker stops (RLlib: ``CurriculumCallback`` does).
    """

    name = "actor"

    def __init__(self, actor: Any = DEFAULT_NAME, *, namespace: str | None = None, batch: int = 32,
                 prefetch: int = 2, max_delay: float = 5.0, timeout: float = 60.0) -> None:
        checks = Checks("ActorCurriculum")
        checks.integer("batch", batch, 1)
        checks.integer("prefetch", prefetch, 1)
        checks.number("max_delay", max_delay, 0.0)
        checks.number("timeout", timeout, 0.0, open_low=True)
        checks.done()
        self.actor, self.namespace = actor, namespace
        self.batch, self.prefetch, self.max_delay, self.timeout = batch, prefetch, max_delay, timeout
        self._fresh()

    def _fresh(self) -> None:
        self.source = uuid.uuid4().hex
        self.seq = 0
        self.outbox: list[dict[str, Any]] = []
        self.unacked: tuple[int, list[dict[str, Any]]] | None = None  # a batch sent whose answer never came
        self.queue: deque[Task] = deque()
        self.reported = 0
        self._oldest = 0.0
        self._handle: Any = None

    def __getstate__(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("actor", "namespace", "batch", "prefetch", "max_delay", "timeout")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._fresh()

    # -- the protocol ----------------------------------------------------------------
    def sample(self) -> Task:
        if not self.queue:
            self.queue.extend(self._call("sample", self.prefetch))
        return self.queue.popleft()

    def update(self, task: Task | str, result: Any) -> None:
        res = EpisodeResult.coerce(result)
        task_id = task.task_id if isinstance(task, Task) else str(task)
        if not self.outbox:
            self._oldest = time.monotonic()
        self.outbox.append({"task_id": task_id, "is_success": res.is_success, "return": res.episode_return,
                            "length": res.length, "theta": res.theta, "arm": res.arm})
        if len(self.outbox) >= self.batch or time.monotonic() - self._oldest >= self.max_delay:
            self.flush()

    def flush(self) -> int:
        """Send the buffered results to the actor now (and any batch whose answer was lost); return how many."""
        sent = 0
        if self.unacked is not None:
            seq, results = self.unacked
            self._call("report", self.source, seq, results)
            self.unacked = None
            sent += len(results)
        if self.outbox:
            self.seq += 1
            results, self.outbox = self.outbox, []
            self.unacked = (self.seq, results)  # kept until the actor answers: resent with the same number
            self._call("report", self.source, self.seq, results)
            self.unacked = None
            sent += len(results)
        self.reported += sent
        return sent

    def stats(self) -> dict[str, float]:
        return self._call("stats")

    def state_dict(self) -> dict[str, Any]:
        """The actor's state (the curriculum's and the batch numbers)."""
        return self._call("state_dict")

    def load_state_dict(self, state: Mapping[str, Any]) -> Curriculum:
        raise Error("an ActorCurriculum's state lives in its actor: start the actor with "
                    "start_curriculum_actor(..., state_path=...) to resume from a saved state")

    # -- actor calls -----------------------------------------------------------------
    @property
    def handle(self) -> Any:
        if self._handle is None:
            self._handle = self.actor if not isinstance(self.actor, str) else \
                ray.get_actor(self.actor, namespace=self.namespace)
        return self._handle

    def _call(self, method: str, *args: Any) -> Any:
        """Call the actor; retry while Ray restarts it, until ``timeout``."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                ref = getattr(self.handle, method).remote(*args)
                return ray.get(ref, timeout=max(0.001, deadline - time.monotonic()))
            except (ray.exceptions.RayActorError, ray.exceptions.GetTimeoutError, ValueError) as exc:
                # RayActorError: the actor died and may be restarting; ValueError: a named actor not found yet
                if time.monotonic() >= deadline:
                    raise RunError(f"the curriculum actor {self.actor!r} did not answer {method} within "
                                   f"timeout={self.timeout} s: {type(exc).__name__}: {exc}") from exc
                time.sleep(0.1)
