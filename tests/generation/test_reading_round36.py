"""Reader round 36: stacking cubes or bricks is the blocks world's work; a number hyphenated to the goal items' noun
counts them ("a 4-disk stack" is 4 discs); touching, reaching or covering each position of a map or grid is visiting
them all; a nanny robot and a toy chest are a household's; filling a cart with goods adds them to it (and counts
the shop's products); giving things new names is renaming them; a punctured or flat wheel is tireworld's flat tire.
Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read


def _operations(directive: str) -> list[tuple[str, str | None, str]]:
    return [(c.requirement["operation"], c.requirement.get("tool"), c.status)
            for c in _clauses(directive, "operation")]


def _tools(directive: str) -> set[str | None]:
    return {tool for _, tool, status in _operations(directive) if status == "honored"}


# -- stacking cubes or bricks is the blocks world's ----------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("a robotic arm piles 3 cubes on top of each other", 3),
    ("the robot should stack 4 wooden bricks, hard", 4),
    ("unstack 2 cubes and put them on the table", 2),
])
def test_stacking_cubes_is_blocks(directive, count):
    assert _domains(directive) == ["blocks"]
    assert _counts(directive)[0] == (count, "block", "honored")


@pytest.mark.parametrize("directive, domain", [
    ("stack 3 crates on the pallet", "warehouse"),
    ("stack 4 discs on the last peg", "hanoi"),
])
def test_stacking_other_things_stays_their_worlds(directive, domain):
    assert _domains(directive) == [domain]


# -- a hyphenated count of the goal items -------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("shift a 3-disc tower of hanoi onto the middle peg", 3, "disc"),
    ("rebuild a 4-block tower, dense", 4, "block"),
])
def test_a_hyphenated_count_counts_the_goal_items(directive, count, kind):
    assert _counts(directive)[0] == (count, kind, "honored")


def test_a_hyphenated_count_of_no_goal_items_is_no_goal_count():
    assert all(c[0] != 2 for c in _counts("a 2-day hanoi puzzle with 3 discs"))
    assert _counts("a 2-day hanoi puzzle with 3 discs")[0] == (3, "disc", "honored")


# -- touching each position of a map is visiting it ---------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a drone must reach every cell of the grid",
    "the rover should cover all the spots on the board, dense",
    "an explorer touches every square on the floor plan",
])
def test_covering_each_position_of_a_map_is_visitall(directive):
    assert _domains(directive) == ["visitall"]
    assert "move" in _tools(directive)


def test_touching_alone_names_no_grid():
    assert "visitall" not in _domains("touch the file so it is updated in the downloads folder")


# -- a nanny robot and a toy chest are a household's --------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a butler robot puts 2 teddy bears into the toy box",
    "the robot nanny tucks 4 plushies into the toy chest, sparse",
])
def test_a_nursery_is_a_household(directive):
    assert _domains(directive) == ["rearrangement"]


@pytest.mark.parametrize("directive, domain", [
    ("order 2 stuffed animals online", "webshop"),
    ("the robot stores 3 cartons on the shelf", "warehouse"),
])
def test_soft_toys_bought_or_stock_stored_stay_elsewhere(directive, domain):
    assert _domains(directive) == [domain]


# -- filling a cart is adding to it -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("fill the basket with 2 laptops and check out", 2),
    ("stuff my shopping cart with 4 board games, then pay", 4),
])
def test_filling_a_cart_adds_products(directive, count):
    assert _domains(directive) == ["webshop"]
    assert _counts(directive)[0] == (count, "product", "honored")
    assert "add_to_cart" in _tools(directive)


def test_loading_a_truck_stays_loading():
    assert _domains("load the truck with 3 packages") == ["transport"]
    assert "add_to_cart" not in _tools("load the truck with 3 packages")


# -- giving things new names is renaming them ---------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "give 3 photos in the downloads folder clearer names",
    "give the report a new name and move it to the archive folder",
])
def test_giving_new_names_is_renaming(directive):
    assert _domains(directive) == ["filesystem"]
    assert _operations(directive)[0][1:] == ("move_file", "honored")


def test_giving_a_meeting_a_new_name_asks_for_no_file_move():
    assert "move_file" not in _tools("give the meeting a new name")


# -- a punctured wheel is the flat tire ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "replace 1 flat wheel with the spare",
    "swap 1 deflated wheel for the spare tyre, hard",
])
def test_a_damaged_wheel_is_the_flat_tire(directive):
    assert _domains(directive) == ["tireworld"]
    assert _counts(directive)[0] == (1, None, "honored")


def test_a_wheel_alone_is_no_flat_tire():
    reading = _read("rotate 1 wheel on the car in tireworld")
    assert all("flat_tire" not in c.note for c in reading.clauses if c.kind == "goal_count")
