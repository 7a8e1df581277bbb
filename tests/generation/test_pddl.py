"""PDDL in and out: import compiles to the toolset form, the corpus generates, export round-trips, and golden
plans agree with Fast Downward.

``check_env`` and the oracle run over every corpus domain at three difficulties in tests/envs/test_env.py
(parametrised over ``load_registry()``, which holds the corpus).
"""

from __future__ import annotations

import textwrap

import gymnasium as gym
import pytest

import gensim_gym
from gensim_gym.errors import DirectiveError, MissingDependencyError, SpecError
from gensim_gym.generation.toolsets import REGISTRY_ENV, _scan, load_registry, register_toolset, unregister_toolset
from gensim_gym.pddl import compile_file, load_domain, load_problem
from gensim_gym.spec.model import SimSpec
from tests.conftest import REPO

pytest.importorskip("pddl")
CORPUS = REPO / "tool_registry" / "pddl"
NAMES = sorted(p.stem for p in CORPUS.glob("*.pddl"))

DOMAIN = """\
(define (domain lamps)
  (:requirements :strips :typing)
  (:types lamp room)
  (:predicates (on ?l - lamp) (plugged ?l - lamp) (in ?l - lamp ?r - room) (lit ?r - room))
  (:action plug-in
    :parameters (?l - lamp)
    :precondition (not (plugged ?l))
    :effect (plugged ?l))
  (:action switch-on
    :parameters (?l - lamp ?r - room)
    :precondition (and (in ?l ?r) (plugged ?l) (not (on ?l)))
    :effect (and (on ?l) (lit ?r))))
"""
GRIPPER_PROBLEM = """\
(define (problem three) (:domain gripper)
  (:objects rooma roomb roomc - room b1 b2 b3 - ball)
  (:init (at-robby rooma) (free left) (free right) (at b1 rooma) (at b2 roomb) (at b3 rooma))
  (:goal (and (at b1 roomb))))
"""
PROBLEM = """\
(define (problem two) (:domain lamps)
  (:objects l1 l2 - lamp kitchen hall - room)
  (:init (in l1 kitchen) (in l2 hall))
  (:goal (and (lit kitchen) (lit hall))))
"""


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_the_corpus_has_twelve_domains_each_with_sidecar_and_notice() -> None:
    assert len(NAMES) >= 12
    notice = (CORPUS / "NOTICE.md").read_text()
    registry = load_registry()
    for name in NAMES:
        assert (CORPUS / f"{name}.json").is_file() and f"{name}.pddl" in notice
        assert name in registry and registry[name].keywords


def test_types_predicates_actions_and_constants_compile_to_the_toolset_form() -> None:
    gripper = compile_file(CORPUS / "gripper.pddl")
    assert gripper.types == ("ball", "gripper", "room")
    assert gripper.constants == {"left": "gripper", "right": "gripper"}
    move = next(t for t in gripper.tools if t.name == "move")
    assert [p.type for p in move.params] == ["room", "room"]
    assert "not (same_room(?from, ?to))" in move.pre  # equality: a static predicate true for x = x only
    assert {p.name for p in gripper.predicates} >= {"at_robby", "at", "free", "carry", "same_room"}


def test_type_hierarchy_splits_over_inhabited_types() -> None:
    transport = compile_file(CORPUS / "transport.pddl")  # leaves of the hierarchy by default
    drive = sorted(t.name for t in transport.tools if t.name.startswith("drive_truck"))
    assert drive == ["drive_truck__truck_airport_airport_city", "drive_truck__truck_airport_location_city",
                     "drive_truck__truck_location_airport_city", "drive_truck__truck_location_location_city"]
    assert "at__package__airport" in {p.name for p in transport.predicates}


def test_conditional_effects_and_existentials_compile_to_ground_form() -> None:
    tires = compile_file(CORPUS / "tireworld.pddl")
    moves = {t.name: t for t in tires.tools if t.name.startswith("move_car")}
    assert set(moves) == {"move_car__y", "move_car__n"}
    assert "flat_tire()" in moves["move_car__y"].effects and "flat_tire()" not in moves["move_car__n"].effects
    assert "not (rough(?from, ?to))" in moves["move_car__n"].pre
    dungeon = compile_file(CORPUS / "dungeon.pddl")
    unlock = next(t for t in dungeon.tools if t.name == "unlock")
    assert [p.name for p in unlock.params] == ["from", "to", "k"]  # the witness of (exists (?k - key) ...)


@pytest.mark.parametrize(("snippet", "requirement"), [
    ("(:requirements :strips :durative-actions)", ":durative-actions"),
    ("(:requirements :strips :numeric-fluents)", ":numeric-fluents"),
])
def test_unsupported_requirements_name_the_requirement_and_line(tmp_path, snippet: str, requirement: str) -> None:
    path = write(tmp_path, "d.pddl", f"(define (domain d)\n  {snippet}\n  (:predicates (p))\n"
                                     f"  (:action a :parameters () :precondition (p) :effect (not (p))))\n")
    with pytest.raises(SpecError, match=rf"{requirement}.*line 2|line 2.*{requirement}"):
        compile_file(path)


def test_a_universal_precondition_needs_a_problems_fixed_objects(tmp_path) -> None:
    path = write(tmp_path, "d.pddl", """\
        (define (domain d)
          (:requirements :strips :typing :universal-preconditions)
          (:types x)
          (:predicates (p ?a - x) (q))
          (:action fill :parameters (?a - x) :precondition (not (p ?a)) :effect (p ?a))
          (:action a :parameters ()
            :precondition (forall (?a - x) (p ?a))
            :effect (q)))
        """)
    with pytest.raises(SpecError, match=r"universal precondition \(forall\).*line 7.*:universal-preconditions"):
        compile_file(path)
    problem = write(tmp_path, "p.pddl", "(define (problem p) (:domain d) (:objects u v - x) (:init (p u)) (:goal (q)))")
    spec = load_problem(path, problem)  # the quantifier expands over the problem's objects
    assert next(t for t in spec.tools.tools if t.name == "a").pre == "(p(u) and p(v))"
    assert spec.golden_plan == ["fill(v)", "a()"]


def test_a_problem_may_use_goal_features_it_does_not_declare(tmp_path) -> None:
    domain = write(tmp_path, "lamps.pddl", DOMAIN)
    either = PROBLEM.replace("(:goal (and (lit kitchen) (lit hall)))", "(:goal (or (lit kitchen) (lit hall)))")
    assert len(load_problem(domain, write(tmp_path, "p1.pddl", either)).golden_plan) == 2
    every = PROBLEM.replace("(:goal (and (lit kitchen) (lit hall)))", "(:goal (forall (?r - room) (lit ?r)))")
    spec = load_problem(domain, write(tmp_path, "p2.pddl", every))  # expanded over the problem's rooms
    assert spec.task.goal == ("(lit(hall) and lit(kitchen))",) and len(spec.golden_plan) == 4


def test_load_problem_plays_the_problem_with_its_goal(tmp_path) -> None:
    domain, problem = write(tmp_path, "lamps.pddl", DOMAIN), write(tmp_path, "lamps/p1.pddl", PROBLEM)
    spec = load_problem(domain, problem)
    assert spec.task.goal == ("lit(kitchen)", "lit(hall)")
    assert sorted(spec.golden_plan) == ["plug_in(l1)", "plug_in(l2)", "switch_on(l1, kitchen)",
                                        "switch_on(l2, hall)"]
    env = gym.make("GenSim-v0", spec=spec)
    env.reset(seed=0)
    for action in env.get_wrapper_attr("oracle_actions")():
        _, _, terminated, _, info = env.step(action)
    assert terminated and info["is_success"]


def test_register_toolset_and_registry_folders_make_a_domain_nameable(tmp_path, monkeypatch) -> None:
    text = (CORPUS / "gripper.pddl").read_text().replace("(domain gripper)", "(domain grabber)")
    write(tmp_path, "reg/grabber.pddl", text)
    write(tmp_path, "reg/grabber/p1.pddl", GRIPPER_PROBLEM.replace("(:domain gripper)", "(:domain grabber)"))
    with pytest.raises(DirectiveError):
        gensim_gym.generate("domain: grabber")
    monkeypatch.setenv(REGISTRY_ENV, str(tmp_path / "reg"))
    spec = gensim_gym.generate("domain: grabber", difficulty=0.5, seed=0)
    assert spec.golden_plan and spec.task.objects["ball"] == ("b1", "b2", "b3")  # the problem's start state
    monkeypatch.delenv(REGISTRY_ENV)
    with pytest.raises(DirectiveError):
        gensim_gym.generate("domain: grabber")
    toolset = register_toolset(tmp_path / "reg" / "grabber.pddl")
    try:
        assert load_registry()["grabber"] is toolset
        assert gensim_gym.generate("grabber", difficulty=0.5, seed=1).meta["domain"] == "grabber"
    finally:
        unregister_toolset("grabber")


def test_a_domain_alone_says_where_start_states_come_from(tmp_path) -> None:
    path = write(tmp_path, "lamps.pddl", DOMAIN)
    with pytest.raises(SpecError, match="sidecar lamps.json.*or a folder lamps/"):
        load_domain(path)
    with pytest.raises(SpecError, match="not a file"):
        register_toolset(tmp_path / "missing.pddl")


def test_too_many_ground_actions_says_how_to_shrink(tmp_path) -> None:
    objects = " ".join(f"r{i}" for i in range(32)) + " - room " + " ".join(f"b{i}" for i in range(32)) + " - ball"
    problem = write(tmp_path, "big.pddl", f"""\
        (define (problem big) (:domain gripper) (:objects {objects})
          (:init (at-robby r0) (free left) (at b1 r1)) (:goal (at b1 r2)))""")
    with pytest.raises(SpecError, match=r"ground to 5120 tool calls.*at most 5000\. Use fewer objects"):
        load_problem(CORPUS / "gripper.pddl", problem)


@pytest.mark.parametrize("name", NAMES)
def test_every_corpus_spec_exports_to_pddl_that_imports_back_with_the_same_plan_length(tmp_path, name) -> None:
    spec = gensim_gym.generate(f"domain: {name}", difficulty=0.5, seed=0)
    domain_text, problem_text = spec.to_pddl()
    back = load_problem(write(tmp_path, "d.pddl", domain_text), write(tmp_path, "p.pddl", problem_text))
    assert len(back.golden_plan) == len(spec.golden_plan)


def test_numeric_specs_export_numeric_fluents_and_hidden_facts_export_the_core() -> None:
    spec = gensim_gym.generate("webshop, hard, hidden", seed=0)
    domain, problem = spec.to_pddl()
    assert ":numeric-fluents" in domain and "(:functions" in domain and "(= (budget)" in problem
    assert "reveal" not in domain
    assert spec.to_pddl() == SimSpec.from_json(spec.to_json()).to_pddl()  # deterministic


def test_golden_plans_match_fast_downward_and_validate_in_the_export() -> None:
    pytest.importorskip("up_fast_downward")
    pytest.importorskip("unified_planning")
    from gensim_gym.generation.pddl_check import reference_plan, validate_plan

    for directive in ("stack blocks, hard", "warehouse, medium", "domain: sokoban", "domain: tireworld",
                      "domain: transport", "webshop, easy"):
        spec = gensim_gym.generate(directive, seed=2)
        domain, problem = spec.to_pddl()
        ref = reference_plan(domain, problem, timeout=30)
        if ref.status != "unsupported":  # Fast Downward plans without numeric fluents only
            assert ref.status == "solved" and ref.length == len(spec.golden_plan), (directive, ref)
        assert validate_plan(domain, problem, spec.golden_plan) == (True, "")
        assert validate_plan(domain, problem, spec.golden_plan[:-1])[0] is False


def test_without_the_extra_a_corpus_domain_names_the_extra(monkeypatch) -> None:
    from gensim_gym.generation import toolsets

    monkeypatch.setattr(toolsets, "find_spec", lambda name: None)
    _scan.cache_clear()
    try:
        with pytest.raises(MissingDependencyError, match=r"gensim_gym\[pddl\]"):
            toolsets.get_toolset("blocks")
        with pytest.raises(DirectiveError, match=r"unknown domain 'blocks'.*PDDL domains blocks, .*gensim_gym\[pddl\]"):
            gensim_gym.generate("domain: blocks")
    finally:
        _scan.cache_clear()


def test_cli_exports_a_spec_file_as_pddl_with_its_golden_plan(tmp_path) -> None:
    from gensim_gym.integrations.cli import main

    spec = gensim_gym.generate("domain: tireworld", seed=0)
    path = tmp_path / "spec.json"
    path.write_text(spec.to_json())
    assert main(["export", str(path), "--pddl", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "domain.pddl").read_text() == spec.to_pddl()[0]
    steps = (tmp_path / "out" / "plan.txt").read_text().splitlines()
    assert len(steps) == len(spec.golden_plan) and all(s.startswith("(") and "," not in s for s in steps)
    assert main(["export", str(path), "--directive", "stack blocks", "--pddl", str(tmp_path / "o2")]) == 1


def test_an_llm_prompt_gets_a_pddl_domain_in_its_declarative_form() -> None:
    from gensim_gym.generation.directive import parse_directive
    from gensim_gym.generation.llm.material import toolset_material

    chosen, others = toolset_material(parse_directive("stack blocks", 0.5))
    assert chosen[0]["name"] == "blocks" and {t["name"] for t in chosen[0]["tools"]} >= {"stack", "unstack"}
    assert "blocks" not in {o["name"] for o in others}
