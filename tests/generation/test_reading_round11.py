"""Reader round 11: the classes of fresh22's misses read by mechanism. Every phrasing here is in no benchmark set."""

from __future__ import annotations

import pytest

from gensim_gym import DirectiveError, read_directive
from tests.reading_quiet import clauses as _kind
from tests.reading_quiet import read as _read


def _domains(text: str) -> list[str]:
    return [d for c in _kind(text, "domain") for d in c.requirement.get("domains", ())]


@pytest.mark.parametrize("text", [
    "folder categorization jobs, 3 tools",
    "directory administration, hard",
    "file reorganization with a deadline",
])
def test_a_keyword_before_a_nominalized_activity_is_evidence(text: str) -> None:
    assert _domains(text) == ["filesystem"], _read(text).table()


def test_a_keyword_before_a_foreign_head_is_still_no_evidence() -> None:
    with pytest.raises(DirectiveError):
        read_directive("stock market forecasts, 3 tools")


@pytest.mark.parametrize("text", [
    "online marketplace agent, 2 products, hard",
    "tasks for an online retailer, short plans",
    "online boutique assistant with noise",
])
def test_selling_online_is_the_shop(text: str) -> None:
    assert _domains(text) == ["webshop"], _read(text).table()


def test_a_marketplace_not_online_is_no_shop() -> None:
    assert "webshop" not in _domains("warehouse for a retail marketplace, move 3 pallets")


@pytest.mark.parametrize(("text", "domains"), [
    ("sokoban with file system, 5 tools", ["filesystem", "sokoban"]),
    ("calendar and web shop, 3 tools", ["calendar", "webshop"]),
])
def test_a_domain_name_spelled_apart_joins_another_named_domain(text: str, domains: list[str]) -> None:
    assert sorted(_domains(text)) == domains, _read(text).table()


def test_a_domain_name_spelled_apart_alone_is_one_world() -> None:
    assert _domains("file system chores, remove 2 logs") == ["filesystem"]


@pytest.mark.parametrize("text", [
    "the robot puts 2 toys back in the drawer",
    "a helper robot places 3 socks back in the closet",
])
def test_putting_things_back_is_tidying(text: str) -> None:
    assert _domains(text) == ["rearrangement"], _read(text).table()


@pytest.mark.parametrize(("text", "domain"), [
    ("put 3 items back on the pallet rack in the warehouse", "warehouse"),
    ("drive the truck back to the depot with 2 crates", "depot"),
])
def test_putting_back_elsewhere_keeps_its_world(text: str, domain: str) -> None:
    assert domain in _domains(text), _read(text).table()


@pytest.mark.parametrize("text", [
    "plan 4 team seminars for friday, hard",
    "plan two lessons on thursday, no overlaps",
])
def test_planning_counted_events_or_a_weekday_is_scheduling(text: str) -> None:
    assert _domains(text) == ["calendar"], _read(text).table()


@pytest.mark.parametrize(("text", "domain"), [
    ("warehouse robot, longer plans, move 3 pallets", "warehouse"),
    ("plan a route for 3 packages between cities", "transport"),
])
def test_a_plan_that_is_no_event_is_no_scheduling(text: str, domain: str) -> None:
    assert "calendar" not in _domains(text), _read(text).table()


def test_a_weekday_alone_chooses_no_world() -> None:
    with pytest.raises(DirectiveError):
        read_directive("something nice on thursday, hard")
