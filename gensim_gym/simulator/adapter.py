"""How the loop drives a :mod:`gensim_gym.curriculum` curriculum (Algorithm 1, phases 1-2).

Per epoch the loop asks :class:`LoopCurriculum` for K tasks. It samples them
from the curriculum (``AlphaCurriculum``: π_env picks θ for new specs, the
filter C admits or rejects them, the pool is played by the α rule), reports
each rollout back exactly once with ``curriculum.update``, and closes the
epoch with the curriculum's own statistics. The curriculum's generator is a
:class:`LoopGenerator`, which generates under the loop's *current* directive
(oversight rewrites it between epochs), so the layout stays the run's one
layout while what is generated follows the directive.
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gensim_gym.curriculum import (
    AlphaCurriculum,
    Curriculum,
    DirectiveGenerator,
    LearnabilityCurriculum,
    StaticCurriculum,
    Task,
    ThresholdCurriculum,
    UniformCurriculum,
    alpha_reward,
)
from gensim_gym.curriculum.generator import call_generator
from gensim_gym.curriculum.wrapper import CURRICULUM_NAMES
from gensim_gym.envs.result import EpisodeResult
from gensim_gym.errors import (
    ArgumentError,
    ArgumentTypeError,
    BackendError,
    CapacityError,
    Error,
    GenerationError,
    did_you_mean,
)
from gensim_gym.simulator.tasks import GenerateFn
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.layout import Layout

#: Every name gym.make takes, and "none": no curriculum, fresh tasks at one difficulty (gym.make's default)
CURRICULA = (*CURRICULUM_NAMES, "none")
FIXED_WIDTH = 0.05  # "none" draws θ from a band this wide around its difficulty (a range needs lo < hi)
MAX_PLAYS = 4  # a spec is played in about this many epochs, then π_env's fresh specs replace it


class LoopGenerator:
    """The curriculum's generator in the loop: ``(theta, seed[, arm]) -> SimSpec`` under the current directive.

    Args:
        generate: ``generate(directive, difficulty, seed)`` (e.g. the LLM backend's
            :class:`~gensim_gym.simulator.llm_tasks.LLMTasks`); ``None`` uses the offline
            :class:`~gensim_gym.curriculum.DirectiveGenerator`, one π_env arm per named domain.
        directive: the directive to start from; :meth:`set_directive` switches it.
        layout: the run's layout; a spec that does not fit it is a failed generation.
    """

    def __init__(self, generate: GenerateFn | None, directive: str, layout: Layout) -> None:
        self.generate = generate
        self.layout = layout
        self.failures: list[dict[str, Any]] = []  # this epoch's failed generations (the loop clears it)
        self._offline: DirectiveGenerator | None = None
        self.directive = ""
        self.set_directive(directive)

    def set_directive(self, directive: str) -> None:
        if self.generate is None and directive != self.directive:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                gen = DirectiveGenerator(directive)
            if self._offline is not None and gen.arms != self._offline.arms:
                raise Error(f"directive {directive!r} names domains {gen.domains}, but this run's environment "
                            f"was laid out for {self._offline.domains}; a run keeps its domains")
            self._offline = gen
        self.directive = directive

    @property
    def n_arms(self) -> int:
        return self._offline.n_arms if self._offline is not None else 1

    def arm_name(self, arm: int) -> str:
        return self._offline.arm_name(arm) if self._offline is not None else "all"

    def __call__(self, theta: float, seed: int, arm: int = 0) -> SimSpec:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if self._offline is not None:
                    spec = call_generator(self._offline, theta, seed, arm)
                else:
                    assert self.generate is not None  # without it set_directive made the offline generator
                    spec = self.generate(self.directive, theta, seed)
            self.layout.check_fits(spec)
        except BackendError:  # transport or credentials: every further task would fail the same way
            raise
        except Error as exc:
            kind = "does not fit the environment's spaces" if isinstance(exc, CapacityError) else "generation"
            reason = f"{kind}: {exc}"[:300]
            self.failures.append({"theta": round(float(theta), 4), "seed": int(seed), "arm": arm, "reason": reason})
            if isinstance(exc, GenerationError):
                raise
            raise GenerationError(reason) from exc  # the pool counts it as failed and tries another θ
        # Stamped (meta is not hashed: same spec id) so the loop can retire specs of an older directive.
        return spec.with_meta(loop_directive=self.directive)


def build_curriculum(name: str, generator: LoopGenerator, *, alpha: float = 0.5, seed: int = 0,
                     difficulty: float | None = None) -> Curriculum:
    """A curriculum by name, sized for the loop by :meth:`LoopCurriculum.resize`.

    ``difficulty`` goes with ``"none"`` only (default 0.5): fresh tasks at that difficulty, as ``gym.make``
    plays without a curriculum; every other curriculum chooses difficulties itself.
    """
    common: dict[str, Any] = {"generator": generator, "seed": seed}
    if difficulty is not None and name != "none":
        raise ArgumentError(f"difficulty={difficulty!r} goes with curriculum 'none' (tasks at one difficulty); "
                            f"curriculum {name!r} chooses difficulties itself")
    if name == "none":
        d = 0.5 if difficulty is None else difficulty
        if not isinstance(d, (int, float)) or isinstance(d, bool) or not 0.0 <= d <= 1.0:
            raise ArgumentError(f"difficulty must be a number in [0, 1], got {d!r}")
        lo = min(max(0.0, d - FIXED_WIDTH / 2), 1.0 - FIXED_WIDTH)
        return UniformCurriculum(max_plays=MAX_PLAYS, theta_range=(lo, lo + FIXED_WIDTH), **common)
    if name == "hard":
        return UniformCurriculum(max_plays=MAX_PLAYS, theta_range=(0.8, 1.0), **common)
    if name == "alpha":
        return AlphaCurriculum(alpha, max_plays=MAX_PLAYS, min_trials=MAX_PLAYS, **common)
    if name == "uniform":
        return UniformCurriculum(max_plays=MAX_PLAYS, **common)
    if name == "static":
        return StaticCurriculum(**common)
    if name == "threshold":
        return ThresholdCurriculum(max_plays=MAX_PLAYS, **common)
    if name == "learnability":
        return LearnabilityCurriculum(max_plays=MAX_PLAYS, **common)
    raise ArgumentError(f"unknown curriculum {name!r}{did_you_mean(name, CURRICULA)}; choose one of "
                f"{', '.join(CURRICULA)} or pass a gensim_gym.curriculum.Curriculum")


@dataclass
class EpochTasks:
    """One epoch's tasks: what to play (a spec may repeat), what joined the pool, what was turned away."""

    tasks: list[Task] = field(default_factory=list)
    accepted: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)

    def specs(self) -> list[SimSpec]:
        """The distinct specs played, in order of first play."""
        return list({t.task_id: t.spec for t in self.tasks}.values())


class LoopCurriculum:
    """The loop's view of a :class:`~gensim_gym.curriculum.Curriculum` (any object with its protocol).

    A curriculum built here from a name is sized for the loop (pool = K specs,
    one π_env update per epoch); an object passed in keeps its settings. Its
    generator is replaced by ``generator`` when it has none or only the offline
    one of a fixed directive, so it follows the directive oversight writes.
    """

    def __init__(self, curriculum: str | Curriculum, generator: LoopGenerator, *, alpha: float = 0.5,
                 seed: int = 0, difficulty: float | None = None) -> None:
        self.owned = isinstance(curriculum, str)
        if isinstance(curriculum, str):
            curriculum = build_curriculum(curriculum, generator, alpha=alpha, seed=seed, difficulty=difficulty)
        elif difficulty is not None:
            raise ArgumentError("difficulty goes with curriculum='none'; a curriculum object chooses difficulties")
        elif not all(callable(getattr(curriculum, m, None)) for m in ("sample", "update", "state_dict",
                                                                       "load_state_dict")):
            raise ArgumentTypeError("curriculum must be a name or a gensim_gym.curriculum.Curriculum "
                        f"(sample, update, state_dict, load_state_dict), got {type(curriculum).__name__}")
        elif getattr(curriculum, "generator", None) is None or isinstance(getattr(curriculum, "generator", None),
                                                                             DirectiveGenerator):
            curriculum.generator = None  # type: ignore[attr-defined]  # a pool curriculum (checked above)
            curriculum.bind(generator=generator)
        self.curriculum = curriculum
        self.generator = generator
        self.name = getattr(curriculum, "name", type(curriculum).__name__)
        self.alpha = alpha
        if hasattr(curriculum, "on_reject"):
            curriculum.on_reject = self._on_reject
        self._rejected: list[dict[str, Any]] = []
        self._epoch: dict[str, list[bool]] = defaultdict(list)
        self._played: dict[str, Any] = {}  # task_id -> its pool entry (outlives retirement), read after the fold
        self.stale_retired = 0  # pooled specs retired by the last propose() because the directive changed

    def resize(self, k: int) -> None:
        """Size a curriculum built from a name for K tasks per epoch (same K on resume: same state)."""
        if not self.owned:
            return
        cur: Any = self.curriculum  # one of the pool curricula build_curriculum makes
        cur.pool_size = k
        cur.refill_batch = max(2, k // 4)
        if hasattr(cur, "batch_size"):
            cur.batch_size = k  # one RWR step of π_env per epoch, on that epoch's results
        if hasattr(cur, "fold_every"):
            cur.fold_every = k  # and the epoch's results learnt together at its end
        if hasattr(cur, "window"):
            cur.window = k
            cur.outcomes = type(cur.outcomes)(cur.outcomes, maxlen=k)

    def _on_reject(self, task: Task, reason: str) -> None:
        entry = {"task_id": task.task_id, "theta": round(task.theta, 4), "arm": task.arm, "reason": reason}
        filt = getattr(self.curriculum, "filter", None)
        if reason == "filter" and filt is not None:
            p = filt.last
            lo, hi = filt.band
            entry["reason"] = (f"filter C: predicted success {p:.2f} outside the band [{lo:.2f}, {hi:.2f}] "
                               f"± {filt.margin:.2f}" if p is not None else "filter C")
            entry["predicted_success"] = None if p is None else round(p, 4)
        self._rejected.append(entry)

    # -- the epoch ---------------------------------------------------------------------
    def propose(self, directive: str, k: int) -> EpochTasks:
        """Sample K tasks under ``directive``; new specs are generated through π_env and the filter."""
        self.generator.set_directive(directive)
        self.generator.failures.clear()
        self._rejected = []
        self._played = {}
        self.stale_retired = self._retire_stale(directive)
        before = set(getattr(self.curriculum, "pool", {}))
        try:
            tasks = [self.curriculum.sample() for _ in range(k)]
        except BackendError:
            raise
        except Error as exc:
            raise Error(f"the curriculum produced no task under directive {directive!r}: {exc}; "
                        f"rejections: {(self.generator.failures + self._rejected)[:3]}") from exc
        pool = getattr(self.curriculum, "pool", {})
        accepted = [{"task_id": tid, "theta": round(e.task.theta, 4), "arm": e.task.arm}
                    for tid, e in pool.items() if tid not in before]
        self._epoch = defaultdict(list)
        return EpochTasks(tasks, accepted, self.generator.failures + self._rejected)

    def _retire_stale(self, directive: str) -> int:
        """Retire pooled specs generated under another directive; return how many.

        Without this, a directive rewritten toward "hard" changed only the few specs generated to
        refill the pool: the demo's tasks stayed at measured difficulty 0.15-0.21 while the directive
        went from easy to hard. π_env (what θ to ask for) is kept; only the specs are replaced.
        Specs without the loop's stamp (a user's own pool) are never retired, nor the one-time pool of
        a curriculum that does not regenerate (GenEnv-Static): the report then shows the stale share.
        """
        pool = getattr(self.curriculum, "pool", None)
        retire = getattr(self.curriculum, "retire", None)
        if not pool or not callable(retire) or not getattr(self.curriculum, "regenerates", True):
            return 0
        flush = getattr(self.curriculum, "flush", None)
        if callable(flush):
            flush()  # results of the old specs are learnt before the specs go
        stale = [tid for tid, e in pool.items()
                 if e.task.spec.meta.get("loop_directive", directive) != directive]
        for tid in stale:
            retire(tid)
        return len(stale)

    def update(self, task: Task, result: EpisodeResult) -> None:
        """Report one rollout (exactly once) and remember the spec's posterior p̂ for the env dataset."""
        entry = getattr(self.curriculum, "pool", {}).get(task.task_id)
        self.curriculum.update(task, {"is_success": result.is_success, "return": result.episode_return,
                                      "length": result.length, "theta": task.theta, "arm": task.arm})
        self._epoch[task.task_id].append(result.is_success)
        if entry is not None:  # the entry object outlives its retirement, with the updated posterior
            self._played[task.task_id] = entry

    def reward(self, p_hat: float) -> float:
        fn = getattr(self.curriculum, "reward", None)
        return float(fn(p_hat)) if callable(fn) else alpha_reward(p_hat, self.alpha)

    def task_p_hat(self, task_id: str) -> float:
        """The curriculum's posterior mean success of a spec (Beta(1, 1) over this epoch if it keeps none)."""
        if task_id in self._played:
            flush = getattr(self.curriculum, "flush", None)
            if callable(flush):
                flush()  # a batched curriculum learns this epoch's buffered results first
            return self._played[task_id].post.mean
        outcomes = self._epoch.get(task_id, [])
        return (sum(outcomes) + 1) / (len(outcomes) + 2)

    def end_epoch(self, results: Sequence[EpisodeResult]) -> dict[str, Any]:
        p_hat = float(np.mean([r.is_success for r in results])) if results else 0.0
        stats = {k: round(float(v), 4) for k, v in self.curriculum.stats().items()}
        out = {"p_hat": round(p_hat, 4), "r_env": round(self.reward(p_hat), 4),
               "difficulty": stats.get("difficulty", stats.get("pool_difficulty", 0.0)),
               "pool": int(stats.get("pool_size", 0)), "retired_for_directive": self.stale_retired,
               "stats": stats}
        pi = getattr(self.curriculum, "pi", None)
        bins = getattr(self.curriculum, "bins", None)
        if pi is not None and bins:
            out["pi_bins"] = [round(float(x), 4) for x in np.asarray(pi).reshape(-1, bins).sum(axis=0)]
        return out

    # -- state (checkpoints/curriculum.json is the curriculum's own state) -------------------
    def state_dict(self) -> dict[str, Any]:
        return self.curriculum.state_dict()

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.curriculum.load_state_dict(state)
