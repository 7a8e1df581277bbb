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

**When decisions happen (batched learning).** ``update`` is O(1): it only
buffers the result. Every ``fold_every`` results (default 64, two RWR batches)
the buffer is folded in arrival order: spec and cell posteriors, counters, the
filter's data, and the RWR step of π_env each time ``batch_size`` results have
accumulated (the RWR sees exactly the cell posteriors it would see result by
result). Retirement is then decided once per fold for every spec played in it
(so a spec may be played a few times past ``max_plays`` or past the confidence
point within one fold), and the pool is refilled at the next ``sample``.
Between folds ``sample`` pops tasks chosen ahead in one vectorised block from
``thompson_rows`` Thompson draws of every spec's posterior (which does not change
between folds) shared by the fold's picks, one fresh uniform per pick: each pick
has exactly the distribution of a pick with its own fresh draws, the picks of a
fold are independent given the shared draws (``thompson_rows=None``: one row of
draws per pick, fully independent). The fold points
depend only on the number of results, never on reads: ``state_dict`` saves the
buffered results and the picks left, and ``stats`` reports ``pending``.
:meth:`flush` folds at once (e.g. before inspecting posteriors). The filter's
logistic model is refitted when a prediction is needed (at admission), not
every ``refit_every`` results.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from itertools import compress, repeat
from operator import attrgetter, itemgetter
from typing import Any, ClassVar

import numpy as np

from gensim_gym._checks import Checks
from gensim_gym.curriculum.base import Task
from gensim_gym.curriculum.config import AlphaConfig, CurriculumConfig
from gensim_gym.curriculum.filter import FEATURES, CurriculumFilter, SuccessPredictor, spec_features
from gensim_gym.curriculum.pool import Entry, PoolCurriculum
from gensim_gym.curriculum.reward import BetaPosterior, alpha_reward
from gensim_gym.curriculum.state_checks import StateCheck, check_predictor_state
from gensim_gym.envs.result import EpisodeResult
from gensim_gym.errors import ArgumentError
from gensim_gym.spec.model import SimSpec


class AlphaCurriculum(PoolCurriculum):
    """GenEnv's α-curriculum: keeps training tasks where the agent succeeds about α of the time.

    >>> cur = AlphaCurriculum(alpha=0.5)
    >>> round(cur.reward(0.5), 3), round(cur.reward(1.0), 3)
    (1.0, 0.0)

    Args:
        alpha: the target success rate α.
        directive: build the offline generator for it (or bind one later).
        generator: any ``(theta, seed[, arm]) -> SimSpec`` callable; overrides ``directive``. Not saved.
        predict: optional filter hook ``spec -> float | None`` (e.g. an LLM judge). Not saved.
        **settings: the other fields of :class:`~gensim_gym.curriculum.config.AlphaConfig` (the table is in
            ``docs/curricula.md``). ``max_plays`` matters: in the sparse-reward ablation (BENCHMARKS.md) 64
            plays let the agent memorise its pooled specs (~0.5 success on them, ~0.1 on held-out specs of the
            same difficulty); 24, as the baselines there use, raised held-out success by a fifth.
            ``fold_every`` and ``batch_size`` are plain attributes afterwards: set them together if both change.
    """

    name = "alpha"
    Config: ClassVar[type[CurriculumConfig]] = AlphaConfig

    def __init__(self, alpha: float = 0.5, directive: str | None = None, *, generator: Any = None,
                 predict: Callable[[SimSpec], float | None] | None = None, **settings: Any) -> None:
        config = self._make_config({"alpha": alpha, "directive": directive, **settings},
                                   {"generator": generator, "predict": predict})
        self._setup(config, generator)
        self.filter = CurriculumFilter(self.band, self.filter_margin, predict, SuccessPredictor())
        self._reset_policy()

    def _reset_policy(self) -> None:
        cells = self.n_arms * self.bins
        self.pi = np.full(cells, 1.0 / cells)
        self.bin_post = [BetaPosterior() for _ in range(cells)]
        self.batch: list[tuple[int, bool]] = []
        self.rwr = {"updates": 0, "skipped": 0, "last_batch_p_hat": 0.0, "last_batch_r_env": 0.0, "last_kl": 0.0}
        self._picks = []
        self._weights: tuple[int, bytes, list[BetaPosterior], np.ndarray] | None = None
        self._view: _PoolView | None = None

    @classmethod
    def _check_callables(cls, checks: Checks, callables: Mapping[str, Any]) -> None:
        super()._check_callables(checks, callables)
        predict = callables.get("predict")
        if predict is not None and not callable(predict):
            checks.fail("predict", predict, "must be a callable spec -> float | None, or None")

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

    def _pick_ahead(self, entries: list[Entry]) -> list[Task]:
        """Choose the picks until the next fold at once, from ``thompson_rows`` Thompson draws of every spec.

        One Thompson row draws p_i ~ Beta(a_i, b_i) for every pooled spec (as a ratio of gamma draws) and weighs it
        w_i = base_i · (0.1 + max(R_env(p_i), 0)), base_i = π(cell_i) / (pooled specs in cell_i). A pick
        takes spec i with probability q_i = mean over the rows of w_i / Σ_j w_j, drawn by one uniform. Since
        E[q_i] = E[w_i / Σ_j w_j], each pick has exactly the distribution of a pick with its own fresh row;
        the picks of one fold share the rows (independent given them) instead of drawing ``n`` Beta
        variates each, which was the bulk of a pick's cost. ``thompson_rows=None``: one row per pick.
        """
        n = len(entries)
        picks_left = min(max(self.fold_every - len(self.pending), 1), _MAX_PICKS_AHEAD)
        rows = picks_left if self.thompson_rows is None else min(self.thompson_rows, picks_left)
        posts, base = self._pick_weights(entries)
        # Beta(a, b) = X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b): one standard_gamma call draws both halves
        # (Generator.beta with array shapes has a fixed cost several times that of the draws themselves)
        shapes = np.array([p.a for p in posts] + [p.b for p in posts])
        # a contiguous tile draws the same stream as a broadcast view, without the broadcasting iterator's cost
        g = self.rng.standard_gamma(np.tile(shapes, (rows, 1)))
        w = g[:, :n]
        w /= w + g[:, n:]
        u = self.rng.random(picks_left)
        w = alpha_reward(w, self.alpha)
        np.maximum(w, 0.0, out=w)
        w += 0.1
        w *= base
        if self.thompson_rows is None:  # one row per pick
            np.cumsum(w, axis=1, out=w)
            u *= w[:, -1]
            idx = np.count_nonzero(w <= u[:, None], axis=1)  # searchsorted(row, u_row, side="right"), all rows
        else:
            w /= w.sum(axis=1, keepdims=True)
            cum = np.cumsum(w.sum(axis=0))
            idx = cum.searchsorted(u * cum[-1], side="right")
        np.minimum(idx, n - 1, out=idx)
        picks = [entries[i].task for i in idx.tolist()]
        picks.reverse()
        return picks

    def _pick_weights(self, entries: list[Entry]) -> tuple[list[BetaPosterior], np.ndarray]:
        """Pooled posteriors and base_i = π(cell_i) / (pooled specs in cell_i), cached until the pool or π changes."""
        key = self.pi.tobytes()
        cached = self._weights
        if cached is not None and cached[0] == self._pool_version and cached[1] == key:
            return cached[2], cached[3]
        bins, nb = self.bins, self.bins - 1
        cells = [t.arm * bins + min(int(max(t.theta, 0.0) * bins), nb) for t in (e.task for e in entries)]
        counts = [0] * len(self.pi)
        for c in cells:
            counts[c] += 1
        pi = self.pi.tolist()
        posts = [e.post for e in entries]
        base = np.array([pi[c] / counts[c] for c in cells])
        self._weights = (self._pool_version, key, posts, base)
        return posts, base

    def _fold(self, results: list[tuple[Task | str, Any]]) -> None:
        """Learn buffered results in order (see the module docstring): posteriors, filter data, RWR, retirement.

        Column-wise: results become lists (ids, successes, returns) and pool slots through C-level ``map``
        passes, pooled specs get their counts from one counting pass and are updated once each, and only the
        cell posteriors, whose forgetting makes order matter, take a per-result update.
        """
        ids, succ, rets = _columns(results)
        n_results = len(ids)
        view = self._pool_view()
        n = len(view.entries)
        slots = list(map(view.slot_of.get, ids, repeat(n, n_results)))  # n: not pooled (any more)
        unknown = slots.count(n)
        counters = self.counters
        counters["episodes"] += n_results
        counters["successes"] += sum(succ)
        counters["unknown"] += unknown  # retired meanwhile, or sampled by a worker-side copy
        plays, wins, returns = [0] * (n + 1), [0] * (n + 1), [0.0] * (n + 1)
        for slot, s, r in zip(slots, succ, rets, strict=True):  # a plain loop beats three bincounts at these sizes
            plays[slot] += 1
            wins[slot] += s
            returns[slot] += r  # summed in arrival order
        touched: list[Entry] = []
        # strict=False: the counts have one more bin (results for specs not pooled), left out here
        for entry, k, w, r in zip(view.entries, plays, wins, returns, strict=False):
            if k:
                post = entry.post
                post.a += w  # integer counts on integer-valued floats: exact, in any order
                post.b += k - w
                entry.plays += k
                entry.returns += r
                touched.append(entry)
        if unknown:
            thetas, cells = self._unknown_cells(results, slots, view)
            known = [s != n for s in slots]
            # list.__getitem__ is overloaded (int or slice), which map's typing cannot pick from
            self.filter.model.observe_many(list(map(view.features.__getitem__, compress(slots, known))),  # type: ignore[arg-type]
                                           list(map(float, compress(succ, known))))
            played = [(c, s) for c, s in zip(cells, succ, strict=True) if c is not None]
        else:
            thetas = list(map(view.thetas.__getitem__, slots))
            played = list(zip(map(view.cells.__getitem__, slots), succ, strict=True))
            self.filter.model.observe_many(list(map(view.features.__getitem__, slots)),  # type: ignore[arg-type]
                                           list(map(float, succ)))
        self.recent.extend(zip(succ, rets, [-1.0 if t is None else t for t in thetas], strict=True))
        self._learn_cells(played)
        for entry in touched:
            if self._should_retire(entry):
                self.retire(entry.task.task_id)
        self._picks = []  # chosen under the old posteriors

    def _pool_view(self) -> _PoolView:
        """Per-spec constants of the pool (slot, θ, cell, filter features); rebuilt when the pool changes."""
        view = self._view
        if view is None or view.version != self._pool_version:
            view = self._view = _PoolView(self._pool_version, list(self.pool.values()), self.cell)
        return view

    def _unknown_cells(self, results: list[tuple[Task | str, Any]], slots: list[int], view: _PoolView,
                       ) -> tuple[list[float | None], list[int | None]]:
        """θ and cell of every result, those of specs no longer pooled from the task or the result itself."""
        thetas: list[float | None] = []
        cells: list[int | None] = []
        n = len(view.entries)
        for (task, result), slot in zip(results, slots, strict=True):
            if slot != n:
                thetas.append(view.thetas[slot])
                cells.append(view.cells[slot])
                continue
            theta: float | None
            if isinstance(task, Task):
                theta, arm = task.theta, task.arm
            else:
                _, _, theta, arm = _outcome(result)
            thetas.append(theta)
            cells.append(None if theta is None else self.cell(theta, arm))
        return thetas, cells

    def _learn_cells(self, played: list[tuple[int, bool]]) -> None:
        """Cell posteriors result by result (forgetting: order matters), an RWR step at every full batch."""
        decay, batch_size = self.bin_decay, self.batch_size
        posts = self.bin_post
        a = [p.a for p in posts]
        b = [p.b for p in posts]
        ka = [(1.0 - decay) * p.prior_a for p in posts]
        kb = [(1.0 - decay) * p.prior_b for p in posts]
        start = 0
        while start < len(played):
            stop = start + batch_size - len(self.batch)
            segment = played[start:stop]
            if decay < 1.0:  # BetaPosterior.update(s, decay) as prior + decay·(a − prior) = decay·a + (1 − decay)·prior
                for c, s in segment:
                    a[c] = decay * a[c] + ka[c] + s
                    b[c] = decay * b[c] + kb[c] + (not s)
            else:
                for c, s in segment:
                    a[c] += s
                    b[c] += not s
            self.batch.extend(segment)
            start = stop
            if len(self.batch) >= batch_size:
                for post, x, y in zip(posts, a, b, strict=True):
                    post.a, post.b = x, y
                self._rwr_update()
                self.batch = []
        for post, x, y in zip(posts, a, b, strict=True):
            post.a, post.b = x, y

    def _should_retire(self, entry: Entry) -> bool:
        if entry.plays >= self.max_plays:
            return True
        if entry.plays < self.min_trials:
            return False
        below, above = entry.post.tails(*self.band)
        return below >= self.confidence or above >= self.confidence

    # -- π_env ------------------------------------------------------------------------------
    def _rwr_update(self) -> None:
        """One reward-weighted-regression step of π_env from the finished batch (see the module docstring).

        Plain floats rather than numpy: there are only bins × arms cells, and ufunc calls on arrays that small
        cost more than the arithmetic. Only cells played in the batch can carry weight, so only they are
        scored; the weights are shifted by the best of their R_env before ``exp`` (which cancels when normalised).
        """
        batch, n_cells = self.batch, len(self.pi)
        counts = [0] * n_cells
        wins = 0
        for c, s in batch:
            counts[c] += 1
            wins += s
        batch_p = wins / len(batch)
        alpha = self.alpha
        rwr = self.rwr
        rwr["last_batch_p_hat"] = batch_p
        rwr["last_batch_r_env"] = alpha_reward(batch_p, alpha)
        lo, hi = self.band
        need = self.min_cell_trials - 1e-9
        scored: list[tuple[int, int, float]] = []  # (cell, results in the batch, R_env(p̂_cell)) of usable cells
        r_max = -math.inf
        posts = self.bin_post
        for c, k in enumerate(counts):
            if not k:
                continue
            post = posts[c]
            a, b = post.a, post.b
            p = a / (a + b)
            if lo <= p <= hi and a + b - post.prior_a - post.prior_b >= need:  # in the band, enough evidence
                r = alpha_reward(p, alpha)
                scored.append((c, k, r))
                r_max = max(r_max, r)
        if not scored:
            rwr["skipped"] += 1
            return
        lam = self.lam
        target = [0.0] * n_cells
        for c, k, r in scored:
            target[c] = k * math.exp(lam * (r - r_max))
        total = sum(target)
        target = [x / total for x in target]
        old = self.pi.tolist()
        log_old = [math.log(q + 1e-12) for q in old]
        eta = self.step
        new = [(1 - eta) * q + eta * x for q, x in zip(old, target, strict=True)]
        while _kl(new, log_old) > self.kl_max and eta > 1e-3:
            eta /= 2
            new = [(1 - eta) * q + eta * x for q, x in zip(old, target, strict=True)]
        explore = self.explore
        new = [(1 - explore) * x + explore / n_cells for x in new]
        rwr["last_kl"] = _kl(new, log_old)
        total = sum(new)
        self.pi = np.array([x / total for x in new])
        rwr["updates"] += 1
        self._picks = []

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

    def _extra_state(self) -> dict[str, Any]:
        return {"pi": self.pi.tolist(), "bin_post": [p.to_list() for p in self.bin_post],
                "batch": [[c, s] for c, s in self.batch], "rwr": dict(self.rwr),
                "filter": self.filter.model.state_dict()}

    def _state_fields(self) -> dict[str, type | tuple[type, ...]]:
        return {"pi": list, "bin_post": list, "batch": list, "rwr": Mapping, "filter": Mapping}

    def _check_state(self, owner: str, state: Mapping[str, Any]) -> None:
        pi, posts = state["pi"], state["bin_post"]
        bins = state["config"].get("bins", self.bins)
        if not pi or len(pi) != len(posts) or not isinstance(bins, int) or len(pi) % max(bins, 1):
            raise ArgumentError(f"{owner}: $.pi and $.bin_post must hold one entry per cell (bins × arms = a "
                                f"multiple of {bins}), got {len(pi)} and {len(posts)}")
        if not all(isinstance(q, (int, float)) and not isinstance(q, bool) and 0.0 <= q <= 1.0 for q in pi) \
                or abs(sum(pi) - 1.0) > 1e-6:
            raise ArgumentError(f"{owner}: $.pi must be probabilities summing to 1")
        if not all(isinstance(p, list) and len(p) == 4 for p in posts):
            raise ArgumentError(f"{owner}: $.bin_post must hold [a, b, prior_a, prior_b] per cell")
        check = StateCheck(owner)
        for i, post in enumerate(posts):
            check.posterior(f"$.bin_post[{i}]", post)
        for i, item in enumerate(state["batch"]):
            if check.array(f"$.batch[{i}]", item, 2):
                check.integer(f"$.batch[{i}][0]", item[0], 0, len(pi))
                check.boolean(f"$.batch[{i}][1]", item[1])
        for key, value in state["rwr"].items():
            check.number(f"$.rwr.{key}", value)
        check_predictor_state(check, state["filter"], FEATURES)
        check.done()

    def _saved_arms(self, state: Mapping[str, Any]) -> int | None:
        bins = state["config"].get("bins", self.bins) if isinstance(state.get("config"), Mapping) else self.bins
        pi = state.get("pi")
        if isinstance(bins, int) and bins > 0 and isinstance(pi, list) and pi and len(pi) % bins == 0:
            return len(pi) // bins  # pi holds bins × arms cells
        return None

    def _load_extra(self, state: Mapping[str, Any]) -> None:
        self.filter = CurriculumFilter(self.band, self.filter_margin, self.filter.hook, SuccessPredictor())
        self.pi = np.asarray(state["pi"], dtype=float)
        self.bin_post = [BetaPosterior.from_list(v) for v in state["bin_post"]]
        self.batch = [(int(c), bool(s)) for c, s in state["batch"]]
        self.rwr = dict(state["rwr"])
        self.filter.model.load_state_dict(state["filter"])
        self._weights = self._view = None


class _PoolView:
    """Per-spec constants of one pool composition, by slot (the pool's order): what a fold looks up per result."""

    def __init__(self, version: int, entries: list[Entry], cell: Callable[[float, int], int]) -> None:
        self.version = version
        self.entries = entries
        self.slot_of = {e.task.task_id: i for i, e in enumerate(entries)}
        self.thetas = [e.task.theta for e in entries]
        self.cells = [cell(e.task.theta, e.task.arm) for e in entries]
        for e in entries:
            if e.features is None:
                e.features = spec_features(e.task.spec).tolist()
        self.features = [e.features for e in entries]


_MAX_PICKS_AHEAD = 1024  # picks chosen in one block (a huge fold_every must not allocate huge draws)


def _outcome(result: Any) -> tuple[bool, float, float | None, int]:
    """``(is_success, return, theta, arm)`` of one result, however it was given."""
    res = EpisodeResult.coerce(result)
    return res.is_success, res.episode_return, res.theta, res.arm


_SUCCESS, _RETURN, _TASK_ID = itemgetter("is_success"), itemgetter("return"), attrgetter("task_id")


def _columns(results: list[tuple[Task | str, Any]]) -> tuple[list[str], list[bool], list[float]]:
    """Task ids, successes and returns of buffered results; C-level passes for the wrapper's dicts and Tasks."""
    tasks, outs = zip(*results, strict=True)
    try:
        ids = list(map(_TASK_ID, tasks))
    except AttributeError:
        ids = [t.task_id if isinstance(t, Task) else str(t) for t in tasks]
    try:  # mappings with "is_success" and "return" (what the wrapper and the adapters send)
        succ = list(map(bool, map(_SUCCESS, outs)))
        rets = list(map(float, map(_RETURN, outs)))
    except (KeyError, TypeError, IndexError):
        coerced = list(map(EpisodeResult.coerce, outs))
        succ = [r.is_success for r in coerced]
        rets = [r.episode_return for r in coerced]
    return ids, succ, rets


def _kl(p: list[float], log_q: list[float]) -> float:
    """KL(p ‖ q) with ``log_q`` = log(q + 1e-12), the same guard on p."""
    log = math.log
    return sum([x * (log(x + 1e-12) - lq) for x, lq in zip(p, log_q, strict=True)])
