"""Bad curriculum arguments and malformed saved states: one clear ArgumentError listing every problem."""

from __future__ import annotations

import json

import pytest

from gensim_gym import ArgumentError
from gensim_gym.curriculum import (
    AlphaCurriculum,
    LearnabilityCurriculum,
    StaticCurriculum,
    ThresholdCurriculum,
    UniformCurriculum,
)

EVERY = [AlphaCurriculum, UniformCurriculum, StaticCurriculum, ThresholdCurriculum, LearnabilityCurriculum]


@pytest.mark.parametrize("cls", EVERY)
def test_defaults_are_valid_and_shared_arguments_are_checked_by_every_curriculum(cls):
    cls()
    with pytest.raises(ArgumentError) as caught:
        cls(directive=3, seed=-1, pool_size=0, refill_batch=2.5, generator="not callable")
    message = str(caught.value)
    assert message.startswith(f"{cls.__name__}: 5 invalid arguments:")
    for expected in ("directive=3: must be a directive string", "seed=-1: must be an integer >= 0",
                     "pool_size=0: must be an integer >= 1", "refill_batch=2.5: must be an integer >= 1",
                     "generator='not callable': must be a callable"):
        assert expected in message


def test_alpha_curriculum_lists_every_bad_argument_at_once():
    with pytest.raises(ArgumentError) as caught:
        AlphaCurriculum(alpha=1.0, band=(0.8, 0.2), bins=0, lam=-1, step=0.0, explore=2, batch_size=0,
                        bin_decay=1.5, confidence=0.4, max_plays=0, thompson_rows=0, fold_every=0, predict=3)
    lines = str(caught.value).splitlines()
    assert lines[0] == "AlphaCurriculum: 13 invalid arguments:"
    assert "  - alpha=1.0: must be a number in (0, 1)" in lines
    assert "  - band=(0.8, 0.2): must be a pair (lo, hi) with 0 <= lo < hi <= 1" in lines
    assert "  - confidence=0.4: must be a number in (0.5, 1]" in lines
    assert "  - thompson_rows=0: must be an integer >= 1 or None" in lines


def test_a_directive_passed_where_alpha_goes_says_so():
    with pytest.raises(ArgumentError, match=r"alpha='warehouse tasks'.*AlphaCurriculum\(directive=\.\.\.\)"):
        AlphaCurriculum("warehouse tasks")
    assert AlphaCurriculum(fold_every=None, thompson_rows=None).fold_every == 32  # None: every batch_size


def test_threshold_and_learnability_check_their_own_arguments():
    with pytest.raises(ArgumentError, match=r"lower_at=0.8: must be below raise_at=0.7"):
        ThresholdCurriculum(lower_at=0.8)
    with pytest.raises(ArgumentError, match=r"window=0: must be an integer >= 1"):
        ThresholdCurriculum(window=0)
    with pytest.raises(ArgumentError, match=r"eps=0.0: must be a number > 0"):
        LearnabilityCurriculum(eps=0.0)
    with pytest.raises(ArgumentError, match=r"theta_range=\(0.9, 0.1\)"):
        UniformCurriculum(theta_range=(0.9, 0.1))


@pytest.fixture
def played(synth):
    """An AlphaCurriculum that has generated, played and learnt (its state has every field)."""
    cur = AlphaCurriculum(generator=synth, pool_size=6, seed=3, fold_every=4)
    for k in range(10):
        cur.update(cur.sample(), {"is_success": k % 3 == 0, "return": 1.0})
    return cur


def corrupt(state: dict, edit) -> dict:
    copy = json.loads(json.dumps(state))
    edit(copy)
    return copy


@pytest.mark.parametrize("edit, expected", [
    (lambda s: s.pop("pool"), r"\$\.pool: missing"),
    (lambda s: s.update(counters=[]), r"\$\.counters: must be an object, got list"),
    (lambda s: s.update(pi=s["pi"][:3]), r"\$\.pi and \$\.bin_post must hold one entry per cell"),
    (lambda s: s.update(pi=[2.0] + s["pi"][1:]), r"\$\.pi must be probabilities summing to 1"),
    (lambda s: s["config"].update(fold_every=0), r"\(\$\.config\): 1 invalid argument:\n  - fold_every=0"),
    (lambda s: s["config"].update(fold_evry=8), r"\$\.config has unknown keys \['fold_evry'\]"),
    (lambda s: s["pool"][1].pop("post"), r"\$\.pool\[1\]\.post: must be an array, got NoneType"),
    (lambda s: s["pool"][0]["spec"]["task"].update(horizon=-5), r"\$\.pool\[0\]\.spec is not a valid spec"),
    (lambda s: s.update(rng={"bit_generator": "MT19937"}), r"\$\.rng is not a numpy PCG64 state"),
    (lambda s: s["pending"].append({"task_id": "x"}), r"\$\.pending\[\d+\]\.is_success: must be true or false"),
    (lambda s: s.update(filter={}), r"\$\.filter\.xs: must be an array"),
])
def test_a_malformed_state_is_refused_by_path_and_changes_nothing(played, edit, expected):
    state = played.state_dict()
    target = AlphaCurriculum(generator=played.generator).load_state_dict(state)
    before = json.dumps(target.state_dict())
    with pytest.raises(ArgumentError, match=expected):
        target.load_state_dict(corrupt(state, edit))
    assert json.dumps(target.state_dict()) == before  # nothing was half-loaded


def test_a_state_of_another_curriculum_is_refused_by_kind(played):
    with pytest.raises(ArgumentError, match=r"\$\.kind: missing"):
        UniformCurriculum().load_state_dict({"version": 1})
    with pytest.raises(Exception, match="state is for a 'alpha' curriculum, not 'uniform'"):
        UniformCurriculum().load_state_dict(played.state_dict())


def test_a_state_that_is_not_a_mapping_is_refused():
    with pytest.raises(ArgumentError, match="must be a mapping .* got str"):
        AlphaCurriculum().load_state_dict("{}")
