"""``np.random.default_rng(0).integers(n)``, draw for draw, without numpy's per-call overhead.

Verification's random-policy check draws one call index per step from a fresh
``default_rng(0)`` (so anyone re-verifying a spec gets the same verdict). A
scalar ``Generator.integers`` call costs ~3 µs, more than the rest of a step,
so :func:`seed0_integers` replays the same numbers from a cached copy of that
generator's output: PCG64 seeded with 0 yields 64-bit words, consumed as two
32-bit halves (low first), and ``integers(n)`` for ``2 <= n < 2**32`` is
Lemire's multiply-and-reject on one half (``n == 1`` draws nothing). The test
suite checks the equivalence against numpy itself.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

_CHUNK = 4096  # 64-bit words fetched at a time
_halves: list[int] = []  # the 32-bit outputs of PCG64(SeedSequence(0)), in draw order
_source = None


def _extend() -> None:
    global _source  # noqa: PLW0603 - one shared, append-only cache of the stream
    if _source is None:
        _source = np.random.PCG64(0)  # what np.random.default_rng(0) wraps
    words = _source.random_raw(_CHUNK)
    halves = np.empty(2 * _CHUNK, dtype=np.uint64)
    halves[0::2] = words & np.uint64(0xFFFFFFFF)
    halves[1::2] = words >> np.uint64(32)
    _halves.extend(halves.tolist())


def seed0_integers() -> Callable[[int], int]:
    """A fresh draw function: its k-th call ``draw(n)`` equals the k-th ``rng.integers(n)`` of a new
    ``np.random.default_rng(0)`` (for ``1 <= n < 2**32``)."""
    pos = 0
    halves = _halves

    def draw(n: int) -> int:
        nonlocal pos
        if n <= 1:
            return 0  # numpy returns the lower bound without drawing
        while True:
            if pos >= len(halves):
                _extend()
            m = halves[pos] * n
            pos += 1
            low = m & 0xFFFFFFFF
            if low >= n or low >= (0xFFFFFFFF - n + 1) % n:
                return m >> 32

    return draw
