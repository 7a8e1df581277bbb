"""An equally short plan that calls the tools a directive asks for ("back up the reports, then remove the drafts").

A task's golden plan is *a* shortest plan; where several exist, the planner's tie-breaking picks one, and it
may reach "the draft is gone" by ``move_file`` where the directive asked for ``delete_file``. Rejecting every
such draft throws away tasks that do admit a shortest plan through the asked-for tool.
:func:`plan_through` looks for one: at each step of the shortest plan it tries each applicable call of a
missing tool in place of the plan's call, and re-plans the rest within the steps left. A plan it returns has
the same length, so it is still a shortest plan (the golden plan stays optimal), and it is checked step by
step against preconditions and constraints like any plan.
"""

from __future__ import annotations

from gensim_gym.generation.lexicon import calls
from gensim_gym.world.compiled import CompiledWorld, GroundAction
from gensim_gym.world.planner import plan

#: Re-planning calls one search may make (each bounded by the steps left): positions x calls tried.
MAX_TRIES = 64


def plan_through(world: CompiledWorld, shortest: list[GroundAction], tools: set[str], *,
                 max_expansions: int = 2000) -> list[GroundAction] | None:
    """A plan as long as ``shortest`` that calls every tool of ``tools`` (those the plan already calls
    included), or None when the bounded search finds none."""
    current = list(shortest)
    for tool in sorted(tools):
        if any(calls(a.tool, tool) for a in current):
            continue
        found = _substitute(world, current, tool, tools, max_expansions)
        if found is None:
            return None
        current = found
    return current


def _substitute(world: CompiledWorld, golden: list[GroundAction], tool: str, keep: set[str],
                max_expansions: int) -> list[GroundAction] | None:
    """``golden`` with one step replaced by a call of ``tool`` and the rest re-planned within the same length,
    still calling every tool of ``keep`` that ``golden`` calls; None if no position gives one."""
    kept = {k for k in keep if any(calls(a.tool, k) for a in golden)}
    candidates = [a for a in world.valid_actions if calls(a.tool, tool)]
    facts, nums = bytearray(world.init_facts), list(world.init_nums)
    tries = 0
    for i, step in enumerate(golden):
        for call in candidates:
            if call.id == step.id or not call.pre.fn(facts, nums):
                continue
            tries += 1
            if tries > MAX_TRIES:
                return None
            f2, n2 = world.successor(facts, nums, call.effects)
            if world.guard is not None and world.guard.violates(call, f2, n2):
                continue
            left = len(golden) - i - 1
            if world.is_goal(f2, n2):
                rest: list[GroundAction] | None = [] if left == 0 else None
            else:
                rest = plan(world, f2, n2, max_depth=left, max_expansions=max_expansions).plan if left else None
            if rest is None or len(rest) != left:
                continue
            candidate = [*golden[:i], call, *rest]
            if all(any(calls(a.tool, k) for a in candidate) for k in kept):
                return candidate
        world.apply(facts, nums, step.effects)
    return None
