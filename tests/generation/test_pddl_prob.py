"""Probabilistic effects (PPDDL) and derived predicates on import: exact compilations, clear refusals, and
the lossy opt-in that says what it dropped (gensim_gym.generation.pddl_prob, pddl_import)."""

from __future__ import annotations

import textwrap

import gymnasium as gym
import numpy as np
import pytest

import gensim_gym
from gensim_gym.errors import SpecError
from gensim_gym.generation.pddl_prob import branchings
from gensim_gym.generation.toolsets import register_toolset, unregister_toolset
from gensim_gym.pddl import compile_file, load_domain, load_problem
from tests.conftest import REPO

pytest.importorskip("pddl")

#: A corridor c1 - c2 - ... : a move succeeds with probability 0.7, else nothing happens.
CORRIDOR = """\
(define (domain corridor)
  (:requirements :strips :typing :probabilistic-effects)
  (:types cell)
  (:predicates (at ?c - cell) (adj ?a - cell ?b - cell))
  (:action move
    :parameters (?a - cell ?b - cell)
    :precondition (and (at ?a) (adj ?a ?b))
    :effect (probabilistic 0.7 (and (at ?b) (not (at ?a))))))
"""
CORRIDOR_PROBLEM = """\
(define (problem eight) (:domain corridor)
  (:objects c1 c2 c3 c4 c5 c6 c7 c8 - cell)
  (:init (at c1) (adj c1 c2) (adj c2 c3) (adj c3 c4) (adj c4 c5) (adj c5 c6) (adj c6 c7) (adj c7 c8)
         (adj c2 c1) (adj c3 c2) (adj c4 c3) (adj c5 c4) (adj c6 c5) (adj c7 c6) (adj c8 c7))
  (:goal (at c5)))
"""


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def one_action(tmp_path, effect: str, pre: str = "(ready)", name: str = "d.pddl"):
    return write(tmp_path, name, f"""\
        (define (domain d)
          (:requirements :strips :probabilistic-effects :conditional-effects)
          (:predicates (ready) (done) (broken))
          (:action act :parameters ()
            :precondition {pre}
            :effect {effect}))
        """)


# -- exact: one outcome against no change ---------------------------------------------------------------
def test_one_outcome_against_no_change_is_a_tool_that_fails_with_one_minus_p(tmp_path) -> None:
    tool = compile_file(write(tmp_path, "corridor.pddl", CORRIDOR)).tools[0]
    assert tool.fail_prob == pytest.approx(0.3)
    assert tool.effects == ("at(?b)", "not at(?a)")
    # an empty outcome is no change too; a fraction is a probability; p = 1 is deterministic
    assert compile_file(one_action(tmp_path, "(probabilistic 1/4 (and) 3/4 (done))")).tools[0].fail_prob == 0.25
    assert compile_file(one_action(tmp_path, "(probabilistic 1.0 (done))")).tools[0].fail_prob == 0.0


def test_effects_beside_the_block_that_the_precondition_requires_need_no_fail_effects(tmp_path) -> None:
    tool = compile_file(one_action(tmp_path, "(and (ready) (probabilistic 0.6 (done)))")).tools[0]
    assert tool.fail_prob == pytest.approx(0.4) and set(tool.effects) == {"ready()", "done()"}
    assert tool.fail_effects == ()  # a failure changes nothing: the tool is what it was before fail_effects


@pytest.mark.parametrize(("effect", "fail_prob", "effects", "fail_effects"), [
    # deterministic effects beside one outcome: they happen on both branches
    ("(and (not (ready)) (probabilistic 0.6 (done)))", 0.4, ("not ready()", "done()"), ("not ready()",)),
    # the more likely outcome is the success, so fail_prob stays <= 0.5: here "no change" is the likelier
    ("(and (not (ready)) (probabilistic 0.3 (done)))", 0.3, ("not ready()",), ("not ready()", "done()")),
    ("(probabilistic 0.3 (done))", 0.3, (), ("done()",)),
    # two outcomes with different effects (a tie: the first listed is the success)
    ("(probabilistic 0.5 (done) 0.5 (broken))", 0.5, ("done()",), ("broken()",)),
    ("(and (not (ready)) (probabilistic 0.25 (broken) 0.75 (done)))", 0.25, ("not ready()", "done()"),
     ("not ready()", "broken()")),
])
def test_two_outcomes_are_a_tool_with_fail_effects(tmp_path, effect, fail_prob, effects, fail_effects) -> None:
    [tool] = compile_file(one_action(tmp_path, effect)).tools
    assert (tool.fail_prob, tool.effects, tool.fail_effects) == (pytest.approx(fail_prob), effects, fail_effects)


@pytest.mark.parametrize(("effect", "shape"), [
    ("(probabilistic 0.2 (done) 0.3 (broken))", "3 outcomes with different effects"),
    ("(and (not (ready)) (probabilistic 0.2 (done) 0.8 (broken)) )", None),
    ("(and (probabilistic 0.6 (done)) (probabilistic 0.6 (broken)))", "one of 2 independent probabilistic"),
    ("(when (ready) (probabilistic 0.6 (done)))", "inside a conditional or quantified effect"),
])
def test_shapes_the_spec_cannot_express_name_line_and_shape(tmp_path, effect: str, shape: str | None) -> None:
    if shape is None:  # (a control: two outcomes beside an effect import)
        assert compile_file(one_action(tmp_path, effect)).tools[0].fail_effects == ("not ready()", "done()")
        return
    with pytest.raises(SpecError, match=rf"line 6 \(action act\) uses :probabilistic-effects .*{shape}.*"
                                        r"probabilistic='most_likely'"):
        compile_file(one_action(tmp_path, effect))


def test_observed_failure_rate_matches_one_minus_p(tmp_path) -> None:
    domain = write(tmp_path, "d.pddl", """\
        (define (domain d) (:requirements :strips :probabilistic-effects)
          (:predicates (a) (b) (never))
          (:action flip :parameters () :precondition (a) :effect (probabilistic 0.65 (and (b) (not (a)))))
          (:action flop :parameters () :precondition (b) :effect (probabilistic 0.65 (and (a) (not (b))))))
        """)
    problem = write(tmp_path, "p.pddl", "(define (problem p) (:domain d) (:init (a)) (:goal (never)))")
    env = gym.make("GenSim-v0", spec=load_problem(domain, problem, horizon=1000))
    env.reset(seed=3)
    failed = []
    for _ in range(3000):
        mask = env.get_wrapper_attr("action_masks")()
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))  # the one valid call
        failed.append(info["failed"])
        if terminated or truncated:
            env.reset()
    # binomial(3000, 0.35): standard deviation 0.0087, so 0.035 is four of them
    assert abs(np.mean(failed) - 0.35) < 0.035


@pytest.mark.parametrize("p", [0.7, 0.35])
def test_observed_frequency_of_the_deterministic_effects_alone_matches_one_minus_p(tmp_path, p: float) -> None:
    # roll: (not (ready)) always, (won) with probability p; reset: back to ready, not won
    domain = write(tmp_path, "dice.pddl", f"""\
        (define (domain dice) (:requirements :strips :negative-preconditions :probabilistic-effects)
          (:predicates (ready) (won) (never))
          (:action roll :parameters () :precondition (ready)
            :effect (and (not (ready)) (probabilistic {p} (won))))
          (:action reset :parameters () :precondition (not (ready)) :effect (and (ready) (not (won)))))
        """)
    problem = write(tmp_path, "p.pddl", "(define (problem p) (:domain dice) (:init (ready)) (:goal (never)))")
    spec = load_problem(domain, problem, horizon=1000)
    roll = next(t for t in spec.tools.tools if t.name == "roll")
    assert roll.fail_prob == pytest.approx(min(p, 1 - p))  # the likelier outcome is the success
    env = gym.make("GenSim-v0", spec=spec)
    env.reset(seed=5)
    base = env.unwrapped
    ready, won = base.world.index.fact("ready", ()), base.world.index.fact("won", ())
    rolls = base.world.action_by_label()["roll()"].id
    alone = []
    for _ in range(1500):
        for action in (rolls, base.world.action_by_label()["reset()"].id):
            _, _, terminated, truncated, info = env.step(action)
            assert not info["invalid"]
            if action == rolls:
                assert base._facts[ready] == 0  # the deterministic effect: on both outcomes
                alone.append(base._facts[won] == 0)
                assert info["failed"] == (alone[-1] == (p >= 0.5))  # a failure is the less likely outcome
            if terminated or truncated:
                env.reset()
    # binomial(1500, p): standard deviation <= 0.0129, so 0.052 is four of them
    assert abs(np.mean(alone) - (1 - p)) < 0.052


#: A road with a spare tyre in the middle: a move gets a flat tyre with probability 0.6 (written for this test).
FLAT = """\
(define (domain flat)
  (:requirements :typing :strips :negative-preconditions :probabilistic-effects)
  (:types spot)
  (:predicates (car-at ?s - spot) (road ?a - spot ?b - spot) (spare-at ?s - spot) (tyre-ok))
  (:action drive :parameters (?a - spot ?b - spot)
    :precondition (and (car-at ?a) (road ?a ?b) (tyre-ok))
    :effect (and (car-at ?b) (not (car-at ?a)) (probabilistic 0.6 (not (tyre-ok)))))
  (:action change :parameters (?s - spot)
    :precondition (and (car-at ?s) (spare-at ?s) (not (tyre-ok)))
    :effect (and (tyre-ok) (not (spare-at ?s)))))
"""


def test_an_imported_tireworld_passes_check_env_and_the_oracle_wins_where_it_can(tmp_path) -> None:
    from gymnasium.utils.env_checker import check_env

    domain = write(tmp_path, "flat.pddl", FLAT)
    problem = write(tmp_path, "p.pddl", """\
        (define (problem p) (:domain flat) (:objects s1 s2 s3 - spot)
          (:init (car-at s1) (tyre-ok) (road s1 s2) (road s2 s3) (spare-at s2) (spare-at s3))
          (:goal (car-at s3)))""")
    spec = load_problem(domain, problem)
    [drive] = [t for t in spec.tools.tools if t.name == "drive"]
    assert drive.fail_prob == pytest.approx(0.4) and drive.fail_effects == ("car_at(?b)", "not car_at(?a)")
    # the golden plan is proven on the all-success outcome (a flat tyre on every drive): change at s2
    assert spec.golden_plan == ["drive(s1, s2)", "change(s2)", "drive(s2, s3)"]
    env = gym.make("GenSim-v0", spec=spec)
    check_env(env.unwrapped, skip_render_check=True)
    wins = flats = 0
    for seed in range(20):
        env.reset(seed=seed)
        while True:
            oracle = env.get_wrapper_attr("oracle_actions")()
            _, _, terminated, truncated, info = env.step(oracle[0])
            flats += not info["failed"] and env.unwrapped._facts[env.unwrapped.world.index.fact("tyre_ok", ())] == 0
            if terminated or truncated:
                wins += info["is_success"]
                break
    assert wins == 20 and flats > 0  # every outcome leaves a way to the goal here, and the oracle re-plans


def test_a_stochastic_domain_generates_and_verifies_like_a_noisy_builtin(tmp_path) -> None:
    gripper = (REPO / "tool_registry" / "pddl" / "gripper.pddl").read_text()
    slippery = gripper.replace("(domain gripper)", "(domain slippery)").replace(
        ":effect (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g))))",
        ":effect (probabilistic 0.75 (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g)))))")
    assert slippery.count("probabilistic") == 1
    write(tmp_path, "slippery/three.pddl", """\
        (define (problem three) (:domain slippery)
          (:objects rooma roomb roomc - room b1 b2 b3 - ball)
          (:init (at-robby rooma) (free left) (free right) (at b1 rooma) (at b2 roomb) (at b3 rooma))
          (:goal (and (at b1 roomb))))""")
    toolset = register_toolset(write(tmp_path, "slippery.pddl", slippery))
    try:
        spec = gensim_gym.generate("domain: slippery", difficulty=0.5, seed=0)
    finally:
        unregister_toolset(toolset.name)
    assert {t.name: t.fail_prob for t in spec.tools.tools} == {"drop": 0.0, "move": 0.0, "pick": 0.25}
    picks = sum(label.startswith("pick") for label in spec.golden_plan)
    assert picks and spec.task.horizon >= len(spec.golden_plan) + 3 * picks * 0.25 / 0.75  # room for retries
    env = gym.make("GenSim-v0", spec=spec)
    wins = failed = 0
    for seed in range(10):  # the oracle re-plans after a failed call, as for built-in noisy tasks
        env.reset(seed=seed)
        while True:
            _, _, terminated, truncated, info = env.step(env.get_wrapper_attr("oracle_actions")()[0])
            failed += info["failed"]
            if terminated or truncated:
                wins += info["is_success"]
                break
    assert wins >= 7 and failed > 0


# -- the lossy opt-in --------------------------------------------------------------------------------------
def test_most_likely_is_an_opt_in_that_records_what_it_dropped(tmp_path) -> None:
    text = CORRIDOR.replace("(probabilistic 0.7 (and (at ?b) (not (at ?a))))",
                            "(and (not (at ?a)) (probabilistic 0.8 (at ?b) 0.1 (at ?a)))")  # else the robot is lost
    domain = write(tmp_path, "lossy.pddl", text.replace("corridor", "lossy"))
    write(tmp_path, "lossy/eight.pddl", CORRIDOR_PROBLEM.replace("corridor", "lossy"))
    with pytest.raises(SpecError, match="line 8 .*3 outcomes with different effects"):
        load_domain(domain)  # off by default
    toolset = load_domain(domain, probabilistic="most_likely")
    assert toolset.tools[0].fail_prob == 0.0 and set(toolset.tools[0].effects) == {"at(?b)", "not at(?a)"}
    assert toolset.approximations == ("action move (line 8): a probabilistic effect became its most likely "
                                      "outcome (at ?b) (p=0.8); dropped (at ?a) (p=0.1); nothing (p=0.1)",)
    register_toolset(toolset)
    try:
        spec = gensim_gym.generate("domain: lossy", difficulty=0.5, seed=0)
    finally:
        unregister_toolset(toolset.name)
    assert spec.meta["approximations"] == list(toolset.approximations)
    one = load_problem(domain, tmp_path / "lossy" / "eight.pddl", probabilistic="most_likely")
    assert one.meta["approximations"] == list(toolset.approximations) and len(one.golden_plan) == 4
    with pytest.raises(SpecError, match="probabilistic='sample'; allowed: 'exact', 'most_likely'"):
        load_domain(domain, probabilistic="sample")


def test_the_rewrite_keeps_line_numbers(tmp_path) -> None:
    text = textwrap.dedent("""\
        (define (domain d) (:requirements :strips :typing :probabilistic-effects :conditional-effects)
          (:types x) (:predicates (ready) (done) (p ?a - x))
          (:action act :parameters () :precondition (ready)
            :effect (probabilistic
                       0.25 (and)
                       0.75 (done)))
          (:action all :parameters () :precondition (done)
            :effect (forall (?a - x) (p ?a))))
        """)
    [block] = branchings(text)
    assert block.line == 4 and [o.prob for o in block.outcomes] == [0.25, 0.75]
    # the block is rewritten into one line; the error after it still names the line of the original text
    with pytest.raises(SpecError, match=r"quantified effect \(forall\) \(line 8\)"):
        compile_file(write(tmp_path, "d.pddl", text))


@pytest.mark.parametrize(("effect", "tool_effects"), [
    ("(and (not (ready)) (probabilistic 0.2 (and (done) (broken)) 0.1 (done)))", ("not ready()",)),
    ("(and (not (ready)) (probabilistic 0.8 (and (done) (broken)) 0.1 (done)))",
     ("not ready()", "done()", "broken()")),
    ("(probabilistic 0.2 (done) 0.3 (broken))", ()),
    ("(when (ready) (probabilistic 0.1 (done) 0.9 (broken)))", ("broken()",)),
])
def test_most_likely_writes_the_kept_outcome_where_the_grammar_allows_it(tmp_path, effect, tool_effects) -> None:
    compiled = compile_file(one_action(tmp_path, effect), probabilistic="most_likely")
    # (the when: one tool whose condition holds, one where it does not)
    assert compiled.tools[0].effects == tool_effects and len(compiled.determinized) == 1


def test_a_domain_that_never_closes_its_define_still_parses(tmp_path) -> None:
    text = one_action(tmp_path, "(probabilistic 0.6 (done))").read_text().rstrip()
    assert text.endswith("))") and text.count("(") == text.count(")")
    assert compile_file(write(tmp_path, "open.pddl", text[:-1])).tools[0].fail_prob == pytest.approx(0.4)
