"""Reader round 6: the classes of fresh15's misses read by mechanism, the safety net for unread spans, and two
generation gaps (exact tool counts, tasks that call calendar's unschedule). Every phrasing here is in no benchmark
set (fresh17_fid12 included).
"""

from __future__ import annotations

import contextlib
import time

import pytest

from gensim_gym import DirectiveError, check_fidelity
from gensim_gym.generation import tool_quota
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.unread import likely_kind
from tests.reading_quiet import assert_first_honored
from tests.reading_quiet import clauses as _kind
from tests.reading_quiet import generate as _generate
from tests.reading_quiet import read as _read


@pytest.mark.parametrize("text", [
    "support desk whose agent now and then refunds the wrong order",
    "gripper robot that picks up the wrong ball every so often",
    "calendar assistant that sometimes misreads availability",
    "filesystem where the copy tool occasionally makes mistakes",
    "warehouse picker that gets the aisle wrong from time to time",
    "webshop with a sloppy cart tool",
])
def test_the_agents_own_mistakes_with_a_frequency_are_noise(text: str) -> None:
    assert_first_honored(text, "noise", {"noise": True})


@pytest.mark.parametrize("text", ["warehouse where crates are sometimes missing from aisles",
                                  "calendar with the wrong room booked on purpose"])
def test_a_state_or_a_lone_wrong_is_no_honored_noise(text: str) -> None:
    assert not [c for c in _kind(text, "noise") if c.status == "honored"], _read(text).table()


@pytest.mark.parametrize(("text", "slack"), [
    ("depot, 3 crates, not in a rush", "loose"), ("blocks, stack 3, there's no need to be quick", "loose"),
    ("sokoban, 2 boxes, time doesn't matter", "loose"), ("hanoi at its own pace", "loose"),
    ("ferry, 2 cars, take all the time you need", "loose"), ("elevator at a brisk pace", "tight"),
    ("gripper, 2 balls, against the clock", "tight"), ("calendar, 2 meetings, a relaxed clock", "loose"),
])
def test_negated_haste_and_pace_set_the_time_pressure(text: str, slack: str) -> None:
    assert parse_directive(text).horizon_slack == slack
    clauses = _kind(text, "time_pressure")
    assert clauses and all(c.requirement == {"horizon_slack": slack} for c in clauses), _read(text).table()


@pytest.mark.parametrize("text", ["solve the sokoban puzzle with 2 boxes", "please solve this hanoi problem",
                                  "the agent must solve the blocks task"])
def test_a_verb_of_solving_with_the_task_as_object_asks_for_the_goals(text: str) -> None:
    ops = _kind(text, "operation")
    assert any(c.requirement.get("operation") == "solve" and c.status == "honored" for c in ops), _read(text).table()


def test_solving_alone_stays_filler() -> None:
    assert "solving" in _read("calendar tasks for solving, 2 meetings").filler


@pytest.mark.parametrize("text", ["tidy the bedroom: put 2 toys away", "a robot for an untidy flat, place 3 objects",
                                  "declutter the hallway by moving 2 things"])
def test_words_of_a_worlds_field_choose_it(text: str) -> None:
    assert parse_directive(text).domains == ("rearrangement",), _read(text).table()


def test_a_field_word_before_another_worlds_noun_is_no_evidence() -> None:
    assert parse_directive("clean up a messy home folder: delete 2 files").domains == ("filesystem",)


def test_a_count_after_a_rule_and_a_verb_is_asked_for() -> None:
    reading = _read("helpdesk that never escalates a complaint and settles 2 of them")
    counts = [c for c in reading.clauses if c.kind == "goal_count"]
    assert counts and counts[0].requirement == {"goal_count": 2, "type": "order"}, reading.table()
    assert any(c.kind == "operation" and c.status == "honored" for c in reading.clauses)
    assert any(c.kind == "constraint" and c.status == "honored" for c in reading.clauses)


def test_a_closing_verb_on_a_pronoun_refers_back_to_the_case_of_work() -> None:
    ops = _kind("support: take 3 tickets and close them", "operation")
    assert any(c.requirement.get("operation") == "close" and c.status == "honored" for c in ops)


def test_n_of_the_noun_counts_that_noun() -> None:
    assert parse_directive("filesystem, remove 3 of the drafts").goal_count == 3


def test_n_of_them_without_a_noun_counts_what_the_verb_acts_on() -> None:
    knobs = parse_directive("webshop, never overspend and purchase 2 of them")
    assert (knobs.goal_count, knobs.goal_type) == (2, "product")


def test_one_thing_a_fact_is_about_is_one_goal_condition() -> None:
    assert_first_honored("tireworld, swap a single flat tyre", "goal_count", {"goal_count": 1, "type": None})
    bare = _kind("tireworld with 1 flat tire", "goal_count")  # no tool that changes it asked for: no goal is about it
    assert bare and bare[0].status == "approximated"
    # since branch wtire a count of flat tires counts change_tire calls: 3 is past the 2 a task reaches
    assert _kind("tireworld, 3 flat tires", "goal_count")[0].status == "approximated"


def test_a_domains_name_used_as_a_verb_asks_for_its_main_tool() -> None:
    ops = _kind("please ferry the 2 cars", "operation")
    assert any(c.requirement.get("tool") == "debark" and c.status == "honored" for c in ops)
    # the name as a noun is no verb; since round 35 the count of cars with no verb asks for the world's own task
    # (an implied clause on "2 cars", not on "ferry")
    assert [(c.text, c.requirement.get("implied")) for c in _kind("a ferry with 2 cars", "operation")] \
        == [("2 cars", True)]


@pytest.mark.parametrize(("text", "kind"), [
    ("tools misfunction erratically", "noise"), ("a generous number of minutes", "time_pressure"),
    ("bonus points", "reward_mode"), ("peeking allowed", "observability"), ("7 widgets", "goal_count"),
    ("nothing", "constraint"), ("brutal", "difficulty"), ("purple", None), ("3 tries", None),
])
def test_an_unread_span_takes_the_kind_its_cues_point_to(text: str, kind: str | None) -> None:
    guess = likely_kind(text)
    assert (guess[0] if guess else None) == kind


def test_the_safety_net_reports_what_it_did_not_understand() -> None:
    reading = _read("warehouse, 2 crates, points galore")
    guessed = [c for c in reading.clauses if c.kind == "reward_mode"]
    assert guessed and guessed[0].status == "unsupported" and guessed[0].note.startswith("not understood")
    assert reading.knobs.reward_mode == "dense"  # it asks for nothing


def test_an_exact_tool_count_drops_extras_no_task_needs() -> None:
    spec = _generate("webshop with 4 tools in total")
    assert len(spec.tools.tools) == 4
    assert not check_fidelity(spec, _read("webshop with 4 tools in total"))


def test_a_tool_count_under_the_needed_tools_is_approximated_naming_them() -> None:
    clause = _kind("webshop, 1 tool, use a coupon", "tool_count")[0]
    assert clause.status == "approximated" and "apply_coupon" in clause.note


def test_tool_quota_fit_keeps_the_old_split_where_it_fit() -> None:
    shares = tool_quota.fit(7, [["a", "b", "x"]], [["x"]], [[]], [5])
    assert shares == [tool_quota.Share(["a", "b", "x"], 4)]
    assert tool_quota.fit(2, [["a", "b", "x"]], [["x"]], [[]], [5]) == [tool_quota.Share(["a", "b"], 0)]
    # two toolsets, an odd count: the remainder is given (it was lost), spare extras fill past the distractors
    shares = tool_quota.fit(7, [["a"], ["b"]], [[], []], [[], ["y"]], [2, 1])
    assert sum(len(s.base) + s.distractors for s in shares) == 6 and shares[1].base == ["b", "y"]


# ("calendar: call off 2 meetings, easy" asked for unschedule until branch wcal: cancel_meeting since)
@pytest.mark.parametrize("text", ["calendar, take 1 meeting off the schedule: unschedule it"])
def test_unschedule_is_called_by_the_golden_plan(text: str) -> None:
    spec = _generate(text)
    assert any(label.startswith("unschedule(") for label in spec.golden_plan), spec.golden_plan


def test_calendar_tasks_that_ask_for_no_unschedule_start_as_before() -> None:
    spec = _generate("calendar, 2 meetings")
    assert not any(f.startswith("scheduled(") for f in spec.task.init)


def test_round6_patterns_stay_bounded() -> None:
    _read("warehouse, sometimes fails")  # the first reading compiles and loads what every later one reuses
    for text in ("sometimes gets " + "the " * 300 + "wrong", "no " * 500, "not in a " * 200, "solve the " * 200,
                 "and closes 2 of them " * 90, "mis" * 600, "1 flat tire " * 160, "ferry 2 " * 250):
        start = time.process_time()  # CPU time: wall clock measures the machine's load
        with contextlib.suppress(DirectiveError):
            _read(text[:2000])
        # 1 s when written; the readers added since take 0.7-1.5 s of CPU on these here (session 27, with the
        # code before that session as slow), so 3 s: a super-linear reading takes far more
        assert time.process_time() - start < 3.0, text[:40]


@pytest.mark.parametrize(("text", "kind", "requirement"), [
    ("depot, 2 crates, hoists fail 5% of the time", "noise", {"noise": True}),
    ("ferry with a 10 percent failure rate", "noise", {"noise": True}),
    ("gripper, a drop one time in ten", "noise", {"noise": True}),
    ("blocks where a move is not guaranteed", "noise", {"noise": True}),
    ("elevator with imperfect doors", "noise", {"noise": True}),
    ("hanoi, solve it fast", "time_pressure", {"horizon_slack": "tight"}),
    ("visitall as quickly as possible", "time_pressure", {"horizon_slack": "tight"}),
    ("depot, endless moves", "time_pressure", {"horizon_slack": "loose"}),
    ("calendar, some breathing room", "time_pressure", {"horizon_slack": "loose"}),
    ("ferry, points for every car delivered", "reward_mode", {"reward_mode": "dense"}),
    ("blocks, just the outcome matters", "reward_mode", {"reward_mode": "sparse"}),
    ("calendar where the planner knows only part of the availability", "observability", {"partial": True}),
    ("support, the agent sees everything", "observability", {"partial": False}),
])
def test_more_classes_of_knob_phrasing(text: str, kind: str, requirement: dict) -> None:
    clauses = _kind(text, kind)
    assert clauses and clauses[0].requirement == requirement and clauses[0].status in ("honored", "unsupported"), \
        _read(text).table()


def test_imperfect_information_is_no_noise() -> None:
    assert not _kind("webshop with imperfect information", "noise")


def test_a_world_that_places_only_by_moving_is_asked_for_its_move() -> None:
    ops = _kind("hanoi: put 2 discs on the middle peg", "operation")
    assert any(c.requirement.get("tool") == "move" and c.status == "honored" for c in ops)


def test_a_world_that_cannot_do_the_verb_loses_the_tie() -> None:
    assert parse_directive("push 3 boxes around").domains == ("sokoban",)


def test_combine_with_composes_two_worlds() -> None:
    assert parse_directive("webshop tasks that combine with calendar").domains == ("webshop", "calendar")


@pytest.mark.parametrize(("text", "slack"), [("ferry, 2 cars, patient", "loose"), ("gripper, 2 balls, brisk", "tight")])
def test_a_lone_time_word_of_its_own_part(text: str, slack: str) -> None:
    assert parse_directive(text).horizon_slack == slack


@pytest.mark.parametrize(("text", "difficulty"), [("depot, a demanding setup", 0.8), ("visitall, introductory", 0.2),
                                                  ("hanoi, the trickiest possible", 1.0)])
def test_more_difficulty_words(text: str, difficulty: float) -> None:
    assert parse_directive(text).difficulty == difficulty


@pytest.mark.parametrize("text", ["depot, hoists liable to breakdowns", "calendar with sporadic glitches",
                                  "blocks, the hand could malfunction", "ferry, sailing usually works",
                                  "visitall where steps are hit-and-miss"])
def test_failure_said_as_a_noun_a_proneness_or_a_possibility_is_noise(text: str) -> None:
    assert_first_honored(text, "noise", {"noise": True})


def test_a_capability_is_no_noise() -> None:
    assert not _kind("warehouse, the robot can pick crates anywhere", "noise")


def test_a_count_between_a_placing_verb_and_its_tools_object_counts_what_the_tool_acts_on() -> None:
    counts = _kind("webshop: drop 2 widgets into the trolley", "goal_count")
    assert counts and counts[0].requirement == {"goal_count": 2, "type": "product"} and counts[0].text == "2 widgets"


def test_a_count_of_a_container_counts_what_the_goals_are_about() -> None:
    assert parse_directive("blocks, a pile of 3, please").goal_count == 3
    assert parse_directive("blocks, a pile of 3, please").goal_type == "block"


def test_a_number_in_a_compound_is_no_guessed_count() -> None:
    assert likely_kind("a three-legged") is None and likely_kind("4x4") is None


def test_a_world_synonym_is_claimed_by_the_domain_clause() -> None:
    assert any("boat" in c.text for c in _kind("a boat carries 2 cars", "domain"))


def test_a_verb_done_again_with_an_undo_tool_is_that_tool_then_the_verb() -> None:
    ops = _kind("calendar: re-schedule a meeting", "operation")
    assert any(c.requirement.get("undo") == "unschedule" and c.status == "honored" for c in ops)
    assert set(parse_directive("calendar: re-schedule a meeting").required_tools) == {"unschedule", "schedule"}
    plan = _generate("calendar: re-schedule a meeting").golden_plan
    assert any(p.startswith("unschedule(") for p in plan) and any(p.startswith("schedule(") for p in plan)
    # no undo tool with a start state for it: approximated, as before
    assert _kind("blocks: restack 2 blocks", "operation")[0].status == "approximated"


def test_reaching_a_place_is_moving_there() -> None:
    ops = _kind("visitall: reach 3 cells", "operation")
    assert any(c.requirement.get("tool") == "move" and c.status == "honored" for c in ops)


@pytest.mark.parametrize(("text", "count"), [("filesystem, a toolkit of 7", 7), ("webshop as a 5-tool task", 5)])
def test_a_tool_count_said_as_a_compound_or_a_kit(text: str, count: int) -> None:
    assert parse_directive(text).tool_count == count


def test_limiting_the_tools_to_a_number_is_a_bound() -> None:
    clause = _kind("support, cap the tools at 5", "tool_count")[0]
    assert clause.requirement == {"tool_count": 5, "bound": "at most"}


@pytest.mark.parametrize(("text", "kind", "requirement"), [
    ("depot without additional tools", "tool_choice", {"more_tools": -99}),
    ("hanoi, no partial rewards", "reward_mode", {"reward_mode": "sparse"}),
    ("ferry, reward only after every car has crossed", "reward_mode", {"reward_mode": "sparse"}),
    ("webshop where product features are shown only on request", "observability", {"partial": True}),
])
def test_negations_and_conditions_that_read_the_other_way(text: str, kind: str, requirement: dict) -> None:
    clauses = _kind(text, kind)
    assert clauses and clauses[0].requirement == requirement, _read(text).table()


def test_being_in_two_places_is_double_booking_and_one_is_no_count() -> None:
    knobs = parse_directive("calendar, 2 meetings, a person cannot be in two meetings")
    assert knobs.constraints == ("no_double_booking",) and knobs.goal_count == 2
    knobs = parse_directive("calendar, 4 meetings, one guest can't be in two places")
    assert knobs.constraints == ("no_double_booking",) and knobs.goal_count == 4


def test_a_discouraged_act_is_a_rule() -> None:
    knobs = parse_directive("support, refund 2 orders, escalating is frowned upon")
    assert knobs.constraints == ("no_escalation",) and "escalate" not in knobs.required_tools


def test_a_frequency_with_an_event_done_to_the_agent_is_noise() -> None:
    assert_first_honored("ferry, 2 cars, crossings are now and then delayed", "noise", {"noise": True})
