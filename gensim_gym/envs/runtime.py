"""Per-task constants behind ``GenSimEnv.step``: literal counters, per-call update plans, the reset observation.

Why this exists: a step used to re-run every precondition closure its call could affect (tens per
step in warehouse, where moving the robot touches every pick, drop and move) and to rebuild the
whole observation. Most preconditions are conjunctions of fact literals, so the environment keeps,
per action slot, how many of its literals are unsatisfied (``cnt``, a list; the call is available
iff that is 0). A fact of the belief state flipping 0→1 moves the counters by its row (−1 for the
actions whose precondition needs the fact true, +1 for those that need it false; a ``CounterRow``),
1→0 by the opposite; the mask and the observation change only where a counter reaches or leaves 0. Other
preconditions (comparisons, ``or``) keep their closures and are re-run only when a call writes
something they read; their counter is 0 or 1. Unused slots stay at 1.

Everything here depends only on the compiled world (and its fixed initial state), so it is built
once per task and reused by every reset. (Until issue 19 there were also int16 numpy counters for
tasks whose calls move many counters, per-call sums of rows by flip pattern and skipped counters
of actions that can never apply: docs/hot_paths.md has the measurements that dropped them.)
"""

from __future__ import annotations

from collections.abc import Callable
from math import isnan
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from gensim_gym.world.progress import progress

if TYPE_CHECKING:  # pragma: no cover
    from gensim_gym.dsl.compile import CompiledEffects
    from gensim_gym.world.compiled import CompiledWorld, GroundAction
    from gensim_gym.world.layout import Layout


#: A fact's counter row: the actions whose literal counters drop by one when the fact becomes true (they need
#: it true), then those that rise by one (they need it false); the other way round when it becomes false. Ids,
#: not ``(action, delta)`` pairs: every delta is ±1 (an id repeats for a larger one), so ``GenSimEnv._apply``
#: needs no tuple unpacking, sign multiply or two-sided zero test per action (docs/hot_paths.md, facespeed7).
CounterRow = tuple[tuple[int, ...], tuple[int, ...]]


class CallTables(NamedTuple):
    """The goal-independent part of a :class:`CallPlan`, shared per grounding (see ``TaskRuntime._call_tables``)."""

    indices: tuple[int, ...]
    rows: tuple[CounterRow | None, ...]
    residuals: tuple[tuple[Callable, tuple[int, ...]], ...]
    assigned: tuple[int, ...]


class CallPlan(NamedTuple):
    """How a valid call updates the runtime state, besides :meth:`CompiledWorld.apply` on the true state.

    ``indices``/``rows``: the belief facts it may change (deletes, adds and, with hidden facts,
    reveals), with their counter rows (``None`` when no literal reads the fact); ``residuals``: the
    residual checks to re-run, as ``(fn, action ids)`` (one entry per distinct check); ``assigned``:
    the fluents it assigns; ``touches_goal`` / ``touches_phi``: whether a goal / the progress
    potential reads what it writes.
    """

    indices: tuple[int, ...]
    rows: tuple[CounterRow | None, ...]
    residuals: tuple[tuple[Callable, tuple[int, ...]], ...]
    assigned: tuple[int, ...]
    touches_goal: bool
    touches_phi: bool


class TaskRuntime:
    """What ``reset`` and ``step`` need about one compiled world, precomputed.

    Attributes mirror the spec's reward (as the floats ``step`` adds), the initial state's mask,
    goal status, potential and full vector observation, and the literal counters' rows.
    """

    def __init__(self, world: CompiledWorld, layout: Layout, *, prepare: bool = True) -> None:
        """``prepare``: build every call's plan now (a training env: the cost belongs to preparing the task,
        not to its first steps); ``False`` builds each on first use (a verifier replaying one short plan
        needs a handful of the ~100 plans, and building them all doubled generation time)."""
        self.world = world
        spec = world.spec
        rew = spec.reward
        self.task_id, self.difficulty = spec.id, spec.measured_difficulty
        self.domain = spec.meta.get("domain", spec.task.name)
        self.horizon = world.horizon
        self.step_reward = -rew.step_cost if rew.mode == "dense" else 0.0
        self.invalid_cost, self.success_reward = rew.invalid_cost, rew.success
        self.progress_weight, self.gamma = rew.progress_weight, rew.gamma
        self.shaping = rew.mode == "dense" and rew.progress_weight > 0
        self.potential = progress(world) if self.shaping else None
        self.hidden = bool(spec.task.hidden)
        # Φ is computed on the true state, hidden facts included: with hidden facts the observation leaves
        # it out (its slot stays 0), or it would tell the agent what it has not observed yet
        self.phi_observed = self.shaping and not self.hidden
        self.visible0 = visible0 = bytearray(1 if not h else 0 for h in world.hidden) if self.hidden else None
        facts, nums = world.init_facts, world.init_nums
        self.belief0: bytearray | None = None
        belief = facts
        if visible0 is not None:
            belief = self.belief0 = bytearray(f if v else 1 for f, v in zip(facts, visible0, strict=True))
        self.scale32 = np.asarray(world.num_scale, dtype=np.float32)
        self.scale_items = list(self.scale32)  # numpy float32 scalars, for scaled()
        self._observed: dict[tuple[int, float], np.float32 | float] = {}
        self._build_counters(world, layout, belief, nums)
        self.goals = world.goals
        self.goal_facts = frozenset(world.goal_facts)
        self.goal_nums = frozenset(j for g in world.goals for j in g.nums)
        self.status0 = world.goal_status(facts, nums)
        self.success0 = all(self.status0)
        self.actions = world.actions
        self.terms = world.terms
        self.guard = world.guard  # trajectory constraints (None without: step() then skips the check)
        self.plans: list[CallPlan | None] = [None] * layout.n_actions
        self.fail_plans: dict[int, CallPlan] = {}  # of calls with failure effects, built on first failure
        if prepare:
            self.build_plans()
        # the reset state is fixed per task: Φ and the observation there too
        self.phi0 = self.potential(facts, nums) if self.potential is not None else 0.0
        self.obs0 = self.initial_observation(layout, self.phi0)

    def _build_counters(self, world: CompiledWorld, layout: Layout, belief: bytearray, nums: list[float]) -> None:
        """The literal counters at the start, their rows and the residual checks' dependencies."""
        n = layout.n_actions
        tables = _counter_tables(world, layout)
        cnt = [1] * n  # unused slots stay unavailable
        res: dict[int, int] = {}  # residual value (0 holds, 1 fails) of each action that has one
        for action_id, pos, neg, residual in tables.literals:
            unsatisfied = 0
            for i in pos:
                unsatisfied += not belief[i]
            for i in neg:
                unsatisfied += bool(belief[i])
            if residual is not None:
                unsatisfied += res.setdefault(action_id, 0 if residual(belief, nums) else 1)
            cnt[action_id] = unsatisfied
        self.rows = tables.rows
        self.cnt0 = cnt
        self.res0 = res
        self.mask0 = np.asarray(cnt) == 0
        self.mask0_bytes = self.mask0.tobytes()  # copied into the env's mask buffer at reset
        self._residual_fact_deps, self._residual_num_deps = tables.fact_deps, tables.num_deps

    def build_plans(self) -> None:
        """Build now every valid call's step plan not built yet (~10 µs each), rather than at its first use."""
        for a in self.world.valid_actions:
            if self.plans[a.id] is None:
                self.plan(a)

    def plan(self, ground: GroundAction) -> CallPlan:
        """How a valid application of ``ground`` updates the runtime state (built on first use; see
        :class:`CallPlan`)."""
        plan = self.plans[ground.id] = self._plan(ground.effects, self._call_tables(ground.id, ground.effects))
        return plan

    def fail_plan(self, ground: GroundAction) -> CallPlan:
        """:meth:`plan` for a failed call of ``ground``, which applies its ``fail_effects`` (it has some)."""
        plan = self.fail_plans.get(ground.id)
        if plan is None:
            effects = ground.fail_effects
            assert effects is not None  # only calls with failure effects apply any
            plan = self.fail_plans[ground.id] = self._plan(effects, self._call_tables(~ground.id, effects))
        return plan

    def _plan(self, effects: CompiledEffects, t: CallTables) -> CallPlan:
        writes = effects.adds + effects.dels
        touches_goal = bool(self.goal_facts.intersection(writes) or self.goal_nums.intersection(t.assigned))
        touches_phi = self.potential is not None and bool(self.potential.facts.intersection(writes)
                                                          or self.potential.nums.intersection(t.assigned))
        return CallPlan(t.indices, t.rows, t.residuals, t.assigned, touches_goal, touches_phi)

    def _call_tables(self, key_id: int, effects: CompiledEffects) -> CallTables:
        """The goal-independent part of :meth:`plan` for ``effects`` (a call's, under ``key_id``: its id, or
        ``~id`` for its failure effects).

        It depends only on the ground action, the counter tables and whether facts are hidden, so it
        is kept per grounding in the layout's compile cache (as the counter tables are): tasks over the
        same objects and tools share it.
        """
        world = self.world
        key = ("runtime-calls", world.grounding, self.hidden)
        cache = world.layout.compile_cache
        table = cache.get(key)
        if table is None:
            table = cache[key] = {}
        entry = table.get(key_id)
        if entry is not None:
            return entry
        written = effects.dels + effects.adds + (effects.reveals if self.hidden else ())
        indices = tuple(dict.fromkeys(written))
        assigned = tuple(dict.fromkeys(j for j, _, _ in effects.assigns))
        found: set[int] = set()
        for i in effects.adds + effects.dels + effects.reveals:
            found.update(self._residual_fact_deps.get(i, ()))
        for j in assigned:
            found.update(self._residual_num_deps.get(j, ()))
        # one entry per distinct check: actions whose residuals are the same ground expression
        # (calendar: ``headcount(m) <= capacity(r)`` in every slot's booking) share one evaluation
        groups: dict[object, tuple] = {}
        for aid in sorted(found):
            action = self.actions[aid]
            assert action is not None  # residual checks belong to valid actions
            residual = _residual(action)
            group = residual.key if residual.key is not None else aid
            fn, ids = groups.get(group, (residual.fn, ()))
            groups[group] = (fn, ids + (aid,))
        entry = table[key_id] = CallTables(indices, tuple(self.rows[i] for i in indices), tuple(groups.values()),
                                              assigned)
        return entry

    def observed_fluent(self, j: int, value: float) -> np.float32 | float:
        """Fluent ``j`` at ``value`` as observed (:func:`scaled`), cached: fluents usually take few values."""
        x = self._observed.get((j, value)) if value else None
        if x is None:
            x = scaled(value, self.scale_items[j])
            if value and not isnan(value):  # not cached: ±0.0 share a key but not their bits, NaN never matches
                if len(self._observed) >= 4096:
                    self._observed.clear()
                self._observed[j, value] = x
        return x

    def initial_observation(self, layout: Layout, phi: float) -> np.ndarray:
        """The vector observation at reset (fixed per task: the initial state is)."""
        world = self.world
        nf = layout.n_facts
        obs = np.zeros(layout.obs_dim, dtype=np.float32)
        facts = np.frombuffer(world.init_facts, dtype=np.uint8)
        obs[:nf] = facts if self.visible0 is None else facts & np.frombuffer(self.visible0, dtype=np.uint8)
        obs[nf:2 * nf][world.goal_facts] = 1.0
        base = 2 * nf + layout.n_nums
        if layout.n_nums:
            obs[2 * nf:base] = np.clip(np.asarray(world.init_nums, dtype=np.float32) / self.scale32, 0.0, 1.0)
        obs[base:base + len(self.status0)] = self.status0
        calls = base + layout.max_goals
        tail = calls + layout.n_actions
        obs[calls:tail] = self.mask0
        obs[tail] = max(0.0, phi) if self.phi_observed else 0.0
        return obs


class CounterTables(NamedTuple):
    """What the literal counters of a world need besides its start state (see :func:`_counter_tables`)."""

    literals: tuple[tuple[int, tuple[int, ...], tuple[int, ...], Callable | None], ...]
    rows: list[CounterRow | None]
    fact_deps: dict[int, list[int]]
    num_deps: dict[int, list[int]]


def _counter_tables(world: CompiledWorld, layout: Layout) -> CounterTables:
    """What the literal counters of ``world`` need besides its start state (cached per grounding).

    ``literals``: per valid action ``(id, facts needed true, facts needed false, residual check or
    None)``; ``rows``: per fact its :data:`CounterRow`, ids in slot order
    (``None`` if no literal reads it); ``fact_deps`` / ``num_deps``: per fact / fluent the ids of the
    actions whose residual reads it. All of it depends only on the ground preconditions, i.e. on
    :attr:`CompiledWorld.grounding`, so a generator's replays of tasks over the same objects and
    tools build it once.
    """
    key = ("runtime-counters", world.grounding)
    cached = layout.compile_cache.get(key)
    if cached is not None:
        return cached
    literals: list[tuple] = []
    fact_deps: dict[int, list[int]] = {}
    num_deps: dict[int, list[int]] = {}
    by_fact: dict[int, dict[int, int]] = {}  # only the facts some literal reads (a few of the layout's)
    for a in world.valid_actions:
        pos, neg = a.pre.literals or ((), ())
        residual = _residual(a)
        for i in pos:
            row = by_fact.setdefault(i, {})
            row[a.id] = row.get(a.id, 0) - 1
        for i in neg:
            row = by_fact.setdefault(i, {})
            row[a.id] = row.get(a.id, 0) + 1
        if residual is not None:
            for i in residual.facts:
                fact_deps.setdefault(i, []).append(a.id)
            for j in residual.nums:
                num_deps.setdefault(j, []).append(a.id)
        literals.append((a.id, pos, neg, None if residual is None else residual.fn))
    rows: list[CounterRow | None] = [None] * layout.n_facts
    for i, row in by_fact.items():
        # an action's net delta is ±1 unless it reads a fact twice; |d| copies of its id then move it by d
        deltas = sorted(row.items())
        needs_true = tuple(a for a, d in deltas if d < 0 for _ in range(-d))
        needs_false = tuple(a for a, d in deltas if d > 0 for _ in range(d))
        rows[i] = (needs_true, needs_false) if needs_true or needs_false else None
    cached = layout.compile_cache[key] = CounterTables(tuple(literals), rows, fact_deps, num_deps)
    return cached


def _residual(action: GroundAction):
    """The part of a precondition the literal counters do not cover (all of it if it was not split)."""
    return action.pre.residual if action.pre.literals is not None else action.pre


def scaled(value: float, scale: np.float32) -> np.float32 | float:
    """One fluent as observed: ``np.clip(np.float32(value) / scale, 0, 1)`` bit for bit, without array overhead.

    Division of two float32 scalars rounds as the array division does; the clip keeps NaN and
    -0.0 as ``np.clip`` does (tested against it in tests/envs/test_fast_path.py).
    """
    x: np.float32 | float = np.float32(value) / scale
    if not (x >= 0.0 or isnan(x)):
        x = 0.0
    if not (x <= 1.0 or isnan(x)):
        x = 1.0
    return x
