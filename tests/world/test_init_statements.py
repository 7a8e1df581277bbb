"""Init statements are parsed through a cache (sampled integer assignments by their left-hand side, in
``CompiledWorld._initial_state``); the trees must be exactly what the parser gives for the whole statement, the
objects named are the cache key's, and the start state is the whole init list applied."""

from __future__ import annotations

import pytest

from gensim_gym.dsl.parser import parse_effect
from gensim_gym.world.compiled import _init_statement

STATEMENTS = {"price(laptop) = 87": ("laptop",), "budget() = 200": (), "capacity(room_a) = 3": ("room_a",),
              "stock(crate_1) += 2": ("crate_1",), "order_value(o1) -= 15": ("o1",), "price(mouse) = -3": ("mouse",),
              "free(alice, mon_9)": ("alice", "mon_9"), "not unscheduled(standup)": ("standup",),
              "headcount(standup) = capacity(room_a)": ("room_a", "standup"), "level(tank) = 2.5": ("tank",)}


@pytest.mark.parametrize("stmt", STATEMENTS)
def test_cached_parse_equals_full_parse(stmt: str) -> None:
    node, names = _init_statement(stmt, {})
    assert node == parse_effect(stmt)
    assert names == STATEMENTS[stmt]


@pytest.mark.parametrize("domain", ["webshop", "warehouse", "calendar", "support"])
def test_start_state_equals_the_whole_init_list_applied(domain: str) -> None:
    """Integer assignments are applied from their cached fluent position, the rest from cached effects: the same
    start state as compiling the whole list at once and applying it (several tasks share one layout's cache)."""
    from gensim_gym.dsl.compile import compile_effects
    from gensim_gym.generation.family import DirectiveFamily
    from gensim_gym.world.compiled import CompiledWorld, _fluent_defaults

    family = DirectiveFamily(f"domain: {domain}", 0.7, seed=1, prefetch=0)
    layout = family.layout()
    for seed in range(6):
        world = CompiledWorld(family.generate_task(seed), layout)
        facts, nums = bytearray(layout.n_facts), list(_fluent_defaults(layout))
        world.apply(facts, nums, compile_effects([parse_effect(s) for s in world.spec.task.init], world.index))
        assert (world.init_facts, world.init_nums) == (facts, nums)
