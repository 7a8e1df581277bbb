"""Reader round 71 (session 32, the lead): the last wrong and ignored clauses of the tuning sets, read by class.
Partial observability asked of a world no one models goes with the unknown-domain error ("a poker environment,
partially observable"); a place near the agent said to be seen, with or without its verb ("only the squares next to
the agent are visible"), and a chat answer that narrows a yes/no question's subject ("full map visible?" / "no, only
the cells around the agent") are hidden state; "A and B" joins worlds in the sentence that says they are combined,
not in a later "one ticket and one meeting"; and a world set up for an act ("make a simulation where the robot cooks
...") is about that act. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym import DirectiveError
from gensim_gym.generation.chat_log import dialogue_read
from tests.reading_quiet import domains, names_no_world, read
from tests.reading_quiet import readings as _read_kind


def _kinds_with_error(directive: str) -> dict[str, dict]:
    """The requirement of each clause kind the unknown-domain error of ``directive`` carries."""
    with pytest.raises(DirectiveError) as caught:
        read(directive)
    assert caught.value.unknown_domain
    return {c.kind: c.requirement for c in caught.value.clauses}


# -- observability goes with the unknown-domain error ------------------------------------------------------------------
@pytest.mark.parametrize("directive, partial", [
    ("a bridge card game environment, partially observable, where each player bids", True),
    ("an autonomous driving sim where the car can only see 20 metres ahead", True),
    ("a go-playing environment, fully observable board, hard", False),
])
def test_observability_of_an_unknown_world_goes_with_the_error(directive, partial):
    assert _kinds_with_error(directive)["observability"] == {"partial": partial}


def test_an_unknown_world_said_nothing_of_seeing_carries_no_observability():
    assert "observability" not in _kinds_with_error("a protein folding environment with a sparse reward")


# -- a place near the agent said to be seen ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("sokoban, 2 boxes; only the squares next to the agent are visible",
     "only the squares next to the agent are visible"),
    ("visitall, 5 cells, just the cells around the robot shown", "just the cells around the robot shown"),
    ("dungeon with 2 keys where only the tiles adjacent to the hero remain visible",
     "only the tiles adjacent to the hero remain visible"),
    ("gripper, 3 balls: only the room it is in is observable", "only the room it is in is observable"),
])
def test_a_place_near_the_agent_said_to_be_seen_is_hidden_state(directive, text):
    assert _read_kind(directive, "observability") == [(text, "honored", {"partial": True})]


@pytest.mark.parametrize("directive", [
    "sokoban, push the boxes next to the agent onto goals",          # no seeing: which boxes to push
    "visitall: visit only the cells around the robot",               # a task, not a view
])
def test_a_place_near_the_agent_not_said_to_be_seen_hides_nothing(directive):
    assert [r for r in _read_kind(directive, "observability") if r[2].get("partial")] == []


# -- a chat answer narrowing a yes/no question's subject ---------------------------------------------------------------
@pytest.mark.parametrize("log, said", [
    ("user: visitall grid, 6 cells\nassistant: whole grid visible?\nuser: no, only the cells around the agent",
     "only the cells around the agent visible."),
    ("user: file system, rename 2 files\nassistant: every folder listed?\nuser: nope, just the current directory",
     "just the current directory listed."),
    ("user: support desk\nassistant: all tools noisy?\nuser: no, only the search tool",
     "only the search tool noisy."),
])
def test_a_no_that_narrows_the_subject_takes_the_questions_state(log, said):
    assert dialogue_read(log).splitlines()[-1] == said


@pytest.mark.parametrize("log, said", [
    ("user: hanoi, 3 disks\nassistant: dense reward?\nuser: no, sparse", "sparse."),       # no restriction
    ("user: support desk\nassistant: noise on the tools?\nuser: no, only the default",
     "only the default."),                                                                # no state asked about
])
def test_a_no_that_narrows_nothing_stands_as_said(log, said):
    assert dialogue_read(log).splitlines()[-1] == said


def test_a_narrowed_view_in_a_chat_is_read_as_hidden_state():
    log = ("user: sokoban, the agent pushes 2 boxes\nassistant: full board visible?\n"
           "user: no, only the squares next to the agent\nuser: thanks!")
    assert [r[2] for r in _read_kind(log, "observability")] == [{"partial": True}]


# -- "A and B" joined in the sentence that says they are combined ------------------------------------------------------
@pytest.mark.parametrize("directive, worlds", [
    ("a combined task: the agent refunds an order and then books a meeting. one order and one meeting.",
     ["calendar", "support"]),
    ("i want a mixed env: the robot moves crates in a warehouse and buys items in an online shop. 2 crates and 1 item",
     ["warehouse", "webshop"]),
    ("a combined env. an online shop and a warehouse, buy 2 items", ["warehouse", "webshop"]),  # the "and" later
])
def test_and_joins_worlds_in_the_sentence_that_says_they_are_combined(directive, worlds):
    assert domains(directive) == worlds


# -- a world set up for an act is about that act -----------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "please make a simulation where the robot cooks dinner in the kitchen",
    "build an environment in which the agent bakes bread in the kitchen",
    "a home simulator where the robot irons the shirts in the bedroom",
])
def test_a_world_set_up_for_a_foreign_act_names_no_world(directive):
    assert names_no_world(directive)


@pytest.mark.parametrize("directive, worlds", [
    ("make a simulation where the robot puts 3 mugs away in the kitchen", ["rearrangement"]),
    ("create an env where the agent books 2 meetings", ["calendar"]),
    ("a game where the agent pushes 2 boxes onto goals", ["sokoban"]),
])
def test_a_world_set_up_for_a_worlds_act_is_that_world(directive, worlds):
    assert domains(directive) == worlds
