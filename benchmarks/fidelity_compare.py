"""Which directive sets read differently in two runs of ``benchmarks/fidelity.py``: each set's "all" row (requirements,
honored, wrong, ignored) of an older output file against a newer one, and whether any set reads lower.

Used after a round's merges to show that no set lost ground, e.g.::

    PYTHONPATH=. python benchmarks/fidelity_compare.py benchmarks/results/fidelity_all_sets_session32.txt \\
        benchmarks/results/fidelity_all_sets_session33.txt

A set reads lower where it honors fewer requirements or has more wrong or ignored ones; the exit status is 1 then.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

_SET = re.compile(r"(directives\S*\.jsonl): \d+ directives")
_ALL = re.compile(r"\| \*\*all\*\* \| (\d+) \| (\d+) .*\| (\d+) \(\d+%\) \| (\d+) \(\d+%\) \|$")


def all_rows(path: Path) -> dict[str, tuple[int, int, int, int]]:
    """Each set's ``(requirements, honored, wrong, ignored)`` in a ``fidelity.py`` output file."""
    rows: dict[str, tuple[int, int, int, int]] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := _SET.match(line):
            current = m.group(1)
        elif (m := _ALL.match(line)) and current:
            total, honored, wrong, ignored = (int(x) for x in m.groups())
            rows[current] = (total, honored, wrong, ignored)
            current = None
    return rows


def lower(old: tuple[int, int, int, int], new: tuple[int, int, int, int]) -> bool:
    """Whether a set reads lower in ``new``: fewer honored, or more wrong or ignored."""
    return new[1] < old[1] or new[2] > old[2] or new[3] > old[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the earlier fidelity.py output")
    parser.add_argument("new", type=Path, help="the later fidelity.py output")
    args = parser.parse_args()
    old, new = all_rows(args.old), all_rows(args.new)
    higher = dropped = 0
    for name in sorted(old.keys() | new.keys()):
        a, b = old.get(name), new.get(name)
        if a == b:
            continue
        if a is not None and b is not None and lower(a, b):
            dropped += 1
            print(f"LOWER  {name}: {a} -> {b}")
        else:
            higher += a is not None
            print(f"       {name}: {a} -> {b}")
    print(f"{len(old)} sets before, {len(new)} after; {higher} read higher, {dropped} lower "
          "(rows: requirements, honored, wrong, ignored)")
    sys.exit(1 if dropped else 0)


if __name__ == "__main__":
    main()
