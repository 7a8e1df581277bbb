"""The curriculum filter C of the Generative Simulator: predict success on a candidate spec before admitting it.

Offline, the prediction is a small logistic regression of the agent's
observed outcomes on *measured* difficulty features of the specs it played
(difficulty score, golden-plan length, objects, tools). It is refitted by a
few Newton (IRLS) steps with an L2 penalty, which is cheap for the few
hundred recent outcomes kept. The refit is lazy: observing an outcome only
stores it, and a prediction first refits when ``refit_every`` outcomes have
arrived since the last fit (or makes the first fit once it can), so a run that
admits no new spec pays no fits. A ``predict`` hook (e.g. an LLM reading
``prompts/filter.j2``) can replace or complement it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import islice
from typing import Any, cast

import numpy as np

from gensim_gym.spec.model import SimSpec

FEATURES = 5  # the length of spec_features' vector (a saved predictor state is checked against it)


def spec_features(spec: SimSpec) -> np.ndarray:
    """Measured difficulty features scaled to about [0, 1], plus a bias term."""
    d = spec.meta.get("difficulty", {}) if isinstance(spec.meta, dict) else {}
    score = d.get("score", spec.measured_difficulty or 0.0) or 0.0
    plan = d.get("plan_length", len(spec.golden_plan))
    return np.array([1.0, float(score), min(float(plan) / 12.0, 2.0),
                     min(float(d.get("objects", 0)) / 12.0, 2.0), min(float(d.get("tools", 0)) / 8.0, 2.0)])


class SuccessPredictor:
    """Logistic regression P(success | spec features), fitted to the outcomes seen so far."""

    def __init__(self, l2: float = 1.0, memory: int = 1024, min_obs: int = 40, refit_every: int = 64) -> None:
        self.l2 = l2
        self.min_obs = min_obs
        self.refit_every = refit_every
        self.xs: deque[list[float]] = deque(maxlen=memory)
        self.ys: deque[float] = deque(maxlen=memory)
        self.w: np.ndarray | None = None
        self._since_fit = 0
        self._reset_buffer()

    def _reset_buffer(self) -> None:
        # The same window as ``xs``/``ys`` as arrays, so fit() need not convert a deque of lists each time:
        # every row is written twice (at i and i + memory), so the window in deque order is one slice. The
        # deques are the record; rows reach the arrays in bulk when a fit reads them (``_sync``).
        self._buf_x: np.ndarray | None = None
        self._buf_y = np.empty(2 * self._memory)
        self._count = 0  # rows written to the arrays, ever
        self._observed = len(self.ys)  # rows observed, ever (a loaded window counts as observed)

    @property
    def _memory(self) -> int:
        """The window's size (``xs`` is always made with a ``maxlen``)."""
        return cast(int, self.xs.maxlen)

    def _sync(self) -> None:
        """Write the rows observed since the last fit into the ring arrays (one vectorised write)."""
        k = min(self._observed - self._count, len(self.ys))
        if k <= 0:
            return
        memory = self._memory
        start = len(self.ys) - k
        rows = np.asarray(list(islice(self.xs, start, None)), dtype=float)
        labels = np.asarray(list(islice(self.ys, start, None)), dtype=float)
        if self._buf_x is None or self._buf_x.shape[1] != rows.shape[1]:
            self._buf_x = np.empty((2 * memory, rows.shape[1]))
        first = self._observed - k
        idx = (first + np.arange(k)) % memory
        self._buf_x[idx] = rows
        self._buf_x[idx + memory] = rows
        self._buf_y[idx] = labels
        self._buf_y[idx + memory] = labels
        self._count = self._observed

    def _window(self) -> tuple[np.ndarray, np.ndarray]:
        if not self.ys:
            return np.asarray(self.xs), np.asarray(self.ys)
        self._sync()
        memory = self._memory
        assert self._buf_x is not None  # _sync made it: there are rows
        start = self._count % memory if self._count > memory else 0
        stop = start + min(self._count, memory)
        # copies: the same fresh arrays np.asarray(self.xs) made
        return self._buf_x[start:stop].copy(), self._buf_y[start:stop].copy()

    @property
    def ready(self) -> bool:
        """Whether :meth:`predict` gives a number: fitted already, or enough outcomes for the first fit."""
        return self.w is not None or self._fit_due()

    def _fit_due(self) -> bool:
        if self.w is None:
            return len(self.ys) >= self.min_obs and self._both_outcomes()
        return self._since_fit >= self.refit_every

    def refresh(self) -> bool:
        """Refit if due (first fit possible, or ``refit_every`` outcomes since the last); return whether it did."""
        if not self._fit_due():
            return False
        self.fit()
        return True

    def observe(self, features: SimSpec | list[float], success: bool) -> None:
        """Record one outcome on a spec (or on its precomputed :func:`spec_features`); the fit waits for a predict."""
        x = spec_features(features).tolist() if isinstance(features, SimSpec) else list(features)
        self.xs.append(x)
        self.ys.append(1.0 if success else 0.0)
        self._observed += 1
        self._since_fit += 1

    def observe_many(self, xs: list[list[float]], ys: list[float]) -> None:
        """Record outcomes (feature rows and 0/1 labels) in order, as ``observe`` would one by one."""
        self.xs.extend(xs)
        self.ys.extend(ys)
        self._observed += len(ys)
        self._since_fit += len(ys)

    def _both_outcomes(self, least: int = 5) -> bool:
        # With only failures (or only successes) seen, the fit says "everything fails" and the
        # filter would reject every candidate: wait until there is something to discriminate.
        wins = sum(self.ys)
        return wins >= least and len(self.ys) - wins >= least

    def fit(self, iterations: int = 8, tol: float = 1e-10) -> None:
        """Up to ``iterations`` Newton steps (warm-started); stops once a step moves no weight by more than ``tol``.

        Newton converges quadratically here, so stopping at ``tol`` leaves the weights within about
        ``tol`` of where the remaining steps would have taken them (refits usually stop after 2–4 steps).
        """
        x, y = self._window()
        w = np.zeros(x.shape[1]) if self.w is None else self.w.copy()
        reg = self.l2 * np.eye(x.shape[1])
        reg[0, 0] = 1e-6  # do not shrink the intercept
        for _ in range(iterations):
            p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
            grad = x.T @ (p - y) + reg @ w
            hess = (x * (p * (1 - p))[:, None]).T @ x + reg
            delta = np.linalg.solve(hess, grad)
            w = w - delta
            if np.abs(delta).max() <= tol:
                break
        self.w = w
        self._since_fit = 0

    def predict(self, spec: SimSpec) -> float | None:
        """P(success) on ``spec``, refitting first if it is due; None before there is anything to fit."""
        self.refresh()
        if self.w is None:
            return None
        return float(1.0 / (1.0 + np.exp(-np.clip(spec_features(spec) @ self.w, -30, 30))))

    def state_dict(self) -> dict[str, Any]:
        return {"xs": list(self.xs), "ys": list(self.ys), "w": None if self.w is None else self.w.tolist(),
                "since_fit": self._since_fit}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.xs = deque(state["xs"], maxlen=self.xs.maxlen)
        self.ys = deque(state["ys"], maxlen=self.ys.maxlen)
        self.w = None if state["w"] is None else np.asarray(state["w"], dtype=float)
        self._since_fit = int(state["since_fit"])
        self._reset_buffer()


class CurriculumFilter:
    """Admit a candidate unless its predicted success lies more than ``margin`` outside the band.

    Args:
        band: the target success band (lo, hi).
        margin: how far outside the band a prediction may fall and still be admitted.
        predict: optional hook ``spec -> float | None`` (e.g. an LLM judge); when it returns a
            number that number is used instead of the fitted model's.
    """

    def __init__(self, band: tuple[float, float], margin: float = 0.15,
                 predict: Callable[[SimSpec], float | None] | None = None,
                 model: SuccessPredictor | None = None) -> None:
        self.band = band
        self.margin = margin
        self.hook = predict
        self.model = model or SuccessPredictor()
        self.last: float | None = None  # the prediction behind the latest admit() (for reports)

    def predict(self, spec: SimSpec) -> float | None:
        if self.hook is not None:
            value = self.hook(spec)
            if value is not None:
                return float(value)
        return self.model.predict(spec)

    def admit(self, spec: SimSpec) -> bool:
        p = self.last = self.predict(spec)
        if p is None:
            return True  # nothing measured yet: admit and learn
        lo, hi = self.band
        return lo - self.margin <= p <= hi + self.margin
