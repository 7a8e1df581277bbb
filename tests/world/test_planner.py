"""The A* planner returns shortest plans (checked against breadth-first search) and reports unsolvable tasks."""

from __future__ import annotations

import warnings
from collections import deque

import pytest

from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator, family_layout
from gensim_gym.spec.validate import validate_spec
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.layout import Layout
from gensim_gym.world.planner import best_plan, plan


def _spec(goal: list[str], init: list[str], horizon: int = 20, extra_tools: list[dict] | None = None):
    """A corridor a-b-c-d-e with a key at d that opens a door needed to put the box at e."""
    tools = [
        {"name": "go", "description": "Walk to a neighbouring room.",
         "params": [{"name": "src", "type": "room"}, {"name": "dst", "type": "room"}],
         "pre": "at(?src) and next(?src, ?dst) and (not locked(?dst) or has_key())",
         "effects": ["not at(?src)", "at(?dst)"]},
        {"name": "take_key", "description": "Take the key in the current room.",
         "params": [{"name": "r", "type": "room"}],
         "pre": "at(?r) and key_at(?r)", "effects": ["not key_at(?r)", "has_key()"]},
        {"name": "push", "description": "Push the box to a neighbouring room.",
         "params": [{"name": "src", "type": "room"}, {"name": "dst", "type": "room"}],
         "pre": "at(?src) and box(?src) and next(?src, ?dst) and (not locked(?dst) or has_key())",
         "effects": ["not at(?src)", "at(?dst)", "not box(?src)", "box(?dst)"]},
        {"name": "paint", "description": "A distractor: paint a room.", "params": [{"name": "r", "type": "room"}],
         "pre": "not painted(?r)", "effects": ["painted(?r)"]},
    ] + (extra_tools or [])
    rooms = ["a", "b", "c", "d", "e"]
    pairs = list(zip(rooms, rooms[1:], strict=False))
    links = [f"next({x}, {y})" for x, y in pairs] + [f"next({y}, {x})" for x, y in pairs]
    doc = {
        "format": "gensim_gym/simspec@1",
        "task": {"name": "corridor", "description": "Push the box.", "types": ["room"],
                 "predicates": [{"name": "at", "params": ["room"]}, {"name": "next", "params": ["room", "room"]},
                                {"name": "locked", "params": ["room"]}, {"name": "key_at", "params": ["room"]},
                                {"name": "has_key", "params": []}, {"name": "box", "params": ["room"]},
                                {"name": "painted", "params": ["room"]}],
                 "objects": {"room": rooms}, "init": links + init, "goal": goal, "horizon": horizon},
        "tools": {"tools": tools},
        "reward": {"mode": "sparse"},
    }
    return validate_spec(doc)


def _world(spec):
    return CompiledWorld(spec, Layout.from_spec(spec))


def _bfs_length(world: CompiledWorld, limit: int) -> int | None:
    """Length of a shortest plan by breadth-first search over every valid action (no pruning, no heuristic)."""
    start = (bytes(world.init_facts), tuple(world.init_nums))
    if world.is_goal(world.init_facts, world.init_nums):
        return 0
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        (f, n), depth = queue.popleft()
        if depth >= limit:
            continue
        for action in world.applicable(f, list(n)):
            f2, n2 = bytearray(f), list(n)
            world.apply(f2, n2, action.effects)
            if world.is_goal(f2, n2):
                return depth + 1
            key = (bytes(f2), tuple(n2))
            if key not in seen:
                seen.add(key)
                queue.append((key, depth + 1))
    return None


def test_shortest_plan_through_a_locked_door():
    spec = _spec(["box(e)"], ["at(a)", "box(c)", "key_at(a)", "locked(e)"])
    result = plan(_world(spec))
    labels = [a.label for a in result.plan]
    # take the key (the door to e is locked), walk to the box at c, push it c->d->e; painting never helps.
    assert labels == ["take_key(a)", "go(a, b)", "go(b, c)", "push(c, d)", "push(d, e)"]
    assert len(labels) == _bfs_length(_world(spec), 10) == 5


def test_negative_and_numeric_free_goals_are_shortest():
    spec = _spec(["at(e)", "not key_at(d)", "painted(b)"], ["at(a)", "key_at(d)"])
    world = _world(spec)
    assert len(plan(world).plan) == _bfs_length(world, 12)


def test_unreachable_goal_is_reported_unsolvable():
    # Nothing can ever make the key appear at e.
    spec = _spec(["key_at(e)"], ["at(a)"])
    result = plan(_world(spec))
    assert result.plan is None and result.solvable is False and result.exhausted


def test_goal_behind_a_door_without_key_is_unsolvable_after_exhaustive_search():
    spec = _spec(["at(e)"], ["at(a)", "locked(e)"], horizon=50)
    result = plan(_world(spec))
    assert result.plan is None and result.solvable is False


def test_horizon_bound_is_not_unsolvable():
    spec = _spec(["at(e)"], ["at(a)"], horizon=2)
    result = plan(_world(spec))
    assert result.plan is None and result.solvable is not True
    result, optimal = best_plan(_world(spec), max_depth=4)
    assert optimal and [a.label for a in result.plan] == ["go(a, b)", "go(b, c)", "go(c, d)", "go(d, e)"]


def test_goal_already_true_gives_empty_plan():
    spec = _spec(["at(a)"], ["at(a)"])
    result = plan(_world(spec))
    assert result.plan == [] and result.solvable


@pytest.mark.parametrize("directive", ["warehouse tasks", "calendar scheduling", "customer support", "web shop, hidden",
                                       "file system tasks"])
def test_generated_golden_plans_are_as_short_as_breadth_first_search(directive):
    warnings.simplefilter("ignore")
    generator = OfflineGenerator(parse_directive(directive, 0.3), directive)
    for seed in range(3):
        spec = generator.generate(seed)
        world = CompiledWorld(spec, generator.layout)
        assert spec.meta["golden_plan_optimal"]
        assert len(spec.golden_plan) == _bfs_length(world, len(spec.golden_plan)), (directive, seed)


def test_cached_groundings_equal_a_fresh_compile():
    """Worlds compiled through a warm layout cache equal worlds compiled in a fresh layout."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        knobs = parse_directive("warehouse and calendar tasks, hidden, noisy", 0.75)
        generator = OfflineGenerator(knobs, "x")
        specs = [generator.generate(seed) for seed in range(6)]
    for spec in specs:
        warm = CompiledWorld(spec, generator.layout)
        cold = CompiledWorld(spec, family_layout(knobs))
        assert [a.label for a in warm.valid_actions] == [a.label for a in cold.valid_actions]
        assert [(a.id, a.fail_prob, a.requires, a.effects.adds, a.effects.dels) for a in warm.valid_actions] == \
            [(a.id, a.fail_prob, a.requires, a.effects.adds, a.effects.dels) for a in cold.valid_actions]
        assert (warm.init_facts, warm.init_nums, warm.hidden) == (cold.init_facts, cold.init_nums, cold.hidden)
        assert (warm.fact_deps, warm.num_deps) == (cold.fact_deps, cold.num_deps)
        assert warm.fact_items() == cold.fact_items() and warm.num_items() == cold.num_items()
