"""Reader round 58 (session 29): fresh74's misses (a researcher's feature requests), read by class. A budget of the
agent's own acts ("a tight move budget", "a generous action allowance") is time pressure, as a step budget was; a
reward said to come only once the task is done ("the reward should only come once all are visited") is sparse; a
feature request's verb on the package ("support an e-commerce scenario", "please add a warehouse task") is frame, no
world and no operation; continuous control ("continuous torque control", "peg insertion") names no world, every world
being discrete; and a restriction said as a permission ("a refund is only allowed after ...") is a rule. Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.exercise_sheet import frame_words, unframed
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import names_no_world as _unknown
from tests.reading_quiet import readings as _read_kind
from tests.reading_quiet import tools as _tools
from tests.reading_quiet import unread as _unread


# -- a budget of the agent's acts -----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text, slack", [
    ("blocks: stack 3 blocks with a small action budget", "small action budget", "tight"),
    ("ferry 2 cars under a strict turn allowance", "strict turn allowance", "tight"),
    ("gripper: carry 4 balls; the move quota is generous", "move quota is generous", "loose"),
    ("elevator with 2 passengers and a roomy action cap", "roomy action cap", "loose"),
    ("sokoban, 1 box, a limited budget of moves", "limited budget of moves", "tight"),
])
def test_a_budget_of_the_agents_acts_is_time_pressure(directive, text, slack):
    assert _read_kind(directive, "time_pressure") == [(text, "honored", {"horizon_slack": slack})]


def test_a_budget_of_money_or_a_moved_budget_file_is_no_time_pressure():
    assert _read_kind("webshop: buy 2 mugs within a tight budget", "time_pressure") == []
    assert _read_kind("move budget files to the archive folder", "time_pressure") == []


# -- a reward that comes only once the task is done -----------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("ferry 3 cars; the reward should only come once every car is across",
     "reward should only come once every car is across"),
    ("elevator, 2 passengers, rewards only arrive when both are delivered",
     "rewards only arrive when both are delivered"),
    ("depot: unload 2 crates, the payoff will only kick in after the last crate is down",
     "payoff will only kick in after the last crate is down"),
    ("stack 4 blocks, and feedback should only show up at the end", "feedback should only show up at the end"),
])
def test_a_reward_said_to_come_only_once_the_task_is_done_is_sparse(directive, text):
    assert _read_kind(directive, "reward_mode") == [(text, "honored", {"reward_mode": "sparse"})]


def test_a_reward_that_comes_with_each_goal_is_no_sparse_reward():
    assert all(value != {"reward_mode": "sparse"}
               for _, _, value in _read_kind("ferry 3 cars; a reward comes whenever a car is across", "reward_mode"))


# -- a feature request's verb on the package ------------------------------------------------------------------------
@pytest.mark.parametrize("directive, worlds", [
    ("Idea: support a grocery-shopping scenario where the agent purchases 3 items under budget", ["webshop"]),
    ("Could you support an elevator environment with 4 passengers?", ["elevator"]),
    ("Please add a ferry variant in which 2 cars cross", ["ferry"]),
    ("We'd love you to provide a depot task where hoists unload 2 crates", ["depot"]),
    ("add support for a sokoban level with 1 box", ["sokoban"]),
])
def test_a_request_verb_on_the_package_is_frame(directive, worlds):
    # the verb names no world (support is the help desk's name) and asks for no operation (no world does "add")
    assert _domains(directive) == worlds
    assert all(status == "honored" for _, status in _tools(directive))
    assert not any(verb in said for said in _unread(directive) for verb in ("support", "add", "provide"))


def test_the_request_verb_is_listed_as_filler_and_its_object_kept():
    text = "proposal: support an e-commerce scenario where the agent buys 2 lamps"
    assert frame_words(text) == ["support"]
    assert "e-commerce scenario" in unframed(text)


@pytest.mark.parametrize("directive, world", [
    ("support tasks where the agent refunds 2 orders", "support"),      # no determiner: the help desk's tasks
    ("please add a task to my calendar for monday", "calendar"),         # a task added somewhere is an entry
    ("add 2 tasks to the calendar", "calendar"),                         # a count: the agent adds them
    ("support a customer who wants a refund for 1 order", "support"),   # a customer is no offering
])
def test_a_world_verb_without_an_offering_is_still_read(directive, world):
    assert _domains(directive) == [world]
    assert frame_words(directive) == []


# -- continuous control ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a robot arm peg-in-hole task with joint torque control",
    "legged locomotion over rough terrain, dense reward",
    "a manipulator that inserts a peg under force control, hard",
    "a mujoco reacher with continuous actions",
])
def test_continuous_control_names_no_world(directive):
    assert _unknown(directive)


def test_a_world_named_outright_keeps_it_under_continuous_control():
    # the directive asks the gripper world for a control it lacks: the world stays, the control is not read
    assert _domains("gripper, but with continuous torque control: move 2 balls") == ["gripper"]
    assert "continuous torque control" in _unread("gripper, but with continuous torque control: move 2 balls")
    assert _domains("hanoi with 4 disks on 3 pegs") == ["hanoi"]


# -- a restriction said as a permission -----------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("helpdesk: 2 refunds, and a refund is only permitted once the order was delivered",
     "only permitted once the order was delivered"),
    # (round 63: one allowed only after the customer is verified is the world's own order, verify before refund)
    ("support: refunds are allowed only after the order has been delivered; 3 orders",
     "allowed only after the order has been delivered"),
    ("support desk with 1 refund that is only acceptable for delivered orders", "only acceptable for delivered orders"),
])
def test_a_restriction_said_as_a_permission_is_the_refund_rule(directive, text):
    assert _read_kind(directive, "constraint") == [(text, "honored", {"constraints": ["refund_policy"]})]


def test_a_permission_without_only_is_no_rule():
    # what is allowed, without "only", restricts nothing: no template is named
    assert all(status != "honored" for _, status, _ in _read_kind("support: refunds are allowed for 2 orders",
                                                                   "constraint"))
