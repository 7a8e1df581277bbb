"""``AlphaCurriculum``: GenEnv's α-curriculum over a pool of generated specs.

The α-Curriculum Reward (GenEnv, arXiv 2512.19682) scores a success rate p̂::

    R_env(p̂) = 1 − ((p̂ − α) / max(α, 1 − α))²        (1 at p̂ = α, 0 at p̂ = 0 and 1 for α = 0.5)

How the pieces fit:

* **Posteriors.** Each pooled spec and each cell (difficulty bin × arm) of θ
  has a Beta posterior over its success rate; bins forget slowly (``bin_decay``)
  because the agent keeps learning.
* **Pool by the α band.** Specs are admitted by the filter C, kept while
  their success could lie in ``band``, and retired once the posterior is
  confident (≥ ``confidence``) that p lies below the band (hopeless) or above
  it (mastered), or after ``max_plays``. The pool is refilled from the
  generator with θ ~ π_env.
* **π_env** is a categorical distribution over cells. Every ``batch_size``
  results it takes a reward-weighted-regression step: the batch's cells are
  weighted ∝ exp(λ·R_env(p̂_cell)), using only cells whose p̂ lies in the band
  and rests on at least ``min_cell_trials`` results (one failure gives a
  posterior mean of 1/3, which must not count as "in the band"; a batch with
  no such cell leaves π_env unchanged); the step towards that target is
  halved until KL(π_new ‖ π_old) ≤ ``kl_max``, and π_env is mixed with the
  uniform distribution (``explore``) so it never collapses onto one θ.
* **Which task to play**: a cell-weighted draw from the pool, favouring
  specs whose Thompson-sampled p lies near α.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from gensim_gym.curriculum.base import EpisodeResult, Task
from gensim_gym.curriculum.filter import CurriculumFilter, SuccessPredictor, spec_features
from gensim_gym.curriculum.pool import Entry, PoolCurriculum
from gensim_gym.curriculum.reward import BetaPosterior, alpha_reward
from gensim_gym.spec.model import SimSpec


class AlphaCurriculum(PoolCurriculum):
    """GenEnv's α-curriculum: keeps training tasks where the agent succeeds about α of the time.

    >>> cur = AlphaCurriculum(alpha=0.5)
    >>> round(cur.reward(0.5), 3), round(cur.reward(1.0), 3)
    (1.0, 0.0)

    Args:
        alpha: the target success rate.
        band: success rates that count as learnable; default α ± 0.3 clipped to (0.05, 0.95).
        bins: difficulty bins of π_env over θ in [0, 1].
        lam: λ, the RWR temperature: weights ∝ exp(λ·R_env).
        step: the RWR step size towards the weighted target (before the KL guard).
        kl_max: largest KL(π_new ‖ π_old) one update may take.
        explore: share of uniform mixed into π_env after every update (entropy floor).
        batch_size: results per π_env update.
        confidence: posterior probability needed to retire a spec as mastered or hopeless.
        min_trials: results a spec needs before it can be retired.
        max_plays: plays after which a spec retires anyway (keeps the pool fresh).
        min_cell_trials: results a θ cell needs before its p̂ can steer π_env.
        predict: optional filter hook ``spec -> float | None`` (e.g. an LLM judge).
        use_filter: set False to admit every generated spec.
    """

    name = "alpha"

    def __init__(self, alpha: float = 0.5, directive: str | None = None, *, generator: Any = None, seed: int = 0,
                 band: tuple[float, float] | None = None, bins: int = 10, lam: float = 5.0, step: float = 0.5,
                 kl_max: float = 0.5, explore: float = 0.1, batch_size: int = 32, bin_decay: float = 0.97,
                 confidence: float = 0.9, min_trials: int = 6, max_plays: int = 64, pool_size: int = 32,
                 refill_batch: int = 4, filter_margin: float = 0.15, min_cell_trials: int = 3,
                 predict: Callable[[SimSpec], float | None] | None = None, use_filter: bool = True) -> None:
        super().__init__(directive, generator=generator, seed=seed, pool_size=pool_size, refill_batch=refill_batch)
        alpha_reward(alpha, alpha)  # validates alpha
        self.alpha = float(alpha)
        self.band = tuple(band) if band else (max(0.05, alpha - 0.3), min(0.95, alpha + 0.3))
        self.bins, self.lam, self.step, self.kl_max, self.explore = bins, lam, step, kl_max, explore
        self.batch_size, self.bin_decay = batch_size, bin_decay
        self.confidence, self.min_trials, self.max_plays = confidence, min_trials, max_plays
        self.filter_margin, self.use_filter = filter_margin, use_filter
        self.min_cell_trials = min_cell_trials
        self.filter = CurriculumFilter(self.band, filter_margin, predict, SuccessPredictor())
        self._picker: _Picker | None = None
        self._reset_policy()

    def _reset_policy(self) -> None:
        cells = self.n_arms * self.bins
        self.pi = np.full(cells, 1.0 / cells)
        self.bin_post = [BetaPosterior() for _ in range(cells)]
        self.batch: list[tuple[int, bool]] = []
        self.rwr = {"updates": 0, "skipped": 0, "last_batch_p_hat": 0.0, "last_batch_r_env": 0.0, "last_kl": 0.0}

    def bind(self, directive: str | None = None, generator: Any = None) -> None:
        arms = self.n_arms
        super().bind(directive, generator)
        if self.n_arms != arms:
            self._reset_policy()

    def reward(self, p_hat: float) -> float:
        """R_env(p̂) = 1 − ((p̂ − α) / max(α, 1 − α))²."""
        return alpha_reward(p_hat, self.alpha)

    # -- cells ------------------------------------------------------------------------
    def cell(self, theta: float, arm: int = 0) -> int:
        b = min(int(max(theta, 0.0) * self.bins), self.bins - 1)
        return arm * self.bins + b

    def cell_theta(self) -> np.ndarray:
        centres = (np.arange(self.bins) + 0.5) / self.bins
        return np.tile(centres, self.n_arms)

    @property
    def expected_theta(self) -> float:
        """E_π_env[θ]: the difficulty the curriculum is currently aiming at."""
        return float(self.pi @ self.cell_theta())

    # -- hooks --------------------------------------------------------------------------
    def _propose(self) -> tuple[float, int]:
        c = int(self.rng.choice(len(self.pi), p=self.pi))
        arm, b = divmod(c, self.bins)
        return float((b + self.rng.random()) / self.bins), arm

    def _admit(self, task: Task) -> bool:
        return not self.use_filter or self.filter.admit(task.spec)

    def _choose(self, entries: list[Entry]) -> Entry:
        c = self._picker
        ids = list(map(id, entries))
        if c is None or c.ids != ids:
            c = self._picker = _Picker(entries, ids)
        if c.pi_key != self.pi.tobytes():
            c.weigh(self.pi, self.bins, len(self.pi))
        if c.k >= len(c.u):
            c.refresh(self.rng)
        row, u = c.draws[c.k], float(c.u[c.k])  # Thompson samples of each spec's success rate, one uniform
        c.k += 1
        # weight_i = base_i · (0.1 + max(R_env(draw_i), 0)), R_env = 1 − ((draw − α) / max(α, 1 − α))²
        alpha, scale = self.alpha, max(self.alpha, 1.0 - self.alpha)
        if len(entries) <= 64:  # plain floats beat ufunc call overhead on small pools; same IEEE operations
            acc, cum = 0.0, []
            for x, b in zip(row.tolist(), c.base_list, strict=True):
                t = (x - alpha) / scale
                r = 1.0 - t * t
                acc += b * (0.1 + (r if r > 0.0 else 0.0))
                cum.append(acc)
            return entries[min(bisect_right(cum, u * acc), len(entries) - 1)]
        w = row - alpha
        w /= scale
        w *= w
        np.subtract(1.0, w, out=w)
        np.maximum(w, 0.0, out=w)
        w += 0.1
        w *= c.base
        cum_a = np.add.accumulate(w, out=w)
        return entries[min(int(cum_a.searchsorted(u * cum_a[-1], side="right")), len(entries) - 1)]

    def _learn(self, entry: Entry | None, theta: float | None, arm: int, result: EpisodeResult) -> None:
        if theta is None:
            return
        c = self.cell(theta, arm)
        self.bin_post[c].update(result.is_success, self.bin_decay)
        if entry is not None:
            picker = self._picker
            if picker is not None:
                slot = picker.slots.get(id(entry))
                if slot is not None:
                    picker.posterior_changed(slot, entry.post.a, entry.post.b, self.rng)
            if entry.features is None:
                entry.features = spec_features(entry.task.spec).tolist()
            self.filter.model.observe(entry.features, result.is_success)
            if self._should_retire(entry):
                self.retire(entry.task.task_id)
        self.batch.append((c, result.is_success))
        if len(self.batch) >= self.batch_size:
            self._rwr_update()
            self.batch = []

    def _should_retire(self, entry: Entry) -> bool:
        if entry.plays >= self.max_plays:
            return True
        if entry.plays < self.min_trials:
            return False
        below, above = entry.post.tails(*self.band)
        return below >= self.confidence or above >= self.confidence

    # -- π_env ------------------------------------------------------------------------------
    def _rwr_update(self) -> None:
        """One reward-weighted-regression step of π_env from the finished batch (see the module docstring)."""
        successes = [s for _, s in self.batch]
        batch_p = float(np.mean(successes))
        self.rwr["last_batch_p_hat"] = batch_p
        self.rwr["last_batch_r_env"] = self.reward(batch_p)
        counts = np.bincount([c for c, _ in self.batch], minlength=len(self.pi)).astype(float)
        lo, hi = self.band
        p_cells = np.array([post.mean for post in self.bin_post])
        evidence = np.array([post.n for post in self.bin_post]) >= self.min_cell_trials - 1e-9
        in_band = (p_cells >= lo) & (p_cells <= hi) & (counts > 0) & evidence
        if not in_band.any():
            self.rwr["skipped"] += 1
            return
        r = np.array([self.reward(p) for p in p_cells])
        target = np.where(in_band, counts * np.exp(self.lam * (r - r.max())), 0.0)
        target /= target.sum()
        eta = self.step
        new = (1 - eta) * self.pi + eta * target
        while _kl(new, self.pi) > self.kl_max and eta > 1e-3:
            eta /= 2
            new = (1 - eta) * self.pi + eta * target
        new = (1 - self.explore) * new + self.explore / len(new)
        self.rwr["last_kl"] = _kl(new, self.pi)
        self.pi = new / new.sum()
        self.rwr["updates"] += 1

    # -- logging / state ------------------------------------------------------------------
    def stats(self) -> dict[str, float]:
        out = super().stats()
        means = [e.post.mean for e in self.pool.values()]
        entropy = -float(np.sum(self.pi * np.log(self.pi + 1e-12)))
        out.update({"r_env": float(np.mean([self.reward(m) for m in means])) if means else 0.0,
                    "difficulty": self.expected_theta, "pi_entropy": entropy,
                    "pi_entropy_max": math.log(len(self.pi))})
        out.update({f"rwr_{k}": float(v) for k, v in self.rwr.items()})
        return out

    def _config(self) -> dict[str, Any]:
        return {**super()._config(), "alpha": self.alpha, "band": list(self.band), "bins": self.bins,
                "lam": self.lam, "step": self.step, "kl_max": self.kl_max, "explore": self.explore,
                "batch_size": self.batch_size, "bin_decay": self.bin_decay, "confidence": self.confidence,
                "min_trials": self.min_trials, "max_plays": self.max_plays,
                "min_cell_trials": self.min_cell_trials, "filter_margin": self.filter_margin,
                "use_filter": self.use_filter}

    def _extra_state(self) -> dict[str, Any]:
        return {"pi": self.pi.tolist(), "bin_post": [p.to_list() for p in self.bin_post],
                "batch": [[c, s] for c, s in self.batch], "rwr": dict(self.rwr),
                "filter": self.filter.model.state_dict(), "thompson": self._thompson_state()}

    def _thompson_state(self) -> dict[str, Any] | None:
        c = self._picker
        if c is None or c.k >= len(c.u) or c.ids != list(map(id, self.pool.values())):
            return None  # no unused pre-drawn samples that the next pick would use
        return c.state()

    def _load_extra(self, state: Mapping[str, Any]) -> None:
        self.filter = CurriculumFilter(self.band, self.filter_margin, self.filter.hook, SuccessPredictor())
        self.pi = np.asarray(state["pi"], dtype=float)
        self.bin_post = [BetaPosterior.from_list(v) for v in state["bin_post"]]
        self.batch = [(int(c), bool(s)) for c, s in state["batch"]]
        self.rwr = dict(state["rwr"])
        self.filter.model.load_state_dict(state["filter"])
        self._picker = None
        if state.get("thompson"):
            entries = list(self.pool.values())
            picker = _Picker(entries, list(map(id, entries)))
            if picker.restore(state["thompson"]):
                self._picker = picker


class _Picker:
    """Arrays behind :meth:`AlphaCurriculum._choose` for one pool composition.

    Rebuilt when the pool's entries change (checked by identity on every pick); the Beta
    parameters are kept current by ``_learn``, the cell weights recomputed when π_env changes.

    Thompson draws come in blocks: ``refresh`` draws ``BLOCK`` rows of one Beta(a_i, b_i) sample per
    pooled spec (plus one uniform per row) in one call; each pick consumes one row. When a spec's
    posterior changes, its not yet used draws are redrawn from the new posterior at once. So every
    pick still sees, for every spec, a fresh independent draw from that spec's *current*
    posterior, and a fresh uniform: the same distribution of picks as drawing per pick, from
    the same seeded generator (deterministic), but the generator's numbers are consumed in a
    different order than one ``beta`` call per pick did. The unused rows are part of the
    curriculum state (``thompson`` in ``state_dict``), so a resumed run continues identically.
    """

    BLOCK = 32

    def __init__(self, entries: list[Entry], ids: list[int]) -> None:
        n = len(entries)
        self.entries = entries  # holds them alive, so no new entry can reuse one of these ids while cached
        self.ids = ids
        self.slots = {i: k for k, i in enumerate(ids)}
        self.thetas = np.fromiter((e.task.theta for e in entries), float, n)
        self.arms = np.fromiter((e.task.arm for e in entries), int, n)
        self.a = np.fromiter((e.post.a for e in entries), float, n)
        self.b = np.fromiter((e.post.b for e in entries), float, n)
        self.pi_key = b""
        self.base = np.empty(n)
        self.base_list: list[float] = []
        self.draws = np.empty((0, n))
        self.u = np.empty(0)
        self.k = 0  # next unused row

    def refresh(self, rng: np.random.Generator) -> None:
        self.draws = rng.beta(self.a, self.b, size=(self.BLOCK, len(self.a)))
        self.u = rng.random(self.BLOCK)
        self.k = 0

    def posterior_changed(self, slot: int, a: float, b: float, rng: np.random.Generator) -> None:
        self.a[slot], self.b[slot] = a, b
        left = len(self.u) - self.k
        if left > 0:
            self.draws[self.k:, slot] = rng.beta(a, b, size=left)

    def state(self) -> dict[str, Any]:
        return {"task_ids": [e.task.task_id for e in self.entries], "draws": self.draws[self.k:].tolist(),
                "u": self.u[self.k:].tolist()}

    def restore(self, state: Mapping[str, Any]) -> bool:
        if state["task_ids"] != [e.task.task_id for e in self.entries]:
            return False
        self.draws = np.asarray(state["draws"], dtype=float).reshape(-1, len(self.entries))
        self.u = np.asarray(state["u"], dtype=float)
        self.k = 0
        return True

    def weigh(self, pi: np.ndarray, bins: int, n_cells: int) -> None:
        """base = π(cell) / (pooled specs in that cell): each cell's share split among its specs."""
        cells = self.arms * bins + np.clip((self.thetas * bins).astype(int), 0, bins - 1)
        counts = np.bincount(cells, minlength=n_cells)
        self.base = pi[cells] / counts[cells]
        self.base_list = self.base.tolist()
        self.pi_key = pi.tobytes()


def _kl(p: np.ndarray, q: np.ndarray) -> float:
    return float(np.sum(p * (np.log(p + 1e-12) - np.log(q + 1e-12))))
