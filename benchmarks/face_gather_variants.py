"""Instructions per call of ways to assemble the default face's observation (callgrind, synthetic arrays).

Usage::

    PYTHONPATH=. python benchmarks/face_gather_variants.py [--calls 1000]

Each variant runs ``--calls`` times on arrays of one domain's sizes (the env's part ``d`` floats, ``K = 64``
rows of ``R`` floats, ``A`` ground calls, ``n`` listed: calendar's and warehouse's at difficulty 0.5, ``n``
near their mean under random play), inside ``functools.reduce`` under callgrind's collection, as
``step_instructions.py`` counts steps. Variants:

- ``current``: the face's step (``AvailableCalls._observe``): ids ``listed[wrap]``, ``take`` into the kept
  buffer, a copy of the buffer;
- ``fresh``: ``np.empty``, the env's part copied in, ``take`` straight into the new array's rows (no buffer copy);
- ``join``: ``np.concatenate`` of the env's part and a ``take`` without ``out``;
- ``ids_fancy`` / ``ids_take``: the wrapped ids alone, by fancy index or by ``take``.

This compares numpy call sequences only; the face's own choice is measured by ``step_instructions.py``.
"""

from __future__ import annotations

import argparse
import functools

import numpy as np
from step_instructions import callgrind  # the same valgrind run, from this folder (sys.path[0])

#: per domain: (env part d, row width R, ground calls A, listed n)
SIZES = {"calendar": (402, 30, 161, 20), "warehouse": (193, 21, 90, 7)}
K = 64
VARIANTS = ("none", "current", "fresh", "join", "ids_fancy", "ids_take")


def make(variant: str, domain: str):
    """A ``reduce`` step running ``variant`` ``m`` times on ``domain``'s sizes."""
    d, width, actions, n = SIZES[domain]
    rows = np.random.default_rng(0).random((actions, width)).astype(np.float32)
    out = np.zeros(d + K * width, np.float32)
    head, grid = out[:d], out[d:].reshape(K, width)
    listed = np.sort(np.random.default_rng(1).choice(actions, n, replace=False)).astype(np.intp)
    wrap = np.arange(K) % n
    size = d + K * width

    def current() -> np.ndarray:
        rows.take(listed[wrap], 0, grid, "clip")
        return out.copy()

    def fresh() -> np.ndarray:
        new = np.empty(size, np.float32)
        new[:d] = head
        rows.take(listed[wrap], 0, new[d:].reshape(K, width), "clip")
        return new

    def join() -> np.ndarray:
        return np.concatenate((head, rows.take(listed[wrap], 0).ravel()))

    body = {"none": lambda: None, "current": current, "fresh": fresh, "join": join,
            "ids_fancy": lambda: listed[wrap], "ids_take": lambda: listed.take(wrap)}[variant]

    def run(_: object, m: int) -> None:
        for _ in range(m):
            body()

    return run


def count(variant: str, domain: str, calls: int) -> int:
    """Instructions collected for ``calls`` calls (one valgrind run)."""
    return callgrind(__file__, ["--child", variant, domain, "--calls", str(calls)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--child", nargs=2, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run = make(*args.child)
        run(None, 100)
        functools.reduce(run, [args.calls], None)
        return
    print(f"{'variant':<12}" + "".join(f"{domain:>12}" for domain in SIZES) + "   (instructions per call, loop cost"
          " subtracted)")
    loop = {domain: count("none", domain, args.calls) for domain in SIZES}
    for variant in VARIANTS[1:]:
        cells = [(count(variant, domain, args.calls) - loop[domain]) / args.calls for domain in SIZES]
        print(f"{variant:<12}" + "".join(f"{c:>12,.0f}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
