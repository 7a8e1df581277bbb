"""Learnability: ordinary trainers learn the generated families (marked ``slow``: ``pytest -m slow``).

Each test is cells of ``benchmarks/learnability.py``, run through it: library defaults, the
default action face (the k-th call available now), the unlimited stream of an easy family
(difficulty 0.1), and greedy success on tasks the training stream never played.

- Plain SB3 PPO, no masks, easy support family, two model seeds: it must beat the masked-random
  policy by a wide margin (seed 0 measured 0.89 at 50k steps, masked random 0.20).
- MaskablePPO on the easy webshop family must reach high success (seed 0 measured 1.00 at 50k).
"""

from __future__ import annotations

import pytest


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_plain_ppo_with_library_defaults_learns_unseen_tasks(seed: int) -> None:
    from benchmarks.learnability import Cell, run_cell  # imports torch and the trainers: only when run

    random = run_cell(Cell("random", "support", seed, 0), episodes=100, out="")
    trained = run_cell(Cell("ppo", "support", seed, 50_000), episodes=100, out="")
    assert trained["episodes"] >= 50  # enough tasks the training stream never played
    assert trained["success"] >= random["success"] + 0.4


@pytest.mark.slow
def test_maskable_ppo_learns_unseen_tasks_to_high_success() -> None:
    from benchmarks.learnability import Cell, run_cell

    trained = run_cell(Cell("maskable", "webshop", 0, 50_000), episodes=100, out="")
    assert trained["episodes"] >= 50
    assert trained["success"] >= 0.9
