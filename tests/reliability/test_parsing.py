"""Issue 17, cases 4-7, 12 and 14: numbers, nesting, digits, files and ``meta`` from untrusted input."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import numpy as np
import pytest

import gensim_gym
from gensim_gym._json import MAX_INT_DIGITS, load_file, loads
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec
from gensim_gym.errors import ArgumentError, SpecError
from gensim_gym.generation.family import MAX_NUM_TASKS, DirectiveFamily
from gensim_gym.generation.llm.cache import StageCache
from gensim_gym.generation.llm.extract import extract_json
from gensim_gym.integrations.cli import describe
from gensim_gym.spec.model import SimSpec
from gensim_gym.spec.validate import load_spec
from tests.conftest import TINY_SPEC

HUGE = "1" + "0" * 5000  # past Python's 4,300-digit int conversion limit


# -- case 4: num_tasks --------------------------------------------------------------------------------
def test_num_tasks_past_the_cap_is_an_argument_error_before_any_allocation() -> None:
    with pytest.raises(ArgumentError, match="unlimited stream"):
        DirectiveFamily("domain: warehouse", num_tasks=10**9)
    assert len(DirectiveFamily("domain: warehouse", num_tasks=MAX_NUM_TASKS).pool_seeds) == MAX_NUM_TASKS


# -- case 5: NaN --------------------------------------------------------------------------------------
def test_an_overflowing_assignment_never_puts_nan_in_an_observation() -> None:
    doc = copy.deepcopy(TINY_SPEC)
    doc["tools"]["tools"][0]["effects"][2] = "energy() = 0 * (" + " * ".join(["1000000000"] * 40) + ")"
    env = GenSimEnv(FixedSpec(gensim_gym.validate_spec(doc)))
    obs, _ = env.reset(seed=0)
    action = int(np.flatnonzero(env.action_masks())[0])
    assert env.describe_action(action).startswith("go(")
    obs, reward, *_ = env.step(action)
    assert np.isfinite(obs).all() and np.isfinite(reward)
    assert env.observation_space.contains(obs)


# -- case 6: nesting ----------------------------------------------------------------------------------
def test_deep_nesting_in_a_text_mode_action_is_an_error_observation() -> None:
    env = gensim_gym.GenSimEnv(FixedSpec(gensim_gym.validate_spec(copy.deepcopy(TINY_SPEC))), obs_mode="text")
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step("[" * 1500 + "]" * 1500)
    assert info.get("invalid") and "nests deeper" in info.get("error", obs)


def test_a_stray_quote_cannot_hide_deep_nesting_in_an_llm_answer() -> None:
    answer = 'He said "see ```json\n' + "[" * 3000 + "]" * 3000 + '\n``` ok'
    with pytest.raises(SpecError):
        extract_json(answer, "task")
    answer = '"```json\n{"a": ' + "[" * 3000 + "]" * 3000 + "}\n```"
    with pytest.raises(SpecError):
        extract_json(answer, "task")


def test_a_deep_cache_entry_is_ignored_with_a_warning(tmp_path: Path) -> None:
    cache, key = StageCache(tmp_path), "ab" * 32
    path = tmp_path / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"key": "' + key + '", "section": ' + "[" * 5000 + "]" * 5000 + "}")
    with pytest.warns(UserWarning, match="corrupt"):
        assert cache.get(key) is None


# -- case 7: digits -----------------------------------------------------------------------------------
def test_huge_integers_are_spec_errors_everywhere(tmp_path: Path) -> None:
    doc = json.dumps(TINY_SPEC).replace('"horizon": 8', f'"horizon": {HUGE}')
    with pytest.raises(SpecError, match=f"at most {MAX_INT_DIGITS}"):
        SimSpec.from_json(doc)
    path = tmp_path / "spec.json"
    path.write_text(doc)
    with pytest.raises(SpecError, match="digits"):
        load_spec(path)
    with pytest.raises(SpecError, match="digits"):
        extract_json('{"horizon": ' + HUGE + "}", "task")
    with pytest.raises(SpecError, match="digits"):
        loads('{"x": 1e400}'.replace("1e400", HUGE))
    with pytest.raises(SpecError, match="range of a float"):
        loads('{"x": 1e400}')


def test_the_cli_validate_reports_huge_integers(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from gensim_gym.integrations.cli import main

    path = tmp_path / "spec.json"
    path.write_text(json.dumps(TINY_SPEC).replace('"horizon": 8', f'"horizon": {HUGE}'))
    assert main(["validate", str(path)]) != 0
    assert "digits" in capsys.readouterr().out + capsys.readouterr().err


# -- case 12: meta ------------------------------------------------------------------------------------
@pytest.mark.parametrize("meta", [{"difficulty": 3}, {"interpretation": "x"}, {"golden_plan": 5},
                                  {"golden_plan": [1, 2]}, {"difficulty": {"score": "hard"}},
                                  {"interpretation": {"notes": "one"}}, {"llm": {"calls": -1}}])
def test_meta_fields_the_code_reads_are_typed(meta: dict) -> None:
    doc = copy.deepcopy(TINY_SPEC)
    doc["meta"] = meta
    with pytest.raises(SpecError, match=r"\$\.meta"):
        gensim_gym.validate_spec(doc)


def test_well_typed_meta_still_describes_and_resets() -> None:
    doc = copy.deepcopy(TINY_SPEC)
    doc["meta"] = {"difficulty": {"score": 0.5}, "interpretation": {"notes": ["n"]}, "golden_plan": ["x"],
                   "anything": {"else": 1}}
    spec = gensim_gym.validate_spec(doc)
    assert "interpreted: n" in describe(spec)
    GenSimEnv(FixedSpec(spec)).reset(seed=0)


# -- case 14: files -----------------------------------------------------------------------------------
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_file_is_refused_after_the_size_limit() -> None:
    with pytest.raises(SpecError, match="larger than"):
        load_spec("/dev/zero")


def test_a_latin1_file_is_a_spec_error(tmp_path: Path) -> None:
    path = tmp_path / "spec.json"
    path.write_bytes(json.dumps(TINY_SPEC).replace("Carry", "Tr\u00e4g").encode("latin-1"))
    with pytest.raises(SpecError, match="not UTF-8"):
        load_spec(path)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_cache_symlink_to_a_device_is_ignored(tmp_path: Path) -> None:
    cache, key = StageCache(tmp_path), "cd" * 32
    path = tmp_path / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    with pytest.warns(UserWarning, match="corrupt"):
        assert cache.get(key) is None


def test_load_file_reads_no_more_than_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text("[" + "1," * 1000 + "1]")
    with pytest.raises(SpecError, match="larger than 100 bytes"):
        load_file(path, max_bytes=100)
