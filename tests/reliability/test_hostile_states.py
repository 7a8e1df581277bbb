"""Issue 17, cases 8 and 9: a saved curriculum state is checked for meaning, never trusted, and a bad
one changes nothing."""

from __future__ import annotations

import json
import math
import warnings
from dataclasses import replace
from pathlib import Path

import pytest

import gensim_gym
from gensim_gym.curriculum.alpha import AlphaCurriculum
from gensim_gym.curriculum.baselines import ThresholdCurriculum
from gensim_gym.errors import ArgumentError
from gensim_gym.spec.model import Reward, SimSpec, Term

HOSTILE = {
    "zero posterior": lambda s: s["pool"][0].update(post=[0.0, 1.0, 1.0, 1.0]),
    "negative posterior": lambda s: s["pool"][0].update(post=[1.0, -2.0, 1.0, 1.0]),
    "nan posterior": lambda s: s["pool"][0].update(post=[math.nan, 1.0, 1.0, 1.0]),
    "inf prior": lambda s: s["pool"][0].update(post=[1.0, 1.0, math.inf, 1.0]),
    "short posterior": lambda s: s["pool"][0].update(post=[1.0, 1.0]),
    "arm 999": lambda s: s["pool"][0].update(arm=999),
    "negative arm": lambda s: s["pool"][0].update(arm=-1),
    "nan theta": lambda s: s["pool"][0].update(theta=math.nan),
    "inf returns": lambda s: s["pool"][0].update(returns=math.inf),
    "negative plays": lambda s: s["pool"][0].update(plays=-3),
    "bin posterior zero": lambda s: s["bin_post"][0].__setitem__(0, 0.0),
    "bin posterior nan": lambda s: s["bin_post"][1].__setitem__(1, math.nan),
    "nan in pi": lambda s: s["pi"].__setitem__(0, math.nan),
    "batch cell 999": lambda s: s["batch"].append([999, True]),
    "filter weights of the wrong length": lambda s: s["filter"].update(w=[0.1, 0.2]),
    "filter row of the wrong length": lambda s: s["filter"]["xs"].append([1.0]),
    "filter labels of the wrong length": lambda s: s["filter"]["ys"].append(1.0),
    "nan filter weight": lambda s: s["filter"].update(w=[math.nan] * 5),
    "nan rwr": lambda s: s["rwr"].update(last_kl=math.nan),
    "negative counter": lambda s: s["counters"].update(episodes=-1),
    "nan in recent": lambda s: s["recent"].append([True, math.nan, 0.5]),
    "pending arm 999": lambda s: s["pending"].append({"task_id": "x", "is_success": True, "return": 0.0,
                                                      "length": 1, "theta": 0.5, "arm": 999}),
    "pending nan return": lambda s: s["pending"].append({"task_id": "x", "is_success": True, "return": math.nan,
                                                         "length": 1, "theta": 0.5, "arm": 0}),
}


@pytest.fixture(scope="module")
def base_spec() -> SimSpec:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate("domain: warehouse", difficulty=0.0, seed=1)


def _generator(base: SimSpec):
    def generate(theta: float, seed: int) -> SimSpec:
        spec = replace(base, task=replace(base.task, description=f"θ={theta:.6f} seed={seed}"))
        return spec.with_meta(difficulty={"score": theta, "plan_length": 3, "objects": 4, "tools": 3})
    return generate


@pytest.fixture
def played(base_spec: SimSpec) -> AlphaCurriculum:
    cur = AlphaCurriculum(generator=_generator(base_spec), pool_size=4, seed=3, fold_every=4)
    for k in range(30):
        cur.update(cur.sample(), {"is_success": k % 3 == 0, "return": 1.0})
    return cur


def _edited(state: dict, edit) -> dict:
    copy = json.loads(json.dumps(state))
    edit(copy)
    return copy


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_well_typed_hostile_state_is_refused_and_changes_nothing(played: AlphaCurriculum, name: str) -> None:
    state = played.state_dict()
    before = json.dumps(state)
    with pytest.raises(ArgumentError, match=r"\$\."):
        played.load_state_dict(_edited(state, HOSTILE[name]))
    assert json.dumps(played.state_dict()) == before
    played.update(played.sample(), {"is_success": True, "return": 1.0})  # still usable


def test_a_good_state_round_trips(played: AlphaCurriculum, base_spec: SimSpec) -> None:
    copy = AlphaCurriculum(generator=_generator(base_spec)).load_state_dict(played.state_dict())
    assert json.dumps(copy.state_dict()) == json.dumps(played.state_dict())


def test_a_forged_id_does_not_bypass_validation(played: AlphaCurriculum) -> None:
    state = played.state_dict()
    entry = state["pool"][0]
    spec = SimSpec.from_dict(entry["spec"])
    farm = replace(spec, reward=replace(spec.reward, terms=(Term("farm", "true", 10.0, False),)))
    entry["spec"] = {**farm.to_dict(), "id": farm.id}  # the id matches the forged content
    assert isinstance(farm.reward, Reward)
    before = json.dumps(played.state_dict())
    with pytest.raises(ArgumentError, match=r"\$\.pool\[0\]\.spec is not a valid spec(.|\n)*once"):
        played.load_state_dict(state)
    assert json.dumps(played.state_dict()) == before


def test_a_saved_id_that_does_not_match_the_content_is_refused(played: AlphaCurriculum) -> None:
    state = played.state_dict()
    state["pool"][0]["spec"]["id"] = "0" * 16
    with pytest.raises(ArgumentError, match="saved id"):
        played.load_state_dict(state)


def test_a_baseline_level_out_of_range_is_refused(base_spec: SimSpec) -> None:
    cur = ThresholdCurriculum(generator=_generator(base_spec), pool_size=2)
    state = cur.state_dict()
    for level in (math.nan, 2.0, -1.0):
        with pytest.raises(ArgumentError, match=r"\$\.level"):
            cur.load_state_dict({**state, "level": level})


def _corruptions(good: bytes) -> dict[str, bytes]:
    out = {f"truncated at {k}%": good[:len(good) * k // 100] for k in (0, 1, 10, 50, 90, 99)}
    out["garbage"] = b"\x00\xff" * 100
    out["latin-1"] = good.replace(b'"kind"', '"kïnd"'.encode("latin-1"))
    out["deep nesting"] = b"[" * 5000 + b"]" * 5000
    out["huge integer"] = good.replace(b'"version": 1', b'"version": 1' + b"0" * 5000)
    out["not an object"] = b"[1, 2, 3]"
    out["flipped byte"] = good[:100] + bytes([good[100] ^ 0x55]) + good[101:]
    return out


def test_corrupted_files_raise_a_package_error_and_change_nothing(played: AlphaCurriculum, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    played.save(good)
    before = json.dumps(played.state_dict())
    for name, data in _corruptions(good.read_bytes()).items():
        path = tmp_path / "bad.json"
        path.write_bytes(data)
        with pytest.raises(ArgumentError):
            played.load(path)
        assert json.dumps(played.state_dict()) == before, name
    with pytest.raises(ArgumentError, match="cannot read"):
        played.load(tmp_path / "missing.json")
