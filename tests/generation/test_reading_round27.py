"""Reader round 27: a shop named by its trade and where it is visited online ("the grocery website") is the webshop;
a world's name that another world shares, modifying a building ("the depot hall"), weighs as a keyword, so the work's
own evidence ("totes", "the picking station") decides; changing a file's permissions asks for the world's one
permission tool, and a near state ("executable") gets it approximated; getting out of a dungeon is its move and
passing locked doors unlocks them; a place of a world's own listed after any verb ("handle the customer service desk
and the online store") composes its world. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains


def _operations(directive: str) -> list[tuple[str | None, str]]:
    return [(c.requirement.get("tool"), c.status) for c in _clauses(directive, "operation")]


# -- a kind of retailer + website / site / app / web store --------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "pick up 2 jars of honey from the grocery website, sparse",
    "pick 2 shirts from the clothing site, dense",
    "get 3 chargers from the electronics website, hard",
    "get 1 box of plasters from the pharmacy app",
    "fetch 2 dog leads from the pet website",
])
def test_a_shop_named_by_its_trade_online_is_the_webshop(directive):
    assert _domains(directive) == ["webshop"]


@pytest.mark.parametrize("directive, domains", [
    ("book 2 rooms on the hotel website", ["calendar"]),
    ("buy 2 lamps from the web shop", ["webshop"]),
    ("copy 2 reports to the shared drive", ["filesystem"]),
])
def test_other_websites_and_places_stay(directive, domains):
    assert _domains(directive) == domains


# -- "depot" as a place modifier against a warehouse's work ---------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "carry 4 totes to the packing station in the depot hall, dense",
    "bring 2 cartons to the loading bay on the depot floor",
    "move 3 bins from aisle 2 to the staging area of the depot building",
])
def test_warehouse_work_in_a_depot_building_is_the_warehouse(directive):
    assert _domains(directive) == ["warehouse"]


@pytest.mark.parametrize("directive", [
    "the depot domain, 3 crates",
    "load crates onto trucks at depots with hoists",
    "stack 2 crates on pallets with hoists in the depot yard",
    "depots and distributors, 2 crates, easy",
    "drive 2 trucks at the depot",
])
def test_a_depot_named_or_with_its_hoists_stays_depot(directive):
    assert _domains(directive) == ["depot"]


# -- permissions -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "fix the permissions on 3 reports, easy",
    "adjust the access rights of 2 reports",
    "loosen the permissions on 2 configs, sparse",
    "update the file permissions of 2 documents",
])
def test_changing_permissions_asks_for_chmod(directive):
    assert ("chmod_writable", "honored") in _operations(directive)


@pytest.mark.parametrize("directive", [
    "make 2 scripts executable, dense",
    "set the permissions of 2 files so that they are runnable",
])
def test_a_near_permission_is_approximated_by_chmod(directive):
    ops = _operations(directive)
    assert ("chmod_writable", "approximated") in ops
    assert all(status != "unsupported" for _, status in ops)


def test_writable_stays_honored_and_read_only_unsupported():
    assert _operations("make 1 file writable") == [("chmod_writable", "honored")]
    assert [s for _, s in _operations("make 1 file read-only")] == ["unsupported"]


# -- escaping a dungeon through locked doors -------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("get out of the labyrinth past 2 locked gates, hard", 2),
    ("a hero flees the dungeon via a locked door", 1),
    ("break out of the dungeon through 2 locked doors, sparse", 2),
])
def test_escaping_through_locked_doors_unlocks_them(directive, count):
    ops = _operations(directive)
    assert ("move", "honored") in ops and ("unlock", "honored") in ops
    (goal,) = _clauses(directive, "goal_count")
    assert goal.status == "honored" and goal.requirement == {"goal_count": count, "type": "cell"}


def test_walking_through_a_dungeon_unlocks_nothing():
    assert ("unlock", "honored") not in _operations("walk through the dungeon to the exit")


# -- a place of a world's own listed after a verb ----------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "staff the customer service desk and the web store, noisy",
    "run the call centre and the online shop, 3 tools",
    "handle the help desk and the online store",
])
def test_places_listed_after_a_verb_compose(directive):
    assert _domains(directive) == ["support", "webshop"]


@pytest.mark.parametrize("directive, domains", [
    ("refund 1 customer at the help desk", ["support"]),
    ("grab 2 kitchen towels from the online store, dense reward", ["webshop"]),
])
def test_one_place_stays_one_world(directive, domains):
    assert _domains(directive) == domains
