"""Reader round 70 (session 32): fresh87's misses (a product requirements document's excerpt), read by class. What a
won't-have, non-goal or out-of-scope heading lists is not wanted, so a knob it names is read off ("Won't have: noise"
is no noise, "Non-goals: a dense reward" a sparse one, "Won't have: more than 7 tools" at most 7), and a table row
whose priority is a won't-have likewise; the priority headings, a table's header, rule, number and priority cells, an
acceptance criterion's label and the owners' and dates' lines are frame, reported as filler. A time limit said in a
relative clause ("a step budget that is rather tight") or negated ("no tight step limit") is read; a place seen
around the agent itself ("the squares around itself") is hidden state; a refund "only issued after" the identity is
checked is the world's own order; and two worlds each described by a clause of its own ("a warehouse where ... and a
webshop where ...") compose, the second world's name no third object of the first count. Tested on phrasings that
are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.prd_frame import negated_items, prd_read
from gensim_gym.generation.spelling import taken_back
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read
from tests.reading_quiet import readings as _read_kind


# -- a won't-have heading's items are not wanted -----------------------------------------------------------------------
@pytest.mark.parametrize("directive, kind, text, requirement", [
    ("Ferry tasks. Must have: carry 3 cars across. Won't have: stochastic failures, fog of war.", "noise",
     "no stochastic failures", {"noise": False}),
    ("Ferry tasks. Must have: carry 3 cars across. Won't have: stochastic failures, fog of war.", "observability",
     "no fog of war", {"partial": False}),
    ("Gripper. Should have: move 4 balls. Non-goals: a sparse reward.", "reward_mode", "no sparse",
     {"reward_mode": "dense"}),
    ("Elevator, serve 2 passengers. Out of scope (v2): a strict step limit.", "time_pressure", "no strict step limit",
     {"horizon_slack": "loose"}),
    ("Tireworld, fix 2 flat tires. Will not have: more than 5 tools.", "tool_count", "no more than 5 tools",
     {"tool_count": 5, "bound": "at most"}),
    ("Visitall: visit 5 cells. Won't have: randomness. Should have: hidden cells.", "noise", "no randomness",
     {"noise": False}),
    ("Depot, 2 crates onto pallets. Non-goal: shaped rewards and hidden state.", "reward_mode", "no shaped rewards",
     {"reward_mode": "sparse"}),
])
def test_a_wont_have_item_is_read_off(directive, kind, text, requirement):
    assert (text, "honored", requirement) in _read_kind(directive, kind)


def test_a_wont_have_item_sets_the_knobs_off():
    knobs = read("Ferry tasks. Must have: carry 3 cars across. Won't have: stochastic failures, fog of war.").knobs
    assert (knobs.noise, knobs.partial, knobs.goal_count) == (False, False, 3)


@pytest.mark.parametrize("directive, kind, requirement", [
    # what the must, should and could headings list is asked for
    ("Visitall: visit 5 cells. Won't have: randomness. Should have: hidden cells.", "observability",
     {"partial": True}),
    ("Sokoban. Could have: noisy pushes. Must have: push 2 boxes.", "noise", {"noise": True}),
    # the won't-have's scope ends with its sentence
    ("Hanoi, 3 disks. Won't have: a tight step budget. Must have: a dense reward.", "reward_mode",
     {"reward_mode": "dense"}),
])
def test_what_a_positive_heading_lists_stays_asked_for(directive, kind, requirement):
    assert any(status == "honored" and req == requirement for _, status, req in _read_kind(directive, kind))


def test_wont_inside_a_sentence_is_no_heading():
    """"won't" in a statement is the reader's own negation, no heading of a list: the agent not seeing is hidden
    state, not its negation."""
    assert _read_kind("Blocks, stack 3 blocks; the agent won't see the whole table.", "observability")[0][2] == \
        {"partial": True}


@pytest.mark.parametrize("items, said", [
    ("noise, partial observability", "no noise, no partial observability"),
    ("a dense reward", "no dense reward"),
    ("noisy sensors and hidden passengers", "no noisy sensors and no hidden passengers"),
    ("no logging", "no logging"),       # already negated: left as it is
])
def test_negated_items(items, said):
    assert negated_items(items) == said


# -- a requirements table ----------------------------------------------------------------------------------------------
_TABLE = ("| Req | Description | MoSCoW |\n| --- | --- | --- |\n| FR-1 | The ferry carries 2 cars | Must |\n"
          "| FR-2 | Stochastic moves | Won't |\n| FR-3 | Sparse payoff | Could |")


def test_a_tables_rows_are_read_as_sentences_and_a_wont_row_negated():
    assert prd_read(_TABLE.lower()) == "\n\nthe ferry carries 2 cars.\nno stochastic moves.\nsparse payoff."
    reading = read(_TABLE)
    assert (reading.knobs.noise, reading.knobs.reward_mode, reading.knobs.goal_count) == (False, "sparse", 2)
    assert _counts(_TABLE) == [(2, "car", "honored")]   # no row number read as a count


def test_a_tables_frame_is_filler():
    assert taken_back(_TABLE.lower()) == ["req", "description", "moscow", "fr", "1", "must", "fr", "2", "won't", "fr",
                                          "3", "could"]


@pytest.mark.parametrize("table, slack", [
    ("| Priority | Item |\n| P0 | trucks deliver 5 packages |\n| Won't have | a generous horizon |", "tight"),
    ("| ID | Requirement | Priority |\n| 1 | trucks deliver 5 packages | P0 |\n| 2 | a generous horizon | P1 |",
     "loose"),
])
def test_a_rows_priority_says_whether_it_is_wanted(table, slack):
    assert read(table).knobs.horizon_slack == slack


def test_a_line_between_bars_that_is_no_table_row_keeps_its_words():
    text = "warehouse | move 3 items | noisy"
    assert prd_read(text) == text


# -- owners, dates and labels are frame --------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, frame", [
    ("Filesystem cleanup, delete 2 logs. Owner: Marta. Reviewers: Sam, Lee. Due date: end of May.",
     ["owner", "marta", "reviewers", "sam", "lee", "due", "date", "end", "of", "may"]),
    ("Hanoi (owners: Ivo; status: draft). Move 3 disks to the last peg.", ["owners", "ivo", "status", "draft"]),
    ("Acceptance criteria: AC1 the robot stacks 2 blocks; AC2 the reward is sparse.",
     ["acceptance", "criteria", "ac1", "ac2"]),
])
def test_owners_dates_and_labels_are_filler(directive, frame):
    assert taken_back(directive.lower()) == frame
    assert not _read_kind(directive, "unrecognized")


def test_a_deadline_is_no_owners_line():
    """"deadline:" is the task's time, not a date of the document's."""
    assert read("Sokoban, push 2 boxes. Deadline: tight.").knobs.horizon_slack == "tight"


# -- a time limit in a relative clause, and negated ----------------------------------------------------------------
@pytest.mark.parametrize("directive, text, slack", [
    ("sokoban, push 2 boxes, a step budget that is rather tight", "step budget that is rather tight", "tight"),
    ("gripper, 3 balls, with a horizon which is fairly short", "horizon which is fairly short", "tight"),
    ("blocks, 4 blocks, a time limit that's pretty generous", "time limit that's pretty generous", "loose"),
    ("ferry, 2 cars, without a tight step limit", "without a tight step limit", "loose"),
    ("hanoi, 3 disks, not a strict deadline", "not a strict deadline", "loose"),
    ("elevator, 2 passengers, without a long deadline", "without a long deadline", "tight"),
])
def test_a_time_limit_in_a_relative_clause_or_negated(directive, text, slack):
    assert _read_kind(directive, "time_pressure") == [(text, "honored", {"horizon_slack": slack})]


def test_a_plain_tight_limit_stays_tight():
    assert _read_kind("ferry, 2 cars, a tight step limit", "time_pressure") == [
        ("tight step limit", "honored", {"horizon_slack": "tight"})]


# -- a place seen around the agent itself ------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("sokoban, push 2 boxes, the agent sees only the squares around itself", "sees only the squares around itself"),
    ("visitall: the agent sees only the cells right next to it", "sees only the cells right next to it"),
    ("dungeon, it observes only the rooms directly adjacent to itself",
     "observes only the rooms directly adjacent to itself"),
    ("gripper, the robot senses just the rooms immediately around it", "senses just the rooms immediately around it"),
])
def test_a_place_seen_around_the_agent_itself_is_hidden(directive, text):
    assert _read_kind(directive, "observability") == [(text, "honored", {"partial": True})]


def test_turning_around_itself_hides_nothing():
    assert not [r for r in _read_kind("sokoban, the agent turns around itself and pushes 2 boxes", "observability")
                if r[2].get("partial")]


# -- a refund carried out only after a check ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("support: refund 2 orders; a refund is only issued after the customer's identity is verified",
     "only issued after the customer's identity is verified"),
    ("help desk, 2 refunds; refunds are processed only once the customer's identity is confirmed",
     "processed only once the customer's identity is confirmed"),
    ("support desk, refund 1 order, a refund is only executed after the identity is checked",
     "only executed after the identity is checked"),
])
def test_a_refund_carried_out_only_after_the_check_is_the_worlds_order(directive, text):
    assert _read_kind(directive, "constraint") == [(text, "honored", {"order": ["verify_identity", "refund_order"]})]


def test_a_refund_issued_after_an_unrelated_act_is_no_order():
    assert not _read_kind("support desk, refund 1 order; the refund is issued to the customer after the call",
                          "constraint")


# -- two worlds, each with a clause of its own -------------------------------------------------------------------------
@pytest.mark.parametrize("directive, worlds, counts", [
    ("a warehouse where the robot delivers 2 boxes and a webshop where the agent buys 1 chair",
     ["warehouse", "webshop"], [(2, "item", "honored"), (1, "product", "honored")]),
    ("a calendar in which the agent books 2 meetings and a filesystem where it deletes 1 log",
     ["calendar", "filesystem"], [(2, "meeting", "honored"), (1, "file", "honored")]),
])
def test_two_worlds_each_with_its_own_clause_compose(directive, worlds, counts):
    assert _domains(directive) == worlds
    assert _counts(directive) == counts


@pytest.mark.parametrize("directive, worlds, counts", [
    # a thing joined to a count is still one more of them, and a world named as where it comes from composes nothing
    ("a warehouse where the robot delivers 2 boxes and a lamp from the webshop", ["warehouse"],
     [(3, "item", "honored")]),
    ("buy 2 lamps and a kettle in the webshop", ["webshop"], [(3, "product", "honored")]),
])
def test_a_joined_thing_still_adds_to_the_count(directive, worlds, counts):
    assert _domains(directive) == worlds
    assert _counts(directive) == counts
