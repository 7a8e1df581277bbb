"""The progress potential Φ behind the ``dense`` reward.

Φ(s) = 1 − min(d(s), cap) / d(s₀), where d is the number of steps still
needed to reach the goal from s. Φ is 0 at the start and rises towards 1 as
the agent gets closer, so *sub-goal* progress (driving to the right crate,
opening the right record) is rewarded, not only finished goal conditions: a
throwaway prototype showed that a goal-count potential leaves plain PPO at 0%
success, because the steps between goal conditions earn nothing.

How d is known:

* **Exact table** (most tasks up to medium difficulty): a breadth-first sweep
  of every state reachable from the start, restricted to what matters (the
  planner's relevant actions, and states projected onto the facts and fluents
  relevant actions and goals read — distractor tools cannot change those),
  then a backward sweep from the goal states. d is then the true distance.
* **Landmark estimate** when the relevant state space exceeds
  ``MAX_STATES``: the planner's admissible heuristic, memoised per state
  projected onto the facts and fluents the estimate can read
  (:meth:`~gensim_gym.world.heuristic.Guidance.inputs`, usually far fewer),
  and computed for the ``MAX_STATES`` states nearest the start that the
  abandoned sweep enumerated once the table has missed :data:`WARM_AFTER` times
  (a task played for one short episode never pays for it).

The environment pays ``w·(γΦ(s′) − Φ(s))`` with Φ = 0 at termination. That is
potential-based shaping: it telescopes over an episode, cannot be farmed, and
leaves the optimal policy unchanged. Noise and hidden facts are ignored (Φ is
computed on the true state: a privileged critic, like the golden plan).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from gensim_gym.world.budget import current
from gensim_gym.world.heuristic import DEAD_END, guidance
from gensim_gym.world.layered import fits, sweep_layers
from gensim_gym.world.layered_fluents import changing_facts
from gensim_gym.world.layered_fluents import fits as fits_fluents
from gensim_gym.world.layered_fluents import sweep_layers as sweep_fluent_layers
from gensim_gym.world.packed import PackedDistances, pack
from gensim_gym.world.sweep import MAX_SWEEP_CHECKS, IntState, Swept, sweep

if TYPE_CHECKING:  # pragma: no cover
    from gensim_gym.world.compiled import CompiledWorld

MAX_STATES = 2048
MAX_MEMO = 200_000
__all__ = ["MAX_MEMO", "MAX_STATES", "MAX_SWEEP_CHECKS", "PlanProgress", "Progress", "progress"]
#: Misses after which :meth:`Progress._warm` runs. An unlimited stream plays most medium tasks for one
#: episode of ~8-15 steps (a few misses at ~7 µs each) while warming costs milliseconds (2048 states
#: converted and projected); a pool's task is played for many episodes and warms on its first ones.
WARM_AFTER = 32
#: State spaces up to this size are swept one state at a time even where the numpy layer sweep fits: it pays
#: from a few hundred states on (medium warehouse: 126-2048 states), and costs more on easy tasks' few dozen.
SMALL_SPACE = 128
#: Actions changing more facts than this skip that one-state probe: with 11 or more changing facts the space outran
#: :data:`SMALL_SPACE` in 295 of 320 sampled tasks (webshop 103/103, warehouse 104/110, easy calendar 88/107), where
#: the probe was thrown away (~0.4-0.6 ms of a prefetch worker's CPU a task, ``benchmarks/task_cost.py --worker``,
#: issue 16). Either way the same states come out: only the cost changes.
PROBE_CHANGING = 10


class Progress:
    """Φ for one compiled world (see the module docstring)."""

    # the abandoned sweep's states, until :meth:`_warm` has run (None: nothing to warm), and the misses so far
    _nearest: Callable[[], list] | None = None
    _misses = 0
    _packed = False  # see __init__

    def __init__(self, world: CompiledWorld, max_states: int = MAX_STATES, *, packed: bool = False) -> None:
        """Φ for ``world``: the exact table if the relevant state space has at most ``max_states`` states, else the
        estimate. ``packed``: an exact table a layer sweep finds is kept packed, as :meth:`export` ships it
        (:class:`~gensim_gym.world.packed.PackedDistances`, built from the sweep's arrays without the dict of
        keys: :func:`shipped_progress`, a prefetch worker's); lookups give the same distances either way."""
        self.world = world
        self._packed = packed
        g = guidance(world)
        self.h = g
        facts: set[int] = {i for goal in world.goals for i in goal.facts}
        nums: set[int] = {j for goal in world.goals for j in goal.nums}
        for a in g.relevant:
            facts |= a.pre.facts | a.value_reads[0]
            nums |= a.pre.nums | a.value_reads[1]
        if world.guard is not None:  # states differing in what a constraint reads differ in their future
            facts.update(world.guard.by_fact)
            nums.update(world.guard.by_num)
        # Fluents no relevant action assigns keep their initial value in every state the key ever sees
        # (an action assigning one that Φ reads would be relevant), so leaving them out of the key merges
        # no two states that differ; in calendar that is every room's capacity, and often all fluents,
        # which leaves a plain int key (no tuple built per lookup).
        self._assigned = frozenset(j for a in g.relevant for j, _, _ in a.effects.assigns)
        self._set_key(facts, nums)
        self.memo: Mapping[int | tuple, int] = {}  # a dict, or packed where restored from a worker's (export)
        self.phis: dict[int | tuple, float] = {}  # Φ by key, filled on demand (from ``memo`` when exact)
        nearest = self._sweep(g.relevant, max_states)
        self.exact = nearest is None
        if not self.exact:
            # The estimate reads far fewer facts than relevant actions do: key its memo on those
            # alone, so that states differing only elsewhere share one evaluation (same values).
            self._set_key(*g.inputs())
        start = self.distance(world.init_facts, world.init_nums)
        self.cap = 2 * max(start, world.horizon, 1)
        self.d0 = max(1, min(start, self.cap))
        # An exact table's Φ is filled from ``memo`` at a state's first lookup (one more dict lookup), not for
        # all ≤ max_states states up front: a stream's task is played for one short episode of a few states,
        # and the up-front table cost ~0.1 ms a task (benchmarks/task_cost.py). An estimate is warmed later.
        if not self.exact:
            self._nearest = nearest  # warmed after WARM_AFTER misses (see __call__)

    #: what :meth:`export` writes (plain data: the tables and how states are keyed)
    _EXPORTED = ("_assigned", "_fmask", "_nidx", "facts", "nums", "memo", "exact", "cap", "d0")

    def export(self) -> dict:
        """The computed tables as plain data (picklable), for :meth:`restore` in another process.

        A task-generation worker process sweeps the tables off the training process and ships them
        with the spec (:mod:`gensim_gym.generation.prefetch`); the exact table's Φ values are
        re-derived from its distances there, which halves what is sent. Its dead ends stay behind: a
        state an exact table lacks reads as a dead end (:meth:`distance`, ``__call__``), so the restored
        table gives the same values, and the training process unpickles fewer entries (a sixth of a medium
        webshop table, more than half of a medium calendar one). The rest ships packed
        (:class:`~gensim_gym.world.packed.PackedDistances`: a few bytes objects, not a tuple per state for the
        training process to unpickle and its collector to scan).
        """
        state = {name: getattr(self, name) for name in self._EXPORTED}
        if not self.exact:
            state["phis"] = self.phis
        elif not isinstance(self.memo, PackedDistances):  # (else packed by the sweep already: ``packed``)
            # packed: a few bytes objects to unpickle, not a tuple per state (world/packed.py)
            state["memo"] = pack({k: d for k, d in self.memo.items() if d != DEAD_END}, self._fmask, len(self._nidx))
        return state

    @classmethod
    def restore(cls, world: CompiledWorld, state: dict) -> Progress:
        """A :class:`Progress` for ``world`` from :meth:`export`'s data, computed for an equal world (the
        same spec compiled on an equal layout): the same values as building it here, without the sweep."""
        self = cls.__new__(cls)
        self.world = world
        for name in cls._EXPORTED:
            setattr(self, name, state[name])
        self.phis = dict(state["phis"]) if not self.exact else {}
        return self

    @property
    def size(self) -> int:
        """States the table holds: every swept state when exact, else the estimates computed so far."""
        return len(self.memo) if self.exact else len(self.phis)

    def __getattr__(self, name: str):
        # ``h`` (the landmark estimate) is built lazily on a restored Progress: an exact table never
        # asks for it. Only reached when normal lookup fails, so the hot path pays nothing.
        if name == "h":
            self.h = guidance(self.world)
            return self.h
        raise AttributeError(name)

    def warm(self) -> None:
        """Run :meth:`_warm` now if it has not run (nothing to do for an exact table). A prefetch worker does
        before shipping the table, so that the training process looks up, rather than estimates, Φ near
        the start (and never builds the estimate for it)."""
        if self._nearest is not None:
            nearest, self._nearest = self._nearest, None
            self._warm(nearest)

    def _warm(self, states: list | Callable[[], list]) -> None:
        """Φ of ``states`` now: the ``max_states`` states nearest the start, where the sweep stopped (as
        arrays, int-held as :func:`~gensim_gym.world.sweep.sweep` enumerates them, or as a layer sweep's
        :class:`~gensim_gym.world.layered.LayerStates`, which finds each key's first state with numpy: the others
        are never converted, and only a few hundred keys are estimated; ``benchmarks/worker_instructions.py``).

        Every episode starts among them (in calendar's first 20k random steps, 83 % of the estimate's
        misses were such states), and projected onto the estimate's inputs they collapse to a few
        hundred keys (21–518 per large calendar task): a few milliseconds on top of the sweep that
        enumerated them, against one cache-cold evaluation per miss during play. Φ is a function of
        the key, so when it is computed changes no value.

        Bounded by the states alone (at most ``max_states``, the sweep's cap: 27 ms at most per task of the
        built-in pools, blocks at difficulty 1.0, ``benchmarks/warm_cost.py``), not by a clock: a clock made
        how much was warmed, and so the work of later steps, depend on the machine's load.
        """
        phis, estimate = self.phis, self.h.estimate
        size = len(self.world.init_facts)
        distinct = getattr(states, "distinct", None)
        if distinct is not None:  # a layer sweep's states (LayerStates): each key's first state, found with numpy
            for k, (bits, nums) in distinct(self._fmask, self._nidx):
                if k not in phis:
                    phis[k] = self._phi(estimate(bytearray(bits.to_bytes(size, "little")), list(nums)))
            return
        states = states() if callable(states) else states
        # one sweep's states are all int-held or all arrays: the kind is told once, not per state
        int_held = bool(states) and isinstance(states[0][0], int)
        key = self._int_key if int_held else self.key
        for facts, nums in states:
            # an int-held state is keyed as it is, and converted only for an estimate: most states share a key
            # with one warmed before (2048 states, a few hundred keys)
            k = key(facts, nums)
            if k not in phis:
                if int_held:
                    facts, nums = bytearray(facts.to_bytes(size, "little")), list(nums)
                phis[k] = self._phi(estimate(facts, nums))

    def _set_key(self, facts: set[int] | frozenset[int], nums: set[int] | frozenset[int]) -> None:
        """Key states on ``facts`` and the fluents of ``nums`` that can change (see ``__init__``)."""
        # The projection onto ``facts`` as an int: the state's bytes with every other byte masked to
        # zero. Two states share a key exactly when they agree on the relevant facts (and fluents),
        # as with slicing out those facts, but one int AND is far cheaper than a numpy gather.
        self._fmask = sum(1 << (8 * i) for i in facts)
        self._nidx = sorted(nums & self._assigned)
        # Φ reads only these: a call that writes none of them leaves Φ unchanged (the env skips the lookup)
        self.facts, self.nums = frozenset(facts), frozenset(nums)

    def key(self, facts: bytearray, nums: list[float]) -> int | tuple:
        """The state projected onto what Φ depends on (what relevant actions and the goal read for the
        exact table, what the estimate reads otherwise)."""
        bits = int.from_bytes(facts, "little") & self._fmask
        return (bits, tuple(map(nums.__getitem__, self._nidx))) if self._nidx else bits

    def _int_key(self, bits: int, nums: tuple) -> int | tuple:
        """:meth:`key` of an int-held state (facts as ``int.from_bytes(facts, "little")``, fluents as a tuple)."""
        bits &= self._fmask
        return (bits, tuple(map(nums.__getitem__, self._nidx))) if self._nidx else bits

    def _sweep(self, actions, max_states: int) -> Callable[[], list] | None:
        """Fill ``memo`` with exact distances if the relevant state space is small enough (and return
        None); else return what gives the ``max_states`` states it enumerated, breadth-first from the start.

        Worlds without trajectory constraints are swept on int-held states (:meth:`_sweep_bits`, several
        times faster), a layer at a time with numpy where the world fits
        (:func:`~gensim_gym.world.layered.fits`); a constraint's check reads the state arrays, so those
        take :meth:`_sweep_arrays`. All enumerate the same states in the same order (tests compare them).
        """
        if self.world.guard is None:
            return self._swept(self._sweep_int(actions, max_states))
        states = self._sweep_arrays(actions, max_states)
        return (lambda: states) if states else None

    def _sweep_int(self, actions, max_states: int, layers: bool | None = None) -> Swept:
        """The int-held sweep of ``actions``: a layer at a time (numpy) if ``layers``; by default where a layer
        sweep fits and the space has more than :data:`SMALL_SPACE` states (numpy's per-call cost would dominate a
        smaller one: easy tasks), which the one-state sweep, capped there, finds out first where the actions change
        at most :data:`PROBE_CHANGING` facts (with more, the space is large in practice)."""
        changing = changing_facts(actions)  # once: the fluent layer sweep's fit and the sweep itself read them too
        layered = self._layer_sweep(actions, changing) if layers is not False else None
        if layers is None and layered is not None and max_states > SMALL_SPACE and len(changing) <= PROBE_CHANGING:
            small = sweep(self.world, actions, SMALL_SPACE, self._fmask, self._nidx)
            if not small.truncated:  # the whole space: what any larger cap gives
                return small
        if layered is not None:
            return layered(max_states)
        return sweep(self.world, actions, max_states, self._fmask, self._nidx)

    def _layer_sweep(self, actions, changing: list[int]) -> Callable[[int], Swept] | None:
        """The layer sweep that fits this world (given a state cap), if one does: facts only
        (:mod:`~gensim_gym.world.layered`), or with fluents (:mod:`~gensim_gym.world.layered_fluents`; ``changing``
        are the facts ``actions`` change)."""
        world = self.world
        if fits(world, actions, self._nidx):
            return lambda cap: sweep_layers(world, actions, cap, self._fmask, packed=self._packed)
        if fits_fluents(world, actions, changing):
            return lambda cap: sweep_fluent_layers(world, actions, cap, self._fmask, self._nidx, changing=changing,
                                                   packed=self._packed)
        return None

    def _swept(self, found: Swept) -> Callable[[], list] | None:
        """Take a sweep's result: ``memo`` from its distances if it finished (None), else its ``nearest``."""
        if found.truncated:
            return found.nearest
        if found.packed is not None:
            self.memo = found.packed
            return None
        if found.distances is not None:
            self.memo = {k: (d if d >= 0 else DEAD_END) for k, d in zip(found.ids, found.distances, strict=True)}
        else:
            self._distances(found.ids, found.parents, found.goals)
        return None

    def _sweep_arrays(self, actions, max_states: int) -> list[tuple[bytearray, list[float]]]:
        """:meth:`_sweep` on states as the env holds them (a fact bytearray and a fluent list)."""
        w = self.world
        start = (bytearray(w.init_facts), list(w.init_nums))
        ids = {self.key(*start): 0}
        states = [start]
        parents: list[list[int]] = [[]]
        goals: list[int] = []
        frontier = deque([0])
        budget, checks = current(), 0
        while frontier:
            sid = frontier.popleft()
            facts, nums = states[sid]
            if w.is_goal(facts, nums):
                goals.append(sid)
                continue  # episodes end at the goal: no need to expand it
            checks += len(actions)
            if checks > MAX_SWEEP_CHECKS:
                return states
            if not sid & 63:
                budget.check_time("the progress (dense reward) sweep")
            for a in actions:
                if not a.pre.fn(facts, nums):
                    continue
                f2, n2 = w.successor(facts, nums, a.effects)
                if w.guard is not None and w.guard.violates(a, f2, n2, fatal_only=True):
                    continue  # the episode ends there, as a failure: no way on to the goal
                k = self.key(f2, n2)
                nid = ids.get(k)
                if nid is None:
                    if len(states) >= max_states:
                        return states
                    nid = ids[k] = len(states)
                    states.append((f2, n2))
                    parents.append([])
                    frontier.append(nid)
                parents[nid].append(sid)
        self._distances(ids, parents, goals)
        return []

    def _sweep_bits(self, actions, max_states: int, layers: bool | None = None) -> list[IntState]:
        """:meth:`_sweep` on int-held states (:func:`gensim_gym.world.sweep.sweep` or, with ``layers``,
        :func:`~gensim_gym.world.layered.sweep_layers`), returning ``[]`` or the enumerated states (int-held;
        :meth:`_warm` converts the ones it warms), as :meth:`_sweep_arrays` does (for tests)."""
        nearest = self._swept(self._sweep_int(actions, max_states, layers))
        return nearest() if nearest is not None else []

    def _distances(self, ids: dict, parents: list[list[int]], goals: list[int]) -> None:
        """``memo``: each swept state's distance to the goal, by a backward sweep from the goal states."""
        dist = [-1] * len(parents)
        queue = deque(goals)
        for sid in goals:
            dist[sid] = 0
        while queue:
            sid = queue.popleft()
            for pid in parents[sid]:
                if dist[pid] < 0:
                    dist[pid] = dist[sid] + 1
                    queue.append(pid)
        self.memo = {k: (dist[i] if dist[i] >= 0 else DEAD_END) for k, i in ids.items()}

    def distance(self, facts: bytearray, nums: list[float]) -> int:
        """Steps still needed (exact when the table was built, else the admissible estimate)."""
        d = self.memo.get(self.key(facts, nums))
        if d is None:  # outside an exact table means unreachable: only the real dynamics produce states
            d = DEAD_END if self.exact else self.h(facts, nums)
        return d

    def _phi(self, d: int) -> float:
        return 1.0 - min(d, self.cap) / self.d0

    def _exact_phis(self) -> dict[int | tuple, float]:
        """Φ of every state of ``memo``: ``_phi`` once per distinct distance (a few dozen, against up to
        ``MAX_STATES`` states). :class:`PlanProgress` needs them up front (a miss there is estimated)."""
        memo = self.memo
        by_distance = {d: self._phi(d) for d in set(memo.values())}
        return dict(zip(memo, map(by_distance.__getitem__, memo.values()), strict=True))

    def __call__(self, facts: bytearray, nums: list[float]) -> float:
        """Φ(s) = 1 − min(d(s), cap) / d(s₀), memoised as a float per projected state (the env asks
        for it on most steps, so a hit is one key and one dict lookup)."""
        bits = int.from_bytes(facts, "little") & self._fmask  # self.key(), inlined: this is the hit path
        k = (bits, tuple(map(nums.__getitem__, self._nidx))) if self._nidx else bits
        phi = self.phis.get(k)
        if phi is None:
            # A miss. Exact table: the state's first lookup, its distance from ``memo`` (none: unreachable).
            # Estimate: a state not seen yet, one evaluation kept here only (the guidance's own memo, keyed
            # alike, would hold the same value twice).
            if self.exact:
                d = self.memo.get(k)
                d = DEAD_END if d is None else d
            else:
                if self._nearest is not None:
                    self._misses += 1
                    if self._misses >= WARM_AFTER:
                        self.warm()
                        phi = self.phis.get(k)
                        if phi is not None:
                            return phi
                d = self.h.estimate(facts, nums)
            phis = self.phis
            if len(phis) >= MAX_MEMO:
                phis.clear()
            phi = phis[k] = self._phi(d)
        return phi


def progress(world: CompiledWorld) -> Progress:
    """The world's (cached) :class:`Progress` potential."""
    return world.derived("_progress", Progress)


def shipped_progress(world: CompiledWorld) -> Progress:
    """The world's (cached) :class:`Progress` as a prefetch worker makes it to ship: an exact table a layer sweep
    finds is packed from the sweep's arrays (``Progress(packed=True)``), so that :meth:`Progress.export` gives the
    same table without building, then packing, a dict of every state's key (7-13 % of a worker's CPU per task,
    docs/scaling.md step 14)."""
    return world.derived("_progress", _packed_progress)


def _packed_progress(world: CompiledWorld) -> Progress:
    return Progress(world, packed=True)


class PlanProgress(Progress):
    """Φ along a known shortest plan, for verifying a spec without sweeping its state space.

    Along a shortest plan of length L the distance to the goal after t steps is exactly
    L − t, which is what the exact table would hold; so replaying the golden plan with this
    potential pays the same rewards as the environment will (when its table is exact), at the
    cost of L state keys instead of a sweep. States off the plan fall back to the landmark
    estimate. For a task too large for the table the environment pays landmark-based shaping
    instead; the verdict cannot differ, because with Φ(s₀) = 0 and Φ = 0 at termination the
    shaping of any successful episode sums to Σ (γ − 1)·w·Φₜ, at most (1 − γ)·w per step.
    """

    def __init__(self, world: CompiledWorld, plan: list) -> None:  # noqa: D107 - see class docstring
        self.world = world
        self.h = guidance(world)
        n_facts = world.layout.n_facts
        self._fmask = (1 << (8 * n_facts)) - 1  # key on the whole state: plan states are all we know
        self._nidx = list(range(world.layout.n_nums))
        self.facts, self.nums = frozenset(range(n_facts)), frozenset(self._nidx)
        self.exact = False
        facts, nums = bytearray(world.init_facts), list(world.init_nums)
        length = len(plan)
        self.memo = {self.key(facts, nums): length}
        for t, action in enumerate(plan, start=1):
            world.apply(facts, nums, action.effects)
            self.memo[self.key(facts, nums)] = length - t
        self.cap = 2 * max(length, world.horizon, 1)
        self.d0 = max(1, min(length, self.cap))
        self.phis = self._exact_phis()
