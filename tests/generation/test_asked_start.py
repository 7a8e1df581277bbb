"""The offline generator delivers the operations a directive asks for where the domain's own start and goals never
needed them (issue 14, "delivered", branch gen18).

Two classes the delivered fidelity run left approximated (``benchmarks/results/fidelity_delivered_after.txt``):
operations the sampled start never needs (blocks start on the table, so nothing is unstacked; depot crates start
in trucks, so nothing is lifted) and operations no goal predicate could name (support's ``update_address`` for a
count of customers, webshop's ``apply_coupon``). Directives in no benchmark set, several seeds each.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import gensim_gym
from gensim_gym import check_fidelity, read_directive
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.lexicon import calls
from gensim_gym.generation.offline import MAX_TRIES, OPS_RELAXED, OfflineGenerator, domain_toolsets, with_asked
from gensim_gym.generation.toolsets import get_toolset
from gensim_gym.generation.undo_start import undo_calls
from gensim_gym.generation.verify import verify
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.layout import Layout

SEEDS = range(3)


def _generate(directive: str, seed: int):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(directive, seed=seed)


def _plan_calls(spec, tool: str) -> bool:
    return any(calls(label.split("(")[0], tool) for label in spec.golden_plan)


@pytest.mark.parametrize(("directive", "tool", "undone"), [
    ("blocks world: take the towers apart, unstack them, easy", "unstack", "on("),
    ("blocks: put 4 blocks down on the table", "put_down", "on("),
    ("depot: hoist 2 crates off their pallets", "lift", "on__crate__"),
])
def test_an_operation_that_undoes_gets_a_start_to_undo(directive, tool, undone):
    """An asked operation that only reverses another call (unstack: stack) starts from a state a short walk
    reached, with something to undo (towers, crates on pallets); the golden plan calls it and the task verifies."""
    reading = read_directive(directive)
    assert tool in reading.knobs.required_tools
    for seed in SEEDS:
        spec = _generate(directive, seed)
        assert not check_fidelity(spec, reading), (directive, seed)
        assert _plan_calls(spec, tool), (directive, seed)
        assert any(fact.startswith(undone) for fact in spec.task.init), (directive, seed)
        assert verify(spec, golden=spec.golden_plan, episodes=0).ok
        status = {c["kind"]: c["status"] for c in spec.meta["interpretation"]["clauses"]}
        assert status["operation"] == "honored"


def test_undo_calls_are_the_reverses_that_build_no_goal():
    """unstack, put_down and pick_up reverse stack, pick_up and put_down and build no ``on`` fact: undo calls; stack
    reverses unstack but builds the goals: not one. Only pick_up has something to undo at the start."""
    knobs = parse_directive("blocks world, 4 blocks", 0.5)
    generator = OfflineGenerator(knobs)
    objects, _ = generator.gen_task(np.random.default_rng(0))
    tools = generator.gen_tools(np.random.default_rng(0), False)
    spec = generator._spec(objects, generator._init_state(np.random.default_rng(0), objects),
                           ("true",), 100, tools, hidden=(), fail=0.0)
    world = CompiledWorld(spec, generator.layout)
    undo = undo_calls(world, ("unstack", "put_down", "stack", "pick_up"), {"on"}, ())
    assert {r: {world.actions[i].tool for i in ids} for r, ids in undo.ids.items()} == {
        "unstack": {"unstack"}, "put_down": {"put_down"}, "pick_up": {"pick_up"}}
    assert undo.nothing_to_undo(world.start_applicable())  # all on the table: nothing to unstack yet
    only_pick_up = undo_calls(world, ("pick_up",), {"on"}, ())
    assert not only_pick_up.nothing_to_undo(world.start_applicable())  # every block can be picked up


def test_a_directive_without_such_operations_draws_no_walked_start():
    """"stack 4 blocks": stack builds the goals, so the start is sampled as before (no extra draw)."""
    knobs = parse_directive("blocks: stack 4 blocks", 0.5)
    generator = OfflineGenerator(knobs, "blocks: stack 4 blocks")
    spec = generator.generate(0)
    assert all(not fact.startswith("on(") for fact in spec.task.init)


def test_update_address_names_the_customer():
    """"update the address of two customers": update_address also marks the customer (``address_changed``), so a
    goal per customer can need it; a directive that does not ask for it keeps the toolset as it is."""
    directive = "support desk: update the delivery address for 2 customers"
    reading = read_directive(directive)
    met = 0
    for seed in SEEDS:
        spec = _generate(directive, seed)
        if check_fidelity(spec, reading):
            continue
        met += 1
        assert _plan_calls(spec, "update_address")
        assert any(goal.startswith("address_changed(") for goal in spec.task.goal)
    assert met >= len(SEEDS) - 1
    support = get_toolset("support")
    assert with_asked(support, ("refund_order",)) is support
    assert "address_changed" not in {p.name for ts in domain_toolsets(parse_directive("support tasks", 0.5))
                                     for p in ts.predicates}


def test_load_may_be_asked_as_a_goal():
    """depot's ``in`` is a goal only where ``load`` is asked ("load crates onto trucks")."""
    depot = get_toolset("depot")
    assert "in" not in depot.goal_predicates
    assert "in" in with_asked(depot, ("load",)).goal_predicates
    directive = "depot: load crates onto trucks, very easy"
    reading = read_directive(directive)
    spec = _generate(directive, 0)
    assert not check_fidelity(spec, reading)
    assert _plan_calls(spec, "load")


def test_a_coupon_is_asked_where_the_budget_needs_it():
    """apply_coupon is of use only where a product costs more than the budget: an asked coupon draws a tighter
    budget (one ``budget()`` statement: the asked rule's), and the goal's product needs the discount."""
    directive = "webshop: buy 1 product with a coupon"
    reading = read_directive(directive)
    for seed in SEEDS:
        spec = _generate(directive, seed)
        assert not check_fidelity(spec, reading), seed
        budgets = [f for f in spec.task.init if f.startswith("budget()")]
        assert len(budgets) == 1
        world = CompiledWorld(spec, Layout.from_spec(spec))
        nums = dict((label, world.init_nums[j]) for label, j in world.num_items())
        product = spec.task.goal[0][len("purchased("):-1]
        assert nums[f"price({product})"] > nums["budget()"]  # no purchase without the coupon


def test_an_operation_is_kept_through_the_relaxed_length():
    """"refund 1 order" is 3 steps, shorter than difficulty 0.5 asks: the relaxed tries still want the refund (only
    the last quarter gives it up), so the spec refunds."""
    directive = "support desk: refund 1 order and never escalate"
    reading = read_directive(directive)
    spec = _generate(directive, 0)
    assert not check_fidelity(spec, reading)
    assert _plan_calls(spec, "refund_order")


def test_what_no_task_can_meet_is_still_generated_and_marked():
    """One customer's goal cannot need both an address update (not shipped) and a refund (delivered): after the
    relaxed tries the one of them that missed least is returned, and the refund is marked approximated."""
    directive = "customer service: update the shipping address for one customer, then refund their order"
    reading = read_directive(directive)
    spec = _generate(directive, 0)
    assert spec.meta["generator"]["attempts"] >= OPS_RELAXED * MAX_TRIES // 4  # the relaxed tries had their turn
    assert any("refund_order" in u for u in check_fidelity(spec, reading))
    statuses = [c["status"] for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "operation"]
    assert "approximated" in statuses
