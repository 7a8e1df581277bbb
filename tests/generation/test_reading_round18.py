"""Reader round 18 (#14): a part of the world said to be seen by a quantifier or an owner ("only some rooms are
shown", "only the organizer's calendar is visible"), a clash said of the counted things ("reschedule 2 meetings
that clash"), the same booking made twice, moving a meeting to a time, a number inside a name ("my 1:1") and a
general agent named by its trade ("a tidy-up robot"); tested on phrasings that are in no benchmark set, with
negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read


def _observability(directive: str) -> dict:
    seen = _clauses(directive, "observability")
    assert len(seen) == 1, seen
    return {"status": seen[0].status, **seen[0].requirement}


# -- a part seen by quantifier or owner ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "pick 3 orders, just a few shelves are shown",
    "sort 2 tickets, only the customers' names are known",
    "book 2 meetings, only my own calendar is visible",
    "rename 2 files, only certain folders are observable",
])
def test_a_part_seen_by_quantifier_or_owner_is_partial(directive):
    assert _observability(directive) == {"status": "honored", "partial": True}


@pytest.mark.parametrize("directive", ["pick 3 orders, all shelves are visible",
                                       "pick 3 orders, the whole warehouse is visible"])
def test_the_whole_seen_is_not_partial(directive):
    assert _observability(directive).get("partial") is not True


# -- a clash said of the counted things; the same booking made twice ----------------------------------------------
@pytest.mark.parametrize("directive", ["move 3 meetings which overlap", "postpone 2 meetings that collide"])
def test_a_clash_of_the_counted_things_leaves_the_task(directive):
    reading = _read(directive)
    kinds = {c.kind for c in reading.clauses}
    assert {"operation", "goal_count", "constraint"} <= kinds
    rule = _clauses(directive, "constraint")[0]
    assert rule.requirement == {"constraints": ["no_double_booking"]}
    assert rule.text.split()[0] in {"that", "which"}


def test_a_clash_rule_without_a_count_keeps_its_part():
    rule = _clauses("book 2 meetings, no two in the same slot", "constraint")[0]
    assert rule.text == "no two in the same slot"


@pytest.mark.parametrize("directive", ["schedule 3 meetings, no one scheduled twice",
                                       "schedule 3 meetings, no attendee is booked more than once"])
def test_booked_twice_is_double_booking(directive):
    rule = _clauses(directive, "constraint")[0]
    assert rule.status == "honored" and rule.requirement == {"constraints": ["no_double_booking"]}


def test_twice_alone_is_no_rule():
    assert not _clauses("schedule 2 meetings, call Sam twice", "constraint")


# -- moving a meeting to a time; a number inside a name -----------------------------------------------------------
@pytest.mark.parametrize("directive", ["shift our standup to tomorrow", "push the retro to Friday",
                                       "move my one-on-one with Dana to next week"])
def test_moving_a_meeting_reschedules(directive):
    assert _domains(directive) == ["calendar"]
    assert {c.requirement["tool"] for c in _clauses(directive, "operation")} == {"schedule"}


@pytest.mark.parametrize(("directive", "domains"), [("move 3 boxes to the dock", ["warehouse"]),
                                                    ("move 2 files to the archive folder", ["filesystem"]),
                                                    ("deliver 3 parcels by tomorrow", ["warehouse"])])
def test_moving_other_things_stays_in_their_world(directive, domains):
    assert _domains(directive) == domains


@pytest.mark.parametrize("directive", ["move my one-on-one with Dana to next week",
                                       "push my 1:1 with Lee to Friday"])
def test_a_number_inside_a_name_is_no_count(directive):
    assert not _clauses(directive, "goal_count")


def test_a_count_of_named_meetings_still_counts():
    count = _clauses("book 2 one-on-ones", "goal_count")[0]
    assert count.requirement == {"goal_count": 2, "type": "meeting"}


# -- a general agent named by its trade ---------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "domains"), [
    ("a tidying robot puts 3 cups on the shelf", ["rearrangement"]),
    ("a household bot puts 2 books on the shelf", ["rearrangement"]),
    ("a warehouse robot moves 3 mugs to the dock", ["warehouse"]),
])
def test_an_agent_named_by_its_trade_names_the_world(directive, domains):
    assert _domains(directive) == domains


def test_an_agent_without_a_trade_names_no_world():
    assert _domains("a robot puts 2 mugs on the shelf") == ["warehouse"]


def test_a_list_keeps_a_numbered_name_whole():
    count = _clauses("squeeze a 1:1 with my boss and a dentist appointment into friday", "goal_count")[0]
    assert count.requirement == {"goal_count": 2, "type": "meeting"}
