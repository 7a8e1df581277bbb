"""Reader round 33: stepping, treading or setting foot on a place ("step on every square") is a visit, and a robot
is the agent, as a bot is; a delivery, shipment or parcel a customer received is support's order where support is
the world; a norm said to allow or to say what is done ("only where the policy allows", "as the rules say") is that
norm's rule; a failure's participle before the noun it describes ("a broken-down car", "a crashed van") is the state
of a thing of the world, not noise, while a tool that breaks still is. Tested on phrasings that are in no benchmark
set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read
from tests.reading_quiet import tools as _tools
from tests.reading_quiet import unread as _unread


# -- setting foot on a place is visiting it ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the robot has to tread on all squares of the grid",
    "step onto each cell of a 4x4 grid, dense",
    "a cleaning robot should set foot on every tile in the grid once",
])
def test_stepping_on_a_place_is_visitalls_visit(directive):
    assert _domains(directive) == ["visitall"]
    assert _tools(directive) == [("move", "honored")]
    assert not any(w in ("robot", "once", "tread", "step") for t in _unread(directive) for w in t.split())


def test_walking_to_the_dock_in_the_warehouse_is_no_visit():
    directive = "walk to the dock and drop 2 crates in the warehouse"
    assert _domains(directive) == ["warehouse"]
    assert ("move", "honored") not in _tools(directive)


# -- what a customer received is support's order ----------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("give refunds on 3 lost shipments to the customers", 3),
    ("handle refunds for 2 missing parcels at the help desk", 2),
    ("the support agent issues refunds for 4 late deliveries", 4),
])
def test_a_delivery_a_customer_received_is_supports_order(directive, count):
    assert _domains(directive) == ["support"]
    assert _counts(directive)[0] == (count, "order", "honored")


@pytest.mark.parametrize("directive, domain, kind", [
    ("deliver 3 packages by truck", "transport", "package"),
    ("ship 2 parcels from the warehouse", "warehouse", "item"),
    ("the warehouse robot stores 3 shipments on the shelves", "warehouse", "item"),
])
def test_deliveries_of_a_carrier_or_warehouse_stay_theirs(directive, domain, kind):
    assert _domains(directive) == [domain]
    assert _counts(directive)[0][1] == kind


# -- a norm said to allow or to say what is done -----------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "refund 2 orders wherever the store policy permits it",
    "cancel 1 order as the rules say, dense",
    "refund 3 orders only as the policy dictates",
])
def test_a_norm_said_to_allow_is_its_rule(directive):
    rules = _clauses(directive, "constraint")
    assert [(c.requirement, c.status) for c in rules] == [({"constraints": ["refund_policy"]}, "honored")]


def test_a_customer_who_allows_is_no_norm():
    rules = _clauses("refund 2 orders where the customer allows", "constraint")
    assert all(c.requirement != {"constraints": ["refund_policy"]} for c in rules)


# -- a broken thing is a state, a breaking tool is noise ---------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "change the flat tire on a crashed van with the jack",
    "swap a flat tyre on a wrecked-up truck, sparse",
])
def test_a_broken_thing_named_is_no_noise(directive):
    assert not _clauses(directive, "noise")


@pytest.mark.parametrize("directive", [
    "move 3 crates in the warehouse, tools break often",
    "move 3 crates in the warehouse where failed moves happen",
    "the jack is broken, change the flat tire",
])
def test_a_tool_or_act_that_fails_is_still_noise(directive):
    assert [c.requirement for c in _clauses(directive, "noise")] == [{"noise": True}]


def test_reading_stays_a_reading():
    assert read("step on every cell of the grid").directive == "step on every cell of the grid"
