"""R_env reaches π_env only through ``curriculum.reward.alpha_reward``, and its numbers did not move.

``alpha_reward`` is the function the R_env tests check (test_alpha.py); these tests show it is also the one
that weighs π_env's RWR targets, the batch statistics and the pick weights, and that routing R_env through
it left every number bit for bit where the three inline copies it replaced put them.
"""

from __future__ import annotations

import hashlib

import numpy as np
from synthetic_agents import run_synthetic

import gensim_gym.curriculum.alpha as alpha_module
from gensim_gym.curriculum import AlphaCurriculum, alpha_reward

# the digest of _trace() computed with the inline R_env code before it was routed through alpha_reward
DIGEST_BEFORE = "1ba1687ed40ad177"


def _trace(synth, alpha: float = 0.5) -> str:
    """Digest of π_env, the RWR statistics and every sampled θ over 400 synthetic episodes."""
    cur = AlphaCurriculum(alpha=alpha, generator=synth, seed=3, use_filter=False, bins=5, batch_size=16,
                          pool_size=12, fold_every=16)
    h = hashlib.sha256()
    rng = np.random.default_rng(7)
    for _ in range(20):
        tasks = [cur.sample() for _ in range(20)]
        h.update(np.array([t.theta for t in tasks]).tobytes())
        for task in tasks:
            cur.update(task, {"is_success": bool(rng.random() < 0.9 - task.theta), "return": 0.0})
        h.update(cur.pi.tobytes())
        h.update(repr(sorted(cur.rwr.items())).encode())
    run_synthetic(cur, skill=0.4, episodes=100, seed=1)
    cur.flush()
    h.update(cur.pi.tobytes())
    return h.hexdigest()[:16]


def test_pi_env_is_bit_identical_to_the_inline_r_env(synth):
    assert _trace(synth) == DIGEST_BEFORE


def test_alpha_reward_is_what_weighs_pi_env(synth, monkeypatch):
    calls = []

    def counted(p_hat, alpha=0.5):
        calls.append(alpha)
        return alpha_reward(p_hat, alpha)

    monkeypatch.setattr(alpha_module, "alpha_reward", counted)
    assert _trace(synth, alpha=0.4) == _trace_unpatched(synth, monkeypatch, alpha=0.4)
    assert calls and set(calls) == {0.4}
    # a different R_env moves π_env: nothing else computes it
    monkeypatch.setattr(alpha_module, "alpha_reward", lambda p_hat, alpha=0.5: 1.0 - alpha_reward(p_hat, alpha))
    assert _trace(synth, alpha=0.4) != _trace_unpatched(synth, monkeypatch, alpha=0.4)


def _trace_unpatched(synth, monkeypatch, alpha: float) -> str:
    with monkeypatch.context() as m:
        m.setattr(alpha_module, "alpha_reward", alpha_reward)
        return _trace(synth, alpha)


def test_alpha_reward_takes_arrays_with_the_scalar_results():
    p = np.linspace(0.0, 1.0, 41)
    for alpha in (0.3, 0.5, 0.8):
        assert alpha_reward(p, alpha).tolist() == [alpha_reward(float(x), alpha) for x in p]
