"""Reader round 12 (#14): the words users call each world and its work by (``field_vocabulary``), tested on
phrasings that are in no benchmark set, with the negative cases that keep one incidental word from adding a world."""

from __future__ import annotations

import re
import time
import warnings

import pytest

from gensim_gym import DirectiveError, read_directive
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.evidence import domain_evidence
from gensim_gym.generation.field_vocabulary import (
    FIELD_NAMES,
    FIELD_VERBS,
    FIELD_WORDS_WEAK,
    field_names,
    weak_field_words,
)
from gensim_gym.generation.lexicon import calls, operations
from gensim_gym.generation.toolsets import load_registry


def _knobs(directive: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return parse_directive(directive)


# -- names of a world's trade: strong evidence ---------------------------------------------------------------
@pytest.mark.parametrize(("directive", "domains", "tools", "count"), [
    ("the contact center has 2 angry clients wanting their money back", ("support",), (), 2),
    ("a helpline worker credits 2 orders", ("support",), ("refund_order",), 2),
    ("stock room bot, put 3 totes on the rack", ("warehouse",), ("drop",), 3),
    ("our fulfillment center needs 2 cartons shelved", ("warehouse",), ("drop",), 2),
    ("snag 2 sneakers from the web store", ("webshop",), ("add_to_cart",), 2),
    ("file manager: stash 3 pdfs in the archive subfolder", ("filesystem",), ("move_file",), 3),
    ("put 2 lunches in my diary", ("calendar",), ("schedule",), 2),
    ("rota planner: squeeze in 3 shifts", ("calendar",), ("schedule",), 3),
    ("a house cleaning robot puts 2 socks in the drawer", ("rearrangement",), ("put",), 2),
    ("escape room with 2 keys", ("dungeon",), (), 2),
    ("haulage firm moves 2 consignments by lorry", ("transport",), (), 2),
])
def test_a_phrase_naming_the_trade_chooses_its_world(directive, domains, tools, count) -> None:
    knobs = _knobs(directive)
    assert knobs.domains == domains
    assert knobs.required_tools == tools
    assert knobs.goal_count == count


def test_a_trade_name_is_no_foreign_compound_even_before_an_unknown_head() -> None:
    pytest.importorskip("pddl")
    # "fulfillment center needs", "punctured wheel": the heads are no world's nouns, but the phrase names the trade
    assert _knobs("swap a punctured wheel").domains == ("tireworld",)
    assert _knobs("swap a punctured wheel").required_tools == ("change_tire",)


# -- negative cases: one incidental word adds no world ---------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "keep a diary of my dreams",  # "diary" alone is weak: a dream diary is no calendar
    "a robot arm assembling lego kits",  # a robot arm is no two-handed gripper robot
    "a caller",  # one role noun
    "a timetable for 3 trains",
])
def test_one_weak_field_word_chooses_no_world(directive) -> None:
    with pytest.raises(DirectiveError):
        _knobs(directive)


def test_a_weak_field_word_of_another_world_does_not_add_it() -> None:
    assert _knobs("warehouse robot moves 3 crates, the log is noisy").domains == ("warehouse",)
    assert _knobs("call center: refund 2 orders").domains == ("support",)


def test_a_field_verb_is_no_evidence_of_its_world_on_its_own() -> None:
    registry = load_registry()
    # "grab" asks for add_to_cart once the shop is chosen; in a dungeon it picks up the key
    assert domain_evidence("grab the key", "webshop", registry["webshop"]) == ([], [])
    pytest.importorskip("pddl")
    knobs = _knobs("dungeon: grab 1 key and open the gate")
    assert knobs.domains == ("dungeon",) and "pick_key" in knobs.required_tools


def test_a_field_verb_never_overrides_the_toolsets_own_words() -> None:
    assert operations("webshop")["grab"] == "add_to_cart"
    assert operations("warehouse")["grab"] == "pick"  # the pick group, as before round 12
    assert operations("webshop")["order"] == "checkout"
    assert operations("calendar")["pencil in"] == "schedule"


def test_field_verbs_read_as_honored_operation_clauses() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clauses = {c.text: c for c in read_directive("web store: snag 2 sneakers and check out").clauses}
    assert clauses["snag"].kind == "operation" and clauses["snag"].status == "honored"
    assert clauses["snag"].requirement["tool"] == "add_to_cart"


# -- the table itself ------------------------------------------------------------------------------------------
def test_every_world_of_the_table_is_registered_and_every_verb_names_its_tool() -> None:
    registry = load_registry()
    for table in (FIELD_NAMES, FIELD_WORDS_WEAK, FIELD_VERBS):
        assert set(table) <= set(registry)
    assert set(FIELD_NAMES) == set(registry)  # written for all 17 worlds
    for name, verbs in FIELD_VERBS.items():
        tools = registry[name].all_tools + registry[name].asked_tools  # (cancel_meeting: only where asked)
        for verb, tool in verbs.items():
            assert any(calls(t.name, tool) for t in tools), (name, verb, tool)


def test_no_trade_name_names_two_worlds() -> None:
    owners: dict[str, str] = {}
    registry = load_registry()
    for name in registry:
        for phrase in field_names(name):
            assert phrase == phrase.lower() and phrase not in owners, phrase
            owners[phrase] = name
            assert not any(phrase in ts.keywords for other, ts in registry.items() if other != name), phrase


def test_weak_field_words_are_found_once_each_and_in_bounded_time() -> None:
    assert weak_field_words("a caller and two callers", "support") == ["caller"]
    assert weak_field_words("nothing here", "support") == []
    text = ("cartons " * 250)[:2000]  # the longest directive read_directive accepts
    start = time.process_time()  # CPU time: wall clock measures the machine's load
    assert weak_field_words(text, "warehouse") == ["carton"]
    assert time.process_time() - start < 0.5
    assert all(re.fullmatch(r"[a-z0-9:' -]+", w) for ws in FIELD_WORDS_WEAK.values() for w in ws)


# -- counts after a phrasal verb with "in"; "find" in a shop -----------------------------------------------------
@pytest.mark.parametrize(("directive", "count"), [
    ("calendar: pencil in 3 catch-ups", 3),
    ("calendar: slot in 2 one-on-ones", 2),
])
def test_a_count_after_a_phrasal_verb_with_in_counts_what_its_tool_acts_on(directive, count) -> None:
    knobs = _knobs(directive)
    assert (knobs.goal_count, knobs.goal_type, knobs.required_tools) == (count, "meeting", ("schedule",))


def test_in_after_a_word_no_world_does_is_no_phrasal_verb() -> None:
    # "crates in 3 bays": "in" ends the object; the count is still the crates'
    assert _knobs("warehouse: put 2 crates in 3 bays").goal_count == 2


def test_find_in_a_shop_asks_for_its_search_and_plans_are_no_verb_of_scheduling() -> None:
    assert _knobs("web shop: find 1 lamp and buy it").required_tools == ("checkout", "search")
    # "plan" would read "longer plans" as scheduling: it is left out of the calendar's field verbs
    assert _knobs("calendar tasks with longer plans").required_tools == ()


@pytest.mark.parametrize(("directive", "domain"), [
    ("a call-centre bot with 2 angry clients", "support"),
    ("a contact-center bot", "support"),
    ("customer-service desk: refund 1 order", "support"),
])
def test_a_trade_name_or_keyword_reads_spaced_or_hyphenated(directive, domain) -> None:
    assert _knobs(directive).domains == (domain,)
