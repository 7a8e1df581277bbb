"""Per-task constants behind ``GenSimEnv.step``: literal counters, per-call update plans, the reset observation.

Why this exists: a step used to re-run every precondition closure its call could affect (tens per
step in warehouse, where moving the robot touches every pick, drop and move) and to rebuild the
whole observation. Most preconditions are conjunctions of fact literals, so the environment keeps,
per action slot, how many of its literals are unsatisfied (``cnt``; the call is available iff that
is 0). A fact of the belief state flipping 0→1 adds row ``D[i]`` to ``cnt`` (−1 where a
precondition needs the fact true, +1 where it needs it false), 1→0 subtracts it. Other
preconditions (comparisons, ``or``) keep their closures and are re-run only when a call writes
something they read; their counter is 0 or 1. Unused slots stay at 1.

Without hidden facts the rows a call moves are known from which of its effects actually flipped,
so each call keeps their sum per flip pattern (``flips``): one update per step. Rows are usually
sparse (a fact is read by a few preconditions, out of up to hundreds of slots); when a task's
calls move few counters (``dense`` False) the rows are ``(action, delta)`` pairs and ``cnt`` a plain
list: a step walks those entries and writes the mask and the observation only where a counter
reaches or leaves 0, cheaper than the three numpy calls on whole arrays (add, ``logical_not``,
copy into the observation) that the ``dense`` representation (int16 rows and counters) costs.

Everything here depends only on the compiled world (and its fixed initial state), so it is built
once per task and reused by every reset, per-call plans included, with the summed rows of the
pattern where every effect flips its fact (most calls only ever see that one: their preconditions
fix the values of what they write); other patterns are summed on first use.
"""

from __future__ import annotations

from math import isnan
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from gensim_gym.world.heuristic import dead_actions
from gensim_gym.world.progress import progress

# Tasks whose calls move more counters than this on average (when all their effects flip) use the
# dense (numpy) counters: walking an entry costs ~50 ns in Python and a mask change ~0.2 µs, the three
# whole-array numpy calls ~2 µs, and random walks move more entries than this static mean suggests
# (measured: filesystem and warehouse tasks, 8–27, are faster dense; calendar, support, webshop, 3–7, sparse).
DENSE_ABOVE = 7

if TYPE_CHECKING:  # pragma: no cover
    from gensim_gym.world.compiled import CompiledWorld, GroundAction
    from gensim_gym.world.layout import Layout


class CallTables(NamedTuple):
    """The goal-independent part of a :class:`CallPlan`, shared per grounding (see ``TaskRuntime._call_tables``),
    plus the facts (``writes``) and fluents (``assigned``) the call writes."""

    indices: tuple[int, ...]
    rows: tuple
    residuals: tuple
    assigns: tuple | None
    dels: tuple[tuple[int, int], ...]
    adds: tuple[tuple[int, int], ...]
    flips: dict
    writes: tuple[int, ...]
    assigned: tuple[int, ...]


class CallPlan(NamedTuple):
    """How a valid call updates the runtime state. A tuple, so the env's step unpacks it at tuple speed.

    ``indices``/``rows``: the belief facts it may change, with their counter rows (``None`` when no
    literal reads the fact); ``residuals``: the residual checks to re-run, as ``(fn, action ids)`` (one
    entry per distinct check); ``assigns``: its fluent assignments as ``(fluent, op, fn, lo, hi)`` (or
    ``None``); ``touches_goal`` / ``touches_phi``: whether a goal / the progress potential reads what it
    writes; ``dels``/``adds``: for the path without hidden facts, its deletes and adds as ``(fact, bit)``
    (bit 0 when no literal reads the fact); ``flips``: the summed counter rows per flip pattern (see
    :meth:`TaskRuntime.flip_delta`).
    """

    indices: tuple[int, ...]
    rows: tuple
    residuals: tuple
    assigns: tuple | None
    touches_goal: bool
    touches_phi: bool
    dels: tuple[tuple[int, int], ...]
    adds: tuple[tuple[int, int], ...]
    flips: dict


class TaskRuntime:
    """What ``reset`` and ``step`` need about one compiled world, precomputed.

    Attributes mirror the spec's reward (as the floats ``step`` adds), the initial state's mask,
    goal status, potential and full vector observation, and the literal-counter matrix ``D``.
    """

    def __init__(self, world: CompiledWorld, layout: Layout, *, prepare: bool = True) -> None:
        """``prepare``: build every call's plan now (a training env: the cost belongs to preparing the task,
        not to its first steps); ``False`` builds each on first use (a verifier replaying one short plan
        needs a handful of the ~100 plans, and building them all doubled generation time) and keeps the
        sparse counters (choosing between the two representations, which agree on every step, costs a
        pass over every call: ~10 % of generation time in file-system tasks, more than a short replay
        could save)."""
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
        self.visible0 = bytearray(1 if not h else 0 for h in world.hidden) if self.hidden else None
        facts = world.init_facts
        self.belief0 = None
        if self.hidden:
            self.belief0 = bytearray(f if v else 1 for f, v in zip(facts, self.visible0, strict=True))
        belief, nums = self.belief0 if self.hidden else facts, world.init_nums
        self.scale32 = np.asarray(world.num_scale, dtype=np.float32)
        self.scale_items = list(self.scale32)  # numpy float32 scalars, for scaled()
        self._observed: dict[tuple[int, float], np.float32 | float] = {}
        self._build_counters(world, layout, belief, nums, choose_dense=prepare)
        # Actions that can never apply in this task (calendar: confirming someone for a slot they are not
        # free at; a fifth of its counter moves, 69 % of support's) keep their counters at the start
        # value: it includes the literal that stays unmet, so it never reaches 0 and the mask is the
        # same. Only for a training env's sparse counters without hidden facts (a reveal changes the
        # belief): their flip sums are then this task's own, not the grounding's shared ones.
        self.dead = dead_actions(world) if prepare and not self.hidden and not self.dense else frozenset()
        self.goals = world.goals
        self.goal_facts = frozenset(world.goal_facts)
        self.goal_nums = frozenset(j for g in world.goals for j in g.nums)
        self.status0 = world.goal_status(facts, nums)
        self.success0 = all(self.status0)
        self.actions = world.actions
        self.terms = world.terms
        self.guard = world.guard  # trajectory constraints (None without: step() then skips the check)
        self.plans: list[CallPlan | None] = [None] * layout.n_actions
        if prepare:
            for a in world.valid_actions:  # ~10 µs each
                self.plan(a)

    def _build_counters(self, world: CompiledWorld, layout: Layout, belief: bytearray, nums: list[float], *,
                        choose_dense: bool = True) -> None:
        """The literal counters at the start, their rows and the residual checks' dependencies;
        ``choose_dense`` False keeps the sparse representation without measuring which is faster."""
        n = layout.n_actions
        literals, pairs, dense, rows, fact_deps, num_deps = _counter_tables(world, layout, choose_dense)
        cnt = [1] * n  # unused slots stay unavailable
        res: dict[int, int] = {}  # residual value (0 holds, 1 fails) of each action that has one
        for action_id, pos, neg, residual in literals:
            unsatisfied = 0
            for i in pos:
                unsatisfied += not belief[i]
            for i in neg:
                unsatisfied += bool(belief[i])
            if residual is not None:
                unsatisfied += res.setdefault(action_id, 0 if residual(belief, nums) else 1)
            cnt[action_id] = unsatisfied
        self.pairs, self.dense, self.rows = pairs, dense, rows
        self.cnt0 = np.asarray(cnt, dtype=np.int16) if dense else cnt
        self.res0 = res
        self.mask0 = np.asarray(cnt) == 0
        self.mask0_bytes = self.mask0.tobytes()  # copied into the env's mask buffer at reset
        self._residual_fact_deps, self._residual_num_deps = fact_deps, num_deps

    def plan(self, ground: GroundAction) -> CallPlan:
        """How a valid application of ``ground`` updates the runtime state (built on first use; see
        :class:`CallPlan`)."""
        t = self._call_tables(ground)
        flips = {} if self.dead else t.flips  # this task's flip sums, without the dead actions' counters
        touches_goal = bool(self.goal_facts.intersection(t.writes) or self.goal_nums.intersection(t.assigned))
        touches_phi = self.shaping and bool(self.potential.facts.intersection(t.writes)
                                            or self.potential.nums.intersection(t.assigned))
        plan = CallPlan(t.indices, t.rows, t.residuals, t.assigns, touches_goal, touches_phi, t.dels, t.adds, flips)
        self.plans[ground.id] = plan
        everything = sum(bit for _, bit in t.dels + t.adds)
        if everything and not self.hidden and everything not in flips:
            # the usual pattern: preconditions fix what the effects flip
            self.flip_delta(plan, everything)
        return plan

    def _call_tables(self, ground: GroundAction) -> CallTables:
        """The goal-independent part of :meth:`plan`, plus the facts and fluents the call writes.

        It depends only on the ground action, the counter tables and whether facts are hidden, so it
        is kept per grounding in the layout's compile cache (as the counter tables are): tasks over the
        same objects and tools share it, flip-pattern sums included.
        """
        world = self.world
        key = ("runtime-calls", world.grounding, self.dense, self.hidden)
        cache = world.layout.compile_cache
        table = cache.get(key)
        if table is None:
            table = cache[key] = {}
        entry = table.get(ground.id)
        if entry is not None:
            return entry
        effects = ground.effects
        written = effects.dels + effects.adds + (effects.reveals if self.hidden else ())
        indices = tuple(dict.fromkeys(written))
        assigned = tuple(dict.fromkeys(j for j, _, _ in effects.assigns))
        found: dict[int, GroundAction] = {}
        for i in effects.adds + effects.dels + effects.reveals:
            found.update((b, self.actions[b]) for b in self._residual_fact_deps.get(i, ()))
        for j in assigned:
            found.update((b, self.actions[b]) for b in self._residual_num_deps.get(j, ()))
        # one entry per distinct check: actions whose residuals are the same ground expression
        # (calendar: ``headcount(m) <= capacity(r)`` in every slot's booking) share one evaluation
        groups: dict[object, tuple] = {}
        for aid in sorted(found):
            residual = _residual(found[aid])
            group = residual.key if residual.key is not None else aid
            fn, ids = groups.get(group, (residual.fn, ()))
            groups[group] = (fn, ids + (aid,))
        # fluent assignments as (fluent, op, value fn, lo, hi): applied as CompiledWorld.apply does
        # (values read the state before the call, then clamped), without its per-call generality
        lo, hi = world.num_lo, world.num_hi
        assigns = tuple((j, op, fn, lo[j], hi[j]) for j, op, fn in effects.assigns) if assigned else None
        # one bit per delete / add whose fact some literal reads, in effect order
        writes = effects.adds + effects.dels
        bits = iter(1 << k for k in range(len(writes)))
        dels = tuple((i, next(bits) if self.pairs[i] else 0) for i in effects.dels)
        adds = tuple((i, next(bits) if self.pairs[i] else 0) for i in effects.adds)
        entry = table[ground.id] = CallTables(indices, tuple(self.rows[i] for i in indices), tuple(groups.values()),
                                              assigns, dels, adds, {}, writes, assigned)
        return entry

    def flip_delta(self, plan: CallPlan, pattern: int) -> tuple[tuple[int, int], ...]:
        """The counter change of a call whose deletes / adds with set bits in ``pattern`` really flipped
        their fact: the sum of their rows (subtracted for deletes), zero entries and dead actions' entries
        dropped; cached on the plan."""
        total: dict[int, int] = {}
        for sign, items in ((-1, plan.dels), (1, plan.adds)):
            for i, bit in items:
                if bit & pattern:
                    for a, d in self.pairs[i]:
                        total[a] = total.get(a, 0) + sign * d
        dead = self.dead
        delta = tuple((a, d) for a, d in sorted(total.items()) if d and a not in dead)
        if self.dense:
            delta = _dense(delta, len(self.cnt0)) if delta else None
        plan.flips[pattern] = delta
        return delta

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


def _counter_tables(world: CompiledWorld, layout: Layout, choose_dense: bool) -> tuple:
    """What the literal counters of ``world`` need besides its start state (cached per grounding).

    ``(literals, pairs, dense, rows, fact_deps, num_deps)``: per valid action ``(id, facts needed true,
    facts needed false, residual check or None)``; per fact the ``(action, delta)`` pairs of its
    counter row in slot order (``None`` if no literal reads it); whether the dense representation
    is used and the rows in it; per fact / fluent the ids of the actions whose residual reads it.
    All of it depends only on the ground preconditions, i.e. on :attr:`CompiledWorld.grounding`,
    so a generator's replays of tasks over the same objects and tools build it once.
    """
    key = ("runtime-counters", world.grounding, choose_dense)
    cached = layout.compile_cache.get(key)
    if cached is not None:
        return cached
    literals: list[tuple] = []
    fact_deps: dict[int, list[int]] = {}
    num_deps: dict[int, list[int]] = {}
    rows: dict[int, dict[int, int]] = {}  # only the facts some literal reads (a few of the layout's)
    for a in world.valid_actions:
        pos, neg = a.pre.literals or ((), ())
        residual = _residual(a)
        for i in pos:
            row = rows.setdefault(i, {})
            row[a.id] = row.get(a.id, 0) - 1
        for i in neg:
            row = rows.setdefault(i, {})
            row[a.id] = row.get(a.id, 0) + 1
        if residual is not None:
            for i in residual.facts:
                fact_deps.setdefault(i, []).append(a.id)
            for j in residual.nums:
                num_deps.setdefault(j, []).append(a.id)
        literals.append((a.id, pos, neg, None if residual is None else residual.fn))
    # row i as (action, delta) pairs in slot order, None if no literal reads fact i
    pairs: list[tuple[tuple[int, int], ...] | None] = [None] * layout.n_facts
    for i, row in rows.items():
        pairs[i] = tuple(sorted((a, d) for a, d in row.items() if d)) or None
    dense = choose_dense and _mean_moved(world, pairs) > DENSE_ABOVE
    dense_rows = [_dense(row, layout.n_actions) for row in pairs] if dense else pairs
    cached = layout.compile_cache[key] = (tuple(literals), pairs, dense, dense_rows, fact_deps, num_deps)
    return cached


def _mean_moved(world: CompiledWorld, pairs: list) -> float:
    """The mean number of counters a valid call moves when all its deletes and adds flip."""
    sizes = []
    for a in world.valid_actions:
        moved: set[int] = set()
        for i in a.effects.dels + a.effects.adds:
            moved.update(b for b, _ in pairs[i] or ())
        sizes.append(len(moved))
    return sum(sizes) / max(1, len(sizes))


def _dense(pairs: tuple | None, n: int) -> np.ndarray | None:
    """``(action, delta)`` pairs as an int16 row over ``n`` slots (None stays None)."""
    if pairs is None:
        return None
    row = np.zeros(n, dtype=np.int16)
    row[[a for a, _ in pairs]] = [d for _, d in pairs]
    return row


def _residual(action: GroundAction):
    """The part of a precondition the literal counters do not cover (all of it if it was not split)."""
    return action.pre.residual if action.pre.literals is not None else action.pre


def scaled(value: float, scale: np.float32) -> np.float32 | float:
    """One fluent as observed: ``np.clip(np.float32(value) / scale, 0, 1)`` bit for bit, without array overhead.

    Division of two float32 scalars rounds as the array division does; the clip keeps NaN and
    -0.0 as ``np.clip`` does (tested against it in tests/envs/test_fast_path.py).
    """
    x = np.float32(value) / scale
    if not (x >= 0.0 or isnan(x)):
        x = 0.0
    if not (x <= 1.0 or isnan(x)):
        x = 1.0
    return x
