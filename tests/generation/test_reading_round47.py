"""Reader round 47: properties, rules and operations said in new words. A reward for success alone, for only the
final result, earned nothing until the work is done, or coming only then is sparse; slippery motion and a tool that
keeps failing are noise; "quick as possible" and a handful of steps given are a tight horizon; a world that shows
only part of what there is is partial observability; leaving something alone (any form of the verb) and a thing
still there are kept states, rules; and an operation said as its end state is asked for: irregular participles
("bought", "paid for"), things in the place a tool puts them ("2 lamps in the cart"), a block resting on another, a
thing in hand, a file made read-only and things gone. Tested on phrasings that are in no benchmark set, with
negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import tools as _tools


def _values(directive: str, kind: str) -> list[tuple[dict, str]]:
    return [(c.requirement, c.status) for c in _clauses(directive, kind)]


# -- reward for the outcome alone is sparse -------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "sort 3 files into folders, scored for completion alone",
    "the robot stacks 4 blocks; only the end result counts",
    "book 2 meetings; the agent gets no points until every meeting is booked",
    "deliver 3 crates to the dock once the truck leaves; the payoff arrives only at that point",
])
def test_reward_for_the_outcome_alone_is_sparse(directive):
    assert ({"reward_mode": "sparse"}, "honored") in _values(directive, "reward_mode")


def test_progress_rewards_stay_dense():
    assert _values("move 2 files into the archive, rewarded for progress", "reward_mode") == [
        ({"reward_mode": "dense"}, "honored")]


def test_only_then_without_a_reward_is_no_reward_mode():
    assert _values("stack 3 blocks, only then unstack them", "reward_mode") == []


# -- slipping and failing again and again are noise -----------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a sokoban level with icy floors where the agent pushes 2 boxes",
    "the gripper keeps jamming while it carries 3 balls to room b",
    "visit every cell of the grid; the moves are slippery",
])
def test_slipping_and_failing_again_are_noise(directive):
    assert ({"noise": True}, "honored") in _values(directive, "noise")


@pytest.mark.parametrize("directive", [
    "buy 2 slippery soap bars from the online shop",
    "the robot keeps the 3 crates on the shelf in the warehouse",
])
def test_slippery_things_and_keeping_are_no_noise(directive):
    assert _values(directive, "noise") == []


# -- quick as possible, a handful of steps: tight ---------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "cancel 2 meetings in the calendar, fast as you can",
    "the robot is given only a few moves to stack 3 blocks",
    "sort 4 files into folders within a handful of steps",
])
def test_haste_and_few_steps_given_are_tight(directive):
    assert ({"horizon_slack": "tight"}, "honored") in _values(directive, "time_pressure")


def test_a_task_that_has_a_few_steps_is_no_time_pressure():
    assert _values("each blocks task has a few steps, stack 3 blocks", "time_pressure") == []


def test_a_few_steps_to_spare_stays_loose():
    assert _values("stack 3 blocks with a few moves to spare", "time_pressure") == [
        ({"horizon_slack": "loose"}, "honored")]


# -- a world showing only part of it -----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the shop reveals just some of the product prices while the bot buys 2 mugs",
    "the warehouse shows the robot only part of the shelves; move 2 crates to the dock",
])
def test_showing_a_part_is_partial(directive):
    assert ({"partial": True}, "honored") in _values(directive, "observability")


def test_showing_everything_is_not_partial():
    assert ({"partial": True}, "honored") not in _values("the shop shows the full catalog; buy 2 mugs",
                                                         "observability")


# -- kept states in new forms are rules -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "delete 2 temp files while keeping the backups untouched",
    "remove 3 cache files; the backups are still in place",
    "purge 2 old logs, leaving every backup alone",
])
def test_kept_states_are_rules(directive):
    assert ({"constraints": ["protect_backups"]}, "honored") in _values(directive, "constraint")


def test_leaving_without_a_kept_state_is_no_rule():
    assert _values("after leaving the office, delete 2 temp files", "constraint") == []


# -- operations said as their end state --------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, tool", [
    ("done when 3 mugs are bought from the online shop", "checkout"),
    ("the order is complete once 2 lamps are paid for in the web store", "checkout"),
    ("success in the online shop: 2 lamps in the cart", "add_to_cart"),
    ("the warehouse goal is 3 crates on the shelf", "drop"),
    ("the blocks world is solved when the red block sits atop the green one", "stack"),
    ("the dungeon run ends with the hero holding 1 key in its hand", "pick_key"),
    ("success: 2 scripts made writable", "chmod_writable"),
    ("at the end 2 cache files are gone from the folder", "delete_file"),
])
def test_an_end_state_asks_for_its_operation(directive, tool):
    assert (tool, "honored") in _tools(directive)


def test_a_file_made_read_only_is_an_operation_the_world_lacks():
    assert ("chmod_writable", "honored") not in _tools("target: 1 config file made read-only")
    assert [s for _, s in _tools("target: 1 config file made read-only")] == ["unsupported"]


def test_a_passive_calendar_verb_reads_as_before():
    # (the loose unschedule until branch wcal: cancel_meeting since)
    assert ("cancel_meeting", "honored") in _tools("by friday 2 meetings are called off")


@pytest.mark.parametrize("directive, tool", [
    ("buy 2 mugs in the online shop", "add_to_cart"),  # bought in the shop, not put in the cart
    ("the files are sorted into 2 folders in the archive", "delete_file"),
])
def test_places_and_states_that_are_no_end_state(directive, tool):
    assert tool not in [t for t, _ in _tools(directive)]


def test_things_where_they_start_are_no_end_state():
    found = [c.text for c in _clauses("pick 2 items on the shelf and bring them to the dock in the warehouse",
                                      "operation")]
    assert "on the shelf" not in found
