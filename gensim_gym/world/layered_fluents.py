"""The layer-at-a-time progress sweep for worlds whose actions assign fluents (webshop, calendar).

:mod:`~gensim_gym.world.layered` sweeps a layer of states at once where actions only delete and add facts
and a world has at most 64 facts. This module extends it to worlds where actions also check and assign
fluents, as long as those closures read fluents only (webshop's ``budget() >= price(?product)`` and
``budget() -= price(?product)``, calendar's headcounts):

* **Changing facts only.** A state is one ``uint64`` over the facts some relevant action adds or deletes
  (at most :data:`MAX_CHANGING`); every other fact keeps its start value, so a literal on it is decided once.
* **Fluents by number** (:class:`~gensim_gym.world.sweep.FluentNumbers`, as the one-state sweep numbers them). Closure
  outcomes (the fluents' number after the step, -1 where its check fails) sit in one array, a row per distinct
  closure and a column per fluents' number, filled for the pairs a layer meets first; the rest of a layer is array
  operations.
* **Keys in one word:** the key's changing facts, with the fluents' part number above bit :data:`MAX_CHANGING`.

States are numbered in the order :func:`gensim_gym.world.sweep.sweep` discovers them (parent by parent,
actions in order), so states, keys, goal states, edges and distances are the same, and so is where a sweep
past ``max_states`` or :data:`~gensim_gym.world.sweep.MAX_SWEEP_CHECKS` stops (tests/world/test_progress_sweep.py
compares them). Speed: docs/scaling.md, step 8.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from gensim_gym.world.budget import current
from gensim_gym.world.layered import LayerStates, goal_distances, look_up, merge_seen, reaching, unique_first
from gensim_gym.world.packed import PackedDistances, key_bytes, pack_rows
from gensim_gym.world.sweep import MAX_SWEEP_CHECKS, FluentNumbers, Swept, assign_fluents, picker, sweep_steps

if TYPE_CHECKING:  # pragma: no cover
    from gensim_gym.world.compiled import CompiledWorld, GroundAction

#: changing facts a state may have here; a key's fluent part sits above them (up to 2**24 parts: more than
#: MAX_SWEEP_CHECKS successors could number)
MAX_CHANGING = 40
UNKNOWN = -2  # a closure outcome not computed yet (-1: the check fails)


def changing_facts(actions: Sequence[GroundAction]) -> list[int]:
    """The facts some action adds or deletes, in index order."""
    return sorted({i for a in actions for i in (*a.effects.adds, *a.effects.dels)})


def fits(world: CompiledWorld, actions: Sequence[GroundAction], changing: Sequence[int] | None = None) -> bool:
    """Whether :func:`sweep_layers` can sweep ``world``: no constraint, at most :data:`MAX_CHANGING` changing facts
    (``changing``, if the caller has them: :func:`changing_facts`), every precondition split into literals, and
    checks and assigned values that read no fact."""
    if changing is None:
        changing = changing_facts(actions)
    if world.guard is not None or len(changing) > MAX_CHANGING:
        return False
    for a in actions:
        residual = a.pre.residual
        if a.pre.literals is None or (residual is not None and residual.facts):
            return False
        if a.effects.assigns and a.value_reads[0]:
            return False
    return True


class _Compact:
    """States over the changing facts only: bit b is fact ``changing[b]``; the others keep their start value."""

    def __init__(self, world: CompiledWorld, changing: Sequence[int]) -> None:
        self.size = len(world.init_facts)
        self.changing = np.asarray(changing, dtype=np.int64)
        self.bit_of = {fact: bit for bit, fact in enumerate(changing)}
        self.init = world.init_facts
        self.base = np.frombuffer(bytes(world.init_facts), dtype=np.uint8).copy()
        self.base[self.changing] = 0
        self.base_int = int.from_bytes(self.base.tobytes(), "little")
        self.fact_bytes = [1 << (8 * fact) for fact in changing]  # bit b of a word, in byte-per-fact form

    def word(self, indices) -> int:
        """The compact mask of the changing facts among ``indices``."""
        out, bit_of = 0, self.bit_of
        for i in indices:
            bit = bit_of.get(i)
            if bit is not None:
                out |= 1 << bit
        return out

    def holds_elsewhere(self, pos, neg) -> bool:
        """Whether the literals on facts that never change hold (they do in every state if at the start)."""
        return all(self.init[i] for i in pos if i not in self.bit_of) and not any(
            self.init[i] for i in neg if i not in self.bit_of)

    def byte_form(self, word: int) -> int:
        """One compact state as its full facts in byte-per-fact int form: the goal verdicts convert a few states a
        layer, where :meth:`byte_forms`' numpy calls cost more than a loop over the set bits."""
        out, facts = self.base_int, self.fact_bytes
        while word:
            low = word & -word
            out |= facts[low.bit_length() - 1]
            word ^= low
        return out

    def byte_forms(self, words: np.ndarray) -> list[int]:
        """Each compact state of ``words`` as its full facts in byte-per-fact int form (``int.from_bytes``)."""
        if not len(words):
            return []
        bits = np.unpackbits(words.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        rows = np.repeat(self.base[None, :], len(words), axis=0)
        rows[:, self.changing] = bits[:, :len(self.changing)]
        raw, size = rows.tobytes(), self.size
        return [int.from_bytes(raw[i:i + size], "little") for i in range(0, len(raw), size)]


def sweep_layers(world: CompiledWorld, actions: Sequence[GroundAction], max_states: int,  # noqa: C901, PLR0915
                 fmask: int, nidx: Sequence[int], *, changing: Sequence[int] | None = None,
                 packed: bool = False) -> Swept:
    """:func:`gensim_gym.world.sweep.sweep` for a world :func:`fits`, a layer at a time (see the module docstring).
    ``changing``: :func:`changing_facts` of ``actions``, if the caller has them. With ``packed``, a finished sweep
    gives its table packed instead of ``ids`` and ``distances`` (:func:`_packed_table`)."""
    changing = changing_facts(actions) if changing is None else list(changing)
    compact = _Compact(world, changing)
    steps = sweep_steps(actions)
    alive = np.array([compact.holds_elsewhere(*a.pre.literals) for a in actions], dtype=np.bool_)  # type: ignore[misc]
    pos = np.array([compact.word(a.pre.literals[0]) for a in actions], dtype=np.uint64)  # type: ignore[index]
    neg = np.array([compact.word(a.pre.literals[1]) for a in actions], dtype=np.uint64)  # type: ignore[index]
    full = (1 << 64) - 1
    keep = np.array([full & ~compact.word(a.effects.dels) for a in actions], dtype=np.uint64)
    add = np.array([compact.word(a.effects.adds) for a in actions], dtype=np.uint64)
    closure = np.array([s.moves is not None for s in steps], dtype=np.bool_)
    # a row of ``moves`` per outcome table: steps share their ``moves`` dict exactly when their closures are equal
    # (sweep.sweep_steps), so the dict's identity names the row (steps without closures share one, never read)
    tables: dict[int, int] = {}
    row_of = np.array([tables.setdefault(id(s.moves), len(tables)) for s in steps], dtype=np.int64)
    key_mask = np.uint64(compact.word(i for i in range(compact.size) if fmask >> (8 * i) & 1))
    goal_mask = np.uint64(compact.word(i for g in world.goals for i in g.facts))
    goal_nums = sorted({j for g in world.goals for j in g.nums})
    fluents = FluentNumbers(MAX_CHANGING, picker(nidx) if nidx else None, picker(goal_nums) if goal_nums else None)
    lo, hi, init_facts = world.num_lo, world.num_hi, bytes(world.init_facts)
    moves = np.full((len(tables), 64), UNKNOWN, dtype=np.int64)  # closure outcomes by row and fluents' number
    goal_memo: dict[int, bool] = {}
    n_actions = len(actions)

    states = np.empty(max_states, dtype=np.uint64)
    fids = np.empty(max_states, dtype=np.int64)
    keys = np.empty(max_states, dtype=np.uint64)
    states[0] = compact.word(i for i in range(compact.size) if world.init_facts[i])
    fids[0] = fluents.number(tuple(world.init_nums))
    keys[0] = (int(states[0]) & int(key_mask)) | fluents.key_part[0]
    seen_keys, seen_ids = keys[:1].copy(), np.zeros(1, dtype=np.int64)  # sorted keys and their numbers
    count, lo_at, checks = 1, 0, 0
    goals: list[int] = []
    edge_parents: list[np.ndarray] = []
    edge_children: list[np.ndarray] = []
    budget = current()

    def stopped() -> Swept:
        kept = LayerStates(states[:count].copy(), fids[:count].copy(), fluents.values, compact.byte_forms,
                           changing)
        return Swept({}, [], goals, True, kept)

    while lo_at < count:
        hi_at = count
        budget.check_time("the progress (dense reward) sweep")
        reached = _goal_verdicts(world, compact, fluents, goal_memo, layer=states[lo_at:hi_at],
                                 layer_fids=fids[lo_at:hi_at], goal_mask=goal_mask)
        goals.extend((lo_at + np.flatnonzero(reached)).tolist())
        expand = lo_at + np.flatnonzero(~reached)
        allowed = (MAX_SWEEP_CHECKS - checks) // n_actions if n_actions else len(expand)
        tripped = allowed < len(expand)  # the one-state sweep stops before expanding parent number ``allowed``
        expand = expand[:max(allowed, 0)]
        checks += len(expand) * n_actions
        x = states[expand][:, None]
        parent_at, action_at = np.nonzero(((x & pos) == pos) & ((x & neg) == 0) & alive)  # parent by parent
        parent_fids = fids[expand[parent_at]]
        rows = row_of[action_at]
        moves = _fill_moves(moves, steps, closure, action_at=action_at, rows=rows, parent_fids=parent_fids,
                            fluents=fluents, init_facts=init_facts, lo=lo, hi=hi)
        after = np.where(closure[action_at], moves[rows, parent_fids], parent_fids)
        ok = after >= 0  # a failed check: no successor (the one-state sweep skips it in place)
        parent_at, action_at, after = parent_at[ok], action_at[ok], after[ok]
        successors = (states[expand[parent_at]] & keep[action_at]) | add[action_at]
        key_part = np.array(fluents.key_part, dtype=np.uint64)
        succ_keys = (successors & key_mask) | key_part[after]
        unique, first, inverse = unique_first(succ_keys)
        ids_of, fresh = look_up(seen_keys, seen_ids, unique)
        fresh = fresh[np.argsort(first[fresh], kind="stable")]  # numbered in discovery order
        if count + len(fresh) > max_states:  # the one-state sweep stops at the first state past the cap
            take = first[fresh[:max_states - count]]
            states[count:max_states], fids[count:max_states] = successors[take], after[take]
            count = max_states
            return stopped()
        ids_of[fresh] = np.arange(count, count + len(fresh))
        new = slice(count, count + len(fresh))
        states[new], fids[new], keys[new] = successors[first[fresh]], after[first[fresh]], unique[fresh]
        count += len(fresh)
        if tripped:
            return stopped()
        edge_parents.append(expand[parent_at])
        edge_children.append(ids_of[inverse.reshape(-1)])
        if len(fresh):
            seen_keys, seen_ids = merge_seen(seen_keys, seen_ids, unique[fresh], ids_of[fresh])
        lo_at = hi_at
    distances = goal_distances(count, edge_parents, edge_children, goals)
    if packed:
        table = _packed_table(keys[:count], distances, compact, fluents, fmask=fmask, count=len(nidx))
        return Swept({}, [], goals, False, None, packed=table)
    return Swept(_progress_keys(keys[:count], compact, fluents, fmask, bool(nidx)), [], goals, False, None, distances)


def _goal_verdicts(world: CompiledWorld, compact: _Compact, fluents: FluentNumbers, memo: dict[int, bool], *,
                   layer: np.ndarray, layer_fids: np.ndarray, goal_mask: np.uint64) -> np.ndarray:
    """Whether each state of a layer is a goal state, memoised by what the goals read (few distinct values)."""
    seen = (layer & goal_mask) | np.array(fluents.goal_part, dtype=np.uint64)[layer_fids]
    distinct, first, inverse = np.unique(seen, return_index=True, return_inverse=True)
    verdicts = np.empty(len(distinct), dtype=bool)
    for i, value in enumerate(distinct.tolist()):
        verdict = memo.get(value)
        if verdict is None:
            at = int(first[i])
            facts = compact.byte_form(int(layer[at])).to_bytes(compact.size, "little")
            verdict = memo[value] = world.is_goal(facts, fluents.values[int(layer_fids[at])])  # type: ignore[arg-type]
        verdicts[i] = verdict
    return verdicts[inverse.reshape(-1)]


def _fill_moves(moves: np.ndarray, steps: list, closure: np.ndarray, *, action_at: np.ndarray, rows: np.ndarray,
                parent_fids: np.ndarray, fluents: FluentNumbers, init_facts: bytes, lo: list[float],
                hi: list[float]) -> np.ndarray:
    """``moves`` (grown to the fluents numbered so far) with the closure outcomes a layer needs computed: once per
    outcome table and fluents' number (the closures read no fact, so any state's facts do; the start's are passed).
    The outcomes are computed in order of (row, number), which numbers new fluents in that order, and written to
    ``moves`` in one assignment (a numpy write per outcome cost as much as a closure)."""
    pairs = closure[action_at]
    pairs &= moves[rows, parent_fids] == UNKNOWN
    if not pairs.any():
        return moves
    needed, first = np.unique(rows[pairs] * (1 << 32) + parent_fids[pairs], return_index=True)
    needed_rows, needed_fids = needed >> 32, needed & 0xFFFFFFFF
    outcomes = _outcomes(steps, action_at[pairs][first].tolist(), needed_fids.tolist(), fluents, init_facts, lo, hi)
    if len(fluents.values) > moves.shape[1]:  # more fluents numbered than the table has columns
        grown = np.full((moves.shape[0], 2 * len(fluents.values)), UNKNOWN, dtype=np.int64)
        grown[:, :moves.shape[1]] = moves
        moves = grown
    moves[needed_rows, needed_fids] = outcomes
    return moves


def _outcomes(steps: list, actions: list[int], fids: list[int], fluents: FluentNumbers, facts: bytes,  # noqa: PLR0913, PLR0917
              lo: list[float], hi: list[float]) -> list[int]:
    """:func:`~gensim_gym.world.sweep.move_fluents` of each pair of ``actions`` and ``fids`` (the number of the
    fluents after the step, -1 where its check fails), in one loop: a webshop task computes ~550 of them, and a
    call per pair with keywords cost ~8 % of their time (``_fill_moves`` 1.11 -> 1.02 ms a task, process time)."""
    values, number = fluents.values, fluents.number
    out = []
    for action, fid in zip(actions, fids, strict=True):
        step = steps[action]
        nums = values[fid]
        if step.check is not None and not step.check(facts, nums):
            out.append(-1)
        elif step.assigns is None:
            out.append(fid)
        else:
            out.append(number(assign_fluents(step.assigns, facts, nums, lo, hi)))
    return out


def _packed_table(keys: np.ndarray, distances: list[int], compact: _Compact, fluents: FluentNumbers, *, fmask: int,
                  count: int) -> PackedDistances:
    """The exact table of a finished sweep packed as :meth:`Progress.export <gensim_gym.world.progress.Progress.
    export>` packs the dict :func:`_progress_keys` gives (the states that reach a goal; the same bytes), built from
    the keys' arrays: no ``(facts, fluents)`` tuple per state (a prefetch worker ships the table and never looks
    states up in it)."""
    at, known = reaching(distances)
    keys = keys[at]
    _, full, nbytes = key_bytes(fmask)
    rows = _byte_rows(compact, keys & np.uint64((1 << MAX_CHANGING) - 1))
    rows &= np.frombuffer(fmask.to_bytes(compact.size, "little"), dtype=np.uint8)
    nums = None
    if count:
        values = np.array(fluents.parts, dtype=np.float64).reshape(-1, count)
        nums = values[(keys >> np.uint64(MAX_CHANGING)).astype(np.int64)]
    return pack_rows(rows[:, full - nbytes:full], nums, known, key_bytes(fmask)[0], count)


def _byte_rows(compact: _Compact, words: np.ndarray) -> np.ndarray:
    """Each compact state of ``words`` as its full facts, a byte per fact (:meth:`_Compact.byte_forms`' rows)."""
    bits = np.unpackbits(words.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
    rows = np.repeat(compact.base[None, :], len(words), axis=0)
    rows[:, compact.changing] = bits[:, :len(compact.changing)]
    return rows


def _progress_keys(keys: np.ndarray, compact: _Compact, fluents: FluentNumbers, fmask: int, with_fluents: bool) -> dict:
    """The swept states' keys as :meth:`Progress.key` forms them, by state number."""
    facts = compact.byte_forms(keys & np.uint64((1 << MAX_CHANGING) - 1))
    if not with_fluents:
        return {f & fmask: sid for sid, f in enumerate(facts)}
    parts = (keys >> np.uint64(MAX_CHANGING)).tolist()
    return {(f & fmask, fluents.parts[p]): sid for sid, (f, p) in enumerate(zip(facts, parts, strict=True))}


__all__ = ["MAX_CHANGING", "changing_facts", "fits", "sweep_layers"]
