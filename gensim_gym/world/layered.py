"""The progress sweep a breadth-first layer at a time with numpy, for worlds it fits.

:func:`gensim_gym.world.sweep.sweep` handles one state at a time in Python; its floor is a few
hundred nanoseconds per edge, and a medium warehouse task has ~6,000 edges among up to 2,048 states.
When every relevant action's precondition is a conjunction of fact literals and its effects only
delete and add facts (no fluent assigned, no residual closure: warehouse, among the built-in domains),
and the world has at most 64 facts, a state is one ``uint64`` (bit i = fact i) and a whole layer is
done in array operations: the layer's states against every action's two masks, the successors by one
AND and one OR, and new states found with ``np.unique`` and a sorted array of the keys seen so far.

It gives exactly what the one-state-at-a-time sweep gives (tests/world/test_progress_sweep.py compares
them): a layer's states are numbered in the order that sweep discovers them (parent by parent, actions
in order), so the state numbers, the goal states, the edges (as a set) and hence every distance are
the same, and a sweep past ``max_states`` or :data:`~gensim_gym.world.sweep.MAX_SWEEP_CHECKS` stops
with the same states.

Speed (``benchmarks/task_cost.py --base``): a medium warehouse task's sweep, 8.1 ms of CPU one action test at a
time, 3.4 ms with this module (and :mod:`~gensim_gym.world.sweep` for spaces of up to 128 states).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from gensim_gym.world.budget import current
from gensim_gym.world.packed import PackedDistances, key_bytes, pack_rows
from gensim_gym.world.sweep import MAX_SWEEP_CHECKS, IntState, Swept, picker

if TYPE_CHECKING:  # pragma: no cover
    from gensim_gym.world.compiled import CompiledWorld, GroundAction

WORD = 64  # facts a state may have for this sweep (one uint64)


def fits(world: CompiledWorld, actions: Sequence[GroundAction], nidx: Sequence[int]) -> bool:
    """Whether :func:`sweep_layers` can sweep ``world``: no constraint, at most 64 facts, a key on facts
    alone, goals reading facts alone, and every action literal in its precondition and fact-only in its
    effects."""
    if world.guard is not None or nidx or len(world.init_facts) > WORD or any(g.nums for g in world.goals):
        return False
    return all(a.pre.literals is not None and a.pre.residual is None and not a.effects.assigns for a in actions)


def _word(indices) -> int:
    """The facts ``indices`` as one word (bit i = fact i; repeats allowed)."""
    out = 0
    for i in indices:
        out |= 1 << i
    return out


def _compact(byte_form: int, size: int) -> int:
    """A byte-per-fact int (``int.from_bytes(facts, "little")``) as one bit per fact."""
    return _word(i for i in range(size) if byte_form >> (8 * i) & 1)


def _byte_forms(words: np.ndarray, size: int) -> list[int]:
    """Each uint64 of ``words`` (bit i = fact i) in the byte-per-fact form, as Python ints."""
    if not len(words):
        return []
    rows = np.unpackbits(words.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")[:, :size]
    raw = np.ascontiguousarray(rows).tobytes()
    return [int.from_bytes(raw[i:i + size], "little") for i in range(0, len(raw), size)]


class LayerStates:
    """The states a stopped layer sweep enumerated, in order, held as the sweep held them: one word of facts each
    (bit b = fact ``facts[b]``; ``byte_forms`` gives the other facts their fixed values), and the number of its
    fluents among ``values``.

    Calling it gives them int-held, as :attr:`~gensim_gym.world.sweep.Swept.nearest` does. :meth:`distinct` gives
    only the first state of each distinct key under a projection, found with numpy on the words: the estimate's
    warm-up (:meth:`~gensim_gym.world.progress.Progress._warm`) keys ``MAX_STATES`` states that collapse to a few
    hundred keys, and converted and keyed every one of them in Python.
    """

    def __init__(self, words: np.ndarray, fids: np.ndarray, values: list[tuple],
                 byte_forms: Callable[[np.ndarray], list[int]], facts: Sequence[int]) -> None:
        self.words, self.fids, self.values, self.byte_forms = words, fids, values, byte_forms
        self.bit_of = {fact: bit for bit, fact in enumerate(facts)}

    def __call__(self) -> list[IntState]:
        return list(zip(self.byte_forms(self.words), map(self.values.__getitem__, self.fids.tolist()), strict=True))

    def distinct(self, fmask: int, nidx: Sequence[int]) -> list[tuple[int | tuple, IntState]]:
        """``(key, state)`` for the first state of each distinct :meth:`Progress.key <gensim_gym.world.progress.
        Progress.key>` (facts of the byte mask ``fmask``, fluents ``nidx``), in the order of those first states."""
        word_mask = sum(1 << bit for fact, bit in self.bit_of.items() if fmask >> (8 * fact) & 1)
        seen = self.words & np.uint64(word_mask)
        parts: list[tuple] = []
        if nidx:  # the fluents' projection, numbered per distinct fluents (few) and set beside the facts' word
            pick, numbered = picker(nidx), dict[tuple, int]()
            used, inverse = np.unique(self.fids, return_inverse=True)
            parts_of = [numbered.setdefault(pick(self.values[f]), len(numbered)) for f in used.tolist()]
            parts = list(numbered)
            width = max(len(self.bit_of), 1)
            if width + max(len(parts) - 1, 1).bit_length() > 64:  # no room beside the facts: key them one by one
                return self._one_by_one(fmask, nidx)
            seen = seen | (np.asarray(parts_of, dtype=np.uint64)[inverse.reshape(-1)] << np.uint64(width))
        _, first = np.unique(seen, return_index=True)
        first.sort()
        facts = self.byte_forms(self.words[first])
        fids = self.fids[first].tolist()
        values = self.values
        if not nidx:
            return [(f & fmask, (f, values[fid])) for f, fid in zip(facts, fids, strict=True)]
        pick = picker(nidx)
        return [((f & fmask, pick(values[fid])), (f, values[fid])) for f, fid in zip(facts, fids, strict=True)]

    def _one_by_one(self, fmask: int, nidx: Sequence[int]) -> list[tuple[int | tuple, IntState]]:
        """:meth:`distinct` keyed state by state (too many fluent parts to sit beside the facts in one word)."""
        out: dict = {}
        for f, nums in self():
            out.setdefault((f & fmask, tuple(map(nums.__getitem__, nidx))), (f, nums))
        return list(out.items())


def sweep_layers(world: CompiledWorld, actions: Sequence[GroundAction], max_states: int,  # noqa: PLR0915
                 fmask: int, *, packed: bool = False) -> Swept:
    """:func:`gensim_gym.world.sweep.sweep` for a world :func:`fits`, a layer at a time (see the module
    docstring). ``ids`` maps each state's key (byte form, as :meth:`Progress.key`) to its number; with ``packed``,
    a finished sweep gives its table packed instead (:func:`_packed_table`)."""
    size = len(world.init_facts)
    start = _compact(int.from_bytes(world.init_facts, "little"), size)
    nums = tuple(world.init_nums)  # no action assigns a fluent: every state has the start's
    read, wanted = literal_masks([_word(a.pre.literals[0]) for a in actions],  # type: ignore[index]
                                 [_word(a.pre.literals[1]) for a in actions])  # type: ignore[index]
    full = (1 << WORD) - 1
    keep = np.array([full & ~_word(a.effects.dels) for a in actions], dtype=np.uint64)
    add = np.array([_word(a.effects.adds) for a in actions], dtype=np.uint64)
    key_mask = np.uint64(_compact(fmask, size))
    goal_mask = _compact(sum(1 << (8 * i) for g in world.goals for i in g.facts), size)
    goal_memo: dict[int, bool] = {}
    n_actions = len(actions)

    states = np.empty(max_states, dtype=np.uint64)
    keys = np.empty(max_states, dtype=np.uint64)
    states[0] = start
    keys[0] = start & int(key_mask)
    seen_keys, seen_ids = keys[:1].copy(), np.zeros(1, dtype=np.int64)  # sorted keys and their numbers
    count, lo, checks = 1, 0, 0
    goals: list[int] = []
    edge_parents: list[np.ndarray] = []
    edge_children: list[np.ndarray] = []
    budget = current()

    def stopped() -> Swept:
        kept = LayerStates(states[:count].copy(), np.zeros(count, dtype=np.int64), [nums],
                           lambda words: _byte_forms(words, size), range(size))
        return Swept({}, [], goals, True, kept)

    while lo < count:
        hi = count
        budget.check_time("the progress (dense reward) sweep")
        layer = states[lo:hi]
        projected = (layer & np.uint64(goal_mask)).tolist()
        reached = _goal_verdicts(world, projected, goal_memo, size, nums)
        goals.extend((lo + np.flatnonzero(reached)).tolist())
        expand = lo + np.flatnonzero(~reached)
        allowed = (MAX_SWEEP_CHECKS - checks) // n_actions if n_actions else len(expand)
        tripped = allowed < len(expand)  # the one-state sweep stops before expanding parent number ``allowed``
        expand = expand[:max(allowed, 0)]
        checks += len(expand) * n_actions
        x = states[expand][:, None]
        parent_at, action_at = np.nonzero((x & read) == wanted)  # parent by parent, in action order
        successors = (states[expand[parent_at]] & keep[action_at]) | add[action_at]
        succ_keys = successors & key_mask
        unique, first, inverse = unique_first(succ_keys)
        ids_of, fresh = look_up(seen_keys, seen_ids, unique)
        fresh = fresh[np.argsort(first[fresh], kind="stable")]  # numbered in discovery order
        if count + len(fresh) > max_states:  # the one-state sweep stops at the first state past the cap
            take = fresh[:max_states - count]
            states[count:max_states] = successors[first[take]]
            count = max_states
            return stopped()
        ids_of[fresh] = np.arange(count, count + len(fresh))
        states[count:count + len(fresh)] = successors[first[fresh]]
        keys[count:count + len(fresh)] = unique[fresh]
        count += len(fresh)
        if tripped:
            return stopped()
        edge_parents.append(expand[parent_at])
        edge_children.append(ids_of[inverse.reshape(-1)])
        if len(fresh):
            seen_keys, seen_ids = merge_seen(seen_keys, seen_ids, unique[fresh], ids_of[fresh])
        lo = hi
    distances = goal_distances(count, edge_parents, edge_children, goals)
    if packed:
        return Swept({}, [], goals, False, None, packed=_packed_table(keys[:count], distances, size, fmask))
    key_list = _byte_forms(keys[:count], size)
    return Swept(dict(zip(key_list, range(count), strict=True)), [], goals, False, None, distances)


def _packed_table(keys: np.ndarray, distances: list[int], size: int, fmask: int) -> PackedDistances:
    """The exact table of a finished sweep (its states' ``keys``, one bit per fact, and their ``distances``), packed
    as :meth:`Progress.export <gensim_gym.world.progress.Progress.export>` packs its dict: the states that reach a
    goal, each key's byte-per-fact form sliced to the bytes a packed key keeps. The same bytes as packing the dict,
    without the dict's ints and tuples (a prefetch worker ships the table and never looks states up in it)."""
    at, known = reaching(distances)
    return pack_rows(_key_rows(keys[at], size, fmask), None, known, key_bytes(fmask)[0], 0)


def _key_rows(words: np.ndarray, size: int, fmask: int) -> np.ndarray:
    """Each of ``words`` (bit i = fact i, masked by ``fmask``) as the bytes a packed key of ``fmask`` keeps: its
    byte-per-fact form (as :func:`_byte_forms`), sliced."""
    _, full, nbytes = key_bytes(fmask)
    rows = np.zeros((len(words), max(full, size)), dtype=np.uint8)
    rows[:, :size] = np.unpackbits(words.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1,
                                   bitorder="little")[:, :size]
    return rows[:, full - nbytes:full]


def reaching(distances: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The numbers of the states whose distance is known (they reach a goal) and those distances: the rest are
    dead ends, which a packed table leaves out."""
    d = np.asarray(distances, dtype=np.int64)
    at = np.flatnonzero(d >= 0)
    return at, d[at]


def literal_masks(pos: Sequence[int], neg: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Per action, the facts its literals read and the values they want, as two words: a state ``x`` passes
    them iff ``x & read == wanted`` (one test for the facts wanted true, ``pos``, and false, ``neg``, instead of
    two). An action wanting a fact both true and false never passes: read nothing, want 1."""
    read = [p | n if not p & n else 0 for p, n in zip(pos, neg, strict=True)]
    wanted = [p if not p & n else 1 for p, n in zip(pos, neg, strict=True)]
    return np.array(read, dtype=np.uint64), np.array(wanted, dtype=np.uint64)


def _goal_verdicts(world: CompiledWorld, projected: list[int], memo: dict[int, bool], size: int,
                   nums: tuple) -> np.ndarray:
    """Whether each state of a layer is a goal state, from its facts the goals read (``projected``, one bit per
    fact): memoised per value (few distinct ones), the layer's verdicts then looked up in one C loop rather than a
    Python loop with a dict lookup and a numpy item write per state."""
    for value in set(projected).difference(memo):
        facts = sum(1 << (8 * j) for j in range(size) if value >> j & 1).to_bytes(size, "little")
        memo[value] = world.is_goal(facts, nums)  # type: ignore[arg-type]  # goals only read
    return np.fromiter(map(memo.__getitem__, projected), dtype=bool, count=len(projected))


def unique_first(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(keys, return_index=True, return_inverse=True)`` for a 1-d array: the sorted distinct keys, the
    index of each one's first occurrence and each key's index among them. The same stable sort and steps, without
    ``np.unique``'s general wrapping (axis and shape handling, run on every layer of a sweep)."""
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    starts = np.empty(len(keys), dtype=bool)
    starts[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    inverse = np.empty(len(keys), dtype=np.intp)
    inverse[order] = np.cumsum(starts) - 1
    return ordered[starts], order[starts], inverse


def look_up(seen_keys: np.ndarray, seen_ids: np.ndarray, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The state number of each of ``keys`` (sorted, distinct) already among the sorted ``seen_keys`` (numbered
    ``seen_ids``; unset for the others), and the indices of the keys not seen before."""
    at: np.ndarray = np.asarray(np.searchsorted(seen_keys, keys))  # an array (mypy reads the scalar overload)
    known: np.ndarray = at < len(seen_keys)
    known[known] = seen_keys[at[known]] == keys[known]
    ids = np.empty(len(keys), dtype=np.int64)
    ids[known] = seen_ids[at[known]]
    return ids, np.flatnonzero(~known)


def merge_seen(seen_keys: np.ndarray, seen_ids: np.ndarray, keys: np.ndarray,
               ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sorted known keys and their state numbers with ``keys`` (numbered ``ids``) added."""
    merged = np.concatenate([seen_keys, keys])
    order = np.argsort(merged, kind="stable")
    return merged[order], np.concatenate([seen_ids, ids])[order]


def goal_distances(count: int, parents: list[np.ndarray], children: list[np.ndarray], goals: list[int]) -> list[int]:
    """Each state's distance to the nearest goal state (-1: none), backwards over the edges a layer at a time."""
    dist = np.full(count, -1, dtype=np.int64)
    if not goals:
        return dist.tolist()
    parent = np.concatenate(parents) if parents else np.zeros(0, dtype=np.int64)
    child = np.concatenate(children) if children else np.zeros(0, dtype=np.int64)
    level = np.asarray(goals, dtype=np.int64)
    dist[level] = 0
    in_level = np.zeros(count, dtype=bool)
    d = 0
    while len(level):
        in_level[:] = False
        in_level[level] = True
        found = parent[in_level[child]]
        found = np.unique(found[dist[found] < 0])
        d += 1
        dist[found] = d
        level = found
    return dist.tolist()


__all__ = ["IntState", "LayerStates", "fits", "sweep_layers", "unique_first"]
