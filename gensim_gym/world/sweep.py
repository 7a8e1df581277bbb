"""The breadth-first sweep behind the progress table, on states held as ints.

:class:`~gensim_gym.world.progress.Progress` needs every state reachable from the start through the
relevant actions (up to ``max_states``), with each state's parents, to compute exact distances to the
goal. Here a state is ``(bits, nums)``: its facts as one int (``int.from_bytes(facts, "little")``, byte i
is fact i) and its fluents as a tuple. The sweep's cost was the test of every relevant action in every
state (65 actions x 2048 states on a medium warehouse task); here that test is a few dictionary lookups:

* **Applicable sets by fact groups.** The facts that actions' literal preconditions read are cut into
  groups of :data:`GROUP` facts. For each group, the set of actions a group's values rule out (a required
  fact false, a forbidden fact true) is an int with one bit per action, computed the first time the
  group shows that value and kept. A state's literally applicable actions are then "all, minus the OR of
  its groups' entries": one AND, one lookup and one OR per group instead of one test per action. The
  list of steps for an applicable set is kept as well (states share applicable sets).
* **Closures without copies.** What is not literal (a residual precondition, an assigned fluent, a goal)
  runs its compiled closure on the state's facts as ``bytes`` and its fluents as the tuple: closures only
  read them, so the ``bytearray``/``list`` copies are not needed. Goal verdicts are memoised on what the
  goal reads.

States are enumerated in the same order as the action-by-action sweep (parent by parent, actions in
their given order), so the states, keys, parents and distances are the same, and so is the point where
a sweep past ``max_states`` or :data:`MAX_SWEEP_CHECKS` stops (tests/world/test_progress_sweep.py
compares them state by state with the sweep on the environment's arrays).

Speed (``benchmarks/task_cost.py --base``): with :mod:`~gensim_gym.world.layered`, a medium task's sweep went
from 8.1 to 3.4 ms (warehouse) and from 17.5 to 9.1 ms (webshop) of CPU.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from gensim_gym.world.budget import current
from gensim_gym.world.compiled import assigned_value

if TYPE_CHECKING:  # pragma: no cover
    from gensim_gym.world.compiled import CompiledWorld, GroundAction

#: Precondition checks the exact sweep may spend (states x relevant actions) before it falls back to
#: the estimate, as when it meets ``MAX_STATES``: a deterministic bound on its time (issue 17). The
#: registry's largest tasks spend under 0.4 M.
MAX_SWEEP_CHECKS = 2_000_000
#: Facts per applicability group: a group's table holds at most one entry per value its facts take in
#: the swept states (sparse in practice: facts of one predicate, often one-hot, sit side by side).
GROUP = 8

IntState = tuple[int, tuple]  # (facts as an int, fluents as a tuple)


class Swept(NamedTuple):
    """What a sweep found: every state's key (in discovery order, ``ids[key]`` its number), each state's
    parents by number (or, from :func:`~gensim_gym.world.layered.sweep_layers`, the distances already
    computed) and the goal states' numbers; or, when the sweep stopped early (``truncated``), ``nearest()``
    gives the states it had enumerated, in order (the rest is then partial)."""

    ids: dict
    parents: list[list[int]]
    goals: list[int]
    truncated: bool
    nearest: Callable[[], list[IntState]] | None
    distances: list[int] | None = None


def byte_mask(indices) -> int:
    """The int with byte i set to 1 for each fact index i (the int form of a fact bytearray)."""
    return sum(1 << (8 * i) for i in set(indices))


class _Step(NamedTuple):
    """One relevant action as the sweep applies it."""

    keep: int  # AND: the deleted facts cleared
    add: int  # OR: the added facts set (deletes before adds, as CompiledWorld.apply)
    check: Callable | None  # the residual precondition (or the whole one, if not split), else None
    assigns: tuple | None  # the assigned fluents ``(j, op, fn)``, else None
    # new fluents (and their part of a key) by old fluents, when the assigned values read no fact (webshop's
    # ``budget() -= price(?product)``: many states share their fluents); None when they read facts
    assigned: dict | None


class _Applicability:
    """Which actions' literal conjuncts hold in a state: ``all`` minus the actions each fact group's value
    rules out (see the module docstring)."""

    def __init__(self, actions: Sequence[GroundAction], steps: list[_Step]) -> None:
        lits = [a.pre.literals if a.pre.literals is not None else ((), ()) for a in actions]
        read = sorted({i for pos, neg in lits for i in (*pos, *neg)})
        masks = [(byte_mask(pos), byte_mask(neg)) for pos, neg in lits]
        self.all = (1 << len(actions)) - 1
        self.groups: list[tuple[int, dict[int, int], list[tuple[int, int, int]]]] = []
        for start in range(0, len(read), GROUP):
            mask = byte_mask(read[start:start + GROUP])
            members = []
            for k, (pos, neg) in enumerate(masks):
                p, q = pos & mask, neg & mask
                if p or q:
                    members.append((1 << k, p, q))
            self.groups.append((mask, {}, members))
        self.steps = steps
        self.by_set: dict[int, tuple[_Step, ...]] = {}  # applicable set -> its steps, in action order

    @staticmethod
    def ruled_out(value: int, members: list[tuple[int, int, int]]) -> int:
        """The actions a group's ``value`` rules out (a bit each)."""
        out = 0
        for bit, pos, neg in members:
            if value & pos != pos or value & neg:
                out |= bit
        return out

    def steps_of(self, applicable: int) -> tuple[_Step, ...]:
        """The steps of the actions in ``applicable`` (a bit each), in action order (kept per set)."""
        steps, picked = self.steps, []
        rest = applicable
        while rest:
            low = rest & -rest
            picked.append(steps[low.bit_length() - 1])
            rest ^= low
        out = self.by_set[applicable] = tuple(picked)
        return out


def _picker(indices: Sequence[int]) -> Callable[[tuple], tuple]:
    """``tuple(nums[j] for j in indices)`` as one C call (``itemgetter`` gives a bare value for one index)."""
    if len(indices) == 1:
        (j,) = indices
        return lambda nums: (nums[j],)
    return itemgetter(*indices)


def _steps(actions: Sequence[GroundAction]) -> list[_Step]:
    out = []
    for a in actions:
        literals, residual = a.pre.literals, a.pre.residual
        # not split into literals (not so for any grounded tool): run it whole
        check = a.pre.fn if literals is None else residual.fn if residual is not None else None
        effects = a.effects
        out.append(_Step(~byte_mask(effects.dels), byte_mask(effects.adds), check,
                         effects.assigns if effects.assigns else None,
                         {} if effects.assigns and not a.value_reads[0] else None))
    return out


def _assign(assigns: tuple, facts: bytes, nums: tuple, lo: list[float], hi: list[float], *,
            pick: Callable[[tuple], tuple] | None) -> tuple[tuple, tuple | None]:
    """The fluents after ``assigns`` (values from the pre-state, clamped, as CompiledWorld.apply), and
    their part of a state key."""
    n2 = list(nums)
    if len(assigns) == 1:
        ((j, op, fn),) = assigns
        n2[j] = assigned_value(op, fn(facts, nums), nums[j], lo[j], hi[j])
    else:
        for j, value in [(j, assigned_value(op, fn(facts, nums), nums[j], lo[j], hi[j])) for j, op, fn in assigns]:
            n2[j] = value
    out = tuple(n2)
    return out, pick(out) if pick else None


def sweep(world: CompiledWorld, actions: Sequence[GroundAction], max_states: int, fmask: int,  # noqa: C901, PLR0912, PLR0915
          nidx: Sequence[int]) -> Swept:
    """Every state reachable from ``world``'s start through ``actions``, keyed on the facts of ``fmask``
    (a byte mask) and the fluents ``nidx``, breadth-first; goal states are not expanded. Stops (and says
    so) at ``max_states`` states or :data:`MAX_SWEEP_CHECKS` precondition checks. For worlds without
    trajectory constraints (whose checks read the state arrays)."""
    size = len(world.init_facts)
    lo, hi = world.num_lo, world.num_hi
    steps = _steps(actions)
    table = _Applicability(actions, steps)
    groups, everything, by_set, ruled_out = table.groups, table.all, table.by_set, _Applicability.ruled_out
    goal_facts = byte_mask(i for g in world.goals for i in g.facts)
    goal_nums = sorted({j for g in world.goals for j in g.nums})
    goal_pick = _picker(goal_nums) if goal_nums else None
    pick = _picker(nidx) if nidx else None
    goal_memo: dict[int | tuple, bool] = {}
    is_goal = world.is_goal

    start_bits, start_nums = int.from_bytes(world.init_facts, "little"), tuple(world.init_nums)
    start_key = (start_bits & fmask, pick(start_nums)) if pick else start_bits & fmask
    ids: dict[int | tuple, int] = {start_key: 0}
    states: list[IntState] = [(start_bits, start_nums)]
    parents: list[list[int]] = [[]]
    goals: list[int] = []
    frontier = deque([0])
    budget, checks, n_actions = current(), 0, len(actions)
    while frontier:
        sid = frontier.popleft()
        bits, nums = states[sid]
        gkey = (bits & goal_facts, goal_pick(nums)) if goal_pick else bits & goal_facts
        reached = goal_memo.get(gkey)
        if reached is None:
            reached = goal_memo[gkey] = is_goal(bits.to_bytes(size, "little"), nums)  # type: ignore[arg-type]  # goals only read
        if reached:
            goals.append(sid)
            continue  # episodes end at the goal: no need to expand it
        checks += n_actions
        if checks > MAX_SWEEP_CHECKS:
            return Swept(ids, parents, goals, True, lambda: states)
        if not sid & 63:
            budget.check_time("the progress (dense reward) sweep")
        blocked = 0
        for mask, seen, members in groups:
            value = bits & mask
            out = seen.get(value)
            if out is None:
                out = seen[value] = ruled_out(value, members)
            blocked |= out
        applicable = everything & ~blocked
        todo = by_set.get(applicable)
        if todo is None:
            todo = table.steps_of(applicable)
        facts = None  # the state's facts as bytes, built when a closure needs them
        own = pick(nums) if pick else None  # the fluents' part of a key, for successors that assign none
        for keep, add, check, assigns, assigned in todo:
            if check is not None:
                if facts is None:
                    facts = bits.to_bytes(size, "little")
                if not check(facts, nums):
                    continue
            if assigns is not None:
                hit = assigned.get(nums) if assigned is not None else None
                if hit is None:
                    if facts is None:
                        facts = bits.to_bytes(size, "little")
                    hit = _assign(assigns, facts, nums, lo, hi, pick=pick)
                    if assigned is not None:
                        assigned[nums] = hit
                nums2, part = hit
                bits2 = (bits & keep) | add
                k = (bits2 & fmask, part) if pick else bits2 & fmask
            else:
                nums2 = nums
                bits2 = (bits & keep) | add
                k = (bits2 & fmask, own) if pick else bits2 & fmask
            nid = ids.get(k)
            if nid is None:
                if len(states) >= max_states:
                    return Swept(ids, parents, goals, True, lambda: states)
                nid = ids[k] = len(states)
                states.append((bits2, nums2))
                parents.append([])
                frontier.append(nid)
            parents[nid].append(sid)
    return Swept(ids, parents, goals, False, None)
