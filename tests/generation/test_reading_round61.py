"""Reader round 61 (branch fid69): fresh77's misses (social-media posts: a researcher posting on a microblog or a lab
channel), read by class after its one untouched run. A difficulty turned far ("cranked the difficulty WAY up") is a
large shift; a rule ends at a question or exclamation mark as at a stop, so a count after it is the task's; an act's
noun restricted by a verb of going ahead ("refunds only go out after ...") restricts that act; a post's frame (thread
numbers, @-mentions, emoji codes, chat asides, the poster's own act on the environment) is no request. Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.exercise_sheet import frame_words, unframed
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import read as _read
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


# -- a rule ends at a question or exclamation mark -------------------------------------------------------------------
@pytest.mark.parametrize("directive, rule, count", [
    ("can the calendar agent avoid double booking? 3 meetings to book", "avoid double booking", 3),
    ("webshop, and never go over the budget! 2 lamps to buy", "never go over the budget", 2),
    ("file system cleanup, and never delete the backups!! 4 logs to remove", "never delete the backups", 4),
])
def test_a_count_after_a_rule_and_its_mark_is_the_tasks(directive, rule, count):
    assert [(text, status) for text, status, _ in _read_kind(directive, "constraint")] == [(rule, "honored")]
    assert [(n, status) for n, _, status in _counts(directive)] == [(count, "honored")]


def test_a_rule_still_runs_to_its_mark_without_one_before():
    assert [text for text, _, _ in _read_kind("warehouse: keep the loading dock clear of crates", "constraint")] \
        == ["keep the loading dock clear of crates"]


# -- an act's noun restricted by a verb of going ahead ---------------------------------------------------------------
_ORDER = {"order": ["verify_identity", "refund_order"]}  # round 63: a condition the world keeps is its own order
_POLICY = {"constraints": ["refund_policy"]}


@pytest.mark.parametrize("directive, text, requirement", [
    ("support: refunds only go through once the identity is verified; 2 refunds", "only go through once the identity "
                                                                                  "is verified", _ORDER),
    ("help desk where refunds only happen after the customer is verified, 3 refunds", "only happen after the "
                                                                                      "customer is verified", _ORDER),
    ("support: 2 refunds, and refunds only proceed when the order was delivered", "only proceed when the order was "
                                                                                  "delivered", _POLICY),
    ("support desk, refunds only go ahead if the customer is verified, 1 refund", "only go ahead if the customer is "
                                                                                  "verified", _ORDER),
])
def test_an_act_that_only_goes_ahead_on_a_condition_is_restricted(directive, text, requirement):
    assert _read_kind(directive, "constraint") == [(text, "honored", requirement)]


def test_an_act_no_template_conditions_stays_unsupported():
    found = _read_kind("support, 3 tickets: escalations only happen when the order is over 100", "constraint")
    assert [status for _, status, _ in found] == ["unsupported"]


# -- a social-media post's frame -------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, frame", [
    ("1/ blocks env: stack 3 blocks", ["1"]),
    ("ferry 2 cars. 2/3 and the horizon is tight", ["2", "3"]),
    ("tbh the warehouse robot moves 2 crates", ["tbh"]),
    ("@sam hanoi with 3 disks, imo hard", ["sam", "imo"]),
    ("quick question: a gripper env with 2 balls? lol", ["quick", "question", "lol"]),
    ("just launched a sokoban env :tada: push 1 box", ["launched", ":tada:"]),
    ("the visitall env just landed, visit 5 cells", ["landed"]),
])
def test_a_posts_frame_is_filler(directive, frame):
    assert [w.strip(":") for w in frame_words(directive)] == [w.strip(":") for w in frame]


@pytest.mark.parametrize("directive", [
    "2/3 of the tools fail at random in the webshop",  # a fraction
    "mail the report to ops@example.com",  # an address, no mention
    "book 2 meetings at 10:30: no double booking",  # a time and a setting's colon
    "a quick episode in the ferry domain",  # a quick episode is a time pressure
    "the robot takes 2 boxes",
    "build a tower of 3 blocks",  # building a tower is the blocks world's own task
    "the robot drops 2 balls in room b",
    "ship 3 orders from the warehouse",
])
def test_no_frame_where_the_words_ask_for_something(directive):
    assert unframed(directive) == directive


@pytest.mark.parametrize("directive, kind, expected", [
    ("tbh the file cleanup env is neat: delete 2 logs", "operation", ["delete"]),
    ("@kim quick q: a ferry env with 2 cars", "time_pressure", []),
    ("hot take: the gripper robot carries 2 balls", "operation", ["carries"]),
    ("shipped a calendar env: the agent books 2 meetings", "operation", ["books"]),
    ("dungeon env dropped! the hero picks up 1 key", "operation", ["picks up"]),
    ("sokoban env :rocket: push 1 box", "operation", ["push"]),
])
def test_the_frame_makes_no_clause(directive, kind, expected):
    assert [text for text, _, _ in _read_kind(directive, kind)] == expected


def test_thread_numbers_are_no_goal_counts():
    assert [(n, status) for n, _, status in _counts("1/3 gripper env. 2/3 move 2 balls. 3/3 that's it")] \
        == [(2, "honored")]


# -- "it" kept in a state --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "household robot env, it puts 3 toys back, and we keep it lean",
    "a household robot puts 2 mugs away; keeping it lean for now",
    "home robot: 2 plates to put back, keep it lean please",
])
def test_lean_as_the_state_it_is_kept_in_is_no_putting(directive):
    assert [text for text, _, _ in _read_kind(directive, "operation") if text == "lean"] == []


def test_leaning_a_thing_is_still_putting_it():
    assert ("lean", "honored", {"operation": "lean", "tool": "put"}) in _read_kind(
        "household robot: pick up the broom and lean it against the wall", "operation")


# -- hashtags: a topic, unless they ask for something ----------------------------------------------------------------
@pytest.mark.parametrize("directive, tag", [
    ("blocks: stack 3 blocks #weekendproject", "weekendproject"),
    ("ferry 2 cars across #robotics #phd", "robotics"),
    ("visitall, 6 cells #gridworld", "gridworld"),
])
def test_a_topic_hashtag_is_filler(directive, tag):
    reading = _read(directive)
    assert tag in reading.filler
    assert all(tag not in c.text for c in reading.clauses)


@pytest.mark.parametrize("directive, kind, requirement", [
    ("gripper, 3 balls #sparse-reward", "reward_mode", {"reward_mode": "sparse"}),
    ("webshop, buy 2 mugs #noisy", "noise", {"noise": True}),
    ("dungeon, grab 1 key #POMDP", "observability", {"partial": True}),
    ("sokoban as a pomdp, push 1 box", "observability", {"partial": True}),
])
def test_a_hashtag_that_asks_for_something_is_read(directive, kind, requirement):
    assert {(status, str(req)) for _, status, req in _read_kind(directive, kind)} == {("honored", str(requirement))}


def test_an_mdp_is_no_partial_sight():
    assert _read_kind("gripper as an MDP, 2 balls", "observability") == []
