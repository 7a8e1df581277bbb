"""Reader mechanisms of #14 round 2 (fid8), each tested on directives from no benchmark set: negation scope
over every boolean knob, counts as the object of an operation, constraints matched by their content,
domain evidence in compounds, visit verbs and tool-count bounds."""

from __future__ import annotations

import warnings

import pytest

from tests.reading_quiet import read as _read


def _clause(reading, kind: str):
    found = [c for c in reading.clauses if c.kind == kind]
    assert found, f"no {kind} clause in {reading.table()}"
    return found[0]


@pytest.mark.parametrize(("text", "kind", "key", "value"), [
    ("warehouse tasks, nothing stochastic", "noise", "noise", False),
    ("calendar tasks that are never flaky", "noise", "noise", False),
    ("support tasks, noise-free", "noise", "noise", False),
    ("filesystem tasks, non-deterministic", "noise", "noise", True),
    ("webshop tasks, nothing hidden", "observability", "partial", False),
    ("calendar, not fully observable", "observability", "partial", True),
    ("support, no secret state", "observability", "partial", False),
    ("warehouse tasks, no progress shaping", "reward_mode", "reward_mode", "sparse"),
    ("calendar tasks, never sparse", "reward_mode", "reward_mode", "dense"),
    ("support tasks, no shaped rewards", "reward_mode", "reward_mode", "sparse"),
])
def test_a_negator_scopes_over_the_knob_word_after_it(text, kind, key, value):
    reading = _read(text)
    clause = _clause(reading, kind)
    assert clause.requirement[key] == value and clause.status == "honored"
    assert getattr(reading.knobs, key) == value


def test_an_unnegated_knob_word_keeps_its_value():
    assert _read("warehouse tasks, stochastic").knobs.noise is True
    assert _read("webshop tasks, hidden prices").knobs.partial is True


@pytest.mark.parametrize("text", ["visitall: patrol the whole grid", "explore every square (visitall)",
                                  "visitall, tour each tile", "traverse every cell of a visitall grid"])
def test_explore_tour_traverse_are_the_visit_verbs(text):
    clause = _clause(_read(text), "operation")
    assert clause.requirement["tool"] == "move" and clause.status == "honored"


@pytest.mark.parametrize(("text", "bound", "count", "status"), [
    ("blocks world, up to 10 tools", 10, None, "honored"),  # more than blocks has: every task meets it
    ("warehouse, no more than 5 tools", 5, 5, "honored"),
    ("webshop with fewer than 3 tools", 2, 2, "honored"),  # under its core tools: those no plan calls are left out
    ("support with at most 1 tool: refund an order, update an address", 1, 1, "approximated"),  # under the asked
])
def test_an_upper_bound_on_tools_is_met_not_padded(text, bound, count, status):
    reading = _read(text)
    clause = _clause(reading, "tool_count")
    assert clause.requirement == {"tool_count": bound, "bound": "at most"} and clause.status == status
    assert reading.knobs.tool_count == count
    assert not [c for c in reading.clauses if c.kind == "constraint"]  # "no more than" states no rule here


def test_a_generated_spec_keeps_the_tool_bound():
    from gensim_gym import check_fidelity, generate

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = "blocks world, hard, up to 10 tools"
        spec = generate(text, seed=1)
    assert len(spec.tools.tools) <= 10 and check_fidelity(spec, _read(text)) == []


@pytest.mark.parametrize(("text", "count", "kind"), [
    ("webshop: purchase 3 widgets", 3, "product"),  # the object of an operation verb: what its tool acts on
    ("filesystem, copy 2 spreadsheets to the backup", 2, "file"),
    ("support desk: refund four purchases", 4, "order"),
    ("support: handle three cancellations", 3, "order"),  # a noun derived from the operation
    ("calendar with 2 bookings", 2, "meeting"),
])
def test_a_count_of_an_operation_counts_its_tools_object(text, count, kind):
    reading = _read(text)
    clause = _clause(reading, "goal_count")
    assert clause.requirement == {"goal_count": count, "type": kind} and clause.status == "honored"
    assert (reading.knobs.goal_count, reading.knobs.goal_type) == (count, kind)


@pytest.mark.parametrize("text", ["webshop: buy 3 times", "warehouse: move 4 steps to the left"])
def test_a_count_of_units_after_a_verb_counts_no_goals(text):
    assert _read(text).knobs.goal_count is None


def test_a_count_of_an_operation_is_met_by_the_generated_spec():
    from gensim_gym import check_fidelity, generate

    text = "webshop: purchase 3 widgets"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = generate(text, seed=2)
    assert len(spec.task.goal) == 3 and check_fidelity(spec, _read(text)) == []


@pytest.mark.parametrize(("text", "template"), [
    ("warehouse: the dock should stay clear of crates", "dock_clear"),  # the template's own words, modal framing
    ("warehouse, move 3 crates, make sure the dock stays clear", "dock_clear"),
    ("filesystem: copy 3 reports, no file may ever be deleted", "no_deletion"),  # a negative quantifier subject
    ("filesystem, files in the backup folder must never be erased", "protect_backups"),  # its subject, any order
    ("support tasks where no order may be escalated", "no_escalation"),
    ("webshop: buy 2 mugs, the budget must never go negative", "within_budget"),
    ("calendar: rooms should never be booked twice", "one_meeting_per_room"),
])
def test_a_rule_names_a_template_by_its_content(text, template):
    reading = _read(text)
    clause = _clause(reading, "constraint")
    assert clause.requirement == {"constraints": [template]} and clause.status == "honored"
    assert reading.knobs.constraints == (template,)


def test_a_keep_phrase_about_no_template_is_no_rule():
    reading = _read("warehouse tasks, keep it short")
    assert not [c for c in reading.clauses if c.kind == "constraint"] and reading.knobs.length_bonus == -1


def test_a_content_match_needs_a_word_of_the_templates_name():
    # "drop" and "crates" are dock_clear's content words, but nothing names the dock: no template is guessed
    clause = _clause(_read("warehouse: never drop crates in aisle 3"), "constraint")
    assert clause.status == "unsupported"


def test_a_rules_subject_is_no_operation_asked_for():
    reading = _read("filesystem: move 2 files to the archive, backups must never be deleted")
    assert "delete_file" not in reading.knobs.required_tools and reading.knobs.constraints == ("protect_backups",)


@pytest.mark.parametrize("text", ["a chatbot for the stock market", "crypto exchange with a shipping container theme",
                                  "a budget spreadsheet"])
def test_a_lone_keyword_modifying_a_foreign_head_is_no_domain(text):
    from gensim_gym import DirectiveError

    with pytest.raises(DirectiveError, match="names no domain"):
        _read(text)


@pytest.mark.parametrize(("text", "domain"), [("inventory robot, easy", "warehouse"),  # a generic head
                                              ("agenda planning, 2 meetings", "calendar"),  # an activity
                                              ("shipping tasks", "warehouse")])
def test_a_keyword_before_a_generic_head_or_activity_is_still_evidence(text, domain):
    assert _read(text).knobs.domains == (domain,)


@pytest.mark.parametrize(("text", "domains"), [
    ("refund tickets plus folder cleanup", ("support", "filesystem")),  # a domain noun modifying its operation
    ("meeting scheduling together with crate logistics", ("calendar", "warehouse")),
])
def test_conjuncts_joined_by_plus_compose_their_domains(text, domains):
    reading = _read(text)
    assert reading.knobs.domains == domains
    assert "domains from conjuncts" in _clause(reading, "domain").note
    assert "plus" in reading.filler or "plus" not in text


def test_renaming_a_file_is_moving_it():
    reading = _read("filesystem: rename 3 spreadsheets")
    assert _clause(reading, "operation").requirement == {"operation": "rename", "tool": "move_file"}
    assert (reading.knobs.goal_count, reading.knobs.goal_type) == (3, "file")


def test_a_counted_subject_stays_a_goal_count():
    reading = _read("calendar: 3 meetings must not overlap")
    assert (reading.knobs.goal_count, reading.knobs.goal_type) == (3, "meeting")
    assert _clause(reading, "constraint").text == "must not overlap"


def test_a_focus_word_after_not_keeps_the_knob_word():
    reading = _read("filesystem, not only noisy but hidden")
    assert reading.knobs.noise is True and reading.knobs.partial is True
