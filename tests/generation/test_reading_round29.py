"""Reader round 29: ordering a count of goods no other world has is buying them in the shop (an order as a noun stays
support's or a warehouse's); a world's listing hidden ("a hidden catalog") and a part said seen without its verb ("only
part of the account visible") are partial observability; an act after "before", "after", "without" ... with its object
("before resetting their passwords") is read as an operation. Tested on phrasings that are in no benchmark set, with
negatives."""

from __future__ import annotations

import pytest

from gensim_gym.errors import DirectiveError
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains


def _operations(directive: str) -> list[tuple[str, str]]:
    return [(c.requirement["operation"], c.status) for c in _clauses(directive, "operation")]


def _goal(directive: str) -> tuple[dict, str]:
    (goal,) = _clauses(directive, "goal_count")
    return goal.requirement, goal.status


def _partial(directive: str) -> list[tuple[object, str]]:
    return [(c.requirement.get("partial"), c.status) for c in _clauses(directive, "observability")]


# -- ordering counted goods is buying them ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("order 2 toasters, sparse", 2),
    ("please order 3 desk lamps", 3),
    ("then order two espresso machines", 2),
    ("order 1 blender and hurry", 1),
])
def test_ordering_counted_goods_is_the_shops(directive, count):
    assert _domains(directive) == ["webshop"]
    assert _goal(directive) == ({"goal_count": count, "type": "product"}, "honored")
    assert [status for _, status in _operations(directive)] == ["honored"]


@pytest.mark.parametrize("directive, domain", [
    ("refund 1 order", "support"),
    ("order 2 tickets", "support"),
])
def test_an_order_or_another_worlds_goods_stay_where_they_were(directive, domain):
    assert _domains(directive) == [domain]


@pytest.mark.parametrize("directive", ["order 3 pallets", "pick 3 orders", "order 1 hotel room"])
def test_ordering_another_worlds_things_names_no_shop(directive):
    with pytest.raises(DirectiveError):
        _clauses(directive, "domain")


# -- a world's listing hidden ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "order 1 blender, with a concealed catalogue",
    "buy 2 mugs with a secret product listing",
    "order 2 toasters, the catalog stays hidden",
    "buy 1 lamp, hide the price list from the agent",
])
def test_a_hidden_listing_is_partial_observability(directive):
    assert _partial(directive) == [(True, "honored")]


def test_an_online_catalog_is_no_hiding():
    assert _partial("buy 2 lamps from the online catalog") == []


# -- a part said seen without its verb ------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "pick 3 crates with only some of the shelves shown",
    "move 2 files, only part of the folder tree visible to the agent",
    "book 2 rooms with just a few of the rooms displayed",
])
def test_a_part_seen_without_its_verb_is_partial(directive):
    assert _partial(directive) == [(True, "honored")]


def test_visible_before_its_noun_is_no_part_seen():
    assert (True, "honored") not in _partial("buy only some visible items")


# -- an act before or after another -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, second", [
    ("verify 2 callers after unlocking their accounts", "unlock"),
    ("cancel 1 order while reviewing the account", "review"),
])
def test_an_act_before_or_after_another_is_an_operation(directive, second):
    operations = _operations(directive)
    assert operations[0] == ("verify" if "verify" in directive else "cancel", "honored")
    assert (second, "unsupported") in operations


def test_a_tool_done_before_another_is_honored():
    assert ("refund", "honored") in _operations("verify 2 callers before refunding their orders")


def test_a_participle_without_an_object_is_no_operation():
    assert _operations("pick 3 crates before closing time") == [("pick", "honored")]
