"""Reader round 30: two worlds joined by a preposition of place ("a warehouse beside an online store") compose; ordering
goods a world only gives its objects as names ("order 2 pens") is buying them, so a second task's world no longer
swallows the first; a degree of part on a verb of seeing ("you can only partly see") is partial observability; working
through requests for an act ("process 3 refund requests") is doing it. Tested on phrasings that are in no benchmark
set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import tools as _tools


def _partial(directive: str) -> list[tuple[object, str]]:
    return [(c.requirement.get("partial"), c.status) for c in _clauses(directive, "observability")]


# -- two worlds joined by a preposition of place ---------------------------------------------------------------------
@pytest.mark.parametrize("directive, domains", [
    ("a help desk next to a web shop", ["support", "webshop"]),
    ("a calendar near a warehouse, 6 tools", ["calendar", "warehouse"]),
    ("a file system beside a help desk", ["filesystem", "support"]),
    ("an online shop besides a warehouse", ["warehouse", "webshop"]),
    ("a warehouse adjacent to a web shop", ["warehouse", "webshop"]),
])
def test_worlds_joined_by_a_place_compose(directive, domains):
    assert _domains(directive) == domains
    assert not _clauses(directive, "unrecognized")


@pytest.mark.parametrize("directive, domains", [
    ("pick 3 crates near the dock", ["warehouse"]),
    ("put 2 mugs next to the sofa", ["rearrangement"]),
])
def test_a_place_inside_one_world_composes_nothing(directive, domains):
    assert _domains(directive) == domains


# -- ordering goods a world only names its objects by ---------------------------------------------------------------
@pytest.mark.parametrize("directive", ["order 2 pencils", "please order 3 pens"])
def test_ordering_everyday_goods_is_the_shops(directive):
    assert _domains(directive) == ["webshop"]
    assert _tools(directive) == [("checkout", "honored")]


@pytest.mark.parametrize("directive", [
    "order 1 pen and reply to 2 customer emails",
    "order 2 pencils, then answer 1 customer complaint",
])
def test_ordering_goods_then_a_support_task_is_two_worlds(directive):
    assert _domains(directive) == ["support", "webshop"]
    assert ("checkout", "honored") in _tools(directive)


@pytest.mark.parametrize("directive, domain", [("order 2 tickets", "support"), ("tidy 3 pens", "rearrangement")])
def test_an_order_or_a_tidy_stays_where_it_was(directive, domain):
    assert _domains(directive) == [domain]


# -- a degree of part on a verb of seeing ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "delete 2 logs in a folder you can partly see",
    "move 2 files, the agent partially sees the tree",
    "pick 3 crates; the robot sees the shelves only partly",
    "book 1 room, the assistant can only dimly see the calendar",
])
def test_seeing_partly_is_partial(directive):
    assert _partial(directive) == [(True, "honored")]


@pytest.mark.parametrize("directive, expected", [
    ("rename 1 file, you can see everything", [(False, "honored")]),
    ("rename 1 file in a partly sorted folder", []),
])
def test_seeing_all_or_a_part_of_something_else(directive, expected):
    assert _partial(directive) == expected


# -- working through requests for an act ------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, tool", [
    ("handle 2 refund claims", "refund_order"),
    ("work through 4 refund tickets", "refund_order"),
    ("deal with 2 cancel requests", "cancel_order"),
    ("processing 1 refund request, sparse", "refund_order"),
])
def test_working_through_requests_for_an_act_is_doing_it(directive, tool):
    assert (tool, "honored") in _tools(directive)
    assert all(status == "honored" for _, status in _tools(directive))


@pytest.mark.parametrize("directive", ["deny 3 refund requests", "handle 3 urgent support requests"])
def test_requests_not_worked_through_or_for_no_act_ask_for_no_tool(directive):
    assert ("refund_order", "honored") not in _tools(directive)
