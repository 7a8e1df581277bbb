"""Sokoban holds 1 to 3 boxes: a count of boxes asked for is the number of box goals a task has, each task still
solved by its golden plan, bit-for-bit per seed, hidden facts included; a count past 3 says the world's limit. The
init rule's ``zip`` that puts each box on a start cell of its own is checked like the other rule fields."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import gensim_gym
from gensim_gym import read_directive
from gensim_gym.errors import GenerationError, SpecError
from gensim_gym.generation.offline import _InitRule
from gensim_gym.generation.toolsets import Toolset, TypeDecl
from gensim_gym.spec.model import SimSpec
from tests.golden_play import play_golden

pytest.importorskip("pddl")

#: directive -> the box goals it asks for
COUNTS = {"sokoban: push 1 box onto its target": 1, "sokoban: push 2 boxes onto the targets": 2,
          "sokoban: push three boxes onto their goal squares, hard": 3}
PARTIAL = "sokoban with partial observability, 2 boxes"
#: each box's start cell (tool_registry/pddl/sokoban.json)
STARTS = {"box1": "c22", "box2": "c23", "box3": "c12"}


def _generate(directive: str, seed: int) -> SimSpec:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(directive, seed=seed)


def _box_goals(spec: SimSpec) -> list[str]:
    return [g for g in spec.task.goal if g.startswith("box_at(")]


def _goal_count_status(spec: SimSpec) -> str:
    return next(c["status"] for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "goal_count")


@pytest.mark.parametrize("directive", sorted(COUNTS))
def test_a_count_of_boxes_is_that_many_box_goals_solved_by_the_golden_plan(directive: str) -> None:
    count = COUNTS[directive]
    assert next(c for c in read_directive(directive).clauses if c.kind == "goal_count").status == "honored"
    for seed in range(3):
        spec = _generate(directive, seed)
        goals = _box_goals(spec)
        assert len(goals) == len(spec.task.goal) == count, (seed, spec.task.goal)
        assert len(spec.task.objects["box"]) == count  # exact_count: no box stands by without a goal
        assert len({g.split("(")[1].split(",")[0] for g in goals}) == count  # each about another box
        assert _goal_count_status(spec) == "honored"
        assert play_golden(spec)[1].get("is_success"), (seed, spec.golden_plan)


def test_each_box_starts_on_its_own_cell() -> None:
    spec = _generate("sokoban: push three boxes onto their goal squares, hard", 0)
    init = set(spec.task.init)
    for box, cell in STARTS.items():
        assert f"box_at({box}, {cell})" in init and f"clear({cell})" not in init
    assert sum(f.startswith("clear(") for f in init) == len(spec.task.objects["cell"]) - 4  # boxes and the player


@pytest.mark.parametrize("directive", [*sorted(COUNTS), PARTIAL])
def test_the_same_seed_gives_the_same_spec(directive: str) -> None:
    first, again = _generate(directive, 4), _generate(directive, 4)
    assert first.id == again.id and first.to_dict() == again.to_dict()  # meta (golden plan, clauses) included


def test_two_boxes_with_hidden_facts_reveal_the_room_and_are_solved() -> None:
    for seed in range(3):
        spec = _generate(PARTIAL, seed)
        assert set(spec.task.hidden) == {"adjacent", "two_apart"}
        assert len(_box_goals(spec)) == 2 and _goal_count_status(spec) == "honored"
        assert any(label.startswith("look_around(") for label in spec.golden_plan)
        assert play_golden(spec)[1].get("is_success"), (seed, spec.golden_plan)


@pytest.mark.parametrize("directive", ["sokoban: push 4 boxes onto the targets", "sokoban with 6 boxes"])
def test_more_than_three_boxes_read_approximated_naming_the_limit(directive: str) -> None:
    clause = next(c for c in read_directive(directive).clauses if c.kind == "goal_count")
    assert clause.status == "approximated"
    assert "at most 3 objects of type box (box1, box2, box3)" in clause.note
    spec = _generate(directive, 0)
    assert len(_box_goals(spec)) == 3 and _goal_count_status(spec) == "approximated"


# -- the init rule's zip -------------------------------------------------------------------------------------------
def test_zip_gives_the_kth_object_the_kth_value() -> None:
    rule = _InitRule.parse({"each": "?b: box", "zip": {"?c": ["c1", "c2", "c3"]}, "set": ["at(?b, ?c)"]}, {"box": 3})
    facts = rule.expand(np.random.default_rng(0), {"box": ("b1", "b2")})
    assert facts == ["at(b1, c1)", "at(b2, c2)"]


@pytest.mark.parametrize(("rule", "message"), [
    ({"each": ["?b: box", "?d: box"], "zip": {"?c": ["c1", "c2"]}}, "exactly one 'each' variable"),
    ({"zip": {"?c": ["c1", "c2"]}}, "exactly one 'each' variable"),
    ({"each": "?b: box", "zip": ["c1", "c2"]}, "must map '[?]name' variables"),
    ({"each": "?b: box", "zip": {"c": ["c1", "c2"]}}, "key 'c' must be a new variable"),
    ({"each": "?b: box", "zip": {"?b": ["c1", "c2"]}}, "key '[?]b' must be a new variable"),
    ({"each": "?b: box", "zip": {"?c": "c1 c2"}}, "must be a list of names"),
    ({"each": "?b: box", "zip": {"?c": ["c1"]}}, "gives 1 values for [?]c, but a task may have 2 objects of type box"),
])
def test_a_malformed_zip_is_an_error_naming_the_rule(rule: dict, message: str) -> None:
    with pytest.raises(GenerationError, match=message):
        _InitRule.parse({**rule, "set": ["at(?b, ?c)"]}, {"box": 2})


def test_exact_count_is_a_flag() -> None:
    decl = {"names": ["box1", "box2"], "min": 1, "max": 2}
    assert not TypeDecl.from_dict("box", decl).exact_count
    assert TypeDecl.from_dict("box", {**decl, "exact_count": True}).exact_count
    with pytest.raises(ValueError, match="exact_count must be true or false"):
        TypeDecl.from_dict("box", {**decl, "exact_count": "yes"})


def test_a_toolset_with_a_malformed_exact_count_is_a_spec_error() -> None:
    body = {"name": "boxes", "description": "d", "types": {"box": {"names": ["b"], "min": 1, "max": 1,
                                                                    "exact_count": 1}},
            "predicates": [], "init": [], "goal": {"predicates": []}}
    with pytest.raises(SpecError, match="exact_count must be true or false"):
        Toolset.from_dict(body, source="boxes.json")
