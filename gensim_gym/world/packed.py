"""An exact progress table's distances packed as bytes: how a prefetch worker ships them to the trainer.

A medium webshop task's exact table holds ~700 states, each keyed by a ``(bits, fluents)`` tuple. Shipped as a
dict, the training process unpickled ~1,400 tuples, a big int and a few floats per state, and its next young
collection scanned every tuple: most of the cost of a prefetched task's reset (docs/scaling.md, step 12). Packed,
the table is two ``bytes`` objects; a lookup (a state's first, a few per episode: Φ is then kept by key in
:attr:`~gensim_gym.world.progress.Progress.phis`) encodes the key the same way and binary-searches the sorted keys.
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Iterator, Mapping
from itertools import chain, repeat
from math import isnan

import numpy as np


class PackedDistances(Mapping):
    """A read-only ``{key: distance}`` mapping equal to the dict it was packed from (:func:`pack`).

    Keys are a :class:`~gensim_gym.world.progress.Progress` table's: the masked facts as an int, or
    ``(bits, fluents)`` with a tuple of ``count`` fluent values. Each key is stored as ``width`` bytes: the bits shifted
    right by ``shift`` (little-endian), then the fluents as little-endian doubles (``-0.0`` stored as ``0.0``, equal to
    it in a tuple). Keys with a NaN fluent are left out: a fresh tuple with a NaN never finds one in a dict either.
    """

    __slots__ = ("_count", "_distances", "_keys", "_low", "_nbytes", "_shift", "_sorted", "_struct", "_width")

    def __init__(self, keys: bytes, distances: bytes, shift: int, nbytes: int, count: int) -> None:
        self._keys, self._shift, self._nbytes, self._count = keys, shift, nbytes, count
        self._width = nbytes + 8 * count
        self._low = (1 << shift) - 1
        self._distances = array("i")
        self._distances.frombytes(distances)
        self._sorted = np.frombuffer(keys, f"S{self._width}") if keys else np.empty(0, "S1")
        self._struct = struct.Struct(f"<{count}d") if count else None

    def __reduce__(self):
        return type(self), (self._keys, self._distances.tobytes(), self._shift, self._nbytes, self._count)

    def _encode(self, key) -> bytes | None:
        """``key``'s bytes, or None where no stored key can equal it."""
        try:
            bits, nums = (key, ()) if self._struct is None else key
            if bits & self._low or any(map(isnan, nums)):  # bits under the mask's lowest, or a NaN
                return None
            row = (bits >> self._shift).to_bytes(self._nbytes, "little")
            return row if self._struct is None else row + self._struct.pack(*[x + 0.0 for x in nums])
        except (TypeError, ValueError, OverflowError, struct.error):  # not a key of this table's shape
            return None

    def _decode(self, row: bytes):
        bits = int.from_bytes(row[:self._nbytes], "little") << self._shift
        return bits if self._struct is None else (bits, self._struct.unpack(row[self._nbytes:]))

    def get(self, key, default=None):
        """The distance of ``key``'s state (``default``: not in the table)."""
        row = self._encode(key)
        if row is None:
            return default
        i = int(self._sorted.searchsorted(row))
        width = self._width
        if i < len(self._distances) and self._keys[i * width:(i + 1) * width] == row:
            return self._distances[i]
        return default

    def __getitem__(self, key) -> int:
        d = self.get(key)
        if d is None:
            raise KeyError(key)
        return d

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __len__(self) -> int:
        return len(self._distances)

    def __iter__(self) -> Iterator:
        width = self._width
        return (self._decode(self._keys[i:i + width]) for i in range(0, len(self._keys), width))


def key_bytes(fmask: int) -> tuple[int, int, int]:
    """``(shift, full, nbytes)`` for keys masked by ``fmask``: the bits a stored key drops (whole bytes under the
    mask's lowest bit), the bytes of a key's full-width form and the bytes stored per key (its slice
    ``[full - nbytes:]``)."""
    shift = 8 * (((fmask & -fmask).bit_length() - 1) // 8) if fmask else 0
    full = max(1, (fmask.bit_length() + 7) // 8)
    return shift, full, max(1, full - shift // 8)


def pack(memo: Mapping, fmask: int, count: int) -> PackedDistances:
    """``memo`` (keys masked by ``fmask``, with ``count`` fluents) as a :class:`PackedDistances`."""
    shift, full, nbytes = key_bytes(fmask)
    if not memo:
        return PackedDistances(b"", b"", shift, nbytes, count)
    n = len(memo)
    keys = list(memo)
    bits = keys if not count else [k[0] for k in keys]
    whole = b"".join(map(int.to_bytes, bits, repeat(full), repeat("little")))  # type: ignore[arg-type]
    rows = np.frombuffer(whole, np.uint8).reshape(n, full)[:, full - nbytes:]
    distances = np.fromiter(memo.values(), np.int32, n)
    nums = np.frombuffer(array("d", chain.from_iterable(k[1] for k in keys)), np.float64).reshape(n, count) \
        if count else None
    return pack_rows(rows, nums, distances, shift, count)


def pack_rows(rows: np.ndarray, nums: np.ndarray | None, distances: np.ndarray, shift: int,
              count: int) -> PackedDistances:
    """A :class:`PackedDistances` from its keys as arrays: ``rows`` (one per key: the stored bytes of the masked
    bits, ``uint8``), ``nums`` (the ``count`` fluents per key, or None without fluents) and ``distances``, one per
    key, the keys distinct. :func:`pack` of a dict comes here; so does a layer sweep's table, which holds its keys
    as arrays already and skips building the dict (``Progress(packed=True)``, a prefetch worker's)."""
    n, nbytes = rows.shape
    if not n:
        return PackedDistances(b"", b"", shift, nbytes, count)
    distances = np.asarray(distances, np.int32)
    if count and nums is not None:
        nums = nums + 0.0  # -0.0 becomes 0.0
        kept = ~np.isnan(nums).any(axis=1)
        rows = np.hstack([rows, nums.astype("<f8").view(np.uint8).reshape(n, 8 * count)])[kept]
        distances = distances[kept]
    stored = np.ascontiguousarray(rows).view(f"S{rows.shape[1]}").ravel()
    order = np.argsort(stored, kind="stable")
    return PackedDistances(stored[order].tobytes(), distances[order].astype("<i4").tobytes(), shift, nbytes, count)
