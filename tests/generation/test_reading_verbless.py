"""Reader round 35: a directive that names a world and counts its goal objects with no verb acting on them ("a tower
of hanoi with 3 disks", "sokoban, 2 boxes, hard") asks for the world's own task on them: an operation clause for the
world's tool that makes those goals true (``operations.world_task_tool``), on the counted phrase, honored and checked
on the golden plan. Not where a verb is read, the count sizes the world, no world or no count is named, or the world
has several tasks on what is counted. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym import check_fidelity
from gensim_gym.generation.lexicon import calls
from gensim_gym.generation.operations import world_task_tool
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import generate as _generate
from tests.reading_quiet import read as _read
from tests.reading_quiet import tools as _tools

POSITIVES = [
    ("sokoban, 2 boxes, hard", "push", "2 boxes"),
    ("blocksworld with 4 blocks", "stack", "4 blocks"),
    ("a ferry puzzle with 3 cars, sparse", "debark", "3 cars"),
    ("gripper with 2 balls and noisy tools", "drop", "2 balls"),
    ("an elevator with 2 passengers, easy", "depart", "2 passengers"),
    ("towers of hanoi, 3 discs, harder", "move", "3 discs"),
    ("a tidy-up world with 3 things", "put", "3 things"),
]


@pytest.mark.parametrize("directive, tool, said", POSITIVES)
def test_a_counted_goal_object_with_no_verb_asks_for_the_worlds_task(directive, tool, said):
    operations = _clauses(directive, "operation")
    assert len(operations) == 1, _read(directive).table()
    implied = operations[0]
    assert implied.requirement["tool"] == tool and implied.requirement.get("implied") is True
    assert implied.status == "honored" and implied.text == said
    # the counted phrase is also the goal count, which is kept as it was
    assert [c.text for c in _clauses(directive, "goal_count")] == [said]


@pytest.mark.parametrize("directive, tool, said", POSITIVES[:5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_golden_plan_calls_the_worlds_task(directive, tool, said, seed):
    spec = _generate(directive, seed=seed)
    assert any(calls(label.split("(")[0], tool) for label in spec.golden_plan), spec.golden_plan
    assert not check_fidelity(spec, _read(directive))
    delivered = [c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "operation"]
    assert [c["status"] for c in delivered] == ["honored"]


class _WithPlan:
    """A spec whose golden plan is another (``golden_plan`` is a property of the spec)."""

    def __init__(self, spec, plan):
        self._spec, self.golden_plan = spec, plan

    def __getattr__(self, name):
        return getattr(self._spec, name)


def test_check_fidelity_says_when_the_plan_misses_the_implied_tool():
    spec = _generate("blocksworld with 4 blocks")
    reading = _read("blocksworld with 4 blocks")
    stripped = _WithPlan(spec, [label for label in spec.golden_plan if not calls(label.split("(")[0], "stack")])
    assert any(u.startswith("operation: asked for stack,") for u in check_fidelity(stripped, reading))


# -- negatives ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "move 3 disks in a tower of hanoi",          # a verb already acts on them
    "push 1 box in sokoban",
    "pile 5 blocks",                             # a verb read by the world's own words
    "a warehouse with 5 locations",              # a count of places sizes the world
    "a grid of 16 cells",                        # the map the agent walks: a count of it sizes the world
    "the warehouse together with customer support, 12 tools",  # several worlds, no count of goal objects
    "calendar and webshop, dense",
    "sokoban, hard",                             # a world with no count
    "a folder with 3 files",                     # files are moved or made writable: no single task
    "a support desk with 2 orders",              # orders are refunded or their address updated
    "a webshop with 3 products",                 # a coupon may be applied to them too
])
def test_no_operation_is_implied(directive):
    assert not any(c.requirement.get("implied") for c in _clauses(directive, "operation")), _read(directive).table()


def test_a_verb_that_acts_keeps_its_own_clause_only():
    assert _tools("move 3 disks in a tower of hanoi") == [("move", "honored")]


@pytest.mark.parametrize("domain, kind, tool", [
    ("hanoi", "disc", "move"), ("sokoban", "box", "push"), ("ferry", "car", "debark"), ("gripper", "ball", "drop"),
    ("elevator", "passenger", "depart"), ("blocks", "block", "stack"),
    ("sokoban", "cell", None), ("visitall", "cell", None), ("warehouse", "location", None),
    # (round 39: a calendar's meetings are booked into rooms or attended, and scheduled first either way, the act the
    # calendar is named for: scheduling them is implied; test_reading_round39 has the rule)
    ("filesystem", "file", None), ("calendar", "meeting", "schedule"), ("support", "order", None),
    ("webshop", "product", None), ("transport", "package", None),
])
def test_world_task_tool(domain, kind, tool):
    assert world_task_tool(domain, kind) == tool
