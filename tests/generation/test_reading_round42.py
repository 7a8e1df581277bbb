"""Reader round 42: a part of the world not yet looked over ("the shelves are unscanned", "rooms not yet surveyed")
or seen only once an act shows it ("only visible once listed") is partial observability; a goal item said to be the
one there is ("the only box", "a lone parcel") is a count of 1; a block that must end up on another is stacked; an
agent named by a home or a room of it ("kitchen helper robot") opens a household task; getting the key a world's
taking tool is named after is taking it. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import tools as _tools


def _partial(directive: str) -> list[tuple[dict, str]]:
    return [(c.requirement, c.status) for c in _clauses(directive, "observability")]


# -- a part not yet looked over, or seen only once shown ---------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the crates in the depot are not yet inspected, move 2 of them to the dock",
    "pick 3 parcels; the aisles are unsurveyed",
    "rename 2 photos; the subfolders are only seen after opening them",
    "the robot tidies 2 mugs, the cupboards being uninspected",
])
def test_unlooked_or_shown_on_act_is_partial(directive):
    assert _partial(directive) == [({"partial": True}, "honored")]


@pytest.mark.parametrize("directive", [
    "the robot scanned 3 shelves and moved the boxes",  # a scan done is no part unseen
    "deliver 2 parcels that are not yet delivered",  # not yet done is no look
])
def test_looking_done_or_other_acts_are_no_observability(directive):
    assert _partial(directive) == []


# -- the only one is one -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("move the single crate onto the goal square in sokoban", 1, "box"),
    ("the robot must deliver a lone parcel to the dock", 1, "item"),
    ("tower of hanoi: move its sole disc to the right peg", 1, "disc"),
])
def test_the_only_item_is_a_count_of_one(directive, count, kind):
    assert _counts(directive) == [(count, kind, "honored")]


@pytest.mark.parametrize("directive", [
    "the only rule: never push a box into a corner, sokoban",  # a rule is no goal item
    "sokoban, push the box; the only way out is left",
    "sokoban: the only boxes left must reach the targets",  # a plural is no one thing
])
def test_only_without_a_single_goal_item_counts_nothing(directive):
    assert _counts(directive) == []


def test_a_lone_agent_is_not_counted():
    assert _counts("a lone robot delivers 3 packages in the warehouse") == [(3, "item", "honored")]


# -- ending up on another block is stacking ------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "toy blocks: the red cube has to end up atop the blue cube",
    "blocks world: the green block should end up on the red block",
])
def test_ending_up_on_a_block_is_stacking(directive):
    assert ("stack", "honored") in _tools(directive)


def test_ending_up_on_the_table_is_putting_down():
    assert _tools("blocks world: block c should end up on the table") == [("put_down", "honored")]


def test_ending_up_elsewhere_is_no_stacking():
    assert ("stack", "honored") not in _tools("sokoban: the box must end up on the goal square")


# -- a household helper ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "pantry helper bot stows 2 jars on the upper shelf",
    "Kitchen robot stores 3 cups on the top shelf",
    "a bedroom helper robot puts 2 pillows in the wardrobe",
])
def test_a_helper_named_by_a_home_is_a_household(directive):
    assert _domains(directive) == ["rearrangement"]


@pytest.mark.parametrize("directive", [
    "Warehouse helper robot stores 3 bowls on the top shelf",
    "the robot stores 3 bowls on the shelf of the depot",
])
def test_other_helpers_stay_in_the_warehouse(directive):
    assert _domains(directive) == ["warehouse"]


# -- getting the key is taking it ----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "dungeon crawler: obtain 2 keys, then unlock the gate",
    "the hero gets the rusty key and leaves through the exit, dungeon",
])
def test_getting_the_key_takes_it(directive):
    assert ("pick_key", "honored") in _tools(directive)


@pytest.mark.parametrize("directive", [
    "dungeon: get to the exit in 20 steps",
    "dungeon: get out of the maze through the locked door",
])
def test_getting_somewhere_takes_no_key(directive):
    assert ("pick_key", "honored") not in _tools(directive)
