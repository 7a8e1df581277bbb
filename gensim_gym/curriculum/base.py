"""The trainer-agnostic curriculum protocol: ``sample() -> Task``, ``update(task, result)``, state as JSON.

A curriculum is a plain object. It never steps an environment; wrappers and
trainer callbacks (thin adapters) feed it episode results and play the tasks
it samples. Its whole state is JSON (specs included), saved atomically, so a
killed run resumes from its last checkpoint.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from gensim_gym._atomic import atomic_write_json
from gensim_gym._json import load_file
from gensim_gym.errors import ArgumentError, Error, SpecError
from gensim_gym.spec.model import SimSpec

#: The largest saved curriculum state read back (a full pool of large specs is a few MB).
MAX_STATE_BYTES = 64 * 2**20


@dataclass(frozen=True)
class Task:
    """One task a curriculum hands out: the spec and the generator parameters θ it came from."""

    spec: SimSpec
    theta: float
    arm: int = 0
    task_id: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # SimSpec.id hashes the whole spec (~0.2 ms); a task is looked up on every episode, so hash once.
        if not self.task_id:
            object.__setattr__(self, "task_id", self.spec.id)


@dataclass(frozen=True)
class EpisodeResult:
    """What a curriculum learns from one finished episode."""

    is_success: bool
    episode_return: float = 0.0
    length: int = 0
    theta: float | None = None
    arm: int = 0

    @classmethod
    def coerce(cls, result: Any) -> EpisodeResult:
        """Accept an ``EpisodeResult``, a bool, or a mapping with ``is_success`` (and ``return``/``r``, ...)."""
        if type(result) is dict and "is_success" in result:  # the common case: skip the ABC check
            get = result.get
            ret: Any = result["return"] if "return" in result else get("episode_return", get("r", 0.0))
            length = result["length"] if "length" in result else get("l", 0)
            theta = get("theta")
            return cls(bool(result["is_success"]), float(ret), int(length),
                       None if theta is None else float(theta), int(get("arm", 0)))
        if isinstance(result, EpisodeResult):
            return result
        if isinstance(result, (bool, int)):
            return cls(bool(result))
        if isinstance(result, Mapping):
            if "is_success" not in result:
                raise Error(f"an episode result needs 'is_success'; got keys {sorted(result)}")
            ret = result.get("return", result.get("episode_return", result.get("r", 0.0)))
            theta = result.get("theta")
            return cls(bool(result["is_success"]), float(ret), int(result.get("length", result.get("l", 0))),
                       None if theta is None else float(theta), int(result.get("arm", 0)))
        raise Error(f"an episode result must be an EpisodeResult, a bool or a mapping, got {type(result).__name__}")


@runtime_checkable
class SpecGenerator(Protocol):
    """Makes a spec at difficulty ``theta`` in [0, 1] from ``seed`` (any backend).

    Generators with several arms (e.g. one per domain) expose ``n_arms`` and
    accept ``arm=``; a plain ``(theta, seed) -> SimSpec`` callable has one arm.
    """

    def __call__(self, theta: float, seed: int) -> SimSpec: ...


class Curriculum:
    """Base class of every curriculum: the protocol plus save/load and directive binding."""

    name = "curriculum"

    def sample(self) -> Task:
        raise NotImplementedError

    def update(self, task: Task | str, result: Any) -> None:
        raise NotImplementedError

    def flush(self) -> int:
        """Fold results that ``update`` buffered into the learnt state now; return how many.

        Curricula that learn in batches (``AlphaCurriculum``) buffer results and fold them every few
        episodes; this forces the fold (e.g. before reading posteriors or counters). Others learn at once.
        """
        return 0

    def state_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def load_state_dict(self, state: Mapping[str, Any]) -> Curriculum:
        raise NotImplementedError

    def stats(self) -> dict[str, float]:
        """Scalars worth logging (pool size, mean p̂, R_env, difficulty ...)."""
        return {}

    def bind(self, directive: str | None = None, generator: Any = None) -> None:
        """Give the curriculum its generator (or a directive to build the offline one) if it has none."""

    @property
    def bound(self) -> bool:
        return True

    def binding(self) -> dict[str, Any]:
        """What a worker-side copy knows about its generator (sent back to the trainer's curriculum)."""
        return {}

    # -- persistence -----------------------------------------------------------
    def save(self, path: str | os.PathLike) -> Path:
        """Write ``state_dict()`` as JSON atomically (temp file + ``os.replace``)."""
        return atomic_write_json(path, self.state_dict())

    def load(self, path: str | os.PathLike) -> Curriculum:
        """Load a state written by :meth:`save`.

        The file is read with the bounded loader (size, nesting, digits); a missing, truncated or
        corrupted file raises :class:`~gensim_gym.errors.ArgumentError` and leaves the curriculum as it was.
        """
        try:
            state = load_file(path, "curriculum state", max_bytes=MAX_STATE_BYTES)
        except SpecError as exc:
            raise ArgumentError(f"{type(self).__name__}.load: {exc.problems[0].message}; the file is not a "
                                f"curriculum state written by save() (restore it from a good copy)") from None
        return self.load_state_dict(state)
