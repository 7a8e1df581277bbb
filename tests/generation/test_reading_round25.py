"""Reader round 25: a task of a sequence opening with a verb only one world does names that world ("book a room and
buy 2 markers": calendar+webshop), as does scheduling a kind of meeting ("and then set up a standup"); cooking verbs
are acts no world offers; words inside another world's act are its object ("order 3 phone cases online": no support
cases); packing orders is the warehouse's; a rule ends before "for N ..."; a move cannot keep its original. Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.errors import DirectiveError
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read


def _tools(directive: str) -> set:
    return {c.requirement.get("tool") for c in _clauses(directive, "operation")}


def _counts(directive: str) -> list[int]:
    return [c.requirement["goal_count"] for c in _clauses(directive, "goal_count") if c.status == "honored"]


# -- tasks in sequence, each naming its world by a verb of its own --------------------------------------------------
@pytest.mark.parametrize("directive, domains", [
    ("reserve a meeting room and purchase 3 notebooks, dense", ["calendar", "webshop"]),
    ("schedule three meetings and buy a kettle", ["calendar", "webshop"]),
    ("refund 2 orders and then delete the old logs", ["filesystem", "support"]),
    ("refund an order and then set up a standup", ["calendar", "support"]),
    ("copy 2 files and then plan 2 client calls", ["calendar", "filesystem"]),
])
def test_a_task_opened_by_a_verb_only_one_world_does_composes(directive, domains):
    assert _domains(directive) == domains


def test_the_second_tasks_count_is_read_in_its_own_world():
    directive = "reserve a meeting room and purchase 3 notebooks, dense"
    assert _tools(directive) >= {"checkout"}
    assert 3 in _counts(directive)


@pytest.mark.parametrize("directive", ["schedule two meetings and grab a coffee",
                                       "schedule two meetings and move them to friday"])
def test_a_verb_many_worlds_do_adds_no_world(directive):
    assert _domains(directive) == ["calendar"]


# -- cooking ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["fry 2 eggs in a kitchen", "grill 3 steaks in the messy apartment",
                                       "boil some pasta in a virtual kitchen, sparse"])
def test_cooking_in_a_weak_scene_names_no_world(directive):
    with pytest.raises(DirectiveError) as caught:
        read(directive)
    assert getattr(caught.value, "unknown_domain", False)


def test_a_grill_bought_online_is_still_goods():
    assert _domains("buy a grill online") == ["webshop"]


# -- another world's act holds its object -------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["order 3 phone cases online", "order 2 pencil cases online, sparse"])
def test_an_online_purchase_object_is_no_support_case(directive):
    assert _domains(directive) == ["webshop"]
    assert _tools(directive) == {"checkout"}


# -- packing orders -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [("pack 1 order", 1), ("pack 2 customer orders for shipping, dense", 2),
                                              ("pick and pack 3 orders, sparse", 3)])
def test_packing_orders_is_the_warehouses(directive, count):
    assert _domains(directive) == ["warehouse"]
    assert "drop" in _tools(directive)
    assert _counts(directive) == [count]


def test_packing_a_shopping_basket_stays_the_shops():
    assert _domains("pack 2 mugs into the shopping basket") == ["webshop"]
    assert _tools("pack 2 mugs into the shopping basket") == {"add_to_cart"}


# -- rules and what they are for ----------------------------------------------------------------------------------
def test_a_rule_ends_before_those_the_task_is_done_for():
    directive = "handle refunds within the return policy for 3 shoppers"
    assert _counts(directive) == [3]
    assert _clauses(directive, "constraint")[0].text == "within the return policy"


def test_a_move_cannot_keep_its_original():
    (kept,) = _clauses("relocate 3 reports to the archive folder while keeping the source files", "constraint")
    assert kept.status == "unsupported"
    assert "copy_file" in kept.note

