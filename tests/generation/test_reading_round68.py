"""Reader round 68 (session 32): fresh85's misses (bug and feature reports filed on an issue tracker), read by class.
An issue report's frame is no request (``issue_report``): its Actual section, its reproduction command's flags, its
version boilerplate, its labels, votes and a maintainer's questions, and, where an Expected section says the wish in
full, its title but for the world it names. Beside the frame: a gerund opening its sentence with a count is the act
asked for ("Resolving 4 tickets should be harder"); only the outcome rewarded, said with a bare participle or with
the verb ("with only the final outcome rewarded", "only reward reaching the exit"), is a sparse reward; the agent
uncovering the map a part at a time is hidden state; a tool's answer that comes back stale is a failure; a rule said
with "may only be <done> after" is a permission that waits (and its noun no extra count); and a world's name said as
the kind of task ("a depot task") names it even where another world lists the name as its keyword. Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import readings as _read_kind
from tests.reading_quiet import tools as _tools
from tests.reading_quiet import unread as _unread


# -- an issue report's frame -------------------------------------------------------------------------------------------
def test_the_actual_section_is_no_request():
    report = ("Cancel task overshoots\n\n### Expected behavior\nThe calendar agent cancels 2 meetings.\n\n"
              "### Actual behavior\nIt cancelled 5 meetings and the reward was sparse.")
    assert _counts(report) == [(2, "meeting", "honored")]
    assert _read_kind(report, "reward_mode") == []


def test_the_actual_section_does_not_reverse_the_expected_setting():
    report = ("Ferry reward\n\n### Expected behavior\nferry: carry 3 cars with a shaped reward\n\n"
              "### Actual behavior\nthe reward is only given at the very end")
    assert _read_kind(report, "reward_mode") == [("shaped reward", "honored", {"reward_mode": "dense"})]


def test_inline_labels_frame_a_report_too():
    report = "Expected: sokoban, push 2 boxes, plenty of steps.\nActual: it timed out after 30 steps."
    assert _counts(report) == [(2, "box", "honored")]
    assert _read_kind(report, "time_pressure") == [("plenty of steps", "honored", {"horizon_slack": "loose"})]


@pytest.mark.parametrize("report", [
    "Lamp purchase bug\n\n### Expected behavior\nwebshop, buy 2 lamps\n\n### Environment\n- OS: Fedora 40\n"
    "- Python 3.12.2\n- gensim_gym 0.15.0",
    "Expected behavior: the webshop agent buys 2 lamps.\n\nOS: macOS 13 | Python 3.10.4 | gensim_gym 0.12.1",
    "Expected: buy 2 lamps in the webshop\n\n**reporter:** 0.15.0 from PyPI, Python 3.11.",
])
def test_the_version_boilerplate_is_no_request(report):
    assert _counts(report) == [(2, "product", "honored")]
    assert not {"fedora", "macos", "python", "pypi", "os"} & set(" ".join(_unread(report)).split())
    assert [t for t in _tools(report) if t[1] != "honored"] == []


def test_the_reproduction_command_keeps_its_quoted_directive_not_its_flags():
    report = ("Elevator has too many tools\n\n### Steps to reproduce\n"
              "`gensim-gym generate \"elevator, serve 3 passengers\" --seed 9`\n\n### Expected behavior\n"
              "No more than 5 tools.")
    assert _counts(report) == [(3, "passenger", "honored")]
    assert _read_kind(report, "tool_count") == [("no more than 5 tools", "honored",
                                                 {"tool_count": 5, "bound": "at most"})]


@pytest.mark.parametrize("report, domain", [
    ("Sokoban agent sees the entire board\n\n### Expected behavior\nThe agent pushes 2 boxes and only sees the "
     "squares next to it.", "sokoban"),
    ("Tireworld crashes on reset\n\n### Expected behavior\nThe agent swaps 1 flat tire.", "tireworld"),
])
def test_the_title_of_a_report_with_an_expected_section_keeps_only_its_world(report, domain):
    assert _domains(report) == [domain]
    assert [r for r in _read_kind(report, "observability") if r[2].get("partial") is False] == []
    assert not {"sees", "entire", "board", "crashes", "reset"} & set(" ".join(_unread(report)).split())


def test_the_title_naming_the_world_is_no_verb_of_the_next_line():
    report = "Sokoban agent sees the entire board\n\n### Expected behavior\nThe agent pushes 2 boxes."
    assert _tools(report) == [("push", "honored")]


def test_labels_votes_and_a_maintainers_question_are_no_request():
    report = ("Depot: hoists jam\n\n### Expected behavior\nhoists load 3 crates onto trucks\n\n"
              "Labels: bug, good first issue\n\n+1 same for me\n\n**maintainer:** can you share the seed?")
    assert _counts(report) == [(3, "crate", "honored")]
    assert not {"bug", "good", "first", "issue", "same", "maintainer", "share", "seed"} \
        & set(" ".join(_unread(report)).split())


@pytest.mark.parametrize("directive", [
    "[bug] warehouse robot moves 3 crates", "bug: the warehouse robot moves 3 crates",
    "[enhancement] warehouse robot moves 3 crates"])
def test_a_trackers_tag_opening_the_title_is_no_request(directive):
    assert _unread(directive) == []
    assert _counts(directive) == [(3, "item", "honored")]


@pytest.mark.parametrize("directive, text, kind", [
    # no report: no template header opens a line, so nothing is dropped
    ("Stack 4 blocks. Environment: blocks world.", "blocks world", "domain"),
    # a one-line report's title is its wish
    ("Ferry env much too hard: 2 cars, a gentle warm-up", "gentle", "difficulty"),
])
def test_text_not_framed_as_a_report_stays_read(directive, text, kind):
    assert any(text in r[0] for r in _read_kind(directive, kind))


def test_a_header_line_is_no_title():
    report = "Expected behavior: the gripper robot moves 4 balls.\n\nOS: macOS 13 | Python 3.10.4"
    assert _counts(report) == [(4, "ball", "honored")]
    assert _tools(report) == [("move", "honored")]


# -- a gerund opening its sentence, with a count --------------------------------------------------------------------
@pytest.mark.parametrize("directive, verb", [
    ("Resolving 2 complaints in the help desk should be harder.", "resolving"),
    ("Answering 3 customer tickets is the whole task.", "answering"),
    ("Settling 4 tickets at the support desk, hard.", "settling"),
])
def test_a_gerund_opening_its_sentence_with_a_count_is_the_act(directive, verb):
    assert [(r[0], r[1]) for r in _read_kind(directive, "operation")] == [(verb, "honored")]


def test_a_gerund_inside_a_noun_phrase_is_no_act():
    assert [r for r in _read_kind("Elevator, lift scheduling, 3 passengers.", "operation") if "schedul" in r[0]] == []


# -- only the outcome rewarded -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("calendar: cancel 2 meetings, with only the end result rewarded", "only the end result rewarded"),
    ("blocks: stack 3 blocks with just the final outcome scored", "just the final outcome scored"),
    ("visitall: only reward reaching the last cell, 5 cells", "only reward reaching"),
    ("blocks world: reward only finishing the tower of 4 blocks", "reward only finishing"),
    ("hanoi with 3 disks that only rewards solving the puzzle", "only rewards solving"),
])
def test_only_the_outcome_rewarded_is_sparse(directive, text):
    assert (text, "honored", {"reward_mode": "sparse"}) in _read_kind(directive, "reward_mode")


def test_rewarding_each_step_reached_is_not_sparse():
    assert [r for r in _read_kind("visitall: reward reaching each of 5 cells", "reward_mode")
            if r[2].get("reward_mode") == "sparse"] == []


# -- the agent uncovering the map a part at a time ------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("dungeon where the hero discovers the map room by room, 2 keys", "discovers the map room by room"),
    ("visitall: the agent uncovers the grid cell by cell while visiting 6 cells", "uncovers the grid cell by cell"),
    ("sokoban, the agent explores the level area by area, 2 boxes", "explores the level area by area"),
])
def test_uncovering_the_map_a_part_at_a_time_is_hidden_state(directive, text):
    assert _read_kind(directive, "observability") == [(text, "honored", {"partial": True})]


def test_exploring_the_map_hides_nothing():
    assert _read_kind("dungeon where the hero explores the map, 2 keys", "observability") == []


# -- a tool's answer that comes back stale -----------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("webshop: the search occasionally returns stale results, buy 1 lamp", "occasionally returns stale"),
    ("calendar, the API sometimes returns outdated availability, book 2 meetings", "sometimes returns outdated"),
    ("warehouse: the scanner randomly returns bogus readings, move 3 crates", "randomly returns bogus"),
])
def test_a_stale_answer_now_and_then_is_noise(directive, text):
    assert _read_kind(directive, "noise") == [(text, "honored", {"noise": True})]


def test_returning_outdated_goods_is_no_noise():
    assert _read_kind("webshop: the agent returns 2 outdated lamps", "noise") == []


# -- a permission said with "may only be <done> after" -----------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("support: resolve 2 tickets, and a refund may only be issued after the customer's identity is verified",
     "only be issued after the customer's identity is verified"),
    ("support desk, 3 refund requests; refunds can only be processed once the identity is confirmed",
     "only be processed once the identity is confirmed"),
    ("support: 2 refunds, a refund must only be given after the customer's ID is checked",
     "only be given after the customer's id is checked"),
])
def test_a_refund_only_done_after_the_check_keeps_the_order(directive, text):
    assert _read_kind(directive, "constraint") == [(text, "honored", {"order": ["verify_identity", "refund_order"]})]


@pytest.mark.parametrize("directive, count", [
    ("support: resolve 2 tickets, and a refund may only be issued after the customer's identity is verified",
     (2, "order", "honored")),
    ("filesystem: delete 3 temp files, and a deletion may never touch the backups folder", (3, "file", "honored")),
    # a thing, not an act, still joins the count
    ("webshop: buy 2 lamps and a kettle may be added too", (3, "product", "honored")),
])
def test_an_act_under_a_modal_rule_is_no_extra_count(directive, count):
    assert _counts(directive) == [count]


# -- a world's name said as the kind of task ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "a depot task where 3 crates go to another depot, and the reward comes once every crate is in place",
    "the depot world with 4 crates to shift, hard, every crate in place at the end",
])
def test_a_depot_task_is_the_depot_world(directive):
    assert _domains(directive) == ["depot"]


@pytest.mark.parametrize("directive", [
    "warehouse: bring 3 crates to the depot",
    "a warehouse task where 2 crates go to the depot",
])
def test_a_depot_as_a_place_of_the_warehouse_stays_the_warehouse(directive):
    assert _domains(directive) == ["warehouse"]


def test_an_inline_actual_section_ends_at_the_next_label_on_its_line():
    report = "Current behaviour: webshop tasks always buy 5 lamps. Desired: the agent buys 2 kettles, sparse reward."
    assert _counts(report) == [(2, "product", "honored")]
    assert _read_kind(report, "reward_mode") == [("sparse reward", "honored", {"reward_mode": "sparse"})]


@pytest.mark.parametrize("directive, adverb", [
    ("support, escalate 2 tickets. Exactly 6 tools.", "exactly"),
    ("blocks. Roughly 3 blocks stacked.", "roughly"),
])
def test_an_adverb_of_degree_before_a_count_is_no_verb(directive, adverb):
    assert [r for r in _read_kind(directive, "operation") if r[0] == adverb] == []
