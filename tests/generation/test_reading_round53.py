"""Reader round 53: directives pasted as settings, in configuration, key-value and list style ("domain: calendar;
meetings: 3; reward: sparse", "world=warehouse, horizon=tight, noise=on", "- task: buy 2 lamps - budget: must not be
exceeded"). A setting whose key names a knob reads as the plain phrase: noise, time (its amount, or time pressure
as a switch), what the agent sees, the number of tools; "on", "off", "yes", "no", "true", "false" and "none" are
its values. A count may be a setting of its noun ("balls = 6" is 6 balls, and a world's own task on them where a
count asks for one). A rule may be a setting's value, its key what the rule is about ("escalation: forbidden"), and
a bullet dash ends a rule as a comma does. A key that labels a world named in its value ("puzzle: tower of hanoi")
names no world of its own. An explicit "domain: NAME" that is near no world's name names no known domain (what
else is said is read), and a slash joins another name of one world ("domain: shipping/transport"). Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import warnings

import pytest

from gensim_gym import read_directive
from gensim_gym.errors import DirectiveError
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read
from tests.reading_quiet import tools as _tools
from tests.reading_quiet import unread as _unread


def _first(directive: str, kind: str) -> tuple[dict, str] | None:
    found = _clauses(directive, kind)
    return (found[0].requirement, found[0].status) if found else None


# -- a knob said as a setting ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, value", [
    ("gripper, move 2 balls to room b; noise: off", False),
    ("stack 3 blocks on the table, failures = none", False),
    ("sort 4 items in the warehouse - slips: yes", True),
    ("deliver 2 parcels by truck; action noise -> true", True),
])
def test_noise_said_as_a_setting(directive, value):
    assert _first(directive, "noise") == ({"noise": value}, "honored")


@pytest.mark.parametrize("directive, value", [
    ("deliver 2 parcels by truck; step limit: short", "tight"),
    ("move 3 discs in hanoi, max steps = generous", "loose"),
    ("push 1 box in sokoban - time pressure: off", "loose"),
    ("stack 2 blocks, rush: yes", "tight"),
])
def test_time_said_as_a_setting(directive, value):
    assert _first(directive, "time_pressure") == ({"horizon_slack": value}, "honored")


@pytest.mark.parametrize("directive, value", [
    ("refund 2 orders at the help desk; visibility: limited", True),
    ("pick 2 keys in the dungeon; fog of war: on", True),
    ("buy 2 mugs in the shop, partial observability: no", False),
    ("schedule 2 meetings on the calendar - view = full", False),
])
def test_sight_said_as_a_setting(directive, value):
    assert _first(directive, "observability") == ({"partial": value}, "honored")


@pytest.mark.parametrize("directive, count", [
    ("schedule 2 meetings on the calendar; tool count: 6", 6),
    ("delete 2 files from the folder, number of tools = 5", 5),
    ("buy 1 lamp in the shop - tools -> 7", 7),
])
def test_a_tool_count_said_as_a_setting(directive, count):
    assert _first(directive, "tool_count") == ({"tool_count": count}, "honored")


def test_a_setting_value_that_does_not_end_the_setting_is_no_setting():
    # "time: 3 pm" is when, not how much time; "tools: none" no count of tools
    assert _first("schedule 2 meetings, time: 3 pm", "time_pressure") != ({"horizon_slack": "tight"}, "honored")
    assert not _clauses("schedule 2 meetings, time: 3 pm", "time_pressure") or \
        _clauses("schedule 2 meetings, time: 3 pm", "time_pressure")[0].status != "honored"
    assert _clauses("sort 2 items in the warehouse, tools: none", "tool_count") == []


def test_plain_knob_phrases_read_as_before():
    assert _first("move 2 balls with the gripper, with noise", "noise") == ({"noise": True}, "honored")
    assert _first("rename 2 files in the folder, no noise", "noise") == ({"noise": False}, "honored")
    assert _first("stack 3 blocks, 6 tools", "tool_count") == ({"tool_count": 6}, "honored")


# -- a count said as a setting of its noun --------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("env: gripper; balls: 3", 3, "ball"),
    ("hanoi, disks -> 3, dense", 3, "disc"),
    ("calendar - meetings = 2 - reward: sparse", 2, "meeting"),
])
def test_a_count_said_as_a_setting_of_its_noun(directive, count, kind):
    assert _counts(directive) == [(count, kind, "honored")]
    assert [status for _, status in _tools(directive)] == ["honored"]  # the world's own task on them


def test_a_setting_count_stops_the_next_key_from_being_counted():
    # "crates: 3  trucks: unreliable": 3 crates, "trucks" opens the next setting
    assert _counts("env: depot  crates: 3  trucks: unreliable") == [(3, "crate", "honored")]


def test_a_key_no_goal_type_names_counts_nothing():
    assert _counts("sokoban, level: 2") != [(2, "box", "honored")]
    assert _counts("stack 3 blocks; tools: 5") == [(3, "block", "honored")]


# -- a rule said as a setting's value -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, rule", [
    ("buy 3 mugs online; overspending: prohibited", "within_budget"),
    ("delete 2 logs; backup folder: off limits", "protect_backups"),
    ("refund 2 orders at the support desk, escalations: not allowed", "no_escalation"),
])
def test_a_rule_said_as_a_setting_is_about_its_key(directive, rule):
    assert _first(directive, "constraint") == ({"constraints": [rule]}, "honored")


def test_a_bullet_dash_ends_a_rule():
    found = _clauses("- buy 2 lamps - never exceed the budget - reward: sparse", "constraint")
    assert [(c.text, c.status) for c in found] == [("never exceed the budget", "honored")]
    assert _first("- buy 2 lamps - never exceed the budget - reward: sparse", "reward_mode") == \
        ({"reward_mode": "sparse"}, "honored")


def test_a_setting_that_allows_is_no_rule():
    assert all(c.status != "honored" for c in _clauses("refund 2 orders, escalation: allowed", "constraint"))


# -- a key that labels a world named in its value -------------------------------------------------------------------
def test_a_key_that_labels_a_named_world_names_no_world_of_its_own():
    assert _domains("puzzle: hanoi, 3 disks") == ["hanoi"]
    assert _domains("a puzzle: towers of hanoi with 2 disks") == ["hanoi"]


def test_a_key_whose_value_names_no_world_still_counts():
    assert _domains("puzzle: push 2 boxes onto goals") == ["sokoban"]


# -- an explicit domain name ------------------------------------------------------------------------------------------
def test_an_explicit_name_near_no_world_is_an_unknown_domain_whose_rest_is_read():
    with pytest.raises(DirectiveError) as caught:
        read_directive("domain: bakery; reward: sparse; difficulty: hard")
    assert caught.value.unknown_domain
    kinds = {c.kind for c in caught.value.clauses}
    assert {"reward_mode", "difficulty"} <= kinds


def test_an_explicit_typo_of_a_world_stays_an_error_of_its_own():
    with pytest.raises(DirectiveError, match="did you mean 'calendar'") as caught:
        read_directive("domain: calender")
    assert not caught.value.unknown_domain


def test_an_explicit_unknown_name_falls_back_where_asked():
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        reading = read_directive("domain: bakery; reward: sparse", on_unknown="fallback")
    assert list(reading.knobs.domains) == ["warehouse"]


@pytest.mark.parametrize("directive, names", [
    ("domain: shipping/transport; deliver 2 packages", ["transport"]),
    ("domain: pushing/sokoban, 1 box", ["sokoban"]),
])
def test_a_slash_joins_another_name_of_one_world(directive, names):
    assert _domains(directive) == names


# -- a setting's frame is no request ----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "- objective: stack 2 blocks - reward: dense",
    "config -> scene: sokoban, push 1 box",
    "gripper: yes; carry 2 balls to the other room",
])
def test_a_settings_frame_is_read_as_filler(directive):
    assert _unread(directive) == [], _read(directive).table()


def test_a_key_that_is_a_request_is_still_read():
    # "deliver: 2 packages": the key is the act asked for, not a frame
    assert [status for _, status in _tools("truck world; deliver: 2 packages")] == ["honored"]
    # a word before a colon inside a sentence, no setting's key, stays unread where nothing reads it
    assert _unread("stack 3 blocks, then one more thing zorble: fast") != []


# -- a setting's key as an identifier, a rate of noise, a count of goals ---------------------------------------------
@pytest.mark.parametrize("directive, kind, requirement", [
    ("stack 2 blocks; time_pressure=high", "time_pressure", {"horizon_slack": "tight"}),
    ("buy 2 mugs in the shop; partial_observability: true", "observability", {"partial": True}),
    ("move 3 discs in hanoi, step_limit -> generous", "time_pressure", {"horizon_slack": "loose"}),
])
def test_a_key_written_as_an_identifier(directive, kind, requirement):
    assert _first(directive, kind) == (requirement, "honored")


@pytest.mark.parametrize("directive, value", [
    ("push 1 box in sokoban; noise: 5%", True),
    ("stack 2 blocks, failure rate = 0.2", True),
    ("deliver 2 parcels by truck - noise level: low", True),
    ("stack 2 blocks; noise: 0.0", False),
])
def test_a_rate_of_noise_said_as_a_setting(directive, value):
    assert _first(directive, "noise") == ({"noise": value}, "honored")


@pytest.mark.parametrize("directive", ["stack blocks; goals: 2; reward: dense", "env=webshop, goal_count=2"])
def test_a_count_of_goals_said_as_a_setting(directive):
    assert _counts(directive) == [(2, None, "honored")]


def test_a_key_no_goal_names_makes_no_count_of_goals():
    # "start: 9" is when, no count of goals: only the meetings are counted goals
    said = _counts("schedule 2 meetings on the calendar, start: 9")
    assert [c for c in said if c[2] == "honored"] == [(2, "meeting", "honored")]


# -- a difficulty said as its value -----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, value", [
    ("push 1 box in sokoban; difficulty: 0.9", 0.9),
    ("stack 2 blocks, difficulty=40%", 0.4),
    ("deliver 2 parcels by truck - difficulty level -> 6/10", 0.6),
])
def test_a_difficulty_said_as_its_value_sets_it(directive, value):
    found = _clauses(directive, "difficulty")
    assert [(c.requirement["difficulty"], c.status) for c in found] == [(pytest.approx(value), "honored")]
    assert _read(directive).knobs.difficulty == pytest.approx(value)


def test_a_difficulty_with_no_scale_sets_nothing():
    # "difficulty: 4" says no scale: the difficulty stays as requested
    assert _read("stack 2 blocks, difficulty: 4").knobs.difficulty == pytest.approx(0.5)
    assert _read("stack 2 blocks, difficulty: high").knobs.difficulty == pytest.approx(0.8)
