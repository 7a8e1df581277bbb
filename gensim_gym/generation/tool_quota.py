"""An exact tool count for a task ("webshop, 4 tools"), split over the toolsets of its world.

The offline generator gives each toolset its core tools, its extra tools from difficulty 0.5 and some distractors.
Asked for a total count, it used to give each toolset ``count // n`` minus what it already had in distractors: never
fewer tools than the core and extras (so "webshop, 4 tools" at difficulty 0.5 got 6, the 2 extras included), and
the remainder of the division was lost. :func:`fit` makes the total exact wherever the toolsets allow it: extras no
task needs (not asked for by an operation, not needed to reveal hidden facts) are dropped to come down to the count,
and distractors, then extras not yet given, are added to come up to it. Where the mandatory tools alone exceed the
count, or every tool is given and the count is larger, the nearest count is given (the reading says approximated).
"""

from __future__ import annotations

from typing import NamedTuple


class Share(NamedTuple):
    """What one toolset of the world gives a task: its tools before distractors, and how many distractors."""

    base: list
    distractors: int


def fit(count: int, bases: list[list], optional: list[list], spare: list[list], capacity: list[int]) -> list[Share]:
    """Each toolset's :class:`Share` of a task of ``count`` tools in all.

    Args:
        count: the tools asked for in all.
        bases: per toolset, the tools it gives before distractors (core, extras at this difficulty, asked ones).
        optional: per toolset, the tools of its base that may be dropped (extras no task of this directive needs),
            dropped last first.
        spare: per toolset, extra tools not in its base that may be added (after its distractors).
        capacity: per toolset, how many distractors it has.

    The first split is the one the generator always made (``count // n`` per toolset, less its base), so a count
    that fit before gives the same tools; only the difference to ``count`` is then moved.
    """
    n = len(bases)
    bases = [list(b) for b in bases]
    drops = [list(o) for o in optional]
    adds = [list(s) for s in spare]
    given = [min(max(count // n - len(b), 0), c) for b, c in zip(bases, capacity, strict=True)]
    for i in range(n):  # down to each toolset's share first: an extra no task needs gives way
        while len(bases[i]) > count // n and drops[i]:
            bases[i].remove(drops[i].pop())
    missing = count - sum(len(b) + g for b, g in zip(bases, given, strict=True))
    for i in range(n):  # up: distractors first, as before, then extras not yet given
        while missing > 0 and given[i] < capacity[i]:
            given[i] += 1
            missing -= 1
    for i in range(n):
        while missing > 0 and adds[i]:
            bases[i].append(adds[i].pop(0))
            missing -= 1
    for i in range(n):  # down again, where a share was over: distractors first, then extras no task needs
        while missing < 0 and given[i] > 0:
            given[i] -= 1
            missing += 1
        while missing < 0 and drops[i]:
            bases[i].remove(drops[i].pop())
            missing += 1
    return [Share(b, g) for b, g in zip(bases, given, strict=True)]
