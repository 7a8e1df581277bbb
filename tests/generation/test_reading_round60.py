"""Reader round 60 (session 29): fresh76's misses (research-group meeting minutes), read by class after its one
untouched run. The difficulty turned up or down ("difficulty bumped up a notch", "crank the difficulty up") is a
difficulty, slight by a notch; the world revealed a part at a time ("the map is revealed only room by room") and
seeing only the current directory are partial sight; a field of well-known benchmarks no world models (an Atari game,
stock trading) names no world, whatever world's word stands beside it. Tested on phrasings that are in no benchmark
set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import domains as _domains
from tests.reading_quiet import names_no_world as _unknown
from tests.reading_quiet import readings as _read_kind


# -- the difficulty turned up or down -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, difficulty", [
    ("ferry 2 cars; the difficulty got cranked up", "difficulty got cranked up", 0.8),
    ("elevator with 3 passengers, turn the difficulty up a bit", "turn the difficulty up a bit", 0.65),
    ("hanoi, 3 disks, ratchet up the difficulty", "ratchet up the difficulty", 0.8),
    ("gripper, 2 balls, difficulty toned down slightly", "difficulty toned down slightly", 0.35),
    ("depot: unload 2 crates, and lower the difficulty", "lower the difficulty", 0.2),
])
def test_the_difficulty_turned_up_or_down_is_a_difficulty(directive, text, difficulty):
    assert _read_kind(directive, "difficulty") == [(text, "honored", {"difficulty": difficulty})]


@pytest.mark.parametrize("directive", [
    "gripper: the robot picks up 2 balls and steps up to room b",
    "warehouse: raise 2 pallets onto the top shelf",
])
def test_turning_something_else_up_is_no_difficulty(directive):
    assert _read_kind(directive, "difficulty") == []


# -- revealed a part at a time, or only the current directory seen --------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("gripper: carry 2 balls; the rooms are uncovered room by room", "uncovered room by room"),
    ("visitall, 4 cells, the grid is shown only cell by cell", "shown only cell by cell"),
    ("filesystem: delete 2 logs, the agent observes only its current folder", "observes only its current folder"),
])
def test_a_world_revealed_a_part_at_a_time_is_partial_sight(directive, text):
    assert _read_kind(directive, "observability") == [(text, "honored", {"partial": True})]


def test_acting_step_by_step_is_no_partial_sight():
    assert _read_kind("blocks: stack 3 blocks step by step", "observability") == []


# -- a field no world models ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "an Atari Breakout agent, discussed at the meeting",
    "someone asked for Ms. Pac-Man with a dense reward",
    "a crypto trading bot that buys 2 coins on a stock exchange",
    "portfolio rebalancing across 3 funds, hard",
])
def test_a_field_no_world_models_names_no_world(directive):
    assert _unknown(directive)


@pytest.mark.parametrize("directive, world", [
    ("warehouse: count the stock on 3 shelves", "warehouse"),
    ("webshop: buy 2 trading cards", "webshop"),
    ("calendar: schedule a meeting about the stock market with 3 people", "calendar"),  # named by its name
])
def test_a_world_named_or_its_own_goods_keep_it(directive, world):
    assert _domains(directive) == [world]


# -- a label before a colon, then two tasks of two worlds ----------------------------------------------------------
@pytest.mark.parametrize("directive, worlds", [
    ("Agreed with ops: the bot resolves a customer ticket and then deletes the old log files",
     ["filesystem", "support"]),
    ("Outcome of the sync: the agent buys 1 kettle in the web shop and then books 1 meeting", ["calendar", "webshop"]),
])
def test_tasks_after_a_label_compose_their_worlds(directive, worlds):
    assert _domains(directive) == worlds


def test_a_world_named_as_the_label_still_composes():
    assert _domains("warehouse: move 3 crates and then delete 2 files") == ["filesystem", "warehouse"]
