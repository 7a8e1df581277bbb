"""Limits on every search over a spec's states: time, stored states, and their estimated memory.

A valid spec can still describe a search space that would take minutes and gigabytes to explore
(issue 17: 32 objects, a numeric sum goal and a two-object tool cost ~1 MB and 25 ms per planner
expansion). Every planner call, Φ sweep and verification therefore runs under a :class:`Budget`.
Running out raises :class:`~gensim_gym.errors.SearchSpaceError` ("search space too large: …"), a
:class:`~gensim_gym.errors.SpecError`, so a generator's repair loop can ask for a smaller task.

The state and memory limits are deterministic (a count of stored states and of their estimated
bytes); the time limit is a safety net against per-state cost, and with the defaults no spec the
offline generator makes comes near it (its planner calls take milliseconds; see
``benchmarks/reliability.md``). It counts the CPU time of the searching thread (``time.thread_time``),
not wall-clock time: at load 7 a wall-clock deadline rejected an ordinary warehouse task's Φ sweep, so
whether a spec was accepted depended on other processes and generation stopped being reproducible.
One budget covers one top-level call: :func:`bounded` opens a scope that nested calls share
(``verify`` plans, sweeps and replays under one deadline).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from gensim_gym.errors import ArgumentError, SearchSpaceError

#: Per stored state, on top of :func:`state_bytes`: the key tuple, the container headers, the queue
#: entry and the visited-table slot. With it the estimate is 2.9 KB a state for issue 17's bomb (672
#: facts, 32 fluents), where the process grew by 3.1 KB a state (207,131 states: 49 → 692 MB RSS).
STATE_OVERHEAD = 800


@dataclass(frozen=True)
class SearchLimits:
    """Limits of one top-level search (planner call, Φ sweep or verification).

    Attributes:
        seconds: CPU time of the searching thread for the whole scope.
        states: states stored at once by one search (queue and visited table).
        bytes: estimated memory of those states (see :data:`STATE_OVERHEAD`).
    """

    seconds: float = 2.0
    states: int = 400_000
    bytes: int = 256 * 2**20

    def __post_init__(self) -> None:
        if not (self.seconds > 0 and self.states > 0 and self.bytes > 0):
            raise ArgumentError(f"search limits must be positive, got {self}")


DEFAULT_LIMITS = SearchLimits()
_current: ContextVar[Budget | None] = ContextVar("gensim_gym_search_budget", default=None)


class Budget:
    """A running budget: a deadline shared by a scope, and per-search state counters."""

    def __init__(self, limits: SearchLimits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.deadline = time.thread_time() + limits.seconds

    def check_time(self, what: str) -> None:
        """Raise :class:`SearchSpaceError` if the scope's time is up."""
        if time.thread_time() > self.deadline:
            raise SearchSpaceError(f"search space too large: {what} took longer than {self.limits.seconds:g} s; "
                                   f"use fewer objects, tools or tool parameters, or a simpler goal")

    def check_states(self, what: str, states: int, state_bytes: int) -> None:
        """Raise :class:`SearchSpaceError` if ``states`` stored states of ``state_bytes`` each exceed the limits."""
        limits = self.limits
        if states > limits.states or states * (state_bytes + STATE_OVERHEAD) > limits.bytes:
            mb = states * (state_bytes + STATE_OVERHEAD) / 2**20
            raise SearchSpaceError(f"search space too large: {what} stored {states} states (~{mb:.0f} MB; limits "
                                   f"{limits.states} states, {limits.bytes / 2**20:.0f} MB); use fewer objects, "
                                   f"tools or tool parameters, or a simpler goal")


def state_bytes(n_facts: int, n_nums: int) -> int:
    """Estimated bytes of one state's own data: its facts twice (the bytearray and the ``bytes`` key) and its
    fluents three times (the list, the key tuple and a float object each)."""
    return 2 * n_facts + 24 * n_nums


def current() -> Budget:
    """The budget of the enclosing :func:`bounded` scope, or a fresh default one."""
    return _current.get() or Budget()


@contextmanager
def bounded(limits: SearchLimits | None = None) -> Iterator[Budget]:
    """Run a scope under one budget. Without ``limits``, join the enclosing scope's budget if any
    (so nested calls share its deadline), else open a default one."""
    outer = _current.get()
    if limits is None and outer is not None:
        yield outer
        return
    budget = Budget(limits or DEFAULT_LIMITS)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)
