"""Reader round 54: fresh69's misses (a paper's method-section register), read by class. A failure said with an
adverb of chance ("fail stochastically", "nondeterministically", "on and off") is noise; a budget said as a noun
phrase of limitation ("subject to a budget", "a strict monthly budget", "limited funds", "capped spending", "a
budget-constrained shopper") is the shop's budget rule; a reward that comes by degrees ("rewarded incrementally for
progress", "scored gradually", "a reward per subgoal") is dense; constructing or putting together a tower of blocks
is stacking them; and an activity no world has, named beside one incidental keyword ("a stock exchange") or taught
to a learner ("teach a bot to cook pasta in the kitchen"), names no known world. Tested on phrasings that are in no
benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym import read_directive
from gensim_gym.errors import DirectiveError
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import names_no_world as _unknown
from tests.reading_quiet import readings as _read_kind
from tests.reading_quiet import tools as _tools


# -- a failure at random, said by an adverb of chance -----------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("move 2 balls with a gripper whose grasps fail nondeterministically", "fail nondeterministically"),
    ("refund 2 orders; the refund tool fails probabilistically", "fails probabilistically"),
    ("sort 3 crates, the robot's picks fail erratically", "fail erratically"),
    ("stack 3 blocks; the arm fails on and off", "fails on and off"),
    ("push 1 box; moves stochastically fail", "stochastically fail"),
    ("the crane drops crates non-deterministically, move 3 crates", "drops crates non-deterministically"),
])
def test_a_failure_said_with_an_adverb_of_chance_is_noise(directive, text):
    assert _read_kind(directive, "noise") == [(text, "honored", {"noise": True})]


def test_an_adverb_of_chance_without_a_failure_is_no_noise_read():
    # acting at random is no tool failing: not read as noise (reported, not understood)
    assert all(status != "honored" for _, status, _ in _read_kind("schedule 2 meetings, the agent acts "
                                                                   "stochastically", "noise"))
    assert _read_kind("stack 3 blocks, the tools never fail", "noise")[0][1:] == ("honored", {"noise": False})


# -- a budget said as a noun phrase of limitation -------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("buy 2 lamps subject to a budget", "subject to a budget"),
    ("buy 2 lamps bound by a strict monthly budget", "bound by a strict monthly budget"),
    ("buy 2 lamps within a fixed spending budget", "fixed spending budget"),
    ("buy 2 lamps with limited funds", "limited funds"),
    ("buy 2 lamps with capped spending", "capped spending"),
    ("buy 2 lamps, spending capped", "spending capped"),
    ("buy 2 lamps with a set budget", "set budget"),
])
def test_a_budget_of_limitation_is_the_budget_rule(directive, text):
    assert _read_kind(directive, "constraint") == [(text, "honored", {"constraints": ["within_budget"]})]


@pytest.mark.parametrize("directive, text", [
    ("a budget-constrained shopper buys 2 lamps", "budget-constrained"),
    ("a budget-limited agent buys 3 mugs online", "budget-limited"),
])
def test_a_budget_said_as_an_adjective_leaves_the_purchase_asked_for(directive, text):
    assert _read_kind(directive, "constraint") == [(text, "honored", {"constraints": ["within_budget"]})]
    assert _tools(directive) == [("checkout", "honored")]
    assert [status for _, _, status in _counts(directive)] == ["honored"]


def test_a_budget_of_time_or_a_meeting_about_a_budget_is_no_budget_rule():
    assert _read_kind("stack 3 blocks under a tight step budget", "constraint") == []
    assert _read_kind("stack 3 blocks under a tight step budget", "time_pressure") == \
        [("tight step budget", "honored", {"horizon_slack": "tight"})]
    assert _read_kind("schedule a fixed budget review on the calendar", "constraint") == []
    assert _counts("schedule a fixed budget review on the calendar") == [(1, "meeting", "honored")]


# -- a reward by degrees --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("stack 3 blocks, rewarded progressively", "rewarded progressively"),
    ("sort 4 crates, scored gradually as crates are placed", "scored gradually"),
    ("buy 2 lamps, the agent is credited bit by bit", "credited bit by bit"),
    ("move 2 balls, rewards are given incrementally", "rewards are given incrementally"),
    ("deliver 2 parcels, the payoff accrues gradually", "payoff accrues gradually"),
    ("deliver 2 parcels, incrementally rewarded", "incrementally rewarded"),
    ("push 1 box, the reward grows incrementally with progress", "reward grows incrementally with progress"),
])
def test_a_reward_by_degrees_is_dense(directive, text):
    assert _read_kind(directive, "reward_mode") == [(text, "honored", {"reward_mode": "dense"})]


@pytest.mark.parametrize("directive, text", [
    ("schedule 2 meetings, rewarded for each step toward the goal", "rewarded for each step toward the goal"),
    ("deliver 2 parcels, with a reward per subgoal", "reward per subgoal"),
    ("stack 3 blocks, points for every milestone", "points for every milestone"),
])
def test_a_reward_per_part_of_the_task_reads_the_part(directive, text):
    assert _read_kind(directive, "reward_mode") == [(text, "honored", {"reward_mode": "dense"})]


def test_a_progress_modifier_before_a_reward_by_degrees_is_part_of_it():
    # "partial" here qualifies the reward, so it is no partial sight
    assert _read_kind("buy 2 mugs with partial rewards along the way", "reward_mode") == \
        [("partial rewards along the way", "honored", {"reward_mode": "dense"})]
    assert _read_kind("buy 2 mugs with partial rewards along the way", "observability") == []


def test_a_gradual_adverb_not_on_the_reward_leaves_its_mode():
    assert _read_kind("stack 3 blocks gradually, rewarded only at the end", "reward_mode") == \
        [("rewarded only at the end", "honored", {"reward_mode": "sparse"})]
    assert _read_kind("the agent gradually learns to stack 3 blocks, sparse reward", "reward_mode") == \
        [("sparse reward", "honored", {"reward_mode": "sparse"})]


# -- building a tower of blocks -------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, verb", [
    ("construct a tower of 3 blocks", "construct"),
    ("a tower of 4 blocks is constructed", "constructed"),
    ("put together a stack of 4 blocks", "put together"),
    ("the robot puts together a pile of 3 blocks", "puts together"),
])
def test_constructing_a_tower_of_blocks_is_stacking(directive, verb):
    found = _clauses(directive, "operation")
    assert (found[0].text, found[0].requirement["tool"], found[0].status) == (verb, "stack", "honored")
    assert all(c.status == "honored" for c in found)


def test_constructing_what_no_tool_builds_stays_unsupported():
    assert _tools("construct 2 folders in the home directory") == [(None, "unsupported")]
    # putting things together in a room is the household's putting, no stacking
    assert _tools("put the 2 mugs together in the kitchen") == [("put", "honored")]


# -- an activity no world has ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a stock exchange simulator, hard",
    "an agent that trades shares on the stock exchange",
    "a stock trade bot",
    "teach a bot to cook pasta in the kitchen",
    "train a policy to fry 2 eggs in the kitchen",
    "we train a learner to cook a stew in the kitchen, hard",
])
def test_an_activity_no_world_has_names_no_known_world(directive):
    assert _unknown(directive)


def test_an_unknown_activity_keeps_the_rest_of_its_reading():
    with pytest.raises(DirectiveError) as caught:
        read_directive("teach a bot to bake bread in the kitchen, very hard")
    assert caught.value.unknown_domain
    assert [c.kind for c in caught.value.clauses] == ["difficulty"]


@pytest.mark.parametrize("directive, domain", [
    ("we train an agent to sort 3 crates in the warehouse", "warehouse"),
    ("train an agent to schedule 2 meetings", "calendar"),
    ("we train an agent to fly a drone over the warehouse", "warehouse"),  # the world named outright
    ("stock check, hard", "warehouse"),  # a generic verb as the head: the warehouse's look
    ("meeting booking, easy", "calendar"),  # an act the world does
    ("an agent buys 2 lamps", "webshop"),
    ("a cleaning robot puts 3 toys back", "rearrangement"),  # an article opens no act unless a learner is taught
])
def test_a_learner_taught_a_world_s_act_or_its_own_compound_still_names_it(directive, domain):
    assert _domains(directive) == [domain]
