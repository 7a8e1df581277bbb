"""Declarative domain toolsets from ``tool_registry/``.

A toolset is one JSON file: the domain's object types (with name pools and
counts), predicates, fluents, its core tools, extra tools unlocked at higher
difficulty, distractor tools that never help, an optional partial
observability variant, init rules that sample a start state, and which
predicates/fluents goals may use. Toolsets compose: a world built from two of
them has the union of their vocabularies.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gensim_gym._json import load_file
from gensim_gym._resources import data_dir
from gensim_gym.errors import DirectiveError, SpecError, did_you_mean
from gensim_gym.spec.model import Fluent, Predicate, Tool


@dataclass(frozen=True)
class TypeDecl:
    name: str
    names: tuple[str, ...]
    min: int
    max: int


@dataclass(frozen=True)
class Toolset:
    """One domain of the tool registry (see the module docstring)."""

    name: str
    description: str
    keywords: tuple[str, ...]
    types: tuple[TypeDecl, ...]
    predicates: tuple[Predicate, ...]
    fluents: tuple[Fluent, ...]
    tools: tuple[Tool, ...]
    extra_tools: tuple[Tool, ...]
    distractor_tools: tuple[Tool, ...]
    hidden: tuple[str, ...]
    extra_pre: dict[str, str]
    needs_tools: tuple[str, ...]
    init: tuple[dict[str, Any], ...]
    goal_predicates: tuple[str, ...]
    goal_fluents: tuple[str, ...]
    max_goals: int
    templates: dict[str, str]
    goal_negated: tuple[str, ...] = ()

    @property
    def all_tools(self) -> tuple[Tool, ...]:
        return self.tools + self.extra_tools + self.distractor_tools

    @classmethod
    def from_dict(cls, d: dict[str, Any], source: str = "") -> Toolset:
        try:
            name = d["name"]

            def tools(key: str, distractor: bool = False) -> tuple[Tool, ...]:
                return tuple(Tool.from_dict({**t, "toolset": name, "distractor": distractor}) for t in d.get(key, ()))

            partial = d.get("partial_observability", {})
            return cls(
                name=name, description=d["description"], keywords=tuple(d.get("keywords", ())),
                types=tuple(TypeDecl(t, tuple(v["names"]), int(v["min"]), int(v["max"]))
                            for t, v in d["types"].items()),
                predicates=tuple(Predicate.from_dict(p) for p in d["predicates"]),
                fluents=tuple(Fluent.from_dict(f) for f in d.get("fluents", ())),
                tools=tools("tools"), extra_tools=tools("extra_tools"),
                distractor_tools=tools("distractor_tools", distractor=True),
                hidden=tuple(partial.get("hidden", ())), extra_pre=dict(partial.get("extra_pre", {})),
                needs_tools=tuple(partial.get("needs_tools", ())),
                init=tuple(d["init"]), goal_predicates=tuple(d["goal"]["predicates"]),
                goal_fluents=tuple(d["goal"].get("fluents", ())), max_goals=int(d["goal"].get("max_goals", 3)),
                templates=dict(d.get("templates", {})), goal_negated=tuple(d["goal"].get("negated", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SpecError(f"malformed toolset {source or d.get('name', '?')}: {exc!r}") from None


@cache
def load_registry(folder: str | None = None) -> dict[str, Toolset]:
    """All toolsets in ``folder`` (default: the shipped ``tool_registry``), by name."""
    root = Path(folder) if folder else data_dir("tool_registry")
    out: dict[str, Toolset] = {}
    for path in sorted(root.glob("*.json")):
        toolset = Toolset.from_dict(load_file(path, "toolset"), source=str(path))  # a user's folder: bounded read
        out[toolset.name] = toolset
    return out


def get_toolset(name: str, folder: str | None = None) -> Toolset:
    registry = load_registry(folder)
    if name not in registry:
        raise DirectiveError(f"unknown domain {name!r}{did_you_mean(name, registry)}; domains: {', '.join(registry)}")
    return registry[name]
