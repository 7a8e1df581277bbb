"""Reader round 63 (session 30): fresh75's last misses (transcribed voice notes), read by class. A count dictated and
written as its homophone ("buy for items", "pack to orders") is that count where no other reading is English; "a
couple" without its "of" before a plural noun is two; a speaker's hesitation between a verb and its object ("handles
uh three tickets") does not part them; a room's floor to stand on ("traps on the floor") is no elevator's storey;
and "a robot arm" is a kind of agent, no warehouse robot (the word before an agent noun names its trade only
where it is no agent noun itself). A permission that waits for an act the world already requires ("a refund is
only allowed after the identity is checked") is the world's own order, no policy template. Tested on phrasings
that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.homophones import spoken_counts
from gensim_gym.generation.spelling import mendings
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import generate
from tests.reading_quiet import readings as _read_kind
from tests.reading_quiet import tools as _tools


# -- a count written as its homophone --------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("gripper um grab for balls and drop them in room b", 4, "ball"),
    ("blocks world stack uh for blocks into a tower", 4, "block"),
    ("filesystem so delete to files from the temp folder", 2, "file"),
    ("ferry carry to cars over to the island", 2, "car"),
    ("calendar schedule for meetings next week", 4, "meeting"),
    ("depot load to crates onto the truck", 2, "crate"),
])
def test_a_count_written_as_its_homophone_is_that_count(directive, count, kind):
    assert [(n, t) for n, t, _ in _counts(directive)] == [(count, kind)]


@pytest.mark.parametrize("directive", [
    "webshop: shop for items under 20 dollars",          # the world's own phrasal verb
    "webshop: pay for items with a coupon",
    "webshop: search for products, then buy one",         # a verb that takes its preposition
    "support: reply to tickets about late orders",
    "visitall: the agent moves to cells it has not seen",  # going somewhere
    "transport: drive to cities",
    "support: issue a refund for orders that arrived broken",  # the verb form is a noun
    "calendar: book for clients",                         # on people's behalf
    "warehouse: bring to shelves 3 crates",               # a place
    "webshop: buy gifts for the kids",                    # a determiner, and no bare noun
])
def test_a_preposition_that_english_reads_stays_a_preposition(directive):
    assert spoken_counts(directive) == directive


def test_the_mended_homophone_is_noted_as_typed():
    assert ("for", "four") in mendings("webshop so buy for items")


# -- "a couple" without its "of" --------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("calendar: schedule a couple meetings", 2),
    ("warehouse: deliver a couple crates to the dock", 2),
    ("gripper, the robot moves a couple balls to room b", 2),
])
def test_a_couple_before_a_plural_noun_is_two(directive, count):
    assert [n for n, _, _ in _counts(directive)] == [count]


@pytest.mark.parametrize("directive", [
    "calendar: book a meeting for a couple",
    "calendar: book a couple more meetings",
])
def test_a_couple_without_a_plural_noun_after_it_is_no_two(directive):
    assert 2 not in [n for n, _, _ in _counts(directive)]


# -- a hesitation between a verb and its object ----------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "support desk: the agent handles uh 3 tickets",
    "support desk: the agent tackles um two complaints",
    "support desk, the agent resolves er like 2 tickets",
])
def test_a_hesitation_does_not_part_a_verb_from_its_object(directive):
    assert [status for _, status in _tools(directive)] == ["honored"]


# -- a floor to stand on ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "dungeon: pick up 2 keys, spikes on the floor must be avoided",
    "a household robot picks 3 toys up off the floor and puts them away",
    "visitall: cover 5 cells and don't step across the floor twice",
])
def test_a_floor_to_stand_on_is_no_elevator(directive):
    assert "elevator" not in _domains(directive)


@pytest.mark.parametrize("directive", [
    "take 3 passengers from the lobby to the floor they want",
    "the lift carries 2 people up from the ground floor",
    "a passenger waits on the floor above; serve 2 passengers",
])
def test_an_elevator_s_floor_still_names_the_elevator(directive):
    assert _domains(directive) == ["elevator"]


# -- an agent named by a kind of agent, no trade ---------------------------------------------------------------------
@pytest.mark.parametrize("directive, world", [
    ("a robot arm picks up 3 balls and drops them in room b", ["gripper"]),
    ("the robot arm grabs 2 balls and carries them to the other room", ["gripper"]),
    ("the robot arm picks 3 crates off the shelf and brings them to the dock", ["warehouse"]),
    ("a warehouse bot moves 3 crates to the dock", ["warehouse"]),
])
def test_an_agent_named_by_a_kind_of_agent_names_no_trade(directive, world):
    assert _domains(directive) == world


# -- a permission that waits for an act the world already requires ---------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("support: refund 2 orders; a refund is only allowed after the identity is checked",
     "only allowed after the identity is checked"),
    ("support: refund 2 orders, but refunds are permitted only once the ID is verified",
     "permitted only once the id is verified"),
    ("helpdesk: 2 refund requests, refunds only after the identity is confirmed",
     "only after the identity is confirmed"),
    ("support: refunds are allowed only after the customer is verified; 3 orders",
     "allowed only after the customer is verified"),
])
def test_a_permission_the_world_keeps_is_its_own_order(directive, text):
    assert _read_kind(directive, "constraint") == [
        (text, "honored", {"order": ["verify_identity", "refund_order"]})]
    assert "refund_policy" not in generate(directive).meta["interpretation"]["constraints"]


def test_a_permission_on_something_else_is_still_the_template():
    assert _read_kind("support: refund 2 orders, refunds only if the order was delivered", "constraint") == [
        ("only if the order was delivered", "honored", {"constraints": ["refund_policy"]})]
