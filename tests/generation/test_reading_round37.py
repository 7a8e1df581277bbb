"""Reader round 37 (domain choice and operations): tracing a lost or missing shipment for a customer is a help desk's
work (looking the order up); making sure an act has been done ("has set foot on all squares") asks for the act, no
kept state; a retailer said to be on the internet ("an internet supermarket") is a web shop; the lift named by its
running ("lift scheduling") or ridden, taken or waited for is the elevator; getting things onto a calendar is
scheduling them; names of a kind ("date-based names") given to files rename them; a carrier's gerund after "need"
("balls need ferrying") is the act, and "N of them" skips the noun naming the agent ("a gripper robot"); counted
things "to get across" somewhere are the world's work; resetting an account is the help desk's loose update; finding
the thing a taking tool is named after ("find 1 key") is taking it; and learning to do an act no world does
("learn to juggle three balls") names no world, whatever keyword its object uses. Tested on phrasings that are in no
benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.errors import DirectiveError
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read


def _operations(directive: str) -> list[tuple[str, str | None, str]]:
    return [(c.requirement["operation"], c.requirement.get("tool"), c.status)
            for c in _clauses(directive, "operation")]


def _tools(directive: str, status: str = "honored") -> set[str | None]:
    return {tool for _, tool, said in _operations(directive) if said == status}


# -- tracing a lost shipment is a help desk's lookup ------------------------------------------------------------------
@pytest.mark.parametrize("directive, count", [
    ("The help bot traces 3 missing parcels, sparse.", 3),
    ("Investigate 1 delayed order for a customer.", 1),
    ("chase up 2 undelivered packages for our clients", 2),
])
def test_tracing_a_lost_shipment_is_support(directive, count):
    assert _domains(directive) == ["support"]
    assert "lookup_order" in _tools(directive)
    assert _counts(directive)[0][0] == count


@pytest.mark.parametrize("directive, domain", [
    ("Truck 2 parcels to city b with a van.", "transport"),
    ("deliver 3 shipments between cities by plane", "transport"),
])
def test_moving_shipments_stays_transport(directive, domain):
    assert _domains(directive) == [domain]


# -- making sure an act has been done asks for the act ------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "Ensure the robot has visited every cell of the grid.",
    "Make sure the scout has stepped on every tile of the grid.",
])
def test_making_sure_an_act_is_done_is_the_act(directive):
    assert not _clauses(directive, "constraint")
    assert "move" in _tools(directive)


def test_making_sure_a_deletion_was_done_is_no_rule_against_it():
    assert not _clauses("Make sure every file has been deleted.", "constraint")
    assert "delete_file" in _tools("Make sure every file has been deleted.")


@pytest.mark.parametrize("directive, template", [
    ("Make sure the backups have not been deleted while you delete 2 logs.", "protect_backups"),
    ("Make sure the dock has been kept clear while moving 3 crates.", "dock_clear"),
    ("arrange 2 syncs and make sure no one is double-booked", "no_double_booking"),
])
def test_a_state_kept_or_an_act_not_done_stays_a_rule(directive, template):
    assert any(template in c.requirement.get("constraints", []) for c in _clauses(directive, "constraint"))


# -- a retailer on the internet is a web shop ---------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "Order 2 vitamins from an online pharmacy.",
    "buy 3 notebooks at an internet stationery store",
    "get 2 loaves from the web bakery, sparse",
])
def test_an_online_retailer_is_the_webshop(directive):
    assert _domains(directive) == ["webshop"]


def test_online_alone_names_no_shop_over_another_world():
    assert _domains("copy 3 online reports into the archive folder") == ["filesystem"]


# -- the lift is the elevator -------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "A lift controller must carry 3 riders to their floors.",
    "Two visitors wait for the lift in the lobby, noisy.",
    "lift dispatch for 4 passengers, sparse",
])
def test_the_lift_is_the_elevator(directive):
    assert _domains(directive) == ["elevator"]


def test_the_lift_after_an_article_is_no_act():
    assert ("lift", "board", "honored") not in _operations("Two visitors wait for the lift in the lobby, noisy.")


@pytest.mark.parametrize("directive, domain, tool", [
    ("The robot must lift 3 boxes onto the shelf.", "warehouse", "pick"),
    ("Scheduling 2 meetings for people in the lift lobby.", "calendar", "schedule"),
])
def test_lifting_things_and_a_lift_lobby_stay_their_worlds(directive, domain, tool):
    assert _domains(directive) == [domain]
    assert tool in _tools(directive)


# -- getting things onto a calendar is scheduling them ----------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "Two demos are pending: put them on the team calendar.",
    "We have 3 standups to plan; the bot should get them into everyone's diary.",
    "add 2 retros to our shared schedule",
])
def test_getting_things_onto_a_calendar_is_scheduling(directive):
    assert _domains(directive) == ["calendar"]
    assert "schedule" in _tools(directive)


def test_getting_files_onto_a_drive_stays_moving():
    assert _tools("Get 2 files onto the shared drive.") == {"move_file"}


# -- names of a kind given to files rename them ------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "Give 2 reports lowercase file names in the docs folder.",
    "in the downloads folder, give 4 scans timestamp-based names",
])
def test_giving_files_names_of_a_kind_renames_them(directive):
    assert "move_file" in _tools(directive)


def test_names_given_in_a_world_without_renaming_ask_for_nothing():
    assert "move_file" not in _tools("give 2 callers lowercase names and refund 1 order")


# -- a carrier's gerund after "need"; "N of them" skips the agent's noun ----------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("Two crates need trucking to city b, sparse.", 2, "package"),
    ("the cars need ferrying to the island, 2 of them", 2, "car"),
])
def test_a_carrier_gerund_after_need_is_the_act(directive, count, kind):
    assert _operations(directive) and all(status == "honored" for *_, status in _operations(directive))
    assert _counts(directive)[0][:2] == (count, kind)


def test_of_them_skips_the_noun_of_the_agent():
    assert _counts("move the balls with a gripper robot, 2 of them")[0][:2] == (2, "ball")


def test_a_carrier_after_a_determiner_stays_a_noun():
    assert not any(op == "ferry" for op, *_ in _operations("the ferry needs 2 cars on board before it sails"))


# -- counted things "to get" somewhere ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive, tool", [
    ("The sokoban pusher has 3 boxes to get onto the goals.", "move"),
    ("There are 2 files to get from the downloads folder into the archive folder.", "move_file"),
])
def test_counted_things_to_get_somewhere_are_the_worlds_work(directive, tool):
    assert tool in _tools(directive)


# -- resetting an account is the help desk's loose update -------------------------------------------------------
def test_resetting_an_account_is_an_approximated_update():
    directive = "A help desk bot reactivates 2 customer accounts after checking who is calling."
    assert "update_address" in _tools(directive, "approximated")
    assert "verify_identity" in _tools(directive)


def test_resetting_outside_the_help_desk_is_no_update():
    assert "update_address" not in {t for _, t, _ in _operations("Reset the sokoban puzzle and push 1 box.")}


# -- finding what a taking tool is named after is taking it -----------------------------------------------------
@pytest.mark.parametrize("directive", [
    "In the crypt, locate two keys and unlock the gate.",
    "the explorer must discover 1 hidden key in the dungeon",
])
def test_finding_the_key_is_taking_it(directive):
    assert "pick_key" in _tools(directive)


def test_finding_the_exit_is_no_taking():
    assert "pick_key" not in _tools("Find the exit of the dungeon in 20 steps.")


# -- learning an act no world does names no world ---------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "Learn to bounce three balls off a wall.",
    "learning to juggle 4 balls on a tightrope, dense",
])
def test_learning_a_foreign_act_names_no_world(directive):
    with pytest.raises(DirectiveError):
        _read(directive)


@pytest.mark.parametrize("directive, domain", [
    ("Learn to move 3 balls to room b with the gripper.", "gripper"),
    ("learn to stack 3 blocks into a tower", "blocks"),
])
def test_learning_a_worlds_act_keeps_the_world(directive, domain):
    assert _domains(directive) == [domain]
