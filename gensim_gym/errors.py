"""The error hierarchy of gensim_gym.

Every error the package raises on purpose derives from :class:`Error`, so a
caller can catch one type. Messages say what was expected, what was got and
where (a JSON path such as ``$.tools[2].pre``), and suggest a near name when
one exists.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium as gym


class Error(Exception):
    """Base class of every error raised by gensim_gym."""


@dataclass(frozen=True)
class Problem:
    """One problem found in a spec: where it is and what is wrong."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class SpecError(Error, ValueError):
    """A SimSpec (or a part of one) is malformed.

    ``problems`` lists every problem found, each with its JSON path, so a user
    (or an LLM in a repair turn) can fix them all at once.
    """

    def __init__(self, problems: Sequence[Problem] | str, *, path: str = "$") -> None:
        if isinstance(problems, str):
            problems = [Problem(path, problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        count = len(self.problems)
        super().__init__(f"invalid SimSpec ({count} problem{'s' if count != 1 else ''}):\n{lines}")


class ExpressionError(SpecError):
    """An expression string could not be parsed or type-checked."""


class ArgumentError(Error, ValueError):
    """Arguments (or a saved state) a component cannot use; the message lists every problem at once."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type, or two arguments that name one setting (a ``TypeError`` too, as Python's
    convention has it)."""


class UnexpectedArgumentError(ArgumentError, TypeError):
    """A keyword argument the callee does not take.

    A ``TypeError`` too, as Python raises for an unexpected keyword: trainers rely on it. TorchRL's
    ``GymEnv`` passes ``frameskip`` and retries without it only when ``gym.make`` raises ``TypeError``.
    """


class DirectiveError(Error, ValueError):
    """A directive asked for something the generator cannot provide.

    ``unknown_domain`` marks a directive that names no domain the offline generator knows; ``read_directive``
    then sets ``clauses`` to what it read apart from the domain ("hard", "sparse reward"), the requirements the
    other ways forward (``on_unknown="fallback"``, an LLM backend) would be held to.
    """

    #: Whether the directive named no known domain.
    unknown_domain: bool = False
    #: Reads the clauses apart from the domain when first asked for (set by ``read_directive``): raising stays as
    #: cheap as before, as most callers never look.
    read_rest: Callable[[], tuple[Any, ...]] | None = None

    @property
    def clauses(self) -> tuple[Any, ...]:
        """The clauses read apart from the domain (``reading.Clause``), where the domain was unknown; else ()."""
        if self.read_rest is None:
            return ()
        if not hasattr(self, "_clauses"):
            self._clauses = self.read_rest()
        return self._clauses


class GenerationError(Error, RuntimeError):
    """Generation failed after every allowed attempt.

    ``attempts`` holds one reason per attempt, in order.
    """

    #: What the failed attempts cost (requests and tokens), when a backend counted it.
    usage: dict[str, Any] | None = None
    #: The specs a failed batch did make (a ``Batch``; set by Ray's ``generate_many`` without ``skip_failures``).
    batch: Any = None

    def __init__(self, message: str, attempts: Sequence[str] = ()) -> None:
        self.attempts: tuple[str, ...] = tuple(attempts)
        detail = "".join(f"\n  attempt {i + 1}: {a}" for i, a in enumerate(self.attempts))
        super().__init__(message + detail)


class CapacityError(Error, ValueError):
    """A task does not fit the fixed observation/action capacity of an environment."""


class RenderModeError(Error, TypeError):
    """An unsupported ``render_mode``.

    A ``TypeError`` too, because that is what ``stable_baselines3.make_vec_env``
    catches when it tries ``render_mode="rgb_array"`` and then retries without it.
    """


class MissingDependencyError(Error, ImportError):
    """An optional dependency is not installed; the message names the extra to install."""


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """Return ``" (did you mean 'x'?)"`` for the closest choice, or ``""``."""
    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def require(module: str, extra: str):
    """Import an optional dependency or raise an error naming the extra to install."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingDependencyError(
            f"{module!r} is needed for this feature; install it with: pip install 'gensim_gym[{extra}]'"
        ) from exc


class BackendError(Error, RuntimeError):
    """A model backend could not answer (transport failure after every retry, bad endpoint or model)."""


class BackendAuthError(BackendError, PermissionError):
    """The backend refused the credentials, or none were given; the message names the variable to set."""


class SearchSpaceError(SpecError):
    """A search over a spec's states (planner, progress sweep, verification) hit its time, node or memory limit.

    The message starts with "search space too large", names the limit and suggests shrinking the task,
    so the LLM repair loop can pass it on to the model.
    """


class RunError(Error, RuntimeError):
    """A run folder cannot be used: corrupted or inconsistent artefacts, or another writer holds it.

    The message says what is wrong and how to recover.
    """


class ActionError(Error, TypeError, ValueError):
    """An action that is not one: not an integer (floats, strings, bytes, infinities) or out of the action space.

    Both a ``TypeError`` (wrong kind of value) and a ``ValueError`` (out of range), as a caller
    of ``step`` may catch either.
    """


class ResetNeeded(Error, RuntimeError, gym.error.ResetNeeded):
    """``step`` (or another call) before ``reset``, or after the episode ended; also a Gymnasium ``ResetNeeded``,
    which ``gym.make``'s ``OrderEnforcing`` layer raised before the preset ids were registered without it (the env
    checks the order itself; docs/hot_paths.md, facespeed10)."""
