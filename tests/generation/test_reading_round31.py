"""Reader round 31: a verb few worlds do with a count of an everyday name of what its tool acts on ("rename 2
images": files) names that world; a light verb of entering a meeting in the diary ("set 1 dentist appointment")
schedules it; a booking made twice with whom between ("without booking anyone twice") is the rule against double
booking; any verb with a count of things and a place they go into ("shuffle 3 songs into the music directory") is
moving them. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.evidence import purchase_acts
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import tools as _tools


def _constraints(directive: str) -> list[tuple[tuple[str, ...], str]]:
    return [(tuple(c.requirement.get("constraints", ())), c.status) for c in _clauses(directive, "constraint")]


# -- a verb of a world with a count of an everyday name of its objects -----------------------------------------------
@pytest.mark.parametrize("directive, tool, count", [
    ("rename 3 pictures", "move_file", 3),
    ("please copy 2 photos, dense", "copy_file", 2),
    ("delete 4 videos", "delete_file", 4),
    ("rename 1 recording quickly", "move_file", 1),
    ("rename 2 images carefully, sparse", "move_file", 2),
])
def test_a_world_verb_on_files_by_kind_is_the_file_system(directive, tool, count):
    assert _domains(directive) == ["filesystem"]
    assert _tools(directive)[0] == (tool, "honored")
    assert _counts(directive) == [(count, "file", "honored")]


@pytest.mark.parametrize("directive, domain", [
    ("buy 2 pictures", "webshop"),
    ("add 3 images to the cart", "webshop"),
])
def test_pictures_bought_stay_the_shops(directive, domain):
    assert _domains(directive) == [domain]


# -- light verbs of entering a meeting in the diary ------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "set 2 vet appointments on the shared calendar",
    "add 1 check-in to my calendar",
    "jot down a retro for friday",
    "enter 3 client calls in the diary",
])
def test_entering_a_meeting_is_scheduling_it(directive):
    assert _domains(directive) == ["calendar"]
    assert _tools(directive)[0] == ("schedule", "honored")


@pytest.mark.parametrize("directive, tool", [
    ("set the difficulty to hard and book 2 meetings", "book_room"),
    ("add 2 items to the cart", "add_to_cart"),
])
def test_setting_or_adding_something_else_schedules_nothing(directive, tool):
    assert ("schedule", "honored") not in _tools(directive)
    assert (tool, "honored") in _tools(directive)


def test_setting_a_budget_is_a_rule_not_a_meeting():
    directive = "set a budget of 40 dollars and buy 2 lamps"
    assert _domains(directive) == ["webshop"]
    assert _constraints(directive) == [(("within_budget",), "honored")]


# -- a booking made twice, with whom between -------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "arrange 2 syncs, never book a person twice",
    "book 2 rooms without booking anybody two times",
    "arrange 3 reviews and never book anyone more than once",
])
def test_booking_someone_twice_is_double_booking(directive):
    assert _constraints(directive) == [(("no_double_booking",), "honored")]


def test_the_same_room_twice_is_the_rooms_rule():
    assert _constraints("arrange 3 reviews, do not reserve the same room more than once") == [
        (("one_meeting_per_room",), "honored")]


# -- things put into a place are moved there -------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "tuck 2 reports into the archive folder",
    "stash 4 photos in the backup dir",
    "drop 2 logs to the old folder, sparse",
])
def test_things_put_into_a_directory_are_moved(directive):
    assert _domains(directive) == ["filesystem"]
    assert _tools(directive)[0] == ("move_file", "honored")


@pytest.mark.parametrize("directive, tool", [
    ("copy 3 songs into the music folder", "copy_file"),
    ("schedule 3 meetings into next week", "schedule"),
])
def test_a_world_verb_into_a_place_stays_that_verb(directive, tool):
    assert _tools(directive)[0] == (tool, "honored")


# -- goods by an everyday name, ordered or paid for ------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["order 2 cups", "please order 4 plates, sparse"])
def test_ordering_household_things_is_buying_them(directive):
    assert _domains(directive) == ["webshop"]
    assert _tools(directive) == [("checkout", "honored")]


@pytest.mark.parametrize("directive", ["order 2 cupboards", "order 2 pallets", "spend 40 euros on 2 tickets"])
def test_furniture_or_another_worlds_thing_bought_names_no_shop(directive):
    assert purchase_acts(directive, "webshop") == []


@pytest.mark.parametrize("directive", [
    "spend at most 25 euros on 2 bowls",
    "spend less than 60 dollars on 3 desk lamps, dense",
])
def test_money_spent_on_goods_is_the_shop(directive):
    assert _domains(directive) == ["webshop"]
    assert ("checkout", "honored") in _tools(directive)
    assert _constraints(directive) == [(("within_budget",), "honored")]


@pytest.mark.parametrize("directive, domain", [
    ("spend under 20 euros on 2 tickets", "support"),
    ("spend 2 hours on 3 crates", "warehouse"),
])
def test_money_or_time_spent_on_another_worlds_things_stays_there(directive, domain):
    assert _domains(directive) == [domain]


def test_listing_files_in_a_folder_is_no_move():
    assert _tools("list 2 songs in the music folder") == [("list_dir", "honored")]
