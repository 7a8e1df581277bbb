"""Curriculum settings: one frozen dataclass per curriculum, from which checks, saved config and docs derive."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from synthetic_agents import DIRECTIVE

from gensim_gym.curriculum import (
    AlphaCurriculum,
    LearnabilityCurriculum,
    StaticCurriculum,
    ThresholdCurriculum,
    UniformCurriculum,
)
from gensim_gym.curriculum.config import AlphaConfig, CurriculumConfig, ThresholdConfig
from gensim_gym.errors import ArgumentError, UnexpectedArgumentError

EVERY = [AlphaCurriculum, UniformCurriculum, StaticCurriculum, ThresholdCurriculum, LearnabilityCurriculum]
REPO = Path(__file__).resolve().parents[2]

# a valid value other than the default for every setting of every curriculum (a new setting must be added here)
CHANGED = {"directive": DIRECTIVE, "seed": 5, "pool_size": 7, "refill_batch": 3, "fold_every": 2,
           "theta_range": (0.25, 0.75), "max_plays": 9, "eps": 0.05, "start": 0.4, "step_size": 0.2,
           "width": 0.3, "raise_at": 0.8, "lower_at": 0.2, "window": 5, "alpha": 0.4, "band": (0.1, 0.6),
           "bins": 6, "lam": 2.0, "step": 0.25, "kl_max": 0.3, "explore": 0.2, "batch_size": 12, "bin_decay": 0.9,
           "confidence": 0.8, "min_trials": 4, "min_cell_trials": 2, "filter_margin": 0.1, "use_filter": False,
           "thompson_rows": 2}


@pytest.mark.parametrize("cls", EVERY)
def test_every_setting_round_trips_through_a_saved_state(cls):
    names = cls.Config.names()
    assert set(names) <= CHANGED.keys(), "give the new setting a changed value in CHANGED"
    settings = {name: CHANGED[name] for name in names}
    cur = cls(**settings)
    for name in names:
        assert getattr(cur, name) == settings[name] != getattr(cls.Config(), name), name
    state = json.loads(json.dumps(cur.state_dict()))
    assert list(state["config"]) == names  # every setting is saved, nothing else
    loaded = cls().load_state_dict(state)
    assert loaded.config == cur.config == cls.Config(**settings)


@pytest.mark.parametrize("cls", EVERY)
def test_an_unknown_setting_is_a_type_error_that_names_the_near_one(cls):
    with pytest.raises(UnexpectedArgumentError, match=r"unexpected keyword argument 'pool_sise' .*'pool_size'"):
        cls(pool_sise=3)
    with pytest.raises(TypeError):
        cls(not_a_setting=1)


def test_the_constructor_call_style_is_kept_and_configs_are_frozen_and_checked():
    cur = AlphaCurriculum(0.3, DIRECTIVE, bins=4, fold_every=None)
    assert (cur.alpha, cur.directive, cur.bins, cur.fold_every, cur.band) == (0.3, DIRECTIVE, 4, 32, (0.05, 0.6))
    config = cur.config
    assert isinstance(config, AlphaConfig) and config.band == (0.05, 0.6)
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.alpha = 0.2  # type: ignore[misc]
    with pytest.raises(ArgumentError, match=r"ThresholdConfig: 1 invalid argument:\n  - lower_at=0.9"):
        ThresholdConfig(lower_at=0.9)
    cur.batch_size = 0  # a setting assigned a bad value is refused when the state is saved
    with pytest.raises(ArgumentError, match="batch_size=0"):
        cur.state_dict()


def test_theta_range_is_a_setting_only_where_it_is_used():
    assert "theta_range" in UniformCurriculum.Config.names()
    for cls in (AlphaCurriculum, ThresholdCurriculum):  # they choose θ themselves
        assert "theta_range" not in cls.Config.names()
        with pytest.raises(UnexpectedArgumentError):
            cls(theta_range=(0.0, 0.5))


@pytest.fixture(scope="module")
def old_states() -> dict:
    # written by gensim_gym 0.1 (before the config dataclasses), with the synthetic generator of
    # synthetic_agents.py: its config holds theta_range for every curriculum and no ``start`` for the ladder
    return json.loads((REPO / "tests/fixtures/curriculum_states_0_1.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("kind, cls", [("alpha", AlphaCurriculum), ("threshold", ThresholdCurriculum)])
def test_a_state_saved_before_the_config_dataclasses_loads_and_continues_as_it_did(old_states, synth, kind, cls):
    old = old_states[kind]
    assert "theta_range" in old["state"]["config"]
    cur = cls(generator=synth).load_state_dict(old["state"])
    thetas = []
    for k in range(len(old["next_thetas"])):
        task = cur.sample()
        thetas.append(task.theta)
        cur.update(task, {"is_success": k % 2 == 0, "return": 0.5})
    assert thetas == old["next_thetas"]  # the same tasks, bit for bit, as 0.1 played after this state
    if kind == "alpha":
        assert cur.pi.tolist() == old["pi"]
    assert list(cur.state_dict()["config"]) == cls.Config.names()


def test_the_docs_hold_the_tables_the_configs_generate():
    page = (REPO / "docs/curricula.md").read_text(encoding="utf-8")
    for cls in EVERY:
        assert cls.Config.markdown() in page, f"regenerate {cls.Config.__name__}'s table in docs/curricula.md"
    assert issubclass(AlphaConfig, CurriculumConfig)
