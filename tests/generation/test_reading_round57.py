"""Reader round 57: directives written as a QA engineer's acceptance criteria ("Feature: ...", "Scenario: ...",
"Background:", "Scenario Outline: ...", "Examples:", and the steps "Given ...", "When ...", "Then ...", "And ...",
"But ..."). The frame is no request (``exercise_sheet.unframed``, the place round 55 blanked an exercise sheet's
frame): read as written, "Given" was an operation no tool does. A count in a scenario's "Given" steps says what the
world starts with ("Given 4 meetings already on the calendar, when the agent cancels 2 of them"): the goal count is
the one the acting steps say (``exercise_sheet.setup_spans``, ``counts.goal_counted``). A reward said to wait for
leaving the whole world ("rewarded only on leaving the dungeon") is sparse. Tested on phrasings that are in no
benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.exercise_sheet import frame_words, setup_spans, unframed
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read
from tests.reading_quiet import tools as _tools


def _reward(directive: str) -> list[tuple[str | None, str, str]]:
    """``(mode, status, text)`` of each reward clause of ``directive``."""
    return [(c.requirement.get("reward_mode"), c.status, c.text) for c in _clauses(directive, "reward_mode")]


# -- the scenario's labels and step words ------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, dropped, domain, tool", [
    ("Scenario: late parcels. Given the trucks of the transport world, When a truck delivers 2 parcels, Then both are "
     "in their city.", ["scenario", "given", "when", "then"], "transport", "unload*"),
    ("Feature: lifts. Background: Given an elevator in an office tower. Scenario: When it serves 2 passengers, Then "
     "they get out on their floors.", ["feature", "background", "given", "scenario", "when", "then"], "elevator",
     None),
    ("given a blocks world, when the agent stacks 2 blocks, then the tower stands", ["given", "when", "then"],
     "blocks", None),
    ("Scenario Outline: mugs. Given the webshop, When the agent buys <n> mugs, Then the order holds them. "
     "Examples: | n | 2 |", ["scenario", "outline", "given", "when", "then", "examples"], "webshop", None),
    ("Given a ferry at the south dock, And 2 cars waiting, When the ferry sails the cars over, Then both cars are "
     "ashore, But the ferry is never overloaded.", ["given", "and", "when", "then", "but"], "ferry", None),
])
def test_a_scenarios_frame_is_dropped_and_listed(directive, dropped, domain, tool):
    assert frame_words(directive.lower()) == dropped
    reading = _read(directive)
    assert all(w in reading.filler for w in dropped)
    assert _domains(directive) == [domain]
    operations = _clauses(directive, "operation")
    assert not [c for c in operations if c.text.lower() in ("given", "when", "then", "scenario", "feature")]
    assert operations and operations[0].status in ("honored", "approximated"), reading.table()
    if tool:
        assert (tool, "honored") in _tools(directive)


def test_the_knobs_note_the_scenarios_frame():
    notes = parse_directive("Scenario: tidy desk. Given a file system, When the agent deletes 2 logs, "
                            "Then they are gone.").notes
    assert "an exercise sheet's or a scenario's labels and marks, so not read: 'scenario given when then'" in notes


@pytest.mark.parametrize("directive", [
    "schedule 2 meetings, when possible, and book a room",
    "Given a budget of 40 dollars, buy 2 mugs in the webshop",  # a "given" alone is no scenario
    "deliver 3 packages by truck, then unload them, but never fly",
    "the scenario is a dungeon where the hero collects 2 keys",  # "scenario" with no colon is a word of the text
])
def test_step_words_outside_a_scenario_stay(directive):
    assert frame_words(directive.lower()) == []
    assert unframed(directive.lower()) == directive.lower()


def test_a_when_inside_a_step_stays():
    # "only when the tower is complete": the step's own condition, not a step
    directive = "Given a blocks world, When the agent stacks 2 blocks, Then it is rewarded only when the tower is done."
    assert frame_words(directive.lower()) == ["given", "when", "then"]
    assert _reward(directive) == [("sparse", "honored", "rewarded only when the tower is done")]


def test_a_scenarios_title_stays():
    # "Scenario: sokoban on easy": the title names the world and the difficulty
    directive = ("Scenario: sokoban on easy. Given a fresh level, When the agent pushes 1 box onto its goal, "
                 "Then it wins.")
    assert _domains(directive) == ["sokoban"]
    assert [c.status for c in _clauses(directive, "difficulty")] == ["honored"]


# -- a count in the setup ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, asked, setup", [
    ("Given a warehouse with 6 crates on the shelves, When the robot moves 2 crates to the dock, Then both are there.",
     (2, "item"), (6, "item")),
    ("Given 5 orders in the support queue, when the agent cancels 1 order, then that order is cancelled.",
     (1, "order"), (5, "order")),
    ("Given a gripper robot and 6 balls in room a, When it carries 3 balls to room b, Then room b holds them.",
     (3, "ball"), (6, "ball")),
    ("Scenario: cleanup. Given 3 meetings on the calendar And 2 free rooms, When the agent unschedules 1 meeting, "
     "Then it is off the calendar.", (1, "meeting"), (3, "meeting")),
])
def test_a_count_in_the_setup_is_no_goal(directive, asked, setup):
    found = _counts(directive)
    assert (*asked, "honored") in found, _read(directive).table()
    said = [c for c in _clauses(directive, "goal_count") if c.requirement["goal_count"] == setup[0]]
    assert [c.status for c in said] == ["unsupported"]
    assert "a scenario's setup (its Given step) says what the world starts with" in said[0].note
    assert (parse_directive(directive).goal_count, parse_directive(directive).goal_type) == asked


@pytest.mark.parametrize("directive, asked", [
    # the setup holds the only count: it is the goal
    ("Given 2 meetings to schedule, When the agent runs, Then both are on the calendar.", (2, "meeting")),
    # the same count in both: one goal
    ("Given a ferry and 2 cars on the quay, When the ferry carries the 2 cars over, Then they are ashore.", (2, "car")),
])
def test_a_setup_count_alone_stays_the_goal(directive, asked):
    assert (*asked, "honored") in _counts(directive), _read(directive).table()
    assert (parse_directive(directive).goal_count, parse_directive(directive).goal_type) == asked


def test_setup_spans_run_from_given_to_the_next_acting_step():
    text = "given 4 crates and 2 trucks, and 1 hoist, when the agent loads 2 crates, then they are on the truck"
    assert [text[a:b].strip(" ,") for a, b in setup_spans(text)] == ["given 4 crates and 2 trucks, and 1 hoist"]
    assert setup_spans("a desk with 5 tickets; resolve 3 of them") == []  # no scenario: no setup
    assert setup_spans("given a budget of 40, buy 2 mugs") == []


# -- a reward that waits for leaving the whole world -------------------------------------------------------------------
@pytest.mark.parametrize("tail", [
    "it is rewarded only on leaving the dungeon",
    "the hero is rewarded only upon escaping the dungeon",
    "the reward comes only once it exits the level",
    "it gets rewarded only after getting out of the dungeon",
])
def test_a_reward_only_on_leaving_the_world_is_sparse(tail):
    directive = f"In the dungeon, the hero collects 2 keys; {tail}."
    assert [(m, s) for m, s, _ in _reward(directive)] == [("sparse", "honored")], _read(directive).table()


def test_leaving_the_world_said_as_a_rule_is_no_reward():
    directive = "In the dungeon, the hero collects 2 keys; leaving the dungeon before that is forbidden."
    assert _reward(directive) == []
