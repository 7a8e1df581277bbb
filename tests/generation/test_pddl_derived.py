"""Derived predicates on import: non-recursive ones are substituted by their definition (checked against
Fast Downward, which evaluates them as axioms); recursive ones are refused where used, naming the line."""

from __future__ import annotations

import re
import textwrap

import pytest

from gensim_gym.errors import SpecError
from gensim_gym.pddl import compile_file, load_problem

pytest.importorskip("pddl")

#: Doors open with a fitting key in hand: (can-open ?d) is derived, with an existential inside; (stuck) is
#: derived from another derived predicate (a chain), and (above) is recursive but used by no action.
DUNGEON = """\
(define (domain dungeon)
  (:requirements :strips :typing :negative-preconditions :derived-predicates :existential-preconditions)
  (:types room door key)
  (:predicates (at ?r - room) (key-at ?k - key ?r - room) (has ?k - key) (fits ?k - key ?d - door)
               (links ?d - door ?a - room ?b - room) (open ?d - door) (can-open ?d - door)
               (blocked ?d - door) (chain ?a - room ?b - room) (above ?a - room ?b - room))
  (:derived (can-open ?d - door) (exists (?k - key) (and (has ?k) (fits ?k ?d))))
  (:derived (blocked ?d - door) (and (not (open ?d)) (not (can-open ?d))))
  (:derived (above ?a - room ?b - room)
    (or (chain ?a ?b) (exists (?c - room) (and (chain ?a ?c) (above ?c ?b)))))
  (:action take :parameters (?k - key ?r - room)
    :precondition (and (at ?r) (key-at ?k ?r))
    :effect (and (has ?k) (not (key-at ?k ?r))))
  (:action unlock :parameters (?d - door)
    :precondition (and (not (open ?d)) (can-open ?d))
    :effect (open ?d))
  (:action go :parameters (?d - door ?a - room ?b - room)
    :precondition (and (at ?a) (links ?d ?a ?b) (not (blocked ?d)))
    :effect (and (at ?b) (not (at ?a)))))
"""
PROBLEM = """\
(define (problem two-doors) (:domain dungeon)
  (:objects hall cellar vault - room d1 d2 - door brass iron - key)
  (:init (at hall) (key-at brass hall) (key-at iron cellar) (fits brass d1) (fits iron d2)
         (links d1 hall cellar) (links d1 cellar hall) (links d2 cellar vault) (links d2 vault cellar))
  (:goal (and (at vault) (can-open d1))))
"""


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_non_recursive_derived_predicates_are_substituted_by_their_definition(tmp_path) -> None:
    compiled = compile_file(write(tmp_path, "dungeon.pddl", DUNGEON))
    names = {p.name for p in compiled.predicates}
    assert not names & {"can_open", "blocked", "above"}  # not state: their definitions stand in for them
    tools = {t.name: t for t in compiled.tools}
    witness = tools["unlock"].params[1].name  # the existential's witness: a parameter, renamed apart
    assert re.fullmatch(r"k_d\d+", witness) and tools["unlock"].params[1].type == "key"
    assert tools["unlock"].pre == f"(not (open(?d)) and (has(?{witness}) and fits(?{witness}, ?d)))"
    # (blocked) is defined through (can-open): the chain is substituted all the way down
    assert "open(?d)" in tools["go"].pre and "fits(" in tools["go"].pre and "blocked" not in tools["go"].pre


def test_golden_plans_through_derived_predicates_match_fast_downward(tmp_path) -> None:
    pytest.importorskip("up_fast_downward")
    from gensim_gym.generation.pddl_check import reference_plan

    spec = load_problem(write(tmp_path, "dungeon.pddl", DUNGEON), write(tmp_path, "p.pddl", PROBLEM))
    # over a problem's fixed objects the goal's existential (inside can-open) expands to a disjunction
    assert spec.task.goal == ("at(vault)", "((has(brass) and fits(brass, d1)) or (has(iron) and fits(iron, d1)))")
    # Fast Downward evaluates derived predicates as axioms (blind search: LM-cut does not support them)
    ref = reference_plan(DUNGEON, PROBLEM, search="astar(blind())", timeout=30)
    assert ref.status == "solved" and ref.length == len(spec.golden_plan) == 4, (ref, spec.golden_plan)


def test_a_recursive_derived_predicate_is_refused_where_used_naming_its_line(tmp_path) -> None:
    uses = DUNGEON.replace("(and (at ?r) (key-at ?k ?r))", "(and (at ?r) (key-at ?k ?r) (not (above ?r ?r)))")
    with pytest.raises(SpecError, match=r"derived predicate above \(line 9\) is recursive.*:derived-predicates"):
        compile_file(write(tmp_path, "d.pddl", uses))
    sets = DUNGEON.replace(":effect (open ?d))", ":effect (and (open ?d) (not (can-open ?d))))")
    with pytest.raises(SpecError, match=r"derived predicate can-open \(line 7\) is an action's effect"):
        compile_file(write(tmp_path, "d.pddl", sets))
    goal = PROBLEM.replace("(can-open d1)", "(above hall vault)")
    with pytest.raises(SpecError, match=r"derived predicate above \(line 9\) is recursive"):
        load_problem(write(tmp_path, "dungeon.pddl", DUNGEON), write(tmp_path, "p.pddl", goal))
