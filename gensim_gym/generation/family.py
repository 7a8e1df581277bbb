"""A directive's task family as a task source for the environment (Procgen's convention).

``num_tasks=0`` gives an unlimited stream: each reset draws a task seed from
the environment's RNG. ``num_tasks=N`` gives a fixed pool of N task seeds
derived from the family seed. Generated specs are cached in memory, so a
pool costs N generations however many episodes are played. An unlimited
stream generates its next tasks ahead of time in a worker process
(:mod:`gensim_gym.generation.prefetch`; same tasks, same episodes).
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from gensim_gym.errors import ArgumentError, DirectiveError, GenerationError
from gensim_gym.generation import prefetch as ahead
from gensim_gym.generation.directive import Knobs, parse_directive
from gensim_gym.generation.offline import OfflineGenerator, easier_than_asked, family_layout
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.layout import Layout

CACHE_SIZE = 512
#: Seeds derived from a task seed the generator found no task for, tried in turn (see ``generate_task``).
SEED_RETRIES = 8
#: The largest fixed pool: its seeds are drawn up front (4 bytes each), so ``num_tasks=10**9`` would
#: allocate gigabytes before the first reset. Use ``num_tasks=0`` for an unlimited stream.
MAX_NUM_TASKS = 1_000_000


class DirectiveFamily:
    """Every task a directive can produce at one difficulty, behind the ``TaskSource`` protocol.

    ``max_difficulty`` sizes the fixed spaces: 1.0 (the default) fits every difficulty of the
    domains, so policies and curricula can move between difficulties; ``None`` sizes them for the
    family's own difficulty (after the directive's "easy"/"hard"), the smallest spaces.
    ``shuffle_slots`` places each task's objects in slots drawn from its spec id
    (:attr:`~gensim_gym.world.layout.Layout.shuffle_slots`), so every slot is trained on.
    ``prefetch`` worker processes (unlimited streams only; 0 = none; None = :func:`~gensim_gym.generation.
    prefetch.default_workers`) generate the next tasks ahead
    (:mod:`~gensim_gym.generation.prefetch`): the same tasks, off the training thread.
    """

    def __init__(self, directive: str, difficulty: float = 0.5, seed: int | None = None, num_tasks: int = 0, *,
                 knobs: Knobs | None = None, max_difficulty: float | None = 1.0,
                 shuffle_slots: bool = False, prefetch: int | None = None) -> None:
        if not isinstance(num_tasks, int) or num_tasks < 0:
            raise DirectiveError(f"num_tasks must be an integer >= 0 (0 = unlimited), got {num_tasks!r}")
        if num_tasks > MAX_NUM_TASKS:
            raise ArgumentError(f"num_tasks={num_tasks} is more than the {MAX_NUM_TASKS} task seeds a fixed pool may "
                                f"hold; use num_tasks=0 for an unlimited stream of tasks")
        self.directive = directive
        self.knobs = knobs or parse_directive(directive, difficulty)
        self.generator = OfflineGenerator(self.knobs, directive)
        # the spaces fit every task up to max_difficulty (at least the family's own difficulty)
        reach = self.knobs.difficulty if max_difficulty is None else max(max_difficulty, self.knobs.difficulty)
        self._layout = family_layout(self.knobs, reach, shuffle_slots=shuffle_slots)
        # the generator gets its own in-order layout: a spec must not depend on the env's placement
        self.generator.layout = family_layout(self.knobs, reach)
        self.seed = seed
        self.num_tasks = num_tasks
        entropy = 0 if seed is None else seed
        # kept as a uint32 array (4 bytes a seed, not a Python int's ~32)
        self.pool_seeds = (np.random.SeedSequence(entropy).generate_state(num_tasks) if num_tasks
                           else np.zeros(0, dtype=np.uint32))
        self._cache: OrderedDict[int, SimSpec] = OrderedDict()
        # what a prefetch worker needs to rebuild this family (it never prefetches itself)
        self._args = {"directive": directive, "difficulty": difficulty, "seed": seed, "knobs": self.knobs,
                      "max_difficulty": max_difficulty, "shuffle_slots": shuffle_slots, "prefetch": 0}
        self.prefetch = 0 if num_tasks else ahead.default_workers() if prefetch is None else int(prefetch)
        self._by_default = prefetch is None  # a default worker counts against ahead.default_slot_free()
        self._prefetcher: ahead.Prefetcher | None = None
        self._generated = 0  # tasks generated here (the worker starts after ahead.START_AFTER)
        # spec id -> (progress table or None, start state) from the worker
        self._tables: OrderedDict[str, tuple[dict | None, tuple[bytes, tuple[float, ...]]]] = OrderedDict()

    def layout(self) -> Layout:
        return self._layout

    def task_seed(self, rng: np.random.Generator) -> int:
        if len(self.pool_seeds):
            return int(self.pool_seeds[int(rng.integers(len(self.pool_seeds)))])
        return int(rng.integers(2**31 - 1))

    def sample(self, rng: np.random.Generator) -> SimSpec:
        seed = self.task_seed(rng)
        worker = self._prefetcher
        if worker is None:
            spec = self.spec_for_seed(seed)
            if self.prefetch and self._generated >= ahead.START_AFTER:
                worker = self._start()
        else:
            spec = self._take(worker, seed)
        if worker is not None:
            # the env's RNG draws the next task seeds at the next resets: ask for them now
            worker.follow(rng, seed, self.task_seed)
            if worker.mispredicted >= ahead.MAX_MISSES:  # the next seeds are not predictable (noisy tools)
                self.close()
                self.prefetch = 0
        return spec

    def spec_for_seed(self, task_seed: int) -> SimSpec:
        spec = self._cache.get(task_seed)
        if spec is None:
            spec = self.generate_task(task_seed)
            self._generated += 1
            self._remember(task_seed, spec)
        return spec

    def _remember(self, task_seed: int, spec: SimSpec) -> None:
        self._cache[task_seed] = spec
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _start(self) -> ahead.Prefetcher | None:
        if not ahead.available() or (self._by_default and not ahead.default_slot_free()):
            self.prefetch = 0  # a vector env's daemonic worker, or the process's default workers all taken
            return None
        self._prefetcher = ahead.Prefetcher(self._args, workers=self.prefetch)
        if self._by_default:
            ahead.count_default(self._prefetcher)
        return self._prefetcher

    def _take(self, worker: ahead.Prefetcher, seed: int) -> SimSpec:
        """The prefetched spec for ``seed`` (its progress table and start state kept for :meth:`start_state` and
        :meth:`restore_derived`), or one generated here."""
        spec = self._cache.get(seed)
        item = None if spec is not None else worker.take(seed)
        if item is None:
            return self.spec_for_seed(seed)
        spec, table, start = item
        self._remember(seed, spec)
        self._tables[spec.id] = (table, start)
        if len(self._tables) > 16:  # taken at the next compile of this spec: only a few ever wait
            self._tables.popitem(last=False)
        return spec

    def start_state(self, spec_id: str) -> tuple[bytes, tuple[float, ...]] | None:
        """Called by the env before compiling a task: the start state the worker computed for it, if any."""
        entry = self._tables.get(spec_id) if self._tables else None
        return entry[1] if entry is not None else None

    def restore_derived(self, world: CompiledWorld) -> None:
        """Called by the env on compiling a task: hand over what the worker computed for it."""
        entry = self._tables.pop(world.spec_id, None) if self._tables else None
        if entry is not None and entry[0] is not None:
            ahead.restore_progress(world, entry[0])

    def close(self) -> None:
        """Stop the prefetch worker, if one runs (the env's ``close`` calls this)."""
        if self._prefetcher is not None:
            self._prefetcher.close()
            self._prefetcher = None

    def compiled(self, spec: SimSpec) -> CompiledWorld:
        """``spec`` (the task :meth:`generate_task` returned last) compiled in :meth:`layout`: the generator's
        verified world of it where the two layouts are equal (slots not shuffled), else compiled afresh."""
        world = None if self._layout.shuffle_slots else self.generator.compiled(spec)
        return world if world is not None else CompiledWorld(spec, self._layout)

    def generate_task(self, task_seed: int) -> SimSpec:
        """The task of ``task_seed``; a seed the generator finds no acceptable task for (it happens at low
        difficulty, where most drafts are too easy) gives way to seeds derived from it, so a training run
        never dies at a reset. A task easier than asked (``offline.easier_than_asked``: the generator's last resort)
        gives way too, and is the task only where no derived seed gives another. Deterministic: the same seed always
        gives the same task."""
        first: GenerationError | None = None
        easy: SimSpec | None = None
        for k in range(SEED_RETRIES + 1):
            seed = task_seed if k == 0 else int(np.random.SeedSequence([task_seed, k]).generate_state(1)[0])
            try:
                spec = self.generator.generate(seed)
            except GenerationError as error:
                first = first or error
                continue
            if not easier_than_asked(spec):
                return spec
            easy = easy or spec
        if easy is not None:
            return easy
        assert first is not None  # every try either raised or was easier than asked
        raise first
