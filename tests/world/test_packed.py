"""A packed exact table (what a prefetch worker ships) answers every lookup as the dict it was packed from."""

import math
import pickle
import random

import pytest

from gensim_gym.world.packed import pack

FMASK = sum(1 << (8 * i) for i in (3, 5, 9, 40, 41))


def _bits(rng: random.Random) -> int:
    return sum(1 << (8 * i) for i in (3, 5, 9, 40, 41) if rng.random() < 0.5)


@pytest.mark.parametrize("count", [0, 1, 3])
def test_packed_equals_its_dict(count: int) -> None:
    rng = random.Random(count)
    values = [0.0, 1.0, -1.5, 2, 7.25, math.inf, -math.inf, 1e300]
    memo: dict = {}
    for _ in range(300):
        bits = _bits(rng)
        key = (bits, tuple(rng.choice(values) for _ in range(count))) if count else bits
        memo[key] = rng.randrange(0, 5000)
    packed = pickle.loads(pickle.dumps(pack(memo, FMASK, count), pickle.HIGHEST_PROTOCOL))
    assert packed == memo and len(packed) == len(memo)
    for key, d in memo.items():
        assert packed.get(key) == d and type(packed.get(key)) is int
        assert key in packed and packed[key] == d
    for _ in range(300):  # keys that may or may not be stored, and keys of another shape
        bits = _bits(rng) | (1 << 8 * rng.choice((0, 3, 50)))
        key = (bits, tuple(rng.choice(values) for _ in range(count))) if count else bits
        assert packed.get(key) == memo.get(key)
    assert packed.get("no key") is None and packed.get((1, 2, 3)) is None
    with pytest.raises(KeyError):
        packed[-1 if not count else (0, (0.5,) * count)]


def test_negative_zero_is_zero_and_nan_is_never_found() -> None:
    memo = {(1 << 24, (-0.0,)): 3, (1 << 40, (math.nan,)): 4, (1 << 40, (1.0,)): 5}
    packed = pack(memo, FMASK, 1)
    assert packed.get((1 << 24, (0.0,))) == 3 and packed.get((1 << 24, (-0.0,))) == 3
    assert packed.get((1 << 40, (math.nan,))) is None  # as in a dict: a fresh NaN never equals a stored one
    assert packed.get((1 << 40, (1,))) == 5  # an int fluent equals its float, as in a tuple
    assert len(packed) == 2


def test_an_empty_table() -> None:
    packed = pickle.loads(pickle.dumps(pack({}, FMASK, 2)))
    assert len(packed) == 0 and packed.get((0, (0.0, 0.0))) is None and dict(packed) == {}
