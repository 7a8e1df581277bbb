"""A count of flat tires in tireworld counts calls of ``change_tire`` (branch wtire): "change 2 flat tires" is a
journey on which the tire goes flat twice, a task whose golden (shortest) plan calls ``change_tire`` exactly twice.
The world's JSON declares it (``call_counts``: the fact counted, the tool whose calls it counts, the most a task
reaches, and the start such a task has: the car with a flat tire and a spare in the trunk); until then the count was
unsupported ("the world has one, flat_tire()"). A count of one keeps its meaning, and every directive that counts no
flat tires generates what it did (spec ids pinned from main at 8fc983d).
"""

from __future__ import annotations

import json
import warnings
from dataclasses import replace
from pathlib import Path

import pytest

import gensim_gym
from gensim_gym import check_fidelity, read_directive
from gensim_gym.errors import SpecError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.toolsets import get_toolset
from gensim_gym.generation.verify import verify
from tests.golden_play import play_golden

pytest.importorskip("pddl")  # tireworld is a PDDL domain of the shipped corpus

TWO = "change 2 flat tires"
SIDECAR = Path(__file__).resolve().parents[2] / "tool_registry" / "pddl" / "tireworld.json"


def _generate(directive: str, seed: int = 0):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(directive, seed=seed)


def _read(directive: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read_directive(directive)


def _changes(spec) -> int:
    return sum(label.startswith("change_tire(") for label in spec.golden_plan)


@pytest.mark.parametrize("seed", range(5))
def test_two_flat_tires_are_two_changes_on_the_golden_plan(seed):
    spec = _generate(TWO, seed)
    assert _changes(spec) == 2, spec.golden_plan
    assert verify(spec).ok
    _, info = play_golden(spec)
    assert info["is_success"]
    assert check_fidelity(spec, _read(TWO)) == []
    assert spec.task.horizon >= len(spec.golden_plan)
    # the first flat is the start's (CallCount.init): the car has a flat tire and a spare in the trunk
    assert {"flat_tire()", "has_spare()"} <= set(spec.task.init)


def test_the_clause_is_honored_and_the_spec_says_what_it_gives():
    reading = _read(TWO)
    assert reading.knobs.call_count == (2, "change_tire") and reading.knobs.goal_count is None
    (count,) = [c for c in reading.clauses if c.kind == "goal_count"]
    assert (count.text, count.status) == ("2 flat tires", "honored")
    assert count.requirement == {"goal_count": 2, "type": None, "calls": "change_tire"}
    spec = _generate(TWO)
    clauses = spec.meta["interpretation"]["clauses"]
    assert [c["status"] for c in clauses if c["kind"] == "goal_count"] == ["honored"]
    assert spec.meta["fidelity"]["call_count"] == {"requested": 2, "aimed": 2, "tool": "change_tire", "given": 2,
                                                   "status": "honored"}


@pytest.mark.parametrize("directive", ["tireworld, a couple of flat tires to fix", "tireworld fix like two flats",
                                       "the robot must swap 2 punctured tyres", "replace two flat tyres, sparse"])
def test_the_ways_of_saying_two_flats_are_one_count(directive):
    assert parse_directive(directive).call_count == (2, "change_tire")
    assert [c.status for c in _read(directive).clauses if c.kind == "goal_count"] == ["honored"]


def test_a_golden_plan_with_another_number_of_changes_is_unmet():
    reading = _read(TWO)
    spec = _generate(TWO)
    once = replace(spec, meta={**spec.meta, "golden_plan": [label for label in spec.golden_plan
                                                            if label != "change_tire()"][:1] + ["change_tire()"]})
    unmet = check_fidelity(once, reading)
    assert unmet == ["goal count: asked for 2 calls of change_tire (2 counted), the golden plan calls it 1 time"]


def test_a_count_past_what_the_world_reaches_is_approximated_with_its_bound():
    directive = "change 3 flat tires"
    assert get_toolset("tireworld").call_counts[0].most == 2
    reading = _read(directive)
    (count,) = [c for c in reading.clauses if c.kind == "goal_count"]
    assert count.status == "approximated" and "needs change_tire at most 2 times" in count.note
    for seed in range(3):
        spec = _generate(directive, seed)
        assert _changes(spec) == 2
        assert check_fidelity(spec, reading) == []  # the 2 aimed at are given


@pytest.mark.parametrize("directive", ["tireworld: change the flat tire", "change 1 flat tire, sparse",
                                       "tireworld with 3 spare tires", "tireworld: swap 2 wheels, sparse"])
def test_one_flat_and_what_is_no_flat_keep_their_meaning(directive):
    knobs = parse_directive(directive)
    assert knobs.call_count is None and "call_count" not in knobs.to_dict()


#: Spec ids of directives that count no flat tires, from main at 8fc983d (before branch wtire).
MAIN_IDS = [
    ("tireworld", 0, "d79f56fffdb945ec"),
    ("tireworld", 3, "705c5340bdbe1102"),
    ("tireworld: change the flat tire", 0, "d79f56fffdb945ec"),
    ("tireworld: change the flat tire", 2, "7e97b3eb026bbd5d"),
    ("change 1 flat tire, sparse", 1, "ccf358b4618c76f1"),
    ("tireworld: fix a flat tyre, hard", 1, "182a8fb44926ea20"),
    ("tireworld with 3 spare tires", 0, "d79f56fffdb945ec"),
    ("tireworld, 1 punctured wheel, noisy", 4, "3d779884fda08dd9"),
]


@pytest.mark.parametrize("directive, seed, spec_id", MAIN_IDS)
def test_directives_counting_no_flats_generate_what_they_did(directive, seed, spec_id):
    assert _generate(directive, seed).id == spec_id


def test_generation_is_deterministic_and_time_pressure_still_scales_the_slack():
    assert _generate(TWO, 3).id == _generate(TWO, 3).id
    tight = _generate("change 2 flat tires under time pressure", 1)
    assert _changes(tight) == 2 and tight.task.horizon == len(tight.golden_plan) + 1
    loose = _generate("change 2 flat tires, plenty of time", 1)
    assert _changes(loose) == 2 and loose.task.horizon == 2 * len(loose.golden_plan) + 2


def _sidecar_with(tmp_path: Path, call_counts) -> Path:
    meta = json.loads(SIDECAR.read_text(encoding="utf-8"))
    meta["pddl"] = str(SIDECAR.with_suffix(".pddl"))
    meta["call_counts"] = call_counts
    path = tmp_path / "tireworld.json"
    path.write_text(json.dumps(meta), encoding="utf-8")
    return path


@pytest.mark.parametrize("call_counts, message", [
    ({"fact": "flat_tire"}, "call_counts must be a list"),
    ([{"fact": "flat_tire", "tool": "change_tire"}], "call_counts[0] must be an object with the keys 'fact', 'tool'"),
    ([{"fact": "flat_tire", "tool": "change_tire", "most": 2, "max": 3}], "call_counts[0] must be an object"),
    ([{"fact": "vehicle_at", "tool": "change_tire", "most": 2}],
     "call_counts[0].fact: 'vehicle_at' is no predicate without arguments of the world (allowed: flat_tire, "
     "has_spare)"),
    ([{"fact": "flat_tire", "tool": "change_tyre", "most": 2}],
     "call_counts[0].tool: 'change_tyre' is no tool of the world (allowed: "),
    ([{"fact": "flat_tire", "tool": "change_tire", "most": 0}], "call_counts[0].most: the most calls"),
    ([{"fact": "flat_tire", "tool": "change_tire", "most": 2, "init": {"set": []}}],
     "call_counts[0].init: start rules"),
])
def test_a_malformed_declaration_says_where_and_what_is_allowed(tmp_path, call_counts, message):
    from gensim_gym.generation.pddl_toolset import toolset_from_file

    with pytest.raises(SpecError) as caught:
        toolset_from_file(_sidecar_with(tmp_path, call_counts))
    assert message in str(caught.value) and str(tmp_path / "tireworld.json") in str(caught.value)
