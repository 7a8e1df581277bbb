"""A pool of generated specs with posteriors: the machinery every curriculum here shares.

Subclasses decide which pooled task to play (:meth:`PoolCurriculum._choose`),
what θ new specs get (:meth:`PoolCurriculum._propose`) and what to learn from
a result (:meth:`PoolCurriculum._learn`). All randomness flows from one seeded
``numpy`` generator whose state is part of :meth:`state_dict`, so the same
seed and the same results give the same task sequence, also after a resume.

Results can be learnt in batches (``fold_every``): ``update`` only appends the
result to ``pending`` and every ``fold_every``-th result folds the whole buffer
in order (:meth:`PoolCurriculum.flush`). The fold points depend on the number of
results alone, never on who reads the state: ``state_dict`` saves the pending
results instead of folding them, so save → load → continue equals continuing.
``sample`` likewise hands out tasks chosen ahead (``picks``) that stay valid
until the next fold or pool change, and are saved with the state.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from gensim_gym._checks import Checks, check_state
from gensim_gym.curriculum.base import Curriculum, Task
from gensim_gym.curriculum.config import CurriculumConfig, RangeConfig
from gensim_gym.curriculum.generator import DirectiveGenerator, call_generator
from gensim_gym.curriculum.reward import BetaPosterior
from gensim_gym.curriculum.state_checks import StateCheck, check_pool_state
from gensim_gym.envs.result import EpisodeResult
from gensim_gym.errors import ArgumentError, Error, GenerationError, SpecError
from gensim_gym.spec.model import SimSpec

STATE_VERSION = 1


@dataclass
class Entry:
    """A pooled task and what has been observed on it."""

    task: Task
    post: BetaPosterior = field(default_factory=BetaPosterior)
    plays: int = 0
    returns: float = 0.0
    features: list[float] | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"spec": self.task.spec.to_dict(), "theta": self.task.theta, "arm": self.task.arm,
                "post": self.post.to_list(), "plays": self.plays, "returns": self.returns}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Entry:
        task = Task(restore_spec(d["spec"]), float(d["theta"]), int(d["arm"]))
        return cls(task, BetaPosterior.from_list(d["post"]), int(d["plays"]), float(d["returns"]))


def restore_spec(obj: Mapping[str, Any]) -> SimSpec:
    """Rebuild a spec the curriculum saved, validated in full (schema and semantics) like any other.

    A saved ``id`` is never trusted (anyone can recompute a content hash): the id is recomputed from
    the content, and a saved one that differs is an error (the file was edited or corrupted).
    """
    spec = SimSpec.from_dict(dict(obj))
    saved = obj.get("id")
    if saved is not None and saved != spec.id:
        raise SpecError(f"the saved id {saved!r} is not the content's id {spec.id!r} (edited or corrupted)",
                        path="$.id")
    return spec


class PoolCurriculum(Curriculum):
    """Keeps up to ``pool_size`` generated tasks; generates more from ``generator`` when it thins.

    Settings are keyword arguments, declared once in the class's :attr:`Config` dataclass (here
    :class:`~gensim_gym.curriculum.config.RangeConfig`; the tables are in ``docs/curricula.md``). They are
    checked together (one :class:`~gensim_gym.errors.ArgumentError` lists every bad value), kept as plain
    attributes (``self.pool_size``, ...) and saved in ``state_dict()["config"]``; :attr:`config` is a
    frozen snapshot of them.

    Args:
        directive: build the offline :class:`DirectiveGenerator` for it (or bind one later).
        generator: any ``(theta, seed[, arm]) -> SimSpec`` callable; overrides ``directive``. Not saved.
        **settings: the fields of :attr:`Config`.
    """

    name = "pool"
    Config: ClassVar[type[CurriculumConfig]] = RangeConfig

    def __init__(self, directive: str | None = None, *, generator: Any = None, **settings: Any) -> None:
        self._setup(self._make_config({"directive": directive, **settings}, {"generator": generator}), generator)

    def _setup(self, config: CurriculumConfig, generator: Any) -> None:
        """Start from checked settings: no pool, no results, the RNG seeded (subclasses add their state)."""
        self._apply_config(config)
        self.generator = generator
        if generator is None and self.directive is not None:
            self.generator = DirectiveGenerator(self.directive)
        self.rng = np.random.default_rng(self.seed)
        self.pool: dict[str, Entry] = {}
        self.counters = {"episodes": 0, "successes": 0, "generated": 0, "retired": 0, "rejected": 0,
                         "failed": 0, "unknown": 0}
        self.recent: deque[tuple[bool, float, float]] = deque(maxlen=256)
        self.pending: list[tuple[Task | str, Any]] = []  # results update() buffered, not yet learnt
        self._picks: list[Task] = []  # tasks chosen ahead, next one last (see sample)
        self._pool_version = 0  # bumped whenever a spec joins or leaves the pool
        # Optional observer ``(task, reason) -> None`` of candidates that did not join the pool (not state:
        # the Generative Simulator loop reports them per epoch).
        self.on_reject: Callable[[Task, str], None] | None = None

    # -- settings ------------------------------------------------------------------------
    @classmethod
    def _make_config(cls, settings: dict[str, Any], callables: Mapping[str, Any],
                     owner: str | None = None) -> CurriculumConfig:
        """The checked :attr:`Config` of ``settings``; every bad value (and bad callable) raised at once."""
        owner = owner or cls.__name__
        cls.Config.unexpected(owner, settings)
        checks = Checks(owner)
        cls.Config.problems(checks, settings)
        cls._check_callables(checks, callables)
        checks.done()
        return cls.Config(**settings)

    @classmethod
    def _check_callables(cls, checks: Checks, callables: Mapping[str, Any]) -> None:
        generator = callables.get("generator")
        if generator is not None and not callable(generator):
            checks.fail("generator", generator, "must be a callable (theta, seed[, arm]) -> SimSpec, or None")

    if TYPE_CHECKING:  # settings are attributes made from the Config at run time (_apply_config), typed there
        def __getattr__(self, name: str) -> Any: ...

    def _apply_config(self, config: CurriculumConfig) -> None:
        """Make the settings attributes: code reads ``self.bins`` etc. (and a trainer adapter may set some)."""
        for name in config.names():
            setattr(self, name, getattr(config, name))

    @property
    def config(self) -> CurriculumConfig:
        """The current settings as a frozen :attr:`Config` (checked: a setting assigned a bad value raises)."""
        return self.Config(**{name: getattr(self, name) for name in self.Config.names()})

    # -- binding -----------------------------------------------------------------
    @property
    def n_arms(self) -> int:
        return int(getattr(self.generator, "n_arms", 1))

    @property
    def bound(self) -> bool:
        return self.generator is not None

    def bind(self, directive: str | None = None, generator: Any = None) -> None:
        if self.generator is not None:
            return
        if generator is not None:
            self.generator = generator
        elif directive is not None:
            self.directive = directive
            self.generator = DirectiveGenerator(directive)

    def binding(self) -> dict[str, Any]:
        return {"directive": self.directive}

    def _require_generator(self) -> None:
        if self.generator is None:
            raise Error(f"{type(self).__name__} has no generator: pass directive=... or generator=..., "
                        "or use it through gym.make('GenSim-v0', directive=..., curriculum=...)")

    # -- the protocol ----------------------------------------------------------------
    def sample(self) -> Task:
        """The next task: refill the pool if it thinned (which drops the picks), else pop a pick chosen ahead."""
        picks = self._picks
        if picks and len(self.pool) >= self.pool_size:
            return picks.pop()
        if len(self.pool) < self.pool_size:
            self.refill(self.pool_size if not self.pool else self.refill_batch)
        if not self.pool:
            raise Error(f"{type(self).__name__}: the pool is empty and the generator produced no spec")
        self._picks = picks = self._pick_ahead(list(self.pool.values()))
        return picks.pop()

    def update(self, task: Task | str, result: Any) -> None:
        """Record one finished episode: buffered, and learnt (folded) once ``fold_every`` results wait."""
        pending = self.pending
        pending.append((task, result))
        if len(pending) >= self.fold_every:
            self.flush()

    def flush(self) -> int:
        """Learn every buffered result now, in the order they came; return how many there were."""
        pending = self.pending
        if not pending:
            return 0
        self.pending = []
        self._fold(pending)
        return len(pending)

    def _fold(self, results: list[tuple[Task | str, Any]]) -> None:
        """Learn buffered results in order; the default learns them one at a time."""
        for task, result in results:
            self._learn_one(task, EpisodeResult.coerce(result))

    def _learn_one(self, task: Task | str, res: EpisodeResult) -> None:
        task_id = task.task_id if isinstance(task, Task) else str(task)
        entry = self.pool.get(task_id)
        self.counters["episodes"] += 1
        self.counters["successes"] += int(res.is_success)
        theta = entry.task.theta if entry else (task.theta if isinstance(task, Task) else res.theta)
        arm = entry.task.arm if entry else (task.arm if isinstance(task, Task) else res.arm)
        self.recent.append((res.is_success, res.episode_return, -1.0 if theta is None else theta))
        if entry is None:
            self.counters["unknown"] += 1  # retired meanwhile, or sampled by a worker-side copy
        else:
            entry.post.update(res.is_success)
            entry.plays += 1
            entry.returns += res.episode_return
            self._picks = []  # chosen under the old posterior
        self._learn(entry, theta, arm, res)

    # -- hooks -------------------------------------------------------------------------
    def _pick_ahead(self, entries: list[Entry]) -> list[Task]:
        """Tasks to hand out, the next one last; valid until the pool or what was learnt changes."""
        return [self._choose(entries).task]

    def _choose(self, entries: list[Entry]) -> Entry:
        return entries[int(self.rng.integers(len(entries)))]

    def _propose(self) -> tuple[float, int]:
        """θ and arm for the next spec to generate."""
        lo, hi = self.theta_range
        return float(self.rng.uniform(lo, hi)), int(self.rng.integers(self.n_arms))

    def _admit(self, task: Task) -> bool:
        return True

    def _learn(self, entry: Entry | None, theta: float | None, arm: int, result: EpisodeResult) -> None:
        """React to a result (retire, adapt); ``entry`` is None for tasks no longer pooled."""

    # -- pool maintenance ---------------------------------------------------------------
    def refill(self, n: int, max_attempts: int | None = None) -> int:
        """Generate up to ``n`` new admitted specs (bounded attempts); return how many joined the pool."""
        self._require_generator()
        added, attempts = 0, 0
        max_attempts = max_attempts or 2 * n + 2
        while added < n and attempts < max_attempts and len(self.pool) < self.pool_size:
            attempts += 1
            theta, arm = self._propose()
            seed = int(self.rng.integers(2**31 - 1))
            try:
                spec = call_generator(self.generator, theta, seed, arm)
            except GenerationError:
                self.counters["failed"] += 1
                continue
            self.counters["generated"] += 1
            task = Task(spec, theta, arm)
            if task.task_id in self.pool:
                self._rejected(task, "duplicate of a pooled spec")
                continue
            if not self._admit(task) and attempts < max_attempts - n:
                self.counters["rejected"] += 1
                self._rejected(task, "filter")
                continue
            self.pool[task.task_id] = Entry(task)
            self._picks = []
            self._pool_version += 1
            added += 1
        return added

    def _rejected(self, task: Task, reason: str) -> None:
        if self.on_reject is not None:
            self.on_reject(task, reason)

    def retire(self, task_id: str) -> None:
        if self.pool.pop(task_id, None) is not None:
            self.counters["retired"] += 1
            self._picks = []
            self._pool_version += 1

    # -- logging ----------------------------------------------------------------------
    def stats(self) -> dict[str, float]:
        means = [e.post.mean for e in self.pool.values()]
        thetas = [e.task.theta for e in self.pool.values()]
        recent = list(self.recent)
        out = {"pool_size": float(len(self.pool)), "mean_p_hat": float(np.mean(means)) if means else 0.0,
               "pool_difficulty": float(np.mean(thetas)) if thetas else 0.0,
               "recent_success": float(np.mean([r[0] for r in recent])) if recent else 0.0,
               "recent_difficulty": float(np.mean([r[2] for r in recent if r[2] >= 0])) if recent else 0.0,
               "pending": float(len(self.pending))}
        out.update({k: float(v) for k, v in self.counters.items()})
        return out

    # -- state ----------------------------------------------------------------------------
    def _extra_state(self) -> dict[str, Any]:
        return {}

    def _load_extra(self, state: Mapping[str, Any]) -> None:
        pass

    def state_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data: config, pool specs + posteriors, counters, RNG, pending results.

        Reading the state folds nothing: buffered results and tasks chosen ahead are saved as they are.
        """
        return {"kind": self.name, "version": STATE_VERSION, "config": self.config.to_dict(),
                "rng": self.rng.bit_generator.state, "pool": [e.to_dict() for e in self.pool.values()],
                "counters": dict(self.counters), "recent": [list(r) for r in self.recent],
                "pending": [_pending_to_json(task, result) for task, result in self.pending],
                "picks": [t.task_id for t in self._picks], **self._extra_state()}

    def load_state_dict(self, state: Mapping[str, Any]) -> PoolCurriculum:
        """Restore a :meth:`state_dict`; afterwards this object behaves exactly like the saved one.

        A malformed state raises :class:`~gensim_gym.errors.ArgumentError` naming what is wrong where
        (a JSON path) and leaves this curriculum as it was.
        """
        owner = f"{type(self).__name__}.load_state_dict"
        check_state(owner, state, {"kind": str, "version": int})
        if state["kind"] != self.name:
            raise Error(f"state is for a {state['kind']!r} curriculum, not {self.name!r}")
        if state["version"] != STATE_VERSION:
            raise Error(f"curriculum state version {state['version']!r} is not {STATE_VERSION}")
        optional = {name: list for name in ("pending", "picks") if name in state}  # older states lack them
        check_state(owner, state, {"config": Mapping, "rng": Mapping, "pool": list, "counters": Mapping,
                                   "recent": list, **optional, **self._state_fields()})
        check = StateCheck(owner)
        check_pool_state(check, state, self._saved_arms(state))
        check.done()
        self._check_state(owner, state)
        saved = self.Config.from_saved(state["config"])
        unknown = sorted(set(saved) - set(self.Config.names()))
        if unknown:
            raise ArgumentError(f"{owner}: $.config has unknown keys {unknown}; a {self.name} curriculum saves "
                                f"{sorted(self.Config.names())}")
        # a saved config lacking a setting (written before it existed) keeps this curriculum's value
        config = self._make_config({**vars(self.config), **saved}, {}, owner=f"{owner} ($.config)")
        backup = dict(self.__dict__)  # loading replaces attributes, never mutates them: this undoes it
        try:
            self._load(owner, state, config)
        except Exception as exc:
            self.__dict__.clear()
            self.__dict__.update(backup)
            if isinstance(exc, ArgumentError):
                raise
            raise ArgumentError(f"{owner}: malformed curriculum state ({type(exc).__name__}: {exc})") from exc
        return self

    def _load(self, owner: str, state: Mapping[str, Any], config: CurriculumConfig) -> None:
        """Assign a checked state (see :meth:`load_state_dict`, which undoes this if it fails)."""
        self._apply_config(config)
        if self.generator is None and self.directive is not None:
            self.generator = DirectiveGenerator(self.directive)
        try:
            self.rng = np.random.default_rng()
            self.rng.bit_generator.state = state["rng"]
        except (KeyError, TypeError, ValueError) as exc:
            kind = type(self.rng.bit_generator).__name__
            raise ArgumentError(f"{owner}: $.rng is not a numpy {kind} state: {exc}") from None
        self.pool = {}
        for i, item in enumerate(state["pool"]):
            try:
                entry = Entry.from_dict(item)
            except SpecError as exc:
                raise ArgumentError(f"{owner}: $.pool[{i}].spec is not a valid spec:\n{exc}") from None
            except (KeyError, TypeError, ValueError) as exc:
                raise ArgumentError(f"{owner}: $.pool[{i}] is malformed ({type(exc).__name__}: {exc}); an entry "
                                    "holds spec, theta, arm, post, plays, returns") from None
            self.pool[entry.task.task_id] = entry
        self.counters = dict(state["counters"])
        self.recent = deque((tuple(r) for r in state["recent"]), maxlen=self.recent.maxlen)
        self._pool_version += 1
        try:
            self.pending = [_pending_from_json(item) for item in state.get("pending", [])]
        except (Error, KeyError, TypeError, ValueError) as exc:
            raise ArgumentError(f"{owner}: $.pending holds a malformed result: {exc}") from None
        saved_picks = state.get("picks", [])
        picks = [self.pool[i].task for i in saved_picks if i in self.pool]
        self._picks = picks if len(picks) == len(saved_picks) else []
        self._load_extra(state)

    def _saved_arms(self, state: Mapping[str, Any]) -> int | None:
        """How many generator arms the saved state has (arm indices must be below it), None if it does not say."""
        return None

    def _state_fields(self) -> dict[str, type | tuple[type, ...]]:
        """Fields a subclass's state adds, with their JSON types (checked before loading)."""
        return {}

    def _check_state(self, owner: str, state: Mapping[str, Any]) -> None:
        """Further checks of a subclass's fields, before anything is loaded (raise :class:`Error`)."""


def _pending_to_json(task: Task | str, result: Any) -> dict[str, Any]:
    """A buffered result as JSON, with the task's θ and arm in case the spec retires before the fold."""
    res = EpisodeResult.coerce(result)
    if isinstance(task, Task):
        return {"task_id": task.task_id, "is_success": res.is_success, "return": res.episode_return,
                "length": res.length, "theta": task.theta, "arm": task.arm}
    return {"task_id": str(task), "is_success": res.is_success, "return": res.episode_return,
            "length": res.length, "theta": res.theta, "arm": res.arm}


def _pending_from_json(item: Mapping[str, Any]) -> tuple[str, EpisodeResult]:
    return str(item["task_id"]), EpisodeResult.coerce(dict(item))
