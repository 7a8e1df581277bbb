"""Reader round 62 (fid70): fresh78's misses (emails to a colleague asking for an environment), read by class after
its one untouched run. An email's frame (subject label, greeting, sign-off and name, "P.S.", politeness, a deadline
for the colleague) is no request; a count or setting said again later ("P.S. Make that 4 items, not 2.", "scratch the
generous time limit - make it tight") leaves the value said last; "and a" before a reward or a degree ("and a dense
reward", "and a bit harder") joins no object to a count; "support" with the request as its object ("whether we can
support this") is the package's verb, no help desk. Tested on phrasings that are in no benchmark set, with
negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import names_no_world as _unknown
from tests.reading_quiet import read as _read
from tests.reading_quiet import readings as _read_kind


# -- "and a" before a reward or a degree joins no object ----------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind, text", [
    ("gripper: move 3 balls and a dense reward", (3, "ball", "honored"), "reward_mode", "dense reward"),
    ("blocks: stack 3 blocks and a sparse reward please", (3, "block", "honored"), "reward_mode", "sparse reward"),
    ("blocks world, unstack 4 blocks, and a touch easier than last time", (4, "block", "honored"), "difficulty",
     "easier"),
    ("gripper: move 4 balls, and a lot harder than usual", (4, "ball", "honored"), "difficulty", "harder"),
    ("visitall, 5 cells and a lot more noise", (5, "cell", "honored"), "noise", "noise"),
])
def test_and_a_reward_or_a_degree_joins_no_object(directive, count, kind, text):
    assert _counts(directive) == [count]
    assert [(t, s) for t, s, _ in _read_kind(directive, kind)][:1] == [(text, "honored")]


@pytest.mark.parametrize("directive, total", [
    ("buy 2 mugs and a little teapot", 3),
    ("buy 2 lamps plus a kettle", 3),
])
def test_and_an_object_still_joins_the_count(directive, total):
    assert [c[0] for c in _counts(directive)] == [total]


# -- a count or a setting said again later ------------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, text", [
    ("Subject: ferry\n\nHi Kim,\nferry 2 cars across, tight step limit.\nThanks,\nJo\n\nP.S. Make that 3 cars, not 2.",
     (3, "car", "honored"), "3 cars"),
    ("dungeon: collect 1 key. sorry, I meant 2 keys, not 1.", (2, "key", "honored"), "2 key"),
    ("elevator: serve 4 passengers. It should be 5, not 4.", (5, "passenger", "honored"), "5 passengers"),
])
def test_a_count_said_again_after_the_fact_is_the_one_meant(directive, count, text):
    assert _counts(directive) == [count]
    assert _read_kind(directive, "goal_count")[0][0] == text


@pytest.mark.parametrize("directive, count", [
    ("the three-armed robot moves 5 balls rather than 3 to room b", (5, "ball", "honored")),
    ("a 2-room gripper world: carry 4 balls, not 2.", (4, "ball", "honored")),
])
def test_a_number_that_is_no_earlier_count_of_the_object_is_not_retracted(directive, count):
    # the number inside a compound ("three-armed", "2-room") is no count of the balls: it is not rewritten
    assert [c for c in _counts(directive) if c[2] == "honored"] == [count]
    assert _domains(directive) == ["gripper"]


def test_a_count_after_not_that_goes_on_is_no_restatement():
    # "not 2 at once" is a rule about the meetings, not a retracted count: the 3 stays
    assert _counts("calendar: book 3 meetings, not 2 at once")[0] == (3, "meeting", "honored")


@pytest.mark.parametrize("directive, kind, requirement, text", [
    ("sokoban, push 1 box with a sparse reward. Actually, forget the sparse reward, make it dense.", "reward_mode",
     {"reward_mode": "dense"}, "dense reward"),
    ("transport: deliver 2 packages with a relaxed deadline. Scratch the relaxed deadline - make it tight.",
     "time_pressure", {"horizon_slack": "tight"}, "tight deadline"),
    ("elevator: 3 passengers, generous time limit.\n\nPS: never mind the generous time limit, make it short.",
     "time_pressure", {"horizon_slack": "tight"}, "short time limit"),
])
def test_a_setting_retracted_and_replaced_leaves_the_new_value(directive, kind, requirement, text):
    assert _read_kind(directive, kind) == [(text, "honored", requirement)]


def test_make_it_without_a_retracted_setting_is_no_replacement():
    assert _read_kind("warehouse: drop the crate on the dock, make it quick", "operation")[0][:2] == ("drop", "honored")


# -- "support" with the request as its object -----------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "A blackjack table env, sparse reward. Could you find out whether we can support this?",
    "Hi Lea,\nthe robotics people want a quadcopter landing task. Do you think you could support that by June?",
    "a roulette simulator with noisy wheels; we can't support it yet, right?",
])
def test_supporting_the_request_names_no_help_desk(directive):
    assert _unknown(directive)


@pytest.mark.parametrize("directive", [
    "support desk: resolve 2 tickets, and support them politely",
    "could you add it to my calendar: book 2 meetings",
])
def test_support_and_add_of_the_world_stay_read(directive):
    assert _domains(directive) in (["support"], ["calendar"])


# -- an email's frame is no request ---------------------------------------------------------------------------------
def _kinds(directive: str) -> list[str]:
    """The kinds of the clauses read from ``directive`` (other than the domain's), in order."""
    return [c.kind for c in _read(directive).clauses if c.kind != "domain"]


@pytest.mark.parametrize("directive, kinds", [
    ("Subject: Re: depot run\n\nHello Pat,\n\nCould you set up a depot task where the agent loads 2 crates onto"
     " trucks?\n\n"
     "Many thanks,\nYara", ["operation", "goal_count"]),
    ("Hey team,\n\nhanoi please, 3 disks, dense reward.\n\nNo rush, end of the month is fine.\n\nBest,\nKai",
     ["goal_count", "operation", "reward_mode"]),
    ("Dear Ines,\n\nWould you set up a gripper env with 2 balls to carry? If it's not too much trouble, I'd need it"
     " by next Monday.\n\nKind regards,\nBo", ["goal_count", "operation"]),
    ("Hi Uma,\nsokoban with 1 box, sparse reward, please.\nThanks, and have a nice weekend,\nRene",
     ["goal_count", "operation", "reward_mode"]),
])
def test_an_emails_frame_is_no_request(directive, kinds):
    assert sorted(_kinds(directive)) == sorted(kinds)


def test_a_deadline_of_the_agent_stays_read():
    # a date in a sentence with the agent's count asks something of the world, not of the colleague
    directive = "Hi Sam,\ncalendar: the agent books 2 meetings by Friday.\nThanks,\nPriya"
    assert _counts(directive) == [(2, "meeting", "honored")]
    assert "friday" in " ".join(c.text for c in _read(directive).clauses).lower()


def test_without_a_greeting_or_subject_nothing_is_an_emails_frame():
    assert _read_kind("elevator, 3 passengers, no rush", "time_pressure") == [
        ("no rush", "honored", {"horizon_slack": "loose"})]
