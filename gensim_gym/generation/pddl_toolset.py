"""Toolsets and specs from PDDL: a compiled domain plus where start states come from.

A PDDL domain says what can be done, not what a start state looks like, so a toolset needs one of:

- a **sidecar** JSON file (``{"pddl": "blocks.pddl", "keywords": [...], "types": {...}, "init": [...],
  "goal": {...}}``, the same fields as a JSON toolset minus the tools): object name pools and counts
  per type, and init rules that sample a start state at any size — the shipped corpus
  (``tool_registry/pddl/``) works this way, so tasks grow with difficulty;
- a **problem** file: its objects and initial state are the start state (the goal is drawn by the
  generator's walks, as for every domain), for domains met only with their problems (PDDLGym's).

:func:`load_problem` plays one problem as given, its own goal included.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from gensim_gym.errors import SpecError
from gensim_gym.generation.pddl_import import CompiledDomain, compile_file, name_of, one_type, parse_text, read_text
from gensim_gym.generation.toolsets import Toolset
from gensim_gym.spec.model import Reward, SimSpec, Tools, World
from gensim_gym.spec.validate import schema

#: Objects of one type a problem may declare (bounded: a user's file).
MAX_PROBLEM_OBJECTS = 500
#: The longest horizon a spec may have (the schema's bound, read from it).
MAX_HORIZON: int = schema()["$defs"]["task"]["properties"]["horizon"]["maximum"]


def check_size(compiled: CompiledDomain, counts: dict[str, int], source: str) -> None:
    """Refuse object counts whose tools ground to more calls than the action space holds, saying how to
    shrink them (the spec's own checks would refuse them later with less to go on)."""
    from math import prod

    from gensim_gym.spec.validate import MAX_GROUND_ACTIONS, schema

    per_type = schema()["$defs"]["task"]["properties"]["objects"]["additionalProperties"]["maxItems"]
    crowded = sorted(t for t, n in counts.items() if n > per_type)
    if crowded:
        raise SpecError(f"{source}: more than {per_type} objects of type {crowded[0]!r} ({counts[crowded[0]]}); "
                        f"a spec holds at most {per_type} per type: use fewer objects (a smaller problem)")
    calls = {t.name: prod(counts.get(p.type, 0) for p in t.params) for t in compiled.tools}
    total = sum(calls.values())
    if total > MAX_GROUND_ACTIONS:
        worst = max(calls, key=calls.__getitem__)
        raise SpecError(f"{source}: the domain's actions ground to {total} tool calls over these objects; the "
                        f"action space holds at most {MAX_GROUND_ACTIONS}. Use fewer objects (counts: {counts}); "
                        f"the largest is {compiled.actions[worst]!r} with {calls[worst]} calls")


def _static(compiled: CompiledDomain) -> set[str]:
    """Predicates no tool changes (type-like facts, ``same_*``): never goals."""
    written = set()
    for tool in compiled.tools:
        for effect in tool.effects + tool.fail_effects:
            written.add(effect.removeprefix("not ").split("(")[0].strip())
    return {p.name for p in compiled.predicates} - written


#: The fields of a ``partial_observability`` block (as in a JSON toolset; ``tools`` and ``predicates`` exist only
#: in tasks hiding facts: see :attr:`Toolset.reveal_tools`).
_PARTIAL_FIELDS = ("hidden", "extra_pre", "needs_tools", "tools", "predicates")


def _names_list(value: Any, field: str, source: str) -> list[str]:
    """``value`` as a list of names, or a SpecError naming ``partial_observability.<field>``."""
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise SpecError(f"{source}: partial_observability.{field} must be a list of names, got {value!r}")
    return value


def _entries(value: Any, field: str, source: str) -> list[dict[str, Any]]:
    """``value`` as a list of objects with a ``name``, or a SpecError naming ``partial_observability.<field>``."""
    if not isinstance(value, list) or not all(isinstance(v, dict) and isinstance(v.get("name"), str) for v in value):
        raise SpecError(f"{source}: partial_observability.{field} must be a list of objects with a name")
    return value


def partial_observability(meta: dict[str, Any], compiled: CompiledDomain, source: str) -> dict[str, Any]:
    """A sidecar's ``partial_observability`` block, checked against the domain: ``hidden`` names predicates,
    ``extra_pre`` maps tools to conditions, ``needs_tools`` names the tools that reveal (its own ``tools`` or the
    sidecar's extra tools). A malformed block is a SpecError naming the field, not a spec error at generation."""
    block = meta.get("partial_observability", {})
    if not isinstance(block, dict):
        raise SpecError(f"{source}: partial_observability must be an object, got {type(block).__name__}")
    unknown = sorted(set(block) - set(_PARTIAL_FIELDS))
    if unknown:
        raise SpecError(f"{source}: partial_observability.{unknown[0]} is not a field ({', '.join(_PARTIAL_FIELDS)})")
    if not block:
        return {}
    own = _entries(block.get("tools", []), "tools", source)
    preds = {p.name for p in compiled.predicates} | {p["name"] for p in meta.get("predicates", ())} \
        | {p["name"] for p in _entries(block.get("predicates", []), "predicates", source)}
    for name in _names_list(block.get("hidden"), "hidden", source):
        if name not in preds:
            raise SpecError(f"{source}: partial_observability.hidden names {name!r}, not a predicate of the domain")
    revealing = {t["name"] for t in own} | {t.get("name") for t in meta.get("extra_tools", ())}
    for name in _names_list(block.get("needs_tools"), "needs_tools", source):
        if name not in revealing:
            raise SpecError(f"{source}: partial_observability.needs_tools names {name!r}, not one of its tools or "
                            f"the sidecar's extra tools ({', '.join(sorted(revealing)) or 'none'})")
    extra_pre = block.get("extra_pre", {})
    tools = {t.name for t in compiled.tools} | revealing
    if not isinstance(extra_pre, dict) or not all(isinstance(v, str) for v in extra_pre.values()):
        raise SpecError(f"{source}: partial_observability.extra_pre must map tool names to conditions")
    for name in extra_pre:
        if name not in tools:
            raise SpecError(f"{source}: partial_observability.extra_pre names {name!r}, not a tool of the domain")
    return dict(block)


def toolset_from_sidecar(meta: dict[str, Any], compiled: CompiledDomain, source: str) -> Toolset:
    """A toolset from a compiled domain and its sidecar's fields (see the module docstring)."""
    types: dict[str, dict[str, Any]] = {t: dict(v) for t, v in meta.get("types", {}).items()}
    for t in compiled.types:
        if t not in types:
            types[t] = {"names": [], "min": 0, "max": 0}
    for const, t in compiled.constants.items():  # constants exist in every task: first in their pool
        decl = types[t]
        names = [const] + [n for n in decl["names"] if n != const]
        decl.update(names=names, min=max(int(decl["min"]), names.index(const) + 1),
                    max=max(int(decl["max"]), names.index(const) + 1))
    unknown = sorted(set(types) - set(compiled.types))
    if unknown:
        raise SpecError(f"{source}: types {unknown} are not types of the domain ({', '.join(compiled.types)})")
    goal = dict(meta.get("goal", {}))
    wanted = goal.get("predicates") or sorted(set(p.name for p in compiled.predicates) - _static(compiled))
    goal["predicates"] = [v for p in wanted for v in (compiled.predicate_variants(p) or [p])]
    check_size(compiled, {t: int(v.get("asked_max", v["max"])) for t, v in types.items()}, source)
    init = list(meta.get("init", ())) + [{"each": f"?o: {t}", "set": [f"same_{t}(?o, ?o)"]}
                                         for t in compiled.eq_types]
    # A sidecar may add tools written in the expression language: extras unlocked at higher difficulty and
    # distractors that never help (with the predicates they need), as a JSON toolset declares them.
    body = {"name": meta.get("name", compiled.name), "description": meta.get("description", f"PDDL domain "
            f"{compiled.name}."), "keywords": meta.get("keywords", [compiled.name]), "types": types,
            "predicates": [p.to_dict() for p in compiled.predicates] + list(meta.get("predicates", ())),
            "tools": [t.to_dict() for t in compiled.tools], "extra_tools": list(meta.get("extra_tools", ())),
            "distractor_tools": list(meta.get("distractor_tools", ())),
            "partial_observability": partial_observability(meta, compiled, source),
            "init": init, "goal": goal, "templates": meta.get("templates", {}),
            "when_asked": {tool: {**extra, "goal": [v for p in extra.get("goal", ())
                                                   for v in (compiled.predicate_variants(p) or [p])]}
                           for tool, extra in meta.get("when_asked", {}).items()}}
    if "call_counts" in meta:  # a count that counts calls of a tool (tireworld's flat tires: Toolset.call_counts)
        body["call_counts"] = meta["call_counts"]
    toolset = Toolset.from_dict(body, source=source)
    if compiled.determinized:
        toolset = replace(toolset, approximations=compiled.determinized)
    return toolset


def _problem_parts(domain_path: str | Path, problem_path: str | Path, probabilistic: str = "exact"):
    """The compiled domain (over the problem's types), objects by type, init facts, goal formula and object
    types of a problem (``probabilistic``: see :func:`compile_file`)."""
    source = str(problem_path)
    problem = parse_text(read_text(problem_path, "problem"), "problem", source)
    inhabited = {name_of(t) for o in problem.objects for t in (o.type_tags or ["object"])}
    declared: dict[str, list[str]] = {}  # a fixed object set: universal quantifiers expand over it
    for obj in sorted(problem.objects, key=lambda o: o.name):
        declared.setdefault(name_of(next(iter(obj.type_tags), "object")), []).append(name_of(obj.name))
    compiled = compile_file(domain_path, inhabited, declared, probabilistic)
    objects: dict[str, list[str]] = {}
    for const, t in compiled.constants.items():
        objects.setdefault(t, []).append(const)
    for obj in sorted(problem.objects, key=lambda o: o.name):
        t = one_type(obj.type_tags, compiled.subtypes, f"{source}: object {obj.name}")
        if t not in compiled.types:
            raise SpecError(f"{source}: object {obj.name} has type {t!r}, not a type of the domain")
        if name_of(obj.name) not in objects.setdefault(t, []):
            objects[t].append(name_of(obj.name))
    if sum(len(v) for v in objects.values()) > MAX_PROBLEM_OBJECTS:
        raise SpecError(f"{source}: more than {MAX_PROBLEM_OBJECTS} objects")
    check_size(compiled, {t: len(v) for t, v in objects.items()}, source)
    types = {o: t for t, names in objects.items() for o in names}
    init = []
    for atom in sorted(problem.init, key=str):
        if type(atom).__name__ != "Predicate":
            raise SpecError(f"{source}: unsupported initial fact {str(atom)[:80]} (numeric fluents are not imported)")
        fact = compiled.fact(atom.name, [name_of(t.name) for t in atom.terms], types)
        if fact is None:
            raise SpecError(f"{source}: initial fact {atom} does not fit the predicate's types")
        init.append(fact)
    init += compiled.equality_facts({t: tuple(v) for t, v in objects.items()})
    return compiled, {t: tuple(v) for t, v in objects.items()}, init, problem.goal, types


def toolset_from_problem(domain_path: str | Path, problem_path: str | Path, meta: dict[str, Any] | None = None,
                         *, probabilistic: str = "exact") -> Toolset:
    """A toolset whose start state is the problem's (objects and init); goals are drawn by the generator."""
    compiled, objects, init, _, _ = _problem_parts(domain_path, problem_path, probabilistic)
    meta = dict(meta or {})
    meta["types"] = {t: {"names": list(v), "min": len(v), "max": len(v)} for t, v in objects.items()}
    meta["init"] = [{"set": [f for f in init if not f.startswith("same_")]}]
    return toolset_from_sidecar(meta, compiled, str(problem_path))


def goal_conditions(compiled: CompiledDomain, goal: Any, types: dict[str, str], source: str) -> tuple[str, ...]:
    """A PDDL goal formula as the spec's goal conditions (one per conjunct)."""
    from pddl.logic.base import And

    from gensim_gym.generation.pddl_import import ActionBuilder

    constants = {**compiled.constants, **types}
    objects: dict[str, list[str]] = {}
    for obj, t in types.items():
        objects.setdefault(t, []).append(obj)
    builder = ActionBuilder(compiled.variants, compiled.subtypes, constants, source, "", objects=objects,
                             derived=compiled.derived)
    items = list(goal.operands) if isinstance(goal, And) else [goal]
    out = tuple(builder._expr(builder.expand(item), {}) for item in items)
    missing = sorted(builder.eq_types - set(compiled.eq_types))
    if missing:
        raise SpecError(f"{source}: the goal compares objects of types {missing} the domain never compares")
    return out


def load_problem(domain_path: str | Path, problem_path: str | Path, *, horizon: int | None = None,
                 probabilistic: str = "exact") -> SimSpec:
    """The :class:`SimSpec` of one PDDL problem: its objects, initial state and goal, all the domain's tools.

    The horizon is ``horizon`` if given, else twice the shortest plan plus ten when the built-in planner
    finds one (its plan is then the spec's golden plan), plus room for the retries of tools that can fail
    (:func:`gensim_gym.generation.offline.retry_allowance`), else 200. ``probabilistic``: ``"exact"``
    (default: probabilistic effects only where a tool's ``fail_prob`` and ``fail_effects`` express them
    exactly; the golden plan is the all-success outcome's) or
    ``"most_likely"`` (lossy; what was dropped is in ``meta["approximations"]``); see
    :mod:`gensim_gym.generation.pddl_prob`.
    """
    from gensim_gym.world.compiled import CompiledWorld
    from gensim_gym.world.layout import Layout
    from gensim_gym.world.planner import best_plan

    compiled, objects, init, goal, types = _problem_parts(domain_path, problem_path, probabilistic)
    goals = goal_conditions(compiled, goal, types, str(problem_path))
    task = World(compiled.name, f"PDDL problem {Path(problem_path).name} of domain {compiled.name}.",
                compiled.types, compiled.predicates, objects, tuple(init), goals, horizon or 200)
    spec = SimSpec(task, Tools(compiled.tools, (compiled.name,)), Reward())
    spec = SimSpec.from_dict(spec.to_dict())  # schema and semantic checks, as for any spec
    result, optimal = best_plan(CompiledWorld(spec, Layout.from_spec(spec)), max_expansions=50_000)
    meta: dict[str, Any] = {"domain": compiled.name, "source": {"domain": str(domain_path),
                                                                   "problem": str(problem_path)}}
    if compiled.determinized:
        meta["approximations"] = list(compiled.determinized)
    if result.plan is not None:
        meta.update(golden_plan=[a.label for a in result.plan], golden_plan_optimal=optimal)
        if horizon is None:
            from gensim_gym.generation.offline import retry_allowance

            extra = retry_allowance(result.plan)
            task = replace(task, horizon=min(2 * len(result.plan) + 10 + extra, MAX_HORIZON))
            spec = SimSpec(task, spec.tools, spec.reward)
    return spec.with_meta(**meta)



def toolset_from_file(path: str | Path, *, probabilistic: str = "exact") -> Toolset:
    """A toolset from a ``.json`` file (a JSON toolset, or a PDDL sidecar naming its ``pddl`` domain) or a
    ``.pddl`` domain file (start states from the first problem of a folder named like it, PDDLGym's layout);
    ``probabilistic``: see :func:`load_problem`."""
    p = Path(path)
    if p.suffix == ".pddl":
        problems = sorted((p.parent / p.stem).glob("*.pddl"), key=lambda q: (q.stat().st_size, q.name))
        if not problems:
            raise SpecError(f"{p}: a PDDL domain alone has no start states; add a sidecar {p.stem}.json with "
                            f"types and init rules (see docs/pddl.md), or a folder {p.stem}/ of problem files")
        return toolset_from_problem(p, problems[0], probabilistic=probabilistic)
    from gensim_gym._json import load_file

    meta = load_file(p, "toolset")
    if not isinstance(meta, dict):
        raise SpecError(f"{p}: a toolset is a JSON object")
    if "pddl" not in meta:
        return Toolset.from_dict(meta, source=str(p))
    domain = (p.parent / str(meta["pddl"])).resolve()
    inhabited = {t for t, v in dict(meta.get("types", {})).items() if isinstance(v, dict) and v.get("max", 1)}
    return toolset_from_sidecar(meta, compile_file(domain, inhabited, probabilistic=probabilistic), str(p))
