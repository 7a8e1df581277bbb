"""The cached seed-0 stream draws exactly what ``np.random.default_rng(0).integers(n)`` draws."""

from __future__ import annotations

import numpy as np

from gensim_gym.world.seed0 import seed0_integers


def test_seed0_integers_match_numpy_draw_for_draw():
    control = np.random.default_rng(5)
    for _ in range(3):  # every draw function starts the stream afresh
        draw, reference = seed0_integers(), np.random.default_rng(0)
        for k in range(20_000):  # crosses the cache's chunk boundary; small n (incl. 1) and large n
            n = int(control.integers(1, 6)) if k % 2 else int(control.integers(1, 5000))
            if k % 997 == 0:
                n = 2**31 + 11
            assert draw(n) == int(reference.integers(n))
