"""Frozen dataclasses that mirror the SimSpec JSON Schema.

The schema (``schema/simspec.schema.json``) is the source of truth; these
classes are a typed view of an already validated document. ``to_dict`` emits
every field (defaults included) in a fixed order, so ``to_json`` is canonical
and ``SimSpec.from_json(spec.to_json()) == spec`` holds exactly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

FORMAT = "gensim_gym/simspec@1"


@dataclass(frozen=True)
class Predicate:
    name: str
    params: tuple[str, ...]
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "params": list(self.params), "description": self.description}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Predicate:
        return cls(d["name"], tuple(d["params"]), d.get("description", ""))


@dataclass(frozen=True)
class Fluent:
    """A numeric state variable, clamped to ``[min, max]``."""

    name: str
    params: tuple[str, ...]
    max: float
    min: float = 0.0
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "params": list(self.params), "min": self.min, "max": self.max,
                "description": self.description}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Fluent:
        return cls(d["name"], tuple(d["params"]), float(d["max"]), float(d.get("min", 0.0)), d.get("description", ""))


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "description": self.description}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Param:
        return cls(d["name"], d["type"], d.get("description", ""))


@dataclass(frozen=True)
class Tool:
    """A parameterised action: precondition ``pre`` and a list of ``effects``.

    A valid call fails with probability ``fail_prob`` (or the task's noise, whichever is larger); a failed
    call applies ``fail_effects`` instead of ``effects`` (default: none, so the state is unchanged). That
    makes a tool a two-outcome action, which is how an imported PPDDL action with deterministic effects
    beside one probabilistic outcome stays exact. Failure effects may make the goal unreachable (a lost
    robot); the env then ends the episode as a failure (``info["dead_end"]``). Solvability and the golden
    plan are proven on the all-success outcome (noise-free), as for ``fail_prob`` alone.
    """

    name: str
    description: str
    params: tuple[Param, ...]
    pre: str
    effects: tuple[str, ...]
    fail_prob: float = 0.0
    toolset: str = ""
    distractor: bool = False
    fail_effects: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "description": self.description, "params": [p.to_dict() for p in self.params],
               "pre": self.pre, "effects": list(self.effects), "fail_prob": self.fail_prob,
               "toolset": self.toolset, "distractor": self.distractor}
        if self.fail_effects:  # only when present: a tool without them keeps the JSON (and spec id) it always had
            out["fail_effects"] = list(self.fail_effects)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tool:
        return cls(d["name"], d["description"], tuple(Param.from_dict(p) for p in d["params"]), d["pre"],
                   tuple(d["effects"]), float(d.get("fail_prob", 0.0)), d.get("toolset", ""),
                   bool(d.get("distractor", False)), tuple(d.get("fail_effects", ())))


@dataclass(frozen=True)
class Constraint:
    """A trajectory constraint: ``condition`` must never hold (``kind="never"``) or must always hold
    (``kind="always"``) in any state of an episode, for every binding of ``params`` to pairwise
    distinct objects of their types.

    On a violation the episode ends as a failure with ``info["violation"]`` naming the constraint
    (``on_violation="fail"``), or ``penalty`` is subtracted from the reward when a ground instance
    becomes violated and the episode goes on (``on_violation="penalty"``). Golden plans never violate
    a constraint, and solvability is proved under all of them.
    """

    name: str
    condition: str
    kind: str = "never"
    params: tuple[Param, ...] = ()
    on_violation: str = "fail"
    penalty: float = 0.0
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "params": [p.to_dict() for p in self.params],
                "kind": self.kind, "condition": self.condition, "on_violation": self.on_violation,
                "penalty": self.penalty}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Constraint:
        return cls(d["name"], d["condition"], d.get("kind", "never"),
                   tuple(Param.from_dict(p) for p in d.get("params", ())), d.get("on_violation", "fail"),
                   float(d.get("penalty", 0.0)), d.get("description", ""))

    def describe(self) -> str:
        """The rule in words, for task descriptions and text observations."""
        if self.description:
            return self.description
        scope = f"for any distinct {', '.join(f'?{p.name} ({p.type})' for p in self.params)}: " if self.params else ""
        return f"{scope}{'never' if self.kind == 'never' else 'always'} {self.condition}"


@dataclass(frozen=True)
class World:
    """The world a spec's task is played in: vocabulary, objects, initial state, goal and horizon.

    It is the ``task`` section of the spec's JSON (``SimSpec.task``). Named ``World`` so that ``Task`` means
    one thing in the package: what a curriculum hands out (:class:`gensim_gym.curriculum.Task`, a spec
    with the generator parameters it came from).
    """

    name: str
    description: str
    types: tuple[str, ...]
    predicates: tuple[Predicate, ...]
    objects: dict[str, tuple[str, ...]]
    init: tuple[str, ...]
    goal: tuple[str, ...]
    horizon: int
    fluents: tuple[Fluent, ...] = ()
    hidden: tuple[str, ...] = ()
    fail_prob: float = 0.0
    constraints: tuple[Constraint, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "description": self.description, "types": list(self.types),
               "predicates": [p.to_dict() for p in self.predicates], "fluents": [f.to_dict() for f in self.fluents],
               "objects": {t: list(v) for t, v in self.objects.items()}, "init": list(self.init),
               "goal": list(self.goal), "horizon": self.horizon, "hidden": list(self.hidden),
               "noise": {"fail_prob": self.fail_prob}}
        if self.constraints:  # only when present: a spec without constraints keeps the id it always had
            out["constraints"] = [c.to_dict() for c in self.constraints]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> World:
        return cls(d["name"], d["description"], tuple(d["types"]),
                   tuple(Predicate.from_dict(p) for p in d["predicates"]),
                   {t: tuple(v) for t, v in d["objects"].items()}, tuple(d["init"]), tuple(d["goal"]),
                   int(d["horizon"]), tuple(Fluent.from_dict(f) for f in d.get("fluents", ())),
                   tuple(d.get("hidden", ())), float(d.get("noise", {}).get("fail_prob", 0.0)),
                   tuple(Constraint.from_dict(c) for c in d.get("constraints", ())))

    @property
    def object_types(self) -> dict[str, str]:
        """Map every object name to its type."""
        return {name: t for t, names in self.objects.items() for name in names}


@dataclass(frozen=True)
class Tools:
    tools: tuple[Tool, ...]
    toolsets: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"toolsets": list(self.toolsets), "tools": [t.to_dict() for t in self.tools]}

    @cached_property
    def canonical_json(self) -> str:
        """``to_dict()`` as sorted-key JSON, the tools' share of :attr:`SimSpec.id` (computed once)."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tools:
        return cls(tuple(Tool.from_dict(t) for t in d["tools"]), tuple(d.get("toolsets", ())))


@dataclass(frozen=True)
class Term:
    """An extra reward term: ``value`` when condition ``when`` holds (once per episode if ``once``)."""

    name: str
    when: str
    value: float
    once: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "when": self.when, "value": self.value, "once": self.once}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Term:
        return cls(d["name"], d["when"], float(d["value"]), bool(d.get("once", True)))


@dataclass(frozen=True)
class Reward:
    """The declared reward: success bonus, costs, optional potential-based progress and terms."""

    mode: str = "dense"
    success: float = 1.0
    step_cost: float = 0.01
    invalid_cost: float = 0.05
    progress_weight: float = 0.5
    gamma: float = 0.99
    terms: tuple[Term, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "success": self.success, "step_cost": self.step_cost,
                "invalid_cost": self.invalid_cost, "progress_weight": self.progress_weight, "gamma": self.gamma,
                "terms": [t.to_dict() for t in self.terms]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Reward:
        base = cls()
        return cls(d["mode"], float(d.get("success", base.success)), float(d.get("step_cost", base.step_cost)),
                   float(d.get("invalid_cost", base.invalid_cost)),
                   float(d.get("progress_weight", base.progress_weight)), float(d.get("gamma", base.gamma)),
                   tuple(Term.from_dict(t) for t in d.get("terms", ())))


@dataclass(frozen=True)
class SimSpec:
    """A complete generated task: world (``task``), ``tools`` and ``reward``, plus free-form ``meta``.

    ``meta`` records how the spec came to be (directive interpretation,
    generator, seed), its measured difficulty and its golden plan. It is not
    part of the content hash ``id``.
    """

    task: World
    tools: Tools
    reward: Reward
    directive: str = ""
    meta: dict[str, Any] = field(default_factory=dict, compare=True)

    @cached_property
    def id(self) -> str:
        """A 16-hex-digit content hash of task, tools and reward (computed once: the spec is immutable)."""
        # Exactly ``json.dumps({"task": ..., "tools": ..., "reward": ...}, sort_keys=True)``, assembled
        # from parts so that specs sharing one ``Tools`` (a generator's draft, probe and final task)
        # serialise the tools once.
        body = (f'{{"reward": {json.dumps(self.reward.to_dict(), sort_keys=True)}, '
                f'"task": {json.dumps(self.task.to_dict(), sort_keys=True)}, "tools": {self.tools.canonical_json}}}')
        return hashlib.sha256(body.encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "id": self.id, "directive": self.directive, "task": self.task.to_dict(),
                "tools": self.tools.to_dict(), "reward": self.reward.to_dict(), "meta": self.meta}

    def to_json(self, indent: int | None = 2) -> str:
        """Canonical JSON text of the spec."""
        return json.dumps(self.to_dict(), indent=indent, sort_keys=False)

    @classmethod
    def from_dict(cls, obj: dict[str, Any]) -> SimSpec:
        """Validate ``obj`` (schema and semantics) and build a spec; raises :class:`SpecError`."""
        from gensim_gym.spec.validate import validate_spec

        return validate_spec(obj)

    @classmethod
    def from_json(cls, text: str | bytes) -> SimSpec:
        """Parse, validate and build a spec from JSON text; raises :class:`SpecError`."""
        from gensim_gym.spec.validate import parse_json

        return cls.from_dict(parse_json(text))

    def with_meta(self, **updates: Any) -> SimSpec:
        """Return a copy whose ``meta`` has ``updates`` merged in."""
        out = replace(self, meta={**self.meta, **updates})
        if "id" in self.__dict__:  # meta is not hashed: the copy has the same (already computed) id
            out.__dict__["id"] = self.__dict__["id"]
        return out

    def to_pddl(self, domain_name: str | None = None) -> tuple[str, str]:
        """``(domain_text, problem_text)``: the spec as PDDL (PDDL 2.1 ``:numeric-fluents`` for fluents).

        A spec with hidden facts, tool noise or trajectory constraints exports its deterministic, fully
        observable core: hidden facts are plain facts, reveals, ``fail_prob`` with ``fail_effects`` and
        constraints are left out
        (see :mod:`gensim_gym.spec.pddl_export`).
        """
        from gensim_gym.spec.pddl_export import to_pddl

        return to_pddl(self, domain_name)

    @property
    def measured_difficulty(self) -> float | None:
        return self.meta.get("difficulty", {}).get("score")

    @property
    def golden_plan(self) -> list[str]:
        return list(self.meta.get("golden_plan", []))
