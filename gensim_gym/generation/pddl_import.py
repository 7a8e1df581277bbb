"""PDDL domains compiled into the declarative toolset form ("PDDL is a door, not a second world model").

A PDDL domain is parsed by the maintained ``pddl`` package (extra ``[pddl]``; never by a parser of our
own) and compiled into what a JSON toolset declares: object types, predicates and tools whose
preconditions and effects are expressions of :mod:`gensim_gym.dsl`. The offline generator, verification
and the runtime then work on it unchanged.

Supported: STRIPS, typing (also type hierarchies and ``either``), negative and disjunctive
preconditions, implications, equality, constants, existential preconditions (the witness becomes one more
tool parameter: the same calls are possible, so plan lengths are kept) and unquantified conditional
effects (an action with ``k`` of them becomes ``2**k`` tools, one per combination of conditions that hold
— exactly one applies in any state). Hierarchies are flattened: a parameter of a supertype is split over
its concrete subtypes, a predicate over the concrete types of its arguments. Equality becomes a static
predicate ``same_<type>`` true for every object and itself. Universal preconditions expand over a fixed
object set (a problem's) when one is given. Non-recursive derived predicates are replaced by their
definitions wherever they are used (preconditions, conditions, goals): a derived atom holds exactly when its
definition does, so nothing changes. Probabilistic effects compile into a tool's ``fail_prob`` and
``fail_effects`` where that is exact (:mod:`gensim_gym.generation.pddl_prob`). Anything else — recursive
derived predicates where used, durative actions, numeric fluents, other probabilistic effects, quantified
effects, universal preconditions without fixed objects — raises :class:`SpecError` naming the
``:requirement`` and the line of the domain text that uses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

from gensim_gym.errors import SpecError, require
from gensim_gym.generation.pddl_prob import rewrite
from gensim_gym.spec.model import Param, Predicate, Tool

#: Domain text read at most (a user's file: bounded).
MAX_DOMAIN_CHARS = 500_000
#: Tools one action may become (type splits × conditional-effect splits).
MAX_VARIANTS = 64
#: Conditional effects one action may have (each doubles its tools).
MAX_CONDITIONAL = 4

#: Requirements the compiler supports; ``:adl`` is accepted and its unsupported parts are refused where used.
SUPPORTED = frozenset({":strips", ":typing", ":negative-preconditions", ":disjunctive-preconditions", ":equality",
                       ":existential-preconditions", ":conditional-effects", ":adl", ":quantified-preconditions",
                       ":universal-preconditions", ":derived-predicates"})
#: What a feature of the text needs, for the error message: the token that shows it → its requirement.
_FEATURE_TOKENS = {":durative-action": ":durative-actions",
                   ":functions": ":numeric-fluents", "probabilistic": ":probabilistic-effects",
                   "oneof": ":non-deterministic", ":constraints": ":constraints", "preference": ":preferences"}
_KEYWORDS = {"and", "or", "not", "true", "false", "reveal"}


@cache
def _parser(kind: str):
    """One parser per kind for the process: building one (a lark grammar) costs far more than parsing."""
    require("pddl", "pddl")
    from pddl.parser.domain import DomainParser
    from pddl.parser.problem import ProblemParser, ProblemTransformer

    class Transformer(ProblemTransformer):
        """Reads a problem's goal with the problem's own ``:requirements``: the ``pddl`` package checks a
        goal's features against the requirements of a domain it never sees here, so a problem could not
        declare a disjunctive or quantified goal at all."""

        def requirements(self, args):
            self._domain_transformer.requirements(args)
            return super().requirements(args)

        # A quantified goal's variables and their types: the package leaves them unparsed trees.
        def typed_list_variable(self, args):
            return self._domain_transformer.typed_list_variable(args)

        def type_def(self, args):
            return self._domain_transformer.type_def(args)

    class Parser(ProblemParser):
        transformer_cls = Transformer

    return DomainParser() if kind == "domain" else Parser()


def line_of(text: str, token: str) -> int:
    """1-based line of the first occurrence of ``token`` in ``text`` outside comments (0: not found)."""
    for number, line in enumerate(text.splitlines(), 1):
        if token in line.split(";", 1)[0].lower():
            return number
    return 0


def name_of(pddl_name: str) -> str:
    """A PDDL name as a name of the expression language (``-`` → ``_``; keywords get a trailing ``_``)."""
    out = re.sub(r"[^a-z0-9_]", "_", str(pddl_name).lower())  # PDDL names are case-insensitive
    if not re.match(r"[A-Za-z_]", out):
        out = "n_" + out
    return out + "_" if out in _KEYWORDS else out


def _check_requirements(text: str, source: str) -> None:
    """Refuse unsupported requirements before parsing, naming the requirement and its line."""
    body = text.lower()
    declared = re.search(r"\(\s*:requirements([^)]*)\)", body)
    for req in (declared.group(1).split() if declared else []):
        if req not in SUPPORTED:
            raise SpecError(f"{source}: requirement {req} (line {line_of(text, req)}) is not supported; "
                            f"supported: {', '.join(sorted(SUPPORTED))}")
    for token, req in _FEATURE_TOKENS.items():
        line = line_of(text, token)
        if line:
            raise SpecError(f"{source}: line {line} uses {token!r}, which needs requirement {req}; "
                            f"it is not supported (supported: {', '.join(sorted(SUPPORTED))})")


def parse_text(text: str, kind: str, source: str):
    """Parse domain or problem text with the ``pddl`` package, leniently about undeclared requirements.

    Many published domains use a feature (``either``, negative preconditions) without declaring it, which
    planners accept; the strict parser refuses them, so a missing requirement is added and the text
    parsed again (the compiler still refuses what it cannot express).
    """
    if len(text) > MAX_DOMAIN_CHARS:
        raise SpecError(f"{source}: {len(text)} characters; at most {MAX_DOMAIN_CHARS} are read")
    if kind == "domain":
        _check_requirements(text, source)
    else:
        text = _goal_last(text)
    text += ")" * _unclosed(text)  # some published files (PDDLGym's navigation*) never close their (define
    from pddl.exceptions import PDDLMissingRequirementError

    for _ in range(8):
        try:
            return _parser(kind)(text)
        except PDDLMissingRequirementError as exc:
            _parser.cache_clear()  # the parser keeps state from a failed parse: start the next one afresh
            missing = re.search(r"(:[a-z-]+) not found", str(exc))
            if not missing or missing.group(1) not in SUPPORTED:
                raise SpecError(f"{source}: {exc}") from None
            text = _add_requirement(text, missing.group(1))
        except Exception as exc:  # the parser's own errors (lark) carry the line and column
            _parser.cache_clear()
            raise SpecError(f"{source}: not PDDL the parser accepts: {str(exc).splitlines()[0][:300]}") from None
    raise SpecError(f"{source}: too many undeclared requirements")


def _block_end(text: str, start: int) -> int:
    """End (exclusive) of the parenthesised block opening at ``start`` (comments skipped)."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == ";":
            i = text.find("\n", i)
            if i < 0:
                break
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def _goal_last(text: str) -> str:
    """The problem text with its ``(:goal ...)`` section after ``(:init ...)``: planners accept either order,
    the ``pddl`` parser only this one (PDDLGym's generated problems put the goal first)."""
    goal, init = re.search(r"\(\s*:goal\b", text, re.I), re.search(r"\(\s*:init\b", text, re.I)
    if goal is None or init is None or goal.start() > init.start():
        return text
    g_end = _block_end(text, goal.start())
    block = text[goal.start():g_end]
    rest = text[:goal.start()] + text[g_end:]
    init = re.search(r"\(\s*:init\b", rest, re.I)
    if init is None:  # cannot happen: the :init block was found above, and cutting the goal keeps it
        return text
    i_end = _block_end(rest, init.start())
    return rest[:i_end] + "\n  " + block + rest[i_end:]


def _unclosed(text: str) -> int:
    """Parentheses still open at the end of ``text`` (comments skipped)."""
    depth = 0
    for line in text.splitlines():
        code = line.split(";", 1)[0]
        depth += code.count("(") - code.count(")")
    return max(depth, 0)


def _add_requirement(text: str, req: str) -> str:
    match = re.search(r"\(\s*:requirements", text, flags=re.I)
    if match:
        return text[:match.end()] + f" {req}" + text[match.end():]
    # a domain's header, or a problem's (:domain NAME): problems may declare requirements after it
    head = re.search(r"\(\s*:?domain\s+[^)\s]+\s*\)", text, flags=re.I)
    if head is None:
        raise SpecError("PDDL text without a '(domain NAME)' header")
    return text[:head.end()] + f" (:requirements {req})" + text[head.end():]


@dataclass(frozen=True)
class CompiledDomain:
    """A PDDL domain in toolset terms.

    Attributes:
        name: the domain's name (as a toolset name).
        types: concrete object types (the spec's flat types).
        predicates: spec predicates (one per PDDL predicate and concrete argument types; ``same_<type>``
            for equality).
        tools: one or more tools per PDDL action.
        constants: constant name → concrete type.
        variants: ``(pddl predicate, concrete types)`` → spec predicate name.
        subtypes: PDDL type → the concrete types it covers.
        eq_types: types with a ``same_<type>`` predicate (its facts belong in every start state).
        actions: tool name → the PDDL action it came from.
        derived: derived predicate → its definition (substituted where used; see :class:`Derived`).
        determinized: what ``probabilistic="most_likely"`` dropped, one line per probabilistic block (empty
            when the import is exact).
    """

    name: str
    types: tuple[str, ...]
    predicates: tuple[Predicate, ...]
    tools: tuple[Tool, ...]
    constants: dict[str, str]
    variants: dict[tuple[str, tuple[str, ...]], str]
    subtypes: dict[str, tuple[str, ...]]
    eq_types: tuple[str, ...]
    actions: dict[str, str]
    derived: dict[str, Derived] = field(default_factory=dict)
    determinized: tuple[str, ...] = ()

    def predicate_variants(self, pddl_name: str) -> list[str]:
        return [v for (p, _), v in self.variants.items() if p == name_of(pddl_name)]

    def fact(self, pddl_name: str, args: list[str], object_types: dict[str, str]) -> str | None:
        """The spec fact of a ground PDDL atom (``None``: its argument types make it impossible)."""
        key = (name_of(pddl_name), tuple(object_types[a] for a in args))
        if key not in self.variants:
            return None
        return f"{self.variants[key]}({', '.join(args)})"

    def equality_facts(self, objects: dict[str, tuple[str, ...]]) -> list[str]:
        return [f"same_{t}({o}, {o})" for t in self.eq_types for o in objects.get(t, ())]


@dataclass(frozen=True)
class Derived:
    """A derived predicate (``:derived``): its variables and defining formula (``pddl`` objects).

    A non-recursive one is replaced by its definition where it is used; a recursive one (it depends on
    itself, directly or through others) has no finite form in the expression language and is refused where
    used, naming its line.
    """

    variables: tuple[Any, ...]
    body: Any
    recursive: bool
    line: int


def _derived(domain: Any, text: str) -> dict[str, Derived]:
    from pddl.logic.predicates import Predicate as Atom

    defs = {name_of(d.predicate.name): d for d in domain.derived_predicates}
    uses: dict[str, set[str]] = {}
    for name, d in defs.items():
        uses[name] = {name_of(a.name) for a in _walk(d.condition) if isinstance(a, Atom)} & set(defs)

    def reaches(start: str) -> bool:  # start depends on itself
        seen, todo = set(), list(uses[start])
        while todo:
            cur = todo.pop()
            if cur == start:
                return True
            if cur not in seen:
                seen.add(cur)
                todo.extend(uses[cur])
        return False

    out = {}
    for name, d in defs.items():
        m = re.search(rf"\(\s*:derived\s*\(\s*{re.escape(str(d.predicate.name))}\b", text, re.I)
        line = text.count("\n", 0, m.start()) + 1 if m else 0
        out[name] = Derived(tuple(d.predicate.terms), d.condition, reaches(name), line)
    return out


def _walk(node) -> list:
    """Every sub-formula of a condition (the node itself included)."""
    out, todo = [], [node]
    while todo:
        cur = todo.pop()
        out.append(cur)
        for attr in ("operands", "argument", "condition"):
            sub = getattr(cur, attr, None)
            if sub is not None and not isinstance(sub, str):
                todo.extend(sub if isinstance(sub, tuple | list) else [sub])
    return out


def compile_domain(domain: Any, text: str = "", source: str = "domain", inhabited: set[str] | None = None,
                   objects: dict[str, list[str]] | None = None, *, fail: dict[str, float] | None = None,
                   determinized: tuple[str, ...] = ()) -> CompiledDomain:
    """Compile a parsed ``pddl.core.Domain`` (see the module docstring).

    ``inhabited`` names the types objects are declared of (a problem's, a sidecar's); only they (and the
    constants' types) become spec types. Default: the leaves of the type hierarchy. ``fail`` gives the
    ``fail_prob`` of an action's tools (lower-case PDDL action name → probability; see
    :func:`gensim_gym.generation.pddl_prob.rewrite`, which also yields ``determinized``).
    """
    derived = _derived(domain, text)
    if domain.functions:
        raise SpecError(f"{source}: functions (line {line_of(text, ':functions')}) need requirement "
                        f":numeric-fluents, which is not supported for import")
    own = {name_of(t) for c in domain.constants for t in c.type_tags}
    subtypes, concrete = _type_tree(domain.types, None if inhabited is None else {*inhabited, *own})
    constants = {}
    for c in sorted(domain.constants, key=lambda c: c.name):
        constants[name_of(c.name)] = one_type(c.type_tags, subtypes, f"{source}: constant {c.name}")
    variants: dict[tuple[str, tuple[str, ...]], str] = {}
    predicates: list[Predicate] = []
    for p in sorted(domain.predicates, key=lambda p: p.name):
        if name_of(p.name) in derived:  # not state: replaced by its definition where used
            continue
        combos = list(product(*(_concrete(t.type_tags, subtypes) for t in p.terms)))
        for combo in combos:
            name = name_of(p.name) if len(combos) == 1 else "__".join([name_of(p.name), *combo])
            variants[(name_of(p.name), combo)] = name
            predicates.append(Predicate(name, combo, f"PDDL predicate {p.name}"))
    builder = ActionBuilder(variants, subtypes, constants, source, text, objects=objects, derived=derived)
    tools: list[Tool] = []
    actions: dict[str, str] = {}
    fail = fail or {}
    for action in sorted(domain.actions, key=lambda a: a.name):
        for tool in builder.tools(action, domain.name):
            if fail.get(str(action.name).lower()):  # a probabilistic effect: the tool fails with 1 - p
                tool = replace(tool, fail_prob=fail[str(action.name).lower()])
            tools.append(tool)
            actions[tool.name] = str(action.name)
    # Tools and predicates are separate namespaces (PDDLGym names an action's "operator predicate" like it).
    names = [t.name for t in tools]
    clash = sorted({n for n in names if names.count(n) > 1})
    names = [p.name for p in predicates]
    clash += sorted({n for n in names if names.count(n) > 1})
    if clash:
        raise SpecError(f"{source}: names {clash} clash once '-' becomes '_'; rename them in the domain")
    eq_types = tuple(sorted(builder.eq_types))
    predicates += [Predicate(f"same_{t}", (t, t), "the two are the same object (PDDL equality)") for t in eq_types]
    return CompiledDomain(name_of(domain.name), concrete, tuple(predicates), tuple(tools), constants, variants,
                          subtypes, eq_types, actions, derived, tuple(determinized))


def _type_tree(types: dict, inhabited: set[str] | None) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    """PDDL type → the concrete types under it (itself included), and the concrete types: the inhabited
    ones, or the leaves of the hierarchy; ``object`` for an untyped domain."""
    declared = sorted({name_of(t) for pair in types.items() for t in pair if t and str(t) != "object"})
    parents = {name_of(t): name_of(p) if p and str(p) != "object" else None for t, p in types.items()
               if str(t) != "object"}
    if inhabited is None:
        inhabited = set(declared) - set(parents.values())
    concrete = tuple(t for t in declared if t in inhabited) if declared else ("object",)
    if declared and "object" in inhabited:
        concrete = ("object", *concrete)
        parents = {t: p or "object" for t, p in parents.items()}
    out: dict[str, tuple[str, ...]] = {"object": concrete}
    for t in declared:
        below = []
        for c in concrete:
            seen: set[str] = set()
            cur: str | None = c
            while cur is not None and cur not in seen:
                if cur == t:
                    below.append(c)
                    break
                seen.add(cur)
                cur = parents.get(cur)
        out[t] = tuple(below)
    return out, concrete


def _concrete(tags, subtypes: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    tags = [name_of(t) for t in tags] or ["object"]
    out: list[str] = []
    for t in tags:
        if t not in subtypes:
            raise SpecError(f"undeclared type {t!r}; declared: {', '.join(subtypes)}")
        out += [c for c in subtypes[t] if c not in out]
    return tuple(out)


def one_type(tags, subtypes: dict[str, tuple[str, ...]], where: str) -> str:
    tags = [name_of(t) for t in tags] or ["object"]
    if len(tags) != 1:
        raise SpecError(f"{where}: an object has one type; got either {tags}")
    if tags[0] == "object":
        return subtypes["object"][0] if len(subtypes["object"]) == 1 else "object"
    return tags[0]


class ActionBuilder:
    """Turns one PDDL action into tools (see :func:`compile_domain`)."""

    def __init__(self, variants, subtypes, constants, source: str, text: str, *,
                 objects: dict[str, list[str]] | None = None, derived: dict[str, Derived] | None = None) -> None:
        self.variants, self.subtypes, self.constants = variants, subtypes, constants
        self.source, self.text = source, text
        self.derived = derived or {}
        self._fresh = 0  # numbers the bound variables of substituted derived definitions
        self.eq_types: set[str] = set()
        # A fixed object set (a problem's) lets universal quantifiers expand over it; ``lifted`` holds the
        # existential quantifiers whose witnesses became tool parameters, ``subst`` the bound variables.
        self.objects = None if objects is None else {t: list(v) for t, v in objects.items()}
        if self.objects is not None:
            for const, t in constants.items():
                if const not in self.objects.setdefault(t, []):
                    self.objects[t].append(const)
        self.lifted: set[int] = set()
        self.subst: dict[str, tuple[str, str]] = {}

    def _refuse(self, what: str, req: str, token: str) -> SpecError:
        line = line_of(self.text, token)
        return SpecError(f"{self.source}: {what} (line {line}) needs requirement {req}, "
                         f"which the spec language cannot express")

    def expand(self, node, mapping: dict[str, Any] | None = None, fresh: bool = False):
        """``node`` with every derived atom replaced by its definition (arguments substituted, the
        definition's own quantified variables renamed apart); unchanged when the domain has none."""
        if not self.derived or node is None:
            return node
        from pddl.logic.base import And, ExistsCondition, ForallCondition, Imply, Not, Or
        from pddl.logic.predicates import EqualTo
        from pddl.logic.predicates import Predicate as Atom
        from pddl.logic.terms import Variable

        mapping = mapping or {}

        def term(t):
            return mapping.get(str(t.name), t) if isinstance(t, Variable) else t

        if isinstance(node, Atom):
            terms = [term(t) for t in node.terms]
            d = self.derived.get(name_of(node.name))
            if d is None:
                return Atom(node.name, *terms)
            if d.recursive:
                raise SpecError(f"{self.source}: derived predicate {node.name} (line {d.line}) is recursive: "
                                f"it needs requirement :derived-predicates with recursion, which the spec "
                                f"language cannot express (non-recursive ones are substituted)")
            inner = {str(v.name): t for v, t in zip(d.variables, terms, strict=True)}
            return self.expand(d.body, inner, fresh=True)
        if isinstance(node, EqualTo):
            return EqualTo(term(node.left), term(node.right))
        if isinstance(node, And | Or | Imply):
            return type(node)(*(self.expand(o, mapping, fresh) for o in node.operands))
        if isinstance(node, Not):
            return Not(self.expand(node.argument, mapping, fresh))
        if isinstance(node, ExistsCondition | ForallCondition):
            if not fresh:
                return type(node)(self.expand(node.condition, mapping, fresh), node.variables)
            new = []
            for v in node.variables:
                self._fresh += 1
                new.append(Variable(f"{v.name}_d{self._fresh}", v.type_tags))
            inner = {**mapping, **{str(v.name): n for v, n in zip(node.variables, new, strict=True)}}
            return type(node)(self.expand(node.condition, inner, fresh), new)
        return node

    def tools(self, action: Any, domain: str) -> list[Tool]:
        params = [(name_of(v.name), v.type_tags) for v in action.parameters]
        witnesses: list[Any] = []  # the pddl package's Variable objects of existential preconditions
        precondition = self.expand(action.precondition)
        self._collect_exists(precondition, witnesses, positive=True)
        every = params + [(name_of(v.name), v.type_tags) for v in witnesses]
        names = [n for n, _ in every]
        if len(set(names)) != len(names):
            raise SpecError(f"{self.source}: action {action.name}: an existential variable reuses a parameter name")
        combos = list(product(*(_concrete(tags, self.subtypes) for _, tags in every)))
        effects, conditions = self._effects(action.effect)
        splits = list(product((True, False), repeat=len(conditions)))
        if len(combos) * len(splits) > MAX_VARIANTS:
            raise SpecError(f"{self.source}: action {action.name} becomes {len(combos) * len(splits)} tools "
                            f"(types × conditional effects); at most {MAX_VARIANTS}")
        out: list[Tool] = []
        for combo in combos:
            typing = dict(zip(names, combo, strict=True))
            pre = self._expr(precondition, typing) if precondition is not None else "true"
            for split in splits:
                parts = [pre] if pre != "true" else []
                effs = [self._literal(e, typing) for e in effects]
                for holds, (cond, conditional) in zip(split, conditions, strict=True):
                    c = self._expr(cond, typing)
                    parts.append(f"({c})" if holds else f"not ({c})")
                    if holds:
                        effs += [self._literal(e, typing) for e in conditional]
                name = name_of(action.name)
                if len(combos) > 1:
                    name += "__" + "_".join(combo)
                if len(splits) > 1:
                    name += "__" + "".join("y" if s else "n" for s in split)
                out.append(Tool(name, f"PDDL action {action.name}",
                                tuple(Param(n, t) for n, t in zip(names, combo, strict=True)),
                                " and ".join(parts) or "true", tuple(e for e in effs if e), toolset=name_of(domain)))
        return out

    def _collect_exists(self, node, out: list, positive: bool) -> None:
        from pddl.logic.base import And, ExistsCondition, ForallCondition, Imply, Not, Or

        if isinstance(node, ExistsCondition | ForallCondition):
            if isinstance(node, ExistsCondition) == positive:  # an existential: its witness is a parameter
                self.lifted.add(id(node))
                out.extend(node.variables)
                self._collect_exists(node.condition, out, positive)
            elif self.objects is None:
                what = "a universal precondition (forall)" if positive else "a negated existential precondition"
                raise self._refuse(f"{what} (it imports with a problem's fixed objects: load_problem)",
                                   ":universal-preconditions", "forall" if positive else "exists")
            # else: expanded over the objects in _expr (nested quantifiers with it)
        elif isinstance(node, And | Or):
            for op in node.operands:
                self._collect_exists(op, out, positive)
        elif isinstance(node, Not):
            self._collect_exists(node.argument, out, not positive)
        elif isinstance(node, Imply):
            first, *rest = node.operands
            self._collect_exists(first, out, not positive)
            for op in rest:
                self._collect_exists(op, out, positive)

    def _ground(self, node, typing: dict[str, str]) -> str:
        """A quantifier expanded over the fixed objects: a conjunction (forall) or disjunction (exists)."""
        from pddl.logic.base import ForallCondition

        objects = self.objects or {}
        pools = [[(o, t) for t in _concrete(v.type_tags, self.subtypes) for o in objects.get(t, ())]
                 for v in node.variables]
        names = [name_of(v.name) for v in node.variables]
        if len(list(product(*pools))) > 4096:
            raise SpecError(f"{self.source}: a quantifier expands to more than 4096 cases")
        parts, saved = [], dict(self.subst)
        for combo in product(*pools):
            self.subst.update(zip(names, combo, strict=True))
            parts.append(self._expr(node.condition, typing))
        self.subst = saved
        op = " and " if isinstance(node, ForallCondition) else " or "
        if not parts:
            return "true" if op == " and " else "false"
        return "(" + op.join(parts) + ")"

    def _term(self, term, typing: dict[str, str]) -> tuple[str, str]:
        from pddl.logic.terms import Variable

        name = name_of(term.name)
        if isinstance(term, Variable) and name in self.subst:
            return self.subst[name]
        if isinstance(term, Variable):
            return f"?{name}", typing[name]
        if name not in self.constants:
            raise SpecError(f"{self.source}: {term.name!r} is neither a parameter nor a declared constant")
        return name, self.constants[name]

    def _atom(self, node, typing: dict[str, str]) -> str:
        args = [self._term(t, typing) for t in node.terms]
        key = (name_of(node.name), tuple(t for _, t in args))
        if key not in self.variants:
            return "false"  # the arguments' types are outside the predicate's: never true
        return f"{self.variants[key]}({', '.join(a for a, _ in args)})"

    def _expr(self, node, typing: dict[str, str]) -> str:
        from pddl.logic.base import And, ExistsCondition, ForallCondition, Imply, Not, Or
        from pddl.logic.predicates import EqualTo
        from pddl.logic.predicates import Predicate as Atom

        if isinstance(node, Atom):
            return self._atom(node, typing)
        if isinstance(node, EqualTo):
            (a, ta), (b, tb) = self._term(node.left, typing), self._term(node.right, typing)
            if ta != tb:
                return "false"
            if not a.startswith("?") and not b.startswith("?"):
                return "true" if a == b else "false"
            self.eq_types.add(ta)
            return f"same_{ta}({a}, {b})"
        if isinstance(node, And | Or):
            op = " and " if isinstance(node, And) else " or "
            return "(" + op.join(self._expr(o, typing) for o in node.operands) + ")" if node.operands else (
                "true" if isinstance(node, And) else "false")
        if isinstance(node, Not):
            return f"not ({self._expr(node.argument, typing)})"
        if isinstance(node, Imply):
            first, *rest = node.operands
            return f"(not ({self._expr(first, typing)}) or ({' and '.join(self._expr(o, typing) for o in rest)}))"
        if isinstance(node, ExistsCondition | ForallCondition):
            if id(node) in self.lifted:  # its witnesses are tool parameters
                return self._expr(node.condition, typing)
            return self._ground(node, typing)
        raise SpecError(f"{self.source}: unsupported condition {type(node).__name__}: {str(node)[:80]}")

    def _effects(self, node) -> tuple[list, list[tuple[Any, list]]]:
        """Unconditional literals, and ``(condition, literals)`` per conditional effect."""
        from pddl.logic.base import And
        from pddl.logic.effects import Forall, When

        plain: list = []
        conditional: list[tuple[Any, list]] = []
        items = list(node.operands) if isinstance(node, And) else ([] if node is None else [node])
        for item in items:
            if isinstance(item, When):
                inner, nested = self._effects(item.effect)
                if nested:
                    raise self._refuse("a nested conditional effect", ":conditional-effects", "when")
                conditional.append((self.expand(item.condition), inner))
            elif isinstance(item, Forall):
                raise self._refuse("a universally quantified effect (forall)", ":conditional-effects", "forall")
            else:
                plain.append(item)
        if len(conditional) > MAX_CONDITIONAL:
            raise SpecError(f"{self.source}: an action with {len(conditional)} conditional effects; "
                            f"at most {MAX_CONDITIONAL}")
        return plain, conditional

    def _literal(self, node, typing: dict[str, str]) -> str:
        from pddl.logic.base import Not
        from pddl.logic.predicates import Predicate as Atom

        negated = isinstance(node, Not)
        atom = node.argument if negated else node
        if not isinstance(atom, Atom):
            what = type(atom).__name__
            req = ":numeric-fluents" if what in ("Increase", "Decrease", "Assign", "ScaleUp", "ScaleDown") else what
            raise SpecError(f"{self.source}: unsupported effect {str(node)[:80]} (needs {req})")
        derived = self.derived.get(name_of(atom.name))
        if derived is not None:  # else it would read as an atom no object makes true, and be dropped
            raise SpecError(f"{self.source}: derived predicate {atom.name} (line {derived.line}) is an action's "
                            f"effect; derived predicates are defined, never set")
        text = self._atom(atom, typing)
        if text == "false":
            return ""  # an atom no object can make true: adding or deleting it changes nothing
        return f"not {text}" if negated else text


def read_text(path: str | Path, what: str) -> str:
    p = Path(path)
    if not p.is_file():
        raise SpecError(f"PDDL {what} file {str(p)!r} not found")
    with p.open(encoding="utf-8", errors="replace") as fh:
        text = fh.read(MAX_DOMAIN_CHARS + 1)
    return text


def compile_file(path: str | Path, inhabited: set[str] | None = None,
                 objects: dict[str, list[str]] | None = None, probabilistic: str = "exact") -> CompiledDomain:
    """Parse and compile the PDDL domain file at ``path`` (``inhabited``, ``objects``: see
    :func:`compile_domain`; ``probabilistic``: ``"exact"``, or the lossy opt-in ``"most_likely"``, see
    :mod:`gensim_gym.generation.pddl_prob`)."""
    text = rewrite(read_text(path, "domain"), str(path), probabilistic)
    compiled = compile_domain(parse_text(text.text, "domain", str(path)), text.text, str(path), inhabited,
                              objects, fail=text.fail, determinized=text.dropped)
    if text.fail_text is None:
        return compiled
    # the same domain with each two-outcome block's other outcome kept: same actions, so the same tools
    # (by name), whose effects are what a failed call of them applies
    failing = compile_domain(parse_text(text.fail_text, "domain", str(path)), text.fail_text, str(path),
                             inhabited, objects)
    fail_effects = {t.name: t.effects for t in failing.tools}
    tools = tuple(replace(t, fail_effects=fail_effects[t.name])
                  if compiled.actions[t.name].lower() in text.fail_actions else t for t in compiled.tools)
    return replace(compiled, tools=tools)
