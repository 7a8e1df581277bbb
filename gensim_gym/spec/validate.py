"""Validation of SimSpecs: JSON Schema first, then a semantic pass.

The schema pass reports every structural problem with its JSON path. The
semantic pass resolves names (types, predicates, fluents, objects, tool
parameters), parses and type-checks every expression, and bounds every size
an untrusted author (a user or an LLM) controls, including the number of
ground atoms and ground tool calls the spec would expand to.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from math import prod
from pathlib import Path
from typing import Any

from gensim_gym._json import depth, loads, read_bounded
from gensim_gym.dsl.ast import Assign, Reveal, Var, walk
from gensim_gym.dsl.check import Vocabulary, check_effect, check_expr
from gensim_gym.dsl.parser import parse_effect, parse_expr
from gensim_gym.errors import Problem, SpecError, did_you_mean
from gensim_gym.spec.model import Fluent, Predicate, SimSpec, Tools, World

MAX_JSON_BYTES = 1_000_000
MAX_JSON_DEPTH = 64
MAX_GROUND_FACTS = 20_000
MAX_GROUND_ACTIONS = 5_000
#: Ground calls × (ground atoms + fluents): what one planner expansion may copy and check. The
#: registry's largest tasks stay under 25,000; searches are bounded too (gensim_gym.world.budget),
#: but a spec past this cap is refused before any search starts.
MAX_GROUND_WORK = 2_000_000
#: Ground instances of all trajectory constraints (bindings of their parameters): each is checked
#: after every call that writes what it reads.
MAX_GROUND_CONSTRAINTS = 20_000


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The SimSpec JSON Schema (Draft 2020-12) as a dict."""
    text = resources.files("gensim_gym.spec").joinpath("schema/simspec.schema.json").read_text()
    return json.loads(text)


@lru_cache(maxsize=1)
def _validator():
    import jsonschema

    return jsonschema.Draft202012Validator(schema())


def _json_path(parts: Iterable[Any]) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def json_chars(text: str, start: int = 0):
    """Yield ``(index, char, in_string)`` for JSON-ish text, tracking string literals and escapes.

    The one string-aware scanner behind the depth bound here and the LLM answer extraction
    (balanced-object search, trailing-comma removal), so all agree on what is inside a string.
    """
    in_string = escaped = False
    for i in range(start, len(text)):
        ch = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                yield i, ch, False  # the closing quote belongs to the string
                in_string = False
                continue
            yield i, ch, True
            continue
        if ch == '"':
            in_string = True
            yield i, ch, True
            continue
        yield i, ch, False


json_depth = depth  # the bounded loader's scanner (kept under its old name for importers)


def parse_json(text: str | bytes) -> Any:
    """Parse spec JSON text with the package's bounded loader (:func:`gensim_gym._json.loads`: size,
    nesting and digit bounds, UTF-8 only, finite numbers); errors become :class:`SpecError`."""
    return loads(text, "spec JSON", max_bytes=MAX_JSON_BYTES, max_depth=MAX_JSON_DEPTH)


def plain_json_problems(obj: Any, max_depth: int = MAX_JSON_DEPTH) -> list[Problem]:
    """Problems that make ``obj`` something other than plain, finite JSON data, each with its JSON path.

    A spec may arrive as a Python object rather than text, so the nesting bound of
    :func:`parse_json` is enforced here too (iteratively: deep nesting must not reach
    the recursion limit of the schema validator), and values JSON cannot carry
    (objects, NaN, infinities, non-string keys) are refused, so ``to_json`` cannot fail later.
    """
    problems: list[Problem] = []
    stack: list[tuple[Any, str, int]] = [(obj, "$", 1)]
    while stack and len(problems) < 20:
        value, path, depth = stack.pop()
        if isinstance(value, (dict, list)) and depth > max_depth:
            return [Problem(path, f"nests deeper than {max_depth} levels")]
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    problems.append(Problem(path, f"object keys must be strings, got {type(key).__name__} {key!r:.40}"))
                else:
                    stack.append((item, f"{path}.{key}", depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            problems.append(Problem(path, f"{value} is not a finite number"))
        elif value is not None and not isinstance(value, (str, int, float, bool)):
            problems.append(Problem(path, f"expected JSON data, got a {type(value).__name__}"))
    return problems


def schema_problems(obj: Any) -> list[Problem]:
    """Every JSON Schema violation of ``obj``, each with its JSON path."""
    problems = []
    for err in sorted(_validator().iter_errors(obj), key=lambda e: list(map(str, e.absolute_path))):
        message = err.message
        if len(message) > 300:
            message = message[:300] + "…"
        problems.append(Problem(_json_path(err.absolute_path), message))
    return problems


def validate_spec(obj: Any) -> SimSpec:
    """Validate a spec given as a dict, JSON text or :class:`SimSpec` and return the :class:`SimSpec`.

    Raises:
        SpecError: listing every problem with its JSON path.
    """
    if isinstance(obj, SimSpec):
        semantic_check(obj)
        return obj
    if isinstance(obj, (str, bytes)):
        obj = parse_json(obj)
    problems = plain_json_problems(obj) or schema_problems(obj)
    if problems:
        raise SpecError(problems)
    spec = SimSpec(World.from_dict(obj["task"]), Tools.from_dict(obj["tools"]), _reward(obj["reward"]),
                   obj.get("directive", ""), dict(obj.get("meta", {})))
    semantic_check(spec)
    return spec


def _reward(d: dict[str, Any]):
    from gensim_gym.spec.model import Reward

    return Reward.from_dict(d)


def load_spec(path: str | Path) -> SimSpec:
    """Read, validate and return the spec stored at ``path``.

    The file is read only up to ``MAX_JSON_BYTES`` (a device such as ``/dev/zero`` is refused
    after that many bytes), and text that is not UTF-8 is a :class:`SpecError`.
    """
    return validate_spec(read_bounded(path, MAX_JSON_BYTES, "spec file"))


def vocabulary(task: World) -> Vocabulary:
    """The names the task's expressions may use."""
    return Vocabulary({p.name: p.params for p in task.predicates}, {f.name: f.params for f in task.fluents},
                      task.object_types, frozenset(task.hidden))


def semantic_check(spec: SimSpec) -> None:
    """Raise :class:`SpecError` listing every semantic problem of ``spec``."""
    problems: list[Problem] = []
    task = spec.task
    _check_names(task, spec.tools, problems)
    vocab = vocabulary(task)
    _check_sizes(task, spec.tools, problems)
    if problems:  # later checks assume names resolve
        raise SpecError(problems)
    for i, stmt in enumerate(task.init):
        path = f"$.task.init[{i}]"
        try:
            node = parse_effect_cached(stmt, path)
        except SpecError as exc:
            problems.extend(exc.problems)
            continue
        if isinstance(node, Reveal):
            problems.append(Problem(path, "init statements cannot 'reveal'; list hidden predicates in task.hidden"))
            continue
        problems.extend(_ground_only(node, path))
        problems.extend(check_effect(node, vocab, {}, path))
        if isinstance(node, Assign) and node.op != "=":
            problems.append(Problem(path, f"init assigns with '=', not {node.op!r}"))
    for i, text in enumerate(task.goal):
        problems.extend(_check_ground_expr(text, vocab, f"$.task.goal[{i}]"))
    for i, tool in enumerate(spec.tools.tools):
        _check_tool(tool, i, vocab, problems)
    _check_constraints(task, vocab, problems)
    for i, term in enumerate(spec.reward.terms):
        path = f"$.reward.terms[{i}]"
        problems.extend(_check_ground_expr(term.when, vocab, path + ".when"))
        if term.value > 0 and not term.once:
            problems.append(Problem(path + ".once", "a positive reward term must have once=true, "
                                                    "otherwise an agent can farm it by staying in the state"))
    if problems:
        raise SpecError(problems)


@lru_cache(maxsize=8192)
def parse_expr_cached(text: str, path: str = "$"):
    """Parse an expression, caching by text (expressions repeat across generated specs)."""
    return parse_expr(text, path)


@lru_cache(maxsize=8192)
def parse_effect_cached(text: str, path: str = "$"):
    """Parse an effect, caching by text."""
    return parse_effect(text, path)


def _ground_only(node: object, path: str) -> list[Problem]:
    names = sorted({f"?{n.name}" for call in walk(node) if hasattr(call, "args")
                    for n in call.args if isinstance(n, Var)})
    return [Problem(path, f"must be ground (name objects, not variables); found {', '.join(names)}")] if names else []


def _check_ground_expr(text: str, vocab: Vocabulary, path: str) -> list[Problem]:
    try:
        node = parse_expr_cached(text, path)
    except SpecError as exc:
        return list(exc.problems)
    return _ground_only(node, path) + check_expr(node, vocab, {}, path)


def _check_tool(tool, i: int, vocab: Vocabulary, problems: list[Problem]) -> None:
    base = f"$.tools.tools[{i}]"
    variables: dict[str, str] = {}
    for j, param in enumerate(tool.params):
        if param.name in variables:
            problems.append(Problem(f"{base}.params[{j}].name", f"duplicate parameter {param.name!r}"))
        variables[param.name] = param.type
    try:
        problems.extend(check_expr(parse_expr_cached(tool.pre, base + ".pre"), vocab, variables, base + ".pre"))
    except SpecError as exc:
        problems.extend(exc.problems)
    # failure effects follow the rules of effects (same parameters, vocabulary and bounds)
    for field_, texts in (("effects", tool.effects), ("fail_effects", tool.fail_effects)):
        for j, text in enumerate(texts):
            _check_effect(text, f"{base}.{field_}[{j}]", vocab, variables, problems)


def _check_effect(text: str, path: str, vocab: Vocabulary, variables: dict[str, str],
                  problems: list[Problem]) -> None:
    try:
        problems.extend(check_effect(parse_effect_cached(text, path), vocab, variables, path))
    except SpecError as exc:
        problems.extend(exc.problems)


def _check_constraints(task: World, vocab: Vocabulary, problems: list[Problem]) -> None:
    """Trajectory constraints: unique names, typed distinct parameters, a well-typed condition, a
    penalty exactly when violations are penalised, and a bounded number of ground instances."""
    names: set[str] = set()
    counts = {t: len(task.objects.get(t, ())) for t in task.types}
    ground = 0
    for i, constraint in enumerate(task.constraints):
        base = f"$.task.constraints[{i}]"
        if constraint.name in names:
            problems.append(Problem(base + ".name", f"duplicate constraint name {constraint.name!r}"))
        names.add(constraint.name)
        variables: dict[str, str] = {}
        for j, param in enumerate(constraint.params):
            if param.name in variables:
                problems.append(Problem(f"{base}.params[{j}].name", f"duplicate parameter {param.name!r}"))
            if param.type not in task.types:
                problems.append(Problem(f"{base}.params[{j}].type", _unknown_type(param.type, task)))
            variables[param.name] = param.type
        try:
            node = parse_expr_cached(constraint.condition, base + ".condition")
            problems.extend(check_expr(node, vocab, variables, base + ".condition"))
        except SpecError as exc:
            problems.extend(exc.problems)
        if (constraint.on_violation == "penalty") != (constraint.penalty > 0):
            problems.append(Problem(base + ".penalty", "a penalty > 0 is required with on_violation='penalty' and "
                                                       "not allowed with 'fail' (the episode ends instead)"))
        ground += prod(counts.get(p.type, 0) for p in constraint.params)
    if ground > MAX_GROUND_CONSTRAINTS:
        problems.append(Problem("$.task.constraints", f"the constraints expand to {ground} ground instances; at most "
                                                      f"{MAX_GROUND_CONSTRAINTS} are allowed: use fewer parameters"))


def _check_names(task: World, tools: Tools, problems: list[Problem]) -> None:
    seen = _check_declarations(task, problems)
    _check_objects(task, seen, problems)
    for i, name in enumerate(task.hidden):
        if seen.get(name) != "predicate":
            problems.append(Problem(f"$.task.hidden[{i}]", f"{name!r} is not a declared predicate"
                                                           f"{did_you_mean(name, [p.name for p in task.predicates])}"))
    _check_tool_names(task, tools, problems)


def _unknown_type(t: str, task: World) -> str:
    return f"unknown type {t!r}{did_you_mean(t, task.types)}; types: {', '.join(task.types)}"


def _check_declarations(task: World, problems: list[Problem]) -> dict[str, str]:
    """Predicates and fluents: unique names, known parameter types, min <= max. Returns name -> kind."""
    types = set(task.types)
    seen: dict[str, str] = {}
    declared: tuple[tuple[str, tuple[Predicate | Fluent, ...]], ...] = (("predicate", task.predicates),
                                                                         ("fluent", task.fluents))
    for kind, items in declared:
        for i, item in enumerate(items):
            path = f"$.task.{kind}s[{i}]"
            if item.name in seen:
                problems.append(Problem(path + ".name", f"{item.name!r} is already declared as a {seen[item.name]}"))
            seen[item.name] = kind
            problems.extend(Problem(f"{path}.params[{j}]", _unknown_type(t, task))
                            for j, t in enumerate(item.params) if t not in types)
    for i, fl in enumerate(task.fluents):
        if fl.min > fl.max:
            problems.append(Problem(f"$.task.fluents[{i}]", f"min {fl.min} is greater than max {fl.max}"))
    return seen


def _check_objects(task: World, seen: dict[str, str], problems: list[Problem]) -> None:
    """Objects: known types, one type per name, no clash with predicates, fluents or the wildcard."""
    owner: dict[str, str] = {}
    for t, names in task.objects.items():
        path = f"$.task.objects.{t}"
        if t not in task.types:
            problems.append(Problem(path, _unknown_type(t, task)))
        for name in names:
            if name in owner:
                problems.append(Problem(path, f"object {name!r} is also declared with type {owner[name]!r}"))
            if name in seen or name == "_":
                problems.append(Problem(path, f"object name {name!r} clashes with a predicate, fluent or the wildcard"))
            owner[name] = t


def _check_tool_names(task: World, tools: Tools, problems: list[Problem]) -> None:
    """Tools: unique names and known parameter types."""
    tool_names: set[str] = set()
    for i, tool in enumerate(tools.tools):
        if tool.name in tool_names:
            problems.append(Problem(f"$.tools.tools[{i}].name", f"duplicate tool name {tool.name!r}"))
        tool_names.add(tool.name)
        problems.extend(Problem(f"$.tools.tools[{i}].params[{j}].type", _unknown_type(param.type, task))
                        for j, param in enumerate(tool.params) if param.type not in task.types)


def _check_sizes(task: World, tools: Tools, problems: list[Problem]) -> None:
    counts = {t: len(task.objects.get(t, ())) for t in task.types}
    facts = sum(prod(counts.get(t, 0) for t in p.params) for p in task.predicates)
    facts += sum(prod(counts.get(t, 0) for t in f.params) for f in task.fluents)
    if facts > MAX_GROUND_FACTS:
        problems.append(Problem("$.task", f"the world expands to {facts} ground atoms and fluents; "
                                          f"at most {MAX_GROUND_FACTS} are allowed"))
    actions = sum(prod(counts.get(p.type, 0) for p in tool.params) for tool in tools.tools)
    if actions > MAX_GROUND_ACTIONS:
        problems.append(Problem("$.tools", f"the tools expand to {actions} ground calls; "
                                           f"at most {MAX_GROUND_ACTIONS} are allowed"))
    elif actions * facts > MAX_GROUND_WORK:
        problems.append(Problem("$.tools", f"search space too large: {actions} ground calls over {facts} ground "
                                           f"atoms and fluents ({actions * facts}); at most {MAX_GROUND_WORK} "
                                           f"are allowed: use fewer objects, tools or tool parameters"))
