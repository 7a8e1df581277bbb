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


def _of_kind(directive: str, kind: str) -> list[tuple[str, str, dict]]:
    """``(text, status, requirement)`` of each clause of ``kind`` read from ``directive``."""
    return [(c.text, c.status, c.requirement) for c in _read(directive).clauses if c.kind == kind]


# -- the analytic comparative of a difficulty level ------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, difficulty", [
    ("the sokoban difficulty should be much more higher, push 2 boxes", "difficulty should be much more higher", 0.8),
    ("ferry, 3 cars, the difficulty must be more high", "difficulty must be more high", 0.8),
    ("blocks, stack 3 blocks, level of difficulty must be a bit more low", "difficulty must be a bit more low", 0.2),
    ("depot with 2 crates where difficulty is more lower", "difficulty is more lower", 0.2),
])
def test_more_before_a_difficulty_level_is_that_level(directive, text, difficulty):
    assert _of_kind(directive, "difficulty") == [(text, "honored", {"difficulty": difficulty})]


def test_more_without_a_level_sets_no_difficulty():
    assert _of_kind("ferry 2 cars, the difficulty is more than before", "difficulty") == []


# -- "less" for "fewer" before the moves allowed ---------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("elevator, 5 passenger, and the episode should be with very less steps", "with very less steps"),
    ("visitall: visit 6 cells in less moves only", "in less moves"),
    ("sokoban, push 2 boxes using very less actions", "using very less actions"),
    ("gripper carry 3 balls within less turns", "within less turns"),
])
def test_less_moves_allowed_is_a_tight_horizon(directive, text):
    assert _of_kind(directive, "time_pressure") == [(text, "honored", {"horizon_slack": "tight"})]


def test_less_steps_of_the_plan_is_no_horizon():
    assert _of_kind("hanoi with 3 disks, the plan has less steps than that", "time_pressure") == []


# -- a rule said as what the agent is made or told not to do ---------------------------------------------------------
@pytest.mark.parametrize("directive, text, template, count", [
    ("filesystem: make the agent not delete the backup folder when it removes 3 temp files",
     "make the agent not delete the backup folder", "protect_backups", (3, "file", "honored")),
    ("support, 2 refund requests, tell the bot not to escalate", "tell the bot not to escalate", "no_escalation",
     (2, "order", "honored")),
    ("calendar, book 2 meetings, please not to double book anyone", "please not to double book anyone",
     "no_double_booking", (2, "meeting", "honored")),
    ("warehouse: instruct the robot not to block the dock when it delivers 2 crates",
     "instruct the robot not to block the dock", "dock_clear", (2, "item", "honored")),
])
def test_made_not_to_do_is_a_rule(directive, text, template, count):
    assert _of_kind(directive, "constraint") == [(text, "honored", {"constraints": [template]})]
    assert _counts(directive) == [count]


def test_not_only_after_make_is_no_rule():
    assert [s for _, s, _ in _of_kind("make the agent not only book 2 meetings but also invite people",
                                      "constraint")] != ["honored"]
    assert _counts("make the agent not only book 2 meetings but also invite people") == [(2, "meeting", "honored")]


# -- "in the same time": the slot of a double booking ----------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("calendar, book 2 meeting, nobody should be in two meetings on same time",
     "nobody should be in two meetings on same time"),
    ("calendar: arrange 3 meetings and no person attends two of them in the same time",
     "no person attends two of them in the same time"),
])
def test_the_same_time_with_another_preposition_is_one_slot(directive, text):
    assert _of_kind(directive, "constraint") == [(text, "honored", {"constraints": ["no_double_booking"]})]


def test_the_same_time_zone_is_no_slot():
    assert _of_kind("calendar: book 2 meetings in the same time zone", "constraint") == []
    assert _counts("calendar: book 2 meetings in the same time zone") == [(2, "meeting", "honored")]


# -- plain size words naming both ends of hanoi's order --------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("hanoi, 3 disks, never place a large disc on a small disc", "never place a large disc on a small disc"),
    ("tower of hanoi, move 4 disk, the agent must not to put big disk on the small one",
     "the agent must not to put big disk on the small one"),
])
def test_big_on_small_is_hanois_own_order(directive, text):
    rules = _of_kind(directive, "constraint")
    assert [(t, s, r["requires"]) for t, s, r in rules] == [(text, "honored", "smaller")]


def test_one_size_word_alone_is_no_order():
    assert [s for _, s, _ in _of_kind("hanoi, 3 disks, never move the big disk twice", "constraint")] == [
        "unsupported"]
