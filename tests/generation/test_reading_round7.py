"""Reader round 7: the classes of fresh16's misses read by mechanism. Every phrasing here is in no benchmark set."""

from __future__ import annotations

import pytest

from gensim_gym import check_fidelity
from tests.reading_quiet import clauses as _kind
from tests.reading_quiet import generate as _generate
from tests.reading_quiet import read as _read


@pytest.mark.parametrize(("text", "count"), [
    ("reply to 3 customer messages about refunds", 3),
    ("respond to two customer inquiries", 2),
    ("answer 4 emails from customers", 4),
])
def test_customer_messages_are_support_cases_and_answering_them_is_the_task_done(text: str, count: int) -> None:
    reading = _read(text)
    assert reading.knobs.domains == ("support",), reading.table()
    goal = _kind(text, "goal_count")
    assert [(c.requirement["goal_count"], c.requirement["type"], c.status) for c in goal] == [
        (count, "order", "honored")], reading.table()
    ops = _kind(text, "operation")
    # the verb asks for the domain's goals; the message noun is no verb (not send_survey's "email")
    assert ops and all(c.status == "honored" for c in ops), reading.table()
    assert not any(c.requirement.get("tool") == "send_survey" for c in ops), reading.table()


@pytest.mark.parametrize("text", [
    "warehouse, pick 3 crates, just reward completed deliveries",
    "support desk that rewards only resolved tickets, 2 tickets",
    "calendar: schedule 3 meetings, only pay out for a finished schedule",
])
def test_only_a_finished_object_rewarded_is_sparse(text: str) -> None:
    modes = _kind(text, "reward_mode")
    assert [(c.requirement, c.status) for c in modes] == [({"reward_mode": "sparse"}, "honored")], _read(text).table()


def test_a_reward_for_progress_stays_dense() -> None:
    text = "only reward progress, gripper with 2 balls"
    assert [c.requirement for c in _kind(text, "reward_mode")] == [{"reward_mode": "dense"}], _read(text).table()


@pytest.mark.parametrize(("text", "count"), [
    ("cancel 2 urgent orders for the customers", 2),
    ("support: refund one urgent claim", 1),
])
def test_urgent_before_a_counted_noun_is_the_objects_not_time_pressure(text: str, count: int) -> None:
    reading = _read(text)
    assert not _kind(text, "time_pressure") and reading.knobs.horizon_slack is None, reading.table()
    assert [(c.requirement["goal_count"], c.status) for c in _kind(text, "goal_count")] == [
        (count, "honored")], reading.table()


def test_urgent_alone_is_still_time_pressure() -> None:
    text = "urgent: refund 2 orders"
    assert [c.requirement for c in _kind(text, "time_pressure")] == [{"horizon_slack": "tight"}], _read(text).table()


@pytest.mark.parametrize("text", [
    "escalate 2 complaints up to tier three",
    "support desk: pass 1 ticket on to stage 2",
    "escalate two refunds, each to grade 3 staff",
])
def test_a_rank_named_by_its_number_is_no_count_and_no_verb(text: str) -> None:
    reading = _read(text)
    counts = _kind(text, "goal_count")
    assert len(counts) == 1 and counts[0].status == "honored", reading.table()
    assert not [c for c in _kind(text, "operation") if c.text in ("tier", "stage", "grade")], reading.table()


def test_a_message_noun_used_as_a_verb_is_one_operation() -> None:
    text = "support: message 2 customers about their refunds"
    ops = [c for c in _kind(text, "operation") if c.text == "message"]
    assert [(c.requirement.get("tool"), c.status) for c in ops] == [("send_survey", "unsupported")], _read(text).table()


@pytest.mark.parametrize("text", ["reply to 3 customer messages about refunds",
                                  "escalate 2 complaints up to tier three",
                                  "support desk that rewards only resolved tickets, 2 tickets"])
def test_a_task_generated_for_a_round7_phrasing_meets_its_reading(text: str) -> None:
    assert check_fidelity(_generate(text), _read(text)) == []
