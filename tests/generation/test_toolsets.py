"""Every tool-registry domain loads, is self-consistent, and generates valid, verified, solvable specs."""

from __future__ import annotations

import warnings

import pytest

from gensim_gym.dsl.ast import Reveal
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator, family_layout
from gensim_gym.generation.toolsets import load_registry
from gensim_gym.generation.verify import verify
from gensim_gym.spec.validate import MAX_GROUND_ACTIONS, MAX_GROUND_FACTS, parse_effect_cached, validate_spec
from tests.conftest import REPO

REGISTRY = load_registry()
DOMAINS = sorted(REGISTRY)
PDDL_CORPUS = {p.stem for p in (REPO / "tool_registry" / "pddl").glob("*.pddl")}
PARTIAL = [name for name in DOMAINS if REGISTRY[name].hidden]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _generator(directive: str, difficulty: float) -> OfflineGenerator:
    return OfflineGenerator(parse_directive(directive, difficulty), directive)


def test_registry_has_at_least_five_domains():
    assert {"warehouse", "filesystem", "calendar", "support", "webshop"} <= set(DOMAINS)


@pytest.mark.parametrize("name", DOMAINS)
def test_toolset_vocabulary_is_consistent(name):
    ts = REGISTRY[name].seen(True)  # with the reveal tools of its own partial_observability block, if any
    types = {t.name for t in ts.types}
    preds = {p.name for p in ts.predicates}
    fluents = {f.name for f in ts.fluents}
    for t in ts.types:
        assert 1 <= t.min <= t.max <= len(t.names), t
    for tool in ts.all_tools:
        assert all(p.type in types for p in tool.params), tool.name
    assert ts.tools and ts.distractor_tools, "a domain needs core tools and distractors"
    assert set(ts.goal_predicates) <= preds and set(ts.goal_fluents) <= fluents
    assert set(ts.goal_negated) <= preds
    assert set(ts.hidden) <= preds
    names = {t.name for t in ts.all_tools}
    assert set(ts.extra_pre) <= names and set(ts.needs_tools) <= names
    for tool_name in ts.needs_tools:  # a needed tool must reveal something hidden
        tool = next(t for t in ts.all_tools if t.name == tool_name)
        revealed = {e.pattern.name for e in map(parse_effect_cached, tool.effects) if isinstance(e, Reveal)}
        assert revealed & set(ts.hidden), tool_name
    layout = family_layout(parse_directive(f"domain: {name}", 1.0))
    # The hand-written domains stay small for learners without masks; a PDDL domain's static relations (grid
    # adjacency) need more, within the action-space cap.
    cap = (320, 400) if name not in PDDL_CORPUS else (MAX_GROUND_ACTIONS, MAX_GROUND_FACTS)
    assert layout.n_actions <= cap[0] and layout.n_facts <= cap[1], (layout.n_actions, layout.n_facts)


@pytest.mark.parametrize("name", DOMAINS)
def test_keywords_select_the_domain(name):
    ts = REGISTRY[name]
    for word in (ts.name, *ts.keywords[:3]):
        assert name in parse_directive(f"{word} tasks").domains, word


@pytest.mark.parametrize("directive", ["file system tasks", "calendar scheduling", "customer support refunds",
                                       "web shop", "warehouse and calendar tasks"])
def test_directive_words_pick_domains(directive):
    knobs = parse_directive(directive)
    expected = {"file system tasks": {"filesystem"}, "calendar scheduling": {"calendar"},
                "customer support refunds": {"support"}, "web shop": {"webshop"},
                "warehouse and calendar tasks": {"warehouse", "calendar"}}[directive]
    assert set(knobs.domains) == expected


@pytest.mark.parametrize("name", DOMAINS)
@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_generated_specs_validate_and_verify(name, difficulty):
    generator = _generator(f"domain: {name}", difficulty)
    for seed in range(2):
        spec = generator.generate(seed)
        assert validate_spec(spec.to_dict()) == spec
        assert verify(spec, layout=generator.layout, golden=spec.golden_plan).ok
        assert len(spec.golden_plan) >= 2


@pytest.mark.parametrize("name", DOMAINS)
def test_plan_length_grows_with_difficulty(name):
    means = []
    for difficulty in (0.0, 1.0):
        generator = _generator(f"domain: {name}", difficulty)
        means.append(sum(len(generator.generate(s).golden_plan) for s in range(4)) / 4)
    assert means[1] > means[0] + 1


@pytest.mark.parametrize("name", PARTIAL)
def test_partial_observability_requires_a_reveal(name):
    ts = REGISTRY[name]
    generator = _generator(f"hidden facts; domain: {name}", 0.5)
    for seed in range(3):
        spec = generator.generate(seed)
        assert spec.task.hidden
        used = {label.split("(")[0] for label in spec.golden_plan}
        assert used & set(ts.needs_tools), (seed, spec.golden_plan)


def test_support_has_numeric_goals_and_filesystem_negated_goals():
    support = _generator("domain: support", 1.0)
    goals = [g for s in range(8) for g in support.generate(s).task.goal]
    assert any(">=" in g for g in goals)
    files = _generator("domain: filesystem", 1.0)
    goals = [g for s in range(8) for g in files.generate(s).task.goal]
    assert any(g.startswith("not ") for g in goals)


def test_goal_effects_parse_facts_and_skip_fluents_and_reveals() -> None:
    """A tool's goal effects are its fact effects on the world's goals, each argument typed by the tool's
    parameters; a deletion counts where the goals negate that predicate, and a fluent's change or a reveal is
    never one (the readers of ``main_tool``, ``world_task_tool`` and the counts all rely on that)."""
    from gensim_gym.generation.toolsets import FactEffect, predicate_effects
    from gensim_gym.spec.model import Param, Tool

    tool = Tool("shelve", "", (Param("item", "item"), Param("place", "location")), "true",
                ("at(?item, ?place)", "not carried(?item)", "stock(?place) += 1", "reveal at(_, ?place)",
                 "at(?item, dock)"))
    assert predicate_effects(tool) == (FactEffect("at", ("item", "location"), False),
                                       FactEffect("carried", ("item",), True),
                                       FactEffect("at", ("item", None), False))
    warehouse = REGISTRY["warehouse"]
    goals = [e for t in warehouse.tools for e in warehouse.goal_effects(t)]
    assert goals and all(e.predicate in warehouse.goal_predicates and not e.negated for e in goals)
    filesystem = REGISTRY["filesystem"]
    deletions = [e for t in filesystem.all_tools for e in filesystem.goal_effects(t) if e.negated]
    assert deletions and all(e.predicate in filesystem.goal_negated for e in deletions)


def test_required_facts_are_the_conjuncts_of_the_precondition() -> None:
    """A tool requires the atoms of its precondition's conjunction, parsed by the DSL: not those under ``not`` (the
    old regex took dungeon's ``not (locked(?to))`` as a requirement, its parenthesis hiding the ``not``), nor those
    inside an ``or`` (``escalated`` is one way round a refund's value limit, not a need), nor a fluent in a
    comparison, and a name with an underscore counts (the old regex saw no ``in_cart``)."""
    from gensim_gym.generation.toolsets import required_facts
    from gensim_gym.spec.model import Tool

    tool = Tool("t", "", (), "a(?x) and not (b(?x)) and (c(?x) or d(?x)) and in_cart(?x) and (e() and f(?x)) "
                             "and price(?x) <= budget()", ())
    assert required_facts(tool) == {"a", "in_cart", "e", "f"}
    assert required_facts(Tool("free", "", (), "true", ())) == frozenset()
    refund = next(t for t in REGISTRY["support"].all_tools if t.name == "refund_order")
    assert "verified" in required_facts(refund) and "escalated" not in required_facts(refund)
    move = next(t for t in REGISTRY["dungeon"].all_tools if t.name == "move")
    assert required_facts(move) == {"at", "adjacent"}
