"""Reader round 38: a count of a noun no type names counts a shop's products or a file system's files where that
world is chosen alone and nothing else is counted (their goal items are of an open kind: ``lexicon.OPEN_GOAL_TYPES``);
a task to be done before time runs out is under time pressure; refunding only those the rules allow is a refund
policy; only the nearby part of a world being visible is partial observability; feedback only when solved is a
sparse reward, and every move rewarded a dense one. Tested on phrasings that are in no benchmark set, with
negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts


def _first(directive: str, kind: str) -> tuple[dict, str] | None:
    found = _clauses(directive, kind)
    return (found[0].requirement, found[0].status) if found else None


# -- a count of goods or files of any name --------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("the shopper should check out with 3 garden gnomes", 3, "product"),
    ("Online store task. 2 yoga mats, hard.", 2, "product"),
    ("4 obsolete caches must be purged from the home folder", 4, "file"),
    ("wipe 2 leftover dumps from the folder", 2, "file"),
])
def test_open_goal_nouns_count_the_worlds_goal_items(directive, count, kind):
    assert _counts(directive)[0] == (count, kind, "honored")


@pytest.mark.parametrize("directive, count, kind", [
    ("buy 2 lamps rated 4 stars", 2, "product"),  # the stars grade the lamps: the lamps are counted
    ("delete 3 files from the downloads folder within 2 days", 3, "file"),  # a typed count wins, no unit counted
])
def test_open_goal_nouns_leave_typed_counts_alone(directive, count, kind):
    found = _counts(directive)
    assert found[0] == (count, kind, "honored") and all(k is None for _, k, _ in found[1:])


def test_open_goal_nouns_need_an_open_world():
    # tireworld's flat tire is a fact without arguments: no open kind (since branch wtire 2 of them count calls of
    # change_tire, tireworld's call_counts, not goals of an open kind)
    assert _counts("the robot must swap 2 punctured tyres")[0] == (2, None, "honored")


def test_open_goal_nouns_skip_units_and_people():
    assert (3, "product", "honored") not in _counts("buy something for 3 shoppers from the online shop")


# -- before time runs out is a tight horizon --------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "deliver 2 crates to the dock before the clock runs out",
    "rename 3 photos before running out of time",
    "stack 4 blocks before the timer expires",
])
def test_before_time_ends_is_tight(directive):
    assert _first(directive, "time_pressure") == ({"horizon_slack": "tight"}, "honored")


def test_time_ending_without_before_is_no_time_pressure():
    assert _first("rename 3 photos; the search tool sometimes times out", "time_pressure") is None


# -- refunding only those the rules allow ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "refund 2 orders, but only the ones that our policy permits",
    "close 3 tickets and refund whatever the refund policy allows",
])
def test_those_the_rules_allow_is_the_refund_policy(directive):
    assert _first(directive, "constraint") == ({"constraints": ["refund_policy"]}, "honored")


def test_those_customers_who_asked_is_no_rule():
    assert _first("refund only those customers who asked", "constraint") is None


# -- only what is near is visible -----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, status", [
    ("a warehouse robot moves 2 crates; only the adjacent shelves are shown", "honored"),
    # transport hides where packages wait (its sidecar's partial_observability block; unsupported before it)
    ("deliver 3 packages, only the current city is visible to the agent", "honored"),
])
def test_only_the_nearby_part_visible_is_partial(directive, status):
    assert _first(directive, "observability") == ({"partial": True}, status)


def test_nearby_without_only_is_no_observability():
    assert _first("a warehouse robot moves 2 crates to the nearby shelves", "observability") is None


# -- feedback only when solved is sparse; every move rewarded is dense ----------------------------------------------
@pytest.mark.parametrize("directive, mode", [
    ("stack 3 blocks, feedback only once the tower is built", "sparse"),
    ("deliver 2 crates; each action earns a reward", "dense"),
    ("a sokoban level with 2 boxes where every single step gets points", "dense"),
])
def test_feedback_and_rewarded_moves(directive, mode):
    assert _first(directive, "reward_mode") == ({"reward_mode": mode}, "honored")


def test_every_move_penalized_is_no_dense_reward():
    found = _first("every move is penalized in a hanoi puzzle with 3 discs", "reward_mode")
    assert found is None or found[0].get("reward_mode") != "dense"
