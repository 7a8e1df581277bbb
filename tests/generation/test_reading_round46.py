"""Reader round 46 (worlds, counts and acts): reminders and pitches are meetings, and an occasion's plural in "-ies"
is one ("2 holiday parties"); moving or booking a meeting names the world that schedules; a "budget review" is a
meeting, no budget; clearing entries off the calendar unschedules them; what a shop's buyer buys is goods whatever
another world calls them; checking on an order is looking it up; an address counts its customer, and "2 of her
orders" is a count; a loose verb beside a world's own named tool leaves that world's task its own; two counted end
states joined by "and" name a world each; a noun-verb after a count or a determiner is a noun ("the archive", "2
packs"); covering every tile, square or cell is a grid tour, whoever does it; workers are people; a warehouse stores
goods of any name. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import tools as _tools


# -- calendar nouns and verbs -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("schedule 1 budget meeting for the finance team", 1),
    ("pencil in 2 sales pitches for thursday", 2),
    ("wipe 3 old reminders from my calendar", 3),
    ("the office manager plans 2 birthday parties", 2),
])
def test_calendar_nouns_count_meetings(directive, count):
    assert _domains(directive) == ["calendar"]
    assert _counts(directive)[0] == (count, "meeting", "honored")


def test_a_budget_amount_is_still_a_budget():
    found = _clauses("buy 2 lamps on a 40 dollar budget", "constraint")
    assert found and _counts("buy 2 lamps on a 40 dollar budget")[0] == (2, "product", "honored")


@pytest.mark.parametrize("directive", [
    "postpone 2 design reviews to next month",
    "the assistant needs to push back 3 check-ins",
    "the secretary books 2 dental visits and then buys 3 mugs online",
])
def test_moving_or_booking_a_meeting_names_the_calendar(directive):
    assert "calendar" in _domains(directive)


def test_moving_other_things_names_no_calendar():
    assert "calendar" not in _domains("move 3 crates to the loading dock")


def test_clearing_reminders_off_the_calendar_cancels_them():
    # (the loose unschedule until branch wcal)
    assert ("cancel_meeting", "honored") in _tools("clear 3 reminders from the shared calendar")


# -- shop ------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the shopping bot buys 3 plastic crates for the garage",
    "a shopper purchases 2 laundry bins",
])
def test_a_shoppers_purchase_is_the_shops(directive):
    assert _domains(directive) == ["webshop"]


def test_a_warehouse_robot_buying_bins_stays_a_warehouse():
    assert _domains("the warehouse robot buys 2 storage bins") == ["warehouse"]


def test_a_count_of_packs_is_no_packing():
    found = _tools("order 3 packs of napkins online")
    assert ("checkout", "honored") in found and all(tool != "add_to_cart" for tool, _ in found)


# -- support ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the help desk agent follows up on 2 missing parcels",
    "customer service should check the status of 1 delayed order",
])
def test_asking_after_an_order_looks_it_up(directive):
    assert ("lookup_order", "honored") in _tools(directive)


def test_checking_other_things_is_no_lookup():
    assert all(tool != "lookup_order" for tool, _ in _tools("check the file sizes in the folder"))


@pytest.mark.parametrize("directive, count, kind", [
    ("the help desk updates 3 billing addresses", 3, "customer"),
    ("the support agent refunds 2 of his orders", 2, "order"),
])
def test_addresses_and_possessive_partitives_count(directive, count, kind):
    assert _counts(directive)[0] == (count, kind, "honored")


# -- two worlds ------------------------------------------------------------------------------------------------------
def test_cancelling_an_order_then_a_file_task_is_two_worlds():
    directive = "cancel 2 orders and then rename the old logs in the folder"
    assert _domains(directive) == ["filesystem", "support"]


def test_cancelling_a_meeting_then_a_file_task_keeps_the_calendar_loose():
    assert "support" not in _domains("cancel the standup and then delete the old drafts")


def test_two_counted_end_states_name_two_worlds():
    assert _domains("Goal: 3 crates delivered and 1 meeting scheduled") == ["calendar", "warehouse"]


def test_one_world_end_states_stay_one_world():
    assert _domains("2 crates stacked and 3 crates delivered") == ["warehouse"]


def test_the_archive_as_a_place_is_no_filing():
    assert all(tool != "move_file" for tool, _ in _tools("delete 2 drafts from the archive"))
    assert ("move_file", "honored") in _tools("archive 3 old logs in the folder")


# -- other worlds ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a cleaning robot must visit every tile in the lobby",
    "the robot vacuum should cover every square of the office once",
])
def test_covering_every_tile_is_a_grid_tour(directive):
    assert _domains(directive) == ["visitall"]


def test_a_cleaning_robot_putting_things_back_stays_a_household():
    assert _domains("a cleaning robot puts 3 toys back") == ["rearrangement"]


def test_workers_carried_by_a_lift_are_passengers():
    assert _counts("the elevator brings 2 factory workers to the top floor")[0] == (2, "passenger", "honored")


def test_a_warehouse_counts_goods_of_any_name():
    assert _counts("the warehouse robot ships 3 barrels to the dock")[0] == (3, "item", "honored")


def test_a_warehouse_keeps_typed_counts():
    assert (2, "item", "honored") in _counts("a warehouse with 4 aisles, deliver 2 crates")
