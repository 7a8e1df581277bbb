"""Validation of SimSpecs: exact JSON round-trips and precise, located error messages."""

from __future__ import annotations

import json
from typing import Any

import pytest

import gensim_gym
from gensim_gym.errors import SpecError
from gensim_gym.spec.model import SimSpec
from gensim_gym.spec.validate import load_spec, schema


def _problems(obj: Any) -> list[str]:
    with pytest.raises(SpecError) as caught:
        gensim_gym.validate_spec(obj)
    return [str(p) for p in caught.value.problems]


def test_schema_is_draft_2020_12() -> None:
    assert schema()["$schema"].endswith("2020-12/schema")


def test_generated_specs_round_trip_exactly(all_sample_specs: list[SimSpec]) -> None:
    for spec in all_sample_specs:
        text = spec.to_json()
        again = SimSpec.from_json(text)
        assert again == spec
        assert again.to_json() == text
        assert again.id == spec.id


def test_tiny_spec_round_trips(tiny_spec: SimSpec) -> None:
    again = SimSpec.from_json(tiny_spec.to_json(indent=None))
    assert again == tiny_spec
    assert again.to_json() == tiny_spec.to_json()


def test_id_ignores_meta_but_tracks_content(tiny_spec: SimSpec, tiny_spec_dict: dict) -> None:
    assert tiny_spec.with_meta(note="x").id == tiny_spec.id
    tiny_spec_dict["task"]["horizon"] = 9
    assert gensim_gym.validate_spec(tiny_spec_dict).id != tiny_spec.id


def test_load_spec_reads_a_file(tmp_path, tiny_spec: SimSpec) -> None:
    path = tmp_path / "t.json"
    path.write_text(tiny_spec.to_json())
    assert load_spec(path) == tiny_spec
    with pytest.raises(SpecError, match="cannot read spec file"):
        load_spec(tmp_path / "missing.json")


def test_every_problem_has_a_json_path(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["task"]["horizon"] = "eight"
    tiny_spec_dict["tools"]["tools"][0]["params"][0]["type"] = 3
    del tiny_spec_dict["reward"]["mode"]
    with pytest.raises(SpecError) as caught:
        gensim_gym.validate_spec(tiny_spec_dict)
    problems = caught.value.problems
    assert len(problems) >= 3
    assert all(p.path.startswith("$") for p in problems)
    paths = {p.path for p in problems}
    assert "$.task.horizon" in paths
    assert "$.tools.tools[0].params[0].type" in paths
    assert "$.reward" in paths
    # the message lists every problem, so one repair turn can fix them all
    for p in problems:
        assert p.path in str(caught.value)


def test_unknown_predicate_suggests_the_near_name(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["tools"]["tools"][1]["pre"] = "in_room(?r) and lie(?t, ?r)"
    (problem,) = _problems(tiny_spec_dict)
    assert problem.startswith("$.tools.tools[1].pre: ")
    assert "unknown predicate or fluent 'lie'" in problem
    assert "did you mean 'lies'?" in problem


def test_wrong_arity(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["task"]["goal"] = ["lies(key)"]
    (problem,) = _problems(tiny_spec_dict)
    assert problem.startswith("$.task.goal[0]: ")
    assert "lies takes 2 argument(s) (thing, room), got 1" in problem


def test_unbound_variable(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["tools"]["tools"][1]["effects"] = ["not lies(?t, ?room)", "carries(?t)"]
    (problem,) = _problems(tiny_spec_dict)
    assert problem.startswith("$.tools.tools[1].effects[0]: ")
    assert "unbound variable ?room" in problem
    assert "?t, ?r" in problem  # names the variables that are bound


def test_argument_of_the_wrong_type(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["task"]["init"][1] = "lies(cellar, key)"
    problems = _problems(tiny_spec_dict)
    assert all(p.startswith("$.task.init[1]: ") for p in problems)
    assert any("'cellar' has type 'room' but lies expects 'thing'" in p for p in problems)


def test_positive_repeating_reward_term_is_rejected(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["reward"]["terms"][0]["once"] = False
    (problem,) = _problems(tiny_spec_dict)
    assert problem.startswith("$.reward.terms[0].once: ")
    assert "farm" in problem


def test_negative_repeating_reward_term_is_allowed(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["reward"]["terms"][0].update(value=-0.1, once=False)
    assert gensim_gym.validate_spec(tiny_spec_dict).reward.terms[0].once is False


@pytest.mark.parametrize("text", ["", "{", "{\"task\": }", "[1, 2", "nul", "\x00"])
def test_bad_json_is_a_spec_error(text: str) -> None:
    with pytest.raises(SpecError, match="not valid JSON") as caught:
        SimSpec.from_json(text)
    assert caught.value.problems[0].path == "$"


def test_bad_json_reports_line_and_column() -> None:
    with pytest.raises(SpecError, match=r"line 2 column \d+"):
        SimSpec.from_json('{"task":\n  ,}')


def test_unknown_type_and_object_suggest_names(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["tools"]["tools"][0]["params"][1]["type"] = "rooms"
    tiny_spec_dict["task"]["goal"] = ["lies(key, celar)"]
    problems = _problems(tiny_spec_dict)
    assert any(p.startswith("$.tools.tools[0].params[1].type: ") and "did you mean 'room'?" in p for p in problems)
    tiny_spec_dict["tools"]["tools"][0]["params"][1]["type"] = "room"
    problems = _problems(tiny_spec_dict)
    assert any(p.startswith("$.task.goal[0]: ") and "did you mean 'cellar'?" in p for p in problems)


def test_goal_must_be_ground(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["task"]["goal"] = ["carries(?x)"]
    problems = _problems(tiny_spec_dict)
    assert any("must be ground" in p for p in problems)


def test_duplicate_tool_names(tiny_spec_dict: dict) -> None:
    tiny_spec_dict["tools"]["tools"][2]["name"] = "go"
    assert any(p.startswith("$.tools.tools[2].name: ") and "duplicate" in p for p in _problems(tiny_spec_dict))


def test_validate_accepts_dict_text_and_model(tiny_spec_dict: dict, tiny_spec: SimSpec) -> None:
    assert gensim_gym.validate_spec(json.dumps(tiny_spec_dict)) == tiny_spec
    assert gensim_gym.validate_spec(tiny_spec) is tiny_spec
