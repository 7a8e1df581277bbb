"""Reader round 72 (session 32, the lead, on fresh84's misses after its untouched run: forum and Q&A posts asking for
an env), read by class. A world's things listed after its name are that world's ("depot domain (crates, hoists,
trucks)": no transport from "trucks", a type of the depot named there); a causative's participle is the act asked
for ("get 5 passengers served and ...": no operation "get"); tools said to lie or to give misleading answers are
noise. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import domains, tools
from tests.reading_quiet import readings as _read_kind


# -- a world's things listed after its name ----------------------------------------------------------------------------
@pytest.mark.parametrize("directive, worlds", [
    ("depot world (trucks, hoists, pallets): move 2 crates to the distributor", ["depot"]),
    ("Depot question (crates, trucks, hoists). I want 3 crates on pallets.", ["depot"]),
])
def test_a_worlds_things_listed_after_its_name_are_that_worlds(directive, worlds):
    assert domains(directive) == worlds


@pytest.mark.parametrize("directive, worlds", [
    ("transport (trucks, airplanes, airports): deliver 2 packages", ["transport"]),
    ("the airplanes and the calendar, 5 tools", ["calendar", "transport"]),    # an own keyword of transport listed
    ("the trucks and the calendar, 5 tools", ["calendar", "transport"]),       # the depot, whose trucks, unnamed
])
def test_a_keyword_no_other_world_has_still_lists_its_world(directive, worlds):
    assert domains(directive) == worlds


# -- a causative's participle ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, tool", [
    ("elevator: I need to get 4 passengers delivered and a sparse reward", None),
    ("support: have 2 tickets resolved and keep the reward dense", None),
    ("file system: get 3 logs deleted and give the agent 5 tools", "delete_file"),
])
def test_a_causatives_participle_is_the_act_and_the_causative_none(directive, tool):
    read = tools(directive)
    assert all(status == "honored" for _, status in read) and read
    assert tool is None or (tool, "honored") in read


@pytest.mark.parametrize("directive", ["warehouse, get 3 tools", "warehouse: have 2 robots"])
def test_a_causative_without_a_participle_is_read_as_before(directive):
    assert [status for _, status in tools(directive)] == ["unsupported"] or tools(directive) == []


# -- tools said to lie -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("gripper, 2 balls, the sensors now and then lie about the ball positions", "now and then lie about"),
    ("elevator with 3 passengers; the floor indicator sometimes gives misleading readings",
     "sometimes gives misleading"),
    ("visitall, 4 cells, and the map tool occasionally reports false walls", "occasionally reports false"),
])
def test_tools_said_to_lie_are_noise(directive, text):
    assert (text, "honored", {"noise": True}) in _read_kind(directive, "noise")


@pytest.mark.parametrize("directive", [
    "warehouse: 3 boxes lie on the shelf, move them to the dock",
    "rearrangement: the mugs lie on the table, put 2 of them away",
])
def test_things_lying_somewhere_are_no_noise(directive):
    assert _read_kind(directive, "noise") == []
