"""Baseline curricula with the same interface, for honest comparison with ``AlphaCurriculum``.

* ``UniformCurriculum`` — GenEnv-Random: tasks of random difficulty θ ~ U(theta_range);
  each spec is replayed at most ``max_plays`` times, then replaced by a fresh one.
  With ``theta_range=(0.8, 1.0)`` it is the "hard-only" baseline.
* ``StaticCurriculum`` — GenEnv-Static: one pool generated up front, never changed.
* ``ThresholdCurriculum`` — a fixed-threshold ladder: raise the difficulty
  level when the windowed success rate exceeds ``raise_at`` (0.7), lower it
  below ``lower_at`` (0.3).
* ``LearnabilityCurriculum`` — prioritise specs by p̂(1 − p̂) of their posterior
  (PLR-style), with random-difficulty refills.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

import numpy as np

from gensim_gym._checks import Checks
from gensim_gym.curriculum.base import EpisodeResult
from gensim_gym.curriculum.pool import Entry, PoolCurriculum
from gensim_gym.curriculum.reward import learnability
from gensim_gym.curriculum.state_checks import StateCheck
from gensim_gym.errors import Error


class UniformCurriculum(PoolCurriculum):
    """Random difficulty (GenEnv-Random): θ ~ U(theta_range), specs refreshed after ``max_plays`` plays."""

    name = "uniform"

    def __init__(self, directive: str | None = None, *, generator: Any = None, seed: int = 0, pool_size: int = 32,
                 refill_batch: int = 4, theta_range: tuple[float, float] = (0.0, 1.0), max_plays: int = 8) -> None:
        self._check_arguments({"directive": directive, "generator": generator, "seed": seed, "pool_size": pool_size,
                              "refill_batch": refill_batch, "theta_range": theta_range, "max_plays": max_plays})
        super().__init__(directive, generator=generator, seed=seed, pool_size=pool_size, refill_batch=refill_batch,
                         theta_range=theta_range)
        self.max_plays = max_plays

    @classmethod
    def _check(cls, c: Checks, a: Mapping[str, Any]) -> None:
        super()._check(c, a)
        if "max_plays" in a:
            c.integer("max_plays", a["max_plays"], 1)

    def _learn(self, entry: Entry | None, theta: float | None, arm: int, result: EpisodeResult) -> None:
        if entry is not None and entry.plays >= self.max_plays:
            self.retire(entry.task.task_id)

    def _config(self) -> dict[str, Any]:
        return {**super()._config(), "max_plays": self.max_plays}


class StaticCurriculum(PoolCurriculum):
    """One pool of ``pool_size`` specs at θ ~ U(theta_range), generated once (GenEnv-Static)."""

    name = "static"
    #: its one pool is the whole training set: a loop whose directive changes keeps it (see simulator.adapter)
    regenerates = False

    def sample(self):
        if self.counters["generated"] == 0:
            self.refill(self.pool_size)
        if not self.pool:
            raise Error("StaticCurriculum: the generator produced no spec for the pool")
        return self._choose(list(self.pool.values())).task


class ThresholdCurriculum(PoolCurriculum):
    """Difficulty ladder: level += step above ``raise_at`` windowed success, −= step below ``lower_at``."""

    name = "threshold"

    def __init__(self, directive: str | None = None, *, generator: Any = None, seed: int = 0, pool_size: int = 16,
                 refill_batch: int = 4, start: float = 0.1, step_size: float = 0.1, width: float = 0.1,
                 raise_at: float = 0.7, lower_at: float = 0.3, window: int = 32, max_plays: int = 8) -> None:
        self._check_arguments({"directive": directive, "generator": generator, "seed": seed, "pool_size": pool_size,
                              "refill_batch": refill_batch, "start": start, "step_size": step_size, "width": width,
                              "raise_at": raise_at, "lower_at": lower_at, "window": window, "max_plays": max_plays})
        super().__init__(directive, generator=generator, seed=seed, pool_size=pool_size, refill_batch=refill_batch)
        self.level, self.step_size, self.width = float(start), float(step_size), float(width)
        self.raise_at, self.lower_at, self.window, self.max_plays = raise_at, lower_at, window, max_plays
        self.outcomes: deque[bool] = deque(maxlen=window)

    @classmethod
    def _check(cls, c: Checks, a: Mapping[str, Any]) -> None:
        super()._check(c, a)
        for name in ("start", "step_size", "width", "raise_at", "lower_at"):
            if name in a:
                c.number(name, a[name], 0.0, 1.0)
        if isinstance(a.get("lower_at"), float | int) and isinstance(a.get("raise_at"), float | int) \
                and not a["lower_at"] < a["raise_at"]:
            c.fail("lower_at", a["lower_at"], f"must be below raise_at={a['raise_at']!r}")
        for name in ("window", "max_plays"):
            if name in a:
                c.integer(name, a[name], 1)

    def _propose(self) -> tuple[float, int]:
        lo = max(0.0, self.level - self.width / 2)
        hi = min(1.0, self.level + self.width / 2)
        return float(self.rng.uniform(lo, hi)), int(self.rng.integers(self.n_arms))

    def _learn(self, entry: Entry | None, theta: float | None, arm: int, result: EpisodeResult) -> None:
        self.outcomes.append(result.is_success)
        if entry is not None and entry.plays >= self.max_plays:
            self.retire(entry.task.task_id)
        if len(self.outcomes) < self.window:
            return
        rate = float(np.mean(self.outcomes))
        old = self.level
        if rate > self.raise_at:
            self.level = min(1.0, self.level + self.step_size)
        elif rate < self.lower_at:
            self.level = max(0.0, self.level - self.step_size)
        if self.level != old:
            self.outcomes.clear()
            for task_id in [k for k, e in self.pool.items() if abs(e.task.theta - self.level) > self.width]:
                self.retire(task_id)  # the ladder moved: drop tasks of the old level

    def stats(self) -> dict[str, float]:
        return {**super().stats(), "difficulty": self.level}

    def _config(self) -> dict[str, Any]:
        return {**super()._config(), "step_size": self.step_size, "width": self.width, "raise_at": self.raise_at,
                "lower_at": self.lower_at, "window": self.window, "max_plays": self.max_plays}

    def _extra_state(self) -> dict[str, Any]:
        return {"level": self.level, "outcomes": list(self.outcomes)}

    def _state_fields(self) -> dict[str, type | tuple[type, ...]]:
        return {"level": (int, float), "outcomes": list}

    def _check_state(self, owner: str, state: Mapping[str, Any]) -> None:
        check = StateCheck(owner)
        check.number("$.level", state["level"], 0.0, 1.0)
        for i, outcome in enumerate(state["outcomes"]):
            check.boolean(f"$.outcomes[{i}]", outcome)
        check.done()

    def _load_extra(self, state: Mapping[str, Any]) -> None:
        self.level = float(state["level"])
        self.outcomes = deque((bool(o) for o in state["outcomes"]), maxlen=self.window)


class LearnabilityCurriculum(PoolCurriculum):
    """Play specs with probability ∝ p̂(1 − p̂) + ε (posterior mean); retire specs after ``max_plays``."""

    name = "learnability"

    def __init__(self, directive: str | None = None, *, generator: Any = None, seed: int = 0, pool_size: int = 32,
                 refill_batch: int = 4, eps: float = 0.02, max_plays: int = 32) -> None:
        self._check_arguments({"directive": directive, "generator": generator, "seed": seed, "pool_size": pool_size,
                              "refill_batch": refill_batch, "eps": eps, "max_plays": max_plays})
        super().__init__(directive, generator=generator, seed=seed, pool_size=pool_size, refill_batch=refill_batch)
        self.eps, self.max_plays = eps, max_plays

    @classmethod
    def _check(cls, c: Checks, a: Mapping[str, Any]) -> None:
        super()._check(c, a)
        if "eps" in a:
            c.number("eps", a["eps"], 0.0, open_low=True)
        if "max_plays" in a:
            c.integer("max_plays", a["max_plays"], 1)

    def _choose(self, entries: list[Entry]) -> Entry:
        weights = np.array([learnability(e.post.mean) + self.eps for e in entries])
        return entries[int(self.rng.choice(len(entries), p=weights / weights.sum()))]

    def _learn(self, entry: Entry | None, theta: float | None, arm: int, result: EpisodeResult) -> None:
        if entry is not None and entry.plays >= self.max_plays:
            self.retire(entry.task.task_id)

    def _config(self) -> dict[str, Any]:
        return {**super()._config(), "eps": self.eps, "max_plays": self.max_plays}
