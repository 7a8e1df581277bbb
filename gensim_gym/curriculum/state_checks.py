"""Meaning checks of a saved curriculum state, before anything is loaded.

Types alone do not make a state usable: a posterior of ``[0, -1, 1, 1]``, an arm index of 999,
filter weights of the wrong length or a NaN load fine and then crash ``sample``/``update`` (issue
17). :class:`StateCheck` collects every such problem with its JSON path; :meth:`StateCheck.done`
raises one :class:`~gensim_gym.errors.ArgumentError` listing them all.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from gensim_gym.errors import ArgumentError


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


class StateCheck:
    """Problems found in one saved state, each as ``"$.path: what is wrong"``."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.problems: list[str] = []

    def fail(self, path: str, message: str) -> bool:
        if len(self.problems) < 50:
            self.problems.append(f"{path}: {message}")
        return False

    def number(self, path: str, x: Any, low: float = -math.inf, high: float = math.inf, *,
               open_low: bool = False) -> bool:
        """A finite number in [low, high] (``open_low``: strictly above ``low``)."""
        if not _is_number(x) or not math.isfinite(x):
            return self.fail(path, f"must be a finite number, got {x!r:.40}")
        if x < low or (open_low and x == low) or x > high:
            bound = f"> {low:g}" if open_low else f">= {low:g}"
            return self.fail(path, f"must be {bound} and <= {high:g}, got {x!r}")
        return True

    def integer(self, path: str, x: Any, low: int = 0, high: int | None = None) -> bool:
        """An integer in [low, high) (no upper bound when ``high`` is None)."""
        if not isinstance(x, int) or isinstance(x, bool):
            return self.fail(path, f"must be an integer, got {x!r:.40}")
        if x < low or (high is not None and x >= high):
            allowed = f"in [{low}, {high})" if high is not None else f">= {low}"
            return self.fail(path, f"must be an integer {allowed}, got {x}")
        return True

    def boolean(self, path: str, x: Any) -> bool:
        if not isinstance(x, bool) and x not in (0, 1):
            return self.fail(path, f"must be true or false, got {x!r:.40}")
        return True

    def array(self, path: str, x: Any, length: int | None = None) -> bool:
        if not isinstance(x, list):
            return self.fail(path, f"must be an array, got {type(x).__name__}")
        if length is not None and len(x) != length:
            return self.fail(path, f"must hold {length} items, got {len(x)}")
        return True

    def posterior(self, path: str, x: Any) -> bool:
        """``[a, b, prior_a, prior_b]``, every one finite and > 0 (a Beta distribution's parameters)."""
        if not self.array(path, x, 4):
            return False
        return all([self.number(f"{path}[{i}]", v, 0.0, open_low=True) for i, v in enumerate(x)])

    def result(self, path: str, item: Any, arms: int | None) -> None:
        """A buffered episode result as ``_pending_to_json`` writes it."""
        if not isinstance(item, Mapping):
            self.fail(path, "must be an object")
            return
        if not isinstance(item.get("task_id"), str):
            self.fail(f"{path}.task_id", "must be a string")
        self.boolean(f"{path}.is_success", item.get("is_success"))
        self.number(f"{path}.return", item.get("return", 0.0))
        self.integer(f"{path}.length", item.get("length", 0))
        if item.get("theta") is not None:
            self.number(f"{path}.theta", item["theta"])
        self.integer(f"{path}.arm", item.get("arm", 0), 0, arms)

    def done(self) -> None:
        if self.problems:
            lines = "\n".join(f"  - {p}" for p in self.problems)
            raise ArgumentError(f"{self.owner}: malformed state ({len(self.problems)} problem"
                                f"{'s' if len(self.problems) != 1 else ''}):\n{lines}")


def check_pool_state(check: StateCheck, state: Mapping[str, Any], arms: int | None) -> None:
    """The fields every pool curriculum saves: entries, counters, recent results, pending results, picks."""
    for i, entry in enumerate(state["pool"]):
        path = f"$.pool[{i}]"
        if not isinstance(entry, Mapping):
            check.fail(path, "must be an object holding spec, theta, arm, post, plays, returns")
            continue
        if not isinstance(entry.get("spec"), Mapping):
            check.fail(f"{path}.spec", "must be a spec object")
        check.number(f"{path}.theta", entry.get("theta"))
        check.integer(f"{path}.arm", entry.get("arm"), 0, arms)
        check.posterior(f"{path}.post", entry.get("post"))
        check.integer(f"{path}.plays", entry.get("plays"))
        check.number(f"{path}.returns", entry.get("returns"))
    for key, value in state["counters"].items():
        check.integer(f"$.counters.{key}", value)
    for i, item in enumerate(state["recent"]):
        path = f"$.recent[{i}]"
        if check.array(path, item, 3):
            check.boolean(f"{path}[0]", item[0])
            check.number(f"{path}[1]", item[1])
            check.number(f"{path}[2]", item[2])
    for i, item in enumerate(state.get("pending", [])):
        check.result(f"$.pending[{i}]", item, arms)
    for i, pick in enumerate(state.get("picks", [])):
        if not isinstance(pick, str):
            check.fail(f"$.picks[{i}]", "must be a task id string")


def check_predictor_state(check: StateCheck, state: Any, features: int) -> None:
    """A :class:`~gensim_gym.curriculum.filter.SuccessPredictor` state: ``features`` numbers per sample."""
    if not isinstance(state, Mapping):
        check.fail("$.filter", "must be an object")
        return
    xs: Any = state.get("xs")  # Any: each is checked (check.array) before it is used
    ys: Any = state.get("ys")
    w: Any = state.get("w")
    if check.array("$.filter.xs", xs) and check.array("$.filter.ys", ys, len(xs)):
        for i, x in enumerate(xs):
            if check.array(f"$.filter.xs[{i}]", x, features):
                for j, v in enumerate(x):
                    check.number(f"$.filter.xs[{i}][{j}]", v)
        for i, y in enumerate(ys):
            check.number(f"$.filter.ys[{i}]", y, 0.0, 1.0)
    if w is not None and check.array("$.filter.w", w, features):
        for j, v in enumerate(w):
            check.number(f"$.filter.w[{j}]", v)
    check.integer("$.filter.since_fit", state.get("since_fit"))
