"""Reader round 39 (domain choice and operations): arranging or building with cubes or bricks is a blocks world's
work, and arranging them is stacking; an agent named by the buying it does ("a buyer bot") is a shop's; a task of a
sequence may open with an adverb that only orders it ("first delete 1 old log, then ..."); a multi-word operation
verb that opens an act naming its world ("pass over each tile of the grid") is read whole, its first word no verb of
its own; a shopper wanting a count of goods buys them; getting a thing delivered from a shop is buying it; money
back (or a refund) for a thing is its order refunded, and the thing counts the order; using a discount code is
applying the coupon; and a calendar's counted meetings, with no verb, ask for scheduling them, the step every
calendar goal needs first (``operations._common_step``). Tested on phrasings that are in no benchmark set, with
negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.operations import world_task_tool
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read
from tests.reading_quiet import tools as _tools


def _tool_set(directive: str) -> set[tuple[str | None, str]]:
    return set(_tools(directive))


# -- arranging cubes is the blocks world's stacking -----------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a robot arm should arrange 3 wooden cubes into one column",
    "the robotic arm rearranges 5 bricks so the blue one ends up at the bottom",
    "build 4 cubes into a single pile, hard",
])
def test_arranging_cubes_is_stacking_blocks(directive):
    assert _domains(directive) == ["blocks"]
    assert ("stack", "honored") in _tool_set(directive), _read(directive).table()


def test_arranging_meetings_stays_scheduling():
    assert _domains("arrange 3 meetings for monday") == ["calendar"]
    assert _tools("arrange 3 meetings for monday") == [("schedule", "honored")]


# -- an agent named by buying is a shop's -----------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("a shopping agent needs 3 phone chargers, sparse reward", 3),
    ("the buyer agent would like 1 espresso machine", 1),
    ("our shopper bot wants 2 beach towels", 2),
])
def test_a_buying_agent_wanting_goods_shops_for_them(directive, count):
    assert _domains(directive) == ["webshop"]
    assert _tools(directive) == [("checkout", "honored")], _read(directive).table()
    assert _counts(directive)[0] == (count, "product", "honored")


def test_wanting_in_a_world_that_does_not_buy_is_no_purchase():
    assert ("checkout", "honored") not in _tool_set("the customer wants 2 refunds for late orders")


# -- a sequence of tasks opening with an ordering adverb --------------------------------------------------------------
@pytest.mark.parametrize("directive, worlds", [
    ("first, delete 2 stale logs and then book a meeting room for a retro", ["calendar", "filesystem"]),
    ("Next, remove 3 old drafts, then set up a standup", ["calendar", "filesystem"]),
    ("First buy 2 mugs online, then reply to a customer", ["support", "webshop"]),
])
def test_an_ordering_adverb_opens_no_task_of_its_own(directive, worlds):
    assert _domains(directive) == worlds, _read(directive).table()


def test_a_lone_task_after_first_stays_one_world():
    assert _domains("first delete 2 old logs from the folder") == ["filesystem"]


# -- a phrasal visit verb is read whole -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the robot should pass through all tiles of the grid",
    "a robot must land on every cell of the grid",
    "the rover should go over every square of the grid",
])
def test_a_phrasal_visit_is_one_move(directive):
    assert _tools(directive) == [("move", "honored")], _read(directive).table()


# -- getting a thing delivered from a shop is buying it ---------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "have 1 standing desk shipped from the online furniture store",
    "get a new router sent from an online electronics store",
])
def test_delivered_from_a_shop_is_bought(directive):
    assert ("checkout", "honored") in _tool_set(directive), _read(directive).table()


def test_delivered_by_a_carrier_is_no_purchase():
    directive = "get 2 parcels delivered from the depot to the harbor city by truck"
    assert "checkout" not in {t for t, _ in _tools(directive)}


# -- money back for a thing is its order refunded ---------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("a client wants a refund for 2 damaged blenders", 2),
    ("the customer wants their money back on 1 cracked teapot", 1),
])
def test_money_back_for_a_thing_refunds_its_order(directive, count):
    assert ("refund_order", "honored") in _tool_set(directive), _read(directive).table()
    assert _counts(directive)[0] == (count, "order", "honored")


def test_a_money_back_guarantee_is_no_refund_of_its_own():
    assert _tools("the customer has a money back guarantee, look up 2 orders") == [("lookup_order", "honored")]


# -- using a discount code is applying the coupon ---------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "order 2 lamps online and enter the promo code",
    "buy 1 rice cooker from the web store, then apply a voucher code",
])
def test_using_a_code_applies_the_coupon(directive):
    assert ("apply_coupon", "honored") in _tool_set(directive), _read(directive).table()


def test_a_discount_without_a_code_is_no_coupon_act():
    assert "apply_coupon" not in {t for t, _ in _tools("shop online for 1 kettle, use a discount")}


# -- a calendar's counted meetings ask for scheduling them ------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a calendar with 3 meetings",
    "calendar: 2 one-on-ones, no overlaps",
])
def test_counted_meetings_imply_scheduling(directive):
    found = [c for c in _clauses(directive, "operation") if c.requirement.get("implied")]
    assert [c.requirement["tool"] for c in found] == ["schedule"], _read(directive).table()


def test_the_common_step_is_only_the_worlds_own_act():
    assert world_task_tool("calendar", "meeting") == "schedule"
    assert world_task_tool("support", "order") is None  # refunds and address changes need a lookup: no help desk name
    assert world_task_tool("calendar", "person") is None
    assert not any(c.requirement.get("implied") for c in _clauses("a calendar, 4 people", "operation"))
