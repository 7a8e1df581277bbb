"""A* planner that proves tasks solvable and yields shortest (golden) plans.

The heuristic is ⌈unsatisfied goals / k⌉, where ``k`` is the largest number
of goal conditions one ground action can affect (an action can only change a
goal whose condition reads something the action writes). It never
overestimates, so the first plan found is a shortest one. Search is bounded by
the horizon and by ``max_expansions``; when the bound is hit the planner says
"unknown", never "unsolvable".
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import count

from gensim_gym.world.compiled import CompiledWorld, GroundAction


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


def _goal_reach(world: CompiledWorld) -> int:
    cached = getattr(world, "_goal_reach", None)
    if cached is not None:
        return cached
    best = 1
    for action in world.valid_actions:
        touched_f, touched_n = action.effects.touched_facts, action.effects.touched_nums
        hit = sum(1 for g in world.goals if g.facts & touched_f or g.nums & touched_n)
        best = max(best, hit)
    world._goal_reach = best  # type: ignore[attr-defined]
    return best


def plan(world: CompiledWorld, facts: bytearray | None = None, nums: list[float] | None = None,
         max_depth: int | None = None, max_expansions: int = 20_000, weight: float = 1.0) -> PlanResult:
    """Find a plan from ``(facts, nums)`` (default: the initial state) to the goal.

    With ``weight=1`` (A*) the plan is a shortest one. A larger weight (weighted
    A*) finds plans faster that are at most ``weight`` times longer than the
    shortest; :func:`best_plan` uses it only when exact search runs out of budget.
    """
    facts = bytearray(world.init_facts if facts is None else facts)
    nums = list(world.init_nums if nums is None else nums)
    max_depth = world.horizon if max_depth is None else max_depth
    k = _goal_reach(world)
    goals = world.goals
    actions = world.valid_actions
    apply = world.apply

    def h(f: bytearray, n: list[float]) -> int:
        unsat = sum(1 for g in goals if not g.fn(f, n))
        return -(-unsat // k)

    start_h = h(facts, nums)
    if start_h == 0:
        return PlanResult([], 0, False)
    tie = count()
    frontier: list = [(start_h, next(tie), 0, facts, nums, None)]
    best_g: dict[tuple, int] = {(bytes(facts), tuple(nums)): 0}
    expansions = 0
    pruned = False
    while frontier:
        _, _, g, f, n, node = heapq.heappop(frontier)
        expansions += 1
        if expansions > max_expansions:
            return PlanResult(None, expansions, False)
        for action in actions:
            if not action.pre.fn(f, n):
                continue
            f2 = bytearray(f)
            n2 = list(n)
            apply(f2, n2, action.effects)
            key = (bytes(f2), tuple(n2))
            g2 = g + 1
            if best_g.get(key, 1 << 30) <= g2:
                continue
            h2 = h(f2, n2)
            link = (action, node)
            if h2 == 0:
                return PlanResult(_unwind(link), expansions, False)
            if g2 + h2 > max_depth:
                pruned = True
                continue
            best_g[key] = g2
            heapq.heappush(frontier, (g2 + weight * h2, next(tie), g2, f2, n2, link))
    return PlanResult(None, expansions, not pruned)


def best_plan(world: CompiledWorld, facts: bytearray | None = None, nums: list[float] | None = None,
              max_depth: int | None = None, max_expansions: int = 20_000) -> tuple[PlanResult, bool]:
    """A shortest plan if exact A* finishes within budget, else a weighted-A* plan; returns (result, optimal)."""
    exact = plan(world, facts, nums, max_depth, max_expansions)
    if exact.plan is not None or exact.exhausted:
        return exact, True
    return plan(world, facts, nums, max_depth, max_expansions, weight=3.0), False


def _unwind(link) -> list[GroundAction]:
    out = []
    while link is not None:
        action, link = link
        out.append(action)
    out.reverse()
    return out
