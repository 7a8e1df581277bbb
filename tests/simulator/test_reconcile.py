"""Directive and curriculum agree: a directive rewritten toward "hard" moves the difficulty the curriculum hands out."""

from __future__ import annotations

import numpy as np

from gensim_gym.oversight.memory import EpisodeResult
from gensim_gym.simulator.adapter import LoopCurriculum, LoopGenerator
from gensim_gym.simulator.loop import sampled_band
from gensim_gym.simulator.tasks import directive_layout

EASY, HARD = "warehouse tasks, easy", "warehouse tasks, hard"
K = 12


def play(cur: LoopCurriculum, directive: str, success: bool) -> tuple[list, dict]:
    tasks = cur.propose(directive, K)
    for t in tasks.tasks:
        cur.update(t, EpisodeResult(task_id=t.task_id, domain="warehouse", difficulty=0.2,
                                    episode_return=1.0 if success else 0.0, is_success=success, length=4, horizon=8))
    return tasks.tasks, cur.end_epoch([])


def test_a_harder_directive_moves_the_sampled_difficulty_and_retires_the_old_specs():
    layout = directive_layout(EASY)
    cur = LoopCurriculum("alpha", LoopGenerator(None, EASY, layout), seed=1)
    cur.resize(K)
    easy, _ = play(cur, EASY, success=True)
    assert cur.stale_retired == 0  # nothing to retire on the first epoch
    hard, stats = play(cur, HARD, success=True)
    # every spec of the easy directive left the pool; every task handed out follows the hard one
    assert stats["retired_for_directive"] == cur.stale_retired > 0
    assert all(t.spec.meta["loop_directive"] == HARD for t in hard)
    assert all(e.task.spec.meta["loop_directive"] == HARD for e in cur.curriculum.pool.values())
    before, after = sampled_band(easy, EASY), sampled_band(hard, HARD)
    assert after["current_directive_share"] == 1.0 and after["n"] == K
    # "hard" adds 0.3 to the difficulty asked of the generator, and the measured difficulty follows it
    assert after["requested"]["median"] >= before["requested"]["median"] + 0.25
    assert np.median([t.spec.measured_difficulty for t in hard]) > np.median([t.spec.measured_difficulty for t in easy])
    assert after["measured"]["median"] > before["measured"]["median"]


def test_the_same_directive_keeps_the_pool():
    layout = directive_layout(EASY)
    cur = LoopCurriculum("alpha", LoopGenerator(None, EASY, layout), seed=2)
    cur.resize(K)
    play(cur, EASY, success=False)
    tasks = cur.propose(EASY, K)
    assert cur.stale_retired == 0 and cur.curriculum.counters["retired"] < K
    assert sampled_band(tasks.tasks, EASY)["current_directive_share"] == 1.0
