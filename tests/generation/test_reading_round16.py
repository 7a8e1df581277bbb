"""Reader round 16 (#14): two worlds joined by "with", a part said to be seen, a noun modifier that is no verb, a
place put out of bounds, counts after light and phrasal verbs, after two modifiers and of time blocks, a keyword
inside another world's phrasal verb, scheduling by particle and by making room, a rule after a counted clause, and
the smaller classes of fresh33_fid22's misses; tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym import DirectiveError
from gensim_gym.generation.operations import modifies_noun
from gensim_gym.generation.rules import protected_place
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read


def _count(directive: str) -> int | None:
    counts = [c for c in _clauses(directive, "goal_count") if c.status == "honored"]
    return counts[0].requirement["goal_count"] if counts else None


def _operations(directive: str) -> list[str]:
    return [c.text for c in _clauses(directive, "operation")]


# -- domains ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "domains"), [
    ("warehouse with calendar, easy", ["calendar", "warehouse"]),  # a world before "with" owns no part
    ("support with filesystem tasks, sparse", ["filesystem", "support"]),
    ("a robot with a slippery gripper moves 3 balls", ["gripper"]),  # a gripper is still a robot's part
])
def test_a_world_named_before_with_composes(directive, domains):
    assert _domains(directive) == domains


@pytest.mark.parametrize(("directive", "domains"), [
    ("stock up on 3 jars of honey at the web store", ["webshop"]),  # "stock" is the shop's phrasal verb
    ("block out 3 deep-work hours in my calendar", ["calendar"]),  # "block" is the calendar's, no toy blocks
    ("shop online for 2 umbrellas", ["webshop"]),  # "shop online": no foreign compound
    ("add 3 candles to the cart", ["webshop"]),  # add ... to the cart is the shop's act
])
def test_domain_words_of_phrasal_verbs_and_acts(directive, domains):
    assert _domains(directive) == domains


def test_stock_prices_stay_no_world():
    with pytest.raises(DirectiveError):
        _read("forecast next week's stock prices")


# -- observability ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "move 3 files, only part of the directory is visible",
    "warehouse, just some of the aisles are shown",
])
def test_a_part_said_to_be_seen_is_partial(directive):
    assert [c.requirement for c in _clauses(directive, "observability")] == [{"partial": True}]


# -- a noun modifier is no operation ----------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "ops"), [
    ("trash the old backup folder", ["trash"]),  # "backup" modifies "folder"
    ("rename a stale backup file", ["rename"]),
    ("back up 3 reports", ["back up"]),  # the verb itself
    ("backup the logs folder", ["backup"]),  # imperative, no determiner before it
])
def test_backup_as_noun_modifier(directive, ops):
    assert [o for o in _operations(directive) if o != "trash" or "trash" in ops] == ops


def test_modifies_noun_needs_a_determiner_or_number():
    text = "delete the backup folder"
    assert modifies_noun(text, text.index("backup"), text.index("backup") + 6, ["filesystem"])
    text = "backup the folder"
    assert not modifies_noun(text, 0, 6, ["filesystem"])


# -- a protected place ------------------------------------------------------------------------------------------
def test_a_place_out_of_bounds_reads_the_protected_directory_approximated():
    rule = _clauses("copy 2 logs but never modify anything under /var", "constraint")
    assert [(c.requirement, c.status) for c in rule] == [({"constraints": ["protect_backups"]}, "approximated")]
    assert "/var" in rule[0].note


def test_the_backup_folder_itself_is_honored():
    rule = _clauses("move 2 reports, never delete anything from the backup folder", "constraint")
    assert rule and rule[0].status == "honored"


def test_protected_place_reads_paths_and_named_folders():
    assert protected_place("never touch anything in /opt/app") == "/opt/app"
    assert protected_place("don't delete any files in the photos folder") == "photos folder"
    assert protected_place("never touch the stove") is None


# -- counts -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "count"), [
    ("get 3 packs of batteries from the online store", 3),  # after a light verb of buying
    ("shop online for 2 lamps", 2),  # after a phrasal operation
    ("the helpdesk closes 2 refund status requests", 2),  # after two modifiers
    ("pencil in 3 study hours on my calendar", 3),  # time blocks put in a calendar
    ("find time for 2 check-ins next week", 2),  # a hyphenated meeting kind
    ("purchase a pair of hiking boots", 1),  # a pair of what comes in pairs is one
    ("schedule a pair of meetings", 2),
    ("buy 3 mugs and a teapot", 4),  # "and a Y" joins the count
    ("fix a flat tyre, hard", 1),  # the one thing a fact without arguments is about
    ("squeeze a sync with the design team and a retro into friday", 2),  # an attribute inside a listed item
])
def test_counts_round16(directive, count):
    assert _count(directive) == count


def test_hours_waited_are_no_meetings():
    assert _count("wait 2 hours, then schedule 3 meetings") == 3
    assert _count("block out 2 more hours for the calendar sync") is None


# -- scheduling verbs -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "verb"), [
    ("pencil in a client call and a design review", "pencil in"),
    ("clear a slot for a demo and a debrief", "clear"),
    ("make time for 2 interviews on monday", "make"),
])
def test_scheduling_by_particle_and_by_making_room(directive, verb):
    ops = [c for c in _clauses(directive, "operation") if c.text == verb]
    assert ops and ops[0].requirement["tool"] == "schedule" and ops[0].status == "honored"


# -- rules ------------------------------------------------------------------------------------------------------
def test_a_rule_after_a_counted_clause_leaves_it():
    reading = _read("book 3 meetings with at most one meeting per room")
    rule = [c for c in reading.clauses if c.kind == "constraint"]
    assert rule and rule[0].text == "at most one meeting per room"
    assert any(c.kind == "goal_count" and c.requirement["goal_count"] == 3 for c in reading.clauses)


def test_a_money_amount_bounded_is_the_budget():
    rule = _clauses("buy 2 lamps, keep it below $60", "constraint")
    assert [c.requirement for c in rule] == [{"constraints": ["within_budget"]}]


def test_a_protector_opens_no_rule():
    assert _clauses("buy a screen protector and a charger", "constraint") == []


def test_working_reliably_is_no_noise():
    assert [c.requirement for c in _clauses("refund 2 orders, the tools behave predictably", "noise")] \
        == [{"noise": False}]


@pytest.mark.parametrize("directive", ["triage 2 support tickets", "handle a lost-parcel complaint"])
def test_accomplishing_a_case(directive):
    ops = _clauses(directive, "operation")
    assert ops and ops[0].status == "honored"
