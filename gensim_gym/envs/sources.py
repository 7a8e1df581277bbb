"""Task sources: where an environment's ``reset`` gets its next task from.

The environment never generates (and never calls an LLM) itself; it asks a
task source for a spec with its own seeded RNG. Sources built from a
directive live in the generation layer; the runtime only knows this protocol.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from gensim_gym.spec.model import SimSpec
from gensim_gym.world.layout import Layout


@runtime_checkable
class TaskSource(Protocol):
    """Supplies specs to an environment.

    ``layout`` fixes the spaces for every spec ``sample`` can return. Optional: ``restore_derived(world)``,
    called when the env compiles a task, hands over tables computed elsewhere (a prefetch worker's
    progress table); ``close()``, called by the env's ``close``, releases resources.
    """

    def layout(self) -> Layout: ...

    def sample(self, rng: np.random.Generator) -> SimSpec: ...


class FixedSpec:
    """A source that always plays one spec."""

    def __init__(self, spec: SimSpec, layout: Layout | None = None) -> None:
        self.spec = spec
        self._layout = layout or Layout.from_spec(spec)
        self._layout.check_fits(spec)

    def layout(self) -> Layout:
        return self._layout

    def sample(self, rng: np.random.Generator) -> SimSpec:
        return self.spec
