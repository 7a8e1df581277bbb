"""Reader round 66 (fid72): fresh83's misses (formal requests written by non-native speakers or machine-translated),
read by class after its one untouched run. A formal letter's frame (a salutation to no name, "with due respect",
"I kindly request to you", a closing with or without a name, "kindly do the needful") is no request of the
environment. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import counts as _counts
from tests.reading_quiet import read as _read


def _kinds(directive: str) -> list[str]:
    """The kinds of the clauses read from ``directive`` other than the domain's and the words no recognizer read,
    sorted."""
    return sorted(c.kind for c in _read(directive).clauses if c.kind not in ("domain", "unrecognized"))


# -- a formal letter's frame is no request ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive, kinds", [
    ("Respected Sir, kindly make calendar task where agent books 2 meeting. Yours faithfully, Anil",
     ["goal_count", "operation"]),
    ("To whom it may concern, I request a warehouse env in which robot moves 3 boxes. Thanking you in advance",
     ["goal_count", "operation"]),
    ("Good day. Elevator with 4 passenger, dense reward please. With regards, Ngozi Okafor",
     ["goal_count", "operation", "reward_mode"]),
    ("Dear Sir or Madam, With due respect I request a sokoban env where the agent pushes 2 boxes. Kindly consider my"
     " request. Waiting for your positive reply.", ["goal_count", "operation"]),
    ("Respected colleagues, blocks world, stack 3 block, sparse reward. Thanks and regards",
     ["goal_count", "operation", "reward_mode"]),
    ("To the concerned team: ferry with 2 car to carry across. Thank you for your kind cooperation.",
     ["goal_count", "operation"]),
])
def test_a_formal_letters_frame_is_no_request(directive, kinds):
    assert _kinds(directive) == kinds


def test_a_salutation_is_no_rule_of_respect():
    # "respected" of a salutation was read as a rule and matched calendar's double-booking template as honored
    directive = "Respected team, calendar where the agent moves 2 meeting. Best regards, Chen"
    assert [c for c in _read(directive).clauses if c.kind == "constraint"] == []
    assert _counts(directive) == [(2, "meeting", "honored")]


def test_due_respect_no_longer_swallows_the_sentence_after_it():
    directive = ("Dear Sir, With due respect I am informing you that we need gripper env where robot carry 4 balls"
                 " to room B. Yours sincerely, Femi")
    assert _counts(directive) == [(4, "ball", "honored")]
    assert _kinds(directive) == ["goal_count", "operation"]


@pytest.mark.parametrize("directive, text", [
    ("Respected team, the agent must respect the budget while buying 2 lamps in the webshop. Best regards",
     "respect the budget"),                                          # a rule of respecting stays one
    ("Dear Sir, the webshop agent buys 2 lamps and must respect the budget, thank you.", "respect the budget"),
])
def test_respect_of_the_world_stays_a_rule(directive, text):
    rules = [c for c in _read(directive).clauses if c.kind == "constraint"]
    assert [(c.text, c.status, c.requirement) for c in rules] == [(text, "honored", {"constraints": ["within_budget"]})]


def test_a_thanks_before_the_request_ends_no_letter():
    # a closing ends the text: "thank you for the hanoi env; please make it 4 disks" still asks for 4 disks
    assert _counts("Dear Sir, thank you for the hanoi env; please make it 4 disks now.") == [(4, "disc", "honored")]


def test_without_a_salutation_a_closing_phrase_is_not_blanked():
    # "no hurry" outside a letter stays the loose time limit it was (round 62's rule, kept for letters)
    clauses = [c for c in _read("elevator, 3 passengers, no hurry. Regards").clauses if c.kind == "time_pressure"]
    assert [(c.text, c.status, c.requirement) for c in clauses] == [("no hurry", "honored", {"horizon_slack": "loose"})]
