"""Issue 17, case 13: the env accepts integer actions only, any spec form in ``reset``, and no step past the end."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np
import pytest

import gensim_gym
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec
from gensim_gym.errors import ActionError, ArgumentError, ResetNeeded, SpecError
from tests.conftest import TINY_GOLDEN, TINY_SPEC

# go(hall, cellar), take(key, cellar), go(cellar, hall), unlock()
GOLDEN = TINY_GOLDEN


@pytest.fixture
def env(tiny_env) -> GenSimEnv:
    return tiny_env


@pytest.mark.parametrize("action", [float("inf"), float("nan"), 1.0, 0.5, np.float32(1.0), "0", b"0", None,
                                    [0], np.array([0])])
def test_non_integer_actions_raise(env: GenSimEnv, action: object) -> None:
    with pytest.raises(ActionError, match="must be an integer"):
        env.step(action)


@pytest.mark.parametrize("action", [-1, 10**6, np.int64(-3), 2**70])
def test_out_of_range_actions_raise(env: GenSimEnv, action: object) -> None:
    with pytest.raises(ActionError, match="outside the action space"):
        env.step(action)


@pytest.mark.parametrize("kind", [int, np.int64, np.int32, np.uint8, np.array])
def test_integer_actions_of_every_kind_are_accepted(env: GenSimEnv, kind) -> None:
    by_label = env.world.action_by_label()
    _, _, _, _, info = env.step(kind(by_label[GOLDEN[0]].id))
    assert not info["invalid"]


def test_an_unused_slot_in_range_is_an_invalid_call_not_an_error(env: GenSimEnv) -> None:
    slot = next(i for i, a in enumerate(env.world.actions) if a is None) if None in env.world.actions else None
    if slot is None:
        pytest.skip("no unused slot in this layout")
    assert env.step(slot)[4]["invalid"]


def _play_golden(env: GenSimEnv) -> tuple[float, bool]:
    by_label = env.world.action_by_label()
    total, done = 0.0, False
    for label in GOLDEN:
        _, reward, done, _, _ = env.step(by_label[label].id)
        total += reward
    return total, done


def test_a_step_after_termination_raises_and_pays_nothing(env: GenSimEnv) -> None:
    ends = []
    assert env.set_episode_end_hook(lambda info, ret, length: ends.append(ret)) is None
    total, done = _play_golden(env)
    assert done and len(ends) == 1
    for _ in range(2):
        with pytest.raises(ResetNeeded, match="call reset"):
            env.step(env.world.action_by_label()["unlock()"].id)
    assert len(ends) == 1
    env.reset()
    assert _play_golden(env)[0] == total and len(ends) == 2


def test_a_step_after_truncation_raises(env: GenSimEnv) -> None:
    noop = env.world.action_by_label()["take(key, cellar)"].id  # invalid at the start: the state never changes
    for _ in range(env.world.horizon):
        truncated = env.step(noop)[3]
    assert truncated
    with pytest.raises(ResetNeeded):
        env.step(noop)


def test_a_step_before_reset_raises() -> None:
    env = GenSimEnv(FixedSpec(gensim_gym.validate_spec(copy.deepcopy(TINY_SPEC))))
    with pytest.raises(ResetNeeded):
        env.step(0)


def test_reset_accepts_a_spec_dict_a_path_or_a_simspec(env: GenSimEnv, tmp_path: Path) -> None:
    doc = copy.deepcopy(TINY_SPEC)
    doc["task"]["horizon"] = 9
    spec = gensim_gym.validate_spec(copy.deepcopy(doc))
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(doc))
    for given in (doc, str(path), path, spec):
        env.reset(options={"spec": given})
        assert env.sim_spec.id == spec.id


@pytest.mark.parametrize("given, error", [(42, ArgumentError), (b"{}", ArgumentError), ({"task": {}}, SpecError),
                                          ("/nonexistent/spec.json", SpecError)])
def test_reset_with_an_unusable_spec_is_a_clear_error(env: GenSimEnv, given: object, error: type) -> None:
    with pytest.raises(error):
        env.reset(options={"spec": given})
