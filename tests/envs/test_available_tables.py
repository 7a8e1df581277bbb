"""AvailableCalls' per-task call tables, built from per-grounding indices, equal a call-by-call build.

The tables are the call features of the default face's observation (tool, argument slots, what a call
does to each goal condition); building them from shared per-grounding indices must change no value.
"""

from __future__ import annotations

import re
import warnings

import gymnasium as gym
import numpy as np
import pytest

from gensim_gym.world.heuristic import goal_literals
from tests.conftest import DOMAINS, domain_directive

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def reference_tables(wrapper, world) -> tuple[np.ndarray, ...]:
    """The tables computed call by call, the plain way."""
    n, goals = wrapper.layout.n_actions, wrapper.layout.max_goals
    static = np.zeros((n, wrapper._d_static), dtype=np.float32)
    achieves = np.zeros((n, goals), dtype=np.float32)
    undoes = np.zeros((n, goals), dtype=np.float32)
    named = np.zeros((n, wrapper._params, goals), dtype=np.float32)
    names = [set(_NAME.findall(text)) for text in world.spec.task.goal]
    for g in world.valid_actions:
        static[g.id, 0] = 1.0
        static[g.id, 1 + wrapper._tools[g.tool]] = 1.0
        for p, obj in enumerate(g.args):
            static[g.id, 1 + len(wrapper._tools) + p * wrapper._slots + world.index.slot[obj]] = 1.0
            for k, goal_names in enumerate(names):
                named[g.id, p, k] = obj in goal_names
        adds, dels = set(g.effects.adds), set(g.effects.dels)
        for k, goal in enumerate(world.goals):
            lits = goal_literals(world, k)
            if lits is None:
                achieves[g.id, k] = undoes[g.id, k] = bool(goal.facts & g.effects.touched_facts
                                                           or goal.nums & g.effects.touched_nums)
            else:
                achieves[g.id, k] = any((i in adds) if v else (i in dels) for i, v in lits)
                undoes[g.id, k] = any((i in dels) if v else (i in adds) for i, v in lits)
    return static, achieves, undoes, named


@pytest.mark.parametrize("domain", DOMAINS)
def test_call_tables_equal_a_call_by_call_build(domain: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make("GenSim-v0", directive=domain_directive(domain), difficulty=0.6, seed=0, num_tasks=0,
                       prefetch=0)
    wrapper = env.get_wrapper_attr("_grounding_tables").__self__
    env.reset(seed=0)
    for _ in range(6):
        env.reset()
        world = env.unwrapped.world
        tables = wrapper._build_tables(world)
        expected = reference_tables(wrapper, world)
        for got, want in zip((tables.static, tables.achieves, tables.undoes, tables.named), expected, strict=True):
            np.testing.assert_array_equal(got, want)
        assert tables.unused == next((i for i, a in enumerate(world.actions) if a is None), -1)
        assert not tables.static.flags.writeable
