"""Reader round 22: a carrier's noun used as the verb of carrying ("truck 3 packages": taken somewhere and set down,
while "onto the truck" stays the carrier), the cases a support queue works through ("billing disputes", "claims in
the queue"), a
robot named by its housework ("a cleaning robot"), a directory a negated rule names ("never the config directory":
the world's protected directory stands in for it) and a customer counted by their account ("1 account"); tested
on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains


def _tools(directive: str) -> set:
    return {c.requirement.get("tool") for c in _clauses(directive, "operation")}


# -- a carrier's noun as the verb of carrying ------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [("truck 4 parcels from the depot town to the airport, dense", 4),
                                              ("the courier trucks 2 packages to city c", 2),
                                              ("airlift 3 parcels to the airport, sparse", 3)])
def test_a_carriers_noun_as_a_verb_carries(directive, count):
    assert _domains(directive) == ["transport"]
    operations = _clauses(directive, "operation")
    assert operations and all(c.status == "honored" for c in operations)
    assert _tools(directive) == {"unload*"}
    goal = _clauses(directive, "goal_count")[0]
    assert goal.status == "honored" and goal.requirement == {"goal_count": count, "type": "package"}


@pytest.mark.parametrize("directive, tools", [
    ("load 2 packages onto the truck and drive to city b", {"load*", "drive_truck"}),  # "the truck": the carrier
    ("move the truck to city c with 2 packages", {"drive_truck"}),
    ("board the ferry with 2 cars", {"board"}),
])
def test_a_carriers_noun_after_a_determiner_is_the_carrier(directive, tools):
    assert _tools(directive) == tools


# -- the cases a support queue works through --------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [("settle 4 billing disputes, hard", 4),
                                              ("resolve 2 disputes in the queue, dense", 2),
                                              ("clear 3 claims from the queue", 3)])
def test_disputes_and_claims_in_a_queue_are_support_work(directive, count):
    assert _domains(directive) == ["support"]
    assert all(c.status == "honored" for c in _clauses(directive, "operation"))
    goal = _clauses(directive, "goal_count")[0]
    assert goal.status == "honored" and goal.requirement == {"goal_count": count, "type": "order"}


def test_a_queue_of_passengers_stays_the_elevators():
    assert _domains("a queue of 4 passengers waits for the lift") == ["elevator"]


# -- a robot named by its housework ----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [("a cleaning robot stows 2 mugs in the cupboard, noisy", 2),
                                              ("the robot vacuum puts 4 socks back in the drawer", 4),
                                              ("a domestic robot tidies 3 books, sparse", 3)])
def test_a_housework_robot_is_the_households(directive, count):
    assert _domains(directive) == ["rearrangement"]
    goal = _clauses(directive, "goal_count")[0]
    assert goal.status == "honored" and goal.requirement == {"goal_count": count, "type": "thing"}


def test_a_bare_robot_keeps_the_warehouse():
    assert _domains("a robot moves 3 items to the dock") == ["warehouse"]


# -- a directory a negated rule names ---------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, place", [("purge 3 temp files but never the downloads folder, sparse",
                                               "downloads folder"),
                                              ("delete 2 old logs, never touch the home directory", "home directory"),
                                              ("clean up 4 drafts but never anything in /etc", "/etc")])
def test_a_negated_directory_is_a_protected_place(directive, place):
    rule = _clauses(directive, "constraint")[0]
    # the world protects one directory of its own: it stands in for the one named, so approximated
    assert rule.status == "approximated" and rule.requirement == {"constraints": ["protect_backups"]}
    assert f"the world has no '{place}'" in rule.note
    assert _tools(directive) == {"delete_file"}


def test_the_worlds_own_protected_directory_is_honored():
    rule = _clauses("delete 2 logs but never the backup folder", "constraint")[0]
    assert rule.status == "honored" and rule.requirement == {"constraints": ["protect_backups"]}


def test_a_negated_thing_that_is_no_directory_is_no_place():
    rule = _clauses("delete 3 files, never the oldest ones", "constraint")[0]
    assert rule.status == "unsupported"


# -- a customer counted by their account ------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [("update the billing address on 3 accounts, hard", 3),
                                              ("fix the address for 2 subscribers", 2)])
def test_accounts_count_customers(directive, count):
    assert _domains(directive) == ["support"]
    goal = _clauses(directive, "goal_count")[0]
    assert goal.status == "honored" and goal.requirement == {"goal_count": count, "type": "customer"}


def test_orders_counted_first_keep_the_goal_count():
    goals = _clauses("refund 2 orders on 1 account", "goal_count")
    assert goals[0].status == "honored" and goals[0].requirement == {"goal_count": 2, "type": "order"}
    assert goals[1].status == "unsupported"  # a task has one goal count
