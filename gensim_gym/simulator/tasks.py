"""The loop's task plumbing: a fixed layout per run, the offline ``generate`` hook and the training task source.

The curriculum itself is :mod:`gensim_gym.curriculum` (see
:mod:`gensim_gym.simulator.adapter` for how the loop drives it); this module
holds only what every backend shares.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence

import numpy as np

from gensim_gym.errors import Error
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator, family_layout
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.layout import Layout

GenerateFn = Callable[[str, float, int], SimSpec]


def directive_layout(directive: str) -> Layout:
    """The run's one layout: it fits every difficulty (``max_difficulty=1.0``) of the directive's domains.

    Oversight never changes the domains, so every directive of a run fits it and the spaces (and the
    trained policy) stay valid for the whole run.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return family_layout(parse_directive(directive, on_unknown="fallback"), 1.0)


class OfflineTasks:
    """``generate(directive, difficulty, seed)`` with the offline generator, on one fixed layout."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._generators: dict[tuple[str, float], OfflineGenerator] = {}

    def __call__(self, directive: str, difficulty: float, seed: int) -> SimSpec:
        key = (directive, round(difficulty, 2))
        gen = self._generators.get(key)
        if gen is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                gen = OfflineGenerator(parse_directive(directive, key[1], on_unknown="fallback"), directive)
            gen.layout = self.layout
            self._generators[key] = gen
        return gen.generate(seed)


class EpochSource:
    """The training environment's task source: uniform over the epoch's specs."""

    def __init__(self, layout: Layout, specs: Sequence[SimSpec] = ()) -> None:
        self._layout = layout
        self.specs = list(specs)

    def set_specs(self, specs: Sequence[SimSpec]) -> None:
        if not specs:
            raise Error("an epoch needs at least one task to train on")
        self.specs = list(specs)

    def layout(self) -> Layout:
        return self._layout

    def sample(self, rng: np.random.Generator) -> SimSpec:
        if not self.specs:
            raise Error("the training task source is empty; the loop fills it before learning")
        return self.specs[int(rng.integers(len(self.specs)))]
