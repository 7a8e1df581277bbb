"""Reader round 4: mechanisms, tested on phrasings that are in no benchmark set.

Each test names the mechanism it pins (see docs/directives.md, "Round 4"): rule-shaped spans are found by
their shape and always become constraint clauses; a template is matched by what it restrains; a domain is
recognised by the words it declares; what the agent sees and time pressure are read by pattern.
"""

from __future__ import annotations

import contextlib
import time

import pytest

from gensim_gym import DirectiveError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.lexicon import content_words, own_words, phrase_stems, stem
from gensim_gym.generation.toolsets import get_toolset
from tests.reading_quiet import read as _read


def _constraints(text: str) -> list:
    return [c for c in _read(text).clauses if c.kind == "constraint"]


# -- rules are found by their shape, and the template by what it restrains -------------------------------------
@pytest.mark.parametrize(("text", "template"), [
    ("support: settle 2 tickets, the agent is not permitted to escalate", "no_escalation"),  # postfix, runs on
    ("support: cancel 1 order, passing cases up to a manager is a no-go", "no_escalation"),  # role noun, no-go
    ("support: refund 2 orders, zero escalations please", "no_escalation"),  # negative quantifier
    ("helpdesk, 2 refunds, never loop in a supervisor", "no_escalation"),  # the escalate tool names a supervisor
    ("support: refund 3 orders, and only when they have been delivered", "refund_policy"),  # restriction in context
    ("support: 2 refunds, company rules are non-negotiable", "refund_policy"),  # norm noun + postfix adjective
    ("filesystem: copy 2 files, erasing anything is out of the question", "no_deletion"),  # verb group of the act
    ("filesystem: ban all deletions, move 3 files", "no_deletion"),
    ("filesystem, rename 2 files, the backup copies stay untouched", "protect_backups"),  # a state kept
    ("webshop: buy 2 products, with a ceiling on spending", "within_budget"),  # limit noun for a numeric bound
    ("webshop: 3 purchases, funds must remain non-negative", "within_budget"),
    ("warehouse: shelve 2 crates, the dock has to stay vacant", "dock_clear"),  # vacant ~ clear
    ("warehouse: 3 crates, the dock is a no-parking area", "dock_clear"),
    ("calendar: 2 meetings, one meeting per room at any time", "one_meeting_per_room"),  # one X per Y
    ("calendar: 3 meetings, no attendee in two meetings per slot", "no_double_booking"),
])
def test_a_rule_shape_names_the_template_by_its_content(text: str, template: str) -> None:
    clauses = _constraints(text)
    assert [c.requirement.get("constraints") for c in clauses] == [[template]], clauses
    assert clauses[0].status == "honored"
    assert template in parse_directive(text).constraints  # the knobs turn it on too


@pytest.mark.parametrize("text", [
    "blocks: stack 3 blocks, a block must never rest on the table",
    "elevator: 2 riders, the doors may not open between floors",
    "depot: 2 crates, keep every hoist available",
    "sokoban: 1 box, walls are off limits",
    "support: refund 2 orders, no returns accepted",
])
def test_a_rule_no_template_fits_is_an_unsupported_constraint_naming_what_is_offered(text: str) -> None:
    reading = _read(text)
    rules = [c for c in reading.clauses if c.kind == "constraint"]
    assert len(rules) == 1 and rules[0].status == "unsupported", reading.table()
    offered = [t.name for d in reading.knobs.domains for t in get_toolset(d).constraints]
    assert f"offered: {', '.join(offered) or 'none'}" in rules[0].note
    assert not reading.knobs.constraints


def test_a_verb_inside_a_prohibition_is_not_asked_for() -> None:
    knobs = parse_directive("support: refund 2 orders, zero escalations")
    assert knobs.required_tools == ("refund_order",)  # "escalations" forbids escalate, it does not ask for it
    assert knobs.constraints == ("no_escalation",)


def test_a_count_inside_an_invariant_counts_no_goals() -> None:
    knobs = parse_directive("rooms take only one meeting per slot; book 3 meetings")
    assert (knobs.goal_count, knobs.constraints) == (3, ("one_meeting_per_room",))


def test_two_rules_joined_by_and_are_two_clauses() -> None:
    clauses = _constraints("support: refund 2 orders within the rules and never escalate")
    assert [c.requirement["constraints"] for c in clauses] == [["refund_policy"], ["no_escalation"]]


def test_a_limit_that_is_a_tool_bound_is_no_rule() -> None:
    reading = _read("webshop with a limit of 7 tools, buy 1 product")
    assert not [c for c in reading.clauses if c.kind == "constraint"]
    assert [c.requirement for c in reading.clauses if c.kind == "tool_count"] == [
        {"tool_count": 7, "bound": "at most"}]


def test_template_words_come_from_what_it_restrains() -> None:
    escalation = next(t for t in get_toolset("support").constraints if t.name == "no_escalation")
    words = content_words(escalation)
    # no_escalation changes no tool: its words come from the tool that makes escalated(...) true
    assert {"hand off", stem("supervisor"), stem("forward")} <= words
    budget = next(t for t in get_toolset("webshop").constraints if t.name == "within_budget")
    assert {stem("limit"), stem("cap")} <= content_words(budget)  # budget() >= 0 bounds a number
    assert "hand off" in phrase_stems("without handing any of it off")  # a split phrasal verb


# -- a domain is recognised by the words it declares ----------------------------------------------------------
@pytest.mark.parametrize(("text", "domain"), [
    ("a boat taking 2 cars over the water", "ferry"),  # boat ~ ferry, cars: its type
    ("cover 4 squares of a grid", "visitall"),  # grid: its description; visit ~ cover; square ~ cell
    ("serve 3 guests waiting on different floors", "elevator"),  # served(...) is its goal
    ("freight by truck, 2 shipments to the airport", "transport"),
    ("logistics run with trucks, move 2 parcels", "transport"),  # a warehouse has no trucks
])
def test_a_domain_is_recognised_by_its_own_words(text: str, domain: str) -> None:
    assert parse_directive(text).domains == (domain,)


def test_own_words_are_the_words_no_other_toolset_declares() -> None:
    assert {"grid", "visit"} <= own_words("visitall")
    assert "serve" in own_words("elevator")
    assert not any("move" in own_words(d) for d in ("visitall", "hanoi", "sokoban", "gripper"))  # shared by many


@pytest.mark.parametrize("text", [
    "park 2 cars in a garage", "fly a drone over a field", "manage a hotel front desk, check in 3 guests",
    "route packets in a computer network", "water the plants in the garden",
])
def test_a_directive_of_no_known_world_still_raises(text: str) -> None:
    with pytest.raises(DirectiveError):
        parse_directive(text)


def test_one_word_is_one_piece_of_evidence() -> None:
    # "scheduling" is a calendar keyword; it is not also the verb "schedule": the riders and "serve" win
    assert parse_directive("lift scheduling for 2 riders, serve them all").domains == ("elevator",)


# -- what the agent sees, time pressure, getting a task done -------------------------------------------------
@pytest.mark.parametrize(("text", "partial"), [
    ("warehouse, 2 crates, restricted vision", True),
    ("warehouse, 2 crates, the view is obscured", True),
    ("warehouse, 2 crates, transparent world", False),
    ("calendar, 2 meetings, everything is observable", False),
    ("calendar, 2 meetings, the agent sees the entire map", False),
])
def test_what_the_agent_sees_is_read_by_pattern(text: str, partial: bool) -> None:
    assert parse_directive(text).partial is partial


@pytest.mark.parametrize(("text", "slack"), [("warehouse, 2 crates, hasty", "tight"),
                                              ("support; refund 1 order; unhurried", "loose"),
                                              ("blocks, 3 blocks, turns are scarce", "tight")])
def test_a_lone_time_word_is_time_pressure(text: str, slack: str) -> None:
    assert parse_directive(text).horizon_slack == slack


def test_a_verb_of_getting_it_done_asks_for_the_domains_goals() -> None:
    clause = next(c for c in _read("support: settle 2 tickets").clauses if c.kind == "operation")
    assert clause.status == "honored" and clause.requirement["operation"] == "settle"
    assert set(clause.requirement["goal"]) == set(get_toolset("support").goal_predicates)


# -- bounded -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("piece", ["no escalations and never ", "deleting files is not allowed ",
                                   "only one meeting per ", "lift scheduling ", "is is is not allowed ",
                                   "one meeting ", "only refund ", "keep the dock "])
def test_reading_stays_bounded_on_repetitions(piece: str) -> None:
    _read("support")  # warm the registry and caches
    text = ("support " + piece * 2000)[:2000]
    start = time.process_time()  # CPU time: on a loaded machine wall clock measured the load (1.0-1.3 s at load 11)
    with contextlib.suppress(DirectiveError):
        _read(text)
    # 0.07-0.30 s of CPU when written (round 4); the readers added since take 0.5-1.1 s on 2,000 characters here
    # (session 27: "only refund " 0.36 / 0.67 / 1.08 s at 500 / 1,000 / 2,000), so 2 s; a super-linear reading takes
    # far more
    assert time.process_time() - start < 2.0


def test_a_noun_a_type_is_only_counted_in_breaks_ties_and_no_more() -> None:
    # crates are transport's cargo too, but depot names crates outright: with trucks alone, depot
    assert parse_directive("deliver 3 crates by truck").domains == ("depot",)
    # planes are no depot objects: one against it, and transport holds trucks, planes and crates
    assert parse_directive("truck and plane logistics, 2 crates to ship").domains == ("transport",)


@pytest.mark.parametrize(("text", "template"), [
    ("support, verify 1 customer, the escalate tool must never be used", "no_escalation"),  # a verb as modifier
    ("webshop: one gadget under 25 dollars", "within_budget"),  # a cap in money is a budget
])
def test_a_rule_of_its_subject_or_its_amount_names_the_template(text: str, template: str) -> None:
    knobs = parse_directive(text)
    assert knobs.constraints == (template,)
    assert "escalate" not in knobs.required_tools  # the tool named in the rule is not asked for


def test_no_time_constraints_is_plenty_of_time() -> None:
    assert parse_directive("sokoban with a single box, no time restrictions").horizon_slack == "loose"


@pytest.mark.parametrize(("text", "template"), [
    ("filesystem: 2 moves, erasing is banned", "no_deletion"),  # the postfix "banned" wins over the prefix "ban"
    ("webshop: get 3 items, total spend limited to 60", "within_budget"),
])
def test_a_postfix_or_capped_spend_rule(text: str, template: str) -> None:
    assert parse_directive(text).constraints == (template,)
