"""Reader round 48: a verb said of the past inside a relative clause ("customers who bought faulty kettles", "2 orders
that were sent to the wrong address", "1 order the customer bought by mistake") describes its noun and asks for no
operation, while a verb still to be done ("files that must be deleted", "the orders to cancel") or an end state ("done
when 2 jackets are bought") is still an ask. A directive said as a variant of a baseline: less of the allowance than
before is time pressure ("fewer moves than usual"), a count contrasted with the asked one counts nothing ("3 crates
rather than one"), a fact learned only by looking is partial observability, rewarding each step of progress is a
dense reward, and a folder that must never be touched is a place kept out of bounds. Tested on phrasings that are in
no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts


def _first(directive: str, kind: str) -> tuple[dict, str] | None:
    found = _clauses(directive, kind)
    return (found[0].requirement, found[0].status) if found else None


def _operations(directive: str) -> list[str]:
    return [c.requirement["operation"] for c in _clauses(directive, "operation")]


# -- a past verb in a relative clause describes ---------------------------------------------------------------------
@pytest.mark.parametrize("directive, asked, described", [
    ("Refund 3 buyers who purchased broken toasters", "refund", "purchase"),
    ("Cancel 2 orders which were shipped to an old address", "cancel", "ship"),
    ("Refund the 2 orders the client paid twice", "refund", "pay"),
    ("Look up 1 order that had been bought with a gift card", "look up", "buy"),
])
def test_past_verb_in_relative_clause_is_no_operation(directive, asked, described):
    found = _operations(directive)
    assert asked in found and described not in found


@pytest.mark.parametrize("directive, operation", [
    ("the shop task ends when 3 lamps are bought", "buy"),  # an end state: the ask
    ("remove 2 logs that must be deleted from the folder", "delete"),  # still to be done
    ("In the shop the customer bought 2 mugs", "buy"),  # the scene's own subject, no relative clause
])
def test_verb_still_to_be_done_keeps_its_operation(directive, operation):
    assert operation in _operations(directive)


# -- a variant of a baseline -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, slack", [
    ("stack 4 blocks in fewer moves than before", "tight"),
    ("deliver 2 parcels, with less time than in the original", "tight"),
    ("sort 3 blocks, a tighter budget than last time", "tight"),
    ("deliver 2 parcels, with more time than usual", "loose"),
])
def test_allowance_against_a_baseline_is_time_pressure(directive, slack):
    assert _first(directive, "time_pressure") == ({"horizon_slack": slack}, "honored")


def test_fewer_steps_without_a_baseline_stay_plan_length():
    assert _first("stack 4 blocks in fewer steps", "time_pressure") is None


@pytest.mark.parametrize("directive, count, kind", [
    ("load 3 crates onto the truck rather than one", 3, "crate"),
    ("instead of one meeting, schedule 2 meetings", 2, "meeting"),
    ("delete 5 logs, up from 2", 5, "file"),
])
def test_contrasted_count_counts_nothing(directive, count, kind):
    assert _counts(directive) == [(count, kind, "honored")]


def test_count_without_contrast_still_counts():
    assert (1, "meeting", "honored") in _counts("schedule one meeting and cancel 2 calls")


@pytest.mark.parametrize("directive", [
    "the lift serves 2 passengers but only knows who waits on a floor by checking",
    "the elevator, serving 3 passengers, learns which floor someone waits on only by visiting it",
])
def test_fact_learned_only_by_looking_is_partial(directive):
    assert _first(directive, "observability") == ({"partial": True}, "honored")


def test_learning_by_looking_without_only_is_no_observability():
    assert _first("the lift serves 2 passengers and learns the floors by looking", "observability") is None


@pytest.mark.parametrize("directive", [
    "buy 3 mugs, rewarding every bit of progress",
    "stack 4 blocks and credit each move forward",
])
def test_rewarding_each_step_is_dense(directive):
    assert _first(directive, "reward_mode") == ({"reward_mode": "dense"}, "honored")


@pytest.mark.parametrize("directive, status", [
    ("remove 3 old logs; the backup directory may never be emptied", "honored"),
    ("delete 2 caches, and the music folder must not be touched", "approximated"),  # the backup dir stands in
])
def test_folder_that_must_never_be_touched_is_protected(directive, status):
    assert _first(directive, "constraint") == ({"constraints": ["protect_backups"]}, status)


def test_thing_that_must_never_be_touched_is_no_place():
    found = _first("delete 2 files, the photos must never be touched", "constraint")
    assert found is not None and found[1] == "unsupported"
