"""Reader round 9: the classes of fresh19's misses read by mechanism. Every phrasing here is in no benchmark set."""

from __future__ import annotations

import pytest

from gensim_gym import DirectiveError, read_directive
from tests.reading_quiet import clauses as _kind
from tests.reading_quiet import read as _read


@pytest.mark.parametrize(("text", "slack", "bonus"), [
    ("blocks world with brief episodes", "tight", -1),
    ("hanoi where the episodes are short", "tight", -1),
    ("ferry 2 cars, lengthy episodes", "loose", 2),
])
def test_an_episode_said_short_or_long_is_time_pressure_and_plan_length(text: str, slack: str, bonus: int) -> None:
    reading = _read(text)
    assert [(c.requirement, c.status) for c in _kind(text, "time_pressure")] == [
        ({"horizon_slack": slack}, "honored")], reading.table()
    assert reading.knobs.length_bonus == bonus, reading.table()


def test_a_long_horizon_episode_is_no_loose_horizon() -> None:
    text = "depot, episodes must be long-horizon"
    assert not _kind(text, "time_pressure"), _read(text).table()


@pytest.mark.parametrize("text", [
    "holiday shopping, 3 gifts",
    "weekend shopping online: two products",
])
def test_a_worlds_activity_gerund_asks_for_its_phrasal_operation(text: str) -> None:
    reading = _read(text)
    assert reading.knobs.domains == ("webshop",), reading.table()
    assert any(c.status == "honored" and c.requirement.get("tool") == "checkout" for c in _kind(text, "operation")), \
        reading.table()


def test_a_gerund_modifying_a_noun_is_no_activity() -> None:
    text = "webshop: put 2 products on the shopping list"
    assert not any(c.requirement.get("tool") == "checkout" for c in _kind(text, "operation")), _read(text).table()


@pytest.mark.parametrize(("text", "status"), [
    ("refund three orders, only those still within the refund period", "honored"),
    ("refund 2 customers, only the eligible ones", "honored"),
    ("pay back 2 customers but only those within a 14-day return window", "approximated"),  # a span of time
])
def test_an_eligibility_restriction_is_the_refund_policy(text: str, status: str) -> None:
    reading = _read(text)
    assert [(c.requirement, c.status) for c in _kind(text, "constraint")] == [
        ({"constraints": ["refund_policy"]}, status)], reading.table()
    assert "refund_policy" in reading.knobs.constraints


def test_a_restriction_of_things_by_place_is_no_policy() -> None:
    text = "copy only the files within the docs folder, 2 files"
    assert not _kind(text, "constraint"), _read(text).table()


def test_a_phrasal_act_counts_against_a_world_without_it() -> None:
    # "check out" is webshop's act: a warehouse keyword in the same directive ("inventory") does not win
    text = "put 2 items in the basket and check out, inventory is hidden"
    assert _read(text).knobs.domains == ("webshop",), _read(text).table()


@pytest.mark.parametrize(("text", "domain", "kind"), [
    ("a house robot carries 2 socks back to the shelf", "rearrangement", "thing"),
    ("buy 2 jackets", "webshop", "product"),
    ("the warehouse robot carries 2 socks to the shelf", "warehouse", "item"),  # the world named outright
])
def test_a_counted_name_the_world_gives_its_objects_says_whose_they_are(text: str, domain: str, kind: str) -> None:
    reading = _read(text)
    assert reading.knobs.domains == (domain,), reading.table()
    assert [(c.requirement["type"], c.status) for c in _kind(text, "goal_count")] == [(kind, "honored")], \
        reading.table()


@pytest.mark.parametrize(("text", "count"), [
    ("purchase 2 mugs and 1 teapot from the web shop", 3),
    ("buy 1 lamp plus 2 speakers online", 3),
])
def test_counts_joined_by_and_are_one_goal_count(text: str, count: int) -> None:
    assert [(c.requirement["goal_count"], c.status) for c in _kind(text, "goal_count")] == [(count, "honored")], \
        _read(text).table()


@pytest.mark.parametrize("text", [
    "schedule 2 meetings and 3 rooms",  # another type: two counts, the first is the goal count
    "buy 2 lamps and 3 times check the cart",  # a unit is no object
])
def test_counts_of_other_things_are_not_joined(text: str) -> None:
    assert _kind(text, "goal_count")[0].requirement["goal_count"] == 2, _read(text).table()


def test_an_unknown_domain_error_carries_what_else_was_read() -> None:
    with pytest.raises(DirectiveError) as caught:
        read_directive("steer a submarine past the reefs, very easy, sparse reward")
    assert caught.value.unknown_domain
    assert {c.kind for c in caught.value.clauses} == {"difficulty", "reward_mode"}
    with pytest.raises(DirectiveError) as other:
        read_directive("calendar, on_unknown", on_unknown="nonsense")
    assert not other.value.unknown_domain and other.value.clauses == ()
