"""Reader round 43: directives typed in haste, often by non-native speakers, read as their careful forms. A
misspelt keyword of five or more letters is mended to the one keyword one edit away that starts with its letter
("calandar", "purchse", "delte"), but never a real word, a derived word or a short word with a changed letter
(``spelling.mended``); a negation without its apostrophe gets it back ("dont", "doesnt"); "then" after a
comparative is "than" unless a verb follows; seeing is read without its auxiliary or its owner ("not see all",
"sees only own", "sees only adjacent"); "few step only" and "very fast" closing a clause are a tight horizon and
"many time available" a loose one; a reward "in end" is sparse; "but not <verb>" opens a rule; ", after that
<verb>" opens a next task. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.spelling import mended, spelled
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains


def _first(directive: str, kind: str) -> tuple[dict, str] | None:
    found = _clauses(directive, kind)
    return (found[0].requirement, found[0].status) if found else None


# -- misspelt keywords ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("typed, meant", [
    ("calandar", "calendar"),     # a changed letter in a long word
    ("purchse", "purchase"),      # a letter left out
    ("delte", "delete"),          # a letter left out of a short word
    ("warehuose", "warehouse"),   # two letters swapped
    ("schedul", "schedule"),      # the silent e dropped
])
def test_misspelt_keywords_are_mended(typed, meant):
    assert mended(typed) == meant


@pytest.mark.parametrize("word", [
    "crane", "lunch", "slack",        # short words with a changed letter are words of their own
    "server", "charger", "roomy",     # a keyword with a letter added at its end is a derived word
    "draft",                          # a keyword ("drafts") without its last letter, not a silent e
    "about", "shoe", "skipping",      # real words, and a word under five letters
])
def test_real_and_derived_words_stay(word):
    assert mended(word) == word


@pytest.mark.parametrize("directive, world", [
    ("schedle 2 meetings in the calandar", ["calendar"]),
    ("purchse 2 lamps from the onlin shop", ["webshop"]),
    ("warehuose robot must move 3 crates to the dock", ["warehouse"]),
])
def test_misspelt_keywords_choose_their_world(directive, world):
    assert _domains(directive) == world


def test_misspelt_verb_is_the_worlds_operation():
    assert _first("delte 2 old files from the downloads folder", "operation")[1] == "honored"


def test_misspelt_difficulty_word_is_difficulty():
    assert _clauses("buy 2 mugs in the web shop, very dificult", "difficulty")


# -- negations without their apostrophe, "then" for "than" ---------------------------------------------------------
def test_negations_get_their_apostrophe_and_cant_wont_stay():
    assert spelled("the agent doesnt see and dont care") == "the agent doesn't see and don't care"
    assert spelled("a cant and a wont") == "a cant and a wont"


def test_apostropheless_negation_reads_as_the_negation():
    assert _first("the picker robot doesnt know where the shelves are", "observability") == ({"partial": True},
                                                                                            "honored")


def test_then_after_a_comparative_is_than_unless_a_verb_follows():
    assert spelled("spend less then 40 dollars") == "spend less than 40 dollars"
    assert spelled("buy 2 more then check out") == "buy 2 more then check out"


# -- seeing, said without its auxiliary or owner ---------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "move 2 crates to dock, the robot not see all shelves",
    "support bot refund 1 order, it know only own orders",
    "warehouse robot deliver 2 boxes, it sees only adjacent shelves",
])
def test_hasty_seeing_is_partial(directive):
    assert _first(directive, "observability") == ({"partial": True}, "honored")


def test_seeing_the_nearby_shelves_without_only_is_no_partial_observability():
    found = _first("the warehouse robot sees the nearby shelves and moves 2 crates", "observability")
    assert found is None or found[1] == "unsupported"  # a word of seeing flagged, no requirement made


# -- few steps and much time, said hastily -------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "stack 3 block, few move only",
    "rename 2 files, only very few steps",
])
def test_few_steps_only_is_tight(directive):
    assert _first(directive, "time_pressure") == ({"horizon_slack": "tight"}, "honored")


@pytest.mark.parametrize("directive", [
    "deliver 2 package with truck, much time left",
    "ferry take 2 car over the river, many time available",
])
def test_much_time_at_hand_is_loose(directive):
    assert _first(directive, "time_pressure") == ({"horizon_slack": "loose"}, "honored")


def test_not_much_time_left_stays_tight():
    assert _first("deliver 2 packages with a truck, not much time left", "time_pressure")[0] == {
        "horizon_slack": "tight"}


# -- a reward in the end -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "hanoi with 3 disk, give reward in end only",
    "sort 2 files in folder, reward in the end",
])
def test_reward_in_end_is_sparse(directive):
    assert _first(directive, "reward_mode") == ({"reward_mode": "sparse"}, "honored")


def test_reward_in_the_end_of_each_step_is_not_sparse():
    found = _first("sort 2 files in folder, dense reward in the end of each step", "reward_mode")
    assert found is not None and found[0] == {"reward_mode": "dense"}


# -- "but not <verb>" is a rule ------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, rule", [
    ("buy 2 mug from shop but not spend over budget", "within_budget"),
    ("delete 3 old files and not remove any backups", "protect_backups"),
])
def test_but_not_a_verb_is_a_rule(directive, rule):
    assert _first(directive, "constraint") == ({"constraints": [rule]}, "honored")


def test_and_not_a_noun_makes_no_honored_rule():
    found = _first("buy 2 lamps and not chairs from the shop", "constraint")
    assert found is None or found[1] != "honored"


# -- ", after that <verb>" opens a next task --------------------------------------------------------------------------
@pytest.mark.parametrize("directive, worlds", [
    ("refund 2 orders for customers, after that copy 1 report to backup folder", ["filesystem", "support"]),
    ("schedule 1 meeting; afterwards buy 2 pens in the online shop", ["calendar", "webshop"]),
])
def test_after_that_opens_a_next_task(directive, worlds):
    assert _domains(directive) == worlds


def test_after_that_without_a_verb_is_one_task():
    assert _domains("delete 2 files in the folder, after that the folder is empty") == ["filesystem"]


# -- haste as an adverb closing its clause ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "book 2 meetings in calendar really quick",
    "robot deliver 3 crate to the dock very fast, noisy",
])
def test_very_fast_closing_a_clause_is_tight(directive):
    assert _first(directive, "time_pressure") == ({"horizon_slack": "tight"}, "honored")


def test_a_thing_said_to_be_fast_is_no_time_pressure():
    found = _first("the robot arm is very fast, stack 3 blocks", "time_pressure")
    assert found is None or found[1] == "unsupported"
