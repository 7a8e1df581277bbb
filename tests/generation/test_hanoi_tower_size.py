"""Hanoi's tower is as tall as the directive asks: "5 disks" and "6 disks" are towers of 5 and 6 discs, each disc with a
goal of its own, solved by the golden plan; 7 or more read approximated naming the bound of 6; every task not asking
for a taller tower (the default, "3 disks", "4 discs", other worlds) is bit-for-bit as before. The tower's start facts
come from the init rules' ``order`` (first, last, next, before over the discs' order), and the type's ``asked_max``
lets a count reach past the difficulty's ``max``; both are checked with errors naming the JSON path."""

from __future__ import annotations

import re
import warnings

import gymnasium as gym
import numpy as np
import pytest

import gensim_gym
from gensim_gym import read_directive
from gensim_gym.errors import SpecError
from gensim_gym.generation.counts import objects_named
from gensim_gym.generation.offline import _InitRule
from gensim_gym.generation.reading import check_fidelity
from gensim_gym.generation.toolsets import Toolset, TypeDecl, get_toolset
from gensim_gym.spec.model import SimSpec
from tests.golden_play import play_golden

pytest.importorskip("pddl")

#: directive -> the tower it asks for
TALL = {"towers of hanoi with 5 disks, hard": 5, "tower of hanoi, six disks": 6}
#: spec ids of seeds 0-4 before the tower could grow (b057822), through gym.make (the env's own seeds)
ENV_IDS = {
    "towers of hanoi": ["ba0c4d05a5ac3c03", "7ff0a4f43eafb44c", "def48ebe37c89ddf", "66f2e14cc72d1515",
                        "978794f035141f02"],
    "hanoi with 3 disks": ["6f597750faf59400", "1f7050450fe5cb60", "7ed1e9f068086dde", "7ed1e9f068086dde",
                           "266246eb0e57dd2f"],
    "hanoi with 4 discs": ["8829aaf094bd4d2c", "c01bc9b1917a3b18", "dfc7729dffa92da2", "b6bd002f6d8de3a6",
                           "2fd43b2f57fcf20c"],
}
#: spec ids of gensim_gym.generate, seeds 0-4 (hanoi) or 0-2 (other worlds), before the tower could grow (b057822)
GENERATED_IDS = {
    "towers of hanoi": ["f86960276f8d0e9f", "3d54f1795e19e722", "26b6b4fdeb652a1f", "1186e0e7a6f38801",
                        "66f2e14cc72d1515"],
    "hanoi with 3 disks": ["efdbec884b3459d8", "fddb2aa5364af98d", "6e8904e674682220", "764c5a42eb46f452",
                           "f3ff718556a473cb"],
    "hanoi with 4 discs": ["c01bc9b1917a3b18", "0cf5d3940cc4b9a1", "dc529919d336c2f7", "be6c06eb2fc6a1d1",
                           "dc529919d336c2f7"],
    "hanoi with 3 discs, very few moves to spare": ["f5f8deef5a956f7d", "1f59eb4531317a83", "79118233ce61f9a7"],
    "sokoban: push 2 boxes onto the targets": ["dac2cd3c9f0df910", "6601d1064e64b80f", "393b0772a194c494"],
    "blocks world, stack 5 blocks": ["469538e80e862d3e", "58babf759b14a014", "a1b5ca2c355e911f"],
    "warehouse, move 3 crates": ["c057b692d1aa580a", "0ac528df27789345", "0f2978ab2136c872"],
}
#: the 4-disc start the sidecar listed by hand before its init rules generated it
FOUR_DISC_START = {
    "on__disc__disc(d1, d2)", "on__disc__disc(d2, d3)", "on__disc__disc(d3, d4)", "on__disc__peg(d4, left)",
    "clear__disc(d1)", "clear__peg(middle)", "clear__peg(right)", "smaller__disc__disc(d2, d1)",
    "smaller__disc__disc(d3, d1)", "smaller__disc__disc(d4, d1)", "smaller__disc__disc(d3, d2)",
    "smaller__disc__disc(d4, d2)", "smaller__disc__disc(d4, d3)",
}


def _generate(directive: str, seed: int) -> SimSpec:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(directive, seed=seed)


def _goal_count(directive: str):
    return next(c for c in read_directive(directive).clauses if c.kind == "goal_count")


def _status(spec: SimSpec) -> str:
    return next(c["status"] for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "goal_count")


@pytest.mark.parametrize("directive", sorted(TALL))
def test_a_taller_tower_has_a_goal_per_disc_and_is_solved_by_its_golden_plan(directive: str) -> None:
    discs = TALL[directive]
    assert _goal_count(directive).status == "honored"
    for seed in range(5):
        spec = _generate(directive, seed)
        assert spec.task.objects["disc"] == tuple(f"d{k}" for k in range(1, discs + 1))
        assert len(spec.task.goal) == discs == objects_named(spec.task.goal, spec.task.objects, "disc"), seed
        bottom = f"d{discs}"  # the tallest tower's bottom disc moves: the task is a tower of that many
        assert any(re.match(rf"on__disc__\w+\({bottom}, ", g) for g in spec.task.goal), spec.task.goal
        assert _status(spec) == "honored" and check_fidelity(spec, read_directive(directive)) == []
        assert spec.meta["golden_plan_optimal"] and len(spec.golden_plan) <= spec.task.horizon
        assert play_golden(spec)[1].get("is_success"), (seed, spec.golden_plan)


def test_a_taller_tower_starts_as_one_tower_on_the_left_peg() -> None:
    init = set(_generate("tower of hanoi, six disks", 0).task.init)
    chain = {f"on__disc__disc(d{k}, d{k + 1})" for k in range(1, 6)} | {"on__disc__peg(d6, left)"}
    assert chain | {"clear__disc(d1)", "clear__peg(middle)", "clear__peg(right)"} <= init
    assert {f for f in init if f.startswith("smaller__disc__disc")} == {
        f"smaller__disc__disc(d{b}, d{a})" for a in range(1, 7) for b in range(a + 1, 7)}
    assert not any(f.startswith("clear__disc(d") and f != "clear__disc(d1)" for f in init)


def test_the_same_seed_gives_the_same_tall_tower() -> None:
    first, again = _generate("tower of hanoi, six disks", 2), _generate("tower of hanoi, six disks", 2)
    assert first.id == again.id and first.to_dict() == again.to_dict()


@pytest.mark.parametrize(("directive", "horizon"), [
    ("hanoi with 6 discs, very few moves to spare", lambda n: n + 1),
    ("hanoi with 6 discs, plenty of moves to spare", lambda n: 2 * n + 2),
    ("hanoi with 6 discs", lambda n: n + (n + 1) // 2),
])
def test_time_pressure_scales_a_tall_towers_horizon(directive: str, horizon) -> None:
    spec = _generate(directive, 0)
    assert len(spec.task.goal) == 6
    assert spec.task.horizon == horizon(len(spec.golden_plan))


@pytest.mark.parametrize("directive", ["hanoi with 7 discs", "towers of hanoi with 9 disks"])
def test_a_tower_past_the_bound_reads_approximated_naming_it(directive: str) -> None:
    clause = _goal_count(directive)
    assert clause.status == "approximated"
    assert "at most 6 objects of type disc (d1, d2, d3, d4, d5, d6)" in clause.note
    spec = _generate(directive, 0)
    assert len(spec.task.objects["disc"]) == len(spec.task.goal) == 6 and _status(spec) == "approximated"


@pytest.mark.parametrize("directive", sorted(ENV_IDS))
def test_the_default_and_up_to_four_discs_are_the_tasks_they_were(directive: str) -> None:
    ids = []
    for seed in range(5):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env = gym.make("GenSim-v0", directive=directive, seed=seed)
            env.reset(seed=seed)
        ids.append(env.get_wrapper_attr("sim_spec").id)
        env.close()
    assert ids == ENV_IDS[directive]
    spec = _generate(directive, 0)
    assert spec.task.objects["disc"] == ("d1", "d2", "d3", "d4")
    assert {f for f in spec.task.init if "peg__disc" not in f} == FOUR_DISC_START


@pytest.mark.parametrize("directive", sorted(GENERATED_IDS))
def test_generated_ids_of_tasks_not_asking_for_a_taller_tower_are_unchanged(directive: str) -> None:
    expected = GENERATED_IDS[directive]
    assert [_generate(directive, seed).id for seed in range(len(expected))] == expected


@pytest.mark.parametrize("directive", ["hanoi with 3 disks", "hanoi with 4 discs"])
def test_up_to_four_discs_read_honored_as_before(directive: str) -> None:
    assert _goal_count(directive).status == "honored"


# -- the init rule's order and the type's asked_max ----------------------------------------------------------------
@pytest.mark.parametrize(("order", "facts"), [
    ("first", ["top(a)"]), ("last", ["top(c)"]),
    ("next", ["on(a, b)", "on(b, c)"]), ("before", ["on(a, b)", "on(a, c)", "on(b, c)"]),
])
def test_order_binds_objects_by_their_order(order: str, facts: list[str]) -> None:
    each = "?x: disc" if order in ("first", "last") else ["?x: disc", "?y: disc"]
    stmt = "top(?x)" if order in ("first", "last") else "on(?x, ?y)"
    rule = _InitRule.parse({"each": each, "order": order, "set": [stmt]}, {"disc": 3})
    assert rule.expand(np.random.default_rng(0), {"disc": ("a", "b", "c")}) == facts
    assert rule.expand(np.random.default_rng(0), {"disc": ()}) == []


def _toolset(rule: dict, types: dict | None = None) -> Toolset:
    body = {"name": "stack", "description": "d", "predicates": [], "goal": {"predicates": []}, "init": [rule],
            "types": types or {"disc": {"names": ["a", "b", "c"], "min": 2, "max": 3}}}
    return Toolset.from_dict(body, source="stack.json")


@pytest.mark.parametrize(("rule", "message"), [
    ({"each": "?x: disc", "order": "sideways"}, r"stack.json: init\[0\].order: 'sideways' is no order; allowed: "
                                                r"'first', 'last', 'next', 'before'"),
    ({"each": "?x: disc", "order": ["first"]}, r"init\[0\].order: \['first'\] is no order"),
    ({"each": "?x: disc", "order": "next"}, r"init\[0\].order: 'next' needs two 'each' variables of one type"),
    ({"each": ["?x: disc", "?p: peg"], "order": "before"}, "needs two 'each' variables of one type"),
    ({"each": ["?x: disc", "?y: disc"], "order": "last"}, r"init\[0\].order: 'last' needs one 'each' variable"),
    ({"order": "first"}, "needs one 'each' variable"),
    ({"each": "?x: disc", "order": "first", "zip": {"?c": ["c1", "c2", "c3"]}}, "an ordered rule takes no 'zip'"),
])
def test_a_malformed_order_is_an_error_naming_its_json_path(rule: dict, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        _toolset({**rule, "set": ["top(?x)"]})


def test_an_order_in_a_rule_a_tool_adds_names_that_path() -> None:
    body = {"name": "stack", "description": "d", "predicates": [], "goal": {"predicates": []}, "init": [],
            "types": {"disc": {"names": ["a", "b"], "min": 2, "max": 2}},
            "init_when_asked": {"lift": [{"each": "?x: disc", "order": "top", "set": ["top(?x)"]}]}}
    with pytest.raises(SpecError, match=r"stack.json: init_when_asked.lift\[0\].order: 'top' is no order"):
        Toolset.from_dict(body, source="stack.json")


def test_asked_max_is_checked_and_defaults_to_max() -> None:
    decl = {"names": ["a", "b", "c"], "min": 1, "max": 2}
    assert TypeDecl.from_dict("disc", decl).asked_max == 2
    assert TypeDecl.from_dict("disc", {**decl, "asked_max": 3}).asked_max == 3
    for bad in (1, 4, "3", True):
        with pytest.raises(ValueError, match=r"asked_max must be a whole number from max \(2\) to the number of "
                                             r"names \(3\)"):
            TypeDecl.from_dict("disc", {**decl, "asked_max": bad})
    with pytest.raises(SpecError, match="malformed toolset stack.json: .*asked_max must be"):
        _toolset({"set": []}, {"disc": {**decl, "asked_max": 9}})


def test_the_hanoi_sidecar_declares_the_bound_as_data() -> None:
    disc = next(t for t in get_toolset("hanoi").types if t.name == "disc")
    assert (disc.min, disc.max, disc.asked_max, disc.exact_count) == (4, 4, 6, True)
    assert disc.names == ("d1", "d2", "d3", "d4", "d5", "d6")
