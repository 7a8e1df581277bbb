"""``EpisodeResult``: what one finished episode came to, the one record curricula and oversight learn from.

A curriculum needs the outcome (``is_success``, ``episode_return``, ``length``) and which task it was
(``task_id``, the generator parameters ``theta`` and ``arm``); oversight also reads the evidence a
rollout records (invalid and failed calls, progress, reward events, ...). Both are fields of this one
frozen dataclass, so a result recorded for oversight can be fed to a curriculum as it is. It lives in
the env layer because an episode is what an env plays, and both curriculum and oversight sit above it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from gensim_gym.errors import ArgumentError, ArgumentTypeError

# Field names the oversight record had before 0.2 (FailureMemory states saved then still load).
_OLD_NAMES = {"success": "is_success", "reward": "episode_return", "steps": "length"}


@dataclass(frozen=True, kw_only=True)
class EpisodeResult:
    """The outcome of one episode on one task, with the evidence oversight reads.

    Args:
        task_id: the spec's id (``SimSpec.id``); empty when unknown.
        is_success: whether the goal held at the end (``info["is_success"]``).
        episode_return: the episode's summed reward.
        length: steps played.
        theta: the difficulty parameter θ the task was generated at (None: not from a curriculum).
        arm: the generator arm (e.g. domain) the task came from.
        domain, difficulty, horizon: the task's domain, measured difficulty and step limit.
        invalid_calls, failed_calls: calls that were invalid (precondition false, malformed) or failed
            (a stochastic effect did not happen).
        progress: the best fraction of goal conditions met during the episode.
        reward_events: steps whose reward was positive (a proxy for "did the agent get any learning signal").
        reward_mode, n_tools, truncated, epoch: the spec's reward mode, its tool count, whether the horizon
            ran out, and the training epoch.
        extra: free-form JSON-ready data.
        plan_progress: the best Φ = 1 − d(s)/d(s₀) reached (the share of the shortest plan done, sub-goals
            included, on the true state).
        plan_length, plan_tools: the golden plan's length and how many distinct tools it calls.
        off_plan_calls: calls on tools the golden plan never uses (distractors for this task).
    """

    task_id: str = ""
    is_success: bool = False
    episode_return: float = 0.0
    length: int = 0
    theta: float | None = None
    arm: int = 0
    domain: str = ""
    difficulty: float = 0.0
    horizon: int = 0
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
    def invalid_rate(self) -> float:
        return self.invalid_calls / self.length if self.length else 0.0

    @property
    def off_plan_rate(self) -> float:
        return self.off_plan_calls / self.length if self.length else 0.0

    @property
    def distractor_share(self) -> float:
        """The share of the toolset the golden plan never calls (0.0 when the plan is unknown)."""
        return 1.0 - self.plan_tools / self.n_tools if self.n_tools and self.plan_tools else 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> EpisodeResult:
        """Rebuild :meth:`to_dict`'s output; also reads the older oversight names (success, reward, steps)."""
        names = {f.name for f in fields(cls)}
        data = {_OLD_NAMES.get(k, k): v for k, v in d.items()}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ArgumentError(f"EpisodeResult.from_dict: unknown keys {unknown}; an episode result has "
                                f"{sorted(names)}")
        return cls(**data)

    @classmethod
    def coerce(cls, result: Any) -> EpisodeResult:
        """Accept an ``EpisodeResult``, a bool, or a mapping with ``is_success`` (and ``return``/``r``, ...).

        The mapping form is what :class:`~gensim_gym.curriculum.CurriculumWrapper` puts in
        ``info["curriculum_result"]`` (``return``, ``length``) and SB3's Monitor reports (``r``, ``l``).
        """
        if isinstance(result, EpisodeResult):
            return result
        if isinstance(result, (bool, int)):
            return cls(is_success=bool(result))
        if type(result) is dict or isinstance(result, Mapping):  # a plain dict skips the ABC check
            if "is_success" not in result:
                raise ArgumentError(f"an episode result needs 'is_success'; got keys {sorted(result)}")
            get = result.get
            ret = result["return"] if "return" in result else get("episode_return", get("r", 0.0))
            length = result["length"] if "length" in result else get("l", 0)
            theta = get("theta")
            return cls(task_id=str(get("task_id", "")), is_success=bool(result["is_success"]),
                       episode_return=float(ret), length=int(length),
                       theta=None if theta is None else float(theta), arm=int(get("arm", 0)))
        raise ArgumentTypeError(f"an episode result must be an EpisodeResult, a bool or a mapping, "
                                f"got {type(result).__name__}")
