"""Reader round 32: checking who is on the line ("after confirming who is calling") is an identity check, a help
desk's act, and a subscription or membership is support's object, no meeting; a keyword before a pronoun for people
("do not schedule anyone more than once") is a verb, so it names its world; a second goal count with an operation of
its own ("rename 1 file and delete 2 files") is approximated, not unsupported; an amount spent with no limit word
("spent 30 dollars on 1 lamp") is said to be a price the world sets, not left unread; a word naming which place
("the music directory") is read with the place's noun. Tested on phrasings that are in no benchmark set, with
negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read
from tests.reading_quiet import tools as _tools
from tests.reading_quiet import unread as _unread


# -- checking who is on the line; what a customer subscribes to ------------------------------------------------------
@pytest.mark.parametrize("directive, tool", [
    ("cancel 2 memberships once you have checked who is on the phone", "cancel_order"),
    ("verify who the caller is and then refund 1 order", "refund_order"),
    ("cancel 1 subscription, but first confirm who they are, dense", "cancel_order"),
    ("establish who is ringing before you cancel 2 subscriptions", "cancel_order"),
])
def test_checking_who_is_calling_is_a_help_desks_identity_check(directive, tool):
    assert _domains(directive) == ["support"]
    tools = _tools(directive)
    assert ("verify_identity", "honored") in tools and (tool, "honored") in tools
    assert all(t is not None for t, _ in tools)  # no bare "check" or "confirm" left without a tool


def test_a_subscription_cancelled_is_supports_order():
    assert _domains("cancel 3 subscriptions") == ["support"]
    assert _counts("cancel 3 subscriptions") == [(3, "order", "honored")]


@pytest.mark.parametrize("directive", ["cancel 2 meetings", "please cancel 1 standup and 1 retro"])
def test_cancelling_meetings_stays_the_calendar(directive):
    assert _domains(directive) == ["calendar"]


@pytest.mark.parametrize("directive", ["confirm 2 attendees", "confirm that 3 guests will attend the offsite"])
def test_confirming_attendance_stays_the_calendar(directive):
    assert _domains(directive) == ["calendar"]
    assert ("confirm_attendance", "honored") in _tools(directive)


def test_a_subscription_bought_in_a_web_shop_is_a_product():
    directive = "buy 1 magazine subscription from the online store"
    assert _domains(directive) == ["webshop"]
    assert _counts(directive) == [(1, "product", "honored")]


# -- a keyword before a pronoun for people -------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "organise 2 demos and never schedule anybody twice",
    "line up 3 interviews; do not schedule everyone at once",
])
def test_a_keyword_before_a_pronoun_names_its_world(directive):
    assert _domains(directive) == ["calendar"]


def test_booking_nobody_twice_is_the_double_booking_rule():
    directive = "plan 2 retros and do not schedule anyone more than once"
    assert [c.requirement.get("constraints") for c in _clauses(directive, "constraint")] == [["no_double_booking"]]


# -- a second goal count with an operation of its own --------------------------------------------------------------
@pytest.mark.parametrize("directive, first, second, tool", [
    ("copy 2 files and remove 3 files", 2, 3, "delete_file"),
    ("move 1 document to the shared folder, then delete 4 documents", 1, 4, "delete_file"),
])
def test_a_second_count_of_another_operation_is_approximated(directive, first, second, tool):
    (one, two) = _clauses(directive, "goal_count")
    assert (one.requirement["goal_count"], one.status) == (first, "honored")
    assert (two.requirement["goal_count"], two.status) == (second, "approximated")
    assert tool in two.note


def test_a_second_count_of_another_kind_stays_unsupported():
    directive = "schedule 2 meetings with 4 attendees"
    assert [status for _, _, status in _counts(directive)] == ["honored", "unsupported"]


# -- an amount spent with no limit word -----------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["spent 45 euros on 2 kettles", "spend $12 on 3 notebooks at the web store"])
def test_an_amount_spent_without_a_limit_is_said_to_be_a_price(directive):
    (amount,) = _clauses(directive, "constraint")
    assert amount.status == "unsupported" and "price" in amount.note
    assert ("checkout", "honored") in _tools(directive)
    assert not _unread(directive)


def test_an_amount_spent_with_a_limit_stays_the_budget_rule():
    directive = "spend no more than 45 euros on 2 kettles"
    assert [c.requirement.get("constraints") for c in _clauses(directive, "constraint")] == [["within_budget"]]


# -- a word naming which place ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, word", [
    ("copy 2 files into the travel folder", "travel"),
    ("move 3 reports to the tax directory", "tax"),
    ("delete 1 file from the old podcast folder", "podcast"),
])
def test_a_word_naming_which_folder_is_part_of_its_name(directive, word):
    assert _domains(directive) == ["filesystem"]
    assert word not in " ".join(_unread(directive))
    assert word in read(directive).filler


def test_the_archive_as_a_warehouse_place_stays_the_warehouse():
    assert _domains("carry 3 crates to the archive") == ["warehouse"]
