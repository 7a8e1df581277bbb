"""Reading and generating directives in tests without the reader's warnings (an unsupported clause warns once
per directive; the reader tests assert on the clauses instead)."""

from __future__ import annotations

import warnings

import gensim_gym
from gensim_gym import read_directive
from gensim_gym.errors import DirectiveError
from gensim_gym.generation.reading import Clause, Reading
from gensim_gym.spec.model import SimSpec


def read(text: str) -> Reading:
    """``read_directive(text)`` with its warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read_directive(text)


def clauses(text: str, kind: str) -> list[Clause]:
    """The clauses of ``kind`` in the reading of ``text``."""
    return [c for c in read(text).clauses if c.kind == kind]


def generate(text: str, seed: int = 0) -> SimSpec:
    """``gensim_gym.generate(text, seed=seed)`` with its warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(text, seed=seed)


def assert_first_honored(text: str, kind: str, requirement: dict) -> None:
    """The first clause of ``kind`` in the reading of ``text`` carries ``requirement`` and is honored (the reading's
    table is the failure message)."""
    found = clauses(text, kind)
    assert found and found[0].requirement == requirement and found[0].status == "honored", read(text).table()


def domains(text: str) -> list[str]:
    """The domains the reading of ``text`` chose (its first domain clause), sorted."""
    return sorted(clauses(text, "domain")[0].requirement["domains"])


def tools(text: str) -> list[tuple[str | None, str]]:
    """``(tool, status)`` of each operation clause in the reading of ``text``."""
    return [(c.requirement.get("tool"), c.status) for c in clauses(text, "operation")]


def counts(text: str) -> list[tuple[int, str | None, str]]:
    """``(count, object type, status)`` of each goal-count clause in the reading of ``text``."""
    return [(c.requirement["goal_count"], c.requirement["type"], c.status) for c in clauses(text, "goal_count")]


def unread(text: str) -> list[str]:
    """The words of the reading of ``text`` that no recognizer read (its unrecognized clauses)."""
    return [c.text for c in clauses(text, "unrecognized")]


def readings(text: str, kind: str) -> list[tuple[str, str, dict]]:
    """``(text, status, requirement)`` of each clause of ``kind`` in the reading of ``text``."""
    return [(c.text, c.status, c.requirement) for c in clauses(text, kind)]


def names_no_world(text: str) -> bool:
    """Whether reading ``text`` raises the unknown-domain :class:`DirectiveError` (no known world is named)."""
    try:
        read(text)
    except DirectiveError as error:
        return bool(error.unknown_domain)
    return False
