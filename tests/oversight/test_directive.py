"""Directive updates follow the η rule, stay readable by the parser, and change what is generated."""

from __future__ import annotations

import numpy as np
import pytest

from gensim_gym.generation.directive import parse_directive
from gensim_gym.oversight import DirectiveState, update_directive
from gensim_gym.simulator.tasks import OfflineTasks, directive_layout


@pytest.mark.parametrize(("bottleneck", "phrase"), [("task", "longer tasks"), ("tools", "more tools"),
                                                    ("reward", "sparse reward")])
def test_high_reward_increases_difficulty_along_the_bottleneck(bottleneck, phrase):
    u = update_directive("warehouse tasks", bottleneck, mean_reward=0.8, eta=0.5)
    assert u.action == "increase" and u.axis == bottleneck
    assert u.new == f"warehouse tasks, {phrase}"


@pytest.mark.parametrize(("bottleneck", "start", "expected"), [
    ("task", "warehouse tasks, longer tasks", "warehouse tasks"),
    ("tools", "warehouse tasks, more tools", "warehouse tasks"),
    ("reward", "warehouse tasks, sparse reward", "warehouse tasks"),
    ("tools", "warehouse tasks", "warehouse tasks, fewer tools"),
])
def test_low_reward_simplifies_along_the_bottleneck(bottleneck, start, expected):
    u = update_directive(start, bottleneck, mean_reward=0.2, eta=0.5)
    assert u.action == "simplify"
    assert u.new == expected


def test_low_reward_never_makes_anything_harder_and_maintains_at_the_floor():
    start = "warehouse tasks, easy, shorter tasks, fewer tools, dense reward"
    for b in ("task", "tools", "reward", "none"):
        u = update_directive(start, b, mean_reward=0.0, eta=0.5)
        assert u.action == "maintain" and u.new == start


def test_maxed_axis_raises_the_overall_level():
    u = update_directive("warehouse tasks, more tools", "tools", mean_reward=0.9, eta=0.5)
    assert u.axis == "level" and "hard" in u.new


def test_state_strips_conflicting_words():
    s = DirectiveState.parse("warehouse tasks, long tasks, sparse rewards, more tools")
    assert s.base == "warehouse tasks"
    assert s.render() == "warehouse tasks, longer tasks, more tools, sparse reward"


def test_rewritten_directive_is_read_by_the_parser():
    d = "warehouse tasks"
    for b in ("task", "tools", "reward"):
        d = update_directive(d, b, 1.0, 0.5).new
    knobs = parse_directive(d)
    assert knobs.length_bonus == 2 and knobs.more_tools == 2 and knobs.reward_mode == "sparse"
    assert knobs.domains == ("warehouse",)


def _specs(directive: str, n: int = 20):  # 6 seeds were too few for the +1.5 plan-length margin
    gen = OfflineTasks(directive_layout("warehouse tasks"))
    return [gen(directive, 0.4, seed) for seed in range(n)]


def test_new_directive_visibly_changes_what_is_generated():
    base = _specs("warehouse tasks")
    more_tools = _specs(update_directive("warehouse tasks", "tools", 1.0, 0.5).new)
    longer = _specs(update_directive("warehouse tasks", "task", 1.0, 0.5).new)
    sparse = _specs(update_directive("warehouse tasks", "reward", 1.0, 0.5).new)
    tools = lambda specs: np.mean([len(s.tools.tools) for s in specs])  # noqa: E731
    plan = lambda specs: np.mean([len(s.golden_plan) for s in specs])  # noqa: E731
    assert tools(more_tools) >= tools(base) + 1
    assert plan(longer) >= plan(base) + 1.5
    assert {s.reward.mode for s in base} == {"dense"} and {s.reward.mode for s in sparse} == {"sparse"}
