"""read_directive: every word of a directive becomes a clause or filler; check_fidelity; strict; the CLI."""

from __future__ import annotations

import re
import warnings
from dataclasses import replace

import gymnasium as gym
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import gensim_gym
from gensim_gym import DirectiveError, check_fidelity, read_directive
from gensim_gym.generation import reading as reading_module
from gensim_gym.integrations.cli import main as cli

DIRECTIVES = [
    "calendar, very hard, schedule three meetings without double-booking",
    "file system: back up the reports, then remove the drafts, tight deadline",
    "warehouse tasks, 20 tools, sparse reward, noisy",
    "handle refunds under the store's policy",
    "webshop: buy two products and stay within budget, plenty of time",
    "support tickets, slightly harder, hidden facts, more tools",
]


@pytest.mark.parametrize("directive", DIRECTIVES)
def test_every_word_is_in_a_clause_or_filler(directive: str) -> None:
    reading = read_directive(directive)
    covered = " ".join([c.text for c in reading.clauses] + list(reading.filler))
    for word in re.findall(r"[a-z0-9_'-]+", directive.lower()):
        assert word in covered, word
    assert all(c.status in reading_module.STATUSES and (c.status == "honored" or c.note) for c in reading.clauses)


def test_constraints_and_operations_are_reported_not_dropped() -> None:
    reading = read_directive("file system: back up the reports, then remove the drafts, never delete backups")
    kinds = {c.text: (c.kind, c.status) for c in reading.clauses}
    assert kinds["never delete backups"] == ("constraint", "honored")  # the protect_backups template
    assert reading.knobs.constraints == ("protect_backups",)
    # file-system verbs name the tool the golden plan must call (honored when generation finds such a plan)
    assert kinds["back up"] == ("operation", "honored") and kinds["remove"] == ("operation", "honored")


def test_strict_turns_unsupported_clauses_into_errors_and_the_default_warns_once() -> None:
    directive = "calendar, three meetings, never use the projector"  # a rule no calendar template offers
    with pytest.raises(DirectiveError, match="never use the projector"):
        gensim_gym.generate(directive, strict=True)
    with pytest.raises(DirectiveError, match="strict=True"):
        gym.make("GenSim-v0", directive=directive, strict=True)
    reading_module._WARNED.discard(directive)
    with pytest.warns(UserWarning, match="not honored: 'never use the projector'"):
        gensim_gym.generate(directive, seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gensim_gym.generate(directive, seed=1)  # once per directive


def test_the_spec_records_its_clauses_with_what_generation_gave() -> None:
    spec = gensim_gym.generate("calendar, schedule four meetings", seed=0)  # at most 3 meetings exist
    clauses = {c["kind"]: c for c in spec.meta["interpretation"]["clauses"]}
    assert clauses["goal_count"]["status"] == "approximated"
    assert "at most 3 objects of type meeting" in clauses["goal_count"]["note"]  # known before generating
    assert len(spec.task.goal) == 3 and spec.meta["fidelity"]["goal_count"]["requested"] == 4  # the nearest
    assert clauses["domain"]["status"] == "honored"


def test_check_fidelity_names_every_unmet_requirement() -> None:
    reading = read_directive("webshop: buy two products, sparse reward, noisy")
    spec = gensim_gym.generate("webshop: buy two products, sparse reward, noisy", seed=0)
    assert check_fidelity(spec, reading) == []
    wrong = replace(spec, reward=replace(spec.reward, mode="dense"), meta={**spec.meta, "domain": "calendar"})
    wrong = replace(wrong, task=replace(wrong.task, goal=wrong.task.goal[:1]))
    unmet = check_fidelity(wrong, reading)
    assert any(u.startswith("domain: asked for webshop") for u in unmet)
    assert any(u.startswith("reward mode: asked for sparse") for u in unmet)
    assert any(u.startswith("goal count: asked for 2") for u in unmet)


@pytest.mark.parametrize(("words", "slack"), [("tight deadline", lambda n: n + 1),
                                            ("plenty of time", lambda n: 2 * n + 2)])
def test_time_pressure_sets_the_horizon(words: str, slack) -> None:
    for seed in range(3):
        spec = gensim_gym.generate(f"calendar tasks, {words}", seed=seed)
        assert spec.task.horizon == slack(len(spec.golden_plan))


def test_describe_prints_the_reading(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["describe", "--directive", "calendar, very hard, schedule three meetings"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"three meetings +goal_count +goal_count=3, type=meeting +honored", out) and "very hard" in out


@pytest.mark.parametrize(("directive", "tool"), [("support: escalate tickets", "escalate"),
                                                 ("calendar: book rooms for 2 meetings", "book_room")])
def test_an_operation_verb_makes_the_golden_plan_call_its_tool(directive: str, tool: str) -> None:
    for seed in range(3):
        spec = gensim_gym.generate(directive, seed=seed)
        assert any(label.startswith(f"{tool}(") for label in spec.golden_plan)
        assert check_fidelity(spec, read_directive(directive)) == []


def test_operation_clauses_in_the_spec_say_whether_the_golden_plan_calls_their_tool() -> None:
    for seed in range(3):
        spec = gensim_gym.generate("file system: back up the reports, then remove the drafts", seed=seed)
        called = {label.split("(")[0] for label in spec.golden_plan}
        for clause in (c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "operation"):
            tool = clause["requirement"]["tool"]
            assert (clause["status"] == "honored") == (tool in called)
            if tool not in called:
                assert clause["note"] == f"operation: asked for {tool}, the golden plan does not call it"


def test_the_headline_file_system_directive_calls_copy_and_delete_in_every_seed() -> None:
    # issue 14: "back up the reports, then remove the drafts" deleted nothing in 8 of 8 seeds; where the planner's
    # tie-break chose move_file, plan_through finds an equally short plan through delete_file
    directive = "file system: back up the reports, then remove the drafts"
    reading = read_directive(directive)
    assert reading.unsupported == ()  # every word read: no warning for the issue's own example
    for seed in range(8):
        spec = gensim_gym.generate(directive, seed=seed)
        called = {label.split("(")[0] for label in spec.golden_plan}
        assert {"copy_file", "delete_file"} <= called, spec.golden_plan
        assert check_fidelity(spec, reading) == []
        env = gensim_gym.make_env(spec=spec, action_space="ground")
        env.reset(seed=0)
        assert len(env.unwrapped.oracle_actions()) == len(spec.golden_plan)  # still a shortest plan


def test_plan_through_keeps_the_length_and_calls_the_tool() -> None:
    from gensim_gym.generation.through import plan_through
    from gensim_gym.world.compiled import CompiledWorld
    from gensim_gym.world.planner import best_plan

    env = gensim_gym.make_env(spec=gensim_gym.generate("domain: filesystem", seed=3, difficulty=0.3),
                              action_space="ground").unwrapped
    env.reset(seed=0)
    world = CompiledWorld(env.sim_spec, env.layout)
    shortest = best_plan(world)[0].plan
    tools = {a.tool for a in world.valid_actions if a is not None} - {a.tool for a in shortest}
    found = 0
    for tool in sorted(tools):
        through = plan_through(world, shortest, {tool})
        if through is None:
            continue
        found += 1
        assert len(through) == len(shortest) and any(a.tool == tool for a in through)
        facts, nums = bytearray(world.init_facts), list(world.init_nums)
        for a in through:  # a valid plan: every precondition holds, the goal holds at the end
            assert a.pre.fn(facts, nums)
            world.apply(facts, nums, a.effects)
        assert world.is_goal(facts, nums)
    assert plan_through(world, shortest, set()) == shortest
    assert found >= 1


@pytest.mark.parametrize(("directive", "tool"), [("help desk agent that escalates tickets", "escalate"),
                                                 ("moving files between folders", "move_file"),
                                                 ("the robot picks up crates and drops them in storage", "pick"),
                                                 ("online shopping, put 2 products in the cart", "add_to_cart")])
def test_operation_verbs_are_read_in_their_inflected_forms(directive: str, tool: str) -> None:
    reading = read_directive(directive)
    assert tool in reading.knobs.required_tools
    assert any(c.kind == "operation" and c.requirement.get("tool") == tool and c.status == "honored"
               for c in reading.clauses)


@pytest.mark.parametrize(("directive", "constraint", "verb_tool"), [
    ("support tickets where the agent must not escalate", "no_escalation", "escalate"),
    ("warehouse, the robot may not drop crates at the dock", "dock_clear", "drop"),
    ("web shop, buy 2 products, cannot exceed the budget", "within_budget", None),
    ("organise files into folders, don't delete anything", "no_deletion", "delete_file")])
def test_a_negated_verb_is_a_rule_not_a_required_operation(directive: str, constraint: str, verb_tool) -> None:
    reading = read_directive(directive)
    assert constraint in reading.knobs.constraints
    assert verb_tool is None or verb_tool not in reading.knobs.required_tools
    spec = gensim_gym.generate(directive, seed=0)
    assert constraint in {c.name for c in spec.task.constraints}


def test_no_deletion_tasks_are_solved_without_deleting() -> None:
    for seed in range(4):
        spec = gensim_gym.generate("organise files into folders, don't delete anything", seed=seed)
        assert not any(label.startswith("delete_file(") for label in spec.golden_plan)


@pytest.mark.parametrize(("directive", "kind", "requirement"), [
    ("calendar, moderate difficulty", "difficulty", {"difficulty": 0.5}),
    ("warehouse, medium", "difficulty", {"difficulty": 0.5}),
    ("stock the shelves in a depot, deterministic", "noise", {"noise": False}),
    ("close 2 tickets for customers", "goal_count", {"goal_count": 2, "type": "order"})])
def test_middle_difficulty_determinism_and_counted_tickets_are_read(directive, kind, requirement) -> None:
    reading = read_directive(directive, difficulty=0.1)
    assert any(c.kind == kind and c.requirement == requirement and c.status == "honored" for c in reading.clauses)


def test_two_weak_hits_choose_a_domain_and_one_does_not() -> None:
    assert read_directive("help customers cancel orders").knobs.domains == ("support",)
    with pytest.raises(DirectiveError):
        read_directive("be nice to customers")


CLAUSES = {"difficulty": ["", "hard"], "reward": ["", "sparse reward"], "noise": ["", "noisy"],
           "time": ["", "tight deadline", "plenty of time"]}
COUNTED = {"warehouse": "crates", "webshop": "products", "calendar": "meetings", "filesystem": "files",
           "support": "orders"}
RULES = {"warehouse": "never drop anything at the dock", "webshop": "stay within budget",
         "calendar": "without double-booking anyone", "filesystem": "never delete the backups",
         "support": "never refund undelivered orders"}


@settings(max_examples=25, derandomize=True, deadline=None)
@given(domain=st.sampled_from(sorted(COUNTED)), seed=st.integers(0, 3),
       a=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in {**CLAUSES, "count": ["", "two"],
                                                                    "rule": ["", "rule"]}.items()}),
       b=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in {**CLAUSES, "count": ["", "two"],
                                                                    "rule": ["", "rule"]}.items()}))
def test_directives_that_differ_in_an_honored_clause_give_different_tasks(domain, seed, a, b) -> None:
    def directive(parts: dict[str, str]) -> str:
        words = [f"{v} {COUNTED[domain]}" if k == "count" and v else RULES[domain] if k == "rule" and v else v
                 for k, v in parts.items() if v]
        return ", ".join([f"domain: {domain}", *words])

    assume(a != b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        first, second = gensim_gym.generate(directive(a), seed=seed), gensim_gym.generate(directive(b), seed=seed)
    assert first.id != second.id


def test_requirements_inside_a_rule_phrase_tail_are_their_own_clauses() -> None:
    # a rule phrase runs to the next comma: "on a tight budget with flaky tools" once hid the noise clause
    # (the spec was noisy, the reading did not say so)
    reading = read_directive("online shopping on a tight budget with flaky tools")
    kinds = {c.kind: c for c in reading.clauses}
    assert kinds["constraint"].requirement == {"constraints": ["within_budget"]}
    assert kinds["noise"].requirement == {"noise": True} and kinds["noise"].status == "honored"
    assert reading.knobs.noise


@pytest.mark.parametrize(("directive", "constraint"), [("support, no escalations allowed", "no_escalation")])
def test_no_x_allowed_is_a_rule(directive: str, constraint: str) -> None:
    assert constraint in read_directive(directive).knobs.constraints
