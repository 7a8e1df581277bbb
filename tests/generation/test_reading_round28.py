"""Reader round 28: whoever compares prices or shops around first is a shopper, so a "customer" who then orders goods
is the webshop's, no help desk's; money spent on a count of things buys them, the cap staying the rule; checking
someone's identity asks for the identity check; a count after a noun of an operation ("copies of 2 essays") counts
what that operation acts on. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains


def _operations(directive: str) -> list[tuple[str | None, str]]:
    return [(c.requirement.get("tool"), c.status) for c in _clauses(directive, "operation")]


def _goal(directive: str) -> tuple[dict, str]:
    (goal,) = _clauses(directive, "goal_count")
    return goal.requirement, goal.status


# -- a shopper's act first makes the subject a shopper -----------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("a customer compares the prices and orders 2 kettles, sparse", 2),
    ("the client shops around and orders 2 toasters", 2),
    ("the customer compares offers and purchases 1 lamp", 1),
])
def test_a_customer_comparing_prices_shops(directive, count):
    assert _domains(directive) == ["webshop"]
    assert ("checkout", "honored") in _operations(directive)
    assert _goal(directive) == ({"goal_count": count, "type": "product"}, "honored")


@pytest.mark.parametrize("directive", [
    "the customer asks for a refund of 1 order",
    "refund 1 customer who compared prices",
])
def test_a_customer_without_a_shoppers_act_first_stays_support(directive):
    assert _domains(directive) == ["support"]


# -- spending on counted things ----
@pytest.mark.parametrize("directive, count", [
    ("spend at most 30 euros on 3 scarves in the online store, dense", 3),
    ("spend under $40 on 2 kettles at the web shop", 2),
])
def test_spending_on_counted_things_buys_them(directive, count):
    assert ("checkout", "honored") in _operations(directive)
    assert _goal(directive) == ({"goal_count": count, "type": "product"}, "honored")
    assert [c.requirement["constraints"] for c in _clauses(directive, "constraint")] == [["within_budget"]]


def test_buying_under_a_budget_reads_as_before():
    directive = "buy 2 lamps from the web shop, stay within budget"
    assert _operations(directive) == [("checkout", "honored")]
    assert _goal(directive) == ({"goal_count": 2, "type": "product"}, "honored")


# -- checking an identity ----
@pytest.mark.parametrize("directive", [
    "refund 2 orders once you have confirmed the caller's identity",
    "check the customer's ID and cancel 1 order",
    "cancel 1 order after validating their identity",
])
def test_checking_an_identity_asks_for_verify_identity(directive):
    assert ("verify_identity", "honored") in _operations(directive)


def test_check_the_identity_of_is_one_operation():
    assert _operations("check the identity of 2 customers") == [("verify_identity", "honored")]


# -- a count after a noun of an operation ----
@pytest.mark.parametrize("directive, count", [
    ("make backups of 3 photos in the archive folder", 3),
    ("keep a copy of 1 thesis in the shared folder", 1),
])
def test_a_count_after_an_operations_noun_counts_its_objects(directive, count):
    assert _goal(directive) == ({"goal_count": count, "type": "file"}, "honored")
