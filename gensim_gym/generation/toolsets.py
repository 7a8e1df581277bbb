"""Declarative domain toolsets from ``tool_registry/``.

A toolset is one JSON file: the domain's object types (with name pools and
counts), predicates, fluents, its core tools, extra tools unlocked at higher
difficulty, distractor tools that never help, an optional partial
observability variant, init rules that sample a start state, and which
predicates/fluents goals may use. Toolsets compose: a world built from two of
them has the union of their vocabularies.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any, NamedTuple

from gensim_gym._json import load_file
from gensim_gym._resources import data_dir
from gensim_gym.dsl.ast import Assign, BoolOp, Call, SetFact, Var
from gensim_gym.errors import ArgumentTypeError, DirectiveError, MissingDependencyError, SpecError, did_you_mean
from gensim_gym.spec.model import Constraint, Fluent, Predicate, Tool
from gensim_gym.spec.validate import parse_effect_cached, parse_expr_cached


@dataclass(frozen=True)
class TypeDecl:
    name: str
    names: tuple[str, ...]
    min: int
    max: int
    # A directive's count of these objects is how many a task has, not the least it has (sokoban's boxes: "push 2
    # boxes" is a room of 2 boxes, not 2 of 3); other types keep the difficulty's count where it is larger.
    exact_count: bool = False
    # The most objects a directive's count may ask for (hanoi's discs: the difficulty keeps the tower at ``max`` = 4,
    # "5 disks" is a tower of 5, up to 6); ``max`` where the type declares none. Only a count reaches past ``max``.
    asked_max: int = 0

    def __post_init__(self) -> None:
        if self.asked_max < self.max:
            object.__setattr__(self, "asked_max", self.max)

    @classmethod
    def from_dict(cls, name: str, d: dict[str, Any]) -> TypeDecl:
        """A toolset's declaration of type ``name`` (``names``, ``min``, ``max``, optional ``exact_count`` and
        ``asked_max``)."""
        exact = d.get("exact_count", False)
        if not isinstance(exact, bool):
            raise ValueError(f"type {name!r}: exact_count must be true or false, got {exact!r}")
        names, most = tuple(d["names"]), int(d["max"])
        asked = d.get("asked_max", most)
        if isinstance(asked, bool) or not isinstance(asked, int) or not most <= asked <= len(names):
            raise ValueError(f"type {name!r}: asked_max must be a whole number from max ({most}) to the number of "
                             f"names ({len(names)}), got {asked!r}")
        return cls(name, names, int(d["min"]), most, exact, asked)


@dataclass(frozen=True)
class CallCount:
    """A count of a thing a fact without arguments is about that counts calls of a tool (a toolset's
    ``call_counts``): tireworld's ``{"fact": "flat_tire", "tool": "change_tire", "most": 2}`` makes "change 2 flat
    tires" a journey on which the tire goes flat twice, a task whose golden (shortest) plan calls ``change_tire``
    exactly twice. ``most``: the most calls a task of the world can need (measured: above it the count is
    approximated, the reading's note naming it); ``init``: start rules (as the toolset's ``init``) of tasks whose
    directive asks for such a count, after the world's own (tireworld's car starts with a flat tire and a spare in the
    trunk: the first flat of the count; from its usual start no shortest plan changes the tire twice)."""

    fact: str
    tool: str
    most: int
    init: tuple[dict[str, Any], ...] = ()

    @classmethod
    def parse(cls, items: Any, source: str, facts: dict[str, int], tools: set[str]) -> tuple[CallCount, ...]:
        """A toolset's ``call_counts`` (``facts``: its predicates and their arities; ``tools``: its tool names); a
        malformed one is a :class:`SpecError` naming its JSON path and what is allowed."""
        if not isinstance(items, list):
            raise SpecError(f"{source}: call_counts must be a list of objects with 'fact', 'tool' and 'most', "
                            f"got {type(items).__name__}")
        out = []
        for i, item in enumerate(items):
            at = f"{source}: call_counts[{i}]"
            if not isinstance(item, dict) or not {"fact", "tool", "most"} <= set(item) <= {"fact", "tool", "most",
                                                                                              "init"}:
                raise SpecError(f"{at} must be an object with the keys 'fact', 'tool' and 'most' (and, optional, "
                                f"'init'), got {sorted(item) if isinstance(item, dict) else type(item).__name__}")
            fact, tool, most, init = item["fact"], item["tool"], item["most"], item.get("init", [])
            nullary = sorted(name for name, arity in facts.items() if arity == 0)
            if facts.get(fact) != 0:
                raise SpecError(f"{at}.fact: {fact!r} is no predicate without arguments of the world (allowed: "
                                f"{', '.join(nullary) or 'none'})")
            if tool not in tools:
                raise SpecError(f"{at}.tool: {tool!r} is no tool of the world (allowed: {', '.join(sorted(tools))})"
                                f"{did_you_mean(str(tool), sorted(tools))}")
            if isinstance(most, bool) or not isinstance(most, int) or most < 1:
                raise SpecError(f"{at}.most: the most calls a task can need, an integer of at least 1, got {most!r}")
            if not isinstance(init, list) or not all(isinstance(r, dict) and isinstance(r.get("set"), list)
                                                     for r in init):
                raise SpecError(f"{at}.init: start rules as the toolset's 'init' has them, a list of objects each with "
                                f"a 'set' list, got {init!r}")
            out.append(cls(fact, tool, most, tuple(init)))
        return tuple(out)


@dataclass(frozen=True)
class ConstraintTemplate:
    """A trajectory constraint a toolset offers, and what turning it on changes in the domain.

    Most domain rules are built into tool preconditions (a calendar cannot confirm someone for a slot
    they are already booked in). A directive that names the rule ("without double-booking anyone")
    asks for tasks in which the agent must keep it: the template then relaxes the tools that
    enforced it (``tools``: tool name → fields to override), adds the :class:`Constraint`, and
    whatever its condition needs: ``predicates`` to declare, ``fluents`` bounds to widen (a budget
    that may go negative) and ``objects`` that must be present (the backup directory).
    """

    constraint: Constraint
    keywords: tuple[str, ...]
    tools: dict[str, dict[str, Any]]
    predicates: tuple[Predicate, ...] = ()
    fluents: dict[str, dict[str, float]] = field(default_factory=dict)
    objects: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.constraint.name

    def named_in(self, text: str) -> bool:
        """Whether ``text`` (lower case: a constraint phrase of a directive) names this rule."""
        return any(re.search(rf"\b{k}", text) for k in self.keywords)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ConstraintTemplate:
        body = {k: v for k, v in d.items() if k in ("name", "description", "params", "kind", "condition",
                                                    "on_violation", "penalty")}
        return cls(Constraint.from_dict(body), tuple(d.get("keywords", ())), dict(d.get("tools", {})),
                   tuple(Predicate.from_dict(p) for p in d.get("predicates", ())), dict(d.get("fluents", {})),
                   {t: tuple(v) for t, v in d.get("objects", {}).items()})


class FactEffect(NamedTuple):
    """One effect of a tool that makes a fact true or false: ``not at(?item, ?place)`` in a tool whose parameters
    are an ``item`` and a ``location`` is ``FactEffect("at", ("item", "location"), negated=True)``."""

    predicate: str
    args: tuple[str | None, ...]  # each argument's type: the tool parameter's, None for an object name
    negated: bool


@cache
def predicate_effects(tool: Tool) -> tuple[FactEffect, ...]:
    """``tool``'s effects on facts, in order, parsed by the DSL's own parser (a fluent's change and a reveal are
    not such effects): what the readers asking what a tool does to a world's goals look at
    (:meth:`Toolset.goal_effects`)."""
    types = {p.name: p.type for p in tool.params}
    out = []
    for text in tool.effects:
        effect = parse_effect_cached(text)
        if isinstance(effect, SetFact):
            args = tuple(types.get(a.name) if isinstance(a, Var) else None for a in effect.atom.args)
            out.append(FactEffect(effect.atom.name, args, negated=not effect.value))
    return tuple(out)


@cache
def written_names(tool: Tool) -> frozenset[str]:
    """The predicates ``tool`` makes true and the fluents it changes, by the DSL's own parser: what a rule against a
    fact or a number is about when it restrains the tools that write it (``lexicon._acts_of``)."""
    facts = {e.predicate for e in predicate_effects(tool) if not e.negated}
    fluents = {e.target.name for text in tool.effects if isinstance(e := parse_effect_cached(text), Assign)}
    return frozenset(facts | fluents)


@cache
def required_facts(tool: Tool) -> frozenset[str]:
    """The predicates every call of ``tool`` needs true: the atoms of its precondition's conjunction, parsed by the
    DSL's own parser. An atom under ``not`` or inside an ``or`` is no requirement (``refund_order`` needs
    ``verified``, but ``escalated`` is only one way round its value limit; dungeon's ``move`` needs the room *not*
    ``locked``), nor is a fluent in a comparison. What the readers of rules a tool already enforces look at
    (``rules.built_in_order``, ``built_in_comparison``, ``built_in_qualifiers``)."""
    out: set[str] = set()
    pending = [parse_expr_cached(tool.pre)] if tool.pre.strip() else []
    while pending:
        node = pending.pop()
        if isinstance(node, BoolOp) and node.op == "and":
            pending.extend(node.items)
        elif isinstance(node, Call):
            out.add(node.name)
    return frozenset(out)


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
    constraints: tuple[ConstraintTemplate, ...] = ()  # the constraint templates it offers
    active: tuple[ConstraintTemplate, ...] = ()  # the ones turned on (see with_constraints)
    # What an opt-in lossy import dropped (a PDDL domain imported with probabilistic="most_likely"); every
    # spec generated from the toolset carries it in meta["approximations"], so nothing is dropped silently.
    approximations: tuple[str, ...] = ()
    # Start-state rules a tool needs to be of any use, applied only when a directive asks for that tool
    # (calendar's ``unschedule`` needs meetings already on a slot; every other task starts as before).
    init_when_asked: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    # What a tool adds to the domain when a directive asks for it, so that a goal can name what it does: by tool,
    # ``predicates`` to declare, ``effects`` the tool gets besides its own, ``goal`` predicates and their
    # ``templates`` (support's ``update_address`` also marks the customer ``address_changed``: "update the
    # addresses of two customers" then has a goal per customer), ``tools`` that exist only then (the calendar's
    # ``cancel_meeting``, parsed to :class:`Tool`) and ``counts``: goal predicates a count of the objects they are
    # about counts ("cancel 2 meetings": two ``cancelled`` goals). Every task not asking for the tool is unchanged.
    when_asked: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Tools and predicates that exist only in tasks hiding facts (a ``partial_observability`` block's own
    # ``tools`` and ``predicates``): a toolset with them hides its facts only when a directive asks for hidden
    # facts, never at high difficulty alone, so every task not asking for them is as before (the PDDL corpus:
    # dungeon's ``look_around`` reveals where keys lie). See :meth:`seen`.
    reveal_tools: tuple[Tool, ...] = ()
    reveal_predicates: tuple[Predicate, ...] = ()
    # Distractors built on the world's own types, only in a task whose tool count is past the world's own tools
    # ("blocks world, 12 tools"): see :mod:`gensim_gym.generation.decoys`.
    decoy_tools: tuple[Tool, ...] = ()
    # Counts of a thing a fact without arguments is about that count calls of a tool in the golden plan (see
    # :class:`CallCount`: tireworld's flat tires); every task whose directive counts none is unchanged.
    call_counts: tuple[CallCount, ...] = ()

    @property
    def all_tools(self) -> tuple[Tool, ...]:
        return self.tools + self.extra_tools + self.distractor_tools + self.decoy_tools

    @property
    def asked_tools(self) -> tuple[Tool, ...]:
        """The tools that exist only in tasks whose directive asks for them (:attr:`when_asked`'s ``tools``): the
        readers map verbs to them, the generator adds them where asked (``offline.with_asked``)."""
        return tuple(t for extra in self.when_asked.values() for t in extra.get("tools", ()))

    def goal_effects(self, tool: Tool) -> tuple[FactEffect, ...]:
        """``tool``'s effects on this world's goals: a goal predicate made true, or a predicate the goals negate
        made false (a deletion)."""
        return tuple(e for e in predicate_effects(tool)
                     if e.predicate in (self.goal_negated if e.negated else self.goal_predicates))

    def seen(self, hiding: bool) -> Toolset:
        """This toolset as a task sees it: with its reveal tools and predicates where it hides facts, with
        nothing hidden where it does not. A toolset without reveal tools of its own is returned as it is (its
        reveal tools are extra tools, in every task from difficulty 0.5)."""
        if not self.reveal_tools:
            return self
        if hiding:
            return replace(self, predicates=self.predicates + self.reveal_predicates,
                           extra_tools=self.extra_tools + self.reveal_tools, reveal_tools=(), reveal_predicates=())
        return replace(self, hidden=(), extra_pre={}, needs_tools=(), reveal_tools=(), reveal_predicates=())

    def with_constraints(self, names: tuple[str, ...] | list[str]) -> Toolset:
        """This toolset with the named constraint templates of its own turned on (others are ignored):
        tools relaxed, predicates added, fluent bounds widened (see :class:`ConstraintTemplate`)."""
        chosen = tuple(t for t in self.constraints if t.name in names)
        if not chosen:
            return self
        overrides: dict[str, dict[str, Any]] = {}
        for t in chosen:
            for tool, fields_ in t.tools.items():
                overrides.setdefault(tool, {}).update(fields_)

        def patch(tools: tuple[Tool, ...]) -> tuple[Tool, ...]:
            # the override fields come from registry JSON validated against the toolset schema
            return tuple(replace(tool, **{k: tuple(v) if k == "effects" else v  # type: ignore[arg-type]
                                          for k, v in overrides[tool.name].items()})
                         if tool.name in overrides else tool for tool in tools)

        bounds = {name: b for t in chosen for name, b in t.fluents.items()}
        fluents = tuple(replace(f, min=float(bounds[f.name].get("min", f.min)),
                                max=float(bounds[f.name].get("max", f.max))) if f.name in bounds else f
                        for f in self.fluents)
        # two templates may declare one predicate (deleted_from): declared once
        predicates = self.predicates + tuple(dict.fromkeys(p for t in chosen for p in t.predicates
                                                           if p not in self.predicates))
        return replace(self, predicates=predicates, fluents=fluents, tools=patch(self.tools),
                       extra_tools=patch(self.extra_tools), distractor_tools=patch(self.distractor_tools),
                       active=chosen)

    @classmethod
    def from_dict(cls, d: dict[str, Any], source: str = "") -> Toolset:
        try:
            name = d["name"]

            def tools_of(items, distractor: bool = False) -> tuple[Tool, ...]:
                return tuple(Tool.from_dict({**t, "toolset": name, "distractor": distractor}) for t in items)

            def tools(key: str, distractor: bool = False) -> tuple[Tool, ...]:
                return tools_of(d.get(key, ()), distractor)

            partial = d.get("partial_observability", {})
            toolset = cls(
                name=name, description=d["description"], keywords=tuple(d.get("keywords", ())),
                types=tuple(TypeDecl.from_dict(t, v) for t, v in d["types"].items()),
                predicates=tuple(Predicate.from_dict(p) for p in d["predicates"]),
                fluents=tuple(Fluent.from_dict(f) for f in d.get("fluents", ())),
                tools=tools("tools"), extra_tools=tools("extra_tools"),
                distractor_tools=tools("distractor_tools", distractor=True),
                hidden=tuple(partial.get("hidden", ())), extra_pre=dict(partial.get("extra_pre", {})),
                needs_tools=tuple(partial.get("needs_tools", ())),
                init=tuple(d["init"]), goal_predicates=tuple(d["goal"]["predicates"]),
                goal_fluents=tuple(d["goal"].get("fluents", ())), max_goals=int(d["goal"].get("max_goals", 3)),
                templates=dict(d.get("templates", {})), goal_negated=tuple(d["goal"].get("negated", ())),
                constraints=tuple(ConstraintTemplate.from_dict(c) for c in d.get("constraints", ())),
                init_when_asked={tool: tuple(rules) for tool, rules in d.get("init_when_asked", {}).items()},
                when_asked={tool: {**extra, "tools": tools_of(extra.get("tools", ()))}
                            for tool, extra in d.get("when_asked", {}).items()},
                reveal_tools=tools_of(partial.get("tools", ())),
                reveal_predicates=tuple(Predicate.from_dict(p) for p in partial.get("predicates", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SpecError(f"malformed toolset {source or d.get('name', '?')}: {exc!r}") from None
        for where, rules in [("init", d["init"]), *((f"init_when_asked.{tool}", rules)
                                                    for tool, rules in d.get("init_when_asked", {}).items())]:
            for i, rule in enumerate(rules):
                if isinstance(rule, dict) and "order" in rule:
                    init_order(rule, f"{source or name}: {where}[{i}]")
        if "call_counts" not in d:
            return toolset
        facts = {p.name: len(p.params) for p in toolset.predicates}
        names = {t.name for t in toolset.all_tools + toolset.asked_tools}
        return replace(toolset, call_counts=CallCount.parse(d["call_counts"], source or toolset.name, facts, names))


#: An init rule's ``order`` (:func:`init_order`): which objects of a type, in their ``names`` order, its ``each``
#: variables bind: with one variable its ``first`` or ``last`` object, with two of one type each object and the
#: ``next`` one (a chain: d1-d2, d2-d3, ...) or each object and every one after it (``before``: all ordered pairs).
INIT_ORDERS = {"first": 1, "last": 1, "next": 2, "before": 2}
_ORDER_VAR = re.compile(r"^\s*\?[A-Za-z_][A-Za-z0-9_]*\s*:\s*([A-Za-z_][A-Za-z0-9_]*)\s*$")


def init_order(rule: dict[str, Any], where: str) -> str:
    """The ``order`` of init rule ``rule`` (:data:`INIT_ORDERS`), checked: a :class:`SpecError` naming the rule's JSON
    path ``where`` (``hanoi.json: init[0]``) and what is allowed where the value is unknown, the ``each`` variables
    are not one (``first``, ``last``) or two of one type (``next``, ``before``), or the rule also has a ``zip``."""
    order = rule["order"]
    allowed = ", ".join(f"'{o}'" for o in INIT_ORDERS)
    if not isinstance(order, str) or order not in INIT_ORDERS:
        raise SpecError(f"{where}.order: {order!r} is no order; allowed: {allowed} ('first' and 'last' with one "
                        f"'each' variable, 'next' and 'before' with two of one type)")
    each = rule.get("each")
    items = [each] if isinstance(each, str) else list(each) if isinstance(each, list) else []
    kinds = [m.group(1) if (m := _ORDER_VAR.match(str(v))) else None for v in items]
    if len(kinds) != INIT_ORDERS[order] or None in kinds or len(set(kinds)) != 1:
        want = "one 'each' variable" if INIT_ORDERS[order] == 1 else "two 'each' variables of one type"
        raise SpecError(f"{where}.order: {order!r} needs {want} ('?name: type'), got each={each!r}")
    if "zip" in rule:
        raise SpecError(f"{where}.order: an ordered rule takes no 'zip' (allowed with 'order': each, set, prob, "
                        f"pick, range)")
    return order


#: Environment variable naming extra registry folders (``os.pathsep``-separated), scanned for ``.json``
#: toolsets (JSON toolsets and PDDL sidecars) and ``.pddl`` domain files.
REGISTRY_ENV = "GENSIM_REGISTRY"
_REGISTERED: dict[str, Toolset] = {}  # register_toolset's, in this process


@cache
def _scan(folder: str, builtin: bool) -> tuple[Toolset, ...]:
    """The toolsets of one folder (cached: a folder is read once per process)."""
    root = Path(folder)
    paths = sorted(root.glob("*.json"))
    if builtin and find_spec("pddl") is not None:
        # The shipped PDDL corpus (sidecars naming their domains) needs the [pddl] extra to compile; a base
        # install goes without it (get_toolset then says which extra to install).
        paths += sorted((root / "pddl").glob("*.json"))
    else:
        paths += sorted(q for q in root.glob("*.pddl") if _is_domain_file(q))
    out = []
    for path in paths:
        out.append(_toolset_of(path))
    return tuple(out)


def _is_domain_file(path: Path) -> bool:
    with path.open(encoding="utf-8", errors="replace") as fh:
        head = fh.read(4000).lower()
    return re.search(r"\(\s*domain\s", head) is not None and ":domain" not in head


def _toolset_of(path: Path) -> Toolset:
    if path.suffix == ".json":
        data = load_file(path, "toolset")  # a user's folder: bounded read
        if not (isinstance(data, dict) and "pddl" in data):
            return Toolset.from_dict(data, source=str(path))
    from gensim_gym.generation.pddl_toolset import toolset_from_file  # needs the [pddl] extra

    return toolset_from_file(path)


def load_registry(folder: str | None = None) -> dict[str, Toolset]:
    """All toolsets by name: the shipped ``tool_registry`` (or ``folder`` alone when given), then the folders
    named by ``GENSIM_REGISTRY``, then those added by :func:`register_toolset` (a later one of the same
    name wins)."""
    if folder:
        return {t.name: t for t in _scan(str(Path(folder).resolve()), False)}
    out = {t.name: t for t in _scan(str(data_dir("tool_registry")), True)}
    for extra in os.environ.get(REGISTRY_ENV, "").split(os.pathsep):
        if extra.strip():
            if not Path(extra).is_dir():
                raise SpecError(f"{REGISTRY_ENV} names {extra!r}, which is not a folder")
            out.update((t.name, t) for t in _scan(str(Path(extra).resolve()), False))
    out.update(_REGISTERED)
    return out


def register_toolset(toolset_or_path: Toolset | str | os.PathLike) -> Toolset:
    """Add a toolset to the registry of this process; directives can then name it by its keywords.

    Args:
        toolset_or_path: a :class:`Toolset`, or the path of a JSON toolset, a PDDL sidecar (``.json`` with a
            ``pddl`` key) or a ``.pddl`` domain file with a folder of problems named like it.

    Returns:
        The registered toolset.
    """
    if isinstance(toolset_or_path, Toolset):
        toolset = toolset_or_path
    elif isinstance(toolset_or_path, str | os.PathLike):
        path = Path(toolset_or_path)
        if not path.is_file():
            raise SpecError(f"register_toolset: {str(path)!r} is not a file")
        toolset = _toolset_of(path)
    else:
        raise ArgumentTypeError(f"register_toolset: expected a Toolset or a path, got {type(toolset_or_path).__name__}")
    _REGISTERED[toolset.name] = toolset
    return toolset


def unregister_toolset(name: str) -> None:
    """Remove a toolset :func:`register_toolset` added (tests and notebooks)."""
    _REGISTERED.pop(name, None)


def corpus_note() -> str:
    """A note for unknown-domain errors when the shipped PDDL corpus is left out (no ``[pddl]`` extra)."""
    if find_spec("pddl") is not None:
        return ""
    names = sorted(p.stem for p in (data_dir("tool_registry") / "pddl").glob("*.json"))
    return f"; the PDDL domains {', '.join(names)} need the extra: pip install 'gensim_gym[pddl]'" if names else ""


def get_toolset(name: str, folder: str | None = None) -> Toolset:
    registry = load_registry(folder)
    if name not in registry and not folder and (data_dir("tool_registry") / "pddl" / f"{name}.json").is_file():
        raise MissingDependencyError(f"domain {name!r} is a PDDL domain; install the extra: "
                                     f"pip install 'gensim_gym[pddl]'")
    if name not in registry:
        raise DirectiveError(f"unknown domain {name!r}{did_you_mean(name, registry)}; domains: {', '.join(registry)}")
    return registry[name]
