"""Reader round 56 (session 28): fresh70's and fresh72's misses (a game level designer's brief; a first-time user's
plain requests), read by class. A game's device of time (a timer, a countdown, a move counter) said short, generous
or limited, or raced against, is time pressure; a score made known only at the end of the level is a sparse reward;
a game's difficulty setting ("casual mode", "nightmare difficulty") is a difficulty; a light that shows only where
the agent is ("the torch only lights the current room") is partial sight; worlds listed in parentheses ("(calendar
+ shop)") compose; a task done by a craft no world has ("drone delivery") names no known world; and a count of the
agent's own parts ("with two arms") is no goal count. Tested on phrasings that are in no benchmark set, with
negatives."""

from __future__ import annotations

import re

import pytest

from gensim_gym.generation.domain_choice import _FOREIGN_CRAFT
from gensim_gym.generation.lexicon import counted_type
from gensim_gym.generation.toolsets import load_registry
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import names_no_world as _unknown
from tests.reading_quiet import readings as _read_kind


# -- a game's device of time ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, slack", [
    ("stack 3 blocks before a brief countdown ends", "brief countdown", "tight"),
    ("calendar stage: book 2 meetings with a tight timer", "tight timer", "tight"),
    ("move 2 balls, and the turn counter is small", "turn counter is small", "tight"),
    ("deliver 3 crates; the countdown is long", "countdown is long", "loose"),
    ("hanoi puzzle with a relaxed timer", "relaxed timer", "loose"),
    ("refund 2 orders racing the timer", "racing the timer", "tight"),
    ("warehouse: sort 3 crates against the countdown", "against the countdown", "tight"),
])
def test_a_game_device_of_time_with_its_tightness_is_time_pressure(directive, text, slack):
    assert _read_kind(directive, "time_pressure") == [(text, "honored", {"horizon_slack": slack})]


@pytest.mark.parametrize("directive", [
    "webshop: buy 2 kitchen timers",
    "calendar: schedule 2 meetings, then set a countdown",
])
def test_a_device_of_time_alone_is_no_time_pressure(directive):
    # a timer bought or set is a thing of the task, not a limit on the episode
    assert _read_kind(directive, "time_pressure") == []


# -- a score shown only at the end ----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("stack 3 blocks; points are tallied at the end of the level", "points are tallied at the end of the level"),
    ("deliver 2 crates, the score appears only after the game is over",
     "score appears only after the game is over"),
    ("buy 1 lamp; your points only pop up on the results screen", "points only pop up on the results screen"),
    ("close 2 tickets, score revealed on the victory screen", "score revealed on the victory screen"),
])
def test_a_score_made_known_only_at_the_end_is_a_sparse_reward(directive, text):
    assert _read_kind(directive, "reward_mode") == [(text, "honored", {"reward_mode": "sparse"})]


def test_a_score_shown_on_the_screen_is_no_sparse_reward():
    assert all(status != "honored" for _, status, _ in _read_kind("deliver 2 crates; the score is shown on the screen",
                                                                   "reward_mode"))


# -- a game's difficulty setting -------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, lower", [
    ("ferry 2 cars across in story mode", "story mode", True),
    ("stack 3 blocks on rookie difficulty", "rookie difficulty", True),
    ("deliver 2 parcels, hardcore mode", "hardcore mode", False),
    ("push 1 box, insane difficulty", "insane difficulty", False),
    ("visit 4 cells on the veteran setting", "veteran setting", False),
])
def test_a_game_difficulty_setting_is_a_difficulty(directive, text, lower):
    (said, status, requirement), = _read_kind(directive, "difficulty")
    assert (said, status) == (text, "honored")
    assert (requirement["difficulty"] < 0.5) is lower


def test_a_normal_setting_is_the_middle_and_a_game_word_alone_no_setting():
    assert _read_kind("stack 3 blocks in normal mode", "difficulty") == [
        ("normal mode", "honored", {"difficulty": 0.5})]
    # "a hardcore fan" is who asks, not how hard: no difficulty is set
    assert all(status != "honored" for _, status, _ in _read_kind("a hardcore fan wants 2 meetings scheduled",
                                                                   "difficulty"))


# -- a light that shows only where the agent is ---------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("dungeon: take 1 key while the lantern only lights the current room",
     "lantern only lights the current room"),
    ("warehouse: move 2 crates, the robot's lamp just illuminates the adjacent aisles",
     "lamp just illuminates the adjacent aisles"),
    ("sokoban: push 1 box; a torch that reveals only the nearby squares",
     "torch that reveals only the nearby squares"),
])
def test_a_light_that_shows_only_where_the_agent_is_is_partial_sight(directive, text):
    assert (text, "honored", {"partial": True}) in _read_kind(directive, "observability") or \
        (text, "unsupported", {"partial": True}) in _read_kind(directive, "observability")


def test_lighting_a_room_is_no_partial_sight():
    assert _read_kind("gripper: carry 2 balls, and light the current room", "observability") == []


# -- worlds listed in parentheses -------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, worlds", [
    ("Combo stage (calendar + shop): book 1 meeting, then buy 1 lamp", ["calendar", "webshop"]),
    ("Mixed level (shop & helpdesk): buy 1 kettle and refund 1 order", ["webshop", "support"]),
    ("Double map (warehouse + file system): move 2 crates, then delete 1 file", ["warehouse", "filesystem"]),
])
def test_worlds_listed_in_parentheses_compose(directive, worlds):
    assert sorted(_domains(directive)) == sorted(worlds)


def test_a_parenthesis_of_knobs_or_counts_is_no_list_of_worlds():
    assert _domains("warehouse (2 + 3 crates): move them") == ["warehouse"]
    assert _domains("blocks (easy + sparse): stack 3 blocks") == ["blocks"]


# -- a craft no world has -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "quadcopter delivers 2 parcels between cities",
    "helicopter rescue: carry 3 people to the hospital",
    "a helicopter drops 2 parcels across the city",
])
def test_a_task_done_by_a_craft_no_world_has_names_no_world(directive):
    assert _unknown(directive)


@pytest.mark.parametrize("directive, worlds", [
    ("a drone moves 3 crates in the warehouse", ["warehouse"]),
    ("transport: a drone delivers 2 parcels", ["transport"]),
    ("ship 3 packages between cities by plane", ["transport"]),
])
def test_a_craft_beside_a_world_named_keeps_the_world(directive, worlds):
    assert sorted(_domains(directive)) == sorted(worlds)


def test_no_world_knows_the_foreign_craft():
    # the table of craft no world has holds none a world's types count
    registry = load_registry()
    for word in re.findall(r"[a-z]+", _FOREIGN_CRAFT.pattern.replace("?:", "")):
        if len(word) > 2:
            assert all(counted_type(word, [name]) is None for name in registry), word


# -- a count of the agent's own parts -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("a gripper robot with 2 hands carries 5 balls to the other room", 5),
    ("a warehouse robot with three cameras moves 4 crates", 4),
    ("blocks: an arm with 2 fingers stacks 3 blocks", 3),
])
def test_a_count_of_the_agent_parts_is_no_goal_count(directive, count):
    assert [n for n, _, _ in _counts(directive)] == [count]


def test_a_flat_wheel_is_still_tireworld_s_one_goal():
    # "wheel" is left out of the agent's parts: tireworld's wheels are its flat tires
    assert _read_kind("tireworld: 1 wheel is flat, swap it", "goal_count")[0][2]["goal_count"] == 1
