"""Helpers for curriculum tests: a cheap synthetic generator and synthetic agents with known success curves."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

DIRECTIVE = "warehouse tasks"


class SyntheticGenerator:
    """Distinct real specs at any θ in microseconds: one real spec with a θ-dependent description/meta."""

    def __init__(self, base) -> None:
        self.base = base
        self.calls = 0

    def __call__(self, theta: float, seed: int):
        self.calls += 1
        spec = replace(self.base, task=replace(self.base.task, description=f"synthetic θ={theta:.6f} seed={seed}"))
        return spec.with_meta(difficulty={"score": theta, "plan_length": 2 + round(10 * theta), "objects": 4,
                                          "tools": 3}, synthetic_theta=theta)


def success_prob(theta: float, skill: float, width: float = 0.07) -> float:
    """A known success-vs-difficulty curve: 0.5 exactly at θ = skill."""
    return 1.0 / (1.0 + math.exp((theta - skill) / width))


def run_synthetic(cur, skill: float, episodes: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(episodes):
        task = cur.sample()
        cur.update(task, {"is_success": bool(rng.random() < success_prob(task.theta, skill)), "return": 0.0})
