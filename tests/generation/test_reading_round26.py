"""Reader round 26: a keyword inside a longer keyword of the same world is one piece of evidence, not two ("online
store" is no 1.5 against "help desk"'s 1); worlds each listed by a keyword phrase of their own ("help desk and online
store") compose as worlds listed by name do, and such a phrase after "from"/"at" names the place of the work; a
generic keyword qualified by a kind no world knows ("sudoku puzzles") is no evidence of its world, so the directive
names an unknown domain. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.errors import DirectiveError
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read


# -- two worlds listed side by side by phrases of their own ---------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "help desk and online store, noisy",
    "help desk and online store, 3 refunds",
    "the service desk and the web store, sparse",
    "an online shop and a helpdesk, 3 tools",
])
def test_worlds_listed_by_phrases_of_their_own_compose(directive):
    assert _domains(directive) == ["support", "webshop"]


@pytest.mark.parametrize("directive, domains", [
    ("the help desk and the web shop", ["support", "webshop"]),
    ("help desk plus online shop, hard", ["support", "webshop"]),
    ("online store and file system", ["filesystem", "webshop"]),
    ("the e-shop and the calendar", ["calendar", "webshop"]),
    ("buy 2 lamps from the web shop", ["webshop"]),
    ("grab 2 kitchen towels from the online store, dense reward", ["webshop"]),
    ("back up the reports and then reply to a customer about it, sparse", ["filesystem", "support"]),
    ("logistics with trucks and planes, 2 parcels, easy", ["transport"]),
])
def test_lists_and_places_already_read_stay(directive, domains):
    assert _domains(directive) == domains


def test_a_keyword_inside_a_longer_one_is_not_counted_again():
    note = _clauses("help desk and online store, noisy", "domain")[0].note
    assert "online store, store" not in note
    assert "webshop: score 1:" in note


def test_a_name_inside_a_longer_keyword_still_counts_as_the_name():
    assert _domains("customer support tickets, 3 refunds") == ["support"]


# -- a generic keyword qualified by a kind no world knows -----------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "solve sudoku puzzles, hard",
    "solve crossword puzzles",
    "jigsaw puzzles, easy",
    "solve rubik's cube puzzles",
    "the agent solves 2 nonogram puzzles, dense",
    "solve tricky kakuro puzzles",
    "play crossword puzzles, easy",
])
def test_a_foreign_kind_of_puzzle_is_an_unknown_domain(directive):
    with pytest.raises(DirectiveError) as caught:
        read(directive)
    assert caught.value.unknown_domain


@pytest.mark.parametrize("directive", ["solve puzzles, hard", "sokoban puzzles", "solve logic puzzles",
                                       "solve 3 small puzzles", "box-pushing puzzle, 1 box, easy",
                                       "push 2 boxes onto the goal squares in a sokoban puzzle, hard"])
def test_puzzles_of_our_kind_stay_sokoban(directive):
    assert _domains(directive) == ["sokoban"]


def test_a_known_world_word_before_puzzles_keeps_its_world():
    assert _domains("hanoi puzzle, 3 discs, easy") == ["hanoi"]
