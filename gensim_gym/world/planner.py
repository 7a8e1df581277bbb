"""A* planner that proves tasks solvable and yields shortest (golden) plans.

Search runs over the *relevant* actions only and is guided by an admissible
landmark heuristic (both in :mod:`gensim_gym.world.heuristic`; the planner uses
its stronger :meth:`~gensim_gym.world.heuristic.Guidance.search` variant), made
monotone along paths with pathmax, so the first plan found is a shortest one.
Ties on f prefer deeper nodes, which reaches the goal layer quickly; the
heuristic of a queued state is computed only when it is popped (deferred
evaluation: most queued states never are).
Successors are generated incrementally: a node re-checks only the
preconditions its last action could have changed. Search is bounded by the
horizon and by ``max_expansions``; when the bound is hit the planner says
"unknown", never "unsolvable". Every call also runs under a
:class:`~gensim_gym.world.budget.Budget` (time, stored states, their memory):
exceeding it raises :class:`~gensim_gym.errors.SearchSpaceError`.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count
from typing import cast

from gensim_gym.world.budget import Budget, SearchLimits, bounded, state_bytes
from gensim_gym.world.compiled import CompiledWorld, GroundAction, changes
from gensim_gym.world.heuristic import DEAD_END, Guidance, guidance


@dataclass(frozen=True)
class PlanResult:
    """Outcome of a search: ``plan`` (None when none was found), ``exhausted`` (the space was fully searched)."""

    plan: list[GroundAction] | None
    expansions: int
    exhausted: bool

    @property
    def solvable(self) -> bool | None:
        if self.plan is not None:
            return True
        return False if self.exhausted else None


class _Affected(dict):
    """Per relevant action id: the relevant actions whose precondition its effects can change, as
    :func:`gensim_gym.world.compiled.recheck` splits them (surely disabled ids, pairs to re-check).

    Filled lazily from the grounding's shared :class:`gensim_gym.world.compiled.Changes` table,
    restricted to the relevant actions (the split is per id, so restricting after it is the same).
    """

    def __init__(self, world: CompiledWorld, relevant: list[GroundAction]) -> None:
        super().__init__()
        self.changes = changes(world)
        ids = frozenset(a.id for a in relevant)
        self.relevant = None if len(ids) == len(world.valid_actions) else ids  # None: every action

    def __missing__(self, action_id: int) -> tuple[tuple[int, ...], tuple[tuple[int, Callable], ...]]:
        _, off, checks = self.changes[action_id]
        keep = self.relevant
        if keep is not None:
            off = tuple(b for b in off if b in keep)
            checks = tuple(pair for pair in checks if pair[0] in keep)
        out = self[action_id] = (off, checks)
        return out


def _affected(world: CompiledWorld) -> _Affected:
    """The world's (cached) :class:`_Affected` table."""
    cached = getattr(world, "_affected", None)
    if cached is None:
        cached = world._affected = _Affected(world, guidance(world).relevant)  # type: ignore[attr-defined]
    return cached


def plan(world: CompiledWorld, facts: bytearray | None = None, nums: list[float] | None = None, *,
         max_depth: int | None = None, max_expansions: int = 20_000, weight: float = 1.0,
         limits: SearchLimits | None = None) -> PlanResult:
    """Find a plan from ``(facts, nums)`` (default: the initial state) to the goal.

    With ``weight=1`` (A*) the plan is a shortest one. A larger weight (weighted
    A*) finds plans faster that are at most ``weight`` times longer than the
    shortest; :func:`best_plan` uses it only when exact search runs out of budget.

    Raises:
        SearchSpaceError: the search exceeded ``limits`` (default: the enclosing
            :func:`~gensim_gym.world.budget.bounded` scope's, else the defaults).
    """
    with bounded(limits) as budget:
        return _plan(world, facts, nums, max_depth=max_depth, max_expansions=max_expansions, weight=weight,
                     budget=budget)


def _plan(world: CompiledWorld, facts: bytearray | None, nums: list[float] | None, *, max_depth: int | None,
          max_expansions: int, weight: float, budget: Budget) -> PlanResult:
    from_start = facts is None and nums is None  # the world's initial state
    facts = bytearray(world.init_facts if facts is None else facts)
    nums = list(world.init_nums if nums is None else nums)
    max_depth = world.horizon if max_depth is None else max_depth
    start_h = guidance(world).search(facts, nums)
    if start_h == 0:
        return PlanResult([], 0, False)
    if start_h >= DEAD_END:
        return PlanResult(None, 0, True)
    if start_h > max_depth:
        return PlanResult(None, 0, False)
    return _search(world, facts, nums, start_h, max_depth=max_depth, max_expansions=max_expansions, weight=weight,
                   at_start=from_start, budget=budget)


def _search(world: CompiledWorld, facts: bytearray, nums: list[float], start_h: int, *, max_depth: int,
            max_expansions: int, weight: float, budget: Budget, at_start: bool = False) -> PlanResult:
    """The A* loop of :func:`plan` from a state that is neither a goal nor a known dead end.

    Deferred evaluation: a generated state is tested for the goal at once (cheap) but queued with a
    *lower bound* of its heuristic, ``max(h(parent) − 1, 1)`` (what pathmax would give it at least;
    1 since it is not a goal). Its heuristic is computed only when it is popped; if that raises its f
    it is queued again, evaluated, else it is expanded right away. Queue keys are thus lower bounds
    of the admissible f, so the first plan found is still a shortest one (with ``weight`` w, at most
    w times longer); most queued states are never popped (calendar queues ~13 per expansion), so
    most heuristic calls are saved. Ties may be broken differently than with eager evaluation.
    """
    guide = guidance(world)
    affected = _affected(world)
    tie = count()
    if at_start:  # the world's initial state: its applicable set is known
        start_app = world.start_applicable().intersection([a.id for a in guide.relevant])
    else:
        start_app = frozenset(a.id for a in guide.relevant if a.pre.fn(facts, nums))
    start_key = (bytes(facts), tuple(nums))
    # Node: (f, -g, tie, g, h, facts, nums, applicable ids, link, state key, evaluated). The key is kept so
    # a popped node is not serialised again; ties never reach it (``tie`` is unique). A queued node holds
    # its *parent's* applicable ids: its own are derived only if it is expanded (most queued nodes never
    # are), from those and the preconditions its last call (``link[0]``) can change. ``h`` is exact
    # (pathmax-adjusted) when ``evaluated``, else the lower bound it was queued with.
    frontier: list = [(start_h, 0, 0, next(tie), 0, start_h, facts, nums, start_app, None, start_key, guide.preferred)]
    best_g: dict[tuple, int] = {start_key: 0}
    expansions = 0
    pruned = False
    heappop, heappush = heapq.heappop, heapq.heappush
    size = state_bytes(len(facts), len(nums))
    while frontier:
        _, _, _, _, g, h, f, n, app, node, key, preferred = heappop(frontier)
        if best_g[key] < g:
            continue  # a cheaper path to this state was found after this entry was queued
        if preferred is None:  # not evaluated yet
            exact = guide.search(f, n)
            if exact >= DEAD_END:
                continue
            if exact > h:  # h is the lower bound (pathmax included), so max(exact, h) is exact pathmax
                if g + exact > max_depth:
                    pruned = True
                    continue
                heappush(frontier, (g + weight * exact, -g, 0, next(tie), g, exact, f, n, app, node, key,
                                    guide.preferred))
                continue
            preferred = guide.preferred
        expansions += 1
        if expansions > max_expansions:
            return PlanResult(None, expansions, False)
        budget.check_time("the planner")
        budget.check_states("the planner", len(best_g) + len(frontier), size)
        if node is not None:
            app = _updated(app, affected[node[0].id], f, n)
        g2 = g + 1
        h2 = max(h - 1, 1)  # a lower bound of every successor's h: pathmax, and a non-goal needs a step
        if g2 + h2 > max_depth:
            link, cut = _last_layer(world, app, f, n, node, guide=guide, best_g=best_g, g2=g2)
            if link is not None:
                return PlanResult(_unwind(link), expansions, False)
            pruned = pruned or cut
            continue
        link = _push_children(world, app, f, n, node, g2=g2, h2=h2, f2=g2 + weight * h2, best_g=best_g,
                              frontier=frontier, tie=tie, preferred=preferred)
        if link is not None:
            return PlanResult(_unwind(link), expansions, False)
    return PlanResult(None, expansions, not pruned)


def _push_children(world: CompiledWorld, app: frozenset[int], facts: bytearray, nums: list[float], node, *,
                   g2: int, h2: int, f2: float, best_g: dict[tuple, int], frontier: list, tie,
                   preferred: int) -> tuple | None:
    """Queue the new successors of an expanded node (``app``: its applicable ids), unevaluated, with
    the heuristic lower bound ``h2`` and key ``f2``; return the link of the first goal successor in
    id order (goals are tested as they are generated), else None. ``preferred``: the parent's
    ``Guidance.preferred`` bit set; among equal keys, children reached by one of those calls pop first."""
    by_id = cast("list[GroundAction]", world.actions)  # ``app`` holds valid actions' ids
    successor, is_goal, guard = world.successor, world.is_goal, world.guard
    heappush, best_get, far = heapq.heappush, best_g.get, 1 << 30
    for action_id in sorted(app):
        f_next, n_next = successor(facts, nums, by_id[action_id].effects)
        key = (bytes(f_next), tuple(n_next))
        if best_get(key, far) <= g2:
            continue
        if guard is not None and guard.violates(by_id[action_id], f_next, n_next):
            continue  # plans never pass through a violation (of any constraint, penalised ones included)
        link = (by_id[action_id], node)
        if is_goal(f_next, n_next):
            return link
        best_g[key] = g2
        later = not (preferred >> action_id) & 1
        heappush(frontier, (f2, -g2, later, next(tie), g2, h2, f_next, n_next, app, link, key, None))
    return None


def _last_layer(world: CompiledWorld, app: frozenset[int], facts: bytearray, nums: list[float], node, *,
                guide: Guidance, best_g: dict[tuple, int], g2: int) -> tuple[tuple | None, bool]:
    """Successors of a node whose children the depth bound allows only if they are goals.

    Returns the link of the first goal successor (in id order) or None, and whether a successor
    that is new (not reached with ``g2`` steps or fewer) and no dead end was cut by the bound,
    i.e. the search is no longer exhaustive.
    """
    cut = False
    by_id = cast("list[GroundAction]", world.actions)  # ``app`` holds valid actions' ids
    for action_id in sorted(app):
        action = by_id[action_id]
        f2, n2 = world.successor(facts, nums, action.effects)
        if world.guard is not None and world.guard.violates(action, f2, n2):
            continue
        if world.is_goal(f2, n2):
            return (action, node), cut
        if not cut and best_g.get((bytes(f2), tuple(n2)), g2 + 1) > g2 and guide.search(f2, n2) < DEAD_END:
            cut = True
    return None, cut


def update_applicable(app: set[int], entry: tuple[tuple[int, ...], tuple[tuple[int, Callable], ...]],
                      facts: bytearray, nums: list[float]) -> None:
    """Move the applicable ids ``app`` (in place) across a call, given its :class:`_Affected` entry (ids it
    surely disables, ``(id, precondition)`` pairs to re-check) and the state it led to."""
    off, checks = entry
    app.difference_update(off)
    for b, pre in checks:
        if pre(facts, nums):
            app.add(b)
        else:
            app.discard(b)


def _updated(app: frozenset[int], entry: tuple[tuple[int, ...], tuple[tuple[int, Callable], ...]],
             facts: bytearray, nums: list[float]) -> frozenset[int]:
    """:func:`update_applicable` on a copy."""
    out = set(app)
    update_applicable(out, entry, facts, nums)
    return frozenset(out)


def best_plan(world: CompiledWorld, facts: bytearray | None = None, nums: list[float] | None = None, *,
              max_depth: int | None = None, max_expansions: int = 20_000,
              limits: SearchLimits | None = None) -> tuple[PlanResult, bool]:
    """A shortest plan if exact A* finishes within budget, else a weighted-A* plan; returns (result, optimal).

    Both searches share one :class:`~gensim_gym.world.budget.Budget` (``limits``, see :func:`plan`).
    """
    with bounded(limits):
        exact = plan(world, facts, nums, max_depth=max_depth, max_expansions=max_expansions)
        if exact.plan is not None or exact.exhausted:
            return exact, True
        return plan(world, facts, nums, max_depth=max_depth, max_expansions=max_expansions, weight=3.0), False


def _unwind(link) -> list[GroundAction]:
    out = []
    while link is not None:
        action, link = link
        out.append(action)
    out.reverse()
    return out
