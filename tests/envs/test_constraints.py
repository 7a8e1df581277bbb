"""Trajectory constraints: read from directives, validated, kept by golden plans and the planner, enforced
by the environment (a fatal violation ends the episode as a failure, a penalised one costs its penalty)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import DirectiveError, SpecError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator
from gensim_gym.generation.reading import check_fidelity, enforce, read_directive
from gensim_gym.generation.toolsets import load_registry
from gensim_gym.spec.model import Constraint, Param, SimSpec
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.layout import Layout
from gensim_gym.world.planner import plan

DOUBLE_BOOKING = "schedule two meetings without double-booking anyone"

#: one directive per constraint template of the registry, and the template it must turn on
TEMPLATE_DIRECTIVES = {
    "no_double_booking": DOUBLE_BOOKING,
    "one_meeting_per_room": "calendar: invite people to meetings, never book a room twice",
    "within_budget": "shopping, stay within budget",
    "protect_backups": "file system: move files around, never delete the backups",
    "refund_policy": "refunds, only for verified customers under the policy",
    "no_escalation": "customer support without escalating anything",
    "dock_clear": "warehouse: store crates without dropping anything at the dock",
    "no_deletion": "file system: organise the folders, do not delete any files",
}


def _generate(directive: str, seed: int, difficulty: float = 0.3) -> SimSpec:
    return OfflineGenerator(parse_directive(directive, difficulty), directive).generate(seed)


def _labels(env: GenSimEnv) -> dict:
    return env.world.action_by_label()


def _double_booking_task() -> tuple[SimSpec, str, str, str, str]:
    """A no-double-booking calendar task with two meetings and a person free at some slot."""
    for seed in range(50):
        spec = _generate(DOUBLE_BOOKING, seed)
        meetings = spec.task.objects["meeting"]
        free = [s for s in spec.task.init if s.startswith("free(")]
        if len(meetings) >= 2 and free:
            person, slot = free[0][len("free("):-1].split(", ")
            return spec, person, slot, meetings[0], meetings[1]
    raise AssertionError("no suitable calendar task in 50 seeds")


def test_every_template_is_reachable_from_a_directive():
    offered = {t.name for ts in load_registry().values() for t in ts.constraints}
    assert offered == set(TEMPLATE_DIRECTIVES)
    for name, directive in TEMPLATE_DIRECTIVES.items():
        reading = read_directive(directive, 0.3)
        assert name in reading.knobs.constraints, directive
        clause = next(c for c in reading.clauses if c.kind == "constraint")
        assert clause.status == "honored" and name in clause.requirement["constraints"]


@pytest.mark.parametrize("name", sorted(TEMPLATE_DIRECTIVES))
def test_golden_plans_keep_the_constraint_and_solve_the_task(name):
    for seed in range(6):
        spec = _generate(TEMPLATE_DIRECTIVES[name], seed)
        assert name in {c.name for c in spec.task.constraints}
        assert check_fidelity(spec, read_directive(TEMPLATE_DIRECTIVES[name], 0.3)) == []
        env = GenSimEnv(spec)
        env.reset(seed=0)
        by_label = _labels(env)
        info: dict = {}
        for label in spec.golden_plan:
            _, _, terminated, _, info = env.step(by_label[label].id)
            assert "violation" not in info, (seed, label)
        assert terminated and info["is_success"]


def test_double_booking_ends_the_episode_as_a_failure():
    spec, person, slot, m1, m2 = _double_booking_task()
    env = GenSimEnv(spec)
    env.reset(seed=0)
    by_label = _labels(env)
    moves = [f"schedule({m1}, {slot})", f"schedule({m2}, {slot})", f"invite({person}, {m1})",
             f"invite({person}, {m2})", f"confirm_attendance({person}, {m1}, {slot})"]
    for label in moves:
        _, _, terminated, truncated, info = env.step(by_label[label].id)
        assert not (terminated or truncated) and not info["invalid"] and "violation" not in info, label
    # the tool lets the agent confirm the same person for the second meeting in the same slot: the rule is theirs
    _, reward, terminated, _, info = env.step(by_label[f"confirm_attendance({person}, {m2}, {slot})"].id)
    assert not info["invalid"]
    assert terminated and not info["is_success"]
    assert info["violation"].startswith("no_double_booking(")
    assert "dead_end" not in info
    assert "Rules:" in env.render_text() and "Nobody attends two meetings in the same slot" in env.render_text()


def test_without_the_clause_the_tool_itself_forbids_double_booking():
    spec = _generate("schedule two meetings", 0)
    assert spec.task.constraints == ()
    confirm = next(t for t in spec.tools.tools if t.name == "confirm_attendance")
    assert "not free(?person, ?slot)" in confirm.effects


def test_the_planner_proves_unsolvable_under_the_constraint():
    spec, person, slot, m1, m2 = _double_booking_task()
    # the person is free at one slot only and must attend both meetings: only double-booking reaches the goal
    init = tuple(s for s in spec.task.init if not s.startswith(f"free({person},")) + (f"free({person}, {slot})",)
    goal = (f"attending({person}, {m1})", f"attending({person}, {m2})")
    task = replace(spec.task, init=init, goal=goal, horizon=20)
    bound = replace(spec, task=task, meta={})
    free = replace(bound, task=replace(task, constraints=()))
    layout = Layout.from_spec(bound)
    assert plan(CompiledWorld(free, layout)).plan is not None
    result = plan(CompiledWorld(bound, layout))
    assert result.plan is None and result.solvable is False


def test_a_penalised_violation_costs_its_penalty_once_and_the_episode_goes_on():
    spec, person, slot, m1, m2 = _double_booking_task()
    soft = replace(spec.task.constraints[0], on_violation="penalty", penalty=0.7)
    # a goal the moves below do not reach, and room for them
    task = replace(spec.task, goal=(f"in_room({m1}, {spec.task.objects['room'][0]})",), horizon=30)
    soft_spec = replace(spec, task=replace(task, constraints=(soft,)), meta={})
    plain_spec = replace(spec, task=replace(task, constraints=()), meta={})  # same tools, no rule
    SimSpec.from_json(soft_spec.to_json())  # valid
    moves = [f"schedule({m1}, {slot})", f"schedule({m2}, {slot})", f"invite({person}, {m1})",
             f"invite({person}, {m2})", f"confirm_attendance({person}, {m1}, {slot})",
             f"confirm_attendance({person}, {m2}, {slot})", f"confirm_attendance({person}, {m2}, {slot})"]
    runs = {}
    for name, s in (("soft", soft_spec), ("plain", plain_spec)):
        env = GenSimEnv(s)
        env.reset(seed=0)
        by_label = _labels(env)
        runs[name] = [env.step(by_label[label].id) for label in moves]
    soft_run, plain_run = runs["soft"], runs["plain"]
    violating = soft_run[5]
    assert not violating[4]["invalid"] and not violating[2]  # valid, and the episode goes on
    assert violating[4]["violation"].startswith("no_double_booking(")
    assert violating[1] == pytest.approx(plain_run[5][1] - 0.7)
    # staying in violation is not charged again
    assert "violation" not in soft_run[6][4] and soft_run[6][1] == pytest.approx(plain_run[6][1])
    for k in range(5):
        assert soft_run[k][1] == pytest.approx(plain_run[k][1]) and "violation" not in soft_run[k][4]


def test_spec_round_trip_and_id():
    spec = _generate(DOUBLE_BOOKING, 1)
    again = SimSpec.from_json(spec.to_json())
    assert again == spec and again.id == spec.id
    plain = replace(spec, task=replace(spec.task, constraints=()))
    assert "constraints" not in plain.to_dict()["task"]  # specs without constraints keep their old ids
    assert plain.id != spec.id


@pytest.mark.parametrize(("change", "path", "words"), [
    ({"kind": "sometimes"}, "$.task.constraints[0].kind", "sometimes"),
    ({"params": [{"name": "p", "type": "persn"}]}, "$.task.constraints[0].params[0].type", "did you mean"),
    ({"condition": "attending(?p, ?x)"}, "$.task.constraints[0].condition", "unbound variable ?x"),
    ({"on_violation": "penalty", "penalty": 0}, "$.task.constraints[0].penalty", "penalty > 0"),
    ({"penalty": 1.0}, "$.task.constraints[0].penalty", "not allowed with 'fail'"),
])
def test_bad_constraints_are_spec_errors_with_paths(change, path, words):
    spec = _generate(DOUBLE_BOOKING, 1)
    data = spec.to_dict()
    data["task"]["constraints"][0].update(change)
    with pytest.raises(SpecError) as err:
        SimSpec.from_dict(data)
    assert any(p.path == path and words in p.message for p in err.value.problems), err.value.problems


def test_ground_instances_are_bounded():
    spec = _generate(DOUBLE_BOOKING, 1)
    wide = Constraint("wide", "true", params=tuple(Param(f"x{i}", "person") for i in range(4)))
    objects = {**spec.task.objects, "person": tuple(f"p{i}" for i in range(32))}
    big = replace(spec, task=replace(spec.task, objects=objects, init=(), constraints=(wide,)), meta={})
    with pytest.raises(SpecError, match="ground instances"):
        SimSpec.from_dict(big.to_dict())


def test_a_rule_no_template_offers_is_reported_and_strict_refuses_it():
    reading = read_directive("warehouse tasks, never use the printer", 0.3)
    clause = next(c for c in reading.clauses if c.kind == "constraint")
    assert clause.status == "unsupported" and "dock_clear" in clause.note
    with pytest.raises(DirectiveError, match="never use the printer"):
        enforce(reading, strict=True)


def test_a_verb_inside_a_rule_is_not_a_required_operation():
    knobs = parse_directive("shell tasks, never delete the backups", 0.3)
    assert knobs.constraints == ("protect_backups",) and "delete_file" not in knobs.required_tools
    assert not [c for c in read_directive("shell tasks, never delete the backups").clauses if c.kind == "operation"]


@pytest.mark.parametrize("name", sorted(TEMPLATE_DIRECTIVES))
def test_constrained_families_pass_check_env_and_the_oracle_solves_them(name):
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env

    env = gym.make("GenSim-v0", directive=TEMPLATE_DIRECTIVES[name], difficulty=0.3, seed=0)
    check_env(env.unwrapped, skip_render_check=True)
    oracle = env.get_wrapper_attr("oracle_actions")
    for episode in range(3):
        env.reset(seed=episode)
        for _ in range(env.unwrapped.world.horizon):
            _, _, terminated, truncated, info = env.step(oracle()[0])
            assert "violation" not in info
            if terminated or truncated:
                break
        assert info["is_success"], (name, episode)
