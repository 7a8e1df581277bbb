"""The reader's round-3 mechanisms (#14, guided by the misses of fresh10), each tested on phrasings that are
in no benchmark set: superlatives of difficulty words set the extremes, words saying two things share a slot
name the double-booking templates by content, "A and B ... combined" composes both worlds, a domain's name
used as a verb asks for its main tool, and a placing verb with a tool's object asks for that tool."""

from __future__ import annotations

import warnings

import pytest

import gensim_gym
from gensim_gym import check_fidelity, read_directive
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.lexicon import main_tool, modified_noun, name_verb, object_operations, operations


def _by_text(directive: str) -> dict[str, tuple[str, str, dict]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {c.text: (c.kind, c.status, c.requirement) for c in read_directive(directive).clauses}


@pytest.mark.parametrize(("directive", "difficulty"), [
    ("the toughest warehouse tasks", 1.0),
    ("most challenging ferry crossings", 1.0),
    ("least challenging support tickets", 0.0),
    ("simplest possible calendar tasks", 0.0),
    ("webshop tasks as hard as possible", 1.0),
    ("support tickets, lowest difficulty", 0.0),
    ("hanoi with 4 rings, as simple as it gets", 0.0),
])
def test_a_superlative_of_a_difficulty_word_sets_the_extreme(directive: str, difficulty: float) -> None:
    for asked in (0.2, 0.8):  # whatever difficulty the caller passed
        assert parse_directive(directive, asked).difficulty == difficulty
    clauses = _by_text(directive)
    assert any(kind == "difficulty" and status == "honored" for kind, status, _ in clauses.values())
    assert not any(kind == "unrecognized" for kind, _, _ in clauses.values())


def test_same_slot_words_name_the_double_booking_templates_by_content() -> None:
    assert _by_text("calendar, 4 meetings that never clash")["never clash"] == (
        "constraint", "honored", {"constraints": ["no_double_booking"]})
    # "meetings" name both calendar templates; "room" only one of them
    assert parse_directive("calendar, meetings must never collide").constraints == ("no_double_booking",)
    assert parse_directive("calendar, no two meetings in a room simultaneously").constraints == (
        "one_meeting_per_room",)
    # no rule word at all: the part is a rule by its content (a room that holds one meeting at a time)
    said = "calendar: schedule 2 meetings, every room holds one meeting at a time"
    assert _by_text(said)["every room holds one meeting at a time"] == (
        "constraint", "honored", {"constraints": ["one_meeting_per_room"]})
    assert parse_directive(said).constraints == ("one_meeting_per_room",)
    # "at a time" without a template's own name word is no rule: carrying one thing at a time is how a robot works
    assert parse_directive("rearrangement robot, carry one thing at a time").constraints == ()


def test_the_same_slot_rule_is_enforced_by_the_generated_spec() -> None:
    said = "calendar: schedule 2 meetings, every room holds one meeting at a time"
    spec = gensim_gym.generate(said, seed=3)
    assert "one_meeting_per_room" in {c.name for c in spec.task.constraints}
    assert check_fidelity(spec, read_directive(said)) == []


def test_two_worlds_joined_by_and_compose_when_the_directive_says_combined() -> None:
    said = "support tickets and file system chores combined"
    assert parse_directive(said).domains == ("support", "filesystem")
    # (round 26: "file" inside "file system" is one piece of evidence, no longer listed twice)
    assert _by_text(said)["support, tickets, file system, combined"][0] == "domain"
    # a single world "mixed" composes nothing, and "and" alone joins no worlds
    assert parse_directive("warehouse tasks mixed").domains == ("warehouse",)
    assert len(parse_directive("support tickets and file system chores").domains) == 1
    assert parse_directive("combination of file system and customer support").domains == ("filesystem", "support")
    clauses = _by_text("a mix of calendar and support tasks")
    assert clauses["a mix of, calendar, support"][0] == "domain"  # the words composing them are no unknown words


def test_a_domains_name_used_as_a_verb_asks_for_its_main_tool() -> None:
    pytest.importorskip("pddl")
    assert (name_verb("rearrangement"), main_tool("rearrangement")) == ("rearrange", "put")
    assert name_verb("calendar") is None and operations("rearrangement")["rearrange"] == "put"
    said = "rearrange five things, sparse reward"
    assert _by_text(said)["rearrange"] == ("operation", "honored", {"operation": "rearrange", "tool": "put"})
    assert parse_directive(said).required_tools == ("put",)
    # the name as a noun asks for nothing: every rearrangement task is one
    assert parse_directive("rearrangement tasks, hard").required_tools == ()
    spec = gensim_gym.generate(said, seed=2)
    assert any(step.startswith("put(") for step in spec.golden_plan)


def test_a_placing_verb_with_a_tools_object_asks_for_that_tool() -> None:
    hits = object_operations("drop two products into the trolley", "webshop")
    assert [(h.tool, h.start, h.end) for h in hits] == [("add_to_cart", 0, 34)]
    said = "webshop: drop two products into the trolley"
    clauses = _by_text(said)
    assert clauses["drop two products into the trolley"] == (
        "operation", "honored", {"operation": "add", "tool": "add_to_cart"})
    assert "drop" not in clauses  # the verb is part of that operation, not an unsupported one of its own
    assert parse_directive(said).required_tools == ("add_to_cart",)
    assert object_operations("drop the mug on the floor", "webshop") == []  # no cart: no add_to_cart


def test_an_adjective_used_as_its_noun_counts_what_it_modifies() -> None:
    pytest.importorskip("pddl")
    assert modified_noun("flats", "tireworld") == "tire" and modified_noun("tire", "tireworld") is None
    # tireworld has no tire objects (its car's tire is flat_tire()): since branch wtire a count of them counts calls
    # of change_tire (its call_counts), and "two flats" are two, as "two flat tires" are
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clause = next(c for c in read_directive("tireworld, repair two flats").clauses if c.kind == "goal_count")
    assert (clause.text, clause.status) == ("two flats", "honored")
    assert clause.requirement == {"goal_count": 2, "type": None, "calls": "change_tire"}


def test_the_verb_a_tools_description_opens_with_asks_for_that_tool() -> None:
    assert operations("support")["ask"] == "escalate"  # "Ask a supervisor to approve ..."
    assert operations("webshop")["read"] == "inspect"  # "Read a product page ..."
    assert parse_directive("support desk: ask a supervisor about two orders").required_tools == ("escalate",)
    # a tool's own verb and its group win; a generic tool's description asks for nothing ("Change the directory")
    assert operations("webshop")["buy"] == "checkout" and "change" not in operations("filesystem")


def test_a_budget_stated_as_an_amount_and_no_overlaps_are_rules() -> None:
    assert parse_directive("webshop: purchase two gadgets, budget of 40").constraints == ("within_budget",)
    assert parse_directive("webshop, buy 2 products with a $30 budget").constraints == ("within_budget",)
    assert parse_directive("calendar, 3 meetings, no overlaps").constraints == ("no_double_booking",)
    # a rule no template of the domain matches is an unsupported constraint, not an unknown word
    assert _by_text("warehouse: haul 3 crates, no collisions")["no collisions"][:2] == ("constraint", "unsupported")


def test_transfer_is_a_placing_verb_where_a_domain_puts_things_down() -> None:
    pytest.importorskip("pddl")
    assert parse_directive("gripper, transfer 3 balls to the other room").required_tools == ("drop",)
    assert operations("support")["transfer"] == "escalate"  # and handing a ticket on where a domain escalates
