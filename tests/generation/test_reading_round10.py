"""Reader round 10: the classes of fresh21's misses read by mechanism. Every phrasing here is in no benchmark set."""

from __future__ import annotations

import pytest

from gensim_gym import DirectiveError, read_directive
from tests.reading_quiet import clauses as _kind
from tests.reading_quiet import read as _read


@pytest.mark.parametrize("text", [
    "sokoban, the board is half visible",
    "support: answer 3 tickets, orders only partly observable",
    "webshop where products are barely visible, buy 2 products",
])
def test_a_degree_of_part_on_an_adjective_of_seeing_is_partial_observability(text: str) -> None:
    assert any(c.requirement == {"partial": True} for c in _kind(text, "observability")), _read(text).table()


def test_fully_visible_stays_full_observability() -> None:
    text = "webshop: buy 2 products, the catalog is fully visible"
    assert [c.requirement for c in _kind(text, "observability")] == [{"partial": False}], _read(text).table()


@pytest.mark.parametrize("text", [
    "remove 2 files while keeping the photos directory",
    "erase 3 logs, but keep the reports folder",
])
def test_keeping_a_thing_after_a_destroying_act_is_a_rule(text: str) -> None:
    assert _kind(text, "constraint"), _read(text).table()


@pytest.mark.parametrize("text", [
    "delete 2 files and keep it short",
    "copy 2 files but keep the originals",  # no destroying act: keeping is no rule here
])
def test_keep_without_a_destroying_act_or_a_thing_is_no_rule(text: str) -> None:
    assert not _kind(text, "constraint"), _read(text).table()


@pytest.mark.parametrize("text", ["repair a truck at a busy garage", "paint a boat at the harbour"])
def test_an_act_no_world_does_at_a_place_is_an_unknown_domain(text: str) -> None:
    with pytest.raises(DirectiveError) as caught:
        read_directive(text)
    assert getattr(caught.value, "unknown_domain", False)


def test_a_worlds_own_act_at_a_place_keeps_its_domain() -> None:
    assert _read("drive 2 trucks at the depot").knobs.domains == ("depot",)


@pytest.mark.parametrize("text", ["order 3 boxes of tea online", "purchase 2 packs of batteries in the shop"])
def test_a_measure_of_what_the_verb_acts_on_counts_goal_items(text: str) -> None:
    found = _kind(text, "goal_count")
    assert found and found[0].requirement.get("goal_count") in (2, 3) and found[0].status == "honored", \
        _read(text).table()


@pytest.mark.parametrize(("text", "domain"), [
    ("a shop clerk, buy 2 products", "webshop"),
    ("store employee with 2 purchases", "webshop"),
])
def test_a_weak_place_keyword_naming_a_role_chooses_its_world(text: str, domain: str) -> None:
    assert _read(text).knobs.domains == (domain,), _read(text).table()


def test_a_weak_act_keyword_naming_a_role_chooses_no_world() -> None:
    with pytest.raises(DirectiveError):
        read_directive("a search agent")


@pytest.mark.parametrize(("text", "kind"), [
    ("support desk: help 3 callers", "customer"),
    ("calendar: set up a meeting for 2 teammates", "person"),
])
def test_people_named_by_their_role_count_the_worlds_people(text: str, kind: str) -> None:
    found = _kind(text, "goal_count")
    assert found and found[0].requirement.get("type") == kind and found[0].status == "honored", _read(text).table()
