"""Which task stream an environment plays, and a warning when copies would silently share one.

The rule: an environment's episodes (which task each reset draws, and every random draw inside an
episode) follow its **reset seed**. Vector environments seed their sub-environments with
``seed + i`` (``envs.reset(seed=s)`` in Gymnasium, ``make_vec_env(..., seed=s)`` and
``VecEnv.seed(s)`` in SB3), so sub-environments made with identical arguments play different streams.
The ``seed`` given to ``gym.make`` fixes the family (a fixed pool's tasks) and stands in for the reset
seed only on a first reset that has none, so a single ``gym.make(..., seed=0)`` env is reproducible
without reset seeds.

The one way copies share a stream is that fallback: sub-environments made with the same ``seed=`` and
reset without one (``envs.reset()``) all start from it. :func:`note_fallback` warns once when it sees
that happen, in this process (two live environments with the same id and arguments both fell back)
or in a Gymnasium ``AsyncVectorEnv`` worker (whose siblings cannot be seen from here).
"""

from __future__ import annotations

import multiprocessing
import warnings
import weakref
from typing import Any

_FIRST: dict[str, weakref.ref] = {}  # make arguments -> the first live env that fell back to its make seed
_WARNED: set[str] = set()


class SharedStreamWarning(UserWarning):
    """Environments made with identical arguments play the identical task stream."""


def _key(env: Any) -> str | None:
    spec = getattr(env, "spec", None)  # set by gym.make: the id and every keyword argument
    if spec is None:
        return None
    return f"{spec.id}|{sorted((k, repr(v)) for k, v in spec.kwargs.items())}"


def note_fallback(env: Any, seed: int) -> None:
    """``env`` takes its first reset without a seed and plays from its make seed ``seed``: warn once if a
    copy made with the same arguments does too (it then plays the very same episodes)."""
    key = _key(env)
    if key is None or key in _WARNED:
        return
    worker = multiprocessing.current_process().name.startswith("Worker<")  # Gymnasium's AsyncVectorEnv
    first = _FIRST.get(key)
    other = first() if first is not None else None
    if other is None or other is env:
        _FIRST[key] = weakref.ref(env)
        if not worker:
            return
    _WARNED.add(key)
    who = ("an AsyncVectorEnv sub-env made with seed={seed} was reset without a seed: every sub-env made "
           "with the same arguments") if worker else \
        "two envs made with the same arguments and seed={seed} were reset without a seed: they"
    warnings.warn(f"{env.spec.id}: {who.format(seed=seed)} play the same task stream. Reset the vector env "
                  f"with a seed (envs.reset(seed=s) gives sub-env i the seed s + i; SB3: make_vec_env(..., "
                  f"seed=s)) or give each env its own seed=.", SharedStreamWarning, stacklevel=4)
