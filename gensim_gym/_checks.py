"""Checks of constructor arguments and saved states (curricula, the loop): every bad value reported at once.

Curricula and runs are often built from a config file or a sweep, where a typo (``bins=0``, a reversed
``band``, the directive passed where ``alpha`` goes) used to surface later as a ``ZeroDivisionError``
or a comparison between a float and a str deep inside a fold. :class:`Checks` collects one line per
problem, naming the argument (or the state's JSON path), the value and what is allowed, and raises
them together as one :class:`~gensim_gym.errors.ArgumentError`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from numbers import Integral, Real
from typing import Any

from gensim_gym.errors import ArgumentError


class Checks:
    """Collects problems with the arguments of ``owner``; :meth:`done` raises them all at once."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.problems: list[str] = []

    def fail(self, name: str, value: Any, allowed: str) -> None:
        self.problems.append(f"{name}={value!r}: {allowed}")

    def integer(self, name: str, value: Any, low: int = 0, *, optional: bool = False) -> None:
        """An int (not a bool) >= ``low``; None too when ``optional``."""
        if optional and value is None:
            return
        if isinstance(value, bool) or not isinstance(value, Integral) or value < low:
            self.fail(name, value, f"must be an integer >= {low}" + (" or None" if optional else ""))

    def number(self, name: str, value: Any, low: float = -math.inf, high: float = math.inf, *,
               open_low: bool = False, open_high: bool = False, hint: str = "") -> bool:
        """A finite real number in the interval (``hint`` is appended to the problem); returns whether it is one."""
        # numbers.Real declares no comparisons in typeshed, though every Real has them
        ok = (isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value)
              and (value > low if open_low else value >= low)  # type: ignore[operator]
              and (value < high if open_high else value <= high))
        if not ok:
            if low == -math.inf and high == math.inf:
                allowed = "must be a finite number"
            elif high == math.inf:
                allowed = f"must be a number {'>' if open_low else '>='} {_fmt(low)}"
            else:
                allowed = (f"must be a number in {'(' if open_low else '['}{_fmt(low)}, {_fmt(high)}"
                           f"{')' if open_high else ']'}")
            self.fail(name, value, allowed + hint)
        return ok

    def interval(self, name: str, value: Any, low: float = 0.0, high: float = 1.0) -> None:
        """A pair ``(lo, hi)`` with ``low <= lo < hi <= high``."""
        try:
            lo, hi = value
            ok = all(isinstance(x, Real) and not isinstance(x, bool) for x in (lo, hi)) and low <= lo < hi <= high
        except (TypeError, ValueError):
            ok = False
        if not ok:
            self.fail(name, value, f"must be a pair (lo, hi) with {_fmt(low)} <= lo < hi <= {_fmt(high)}")

    def directive(self, value: Any) -> None:
        if value is not None and not isinstance(value, str):
            self.fail("directive", value, "must be a directive string or None (to bind one later)")

    def done(self) -> None:
        if self.problems:
            lines = "\n".join(f"  - {p}" for p in self.problems)
            count = len(self.problems)
            raise ArgumentError(f"{self.owner}: {count} invalid argument{'s' if count != 1 else ''}:\n{lines}")


def check_state(owner: str, state: Any, fields: Mapping[str, type | tuple[type, ...]]) -> None:
    """A saved state must be a mapping holding ``fields`` with these JSON types (paths ``$.name``)."""
    if not isinstance(state, Mapping):
        raise ArgumentError(f"{owner}: a saved state must be a mapping (what state_dict() returns, or "
                            f"json.load of a saved file), got {type(state).__name__}")
    problems = []
    for name, kind in fields.items():
        if name not in state:
            problems.append(f"$.{name}: missing")
        elif not isinstance(state[name], kind) or (isinstance(state[name], bool) and bool not in _as_tuple(kind)):
            problems.append(f"$.{name}: must be {_type_names(kind)}, got {type(state[name]).__name__}")
    if problems:
        lines = "\n".join(f"  - {p}" for p in problems)
        raise ArgumentError(f"{owner}: malformed state:\n{lines}")


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _type_names(kind: type | tuple[type, ...]) -> str:
    names = {dict: "an object", list: "an array", str: "a string", int: "an integer", float: "a number",
             Mapping: "an object"}
    return " or ".join(names.get(k, k.__name__) for k in _as_tuple(kind))


def _fmt(x: float) -> str:
    return f"{x:g}"
