"""Spec generators for curricula: ``(theta, seed[, arm]) -> SimSpec`` over any backend.

The curriculum only sees this callable, so an LLM backend plugs in through
the same ``generate(...)`` API as the offline one. When a directive names
several domains each domain is an *arm* (a task family π_env chooses
between); every arm's specs fit the directive's one family layout, so the
environment's spaces never change.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gensim_gym.errors import GenerationError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator, easier_than_asked, family_layout
from gensim_gym.spec.model import SimSpec


class DirectiveGenerator:
    """Offline generator for a directive at a continuous difficulty θ; one arm per named domain."""

    def __init__(self, directive: str, per_domain: bool = True) -> None:
        self.directive = directive
        knobs = parse_directive(directive, 0.5, on_unknown="fallback")
        self.domains = knobs.domains
        self.layout = family_layout(knobs)
        self.arms: tuple[tuple[str, ...], ...] = (tuple((d,) for d in knobs.domains)
                                                   if per_domain and len(knobs.domains) > 1 else (knobs.domains,))

    @property
    def n_arms(self) -> int:
        return len(self.arms)

    def arm_name(self, arm: int) -> str:
        return "+".join(self.arms[arm])

    def __call__(self, theta: float, seed: int, arm: int = 0) -> SimSpec:
        theta = min(1.0, max(0.0, float(theta)))
        knobs = replace(parse_directive(self.directive, theta, on_unknown="fallback"), domains=self.arms[arm])
        spec = OfflineGenerator(knobs, self.directive).generate(int(seed))
        if easier_than_asked(spec):  # the generator's last resort is no task at θ: the pool counts it failed
            raise GenerationError(f"no task at difficulty {theta} for seed {seed}: {spec.meta['difficulty']['note']}")
        return spec.with_meta(curriculum={"theta": round(theta, 6), "arm": arm})

    def __repr__(self) -> str:
        return f"DirectiveGenerator({self.directive!r})"


def call_generator(generator: Any, theta: float, seed: int, arm: int) -> SimSpec:
    """Call a generator, passing ``arm`` only to generators that have several."""
    if getattr(generator, "n_arms", 1) > 1:
        return generator(theta, seed, arm=arm)
    return generator(theta, seed)
