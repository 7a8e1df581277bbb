"""Reader round 49: hedges, negations and corrections, the way a hesitant or self-correcting user writes. A count
taken back ("2, no wait, 3 orders", "4 files, er, make that 2") is the count said last; a knob word after a negated
modal or a wish not to make it so ("it mustn't be noisy", "don't make it sparse") is negated; a world ruled out in a
phrase of its own ("not the calendar, the help desk: ...") is no evidence for it; being under no time pressure and
"no noise and no hurry" are loose (the noise negation stays its own); a negated modal before seeing ("shouldn't see
every shelf") hides facts, and seeing the whole of any thing shows all; a difficulty said not to be so ("nothing
too hard", "don't make it easy") is negated; hedges ("maybe", "ideally", "i suppose") are filler. Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses, counts, domains, read


def _values(directive: str, kind: str) -> list[tuple[dict, str]]:
    return [(c.requirement, c.status) for c in clauses(directive, kind)]


# -- a count taken back is the count said last -----------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "expected"), [
    ("refund 2 orders at the help desk, no wait, 3 orders", [(3, "order", "honored")]),
    ("stack 2, sorry, I mean 3 blocks into a tower", [(3, "block", "honored")]),
    ("copy 4 files to the backup folder, er, make that 2", [(2, "file", "honored")]),
    ("serve 5 passengers in the elevator, hmm, no, just 4", [(4, "passenger", "honored")]),
])
def test_a_count_taken_back_is_the_one_said_last(directive, expected):
    assert counts(directive) == expected


def test_a_tool_count_taken_back_is_the_one_said_last():
    assert _values("a warehouse with 8 tools, oops, 6 tools", "tool_count") == [({"tool_count": 6}, "honored")]


def test_a_rule_after_a_count_is_no_correction():
    assert counts("book 2 meetings, no overlapping") == [(2, "meeting", "honored")]
    assert counts("schedule 3 meetings, no 2 in the same room")[0] == (3, "meeting", "honored")


# -- a negated modal or "don't make it" negates the knob word --------------------------------------------------------
@pytest.mark.parametrize(("directive", "kind", "requirement"), [
    ("stack 3 blocks, it mustn't be noisy", "noise", {"noise": False}),
    ("move 2 files, the reward won't be dense", "reward_mode", {"reward_mode": "sparse"}),
    ("buy 2 mugs online, and don't make it sparse", "reward_mode", {"reward_mode": "dense"}),
])
def test_a_negated_modal_negates_the_knob_word(directive, kind, requirement):
    assert (requirement, "honored") in _values(directive, kind)


def test_a_knob_word_said_plainly_keeps_its_value():
    assert _values("buy 2 mugs online, it should be noisy", "noise") == [({"noise": True}, "honored")]
    assert _values("cancel 1 order at the help desk, don't make it easy", "reward_mode") == []


# -- a world ruled out is no evidence for it -------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "world"), [
    ("not the calendar, the help desk: refund 2 orders", "support"),
    ("the shop, not the warehouse, sells 2 lamps", "webshop"),
    ("rather than the elevator, the ferry: carry 2 cars across", "ferry"),
    ("instead of a warehouse, the shop; buy 3 mugs", "webshop"),
])
def test_a_world_ruled_out_is_not_chosen(directive, world):
    assert domains(directive) == [world]


def test_a_negated_thing_of_a_world_in_a_longer_phrase_stays():
    assert _values("move 2 files, no backups deleted", "constraint") == [
        ({"constraints": ["protect_backups"]}, "honored")]


# -- under no time pressure; two negations are two -------------------------------------------------------------------
def test_not_under_time_pressure_is_loose():
    assert _values("refund 1 order, not under any time pressure", "time_pressure") == [
        ({"horizon_slack": "loose"}, "honored")]


def test_no_noise_and_no_hurry_are_two_negations():
    directive = "stack 2 blocks with no noise and no hurry"
    assert _values(directive, "noise") == [({"noise": False}, "honored")]
    assert _values(directive, "time_pressure") == [({"horizon_slack": "loose"}, "honored")]


def test_under_time_pressure_stays_tight():
    assert _values("stack 2 blocks under time pressure", "time_pressure") == [
        ({"horizon_slack": "tight"}, "honored")]


# -- seeing: a negated modal hides, the whole of a thing shows all ---------------------------------------------------
def test_a_negated_modal_before_seeing_hides_facts():
    assert _values("pick 2 crates; the robot shouldn't see every shelf", "observability") == [
        ({"partial": True}, "honored")]


@pytest.mark.parametrize("directive", [
    "pick 2 crates; the robot sees the entire warehouse floor",
    "rename 2 files while the agent sees the complete directory",
])
def test_seeing_the_whole_of_a_thing_is_full_observability(directive):
    assert ({"partial": False}, "honored") in _values(directive, "observability")


def test_a_whole_thing_not_seen_says_nothing_of_observability():
    assert _values("schedule 2 meetings for the whole team", "observability") == []


# -- hedges are filler -----------------------------------------------------------------------------------------------
def test_hedges_are_filler_not_operations():
    reading = read("perhaps stack 3 blocks, ideally into a tower, i suppose")
    assert [c.requirement.get("tool") for c in reading.clauses if c.kind == "operation"] == ["stack"]
    assert {"perhaps", "ideally", "suppose"} <= set(reading.filler)


def test_a_real_verb_after_a_hedge_is_still_read():
    assert [c.requirement.get("tool") for c in clauses("maybe refund 2 orders at the help desk", "operation")] == [
        "refund_order"]


# -- a difficulty said not to be so is negated -----------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "difficulty"), [
    ("copy 2 files, nothing too challenging", 0.35),
    ("stack 3 blocks, and don't make it too difficult", 0.35),
    ("serve 2 passengers in the elevator, it mustn't be easy", 0.65),
])
def test_a_difficulty_said_not_to_be_so_is_negated(directive, difficulty):
    assert _values(directive, "difficulty") == [({"difficulty": difficulty}, "honored")]
    assert _values(directive, "constraint") == []


def test_a_difficulty_said_plainly_keeps_its_value():
    assert _values("stack 3 blocks, make it hard", "difficulty") == [({"difficulty": 0.8}, "honored")]


def test_words_taken_back_are_reported_as_filler():
    reading = read("not the warehouse, the shop: buy 2 lamps, uh, 3 lamps")
    assert {"warehouse", "2", "uh"} <= set(reading.filler)
    assert counts("not the warehouse, the shop: buy 2 lamps, uh, 3 lamps") == [(3, "product", "honored")]
