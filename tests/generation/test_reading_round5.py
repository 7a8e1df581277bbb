"""Reader round 5: classes of phrasing read by mechanism, each tried on phrasings in no benchmark set.

Stochastic failure as a frequency and a failure, hiding as a verb or adjective with an information noun, a reward
at the end said loosely, domains chosen by a tool's own particle verb and a keyword over weak evidence, foreign
compounds with an activity no world does, and operations said as a closing, a passive, a
filler verb with a count, or a verb made of a place noun.
"""

from __future__ import annotations

import contextlib
import time
import warnings

import pytest

from gensim_gym import DirectiveError
from tests.reading_quiet import assert_first_honored
from tests.reading_quiet import clauses as _kind
from tests.reading_quiet import read as _read


@pytest.mark.parametrize("text", [
    "warehouse robot whose gripper occasionally slips",
    "webshop where checkout errors out every so often",
    "elevator that now and then gets stuck between floors",
    "a gripper task, the arm fumbles the ball from time to time",
    "calendar invites fail at random",
    "filesystem with a glitchy copy tool",
    "support desk where the lookup doesn't always work",
    "blocks world with a small chance of dropping a block",
])
def test_a_frequency_near_a_failure_asks_for_noise(text: str) -> None:
    assert_first_honored(text, "noise", {"noise": True})


@pytest.mark.parametrize("text", [
    "warehouse, the scanner never fails",
    "warehouse, the robot may not drop crates in aisle 3",  # a permission rule, not a chance
])
def test_no_frequency_or_a_denial_is_no_noise(text: str) -> None:
    assert all(c.requirement == {"noise": False} for c in _kind(text, "noise")), _read(text).table()


@pytest.mark.parametrize("text, partial", [
    ("support tasks that conceal the customer's address", True),
    ("calendar where each person's availability stays secret", True),
    ("support, withhold the order status from the agent", True),
    ("support tickets with the refund records masked", True),
    ("support, keep the identity details private", True),
    ("webshop, don't hide anything", False),
])
def test_hiding_with_an_information_noun_asks_for_partial_observability(text: str, partial: bool) -> None:
    seen = _kind(text, "observability")
    assert seen and seen[0].requirement == {"partial": partial}, _read(text).table()


def test_keeping_track_hides_nothing() -> None:
    assert not _kind("support: keep track of the order status, 2 tickets", "observability")


@pytest.mark.parametrize("text", [
    "sokoban where the agent is rewarded only after every box is placed",
    "hanoi, hand out the reward only once the tower is finished",
    "gripper tasks with no reward until all balls are delivered",
    "warehouse with a single reward on completion",
    "blocks world, reward just for a solved stack",
])
def test_a_reward_that_waits_for_the_task_done_is_sparse(text: str) -> None:
    modes = _kind(text, "reward_mode")
    assert modes and all(c.requirement == {"reward_mode": "sparse"} for c in modes), _read(text).table()


@pytest.mark.parametrize("text", ["support: issue store credit only when the order is delivered",
                                  "support, refunds paid only after the item is returned"])
def test_money_paid_on_a_condition_is_no_reward_mode(text: str) -> None:
    assert not _kind(text, "reward_mode"), _read(text).table()


@pytest.mark.parametrize("text", ["warehouse where items are often missing from shelves",
                                  "calendar for private meetings"])
def test_words_near_a_knob_word_that_ask_for_no_knob(text: str) -> None:
    # since round 6 an unread frequency ("often") is reported as a guessed noise clause, unsupported and "not
    # understood" (reading.unread): it asks for nothing
    asked = [c for c in _kind(text, "noise") + _kind(text, "observability") if not c.note.startswith("not understood")]
    assert not asked, _read(text).table()


def test_incremental_rewards_are_dense() -> None:
    modes = _kind("hanoi puzzle with incremental rewards", "reward_mode")
    assert modes and modes[0].requirement == {"reward_mode": "dense"}


def test_a_particle_verb_of_a_tool_said_as_two_words_chooses_its_world() -> None:
    domain = _kind("find a kettle and then check out", "domain")
    assert domain and domain[0].requirement == {"domains": ["webshop"]}


def test_a_keyword_beats_weak_evidence_in_a_tie() -> None:
    domain = _kind("a household robot tidying up 3 toys", "domain")
    assert domain and domain[0].requirement == {"domains": ["rearrangement"]}


@pytest.mark.parametrize("text", ["run a stock selling office", "model a shipping insurance broker"])
def test_a_keyword_modifying_an_activity_no_world_does_is_no_evidence(text: str) -> None:
    with pytest.raises(DirectiveError):
        _read(text)


def test_a_function_word_after_a_keyword_ends_no_foreign_compound() -> None:
    domain = _kind("compress 2 drafts within the hour", "domain")
    assert domain and domain[0].requirement == {"domains": ["filesystem"]}


def test_a_colon_ends_a_rule_phrase() -> None:
    reading = _read("webshop with a strict spending limit: purchase 3 lamps")
    assert any(c.kind == "operation" and c.requirement.get("tool") == "checkout" for c in reading.clauses)
    assert any(c.kind == "goal_count" and c.requirement.get("goal_count") == 3 for c in reading.clauses)


def test_cancelling_meetings_is_the_calendars_cancel_meeting() -> None:
    # round 5 kept "cancel" unsupported; rounds 6-63 approximated it by unschedule (moved, not cancelled). Since
    # branch wcal the calendar cancels for real (cancel_meeting, only where asked): honored
    ops = _kind("calendar: cancel the 3 standups", "operation")
    assert any(c.requirement == {"operation": "cancel", "tool": "cancel_meeting"} and c.status == "honored"
               for c in ops)


def test_of_two_worlds_the_one_naming_a_tool_after_the_verb_keeps_it() -> None:
    from gensim_gym.generation.directive import parse_directive

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        knobs = parse_directive("support plus webshop: look up 2 orders")
    assert knobs.domains == ("support", "webshop") and "lookup_order" in knobs.required_tools
    assert "search" not in knobs.required_tools  # webshop's search is only in look up's verb group


@pytest.mark.parametrize("text", [
    "support, handle 4 complaints",
    "helpdesk: crack 2 cases quickly",
    "support, clear 3 requests",
    "support desk where the refunds get fulfilled",
])
def test_getting_a_case_done_asks_for_the_goals(text: str) -> None:
    ops = _kind(text, "operation")
    assert any(c.status == "honored" and "goal" in c.requirement for c in ops), _read(text).table()


def test_a_closing_verb_without_a_case_is_no_goal() -> None:
    ops = _kind("support, close the window and refund 2 orders", "operation")
    assert not any(c.requirement.get("operation") == "close" and "goal" in c.requirement for c in ops)


def test_a_verb_made_of_a_place_noun_asks_for_putting() -> None:
    ops = _kind("warehouse: rack 4 pallets", "operation")
    assert any(c.requirement.get("tool") == "drop" and c.status == "honored" for c in ops), \
        _read("warehouse: rack 4 pallets").table()


def test_the_same_hour_is_double_booking() -> None:
    rules = _kind("calendar, 2 meetings, nobody booked twice in the same hour", "constraint")
    assert rules and rules[0].requirement.get("constraints") == ["no_double_booking"]


def test_round5_patterns_stay_bounded() -> None:
    for text in ("sometimes " * 200, "hide " + "the " * 300 + "information", "reward only when " + "x " * 600,
                 "stock " + "trading " * 200, "check out " * 180, "sometimes fails " * 125, "only rewarded when " * 100,
                 "details hidden " * 130, "webshop: " + "hide some info from the agent " * 60):
        start = time.process_time()  # CPU time: wall clock measures the machine's load
        with contextlib.suppress(DirectiveError):
            _read(text[:2000])
        # 1 s when written; the readers added since take 0.7-1.5 s of CPU on these here (session 27, with the
        # code before that session as slow), so 3 s: a super-linear reading takes far more
        assert time.process_time() - start < 3.0, text[:40]
