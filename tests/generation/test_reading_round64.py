"""Reader round 64 (session 31): fresh79's misses (code comments and docstrings), read by class. A scant count of
moves said per episode ("the agent gets very few steps per episode") is a tight allowance, and an ample one per
episode a loose one; a part of the world seen only as the agent gets about ("the map is only revealed as the agent
explores") is hidden; and "and a <act>" before a rule said of any such act ("2 refund cases, and a refund only goes
out if the policy allows it") adds no goal item. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import counts as _counts
from tests.reading_quiet import readings as _read_kind


# -- a count of moves said per episode -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("sokoban where the agent gets very few steps per episode", "very few steps per episode"),
    ("hanoi, not many moves per run", "not many moves per run"),
    ("blocks world, only a handful of turns each game", "only a handful of turns each game"),
    ("ferry: the captain has hardly any actions per episode", "hardly any actions per episode"),
    ("gripper task; a limited number of steps per rollout", "a limited number of steps per rollout"),
])
def test_a_scant_count_of_moves_per_episode_is_tight(directive, text):
    assert _read_kind(directive, "time_pressure") == [(text, "honored", {"horizon_slack": "tight"})]


@pytest.mark.parametrize("directive, text", [
    ("hanoi with plenty of moves per episode", "plenty of moves per episode"),
    ("sokoban, lots of steps per run", "lots of steps per run"),
])
def test_an_ample_count_of_moves_per_episode_is_loose(directive, text):
    assert _read_kind(directive, "time_pressure") == [(text, "honored", {"horizon_slack": "loose"})]


@pytest.mark.parametrize("directive", [
    "sokoban, the agent makes a few steps per episode",    # "a few" says no scarcity
    "visitall, log very few steps per second",             # a rate, no episode
    "blocks world: few towers per episode",                # no moves counted
])
def test_no_scarcity_of_moves_per_episode_is_no_time_pressure(directive):
    assert [r for r in _read_kind(directive, "time_pressure") if r[1] == "honored"] == []


# -- seen only as the agent gets about -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("dungeon where the map is only revealed as the agent explores", "revealed as the agent explores"),
    ("visitall grid, tiles are uncovered as you go", "uncovered as you go"),
    ("dungeon, rooms are shown gradually while it moves around", "shown gradually while it moves around"),
    ("gripper: the rooms become visible as the robot enters them", "visible as the robot enters"),
    ("elevator, floors are only seen as the car approaches", "seen as the car approaches"),
])
def test_seen_only_as_the_agent_gets_about_is_hidden(directive, text):
    assert _read_kind(directive, "observability") == [(text, "honored", {"partial": True})]


@pytest.mark.parametrize("directive", [
    "warehouse, the whole floor is shown as a grid",         # a form, no getting about
    "dungeon, the map is revealed at the start",             # all of it at once
    "hanoi, disks are visible as the agent moves them",      # seen while acted on: no fact is hidden
])
def test_shown_as_a_form_is_no_hidden_state(directive):
    assert [r for r in _read_kind(directive, "observability") if r[2].get("partial")] == []


# -- "and a <act>" before a rule said of any such act ----------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("support: 2 refund cases, and a refund only goes out if the policy allows it", 2, "order"),
    ("resolve 2 tickets and a refund must be approved by a manager", 2, "order"),
    ("support: 3 refunds, and a refund never goes to an unverified customer", 3, "order"),
    ("filesystem: copy 2 files and a copy has to be verified", 2, "file"),
])
def test_an_act_said_of_any_such_act_adds_no_goal_item(directive, count, kind):
    assert [(n, t) for n, t, _ in _counts(directive)] == [(count, kind)]


@pytest.mark.parametrize("directive, count, kind", [
    ("webshop: buy 2 lamps and a kettle, then check out", 3, "product"),
    ("webshop: buy 2 lamps and a kettle must be cheap", 3, "product"),          # a thing, not an act
    ("support: handle 2 complaints and a refund, then close them", 3, "order"),  # an act with no rule after it
    ("support, 2 refunds and a refund only if the order was delivered", 3, "order"),  # a condition on this one
])
def test_a_joined_object_still_adds_to_the_count(directive, count, kind):
    assert [(n, t) for n, t, _ in _counts(directive)] == [(count, kind)]
