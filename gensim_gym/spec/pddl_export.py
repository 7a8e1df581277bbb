"""A SimSpec written as PDDL: its deterministic, fully observable core.

``to_pddl(spec)`` returns ``(domain_text, problem_text)``. Types, predicates and tools map one to one
(tools become actions with typed parameters); numeric fluents become PDDL 2.1 functions
(``:numeric-fluents``) with every ground fluent's start value in the problem; the goal is the conjunction of
the spec's goal conditions. What PDDL cannot say is left out, so the export is the spec's
**deterministic, fully observable core**: hidden facts are plain facts, ``reveal`` effects are dropped,
tool failure noise (``fail_prob``, with the ``fail_effects`` a failed call applies) is dropped: a tool is
its all-success outcome, trajectory constraints are dropped, and the horizon and
reward are not written. Fluents are clamped to ``[min, max]`` in the spec and not in PDDL; the two agree
on every plan that never pushes a fluent past a bound (preconditions of the shipped domains keep them
inside). The wildcard ``_`` (any object) becomes an existential quantifier.
"""

from __future__ import annotations

from itertools import product

from gensim_gym.dsl.ast import WILDCARD, Arith, BoolOp, Call, Compare, Const, Not, Obj, Reveal, SetFact, Var
from gensim_gym.dsl.parser import parse_effect, parse_expr
from gensim_gym.errors import SpecError
from gensim_gym.spec.model import SimSpec


class _Writer:
    """Renders expression-language nodes as PDDL s-expressions for one spec."""

    def __init__(self, spec: SimSpec) -> None:
        self.fluents = {f.name: f for f in spec.task.fluents}
        self.predicates = {p.name: p for p in spec.task.predicates}
        self.requirements = {":strips", ":typing"}
        self._fresh = 0

    def args(self, call: Call, params: tuple[str, ...]) -> tuple[str, list[tuple[str, str]]]:
        """The call's argument list, and the ``(variable, type)`` pairs wildcards introduced."""
        out, bound = [], []
        for arg, t in zip(call.args, params, strict=True):
            if isinstance(arg, Var):
                out.append(f"?{arg.name}")
            elif isinstance(arg, Obj) and arg.name == WILDCARD:
                self._fresh += 1
                var = f"?any{self._fresh}"
                out.append(var)
                bound.append((var, t))
            else:
                out.append(arg.name)
        return " ".join(out), bound

    def cond(self, node) -> str:
        if isinstance(node, Const):
            if isinstance(node.value, bool):
                return "(and)" if node.value else "(or)"
            raise SpecError(f"a number {node} where a condition is expected")
        if isinstance(node, Call):
            params = self.predicates[node.name].params
            args, bound = self.args(node, params)
            atom = f"({node.name}{' ' + args if args else ''})"
            if bound:
                self.requirements.add(":existential-preconditions")
                return f"(exists ({' '.join(f'{v} - {t}' for v, t in bound)}) {atom})"
            return atom
        if isinstance(node, Not):
            self.requirements.add(":negative-preconditions")
            if not isinstance(node.item, Call):
                self.requirements.add(":disjunctive-preconditions")
            return f"(not {self.cond(node.item)})"
        if isinstance(node, BoolOp):
            if node.op == "or":
                self.requirements.add(":disjunctive-preconditions")
            return f"({node.op} {' '.join(self.cond(i) for i in node.items)})"
        if isinstance(node, Compare):
            self.requirements.add(":numeric-fluents")
            left, right = self.num(node.left), self.num(node.right)
            if node.op == "!=":
                self.requirements.add(":negative-preconditions")
                return f"(not (= {left} {right}))"
            return f"({'=' if node.op == '==' else node.op} {left} {right})"
        raise SpecError(f"cannot write {node} as a PDDL condition")

    def num(self, node) -> str:
        if isinstance(node, Const):
            return f"{float(node.value):g}"
        if isinstance(node, Call):
            args, bound = self.args(node, self.fluents[node.name].params)
            if bound:
                raise SpecError(f"the wildcard '_' in the numeric term {node} has no PDDL form")
            return f"({node.name}{' ' + args if args else ''})"
        if isinstance(node, Arith):
            return f"({node.op} {self.num(node.left)} {self.num(node.right)})"
        raise SpecError(f"cannot write {node} as a PDDL numeric expression")

    def effect(self, node) -> str:
        if isinstance(node, Reveal):
            return ""  # observability only: the fully observable core has nothing to reveal
        if isinstance(node, SetFact):
            atom = self.cond(node.atom)
            return atom if node.value else f"(not {atom})"
        self.requirements.add(":numeric-fluents")
        op = {"=": "assign", "+=": "increase", "-=": "decrease"}[node.op]
        return f"({op} {self.num(node.target)} {self.num(node.value)})"


def _params(types: tuple[str, ...]) -> str:
    return " ".join(f"?x{i} - {t}" for i, t in enumerate(types))


def to_pddl(spec: SimSpec, domain_name: str | None = None) -> tuple[str, str]:
    """``(domain_text, problem_text)`` of the spec's deterministic, fully observable core (module docstring)."""
    task = spec.task
    name = domain_name or task.name or "gensim"
    w = _Writer(spec)
    actions = []
    for tool in spec.tools.tools:
        pre = w.cond(parse_expr(tool.pre))
        effects = [e for e in (w.effect(parse_effect(s)) for s in tool.effects) if e]
        params = " ".join(f"?{p.name} - {p.type}" for p in tool.params)
        actions.append(f"  (:action {tool.name}\n    :parameters ({params})\n    :precondition {pre}\n"
                       f"    :effect (and {' '.join(effects)}))")
    types = [t for t in task.types if t != "object"]
    predicates = " ".join(f"({p.name}{' ' + _params(p.params) if p.params else ''})" for p in task.predicates)
    functions = " ".join(f"({f.name}{' ' + _params(f.params) if f.params else ''})" for f in task.fluents)
    init_facts: list[str] = []
    values: dict[str, float] = {}
    for f in task.fluents:  # every ground fluent starts at 0 clamped to its bounds, as in the spec
        for combo in product(*(task.objects.get(t, ()) for t in f.params)):
            values[f"({' '.join((f.name, *combo))})"] = min(max(0.0, f.min), f.max)
    for stmt in task.init:
        node = parse_effect(stmt)
        if isinstance(node, SetFact):
            atom = w.cond(node.atom)
            if node.value and atom not in init_facts:
                init_facts.append(atom)
            elif not node.value and atom in init_facts:
                init_facts.remove(atom)
        elif not isinstance(node, Reveal):
            key, old = w.num(node.target), values.get(w.num(node.target), 0.0)
            value = float(node.value.value) if isinstance(node.value, Const) else None
            if value is None:
                raise SpecError(f"init statement {stmt!r}: only numbers can be written to a PDDL problem")
            new = value if node.op == "=" else old + value if node.op == "+=" else old - value
            f = w.fluents[node.target.name]
            values[key] = min(max(new, f.min), f.max)
    init = init_facts + [f"(= {k} {v:g})" for k, v in values.items()]
    goal = " ".join(w.cond(parse_expr(g)) for g in task.goal)
    reqs = " ".join(sorted(w.requirements))
    domain = (f"(define (domain {name})\n  (:requirements {reqs})\n"
              + (f"  (:types {' '.join(types)})\n" if types else "")
              + (f"  (:predicates {predicates})\n" if predicates else "")
              + (f"  (:functions {functions})\n" if functions else "")
              + "\n".join(actions) + ")\n")
    objects = " ".join(f"{' '.join(names)} - {t}" for t, names in task.objects.items() if names)
    problem = (f"(define (problem {name}-{spec.id})\n  (:domain {name})\n  (:objects {objects})\n"
               f"  (:init {' '.join(init)})\n  (:goal (and {goal})))\n")
    return domain, problem
