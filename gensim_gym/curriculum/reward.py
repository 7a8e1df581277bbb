"""The α-Curriculum Reward and Beta posteriors over success rates.

R_env (GenEnv's environment reward) scores how useful a success rate p̂ is
for learning: it peaks at the target α and falls to its minimum, 0, at p̂ = 0
and p̂ = 1 (for α = 0.5; for other α the far end reaches 0)::

    R_env(p̂) = 1 − ((p̂ − α) / max(α, 1 − α))²

Success rates are estimated as Beta posteriors rather than raw ratios, so a
spec tried twice is not trusted like one tried fifty times. scipy is not a
dependency: tail probabilities are computed on a fixed grid, which is exact
enough (≈1e-3) for band decisions and fully deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import overload

import numpy as np

from gensim_gym.errors import ArgumentError

_GRID = np.linspace(0.0005, 0.9995, 1000)
_LOG_GRID = np.log(_GRID)
_LOG_1M_GRID = np.log1p(-_GRID)
# (a, b, lo, hi) -> tails: pooled specs have integer counts, so the same few posteriors recur
_TAILS: dict[tuple[float, float, float, float], tuple[float, float]] = {}


@overload
def alpha_reward(p_hat: np.ndarray, alpha: float = 0.5) -> np.ndarray: ...
@overload
def alpha_reward(p_hat: float, alpha: float = 0.5) -> float: ...
def alpha_reward(p_hat: float | np.ndarray, alpha: float = 0.5) -> float | np.ndarray:
    """R_env(p̂) = 1 − ((p̂ − α) / max(α, 1 − α))²: 1 at p̂ = α, lowest at 0 and 1.

    The one place R_env is computed: :class:`~gensim_gym.curriculum.AlphaCurriculum` calls it for π_env's
    RWR weights, its batch statistics and (on an array of Thompson draws) its pick weights. An array
    ``p_hat`` gives an array, element for element the floats a scalar call gives.

    >>> alpha_reward(0.5), alpha_reward(0.0), alpha_reward(1.0)
    (1.0, 0.0, 0.0)
    """
    if not 0.0 < alpha < 1.0:
        raise ArgumentError(f"alpha must lie strictly between 0 and 1, got {alpha!r}")
    scale = max(alpha, 1.0 - alpha)
    if isinstance(p_hat, np.ndarray):
        d = (p_hat - alpha) / scale
        d *= d
        return np.subtract(1.0, d, out=d)
    t = (float(p_hat) - alpha) / scale
    return 1.0 - t * t  # t * t, not t ** 2: pow() may differ in the last bit


def learnability(p_hat: float) -> float:
    """The learnability score p̂(1 − p̂) (maximal at 0.5), as in PLR-style curricula."""
    return float(p_hat * (1.0 - p_hat))


@dataclass
class BetaPosterior:
    """Beta(a, b) posterior over a success probability, with optional forgetting.

    ``decay`` < 1 shrinks past evidence towards the prior before each update,
    so estimates follow an agent whose skill changes (an effective window of
    about 1 / (1 − decay) results).
    """

    a: float = 1.0
    b: float = 1.0
    prior_a: float = 1.0
    prior_b: float = 1.0

    @property
    def mean(self) -> float:
        return self.a / (self.a + self.b)

    @property
    def n(self) -> float:
        """Evidence beyond the prior (number of results, discounted by forgetting)."""
        return self.a + self.b - self.prior_a - self.prior_b

    def update(self, success: bool, decay: float = 1.0) -> None:
        if decay < 1.0:
            self.a = self.prior_a + decay * (self.a - self.prior_a)
            self.b = self.prior_b + decay * (self.b - self.prior_b)
        self.a += 1.0 if success else 0.0
        self.b += 0.0 if success else 1.0

    def cdf(self, x: float) -> float:
        """P(p ≤ x) under the posterior (grid integration)."""
        logpdf = (self.a - 1.0) * _LOG_GRID + (self.b - 1.0) * _LOG_1M_GRID
        w = np.exp(logpdf - logpdf.max())
        return float(w[x >= _GRID].sum() / w.sum())

    def tails(self, lo: float, hi: float) -> tuple[float, float]:
        """``(P(p ≤ lo), 1 − P(p ≤ hi))``: the same numbers as two :meth:`cdf` calls, one grid pass, memoised."""
        key = (self.a, self.b, lo, hi)
        hit = _TAILS.get(key)
        if hit is None:
            logpdf = (self.a - 1.0) * _LOG_GRID + (self.b - 1.0) * _LOG_1M_GRID
            w = np.exp(logpdf - logpdf.max())
            total = w.sum()
            hit = (float(w[lo >= _GRID].sum() / total), 1.0 - float(w[hi >= _GRID].sum() / total))
            if len(_TAILS) >= 4096:
                _TAILS.clear()
            _TAILS[key] = hit
        return hit

    def sample(self, rng: np.random.Generator) -> float:
        return float(rng.beta(self.a, self.b))

    def to_list(self) -> list[float]:
        return [self.a, self.b, self.prior_a, self.prior_b]

    @classmethod
    def from_list(cls, values: list[float]) -> BetaPosterior:
        return cls(*map(float, values))
