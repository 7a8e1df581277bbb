"""R_env, posteriors, RWR convergence on synthetic agents, and state round trips."""

from __future__ import annotations

import json

import numpy as np
import pytest
from synthetic_agents import run_synthetic

from gensim_gym.curriculum import (
    AlphaCurriculum,
    BetaPosterior,
    LearnabilityCurriculum,
    StaticCurriculum,
    ThresholdCurriculum,
    UniformCurriculum,
    alpha_reward,
)


@pytest.mark.parametrize("alpha", [0.3, 0.5, 0.7])
def test_r_env_peaks_at_alpha(alpha):
    grid = np.linspace(0, 1, 101)
    values = [alpha_reward(p, alpha) for p in grid]
    assert grid[int(np.argmax(values))] == pytest.approx(alpha, abs=0.01)
    assert alpha_reward(alpha, alpha) == 1.0
    assert min(values) == pytest.approx(min(values[0], values[-1]))
    assert all(v >= 0 for v in values)


def test_r_env_minimum_at_both_ends_for_half():
    assert alpha_reward(0.0) == alpha_reward(1.0) == 0.0


def test_posterior_confidence_grows_with_evidence():
    few, many = BetaPosterior(), BetaPosterior()
    for s in [True, False]:
        few.update(s)
    for i in range(50):
        many.update(i % 10 == 0)
    assert few.cdf(0.2) < 0.5 < many.cdf(0.2)  # 2 tries say little; 50 tries at 10% say "below 0.2"


@pytest.mark.parametrize("skill", [0.2, 0.5, 0.8])
def test_rwr_converges_to_the_difficulty_where_success_is_alpha(synth, skill):
    cur = AlphaCurriculum(alpha=0.5, generator=synth, seed=0)
    start = cur.expected_theta
    run_synthetic(cur, skill, 3000)
    assert abs(cur.expected_theta - skill) < 0.12, (skill, cur.expected_theta, cur.pi.round(3))
    assert abs(cur.expected_theta - skill) < abs(start - skill) or abs(start - skill) < 0.05
    assert cur.pi.min() >= cur.explore / len(cur.pi) - 1e-9  # the guard: never collapses


def test_rwr_moves_towards_band_and_skips_out_of_band_batches(synth):
    cur = AlphaCurriculum(alpha=0.5, generator=synth, seed=1, batch_size=16)
    run_synthetic(cur, 0.3, 400)
    assert cur.rwr["updates"] > 0
    near = cur.pi[[cur.cell(0.25), cur.cell(0.35)]].sum()
    far = cur.pi[[cur.cell(0.85), cur.cell(0.95)]].sum()
    assert near > far


def test_retirement_and_refill(synth):
    cur = AlphaCurriculum(generator=synth, seed=0, pool_size=8, min_trials=6)
    run_synthetic(cur, 0.5, 600)
    s = cur.stats()
    assert s["retired"] > 0 and s["generated"] > 8 and len(cur.pool) <= 8
    # what remains is mostly learnable: no retained spec is confidently mastered or hopeless
    lo, hi = cur.band
    for e in cur.pool.values():
        if e.plays >= cur.min_trials:
            assert e.post.cdf(lo) < cur.confidence and 1 - e.post.cdf(hi) < cur.confidence


def test_filter_rejects_candidates_predicted_far_outside_band(synth):
    cur = AlphaCurriculum(generator=synth, seed=0, pool_size=16)
    run_synthetic(cur, 0.5, 800)
    assert cur.filter.model.ready
    easy = synth(0.02, 1)
    hard = synth(0.98, 2)
    assert cur.filter.predict(easy) > 0.9 and cur.filter.predict(hard) < 0.1
    assert not cur.filter.admit(easy) and not cur.filter.admit(hard)
    assert cur.filter.admit(synth(0.5, 3))
    cur.pi[:] = 1.0 / len(cur.pi)  # propose every difficulty: the extremes must be turned away
    cur.pool.clear()
    rejected = cur.counters["rejected"]
    # a whole pool of 16: 8 uniform proposals hold no θ outside [0.15, 0.85] with probability 0.7⁸ ≈ 6 %
    assert cur.refill(16, max_attempts=120) == 16
    assert cur.counters["rejected"] > rejected
    assert sum(0.15 <= e.task.theta <= 0.85 for e in cur.pool.values()) >= 14


def test_filter_predict_hook_overrides_model(synth):
    cur = AlphaCurriculum(generator=synth, predict=lambda spec: 0.99)
    assert not cur.filter.admit(synth(0.5, 1))


CURRICULA = [AlphaCurriculum, UniformCurriculum, StaticCurriculum, ThresholdCurriculum, LearnabilityCurriculum]


@pytest.mark.parametrize("cls", CURRICULA)
def test_same_seed_same_task_sequence(synth, cls):
    def sequence(seed):
        cur = cls(generator=synth, seed=seed)
        rng = np.random.default_rng(7)
        out = []
        for _ in range(200):
            task = cur.sample()
            out.append(task.task_id)
            cur.update(task, bool(rng.random() < 0.5))
        return out

    assert sequence(3) == sequence(3)
    assert sequence(3) != sequence(4)


@pytest.mark.parametrize("cls", CURRICULA)
def test_save_load_identical_state_and_future(synth, cls, tmp_path):
    cur = cls(generator=synth, seed=5)
    run_synthetic(cur, 0.4, 150)
    path = cur.save(tmp_path / "cur.json")
    state = json.loads(path.read_text())
    assert state == json.loads(json.dumps(cur.state_dict()))
    other = cls(generator=synth).load(path)
    assert json.dumps(other.state_dict()) == json.dumps(cur.state_dict())
    run_synthetic(cur, 0.4, 100, seed=9)
    run_synthetic(other, 0.4, 100, seed=9)
    assert json.dumps(other.state_dict()) == json.dumps(cur.state_dict())


def test_threshold_raises_and_lowers(synth):
    cur = ThresholdCurriculum(generator=synth, seed=0)
    run_synthetic(cur, 0.6, 1500)
    assert 0.4 <= cur.level <= 0.8
    easy = ThresholdCurriculum(generator=synth, seed=0, start=0.9)
    run_synthetic(easy, 0.3, 1000)
    assert easy.level < 0.6


def _reference_pick_freqs(cur, picks, seed):
    """Pick frequencies of the per-pick formula (fresh Beta draws each pick), without the block cache."""
    entries = list(cur.pool.values())
    rng = np.random.default_rng(seed)
    a = np.array([e.post.a for e in entries])
    b = np.array([e.post.b for e in entries])
    cells = np.array([cur.cell(e.task.theta, e.task.arm) for e in entries])
    counts = np.bincount(cells, minlength=len(cur.pi))
    base = cur.pi[cells] / counts[cells]
    freq = np.zeros(len(entries))
    for _ in range(picks):
        r = 1.0 - ((rng.beta(a, b) - cur.alpha) / max(cur.alpha, 1 - cur.alpha)) ** 2
        cum = np.cumsum(base * (0.1 + np.maximum(r, 0.0)))
        freq[min(int(np.searchsorted(cum, rng.random() * cum[-1], side="right")), len(entries) - 1)] += 1
    return freq / picks


@pytest.mark.parametrize("thompson_rows", [4, None])  # draws shared by a fold's picks / one row per pick
@pytest.mark.parametrize("pool_size", [8, 80])
def test_block_thompson_picks_have_the_per_pick_distribution(synth, pool_size, thompson_rows):
    cur = AlphaCurriculum(generator=synth, seed=1, pool_size=pool_size, use_filter=False, thompson_rows=thompson_rows)
    cur.refill(pool_size)
    rng = np.random.default_rng(0)
    for e in cur.pool.values():  # varied posteriors, then frozen (no update during the count)
        e.post.a, e.post.b = 1.0 + rng.integers(0, 12), 1.0 + rng.integers(0, 12)
    cur._picks = []  # drop picks chosen under the old posteriors
    picks = 20000
    ids = [e.task.task_id for e in cur.pool.values()]
    got = np.zeros(len(ids))
    for _ in range(picks):  # picks come in vectorised blocks of fold_every rows
        got[ids.index(cur.sample().task_id)] += 1
    want = _reference_pick_freqs(cur, picks, 2)
    tol = 0.02 if pool_size == 8 else 0.01  # ≈ 4–5 binomial standard errors
    assert np.abs(got / picks - want).max() < tol


def test_picks_follow_pool_changes_and_posteriors(synth):
    cur = AlphaCurriculum(generator=synth, seed=2, pool_size=6, min_trials=2, max_plays=5, use_filter=False,
                          fold_every=4)
    rng = np.random.default_rng(3)
    for i in range(400):  # many retirements and refills: entries come and go
        task = cur.sample()
        assert task.task_id in cur.pool  # a pick chosen ahead is never a retired spec
        cur.update(task, bool(rng.random() < 0.5))
        assert len(cur.pending) == (i + 1) % 4  # folds happen every fold_every results, never in between
        if not cur.pending:
            assert cur._picks == []  # a fold drops the picks chosen under the old posteriors
    assert cur.counters["retired"] > 20


def test_batched_learning_counts_every_result_once_and_flush_folds(synth):
    assert AlphaCurriculum(generator=synth).fold_every == 64
    cur = AlphaCurriculum(generator=synth, seed=0, batch_size=8, fold_every=None)  # None: fold per RWR batch
    assert cur.fold_every == 8
    run_synthetic(cur, 0.5, 13)
    assert cur.counters["episodes"] == 8 and len(cur.pending) == 5 and cur.stats()["pending"] == 5
    assert sum(e.plays for e in cur.pool.values()) == 8 and cur.rwr["updates"] + cur.rwr["skipped"] == 1
    assert cur.flush() == 5 and cur.flush() == 0
    assert cur.counters["episodes"] == 13 and sum(e.plays for e in cur.pool.values()) == 13
    eager = AlphaCurriculum(generator=synth, seed=0, batch_size=8, fold_every=1)
    run_synthetic(eager, 0.5, 13)
    assert eager.pending == [] and eager.counters["episodes"] == 13


def test_batched_rwr_matches_result_by_result_for_the_same_results(synth):
    """The RWR step sees the cell posteriors of its batch's last result however results are folded."""
    def fed(fold_every):
        cur = AlphaCurriculum(generator=synth, seed=0, batch_size=8, fold_every=fold_every, use_filter=False,
                              min_trials=10**9, max_plays=10**9)
        cur.refill(cur.pool_size)
        tasks = list(cur.pool.values())
        rng = np.random.default_rng(1)
        for i in range(200):
            cur.update(tasks[i % len(tasks)].task, bool(rng.random() < 0.4))
        cur.flush()
        return cur

    one, batched = fed(1), fed(8)
    assert one.pi.tolist() == batched.pi.tolist() and one.rwr == batched.rwr
    assert [p.to_list() for p in one.bin_post] == [p.to_list() for p in batched.bin_post]


def test_resume_mid_block_continues_identically(synth):
    cur = AlphaCurriculum(generator=synth, seed=4, use_filter=False)
    run_synthetic(cur, 0.5, 69)  # 69 results: 5 pending after the fold at 64, picks chosen ahead left
    state = json.loads(json.dumps(cur.state_dict()))
    assert len(state["pending"]) == 5 and len(state["picks"]) > 0
    other = AlphaCurriculum(generator=synth).load_state_dict(state)
    assert json.dumps(other.state_dict()) == json.dumps(cur.state_dict())
    run_synthetic(cur, 0.5, 50, seed=1)
    run_synthetic(other, 0.5, 50, seed=1)
    assert json.dumps(other.state_dict()) == json.dumps(cur.state_dict())


def test_filter_refit_stops_early_at_the_same_weights():
    from gensim_gym.curriculum.filter import SuccessPredictor

    rng = np.random.default_rng(0)
    early, full = SuccessPredictor(), SuccessPredictor()
    for _ in range(1500):
        x = [1.0, *rng.random(4).tolist()]
        ok = bool(rng.random() < 1 / (1 + np.exp(4 * x[1] - 2)))
        early.observe(x, ok)
        full.observe(x, ok)
        if early._fit_due():  # observe only stores; a prediction refits when due
            assert early.refresh() and early._since_fit == 0 and not early._fit_due()
            full.fit(tol=0.0)  # all 8 Newton steps
            assert np.abs(early.w - full.w).max() < 1e-8
            full.w = early.w.copy()  # same warm start for the next refit
    assert early.w is not None


def test_filter_observe_many_equals_observe_one_by_one():
    from gensim_gym.curriculum.filter import SuccessPredictor

    rng = np.random.default_rng(0)
    one, bulk = SuccessPredictor(memory=50), SuccessPredictor(memory=50)
    for k in [1, 7, 30, 49, 3, 50, 11, 120]:  # fills the window, wraps around it, replaces it whole
        xs = [[1.0, *rng.random(2).tolist()] for _ in range(k)]
        ys = [float(rng.random() < 0.5) for _ in range(k)]
        for x, y in zip(xs, ys, strict=True):
            one.observe(x, y)
        bulk.observe_many(xs, ys)
        assert [np.asarray(a).tolist() for a in one._window()] == [np.asarray(a).tolist() for a in bulk._window()]
        assert list(one.ys) == list(bulk.ys) and one._since_fit == bulk._since_fit
        assert bulk._window()[0].tolist() == [list(x) for x in bulk.xs]  # the ring arrays hold the deque's window
