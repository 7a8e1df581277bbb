"""A start state for an asked operation that only undoes another call (issue 14, "delivered").

Some tools reverse another tool exactly: ``unstack`` is ``stack`` backwards, ``lift`` is ``drop``, ``load`` is
``unload``, ``put_down`` is ``pick_up``. Where a domain's sampled start gives such a tool nothing to undo (blocks all
on the table, depot crates all in trucks), whatever it needs has to be made by its reverse first, and a call followed
by its reverse changes nothing: no shortest plan calls it, whatever the goal. A directive that asks for one ("unstack
the tower", "hoist 3 crates onto pallets") then gets a start drawn further on: a short random walk from the sampled
start (:func:`walked_start`), leaning towards the facts the operation needs (towers, crates on pallets). The start is
a state the domain reaches, so every rule the tools keep holds in it; the generator still accepts only a task whose
shortest plan calls the operation.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple, cast

import numpy as np

from gensim_gym.dsl.ast import Const
from gensim_gym.generation.lexicon import calls
from gensim_gym.world.compiled import CompiledWorld, GroundAction, changes
from gensim_gym.world.planner import update_applicable


class UndoCalls(NamedTuple):
    """The calls of a world's asked operations that exactly reverse another call (``ids``: per operation), and the
    facts their preconditions need (``needs``: positions)."""

    ids: dict[str, frozenset[int]]
    needs: frozenset[int]

    def nothing_to_undo(self, start: frozenset[int]) -> bool:
        """Whether some operation's undo calls are all inapplicable at the start (``start``: applicable ids)."""
        return any(ids.isdisjoint(start) for ids in self.ids.values())


def undo_calls(world: CompiledWorld, asked: Sequence[str], goal: Collection[str],
               negated: Collection[str]) -> UndoCalls:
    """The non-distractor calls of ``world`` that are calls of an operation in ``asked``, whose effects are
    exactly those of another non-distractor call reversed (facts only: a call that changes a number undoes
    nothing here) and that bring about no goal fact: none of the predicates ``goal`` made true, none of ``negated``
    made false (``stack`` reverses ``unstack`` but builds the ``on`` facts goals name: it is the call that does,
    not the one that undoes)."""
    useful = [a for a in world.valid_actions if not a.distractor]
    done = {(frozenset(a.effects.adds), frozenset(a.effects.dels)) for a in useful if not a.effects.assigns}
    names = {i: label.split("(")[0] for label, i in world.fact_items()}
    ids: dict[str, set[int]] = {}
    needs: set[int] = set()
    for a in useful:
        ops = [r for r in asked if calls(a.tool, r)]
        if a.effects.assigns or not ops:
            continue
        if any(names.get(i) in goal for i in a.effects.adds) or any(names.get(i) in negated for i in a.effects.dels):
            continue
        if (frozenset(a.effects.dels), frozenset(a.effects.adds)) in done:
            for r in ops:
                ids.setdefault(r, set()).add(a.id)
            needs.update(a.requires[0])
    return UndoCalls({r: frozenset(v) for r, v in ids.items()}, frozenset(needs))


def walked_start(rng: np.random.Generator, world: CompiledWorld, undo: UndoCalls, steps: int) -> list[str]:
    """The start statements of the state a random walk of at most ``steps`` non-distractor calls reaches from
    ``world``'s start: a call that makes a fact ``undo`` needs true is preferred half the time, a call that makes
    any fact true not seen yet most of the rest (so the walk builds instead of undoing itself); calls that would
    break a constraint are left out. Facts in ``world``'s fact order, then every fluent's value."""
    facts, nums = bytearray(world.init_facts), list(world.init_nums)
    actions = cast("list[GroundAction]", world.actions)
    useful = {a.id for a in world.valid_actions if not a.distractor}
    table = changes(world)
    app = set(world.start_applicable()).intersection(useful)
    seen = {i for i, v in enumerate(facts) if v}
    guard = world.guard
    for _ in range(steps):
        options = sorted(app)
        if guard is not None:
            options = [b for b in options if not breaks(world, actions[b], facts, nums)]
        if not options:
            break
        pool = [b for b in options if not seen.issuperset(actions[b].effects.adds)]
        pool = pool if pool and rng.random() < 0.85 else options
        toward = [b for b in pool if undo.needs.intersection(actions[b].effects.adds)]
        if toward and rng.random() < 0.5:
            pool = toward
        b = pool[int(rng.integers(len(pool)))] if len(pool) > 1 else pool[0]
        effects = actions[b].effects
        world.apply(facts, nums, effects)
        seen.update(effects.adds)
        _, off, checks = table[b]
        update_applicable(app, (off, checks), facts, nums)
        app.intersection_update(useful)
    out = [label for label, i in world.fact_items() if facts[i]]
    out += [f"{label} = {Const(float(nums[j]))}" for label, j in world.num_items()]
    return out


def breaks(world: CompiledWorld, action: GroundAction | None, facts: bytearray, nums: list[float]) -> bool:
    """Whether ``action`` leads from ``(facts, nums)`` to a state that violates a constraint (also the offline
    generator's goal walk's check)."""
    guard = world.guard
    assert action is not None and guard is not None  # a valid call, in a world with constraints
    f2, n2 = world.successor(facts, nums, action.effects)
    return guard.violates(action, f2, n2)
