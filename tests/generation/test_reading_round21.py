"""Reader round 21: the places files are kept and copied to naming the file system ("copy 2 invoices to the shared
drive": whatever documents, a drive or share is a file task's place, and "drive" there is no act of driving), worlds
listed side by side by a keyword of their own ("the shop and the calendar"), and a count a fixed world cannot hold
said with how its noun was read ("3 crates" in sokoban are its boxes); tested on phrasings that are in no benchmark
set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains


# -- a storage place names the file system ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [("duplicate 3 contracts onto the network drive, sparse", 3),
                                              ("back up 4 payslips to a usb stick", 4),
                                              ("copy 2 quotes to the team drive and leave the originals alone", 2),
                                              ("clone 5 statements onto a memory card, dense", 5)])
def test_copying_to_a_storage_place_is_a_file_task(directive, count):
    assert _domains(directive) == ["filesystem"]
    operations = _clauses(directive, "operation")
    assert {c.requirement["tool"] for c in operations} == {"copy_file"}  # "drive" is the place, no move
    assert all(c.status == "honored" for c in operations)
    goal = _clauses(directive, "goal_count")[0]
    assert goal.status == "honored" and goal.requirement == {"goal_count": count, "type": "file"}
    # keeping the originals is what copying is: no rule is added (at most a clause saying every task keeps it)
    assert all(c.status == "honored" and "constraints" not in c.requirement for c in _clauses(directive, "constraint"))


@pytest.mark.parametrize("directive, domain, tool", [
    ("refund 3 invoices for an angry caller", "support", "refund_order"),  # an invoice task in support stays there
    ("drive 2 packages to the airport by truck", "transport", None),  # driving with no storage place is no file task
])
def test_documents_and_driving_without_a_storage_place_keep_their_world(directive, domain, tool):
    assert _domains(directive) == [domain]
    if tool is not None:
        assert tool in {c.requirement.get("tool") for c in _clauses(directive, "operation")}


# -- worlds listed side by side ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, domains", [("the helpdesk and the warehouse, sparse", ["support", "warehouse"]),
                                                ("the calendar and the online store, noisy", ["calendar", "webshop"]),
                                                ("my storefront and my calendar, hard", ["calendar", "webshop"])])
def test_worlds_listed_by_a_keyword_of_their_own_compose(directive, domains):
    assert _domains(directive) == domains


@pytest.mark.parametrize("directive, domains", [
    ("shop for 2 mugs and note it in the calendar", ["calendar"]),  # "shop" is a verb here, not an item of a list
    ("schedule 2 meetings in the calendar, easy", ["calendar"]),
    ("buy 2 lamps from the shop, dense", ["webshop"]),
])
def test_a_keyword_in_another_phrase_is_no_listed_world(directive, domains):
    assert _domains(directive) == domains


# -- a capped count says how its noun was read ------------------------------------------------------------------------
def test_a_capped_count_of_another_noun_says_how_it_was_read():
    goal = _clauses("in sokoban, shove 4 crates onto the goal squares", "goal_count")[0]
    assert goal.status == "approximated" and goal.requirement == {"goal_count": 4, "type": "box"}
    assert "at most 3 goal conditions (" in goal.note and "'crates' are read as its objects of type box" in goal.note
    assert "declares at most 3 objects of type box" in goal.note


def test_a_capped_count_of_the_types_own_noun_adds_nothing():
    goal = _clauses("sokoban level: shove 5 boxes to the goal cells", "goal_count")[0]
    assert goal.status == "approximated" and "read as" not in goal.note


def test_leaving_originals_alone_beside_a_deletion_stays_a_rule():
    rules = _clauses("purge 2 stale logs and leave the originals alone", "constraint")
    assert rules and all("constraints" in c.requirement for c in rules)  # deleting could touch them: a rule
