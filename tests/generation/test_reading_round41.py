"""Reader round 41 (domain choice, operations, time pressure): checking who a counted set of account holders are is
a help desk's identity check; goods a customer never received are an order the help desk looks up (and "never
received" tells what happened, no rule); a wheel or tyre said damaged ("deflated", "burst") names tireworld's flat
tire; turning to the help desk ("ask support for a refund") names it and opens a task of its own after "then";
requests named by an act's noun ("return requests") ask for that act; reordering blocks is stacking them; and the
moves left to spare are the time pressure ("few moves to spare": tight; "a few", "plenty": loose). Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read
from tests.reading_quiet import tools as _tools


def _tool_set(directive: str) -> set[tuple[str | None, str]]:
    return set(_tools(directive))


def _slack(directive: str) -> list[str]:
    return [c.requirement["horizon_slack"] for c in _clauses(directive, "time_pressure")]


# -- checking who counted account holders are ------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "verify who 3 account holders are before anything else",
    "check who the 2 subscribers are, then cancel their orders",
    "establish who both account holders are",
])
def test_checking_who_counted_holders_are_is_an_identity_check(directive):
    assert _domains(directive) == ["support"], _read(directive).table()
    assert ("verify_identity", "honored") in _tool_set(directive), _read(directive).table()


def test_confirming_a_meeting_stays_the_calendars():
    assert _domains("confirm 2 attendees for the standup") == ["calendar"]


# -- goods a customer never received ----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "help 2 customers whose orders never arrived",
    "a shopper who has not received 1 package yet needs help",
    "look after 1 caller who never got their delivery",
])
def test_goods_never_received_are_a_help_desk_lookup(directive):
    assert _domains(directive) == ["support"], _read(directive).table()
    assert ("lookup_order", "honored") in _tool_set(directive), _read(directive).table()
    assert not [c for c in _clauses(directive, "constraint") if c.status == "unsupported"], _read(directive).table()


def test_never_stays_a_rule_before_other_verbs():
    directive = "never delete the backups, remove 2 logs"
    assert [c.requirement for c in _clauses(directive, "constraint")] == [{"constraints": ["protect_backups"]}]
    assert _domains("a courier delivers 3 parcels to the depot") == ["transport"]


# -- a damaged wheel is a flat tire -----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the robot repairs 1 burst tyre",
    "a roadside bot mends the deflated wheel of a van",
    "a service robot replaces 2 blown tires on a truck",
])
def test_a_damaged_wheel_names_tireworld(directive):
    assert _domains(directive) == ["tireworld"], _read(directive).table()
    assert ("change_tire", "honored") in _tool_set(directive), _read(directive).table()


def test_a_wheel_alone_names_no_tireworld():
    assert _domains("a rover with 4 wheels visits every cell of the grid") == ["visitall"]


def test_many_damaged_wheels_say_the_world_has_one():
    # since branch wtire a count of flat tires counts change_tire calls; 3 is past the 2 a task reaches
    (count,) = _clauses("the robot fixes 3 punctured wheels", "goal_count")
    assert count.status == "approximated" and "change_tire at most 2 times" in count.note


# -- turning to the help desk -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "purchase 2 lamps, then contact customer service about a refund on them",
    "order 1 kettle and then ask the help desk for a refund",
    "buy 3 mugs, then email support about the delivery",
])
def test_asking_support_after_a_purchase_is_two_worlds(directive):
    assert _domains(directive) == ["support", "webshop"], _read(directive).table()
    assert ("checkout", "honored") in _tool_set(directive), _read(directive).table()


def test_a_lone_purchase_stays_the_shops():
    assert _domains("buy 2 lamps from the online store") == ["webshop"]


# -- requests named by an act's noun ----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, tool", [
    ("the help desk works through 2 return claims", "refund_order"),
    ("a service agent handles 4 returns requests", "refund_order"),
    ("the support team processes 3 cancellation tickets", "cancel_order"),
])
def test_requests_named_by_an_acts_noun_ask_for_it(directive, tool):
    assert (tool, "honored") in _tool_set(directive), _read(directive).table()


def test_urgent_requests_ask_for_no_act():
    assert ("refund_order", "honored") not in _tool_set("the help desk handles 2 urgent requests")


# -- reordering blocks ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "reorder 3 blocks so the red one is on top",
    "the arm reshuffles 5 blocks into one tower",
])
def test_reordering_blocks_is_stacking(directive):
    assert _domains(directive) == ["blocks"]
    assert ("stack", "honored") in _tool_set(directive), _read(directive).table()


def test_reordering_goods_stays_the_shops():
    assert ("stack", "honored") not in _tool_set("reorder 2 printer cartridges from the online store")


# -- moves to spare ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, slack", [
    ("sokoban with 2 boxes, barely any steps to spare", "tight"),
    ("hanoi with 3 discs, only a few moves to spare", "tight"),
    ("gripper, 4 balls, with a few moves to spare", "loose"),
    ("blocks world with 3 blocks and lots of steps to spare", "loose"),
])
def test_moves_to_spare_are_the_time_pressure(directive, slack):
    assert _slack(directive) == [slack], _read(directive).table()


def test_a_spare_tire_is_no_time_pressure():
    assert _slack("the robot changes 1 flat tire using the spare tire") == []
