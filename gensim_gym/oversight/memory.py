"""Failure memory B: what went wrong in episodes whose reward fell below η.

Each record keeps only the evidence the bottleneck classifier needs (invalid
and failed tool calls, progress towards the goal, whether the horizon ran
out, the reward mode), not the trajectory itself, so the memory stays small
and JSON-serialisable for checkpoints.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class EpisodeResult:
    """The outcome of one rollout on one task, with the evidence oversight reads.

    ``progress`` is the best fraction of goal conditions met during the
    episode; ``reward_events`` counts steps whose reward was non-zero apart
    from step and invalid-call costs (a proxy for "did the agent get any
    learning signal"). ``plan_progress`` is the best Φ = 1 − d(s)/d(s₀) reached
    (the share of the shortest plan done, sub-goals included, on the true
    state), ``plan_length`` the golden plan's length, ``plan_tools`` how many
    distinct tools it calls and ``off_plan_calls`` the calls on tools the
    golden plan never uses (distractors for this task).
    """

    task_id: str
    domain: str
    difficulty: float
    reward: float
    success: bool
    steps: int
    horizon: int
    invalid_calls: int = 0
    failed_calls: int = 0
    progress: float = 0.0
    reward_events: int = 0
    reward_mode: str = "dense"
    n_tools: int = 0
    truncated: bool = False
    epoch: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    plan_progress: float = 0.0
    plan_length: int = 0
    plan_tools: int = 0
    off_plan_calls: int = 0

    @property
    def off_plan_rate(self) -> float:
        return self.off_plan_calls / self.steps if self.steps else 0.0

    @property
    def distractor_share(self) -> float:
        """The share of the toolset the golden plan never calls (0.0 when the plan is unknown)."""
        return 1.0 - self.plan_tools / self.n_tools if self.n_tools and self.plan_tools else 0.0

    @property
    def invalid_rate(self) -> float:
        return self.invalid_calls / self.steps if self.steps else 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> EpisodeResult:
        return cls(**d)


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
