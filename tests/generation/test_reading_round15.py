"""Reader round 15 (#14): a single indefinite object as a count of 1, shopping verbs, counts spread over others
("a one-on-one with each of 2 new hires"), a policy kept in the passive or as an attribute, and two meetings named
after a scheduling verb, tested on phrasings that are in no benchmark set, with negative cases."""

from __future__ import annotations

import time

import pytest

from gensim_gym.generation.counts import counted_phrases
from gensim_gym.generation.operations import MEETINGS_LISTED
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import read as _read


def _count(directive: str) -> int | None:
    counts = [c for c in _clauses(directive, "goal_count") if c.status == "honored"]
    return counts[0].requirement["goal_count"] if counts else None


# -- a single indefinite object ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "kind"), [
    ("purchase a cordless drill from the web shop", "product"),
    ("a bot that trashes an old screenshot file in the downloads folder", "file"),
    ("schedule a debrief with the auditors", "meeting"),
    ("cancel a duplicate order for the caller", "order"),
    ("helpdesk: refund one late order, dense reward", "order"),
])
def test_a_single_indefinite_object_of_an_operation_is_a_count_of_one(directive, kind):
    counts = _clauses(directive, "goal_count")
    assert [(c.requirement["goal_count"], c.requirement["type"]) for c in counts][:1] == [(1, kind)]


@pytest.mark.parametrize(("directive", "count"), [
    ("a knight opens 3 chests in the dungeon", 3),  # the subject "a knight" is not counted: the numeral is
    ("a delivery van brings 2 parcels to the airport", 2),
    ("an assistant that buys 3 candles online", 3),  # the subject "an assistant" is not counted
    ("a robot with a gripper carries 4 balls to room b", 4),  # "with a gripper" is no verb's object
])
def test_subjects_and_other_roles_are_not_counted(directive, count):
    assert _count(directive) == count


def test_no_count_of_a_unit_or_of_a_subject_alone() -> None:
    assert counted_phrases("wait a minute", ["webshop"]) == []
    assert counted_phrases("a shopper browses the store", ["webshop"]) == []


# -- shopping as a verb -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "tool"), [
    ("shop online for 3 scarves at the web store, sparse reward", "checkout"),
    ("stock up on 2 rain jackets in the e-shop", "checkout"),
    ("pack 3 socks into the shopping cart", "add_to_cart"),
])
def test_verbs_of_acquiring_in_a_shop(directive, tool):
    reading = _read(directive)
    assert reading.knobs.domains == ("webshop",)
    ops = [(c.requirement.get("tool"), c.status) for c in reading.clauses if c.kind == "operation"]
    assert (tool, "honored") in ops


def test_shop_as_a_noun_asks_for_nothing() -> None:
    ops = [c.requirement.get("tool") for c in _clauses("buy 2 kettles in the web shop", "operation")]
    assert ops == ["checkout"]  # "web shop" and "shopping" are no verbs


def test_pack_stays_compression_in_the_file_system() -> None:
    ops = [c.requirement.get("tool") for c in _clauses("pack 2 logs in the downloads folder into a zip", "operation")]
    assert "add_to_cart" not in ops


# -- counts spread over others ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "count"), [
    ("set up a sync with each of 3 investors", 3),
    ("buy a souvenir for each of the 2 interns on the online store", 2),
    ("book one planning session per squad for 3 squads", 3),
])
def test_a_count_spread_over_others_counts_the_things(directive, count):
    assert _count(directive) == count
    assert _clauses(directive, "constraint") == []  # no "one per" invariant


def test_one_per_slot_without_a_count_stays_a_rule() -> None:
    rules = _clauses("schedule 2 meetings, only one meeting per room", "constraint")
    assert [c.requirement.get("constraints") for c in rules] == [["one_meeting_per_room"]]
    assert _count("schedule 2 meetings, only one meeting per room") == 2


# -- a policy kept ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "refund 2 orders; the policy has to be followed",
    "cancel 1 order, policy-abiding refunds only",
    "refund 3 late orders as per house rules",
])
def test_policy_wording_is_the_refund_policy(directive):
    rules = _clauses(directive, "constraint")
    assert [(c.requirement.get("constraints"), c.status) for c in rules] == [(["refund_policy"], "honored")]


def test_a_policy_as_the_learner_is_no_rule() -> None:
    assert _clauses("refund 2 orders, train the policy with ppo", "constraint") == []


# -- two meetings named after a scheduling verb -----------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "arrange a quarterly review and a team dinner",
    "line up a vendor call and a budget workshop on thursday",
    "find a slot for a walkthrough and a webinar",
])
def test_two_meetings_after_a_scheduling_verb_are_two(directive):
    reading = _read(directive)
    assert reading.knobs.domains == ("calendar",)
    assert _count(directive) == 2


@pytest.mark.parametrize("text", [
    "plan a route and a detour",  # nothing that happens at a time
    "a review and a demo",  # no verb of scheduling
])
def test_no_meetings_listed(text):
    assert MEETINGS_LISTED.search(text) is None


def test_reroute_is_one_operation() -> None:
    ops = _clauses("reroute 2 crates through the hub city by truck", "operation")
    assert [c.status for c in ops] == ["honored"]


def test_round15_counts_are_read_in_bounded_time() -> None:
    text = ("buy " + "a lamp for each of " * 100 + "2 friends")[:2000]  # the longest directive read_directive accepts
    start = time.process_time()  # CPU time: wall clock measures the machine's load
    counted_phrases(text, ["webshop"])
    MEETINGS_LISTED.search("plan " + "a lunch and " * 180 + "x")
    assert time.process_time() - start < 0.5
