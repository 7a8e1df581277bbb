"""Reader round 14 (#14): the names of meetings and of goods as evidence of their world, scheduling verbs with a
meeting after them, counts without numerals (a list of indefinite noun phrases), routing and sending in transport,
and "make X writable", tested on phrasings that are in no benchmark set, with negative cases."""

from __future__ import annotations

import time

import pytest

from gensim_gym import DirectiveError
from gensim_gym.generation.counts import counted_phrases
from gensim_gym.generation.operations import MEETING_COUNTED, SCHEDULING, resultative_verbs, scheduling_verbs
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import read as _read


def _count(directive: str) -> int | None:
    counts = _clauses(directive, "goal_count")
    return counts[0].requirement["goal_count"] if counts else None


# -- meetings by their kind, and the verbs that put them in the week -------------------------------------------
@pytest.mark.parametrize(("directive", "count"), [
    ("squeeze 2 standups into tuesday afternoon", 2),
    ("slot 3 kickoffs into the quarter so none overlap", 3),
    ("fit 2 debriefs in before lunch, hard", 2),
    ("line up 3 huddles for the design team", 3),
    ("plan 2 customer calls next thursday, sparse reward", 2),
    ("host 3 sprint retros this month, noisy", 3),
])
def test_meeting_kinds_with_a_scheduling_verb_are_calendar_work(directive, count):
    reading = _read(directive)
    assert reading.knobs.domains == ("calendar",)
    ops = [c for c in reading.clauses if c.kind == "operation"]
    assert ("schedule", "honored") in [(c.requirement.get("tool"), c.status) for c in ops]
    assert _count(directive) == count
    assert "schedule" in reading.knobs.required_tools


@pytest.mark.parametrize("text", [
    "make at most 3 tool calls",  # a machine's calls are no meetings
    "plan a route to the airport",  # "plan" with no meeting after it
    "slot the disc onto the last peg",
    "sync 3 folders to the backup drive",  # "sync" as a verb
])
def test_no_meeting_no_scheduling(text):
    assert SCHEDULING.search(text) is None
    assert scheduling_verbs(text, ["calendar"]) == []


def test_meeting_names_are_found_after_a_count_or_an_article_only() -> None:
    assert MEETING_COUNTED.search("arrange 2 one-on-ones") is not None
    assert MEETING_COUNTED.search("book a retro") is not None
    assert MEETING_COUNTED.search("4 design reviews") is not None  # an occasion after a count
    assert MEETING_COUNTED.search("a design review") is None  # an occasion after an article says too little
    assert MEETING_COUNTED.search("review the logs") is None


def test_a_keyword_inside_a_meetings_name_is_no_evidence_of_its_world() -> None:
    assert _read("block off 2 focus blocks before noon").knobs.domains == ("calendar",)
    assert _read("stack 3 blocks into a tower on monday").knobs.domains == ("blocks",)  # toy blocks stay blocks


def test_a_meeting_name_alone_chooses_no_world() -> None:
    with pytest.raises(DirectiveError):
        _read("write a short poem about a retro")


# -- goods and buying online ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "count"), [
    ("a helper that orders 3 webcams online, easy", 3),
    ("purchase 2 smartphones online without going over budget", 2),
    ("order 2 bathroom appliances online", 2),  # the room names where the goods go, not a tidying task
])
def test_goods_bought_online_are_the_shops(directive, count):
    reading = _read(directive)
    assert reading.knobs.domains == ("webshop",)
    assert "checkout" in reading.knobs.required_tools
    assert _count(directive) == count


@pytest.mark.parametrize(("directive", "domains"), [
    ("answer 2 customer emails online at the help desk", ["support"]),  # "online" alone adds no shop
    ("settle 2 complaints under the store's policy at the support desk", ["support"]),
    ("put 3 mugs back in the kitchen cupboard", ["rearrangement"]),
])
def test_an_incidental_shop_word_adds_no_shop(directive, domains):
    assert list(_read(directive).knobs.domains) == domains


# -- counts without numerals ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "count"), [
    ("buy a desk lamp and a yoga mat from the web shop", 2),
    ("purchase a kettle, a toaster and a blender at the online store", 3),
    ("copy a draft and a report into the backup folder", 2),
    ("warehouse robot: pick a pallet and a carton from aisle b", 2),
    ("schedule a kickoff and a debrief in the calendar", 2),
])
def test_a_list_of_indefinite_objects_is_a_count(directive, count):
    assert _count(directive) == count


@pytest.mark.parametrize("directive", [
    # (a lone "a desk lamp" as a verb's object is a count of 1 since round 15: test_reading_round15.py)
    "an assistant and a helper browse the web shop",  # a list that is no verb's object
])
def test_a_lone_article_or_a_subject_list_is_no_count(directive):
    assert _count(directive) is None


def test_list_counts_are_read_in_bounded_time() -> None:
    text = ("buy " + "a lamp, " * 240 + "and a mat")[:2000]  # the longest directive read_directive accepts
    start = time.process_time()  # CPU time: wall clock measures the machine's load
    counted_phrases(text, ["webshop"])
    assert time.process_time() - start < 0.5


# -- routing and sending in transport ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "send 3 parcels to the airport by truck, easy",
    "reroute 2 packages between cities by plane",
    "logistics: forward 2 parcels to the next city, hard",
])
def test_sending_and_routing_are_transport_delivery(directive):
    reading = _read(directive)
    assert reading.knobs.domains == ("transport",)
    ops = [c for c in reading.clauses if c.kind == "operation"]
    assert "honored" in [c.status for c in ops]


# -- making things so -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "copy 2 drafts to the backup folder and make them editable",
    "set 3 reports in the documents folder to read-write",
    "mark the 2 config files as writeable, easy",
])
def test_making_a_file_writable_asks_for_chmod(directive):
    reading = _read(directive)
    ops = [(c.requirement.get("tool"), c.status) for c in reading.clauses if c.kind == "operation"]
    assert ("chmod_writable", "honored") in ops
    assert "chmod_writable" in reading.knobs.required_tools


@pytest.mark.parametrize("text", [
    "make 2 copies of the report",  # no state
    "make the agent faster",
])
def test_no_state_no_resultative(text):
    assert resultative_verbs(text, ["filesystem"]) == []


def test_a_path_after_a_slash_is_no_verb() -> None:
    # "/backup" names a directory: no copy is asked for (it crowded chmod and move out of the golden plan)
    reading = _read("make 3 files writable and then move them to /backup")
    tools = [c.requirement.get("tool") for c in reading.clauses if c.kind == "operation"]
    assert "copy_file" not in tools
    assert {"chmod_writable", "move_file"} <= set(tools)
    assert "copy_file" in [c.requirement.get("tool") for c in _clauses("back up 2 reports", "operation")]


def test_a_shop_word_as_the_head_keeps_a_foreign_compound_foreign() -> None:
    # "stock prices": "price" is a shop's word, but "stock" modifying it names no warehouse's stock
    with pytest.raises(DirectiveError):
        _read("forecast next week's stock prices")
