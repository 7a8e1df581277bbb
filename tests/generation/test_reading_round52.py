"""Reader round 52: directives written as chat messages to a colleague. Placing an order for goods ("places 1 order
for a rug", "put in an order for a kettle", "submit 2 orders for lamps") is a shopper's act, the shop's buying, and
names the shop as its trade's acts do; an agent that can only look through part of what there is ("can only list
part of the directory at a time", "only reads some of the folders") sees part of the world; and a wheel said to be
changed ("the car needs 1 wheel swapped", "swap one wheel") is tireworld's one flat tire, as a damaged wheel is.
Tested on phrasings that are in no benchmark set, with negatives that must not change."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read


def _operations(directive: str) -> list[tuple[str | None, str]]:
    return [(c.requirement.get("tool"), c.status) for c in _clauses(directive, "operation")]


# -- placing an order is buying ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("a shop assistant who places 2 orders for table lamps, dense reward", 2),
    ("the shopper puts in an order for a kettle, easy", 1),
    ("in the online store, submit 3 orders for desk lamps with a tight budget of steps", 3),
    ("our store bot places one order for a coffee grinder, sparse", 1),
    ("the shopping bot places 3 orders online for mugs", 3),
    ("place an order with the shop for 2 lamps, dense", 2),
])
def test_placing_an_order_is_the_shops_buying(directive, count):
    reading = _read(directive)
    assert reading.knobs.domains == ("webshop",), reading.table()
    ops = _operations(directive)
    assert ("checkout", "honored") in ops and all(status != "unsupported" for _, status in ops), reading.table()
    assert reading.knobs.goal_count == count


@pytest.mark.parametrize("directive", [
    "the help desk agent cancels the order a customer placed for a lamp",
    "support desk: a customer placed 2 orders for lamps; refund them",
    "look up 2 orders for angry callers at the service desk",
])
def test_an_order_a_customer_placed_stays_the_help_desks(directive):
    assert _domains(directive) == ["support"]


# -- only a part looked through is a partial view ---------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "copy 2 reports to the backup folder; the bot can only read some of the folders",
    "the shopper may just browse a portion of the catalog while buying 2 mugs",
    "delete 3 temp files, and the agent can only open part of the drive at any one time",
    "copy 2 files, the agent is only able to list some of the folders",
    "move 2 reports; the agent can list only part of the directory at once",
])
def test_looking_through_only_a_part_is_partial_observability(directive):
    found = _clauses(directive, "observability")
    assert found and found[0].requirement == {"partial": True} and found[0].status == "honored", \
        _read(directive).table()


@pytest.mark.parametrize("directive", [
    "list part of the directory and delete 2 logs",
    "the hero can only open one door at a time in the dungeon",
    "read some of the files and copy 2 of them to the backup folder",
    "list only part of the directory and delete 2 logs",
])
def test_a_part_looked_through_as_the_task_is_no_partial_view(directive):
    assert _read(directive).knobs.partial is None


def test_at_a_time_after_the_part_is_no_time_pressure():
    directive = "rename 2 files; the agent can only list part of the folder at a time"
    assert not _clauses(directive, "time_pressure"), _read(directive).table()


# -- a wheel to be changed is the flat tire ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "tireworld: swap 1 wheel, sparse",
    "the tireworld car wants one wheel replaced, dense reward",
    "in tireworld the driver has 1 wheel to be changed; change it",
    "tireworld: the car has 1 wheel that is flat; change it",
    "tireworld: the car has 1 wheel with a puncture; swap it",
])
def test_a_wheel_to_be_changed_is_the_one_flat_tire(directive):
    found = _clauses(directive, "goal_count")
    assert found and found[0].requirement == {"goal_count": 1, "type": None} and found[0].status == "honored", \
        _read(directive).table()


@pytest.mark.parametrize("directive", [
    "tireworld: the car needs 3 wheels replaced",
    "tireworld: swap 2 wheels, sparse",
])
def test_more_wheels_than_the_one_flat_tire_stay_unsupported(directive):
    found = _clauses(directive, "goal_count")
    assert found and found[0].status == "unsupported", _read(directive).table()


def test_a_wheel_with_no_damage_is_no_flat_tire():
    found = _clauses("tireworld: the car has 1 wheel with a hubcap", "goal_count")
    assert found and found[0].status == "unsupported"


def test_a_spare_wheel_is_no_flat_tire():
    found = _clauses("tireworld: the car carries 1 spare wheel", "goal_count")
    assert not found or "flat_tire" not in found[0].note
