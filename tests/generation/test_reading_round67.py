"""Reader round 67 (session 31): fresh81's misses (a grant proposal's research plan), read by class. A place seen said
after its noun ("observes only the room it currently occupies", "seeing only the tiles adjacent to it") is hidden
state; a setting "kept" so ("step budgets will be kept tight") is that setting; the reward's mode said as an adverb of
its verb ("rewarded densely") is that mode; a difficulty said above or below a baseline ("set slightly above the
default") shifts it; one thing per episode ("buying one kettle per episode") is the task's count, no invariant; and
air-traffic control is a field no world models. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import counts as _counts
from tests.reading_quiet import names_no_world
from tests.reading_quiet import readings as _read_kind


# -- a place seen, said after its noun ---------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("gripper: the robot sees only the room it is in", "sees only the room it is in"),
    ("elevator where the controller observes only the floor it currently stands on",
     "observes only the floor it currently stands on"),
    ("visitall, the agent perceives just the cells around it", "perceives just the cells around it"),
    ("dungeon with a hero seeing only the squares next to him", "seeing only the squares next to him"),
])
def test_a_place_seen_said_after_its_noun_is_hidden(directive, text):
    assert _read_kind(directive, "observability") == [(text, "honored", {"partial": True})]


@pytest.mark.parametrize("directive", [
    "gripper: the robot drops the balls in the room it is in",       # no seeing
    "visitall, the agent visits the cells around it",
])
def test_a_place_said_after_its_noun_without_seeing_hides_nothing(directive):
    assert [r for r in _read_kind(directive, "observability") if r[2].get("partial")] == []


# -- a setting kept so -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, value", [
    ("sokoban, and the step budget will be kept tight", "step budget will be kept tight", "tight"),
    ("blocks world; the time limit is kept generous", "time limit is kept generous", "loose"),
])
def test_a_time_setting_kept_so_is_that_setting(directive, text, value):
    assert _read_kind(directive, "time_pressure") == [(text, "honored", {"horizon_slack": value})]


# -- the reward's mode said as an adverb -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, mode", [
    ("ferry: carry 2 cars, rewarded densely", "rewarded densely", "dense"),
    ("hanoi, 3 disks, sparsely rewarded", "sparsely rewarded", "sparse"),
    ("warehouse, the robot is scored densely along the way", "scored densely", "dense"),
])
def test_the_reward_mode_said_as_an_adverb_is_that_mode(directive, text, mode):
    assert (text, "honored", {"reward_mode": mode}) in _read_kind(directive, "reward_mode")


# -- a difficulty said relative to a baseline ------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, difficulty", [
    ("blocks world, difficulty is set slightly above the default", "difficulty is set slightly above the default",
     0.65),
    ("hanoi: the difficulty well below the usual", "difficulty well below the usual", 0.2),
    ("sokoban with the difficulty a bit under the baseline", "difficulty a bit under the baseline", 0.35),
])
def test_a_difficulty_above_or_below_a_baseline_shifts_it(directive, text, difficulty):
    assert _read_kind(directive, "difficulty") == [(text, "honored", {"difficulty": difficulty})]


def test_a_difficulty_above_no_baseline_is_no_shift():
    assert [r for r in _read_kind("blocks world, difficulty above 3 blocks", "difficulty")
            if r[1] == "honored" and r[2] != {"difficulty": 0.5}] == []


# -- one thing per episode -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("webshop, buying one kettle per episode", 1, "product"),
    ("ferry: carry one car per run", 1, "car"),
])
def test_one_thing_per_episode_is_the_task_s_count(directive, count, kind):
    assert [(n, t) for n, t, _ in _counts(directive)] == [(count, kind)]
    assert _read_kind(directive, "constraint") == []


def test_one_thing_per_slot_is_still_an_invariant():
    assert [s for _, s, _ in _read_kind("calendar, only one meeting per slot, schedule 2 meetings",
                                        "constraint")] == ["honored"]


# -- a field no world models -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "an air-traffic control simulator where the agent sequences arriving aircraft",
    "traffic signal control at 4 intersections",
    "a power grid where the agent balances load",
])
def test_traffic_and_grid_control_name_no_world(directive):
    assert names_no_world(directive)


def test_aircraft_in_the_transport_world_stay_transport():
    assert not names_no_world("transport: fly 2 packages by aircraft between airports")
