"""Reader round 50: goods said to be ordered, bought or purchased online, the participle after them, are bought in
the shop, and a measure they are counted in ("4 bags of", "5 boxes of") is no verb and no other world's thing; a
thing the calendar places said to be moved, the participle after it ("1 call moved to friday", "2 appointments
postponed until thursday"), is that thing placed again; a scant count of moves said to be allowed is a tight
horizon; a world named only as where another world's things are taken ("to the east depot") is a place of the
world that carries them; a world that moves its things only by putting them where they belong (the household) is asked
for that put by "move". Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import tools as _tools


def _first(directive: str, kind: str) -> tuple[dict, str] | None:
    found = _clauses(directive, kind)
    return (found[0].requirement, found[0].status) if found else None


# -- goods ordered online, the participle after them ---------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("I want 2 lamps bought online before the sale ends", 2),
    ("3 packs of batteries purchased online for the office", 3),
    ("the team needs 5 boxes of tea ordered online", 5),
])
def test_goods_ordered_online_are_bought_in_the_shop(directive, count):
    assert _domains(directive) == ["webshop"]
    assert ("checkout", "honored") in _tools(directive)
    assert _counts(directive)[0] == (count, "product", "honored")


def test_a_measure_after_a_count_is_no_verb():
    # "bags" is the shop's verb of bagging; "3 bags of flour" is a measure of the goods bought
    assert ("add_to_cart", "honored") not in _tools("buy 3 bags of flour online")


def test_boxes_of_things_moved_stay_the_warehouses():
    assert _domains("move 3 boxes of parts to aisle 2") == ["warehouse"]


# -- a meeting moved, the participle after it ------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the planner needs 2 calls shifted to monday",
    "I want the review pushed back a week on the calendar",
    "2 appointments postponed until thursday",
])
def test_a_meeting_moved_after_it_is_placed_again(directive):
    found = _clauses(directive, "operation")
    assert _domains(directive) == ["calendar"]
    assert any(c.requirement.get("tool") == "schedule" and c.requirement.get("undo") for c in found), found


def test_a_meeting_only_described_is_not_moved():
    # delayed by something is what happened to the meetings, no move asked for
    found = _clauses("schedule 3 meetings delayed by traffic", "operation")
    assert not any(c.requirement.get("undo") for c in found)


# -- few moves allowed ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "stack 4 blocks with only a few moves permitted",
    "visit every cell of the grid, not many steps allowed",
    "solve the sokoban level with very few moves available",
])
def test_few_moves_allowed_is_tight(directive):
    assert _first(directive, "time_pressure") == ({"horizon_slack": "tight"}, "honored")


def test_plenty_of_moves_allowed_is_loose():
    assert _first("stack 4 blocks, plenty of moves allowed", "time_pressure") == ({"horizon_slack": "loose"},
                                                                                 "honored")
    assert not _clauses("stack 4 blocks, plenty of moves allowed", "constraint")


def test_a_few_steps_of_progress_are_no_time_pressure():
    assert _first("visit every cell, a few steps of progress each turn", "time_pressure") is None


# -- a depot named as where another world's things go ---------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "ship 3 packages to the east depot by truck",
    "send 4 packages to the main depot",
    "redirect 2 packages to the south depot by plane",
])
def test_a_depot_as_destination_is_a_transport_place(directive):
    assert _domains(directive) == ["transport"]


@pytest.mark.parametrize("directive", [
    "truck 3 crates to the depot",
    "move 2 crates from the depot to the distributor",
    "drive 2 crates to depot 1 with the hoist",
])
def test_the_depots_own_work_stays_the_depots(directive):
    assert _domains(directive) == ["depot"]


# -- moving a household's things is putting them where they belong ---------------------------------------------------
@pytest.mark.parametrize("directive", [
    "tidy up the household: move 3 toys back where they belong",
    "in the household, move 2 plates into the cupboard",
])
def test_moving_a_households_things_puts_them(directive):
    assert ("put", "honored") in _tools(directive)


def test_a_world_that_stacks_things_on_each_other_gets_no_move():
    # blocks' stack puts a block on another block, no place: "move" stays no tool of it
    assert ("put", "honored") not in _tools("move 2 blocks onto block a")
    assert all(tool != "stack" for tool, _ in _tools("move 2 blocks onto block a"))


# -- a folder kept, files of a kind not to be touched ----------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "remove 4 old logs but keep the exports folder",
    "purge 3 old dumps but keep the downloads folder",
    "rename 2 reports but never modify the system files",
])
def test_a_kept_folder_or_untouchable_files_stand_in_for_the_protected_directory(directive):
    assert _first(directive, "constraint") == ({"constraints": ["protect_backups"]}, "approximated")


def test_a_folder_kept_in_some_state_is_no_place_out_of_bounds():
    assert _first("remove 2 temp files, keep the archive folder tidy", "constraint")[1] == "unsupported"


def test_untouched_source_files_of_a_copy_are_the_copys_originals():
    found = _first("copy 2 photos to the backup folder and never touch the source files", "constraint")
    assert found is not None and found[1] == "honored" and found[0].get("kept") == "originals"


# -- a customer's issue is a case of the help desk's work ------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("the help desk fixes 3 billing issues", 3),
    ("support agent: sort out 2 shipping issues, dense", 2),
])
def test_issues_count_the_help_desks_cases(directive, count):
    assert _counts(directive)[0] == (count, "order", "honored")


def test_issues_are_no_evidence_of_the_help_desk():
    assert _domains("blocks world with 3 blocks, no issues with noise") == ["blocks"]


# -- counting a warehouse's stock is scanning it -----------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "warehouse robot: take stock of aisle 3, then move 2 crates to the dock",
    "in the warehouse, recount the crates in aisle 2 and pick 1",
    "the warehouse picker counts the crates at the dock and ships 2",
])
def test_counting_stock_is_the_warehouses_scan(directive):
    assert ("scan_location", "honored") in _tools(directive)


def test_counting_elsewhere_is_no_scan():
    assert all(tool != "scan_location" for tool, _ in _tools("count 3 files in the downloads folder and delete 2"))


# -- a thing done again after the directive undoes it ----------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "unstack 3 blocks, then rebuild the tower",
    "the robot unstacks 2 towers and restacks the blocks, sparse",
])
def test_redone_after_its_undo_is_asked_is_honored(directive):
    assert ("stack", "honored") in _tools(directive)


def test_redone_without_an_undo_stays_approximated():
    assert ("stack", "approximated") in _tools("restack 3 blocks")


# -- finding a file is listing directories; bringing one back is copying it back --------------------------------------
@pytest.mark.parametrize("directive", [
    "look for 2 lost files in the folder tree and move them to docs",
    "locate 3 invoices in the documents folder",
])
def test_finding_a_file_lists_the_directories(directive):
    assert ("list_dir", "honored") in _tools(directive)


def test_restoring_a_file_copies_it_back_loosely():
    assert ("copy_file", "approximated") in _tools("recover 1 deleted photo from the backup folder")


def test_finding_outside_the_file_system_is_no_listing():
    assert all(tool != "list_dir" for tool, _ in _tools("find 2 red mugs in the kitchen and put them away"))


def test_a_meeting_moved_after_it_names_the_calendar():
    # the meetings and their move alone are the calendar's evidence: no weekday, no calendar named
    assert _domains("I'd like 2 team syncs moved to the afternoon") == ["calendar"]
