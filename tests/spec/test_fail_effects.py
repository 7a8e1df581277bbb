"""A tool's ``fail_effects``: what a failed call applies (serialised only when present, validated like
effects, applied by the runtime with the same incremental bookkeeping as effects, dropped by the PDDL export)."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import gensim_gym
from gensim_gym.errors import SpecError
from gensim_gym.integrations.cli import describe
from gensim_gym.spec.model import SimSpec

#: tests/conftest.py's TINY_SPEC id before fail_effects existed (a spec without them must keep it).
TINY_ID = "c8f9de50e866f262"


def _slippery(d: dict[str, Any], fail_prob: float = 0.5) -> dict[str, Any]:
    """The tiny spec whose walks fail with ``fail_prob``, costing 2 energy and going nowhere then."""
    go = d["tools"]["tools"][0]
    go["fail_prob"] = fail_prob
    go["fail_effects"] = ["energy() -= 2"]
    return d


def test_a_tool_without_fail_effects_keeps_its_json_and_id(tiny_spec: SimSpec) -> None:
    assert all("fail_effects" not in t for t in tiny_spec.tools.to_dict()["tools"])
    assert tiny_spec.id == TINY_ID


def test_fail_effects_round_trip_through_json(tiny_spec_dict: dict) -> None:
    spec = gensim_gym.validate_spec(_slippery(tiny_spec_dict))
    assert spec.tools.tools[0].fail_effects == ("energy() -= 2",)
    assert spec.tools.to_dict()["tools"][0]["fail_effects"] == ["energy() -= 2"]
    again = SimSpec.from_json(spec.to_json())
    assert again == spec and again.to_json() == spec.to_json() and again.id == spec.id != TINY_ID
    assert "      fails: energy() -= 2" in describe(spec).splitlines()


@pytest.mark.parametrize(("fail_effects", "path", "message"), [
    (["carries(?x)"], "$.tools.tools[0].fail_effects[0]", "unbound variable ?x"),
    (["not in_room(?a)", "lie(?a)"], "$.tools.tools[0].fail_effects[1]", "did you mean 'lies'?"),
    (["open() and open()"], "$.tools.tools[0].fail_effects[0]", ""),
    (["open()"] * 33, "$.tools.tools[0].fail_effects", "open()"),  # over maxItems 32
    ("open()", "$.tools.tools[0].fail_effects", "array"),
])
def test_fail_effects_are_validated_like_effects(tiny_spec_dict: dict, fail_effects, path: str, message: str) -> None:
    tiny_spec_dict["tools"]["tools"][0]["fail_effects"] = fail_effects
    with pytest.raises(SpecError) as caught:
        gensim_gym.validate_spec(tiny_spec_dict)
    problems = [p for p in caught.value.problems if p.path == path]
    assert problems and message in str(problems[0]), caught.value.problems


def test_a_failed_call_applies_the_fail_effects_and_the_runtime_keeps_up(tiny_spec_dict: dict) -> None:
    spec = gensim_gym.validate_spec(_slippery(tiny_spec_dict))
    env = gym.make("GenSim-v0", spec=spec)
    base = env.unwrapped
    outcomes = set()
    for seed in range(12):
        env.reset(seed=seed)
        world = base.world
        go = world.action_by_label()["go(hall, cellar)"]
        energy = world.index.num("energy", ())
        where = world.index.fact("in_room", ("hall",))
        _, _, terminated, _, info = env.step(go.id)
        facts, nums = base._facts, base._nums
        if info["failed"]:  # the failure outcome: 2 energy spent, still in the hall
            assert nums[energy] == 3.0 and facts[where] == 1
        else:  # the success: moved, 1 energy spent
            assert nums[energy] == 4.0 and facts[where] == 0
        outcomes.add(info["failed"])
        while not terminated and facts[where] and info["failed"]:  # fail until the energy runs out
            _, _, terminated, _, info = env.step(go.id)
        # the incrementally kept mask is the one computed from scratch
        expected = np.zeros(env.action_space.n, dtype=bool)
        expected[[a.id for a in world.applicable(facts, nums)]] = True
        assert (base.action_masks() == expected).all()
    assert outcomes == {True, False}


def test_a_failure_is_told_as_an_outcome_in_text_mode(tiny_spec_dict: dict) -> None:
    spec = gensim_gym.validate_spec(_slippery(tiny_spec_dict, 0.5))
    env = gym.make("GenSim-v0", spec=spec, obs_mode="text")
    seen = set()
    for seed in range(10):
        env.reset(seed=seed)
        text, _, _, _, info = env.step('{"name": "go", "arguments": {"a": "hall", "b": "cellar"}}')
        seen.add(info["failed"])
        if info["failed"]:
            assert "failed: go(hall, cellar) had its failure outcome this time" in text
    assert seen == {True, False}


def test_the_pddl_export_drops_fail_effects_with_fail_prob(tiny_spec: SimSpec, tiny_spec_dict: dict) -> None:
    pytest.importorskip("pddl")
    spec = gensim_gym.validate_spec(_slippery(tiny_spec_dict))
    assert spec.to_pddl()[0] == tiny_spec.to_pddl()[0]  # the domain (the problem's name holds the id)
