"""Reader round 23: worlds named only by words that are weak alone (a store's website, a service agent, a robot
putting cups into a cabinet), "the store" as a shop where "store" is a warehouse verb too, seeing or listing only
some of a kind as partial observability, and goal counts of nouns that are no type (a download is a file, an
order in a warehouse an item); tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains


def _tools(directive: str) -> set:
    return {c.requirement.get("tool") for c in _clauses(directive, "operation")}


def _goal(directive: str) -> dict:
    goal = _clauses(directive, "goal_count")[0]
    assert goal.status == "honored"
    return goal.requirement


# -- worlds named by words weak alone --------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [("buy 2 lamps on the shop website, sparse", 2),
                                              ("order 3 chargers through the store app", 3)])
def test_a_stores_website_is_the_shop(directive, count):
    assert _domains(directive) == ["webshop"]
    assert _tools(directive) == {"checkout"}
    assert _goal(directive) == {"goal_count": count, "type": "product"}


@pytest.mark.parametrize("directive", ["the service rep handles 2 tickets, dense",
                                       "a customer service agent closes 4 tickets"])
def test_a_service_agent_is_supports(directive):
    assert _domains(directive) == ["support"]


@pytest.mark.parametrize("directive, count", [("a robot stacks 3 plates in the cupboard, noisy", 3),
                                              ("the robot places 2 bowls into the cabinet", 2),
                                              ("put 4 pillows in the wardrobe, sparse", 4)])
def test_household_things_and_furniture_are_the_households(directive, count):
    assert _domains(directive) == ["rearrangement"]
    assert _goal(directive) == {"goal_count": count, "type": "thing"}


def test_a_robot_with_crates_stays_the_warehouses():
    assert _domains("a robot puts 3 crates on the shelf") == ["warehouse"]


# -- "the store" is a shop --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["the warehouse and the store, 6 tools", "a store plus a warehouse, dense"])
def test_the_store_listed_with_a_world_is_the_shop(directive):
    assert _domains(directive) == ["warehouse", "webshop"]
    assert "drop" not in _tools(directive)


@pytest.mark.parametrize("directive", ["store 4 crates in the warehouse", "the robot should store 2 boxes on bay 3"])
def test_store_as_a_verb_stays_the_warehouses_storing(directive):
    assert _domains(directive) == ["warehouse"]
    assert "drop" in _tools(directive)


# -- seeing or listing only some of a kind ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["pick 2 items, the robot sees only a few aisles",
                                       "book 1 meeting, the assistant views just some rooms",
                                       "move 3 files to the archive folder, only a few folders are listed"])
def test_seeing_only_some_is_partial_observability(directive):
    seen = _clauses(directive, "observability")
    assert seen and seen[0].status == "honored" and seen[0].requirement == {"partial": True}


def test_listing_files_stays_an_operation():
    assert _tools("list 3 files in the downloads folder") == {"list_dir"}
    assert not _clauses("list 3 files in the downloads folder", "observability")


# -- goal counts of nouns that are no type ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [("sort 3 photos into subfolders, dense", 3),
                                              ("move 2 attachments to the archive folder", 2)])
def test_files_by_what_they_hold_are_files(directive, count):
    assert _domains(directive) == ["filesystem"]
    assert _tools(directive) == {"move_file"}
    assert _goal(directive) == {"goal_count": count, "type": "file"}


def test_an_order_in_a_warehouse_is_an_item():
    assert _goal("pick 2 orders in the stockroom and ship them") == {"goal_count": 2, "type": "item"}


def test_an_order_in_support_stays_an_order():
    assert _goal("refund 2 orders for the customers") == {"goal_count": 2, "type": "order"}
