"""Reader round 35: a keyword before "about", "regarding" or "concerning" heads its phrase (complaints about missing
packages are the help desk's), and failures said to come in some number are noise; taking a meeting off the calendar
is its (loose) unschedule; searching for, hunting for or finding the key is the dungeon's pick_key; ending a
subscription or membership is cancelling it; a preposition before a second act read as an operation ("after
confirming ...") only joins it; a robot named by a phrase of the household's trade names that world; a count of the
agents doing the work is no goal count. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read
from tests.reading_quiet import unread as _unread


def _operations(directive: str) -> list[tuple[str, str | None, str]]:
    return [(c.requirement["operation"], c.requirement.get("tool"), c.status)
            for c in _clauses(directive, "operation")]


def _noise(directive: str) -> list[tuple[bool, str]]:
    return [(c.requirement["noise"], c.status) for c in _clauses(directive, "noise")]


# -- complaints about something are the help desk's ---------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("reply to 3 complaints about damaged parcels", 3),
    ("handle 2 tickets regarding lost deliveries", 2),
    ("answer 4 complaints concerning late packages", 4),
])
def test_a_case_about_goods_is_support(directive, count):
    assert _domains(directive) == ["support"]
    assert _counts(directive)[0] == (count, "order", "honored")
    assert _operations(directive)[0][2] == "honored"


def test_goods_moved_in_the_warehouse_stay_the_warehouses():
    assert _domains("move 3 packages to the loading dock") == ["warehouse"]


# -- failures in some number are noise ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "refund 2 orders, with some tool failures",
    "schedule 3 meetings with a few api glitches",
    "pick 2 items in the warehouse; expect several tool timeouts",
])
def test_some_failures_are_noise(directive):
    assert (True, "honored") in _noise(directive)


def test_some_errors_as_an_object_ask_for_no_noise():
    assert (True, "honored") not in _noise("delete 2 files with some errors in the downloads folder")


# -- taking a meeting off the calendar --------------------------------------------------------------------------
@pytest.mark.parametrize("directive, verb", [
    ("remove 2 standups from the calendar", "remove"),
    ("the assistant deletes 1 retro from my diary", "delete"),
    ("drop 2 syncs from the team agenda, noisy", "drop"),
])
def test_removing_a_meeting_is_the_calendars_cancel_meeting(directive, verb):
    # (the loose unschedule until branch wcal, which made cancelling a meeting an operation of its own)
    assert _domains(directive) == ["calendar"]
    assert (verb, "cancel_meeting", "honored") in _operations(directive)


def test_dropping_boxes_stays_the_warehouses_drop():
    assert _domains(directive := "drop 3 boxes at the dock in the warehouse") == ["warehouse"]
    assert ("drop", "drop", "honored") in _operations(directive)


def test_deleting_files_still_counts_against_the_calendar():
    assert _domains("delete 3 old files from the downloads folder") == ["filesystem"]


# -- searching for the key ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a rogue hunts for 2 keys in the crypt and unlocks the door",
    "the hero looks for the key in the dungeon, then opens the gate",
    "an adventurer finds the key and unlocks 1 door in the dungeon",
])
def test_searching_for_the_key_is_picking_it_up(directive):
    assert _domains(directive) == ["dungeon"]
    tools = [(tool, status) for _, tool, status in _operations(directive)]
    assert ("pick_key", "honored") in tools and ("unlock", "honored") in tools


def test_finding_the_way_out_is_no_key():
    assert all(tool != "pick_key" for _, tool, _ in _operations("find the way out of the dungeon"))


# -- ending a membership -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("terminate 3 gym memberships", 3),
    ("discontinue 1 magazine subscription for a caller", 1),
    ("the help desk ends 2 subscriptions", 2),
])
def test_ending_a_membership_is_cancelling_it(directive, count):
    assert _domains(directive) == ["support"]
    assert any(tool == "cancel_order" and status == "honored" for _, tool, status in _operations(directive))
    assert _counts(directive)[0] == (count, "order", "honored")


def test_the_end_of_a_shift_is_no_cancelling():
    assert all(tool != "cancel_order" for _, tool, _ in _operations("refund 2 orders before the end of the shift"))


# -- a second act after a preposition ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "refund 2 orders after verifying the caller",
    "cancel 1 order after confirming who is calling",
])
def test_a_preposition_joining_a_second_act_is_read(directive):
    assert _unread(directive) == []
    assert [tool for _, tool, _ in _operations(directive)][-1] == "verify_identity"


def test_a_preposition_before_a_time_is_left_unread():
    assert "after lunch" in _unread("refund 2 orders after lunch")


# -- a household robot ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the household robot lays 3 towels on the shelf",
    "a cleaning robot props 2 umbrellas by the shelf",
])
def test_a_robot_named_by_housework_is_the_households(directive):
    assert _domains(directive) == ["rearrangement"]
    assert ("put", "honored") in [(tool, status) for _, tool, status in _operations(directive)]


def test_a_picking_robot_stays_in_the_warehouse():
    assert _domains("the picking robot moves 3 boxes to the shelf") == ["warehouse"]


# -- a count of the agents ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("3 robots pick 2 items in the warehouse", 2, "item"),
    ("two bots refund 4 orders", 4, "order"),
    ("a team of 3 agents schedules 2 meetings", 2, "meeting"),
])
def test_a_count_of_agents_is_no_goal_count(directive, count, kind):
    assert _counts(directive) == [(count, kind, "honored")]
    assert not [c for c in _read(directive).clauses if c.kind == "goal_count" and c.status == "unsupported"]


def test_a_count_of_goal_items_after_a_robot_is_still_read():
    assert _counts("the robot picks 3 items in the warehouse") == [(3, "item", "honored")]
