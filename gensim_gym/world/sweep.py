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
* **Fluents by number.** A state holds its fluents as the number of their tuple among those the sweep has
  met (:class:`FluentNumbers`), and a key is the facts' int with that number's projection OR-ed above them: no
  ``(facts, fluents)`` tuple is built and hashed per edge. Where a step's check and assigned values read
  fluents only (webshop's budget, calendar's headcounts), its outcome is looked up by that number. Keys
  go back to :meth:`Progress.key`'s ``(facts, fluents)`` form once, for a finished sweep's states.

States are enumerated in the same order as the action-by-action sweep (parent by parent, actions in
their given order), so the states, keys, parents and distances are the same, and so is the point where
a sweep past ``max_states`` or :data:`MAX_SWEEP_CHECKS` stops (tests/world/test_progress_sweep.py
compares them state by state with the sweep on the environment's arrays).

Speed (``benchmarks/task_cost.py --base``): with :mod:`~gensim_gym.world.layered`, a medium task's sweep went
from 8.1 to 3.4 ms (warehouse) and from 17.5 to 9.1 ms (webshop) of CPU; fluents by number took webshop's
further down (docs/scaling.md, step 8).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from gensim_gym.world.budget import current
from gensim_gym.world.compiled import assigned_value

if TYPE_CHECKING:  # pragma: no cover
    from gensim_gym.dsl.compile import Compiled, CompiledEffects
    from gensim_gym.world.compiled import CompiledWorld, GroundAction
    from gensim_gym.world.packed import PackedDistances

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
    gives the states it had enumerated, in order (the rest is then partial). A layer sweep asked for a packed
    table gives ``packed`` (the distances of every state that reaches a goal, as a prefetch worker ships them)
    instead of ``ids`` and ``distances``."""

    ids: dict
    parents: list[list[int]]
    goals: list[int]
    truncated: bool
    nearest: Callable[[], list[IntState]] | None
    distances: list[int] | None = None
    packed: PackedDistances | None = None


def byte_mask(indices) -> int:
    """The int with byte i set to 1 for each fact index i (the int form of a fact bytearray)."""
    return sum(1 << (8 * i) for i in set(indices))


class _Step(NamedTuple):
    """One relevant action as the sweep applies it."""

    keep: int  # AND: the deleted facts cleared
    add: int  # OR: the added facts set (deletes before adds, as CompiledWorld.apply)
    check: Callable | None  # the residual precondition (or the whole one, if not split), else None
    assigns: tuple | None  # the assigned fluents ``(j, op, fn)``, else None
    # When the check and the assigned values read fluents only (webshop's ``budget() >= price(?product)`` and
    # ``budget() -= price(?product)``, calendar's headcounts): the fluents' number after the step by their number
    # before it (-1: the check fails), filled as the sweep meets them; None when either reads facts (or neither
    # exists: the fluents stay as they are).
    moves: dict[int, int] | None


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


def picker(indices: Sequence[int]) -> Callable[[tuple], tuple]:
    """``tuple(nums[j] for j in indices)`` as one C call (``itemgetter`` gives a bare value for one index)."""
    if len(indices) == 1:
        (j,) = indices
        return lambda nums: (nums[j],)
    return itemgetter(*indices)


class FluentNumbers:
    """The distinct fluent tuples a sweep meets, numbered in the order it meets them.

    A state holds its fluents' number, and each number its part of a state key and of a goal key: the number of
    its projection (onto the key's fluents, onto the goals' fluents) among the distinct projections, shifted
    above the facts' bytes, so that a key is one int OR, not a ``(facts, fluents)`` tuple hashed per edge. Equal
    tuples share a number (as they shared a key and a memo entry before).
    """

    def __init__(self, shift: int, pick: Callable[[tuple], tuple] | None,
                 goal_pick: Callable[[tuple], tuple] | None) -> None:
        self.values: list[tuple] = []  # the fluents by number
        self.key_part: list[int] = []  # by number: its projection's number << shift (0: keys on facts alone)
        self.goal_part: list[int] = []  # the same for the goals' fluents
        self.parts: list[tuple] = []  # the key projections by number (to rebuild ``(facts, fluents)`` keys)
        self._numbers: dict[tuple, int] = {}
        self._parts: dict[tuple, int] = {}
        self._goal_parts: dict[tuple, int] = {}
        self._shift, self._pick, self._goal_pick = shift, pick, goal_pick

    def number(self, nums: tuple) -> int:
        """The number of ``nums`` (a new one if not met yet)."""
        found = self._numbers.get(nums)
        if found is not None:
            return found
        found = self._numbers[nums] = len(self.values)
        self.values.append(nums)
        self.key_part.append(self._part_of(self._pick, self._parts, nums, self.parts))
        self.goal_part.append(self._part_of(self._goal_pick, self._goal_parts, nums, []))
        return found

    def _part_of(self, pick: Callable[[tuple], tuple] | None, numbered: dict[tuple, int], nums: tuple,
                 listed: list[tuple]) -> int:
        if pick is None:
            return 0
        part = pick(nums)
        found = numbered.get(part)
        if found is None:
            found = numbered[part] = len(numbered)
            listed.append(part)
        return found << self._shift


def _reads_facts(closure: Compiled | None) -> bool:
    return closure is not None and bool(closure.facts)


def sweep_steps(actions: Sequence[GroundAction]) -> list[_Step]:
    """Each action as the sweep applies it (see :class:`_Step`). Actions whose check and assigned values are the
    same functions of the state (equal ground keys) share one ``moves`` table: the closures run once for them."""
    out = []
    shared: dict[tuple, dict[int, int]] = {}
    for a in actions:
        literals, residual = a.pre.literals, a.pre.residual
        # not split into literals (not so for any grounded tool): run it whole
        checked = a.pre if literals is None else residual
        effects = a.effects
        fluent_only = not _reads_facts(checked) and not (effects.assigns and a.value_reads[0])
        moves: dict[int, int] | None = None
        if fluent_only and (checked is not None or effects.assigns):
            same = _closure_key(checked, effects)
            moves = {} if same is None else shared.setdefault(same, {})
        out.append(_Step(~byte_mask(effects.dels), byte_mask(effects.adds),
                         checked.fn if checked is not None else None,
                         effects.assigns if effects.assigns else None, moves))
    return out


def _closure_key(checked: Compiled | None, effects: CompiledEffects) -> tuple | None:
    """What a step's closures compute, as ground keys (None: not known, e.g. a whole precondition)."""
    if checked is not None and checked.key is None:
        return None
    if effects.assigns and effects.assign_key is None:
        return None
    return (checked.key if checked is not None else None, effects.assign_key if effects.assigns else None)


def assign_fluents(assigns: tuple, facts: bytes, nums: tuple, lo: list[float], hi: list[float]) -> tuple:
    """The fluents after ``assigns`` (values from the pre-state, clamped, as CompiledWorld.apply)."""
    n2 = list(nums)
    if len(assigns) == 1:
        ((j, op, fn),) = assigns
        n2[j] = assigned_value(op, fn(facts, nums), nums[j], lo[j], hi[j])
    else:
        for j, value in [(j, assigned_value(op, fn(facts, nums), nums[j], lo[j], hi[j])) for j, op, fn in assigns]:
            n2[j] = value
    return tuple(n2)


def move_fluents(step: _Step, facts: bytes, fid: int, fluents: FluentNumbers, *, lo: list[float],
                 hi: list[float]) -> int:
    """The number of the fluents after ``step`` from a state with fluents ``fid`` and ``facts`` (-1: its check
    fails there)."""
    nums = fluents.values[fid]
    if step.check is not None and not step.check(facts, nums):
        return -1
    if step.assigns is None:
        return fid
    return fluents.number(assign_fluents(step.assigns, facts, nums, lo, hi))


def sweep(world: CompiledWorld, actions: Sequence[GroundAction], max_states: int, fmask: int,  # noqa: C901, PLR0912, PLR0915
          nidx: Sequence[int]) -> Swept:
    """Every state reachable from ``world``'s start through ``actions``, keyed on the facts of ``fmask``
    (a byte mask) and the fluents ``nidx``, breadth-first; goal states are not expanded. Stops (and says
    so) at ``max_states`` states or :data:`MAX_SWEEP_CHECKS` precondition checks. For worlds without
    trajectory constraints (whose checks read the state arrays)."""
    size = len(world.init_facts)
    lo, hi = world.num_lo, world.num_hi
    steps = sweep_steps(actions)
    table = _Applicability(actions, steps)
    groups, everything, by_set, ruled_out = table.groups, table.all, table.by_set, _Applicability.ruled_out
    goal_facts = byte_mask(i for g in world.goals for i in g.facts)
    goal_nums = sorted({j for g in world.goals for j in g.nums})
    shift = 8 * size  # a key's fluent part sits above the facts' bytes
    fluents = FluentNumbers(shift, picker(nidx) if nidx else None, picker(goal_nums) if goal_nums else None)
    values, key_part, goal_part = fluents.values, fluents.key_part, fluents.goal_part
    goal_memo: dict[int, bool] = {}
    is_goal = world.is_goal

    start_bits, start_fid = int.from_bytes(world.init_facts, "little"), fluents.number(tuple(world.init_nums))
    ids: dict[int, int] = {(start_bits & fmask) | key_part[start_fid]: 0}
    states: list[int] = [start_bits]
    state_fluents: list[int] = [start_fid]
    parents: list[list[int]] = [[]]
    goals: list[int] = []
    frontier = deque([0])
    budget, checks, n_actions = current(), 0, len(actions)

    def stopped() -> Swept:
        return Swept({}, parents, goals, True, lambda: list(zip(states, map(values.__getitem__, state_fluents),
                                                                 strict=True)))

    while frontier:
        sid = frontier.popleft()
        bits, fid = states[sid], state_fluents[sid]
        gkey = (bits & goal_facts) | goal_part[fid]
        reached = goal_memo.get(gkey)
        if reached is None:
            reached = goal_memo[gkey] = is_goal(bits.to_bytes(size, "little"), values[fid])  # type: ignore[arg-type]  # goals only read
        if reached:
            goals.append(sid)
            continue  # episodes end at the goal: no need to expand it
        checks += n_actions
        if checks > MAX_SWEEP_CHECKS:
            return stopped()
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
        for step in todo:
            keep, add, check, assigns, moves = step
            if moves is not None:  # fluents only: looked up by the fluents' number
                fid2 = moves.get(fid)
                if fid2 is None:
                    if facts is None:
                        facts = bits.to_bytes(size, "little")
                    fid2 = moves[fid] = move_fluents(step, facts, fid, fluents, lo=lo, hi=hi)
                if fid2 < 0:
                    continue
            elif check is not None or assigns is not None:  # a closure reading facts: run it here
                if facts is None:
                    facts = bits.to_bytes(size, "little")
                fid2 = move_fluents(step, facts, fid, fluents, lo=lo, hi=hi)
                if fid2 < 0:
                    continue
            else:
                fid2 = fid
            bits2 = (bits & keep) | add
            k = (bits2 & fmask) | key_part[fid2]
            nid = ids.get(k)
            if nid is None:
                if len(states) >= max_states:
                    return stopped()
                nid = ids[k] = len(states)
                states.append(bits2)
                state_fluents.append(fid2)
                parents.append([])
                frontier.append(nid)
            parents[nid].append(sid)
    return Swept(_progress_keys(ids, fluents, shift) if nidx else ids, parents, goals, False, None)


def _progress_keys(ids: dict[int, int], fluents: FluentNumbers, shift: int) -> dict[tuple, int]:
    """``ids`` keyed as :meth:`Progress.key` keys a state with fluents, ``(facts, fluents' part)``, in the same
    order."""
    facts_only, parts = (1 << shift) - 1, fluents.parts
    return {(k & facts_only, parts[k >> shift]): sid for k, sid in ids.items()}
