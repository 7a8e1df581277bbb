"""Rule-based bottleneck classification (Algorithm 2, lines 2-5, offline).

Three bottlenecks, each with the evidence that points to it:

* ``tools``  — the agent makes invalid tool calls (wrong tool, wrong
  arguments, preconditions that do not hold): it has not mastered the tool
  space.
* ``task``   — episodes time out with partial progress: the agent is on the
  way but the plan is too long for it.
* ``reward`` — episodes end with no progress and no reward signal at all:
  the reward is too sparse for the agent to learn from.

Each failure votes for one cause, the most direct pattern it shows (invalid
calls first: an agent that mis-calls tools also times out, but the timeout
is a symptom); the bottleneck is the cause with the most votes. The evidence (counts, shares, a few
task ids) is returned with the verdict so every decision can be audited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from gensim_gym.envs.result import EpisodeResult

BOTTLENECKS = ("task", "tools", "reward")
INVALID_RATE = 0.25  # a failure "shows" the tools pattern when >= 25% of its calls were invalid


@dataclass(frozen=True)
class Bottleneck:
    """A classification: ``kind`` in task/tools/reward (or ``none``), with the evidence behind it."""

    kind: str
    confidence: float
    evidence: dict[str, Any] = field(default_factory=dict)
    source: str = "rules"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _shows(r: EpisodeResult) -> dict[str, bool]:
    return {
        "tools": r.invalid_rate >= INVALID_RATE,
        "task": r.truncated and 0.0 < r.progress < 1.0,
        "reward": r.progress <= 0.0 and r.reward_events == 0,
    }


def classify_bottleneck(failures: Sequence[EpisodeResult]) -> Bottleneck:
    """Pick the bottleneck the failures point to most often; ``none`` if there are no failures."""
    if not failures:
        return Bottleneck("none", 0.0, {"failures": 0, "why": "no failed episodes in memory"})
    counts = dict.fromkeys(BOTTLENECKS, 0)
    examples: dict[str, list[str]] = {k: [] for k in BOTTLENECKS}
    for r in failures:
        shows = _shows(r)
        kind = next((k for k in ("tools", "task", "reward") if shows[k]), None)
        if kind is not None:
            counts[kind] += 1
            if len(examples[kind]) < 3:
                examples[kind].append(r.task_id)
    n = len(failures)
    shares = {k: round(v / n, 3) for k, v in counts.items()}
    evidence = {
        "failures": n,
        "shares": shares,
        "examples": examples,
        "mean_invalid_rate": round(sum(r.invalid_rate for r in failures) / n, 3),
        "timeouts_with_progress": counts["task"],
        "no_progress_signal": counts["reward"],
        "invalid_call_heavy": counts["tools"],
    }
    # Order breaks ties: invalid calls are the most direct evidence, then timeouts, then silence.
    kind = max(("tools", "task", "reward"), key=lambda k: counts[k])
    if counts[kind] == 0:
        # No pattern: failures are short of the goal without timing out or erring; call it task difficulty.
        evidence["why"] = "no failure shows a specific pattern; treating the task itself as the bottleneck"
        return Bottleneck("task", 0.0, evidence)
    evidence["why"] = {
        "tools": f"{counts['tools']}/{n} failures made >= {INVALID_RATE:.0%} invalid tool calls",
        "task": f"{counts['task']}/{n} failures timed out with partial progress",
        "reward": f"{counts['reward']}/{n} failures ended with no progress and no reward signal",
    }[kind]
    return Bottleneck(kind, shares[kind], evidence)
