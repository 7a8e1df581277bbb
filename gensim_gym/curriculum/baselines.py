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

from gensim_gym.curriculum.config import (
    CurriculumConfig,
    LearnabilityConfig,
    RangeConfig,
    ThresholdConfig,
    UniformConfig,
)
from gensim_gym.curriculum.pool import Entry, PoolCurriculum
from gensim_gym.curriculum.reward import learnability
from gensim_gym.curriculum.state_checks import StateCheck
from gensim_gym.envs.result import EpisodeResult
from gensim_gym.errors import Error


class UniformCurriculum(PoolCurriculum):
    """Random difficulty (GenEnv-Random): θ ~ U(theta_range), specs refreshed after ``max_plays`` plays."""

    name = "uniform"
    Config = UniformConfig

    def _learn(self, entry: Entry | None, theta: float | None, arm: int, result: EpisodeResult) -> None:
        if entry is not None and entry.plays >= self.max_plays:
            self.retire(entry.task.task_id)


class StaticCurriculum(PoolCurriculum):
    """One pool of ``pool_size`` specs at θ ~ U(theta_range), generated once (GenEnv-Static)."""

    name = "static"
    Config = RangeConfig
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
    Config = ThresholdConfig

    def _setup(self, config: CurriculumConfig, generator: Any) -> None:
        super()._setup(config, generator)
        self.level = float(self.start)
        self.outcomes: deque[bool] = deque(maxlen=self.window)

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
    Config = LearnabilityConfig

    def _choose(self, entries: list[Entry]) -> Entry:
        weights = np.array([learnability(e.post.mean) + self.eps for e in entries])
        return entries[int(self.rng.choice(len(entries), p=weights / weights.sum()))]

    def _learn(self, entry: Entry | None, theta: float | None, arm: int, result: EpisodeResult) -> None:
        if entry is not None and entry.plays >= self.max_plays:
            self.retire(entry.task.task_id)
