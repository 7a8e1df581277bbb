"""Failure memory B: what went wrong in episodes whose reward fell below η.

Each record is an :class:`~gensim_gym.envs.result.EpisodeResult` (the same
record a curriculum learns from) holding only the evidence the bottleneck
classifier needs (invalid and failed tool calls, progress towards the goal,
whether the horizon ran out, the reward mode), not the trajectory itself, so
the memory stays small and JSON-serialisable for checkpoints. States saved
before 0.2 (fields ``success``, ``reward``, ``steps``) still load.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from gensim_gym.envs.result import EpisodeResult


class FailureMemory:
    """A bounded FIFO of failed episodes (reward < η), the oversight memory B of Algorithm 1."""

    def __init__(self, capacity: int = 256, records: Iterable[EpisodeResult] = ()) -> None:
        self.capacity = capacity
        self._records: deque[EpisodeResult] = deque(records, maxlen=capacity)

    def add(self, result: EpisodeResult) -> None:
        self._records.append(result)

    def extend(self, results: Iterable[EpisodeResult]) -> None:
        for r in results:
            self.add(r)

    def recent(self, n: int | None = None) -> list[EpisodeResult]:
        """The newest ``n`` records (all when ``n`` is None), oldest first."""
        items = list(self._records)
        return items if n is None else items[-n:]

    def clear(self) -> None:
        self._records.clear()

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[EpisodeResult]:
        return iter(self._records)

    def state_dict(self) -> dict[str, Any]:
        return {"capacity": self.capacity, "records": [r.to_dict() for r in self._records]}

    @classmethod
    def from_state_dict(cls, state: dict[str, Any]) -> FailureMemory:
        return cls(state["capacity"], (EpisodeResult.from_dict(r) for r in state["records"]))
