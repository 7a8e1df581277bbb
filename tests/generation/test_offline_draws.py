"""The offline generator skips ``Generator.integers(1)`` (a one-element pool): that is only the same
spec if numpy's call draws nothing, which this pins down."""

from __future__ import annotations

import numpy as np


def test_integers_of_one_leaves_the_stream_untouched() -> None:
    a, b = np.random.default_rng(7), np.random.default_rng(7)
    a.random()
    b.random()
    a.integers(5)  # leaves half a 64-bit word buffered for the next 32-bit draw
    b.integers(5)
    assert a.integers(1) == 0
    assert a.bit_generator.state == b.bit_generator.state
    assert a.integers(50) == b.integers(50) and a.random() == b.random()
