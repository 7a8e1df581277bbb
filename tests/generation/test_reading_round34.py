"""Reader round 34: goods counted in a measure ("3 boxes of tea", "2 pairs of socks") are bought as the goods are,
so ordering them online or by count names the shop; the first of two verbs joined by "and" or "or" before one object
takes it too ("counts and moves 3 pallets"), read as an operation (unsupported where the world has no tool for it),
not dropped; hanging, laying or propping a household thing at its place is the rearrangement world's put, and the
clothes hung up at home are its things; mounting or fitting a spare is tireworld's tire change. Tested on phrasings
that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains


def _operations(directive: str) -> list[tuple[str, str | None, str]]:
    return [(c.requirement["operation"], c.requirement.get("tool"), c.status)
            for c in _clauses(directive, "operation")]


# -- goods counted in a measure are bought ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("the shopper buys 3 boxes of green tea online with at most 30 euros", 3),
    ("a bot purchases 2 packs of batteries online", 2),
    ("order 4 pairs of wool socks and keep the spend under 60 dollars", 4),
])
def test_goods_counted_in_a_measure_are_bought_in_the_shop(directive, count):
    assert _domains(directive) == ["webshop"]
    assert any(tool == "checkout" and status == "honored" for _, tool, status in _operations(directive))
    assert _counts(directive)[0][0] == count


def test_a_support_agent_handling_orders_stays_support():
    assert _domains(directive := "a support agent handles 2 orders from unhappy customers") == ["support"]
    assert _counts(directive)[0] == (2, "order", "honored")


def test_boxes_moved_in_the_warehouse_are_no_purchase():
    assert _domains("move 3 boxes of screws to the loading dock in the warehouse") == ["warehouse"]


# -- two verbs joined before one object -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, first", [
    ("the night picker tallies and moves 2 crates to the dock in the warehouse", "tally"),
    ("a warehouse robot weighs and drops 3 crates at the packing station", "weigh"),
])
def test_the_first_of_two_joined_verbs_is_read_not_dropped(directive, first):
    operations = _operations(directive)
    assert operations[0][0] == first and operations[0][2] == "unsupported"
    assert any(status == "honored" for *_, status in operations[1:])


def test_a_noun_after_a_verb_is_its_object_not_a_joined_verb():
    directive = "the agent handles returns and refunds 2 orders at the help desk"
    assert [op for op, *_ in _operations(directive)] == ["refund"]


# -- hanging or laying a household thing is putting it ----------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("a home robot hangs 3 jackets in the hallway closet", 3),
    ("the housekeeping robot lays 2 scarves on the armchair, sparse", 2),
    ("a tidy-up robot leans 1 umbrella against the wall by the door", 1),
])
def test_hanging_a_household_thing_is_rearrangements_put(directive, count):
    assert _domains(directive) == ["rearrangement"]
    assert ("put", "honored") in [(tool, status) for _, tool, status in _operations(directive)]
    assert _counts(directive)[0] == (count, "thing", "honored")


def test_hanging_up_on_a_caller_is_no_placing():
    directive = "a support agent refunds 2 orders and must not hang up on the caller"
    assert _domains(directive) == ["support"]
    assert all(tool != "put" for _, tool, _ in _operations(directive))


# -- mounting a spare is changing the tire ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the roadside crew must mount 1 spare tyre before driving on, hard",
    "fit 1 spare tire on the car after a flat, dense",
])
def test_mounting_a_spare_is_tireworlds_tire_change(directive):
    assert _domains(directive) == ["tireworld"]
    assert any(tool == "change_tire" and status == "honored" for _, tool, status in _operations(directive))
    assert _counts(directive)[0][2] == "honored"


def test_inflating_a_tire_stays_unsupported():
    operations = _operations("inflate 1 spare tire and drive on, hard")
    assert operations[0][:1] == ("inflate",) and operations[0][2] == "unsupported"
