"""Reader round 51: directives in the register of a requirement specification ("the agent shall ...", "it is required
that ...", "R1: ...", passives with "is to be"). A modal frame ("shall be", "is to be", "are to be") is a copula
wherever a knob is said after its noun ("the step budget shall be strict"), and a reward said to be handed out
("is to be issued", "shall be given") keeps its condition ("on completion only", "at every step"); a difficulty is
said as a level ("the difficulty shall be low", "high difficulty"); an agent that sees only where it is ("observes
only its current room") sees part of the world; a count may follow its noun ("packages numbering five", "crates,
four in number"); a rule that restates a tool's own precondition of size ("placing a larger disk on a smaller one
is prohibited") is kept by every task; and a requirement's label ("R1:") and the frame's words ("shall",
"mandated", "specification") are no requests. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import read as _read
from tests.reading_quiet import unread as _unread


def _first(directive: str, kind: str) -> tuple[dict, str] | None:
    found = _clauses(directive, kind)
    return (found[0].requirement, found[0].status) if found else None


# -- a modal frame is a copula ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, value", [
    ("stack 3 blocks; the episode length shall be short", "tight"),
    ("deliver 2 parcels by truck, and the time limit is to be generous", "loose"),
    ("sort 4 items in the warehouse; the deadline will be strict", "tight"),
])
def test_a_modal_frame_is_a_copula_of_time_pressure(directive, value):
    assert _first(directive, "time_pressure") == ({"horizon_slack": value}, "honored")


@pytest.mark.parametrize("directive, value", [
    ("move 2 balls with the gripper; rewards are to be granted upon completion only", "sparse"),
    ("stack 3 blocks; the reward shall be paid only when the tower stands", "sparse"),
    ("rename 2 files in the folder, and feedback is to be provided after every action", "dense"),
    ("push 1 box in sokoban; points shall be awarded for each step", "dense"),
])
def test_a_reward_said_to_be_handed_out_keeps_its_condition(directive, value):
    assert _first(directive, "reward_mode") == ({"reward_mode": value}, "honored")


def test_a_handed_out_reward_without_a_condition_says_no_sparse_reward():
    # no "only", no end: nothing says the reward waits for the task done
    found = _first("move 2 balls with the gripper; rewards shall be granted generously", "reward_mode")
    assert found is None or found[0].get("reward_mode") != "sparse"


# -- a difficulty said as a level --------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, easier", [
    ("board 2 cars on the ferry at a low difficulty", True),
    ("visit every cell of the grid; difficulty level: high", False),
    ("unload 3 crates in the depot, the difficulty is to be set to low", True),
    ("buy 2 mugs in the web shop with the difficulty kept at high", False),
])
def test_a_difficulty_level_shifts_the_difficulty(directive, easier):
    found = _first(directive, "difficulty")
    assert found is not None and found[1] == "honored"
    assert (found[0]["difficulty"] < 0.5) == easier


def test_high_and_low_elsewhere_set_no_difficulty():
    assert _first("ship 2 orders from the warehouse; the difficulty is that the shelves are high",
                  "difficulty") is None
    assert _first("buy 2 lamps with low prices from the online shop", "difficulty") is None


# -- seeing only where the agent is ------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "carry 3 balls with the gripper robot; the robot perceives just its immediate surroundings",
    "the elevator shall serve 2 passengers, and the car senses only its present floor",
    "the walker shall visit every cell and observes solely its neighbouring cells",
])
def test_seeing_only_here_is_partial_observability(directive):
    assert _first(directive, "observability") is not None
    assert _first(directive, "observability")[0] == {"partial": True}


def test_seeing_only_a_thing_that_is_no_place_is_no_observability():
    assert _first("move 2 balls with the gripper; the robot sees only the current score", "observability") is None


# -- a count after its noun ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("balls numbering three are to be carried to room b by the gripper", 3, "ball"),
    ("in the depot, crates, two in number, shall be unloaded", 2, "crate"),
    ("orders to the number of 4 are to be refunded by the support desk", 4, "order"),
])
def test_a_count_after_its_noun(directive, count, kind):
    assert (count, kind, "honored") in _counts(directive)


def test_numbering_a_noun_of_no_type_counts_nothing():
    assert not any(k == "page" for _, k, _ in _counts("deliver packages by truck, a manifest numbering 3 pages"))


# -- a rule the world's own precondition keeps -------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "move 3 discs to the last peg in hanoi; a bigger disc must never sit on a smaller disc",
    "solve the tower of hanoi with 4 disks without ever stacking a larger disk over a smaller one",
])
def test_a_size_rule_hanoi_keeps_is_honored(directive):
    found = _clauses(directive, "constraint")
    assert found and found[0].status == "honored" and found[0].requirement["requires"] == "smaller"


def test_a_size_rule_no_tool_keeps_stays_unsupported():
    found = _clauses("stack 3 blocks into a tower, never put a larger block on a smaller one", "constraint")
    assert found and found[0].status == "unsupported"


# -- the frame of a requirement is no request --------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "REQ-1: the depot agent shall unload 2 crates. REQ-2: hoists are to be noisy.",
    "It is mandated that the ferry carry 2 cars across. Specification: dense reward.",
    "FR1) The gripper robot shall move 3 balls to room b.",
])
def test_requirement_labels_and_frames_are_filler(directive):
    unread = _unread(directive)
    assert not any(w.startswith(("req", "fr", "mandated", "specification", "shall")) for u in unread
                   for w in u.split()), _read(directive).table()


def test_a_place_named_like_a_label_inside_a_sentence_stays_a_word():
    assert "r2" in " ".join(_unread("Move 2 balls with the gripper to r2."))


# -- an act named by its noun ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, verb", [
    ("creation of 3 folders under the home directory", "create"),
    ("in the file system: creation of 1 directory for the reports", "create"),
])
def test_a_noun_of_an_act_no_tool_does_is_reported(directive, verb):
    found = _clauses(directive, "operation")
    assert found and found[0].requirement["operation"] == verb and found[0].status == "unsupported"


def test_making_a_worlds_goal_objects_is_its_own_task():
    # a calendar's meetings are made by scheduling them: the world's task, as "3 meetings" alone is
    found = _clauses("creation of 2 check-ins on my calendar for friday", "operation")
    assert found and found[0].requirement["tool"] == "schedule" and found[0].status == "honored"


def test_a_noun_of_an_act_without_a_count_is_no_operation():
    assert not _clauses("the creation date of the files in the folder", "operation")


# -- a reward mode said after the reward --------------------------------------------------------------------------
@pytest.mark.parametrize("directive, value", [
    ("carry 2 balls to room b with the gripper; the reward signal shall be sparse", "sparse"),
    ("unlock 1 door in the dungeon. Rewards: dense.", "dense"),
    ("board 3 cars on the ferry, and the feedback is to be dense", "dense"),
])
def test_a_reward_mode_after_the_reward_is_one_clause(directive, value):
    found = _clauses(directive, "reward_mode")
    assert [c.requirement for c in found] == [{"reward_mode": value}] and found[0].status == "honored"


def test_a_negated_mode_after_the_reward_still_reads_the_other_mode():
    found = _clauses("stack 3 blocks; the reward is not sparse", "reward_mode")
    assert found and all(c.requirement == {"reward_mode": "dense"} for c in found)


# -- a time allowance said to be granted -----------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "stack 2 blocks into a tower; a generous step budget shall be granted",
    "deliver 3 parcels between cities by truck, and lots of time is to be allowed",
])
def test_a_granted_time_allowance_is_one_clause(directive):
    assert _first(directive, "time_pressure") == ({"horizon_slack": "loose"}, "honored")
    assert not _clauses(directive, "constraint") and not _unread(directive)


def test_allowed_apart_from_a_time_phrase_stays_what_it_was():
    directive = "refund 2 orders with plenty of time; refunds are allowed only under the policy"
    assert any(c.status == "honored" for c in _clauses(directive, "constraint"))
