"""Reader round 61 (branch fid69): fresh77's misses (social-media posts: a researcher posting on a microblog or a lab
channel), read by class after its one untouched run. A difficulty turned far ("cranked the difficulty WAY up") is a
large shift; a rule ends at a question or exclamation mark as at a stop, so a count after it is the task's; an act's
noun restricted by a verb of going ahead ("refunds only go out after ...") restricts that act; a post's frame (thread
numbers, @-mentions, emoji codes, chat asides, the poster's own act on the environment) is no request. Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import readings as _read_kind


# -- the difficulty turned far ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, difficulty", [
    ("ferry 2 cars, and we turned the difficulty way up", "turned the difficulty way up", 0.95),
    ("blocks: stack 3 blocks, difficulty ramped all the way up", "difficulty ramped all the way up", 0.95),
    ("gripper with 2 balls; dial the difficulty way down", "dial the difficulty way down", 0.05),
    ("sokoban, 1 box, crank the difficulty right up", "crank the difficulty right up", 0.95),
    ("elevator, 3 passengers, difficulty bumped waaay down", "difficulty bumped waaay down", 0.05),
])
def test_a_difficulty_turned_far_is_a_large_shift(directive, text, difficulty):
    assert _read_kind(directive, "difficulty") == [(text, "honored", {"difficulty": difficulty})]


def test_a_plain_turn_keeps_its_own_shift():
    assert _read_kind("hanoi, 3 disks, turn the difficulty up", "difficulty") == [
        ("turn the difficulty up", "honored", {"difficulty": 0.8})]


def test_the_far_turn_is_no_operation_of_its_own():
    assert [c[0] for c in _read_kind("support: resolve 2 tickets, we cranked the difficulty way up", "operation")] \
        == ["resolve"]


@pytest.mark.parametrize("directive", [
    "gripper: the robot picks up 2 balls and goes way up to room b",
    "warehouse: lift 2 pallets all the way up to the top shelf",
])
def test_turning_something_else_far_is_no_difficulty(directive):
    assert _read_kind(directive, "difficulty") == []
