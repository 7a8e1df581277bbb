"""Planted bottlenecks (benchmarks/oversight_bottleneck.py): a real agent's failures, classified as planted.

Two seeds per class of the benchmark's tuning split, end to end: generated family, a Q-learning agent
trained on it, rollouts, the rule classifier. The benchmark runs 30 + 30 held-out seeds per class.
"""

from __future__ import annotations

import pytest

from benchmarks.oversight_bottleneck import PLANTED, play_case


@pytest.mark.parametrize("planted", list(PLANTED))
def test_a_planted_bottleneck_is_found(planted):
    for seed in (0, 1):
        case = play_case(planted, seed)
        assert case.failures > 0, case
        assert case.verdict == planted, case
