"""Partial observability in the PDDL worlds: a sidecar's ``partial_observability`` block hides facts until its own
reveal tool shows them, only where a directive asks for hidden facts (every other task is as before)."""

from __future__ import annotations

import warnings

import pytest

import gensim_gym
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import SpecError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import family_layout
from gensim_gym.generation.pddl_toolset import toolset_from_sidecar
from gensim_gym.generation.reading import check_fidelity, read_directive
from gensim_gym.generation.toolsets import load_registry
from gensim_gym.spec.model import SimSpec

pytest.importorskip("pddl")

#: world -> (a directive asking for hidden facts, the tool that reveals them, the predicates it hides)
PARTIAL = {
    "dungeon": ("a dungeon crawl with a partial view", "look_around", {"key_at", "adjacent"}),
    "elevator": ("elevator, passengers hidden until the car reaches their floor", "check_landing", {"origin"}),
    "gripper": ("gripper, partially observable", "search_room", {"at"}),
    "rearrangement": ("rearrangement with hidden object locations", "search_place", {"thing_at"}),
    "transport": ("transport tasks, partially observable", "check_location", {"at__package__location"}),
    "ferry": ("ferry, partial view", "check_port", {"at"}),
    # round 58: the grid's layout, seen only around the cells looked at ("sees only nearby squares")
    "sokoban": ("sokoban, 1 box, partially observable", "look_around", {"adjacent", "two_apart"}),
    "visitall": ("visitall with a partial view of the grid", "look_around", {"connected"}),
    # ... and the blocks world's stacks, seen block by block ("can't see which blocks are clear")
    "blocks": ("blocks world, partially observable", "inspect", {"on", "clear"}),
}


def _generate(directive: str, seed: int, difficulty: float = 0.5) -> SimSpec:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(directive, difficulty=difficulty, seed=seed)


def _known(env: GenSimEnv) -> set[str]:
    """The facts the text observation lists as known."""
    text = env.render_text()
    return {line.strip() for line in text.split("Known facts:\n")[1].split("\nTools:")[0].split("\n")}


def _unseen(env: GenSimEnv) -> set[str]:
    """The true facts the agent does not see."""
    return {label for label, i in env.world.fact_items() if env._facts[i] and not env._visible[i]}


@pytest.mark.parametrize("world", sorted(PARTIAL))
def test_the_observability_clause_is_honored(world: str) -> None:
    directive = PARTIAL[world][0]
    reading = read_directive(directive)
    assert world in reading.knobs.domains
    clause = next(c for c in reading.clauses if c.kind == "observability")
    assert clause.status == "honored", clause


@pytest.mark.parametrize("world", sorted(PARTIAL))
def test_tasks_hide_facts_and_their_golden_plans_reveal_them(world: str) -> None:
    directive, reveal, hidden = PARTIAL[world]
    for seed in range(3):
        spec = _generate(directive, seed)
        assert set(spec.task.hidden) == hidden
        assert check_fidelity(spec, read_directive(directive)) == []
        assert any(label.startswith(f"{reveal}(") for label in spec.golden_plan), (seed, spec.golden_plan)


@pytest.mark.parametrize("world", sorted(PARTIAL))
def test_the_text_observation_shows_a_hidden_fact_only_once_revealed(world: str) -> None:
    directive, reveal, _ = PARTIAL[world]
    spec = _generate(directive, 0)
    env = GenSimEnv(spec)
    env.reset(seed=0)
    by_label = env.world.action_by_label()
    for label in spec.golden_plan:
        if label.startswith(f"{reveal}("):
            before = _unseen(env)
            assert before and not before & _known(env), label
            env.step(by_label[label].id)
            shown = before - _unseen(env)
            assert shown and shown <= _known(env), (label, shown)
            break
        env.step(by_label[label].id)
    else:
        pytest.fail(f"the golden plan calls no {reveal}")


@pytest.mark.parametrize("world", sorted(PARTIAL))
@pytest.mark.parametrize("difficulty", [0.5, 0.9])
def test_without_the_partial_clause_nothing_is_hidden_and_no_reveal_tool_is_there(world: str,
                                                                                     difficulty: float) -> None:
    """Specs are unchanged for users who don't ask: a hard task hides nothing either (JSON worlds hide facts from
    difficulty 0.75; a world whose reveal tools are its block's own hides them only when asked)."""
    _, reveal, _ = PARTIAL[world]
    knobs = parse_directive(f"{world} tasks", difficulty)
    assert reveal not in family_layout(knobs).tools
    for seed in range(2):
        spec = _generate(f"{world} tasks", seed, difficulty)
        assert not spec.task.hidden
        assert reveal not in {t.name for t in spec.tools.tools}
        assert not any(p.name == load_registry()[world].reveal_predicates[0].name for p in spec.task.predicates)


@pytest.mark.parametrize(("block", "field"), [
    ({"hidden": ["nowhere"], "needs_tools": ["look_around"]}, "partial_observability.hidden"),
    ({"hidden": ["key_at"], "needs_tools": ["peek"]}, "partial_observability.needs_tools"),
    ({"hidden": ["key_at"], "needs_tools": ["look_around"], "extra_pre": {"fly": "true"}},
     "partial_observability.extra_pre"),
    ({"hidden": "key_at", "needs_tools": ["look_around"]}, "partial_observability.hidden"),
    ({"hidden": ["key_at"], "needs_tools": ["look_around"], "secret": 1}, "partial_observability.secret"),
])
def test_a_malformed_block_is_a_spec_error_naming_the_field(block: dict, field: str) -> None:
    import json

    from gensim_gym._resources import data_dir
    from gensim_gym.generation.pddl_import import compile_file

    folder = data_dir("tool_registry") / "pddl"
    meta = json.loads((folder / "dungeon.json").read_text())
    tools = meta["partial_observability"]["tools"]
    meta["partial_observability"] = {**block, "tools": tools}
    with pytest.raises(SpecError, match=field.replace(".", r"\.")):
        toolset_from_sidecar(meta, compile_file(folder / "dungeon.pddl"), "dungeon.json")


def test_a_tool_count_counts_the_reveal_tool_hidden_facts_need() -> None:
    """Like warehouse's scan: check_landing is a tool every such task needs, so 0 tools is under it; 3 tools
    can be read (core tools no plan calls are left out), but the elevator's plans call all 3 core tools and the
    reveal: the spec says approximated."""
    clause = next(c for c in read_directive("elevator with 0 tools, partially observable").clauses
                  if c.kind == "tool_count")
    assert clause.status == "approximated" and "check_landing" in clause.note
    directive = "elevator with 3 tools, partially observable"
    spec = _generate(directive, 0)
    assert "check_landing" in {t.name for t in spec.tools.tools}
    assert check_fidelity(spec, read_directive(directive)) == ["tool count: asked for 3, the spec has 4"]
