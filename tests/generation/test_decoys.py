"""A tool count past the world's own tools is met with decoys: distractors made on the world's own types that record
something no goal, rule or tool reads. They exist only where the count needs them, come after every tool the world
declares, never enter a golden plan, and leave a task solvable whatever the agent does with them."""

from __future__ import annotations

import warnings

import pytest

import gensim_gym
from gensim_gym import read_directive
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.generation.decoys import DECOYS, decoy_count, decoy_tools, with_decoys
from gensim_gym.generation.reading import check_fidelity
from gensim_gym.generation.toolsets import get_toolset
from gensim_gym.spec.model import SimSpec
from tests.golden_play import play_golden

#: directive -> (the tools it asks for, the tools its world declares)
PAST = {"warehouse tasks, 15 tools": (15, 6), "a gripper env with 7 tools": (7, 5),
        "webshop, give the agent 14 tools to choose from": (14, 9)}


def _generate(directive: str, seed: int = 0) -> SimSpec:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(directive, seed=seed)


def _tool_count(directive: str):
    return next(c for c in read_directive(directive).clauses if c.kind == "tool_count")


# -- the decoys of a world --------------------------------------------------------------------------------------------
def test_a_world_s_decoys_are_its_types_times_the_verbs_and_record_only_their_own_facts():
    ts = get_toolset("warehouse")
    tools, records = decoy_tools(ts)
    assert [t.name for t in tools[:3]] == ["inspect_item", "tag_item", "untag_item"]
    assert len(tools) == len(DECOYS) * len(ts.types)
    recorded = {p.name for p in records}
    assert not recorded & set(ts.goal_predicates)
    for tool in tools:
        assert tool.distractor
        assert all(e.removeprefix("not ").split("(")[0] in recorded for e in tool.effects)


def test_a_world_s_own_tool_keeps_its_name_and_a_shared_type_gets_decoys_once():
    composed = with_decoys([get_toolset("webshop"), get_toolset("support")])
    names = [t.name for ts in composed for t in ts.decoy_tools]
    assert len(names) == len(set(names))
    assert not set(names) & {t.name for ts in composed for t in (*ts.tools, *ts.extra_tools, *ts.distractor_tools)}
    assert decoy_count([get_toolset("blocks")]) == len(DECOYS)


# -- a count past the world's tools ----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", sorted(PAST))
def test_a_count_past_the_world_s_tools_is_honored_with_decoys(directive: str):
    asked, declared = PAST[directive]
    clause = _tool_count(directive)
    assert (clause.status, clause.requirement) == ("honored", {"tool_count": asked})
    assert f"declares {declared} tools: {asked - declared} decoys" in clause.note
    for seed in range(3):
        spec = _generate(directive, seed)
        names = [t.name for t in spec.tools.tools]
        assert len(names) == asked == len(set(names))
        own = {t.name for t in get_toolset(spec.task.name).all_tools}
        assert own <= set(names)  # every tool the world declares comes before any decoy
        assert sum(t.distractor and t.name not in own for t in spec.tools.tools) == asked - declared
        assert not check_fidelity(spec, read_directive(directive))


def test_a_golden_plan_never_calls_a_decoy_and_a_decoy_call_changes_nothing_it_needs():
    spec = _generate("warehouse tasks, 15 tools", seed=1)
    decoys = {t.name for t in spec.tools.tools if t.name.startswith(("inspect_", "tag_", "note_"))}
    assert decoys and not any(step.split("(")[0] in decoys for step in spec.golden_plan)
    env = GenSimEnv(spec)
    env.reset(seed=0)
    labels = env.world.action_by_label()
    first = next(label for label in labels if label.startswith("tag_item("))
    _, info = play_golden(spec, before=[first])
    assert info.get("is_success")


def test_decoys_are_the_same_for_the_same_seed():
    assert _generate("warehouse tasks, 15 tools", 4).id == _generate("warehouse tasks, 15 tools", 4).id


# -- where no decoy is made ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["warehouse tasks, 5 tools", "warehouse tasks", "warehouse, at most 20 tools"])
def test_a_count_the_world_meets_has_no_decoy(directive: str):
    spec = _generate(directive)
    assert not [t.name for t in spec.tools.tools if t.name.startswith(("inspect_", "tag_", "photograph_"))]


def test_a_count_past_the_world_and_its_decoys_is_approximated_to_them():
    clause = _tool_count("blocks world, 40 tools")
    most = len(get_toolset("blocks").all_tools) + decoy_count([get_toolset("blocks")])
    assert clause.status == "approximated" and f"{most} tools in all, decoys included" in clause.note
    assert len(_generate("blocks world, 40 tools").tools.tools) == most
