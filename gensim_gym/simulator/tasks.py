"""Epoch task sources (the curriculum side of Algorithm 1, phases 1-2) and the offline generator hook.

The loop asks a *task curriculum* for the epoch's accepted specs under the
current directive, reports every rollout back, and closes the epoch. This is
a small internal protocol; the full ``gensim_gym.curriculum`` package
(AlphaCurriculum with π_env and RWR) plugs in through an adapter — see
``notes/loop.md``. The built-in policies are deliberately simple:

* ``alpha``: a difficulty ladder that steps θ up when the batch success rate
  p̂ is above the α band and down when below (GenEnv's α target, no RWR);
* ``uniform``: θ ~ U(0, 1) (GenEnv-Random);
* ``static``: the first epoch's tasks, forever (GenEnv-Static).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from gensim_gym.errors import BackendError, CapacityError, Error
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator, family_layout
from gensim_gym.oversight.memory import EpisodeResult
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.layout import Layout

GenerateFn = Callable[[str, float, int], SimSpec]


def alpha_reward(p_hat: float, alpha: float = 0.5, beta: float = 10.0) -> float:
    """GenEnv's α-Curriculum reward: 1 at p̂ = α, falling off towards 0 and 1."""
    return math.exp(-beta * (p_hat - alpha) ** 2)


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
                gen = OfflineGenerator(parse_directive(directive, key[1]), directive)
            gen.layout = self.layout
            self._generators[key] = gen
        return gen.generate(seed)


def directive_layout(directive: str) -> Layout:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return family_layout(parse_directive(directive))


@dataclass
class EpochTasks:
    accepted: list[SimSpec] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    thetas: list[float] = field(default_factory=list)


class TaskCurriculum(Protocol):
    """What the loop needs from a curriculum."""

    name: str

    def propose(self, directive: str, k: int, epoch: int, generate: GenerateFn) -> EpochTasks: ...

    def update(self, spec: SimSpec, result: EpisodeResult) -> None: ...

    def end_epoch(self, results: Sequence[EpisodeResult]) -> dict[str, Any]: ...

    def state_dict(self) -> dict[str, Any]: ...

    def load_state_dict(self, state: dict[str, Any]) -> None: ...


class LadderCurriculum:
    """π_env over θ (difficulty): a Gaussian around a level that follows the α band; filter = dedupe + fit."""

    def __init__(self, kind: str = "alpha", *, start: float = 0.3, step: float = 0.1, alpha: float = 0.5,
                 band: float = 0.2, spread: float = 0.1, seed: int = 0, layout: Layout | None = None) -> None:
        if kind not in ("alpha", "uniform", "static"):
            raise Error(f"unknown curriculum {kind!r}; choose alpha, uniform or static")
        self.name = kind
        self.level, self.step, self.alpha, self.band, self.spread = start, step, alpha, band, spread
        self.seed = seed
        self.layout = layout
        self.static: list[str] = []  # spec JSON of the static pool
        self.stats: dict[str, list[int]] = {}  # task id -> [successes, trials]

    def _theta(self, rng: np.random.Generator) -> float:
        if self.name == "uniform":
            return float(rng.uniform(0.0, 1.0))
        return float(np.clip(self.level + rng.normal(0.0, self.spread), 0.0, 1.0))

    def propose(self, directive: str, k: int, epoch: int, generate: GenerateFn) -> EpochTasks:
        if self.name == "static" and self.static:
            return EpochTasks([SimSpec.from_json(s) for s in self.static], [], [])
        rng = np.random.default_rng([self.seed, epoch, 17])
        out, seen = EpochTasks(), set()
        for attempt in range(3 * k):
            if len(out.accepted) >= k:
                break
            theta = self._theta(rng)
            task_seed = int(rng.integers(2**31 - 1))
            try:
                spec = generate(directive, theta, task_seed)
            except BackendError:  # transport or credentials: every further task would fail the same way
                raise
            except Error as exc:
                out.rejected.append({"theta": round(theta, 3), "seed": task_seed, "reason": f"generation: {exc}"[:300]})
                continue
            reason = self._filter(spec, seen)
            if reason:
                out.rejected.append({"theta": round(theta, 3), "seed": task_seed, "task_id": spec.id,
                                     "reason": reason})
                continue
            seen.add(spec.id)
            out.accepted.append(spec.with_meta(theta=round(theta, 4), attempt=attempt))
            out.thetas.append(theta)
        if self.name == "static":
            self.static = [s.to_json(indent=None) for s in out.accepted]
        return out

    def _filter(self, spec: SimSpec, seen: set[str]) -> str:
        if spec.id in seen:
            return "duplicate of a task already accepted this epoch"
        if self.layout is not None:
            try:
                self.layout.check_fits(spec)
            except CapacityError as exc:
                return f"does not fit the environment's spaces: {exc}"
        return ""

    def update(self, spec: SimSpec, result: EpisodeResult) -> None:
        s = self.stats.setdefault(spec.id, [0, 0])
        s[0] += int(result.success)
        s[1] += 1

    def end_epoch(self, results: Sequence[EpisodeResult]) -> dict[str, Any]:
        p_hat = float(np.mean([r.success for r in results])) if results else 0.0
        before = self.level
        if self.name == "alpha":
            if p_hat > self.alpha + self.band:
                self.level = min(1.0, self.level + self.step)
            elif p_hat < self.alpha - self.band:
                self.level = max(0.0, self.level - self.step)
        return {"p_hat": round(p_hat, 4), "r_env": round(alpha_reward(p_hat, self.alpha), 4),
                "level_before": round(before, 4), "level_after": round(self.level, 4), "pool": len(self.stats)}

    def task_p_hat(self, spec_id: str) -> float:
        """Posterior mean success of one task under a Beta(1, 1) prior."""
        s, n = self.stats.get(spec_id, [0, 0])
        return (s + 1) / (n + 2)

    def state_dict(self) -> dict[str, Any]:
        return {"name": self.name, "level": self.level, "static": list(self.static),
                "stats": {k: list(v) for k, v in self.stats.items()}}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.level = float(state["level"])
        self.static = list(state.get("static", []))
        self.stats = {k: list(v) for k, v in state.get("stats", {}).items()}


class EpochSource:
    """The training environment's task source: uniform over the epoch's accepted specs."""

    def __init__(self, layout: Layout, specs: Sequence[SimSpec] = ()) -> None:
        self._layout = layout
        self.specs = list(specs)

    def set_specs(self, specs: Sequence[SimSpec]) -> None:
        if not specs:
            raise Error("an epoch needs at least one accepted task to train on")
        self.specs = list(specs)

    def layout(self) -> Layout:
        return self._layout

    def sample(self, rng: np.random.Generator) -> SimSpec:
        if not self.specs:
            raise Error("the training task source is empty; the loop fills it before learning")
        return self.specs[int(rng.integers(len(self.specs)))]
