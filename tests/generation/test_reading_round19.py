"""Reader round 19: ending a case of work as the opening verb ("close 4 resolved tickets"), making a thing the opposite
of what a tool makes it ("make 1 file read-only"), a clash said as a clause of purpose ("reorganize 2 meetings so
none clash") and reworking meetings placed already ("rework 2 meetings"), and the side of a warehouse goods go out
by ("the outbound truck"); tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.errors import DirectiveError
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read


# -- ending a case of work opens the directive ---------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["close 2 open tickets", "clear 3 pending complaints",
                                       "finalize 2 refund requests"])
def test_ending_a_case_of_work_is_support(directive):
    assert _domains(directive) == ["support"]
    operation = _clauses(directive, "operation")[0]
    assert operation.status == "honored" and "goal" in operation.requirement
    count = _clauses(directive, "goal_count")[0]
    assert count.status == "honored" and count.requirement["type"] == "order"


@pytest.mark.parametrize("directive", ["close the file", "close 3 files", "clear the table"])
def test_ending_anything_else_is_not_support(directive):
    with pytest.raises(DirectiveError):  # as before: no world closes files or clears tables
        _read(directive)


# -- the opposite of a tool's state ---------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["make the report read-only", "set 3 config files to read only",
                                       "mark 2 files as read-only"])
def test_the_opposite_of_a_tools_state_is_an_unsupported_operation(directive):
    assert _domains(directive) == ["filesystem"]
    operation = _clauses(directive, "operation")
    assert len(operation) == 1 and operation[0].status == "unsupported"
    assert "chmod_writable" in operation[0].note and "tool" not in operation[0].requirement
    assert not _clauses(directive, "constraint")  # "read-only" is no rule by its "only"


def test_the_tools_own_state_stays_honored():
    operation = _clauses("make 2 configs editable", "operation")[0]
    assert operation.status == "honored" and operation.requirement["tool"] == "chmod_writable"


# -- a clash said as a clause of purpose; reworking meetings --------------------------------------------------------
@pytest.mark.parametrize("directive", ["reorganise 3 meetings so none clash", "rework 2 meetings so none clash",
                                       "move 2 meetings so that none overlap"])
def test_a_clash_of_purpose_leaves_the_task(directive):
    operation = _clauses(directive, "operation")[0]
    assert operation.requirement["tool"] == "schedule" and operation.requirement.get("undo") == "unschedule"
    assert _clauses(directive, "goal_count")[0].status == "honored"
    rule = _clauses(directive, "constraint")[0]
    assert rule.requirement == {"constraints": ["no_double_booking"]} and rule.text.startswith("so ")


@pytest.mark.parametrize("directive", ["rework 2 meetings", "reshuffle 3 appointments", "rearrange 3 appointments"])
def test_reworking_meetings_reschedules_them(directive):
    assert _domains(directive) == ["calendar"]
    operation = _clauses(directive, "operation")[0]
    assert operation.status == "honored"
    assert operation.requirement["tool"] == "schedule" and operation.requirement.get("undo") == "unschedule"


@pytest.mark.parametrize("directive", ["rework 3 files", "shuffle 4 blocks"])
def test_reworking_other_things_is_no_rescheduling(directive):
    assert not any(c.requirement.get("tool") == "schedule" for c in _clauses(directive, "operation"))


# -- the side goods go out by ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["load 2 crates onto the outbound lorry", "put 2 boxes on the inbound dock",
                                       "stage 2 crates in the dispatch bay"])
def test_the_shipping_side_is_a_warehouse(directive):
    assert _domains(directive) == ["warehouse"]


def test_hoists_keep_a_depot_whatever_side():
    assert _domains("hoists load 2 crates onto the outbound trucks at the depot") == ["depot"]
