"""The reader's derived vocabulary (generation/lexicon.py) and the mechanisms built on it: operations from the
toolsets' tool names and verb groups, counted nouns from their types, number words, time-pressure and negated
knob phrases, rule phrases that end at a new operation, ordering rules a tool already enforces, the domain a
directive names outright, and the catch-all that leaves no word unreported on every benchmark set."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import pytest

import gensim_gym
from gensim_gym import DirectiveError, check_fidelity, read_directive
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.lexicon import (
    calls,
    counted_type,
    distractor_operations,
    noun_lemma,
    number_value,
    operations,
    weak_keywords,
)

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
#: Held-out sets no test may read (the next round's measure): skipped by name, never opened. None is pending: fresh88
#: (social-media posts asking for an env), the measure of the reader after rounds 73-74, the hanoi tower sizes and the
#: flat-tire counts, was run once, untouched (results/fidelity_fresh88_unseen.txt); the next round's set goes here
#: before it starts.
HELD_OUT: frozenset[str] = frozenset()
SETS = sorted(p for p in BENCHMARKS.glob("directives*.jsonl") if p.name not in HELD_OUT)


def _clauses(directive: str) -> dict[str, tuple[str, str]]:
    return {c.text: (c.kind, c.status) for c in read_directive(directive).clauses}


# -- derived vocabulary --------------------------------------------------------------------------------
def test_a_domains_operations_come_from_its_tools_and_their_verb_groups() -> None:
    ops = operations("filesystem")
    assert ops["copy"] == "copy_file"  # hand-written
    assert ops["erase"] == "delete_file" and ops["duplicate"] == "copy_file"  # groups of the tools' own verbs
    assert "add" not in operations("webshop")  # a generic verb ("add more tools") asks for no tool
    # a distractor's verb asks for nothing: it is reported as unsupported
    assert "compress" not in ops and distractor_operations("filesystem")["compress"] == "gzip_file"


def test_a_pddl_family_or_a_verb_of_several_families_is_one_operation() -> None:
    pytest.importorskip("pddl")
    assert operations("hanoi")["move"] == "move"
    assert calls("move__disc_peg_disc", "move") and not calls("move_robot", "move")
    assert operations("tireworld")["change"] == "change_tire"
    assert operations("elevator")["deliver"] == "depart"
    assert operations("transport")["deliver"] == "unload*"  # unload_truck and unload_airplane
    assert calls("unload_truck__package_truck_airport", "unload*") and calls("unload_airplane", "unload*")
    assert not calls("load_airplane", "unload*")


def test_counted_nouns_numbers_and_lemmas() -> None:
    assert [noun_lemma(w) for w in ("crates", "boxes", "policies", "class")] == ["crate", "box", "policy", "class"]
    assert number_value("twenty") == 20 and number_value("a couple of") == 2 and number_value("7") == 7
    assert counted_type("appointments", ["calendar"]) == "meeting"
    assert counted_type("folders", ["filesystem"]) == "dir"
    assert counted_type("meetings", ["warehouse"]) is None
    assert "robot" in weak_keywords("warehouse")  # blocks, gripper and rearrangement are robots too
    assert "depot" in weak_keywords("warehouse") and "depot" not in weak_keywords("depot")


# -- parsing and reading -------------------------------------------------------------------------------
def test_counts_in_number_words_and_of_them() -> None:
    assert parse_directive("filesystem, twenty tools").tool_count == 20
    knobs = parse_directive("calendar, a couple of meetings")
    assert (knobs.goal_count, knobs.goal_type) == (2, "meeting")
    knobs = parse_directive("warehouse, move crates, 5 of them")
    assert (knobs.goal_count, knobs.goal_type) == (5, "item")
    assert _clauses("warehouse, move crates, 5 of them")["5 of them"] == ("goal_count", "honored")


@pytest.mark.parametrize(("directive", "slack", "bonus"), [
    ("warehouse, short horizon", "tight", 0),  # a short horizon is no request for short tasks
    ("warehouse, hard deadline", "tight", 0),
    ("warehouse, lots of slack in the horizon", "loose", 0),
    ("warehouse, no time pressure", "loose", 0),
    ("warehouse, the deadline is tight", "tight", 0),
    ("warehouse, long-horizon tasks", None, 2),  # longer tasks, not a loose horizon
    ("warehouse, short tasks", None, -1),
])
def test_time_pressure_phrases(directive: str, slack: str | None, bonus: int) -> None:
    knobs = parse_directive(directive)
    assert (knobs.horizon_slack, knobs.length_bonus) == (slack, bonus)
    assert knobs.difficulty == 0.5  # "hard deadline" is about time, not difficulty
    assert not [c for c in read_directive(directive).clauses if c.kind == "unrecognized"]


def test_negated_knob_words_flip_the_knob_and_state_no_rule() -> None:
    knobs = parse_directive("warehouse, without noise, no hidden information, not too hard")
    assert (knobs.noise, knobs.partial, knobs.difficulty) == (False, False, 0.35)
    assert parse_directive("blocks world, the agent can't see the table").partial is True if _pddl() else True
    clauses = _clauses("warehouse, without noise, no hidden information, not too hard")
    assert clauses["without noise"] == ("noise", "honored")
    assert clauses["no hidden information"] == ("observability", "honored")
    assert not [k for k, _ in clauses.values() if k == "constraint"]


def _pddl() -> bool:
    try:
        import pddl  # noqa: F401
    except ImportError:
        return False
    return True


def test_a_rule_ends_where_a_conjunction_opens_another_operation() -> None:
    directive = "webshop where the agent has to stay under a $50 budget and buy 2 items"
    knobs = parse_directive(directive)
    assert knobs.constraints == ("within_budget",) and knobs.required_tools == ("checkout",)
    assert _clauses(directive)["buy"] == ("operation", "honored")
    # without the conjunction, the verb stays inside the rule and is forbidden, not asked for
    assert parse_directive("file system tasks, never delete the backups").required_tools == ()


def test_an_ordering_rule_is_honored_where_a_tool_already_enforces_it() -> None:
    clauses = _clauses("support: verify identity before every refund")
    assert clauses["before every refund"] == ("constraint", "honored")  # refund_order requires verified(...)
    assert clauses["refund"] == ("operation", "honored")  # asked for, not forbidden
    clauses = _clauses("warehouse: drop crates before every pick")  # pick does not need a drop first
    assert clauses["before every pick"] == ("constraint", "unsupported")
    # refund_order accepts escalated(...) only as one way round its value limit (an "or"): no task keeps this order
    clauses = _clauses("support: escalate the case before every refund")
    assert clauses["before every refund"] == ("constraint", "unsupported")


def test_a_domain_named_outright_wins_over_shared_keywords() -> None:
    assert parse_directive("calendar plus webshop: buy a gift and schedule a meeting").domains == ("calendar",
                                                                                                   "webshop")
    with pytest.raises(DirectiveError, match="names no domain"):
        parse_directive("a robot arm assembling lego kits")  # "robot" alone is weak evidence
    assert parse_directive("teach the agent to ship five packages from the dock, noisy robot arm").domains == (
        "warehouse",)  # robot + the type nouns package and dock: two weak hits


def test_pddl_domains_read_by_name_with_their_own_verbs_and_nouns() -> None:
    pytest.importorskip("pddl")
    knobs = parse_directive("gripper robot moving 6 balls between rooms")
    assert knobs.domains == ("gripper",) and (knobs.goal_count, knobs.goal_type) == (6, "ball")
    assert knobs.required_tools == ("move",)
    knobs = parse_directive("deliver parcels with trucks and planes")
    assert knobs.domains == ("transport",) and knobs.required_tools == ("unload*",)
    assert _clauses("calendar assistant that sends reminders")["sends"] == ("operation", "unsupported")


def test_a_family_requirement_is_met_by_the_generated_golden_plan() -> None:
    pytest.importorskip("pddl")
    directive = "stack blocks, 3 of them"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = gensim_gym.generate(directive, seed=0)
    reading = read_directive(directive)
    assert reading.knobs.required_tools == ("stack",)
    assert any(label.startswith("stack(") for label in spec.golden_plan)
    assert check_fidelity(spec, reading) == []


@pytest.mark.parametrize("path", SETS, ids=[p.name for p in SETS])
def test_no_word_of_any_benchmark_directive_goes_unreported(path: Path) -> None:
    """The catch-all: each word is in a clause (an unrecognized one at worst) or in the listed filler."""
    for line in path.read_text(encoding="utf-8").splitlines():
        directive = json.loads(line)["directive"]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                reading = read_directive(directive)
        except DirectiveError:
            continue  # an unknown domain is an error, not a silent reading
        covered = set(re.findall(r"[a-z0-9_']+", " ".join([c.text for c in reading.clauses]
                                                            + list(reading.filler))))
        for word in re.findall(r"[a-z0-9_']+", directive.lower()):
            # a possessive is covered by its noun ("the store's stock": store, a domain keyword)
            assert word in covered or word.strip("'") in covered or word.removesuffix("'s") in covered, \
                (directive, word)


def test_a_qualifier_a_tool_requires_is_a_built_in_rule_and_a_stated_rule_still_wins() -> None:
    clauses = _clauses("train my agent to refund three orders for verified customers")
    assert clauses["for verified customers"] == ("constraint", "honored")  # refund_order requires verified(...)
    assert read_directive("train my agent to refund three orders for verified customers").knobs.constraints == ()
    clauses = _clauses("support: refund orders only for verified customers")
    assert clauses["only for verified customers"] == ("constraint", "honored")  # the refund_policy template
    assert "for verified customers" not in clauses


@pytest.mark.parametrize(("directive", "mode"), [("warehouse, reward only on success", "sparse"),
                                                 ("warehouse, binary reward", "sparse"),
                                                 ("warehouse, sparse reward", "sparse"),
                                                 ("warehouse, per-step rewards", "dense")])
def test_reward_mode_phrases(directive: str, mode: str) -> None:
    assert parse_directive(directive).reward_mode == mode
    assert ("reward_mode", "honored") in _clauses(directive).values()


@pytest.mark.parametrize(("directive", "template"), [
    ("file system cleanup, keep backups intact", "protect_backups"),  # keeping something as it is
    ("support desk where every refund must follow policy", "refund_policy"),  # following a rule
    ("calendar: two meetings, nobody in two meetings at once", "no_double_booking"),  # a negative quantifier
])
def test_rules_stated_without_a_negation(directive: str, template: str) -> None:
    assert parse_directive(directive).constraints == (template,)
    # "keep" alone states no rule
    assert "constraint" not in {k for k, _ in _clauses("warehouse robot, move 2 crates, keep it easy").values()}


def test_a_domains_own_name_outweighs_shared_keywords() -> None:
    pytest.importorskip("pddl")
    assert parse_directive("depot logistics with hoists, drop 3 crates onto pallets").domains == ("depot",)
    assert parse_directive("stock the shelves in a depot").domains == ("warehouse",)


def test_named_domains_compose_only_when_listed_together() -> None:
    pytest.importorskip("pddl")
    assert parse_directive("warehouse: pick 2 items and drop them at the dock, unreliable gripper").domains == (
        "warehouse",)  # "gripper" names a domain but is a noun here
    assert parse_directive("warehouse and gripper tasks").domains == ("warehouse", "gripper")


def test_fewer_distractors_asks_for_fewer_tools_and_plenty_of_steps_for_time() -> None:
    assert parse_directive("online shop, fewer distractors").more_tools < 0
    assert parse_directive("online shop, more distractors").more_tools > 0
    knobs = parse_directive("support, refund 2 orders, plenty of steps")
    assert (knobs.horizon_slack, knobs.length_bonus) == ("loose", 0)
    assert parse_directive("support, more steps").length_bonus == 2  # more steps: longer tasks


def test_toolsets_whose_names_clash_are_not_composed() -> None:
    """Found by the fresh4 set: warehouse+gripper (both declare at/pick/drop differently) raised CapacityError,
    transport+warehouse (both declare a type location, with other objects) a KeyError."""
    pytest.importorskip("pddl")
    with pytest.raises(DirectiveError, match="cannot be composed.*predicate 'at'"):
        gensim_gym.generate("warehouse and gripper tasks", seed=0)
    with pytest.raises(DirectiveError, match="type 'location'"):
        gensim_gym.generate("domain: transport, warehouse", seed=0)
    assert set(gensim_gym.generate("warehouse and calendar tasks", seed=0).meta["domain"].split("+")) == {
        "warehouse", "calendar"}


def test_hidden_facts_on_a_domain_without_any_are_unsupported_at_reading_not_unmet_later() -> None:
    pytest.importorskip("pddl")
    directive = "hanoi puzzles, partially observable"  # hanoi hides nothing (sokoban hides its layout: round 58)
    reading = read_directive(directive)
    assert _clauses(directive)["partially observable"] == ("observability", "unsupported")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = gensim_gym.generate(directive, seed=0)
    assert not spec.task.hidden and check_fidelity(spec, reading) == []
