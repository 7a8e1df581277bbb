"""Pause the cyclic garbage collector while a new task is made.

Making a task (generating and verifying the spec, compiling it, sweeping its progress table) allocates
tens of thousands of containers that live exactly as long as that work: search states, the sweep's
state and parent lists, draft worlds. With the collector on, they trigger young collections every 700
allocations, and those that happen to be alive at a generation-1 collection are promoted to the oldest
generation, whose growth then triggers full collections of the whole heap (in an SB3 PPO process ~420k
objects, ~0.27 s each). Refcounting frees them all when the work ends, so the collector finds nothing
among them. :func:`paused` turns it off for that scope and back on after (the allocation count is kept,
so what survives is still collected as usual).

The switch is process-wide (``gc.disable``), so it is used only on the thread that makes tasks for its
own env (``GenSimEnv.reset``) and in a prefetch worker *process*, never in a worker thread, which would
keep the collector off for the trainer almost all the time. Speed (``benchmarks/task_cost.py``, docs/
scaling.md step 7): set :data:`PAUSE` to False to compare.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: whether :func:`paused` pauses the collector (False: a no-op, to measure what it saves)
PAUSE = True


@contextmanager
def paused() -> Iterator[None]:
    """The cyclic garbage collector off for the ``with`` block, if it was on (nested blocks: the outer one
    turns it back on)."""
    off = pause()
    try:
        yield
    finally:
        resume(off)


def pause() -> bool:
    """:func:`paused` without the ``with`` block: turn the collector off if it is on; returns whether it did, for
    :func:`resume` (call it in a ``finally``). For a hot caller: a ``contextmanager`` block costs ~10k
    instructions (``GenSimEnv.reset``, once per episode; ``benchmarks/step_instructions.py``)."""
    if PAUSE and gc.isenabled():
        gc.disable()
        return True
    return False


def resume(off: bool) -> None:
    """Turn the collector back on if :func:`pause` turned it off (``off``)."""
    if off:
        gc.enable()
