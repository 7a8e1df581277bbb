"""Reader round 73 (fid76, on its own tuning set fresh89: research papers' accounts of the environment they evaluate
on, and reviewers' comments), read by class. A paper's frame asks nothing (citations, references to its parts,
numbered headings, footnote marks, the authors' own acts, a review's labels, hyperparameters: ``paper_frame``);
what a paper says its environment is not (other work's acts, ablations not run, future work, a reviewer's
criticism) is dropped or said negated; a whole place said visible is full sight and a place near the agent seen
without its determiner partial sight; a limit judged in a relative clause and a budget of N moves are time; a share
of acts made to fail and "sticky actions" are noise; "both" composes worlds only as "both A and B", a later task's
"the puzzle" points back at the world named before, a world named as the environment is not composed of what
describes it; a restaurant's table reservations are no world's. Tested on phrasings that are in no benchmark set,
with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.paper_frame import paper_read, paper_spans
from gensim_gym.generation.wording import masked
from tests.reading_quiet import counts, domains, names_no_world, readings, tools


# -- a paper's frame ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, left", [
    ("as shown by (mehta and okafor, 2017) the robot", "as shown by the robot"),
    ("the agent, following [4, 9], buys", "the agent, buys"),
    ("see table 4, row 2 for the numbers", "for the numbers"),
    ("2.3 environment. the hero", "environment. the hero"),
    ("noise (eq. 7) is added", "noise ( ) is added"),
    ("the reward\u00b2 is dense", "the reward is dense"),
    ("with the icaps-2014 instances", "with the instances"),
    ("trained with dqn (lr = 1e-3, batch = 32) on it", "trained with dqn on it"),
])
def test_a_papers_frame_is_blanked(text, left):
    assert " ".join(masked(text, paper_spans(text)).split()) == left


@pytest.mark.parametrize("text", [
    "3 tasks are scheduled", "put the crate on the table 3 blocks high", "buy 2 items (3 at most)",
])
def test_what_is_no_papers_frame_stays(text):
    assert paper_spans(text) == []


@pytest.mark.parametrize("directive, count", [
    ("Following Ortega et al. (2016), the ferry carries 3 cars (Section 2.4).", 3),
    ("We study a gripper task (Nakamura & Berg, 2015) in which the robot carries 5 balls, cf. Figure 3.", 5),
    ("4.2 Environment\n\nThe elevator serves 2 passengers [11], see Appendix D.", 2),
])
def test_citations_and_references_count_nothing(directive, count):
    assert [(n, status) for n, _, status in counts(directive)] == [(count, "honored")]


@pytest.mark.parametrize("directive", [
    "We consider a sokoban task where the agent pushes 2 boxes onto goals.",
    "We adopt the transport domain: trucks deliver 2 packages.",
    "Reviewer 4: the calendar agent schedules 2 meetings.",
])
def test_the_authors_acts_and_a_reviews_label_are_no_operation(directive):
    read = tools(directive)
    assert read and all(status == "honored" for _, status in read)


def test_the_authors_use_keeps_the_tools_they_give():
    assert [(r[1], r[2]["tool_count"]) for r in readings("In our warehouse setup we use 5 tools.", "tool_count")] \
        == [("honored", 5)]


# -- what a paper says its environment is not --------------------------------------------------------------------------
@pytest.mark.parametrize("text, said", [
    ("we leave noisy sensors to future work.", "no noisy sensors."),
    ("partial observability is left for future work.", "no partial observability."),
    ("earlier studies added a dense reward; we do not.", " no dense reward."),
    ("note that lopez et al. (2020) train with a dense reward; ours is sparse.", "; ours is sparse."),
    ("we did not run the comparison with hidden prices for lack of time.", "."),
    ("my main concern is that the board is fully visible; i would like to see", "; i would like to see"),
])
def test_what_the_environment_is_not_is_dropped_or_negated(text, said):
    assert paper_read(text) == said


@pytest.mark.parametrize("text", [
    "following [7], a refund is only issued after verification.",
    "as in prior work, the state is fully observable.",
    "we do not add noise to the observations.",
    "one requirement is that the agent never escalates.",
])
def test_what_the_environment_is_stays(text):
    assert paper_read(text) == text


@pytest.mark.parametrize("directive, kind, value", [
    ("Sokoban, 2 boxes. We leave hidden state to future work.", "observability", {"partial": False}),
    ("Hanoi with 3 discs. Prior work (Ito, 2019) added noise to the moves; we do not.", "noise", {"noise": False}),
    ("Gripper, 3 balls. Unlike Moreau et al. (2021), who used a sparse reward, our reward is dense.", "reward_mode",
     {"reward_mode": "dense"}),
    ("Ferry, 2 cars, a shaped reward. We did not run the ablation with a sparse reward due to time constraints.",
     "reward_mode", {"reward_mode": "dense"}),
    ("Review: the ferry domain with 2 cars. My main concern is that everything is visible; I would like to see the "
     "agent only observe the bank it is on.", "observability", {"partial": True}),
])
def test_a_papers_environment_reads_without_what_it_is_not(directive, kind, value):
    read = readings(directive, kind)
    assert read and all(status == "honored" and requirement == value for _, status, requirement in read)


# -- seeing all of a place, or only what is near -----------------------------------------------------------------------
@pytest.mark.parametrize("directive, partial", [
    ("sokoban, 2 boxes; the entire grid is observable", False),
    ("warehouse, 3 pallets; the whole map is always shown to the robot", False),
    ("dungeon, 1 key; the full level is visible", False),
    ("visitall, 5 cells; the agent observes only neighbouring cells", True),
    ("dungeon, 2 keys; the hero sees just adjacent rooms", True),
])
def test_sight_of_a_whole_place_or_of_the_near_one(directive, partial):
    assert [(r[1], r[2]) for r in readings(directive, "observability")] == [("honored", {"partial": partial})]


@pytest.mark.parametrize("directive", [
    "webshop, buy 2 items; the full price is shown at checkout",
    "blocks, 3 blocks; only adjacent blocks may be stacked",
])
def test_no_sight_said_of_a_price_or_of_stacking(directive):
    assert readings(directive, "observability") == []


# -- a limit judged, a budget of N moves -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, slack", [
    ("hanoi, 3 discs; runs stop after 25 moves, which we deem tight", "tight"),
    ("gripper, 2 balls; each episode has 300 steps, which is considered generous", "loose"),
    ("sokoban, 2 boxes, a strict budget of 40 steps", "tight"),
    ("ferry, 3 cars, a generous budget of 90 turns", "loose"),
])
def test_a_limit_judged_or_a_budget_of_moves_is_time(directive, slack):
    assert [(r[1], r[2]) for r in readings(directive, "time_pressure")] == [("honored", {"horizon_slack": slack})]


def test_a_budget_of_money_is_no_time():
    assert readings("webshop, buy 2 items within a tight budget of 50 dollars", "time_pressure") == []


# -- a share of acts made to fail --------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "gripper, 3 balls; 15% of drop actions fail",
    "elevator, 2 passengers; a fifth of the moves are perturbed",
    "transport, 2 packages; we corrupt 5 percent of load commands",
    "blocks, 3 blocks, with sticky actions",
])
def test_a_share_of_acts_made_to_fail_is_noise(directive):
    assert [(r[1], r[2]) for r in readings(directive, "noise")] == [("honored", {"noise": True})]


def test_a_share_of_acts_that_does_not_fail_is_no_noise():
    assert readings("visitall, 6 cells; half of the moves are diagonal", "noise") == []


# -- worlds composed, or one world described ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive, worlds", [
    ("an env where the agent does both ticket handling and file cleanup", ["filesystem", "support"]),
    ("sokoban: 3 boxes and 3 goals; the agent pushes both boxes home", ["sokoban"]),
    ("The elevator domain combines scheduling and logistics: 2 passengers are served.", ["elevator"]),
    ("The Tower of Hanoi with 4 disks, and after the first run the puzzle is made harder.", ["hanoi"]),
])
def test_worlds_composed_only_where_the_directive_composes_them(directive, worlds):
    assert domains(directive) == worlds


@pytest.mark.parametrize("directive", [
    "an assistant that handles table reservations for a busy bistro",
    "the agent books a restaurant table for 6 diners",
])
def test_reserving_a_restaurant_table_is_no_worlds_task(directive):
    assert names_no_world(directive)


def test_booking_a_meeting_room_stays_the_calendars():
    assert domains("the agent books a meeting room for 4 guests") == ["calendar"]
