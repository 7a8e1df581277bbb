"""A directive's task family as a task source for the environment (Procgen's convention).

``num_tasks=0`` gives an unlimited stream: each reset draws a task seed from
the environment's RNG. ``num_tasks=N`` gives a fixed pool of N task seeds
derived from the family seed. Generated specs are cached in memory, so a
pool costs N generations however many episodes are played.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from gensim_gym.errors import ArgumentError, DirectiveError
from gensim_gym.generation.directive import Knobs, parse_directive
from gensim_gym.generation.offline import OfflineGenerator, family_layout
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.layout import Layout

CACHE_SIZE = 512
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
    """

    def __init__(self, directive: str, difficulty: float = 0.5, seed: int | None = None, num_tasks: int = 0, *,
                 knobs: Knobs | None = None, max_difficulty: float | None = 1.0,
                 shuffle_slots: bool = False) -> None:
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

    def layout(self) -> Layout:
        return self._layout

    def task_seed(self, rng: np.random.Generator) -> int:
        if len(self.pool_seeds):
            return int(self.pool_seeds[int(rng.integers(len(self.pool_seeds)))])
        return int(rng.integers(2**31 - 1))

    def sample(self, rng: np.random.Generator) -> SimSpec:
        return self.spec_for_seed(self.task_seed(rng))

    def spec_for_seed(self, task_seed: int) -> SimSpec:
        spec = self._cache.get(task_seed)
        if spec is None:
            spec = self.generator.generate(task_seed)
            self._cache[task_seed] = spec
            if len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return spec
