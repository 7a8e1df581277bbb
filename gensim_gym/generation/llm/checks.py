"""Checking stage answers and the assembled spec, and saying which stage each problem belongs to.

Each stage is checked as soon as it is answered (its section's schema, then
the semantic pass over what exists so far), so later stages are conditioned
on sound earlier ones. The assembled spec then gets ``validate_spec`` and
``verify``; every failure is turned into problem lines for the repair turn
and mapped to the stage that must change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gensim_gym.errors import Problem, SpecError, did_you_mean
from gensim_gym.generation.llm.schemas import STAGES, section_problems
from gensim_gym.generation.toolsets import load_registry
from gensim_gym.generation.verify import VerifyReport, measure, verify
from gensim_gym.spec.model import FORMAT, Reward, SimSpec, Tools, World
from gensim_gym.spec.validate import semantic_check, validate_spec


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: a spec, or problems with the stages they implicate."""

    spec: SimSpec | None
    problems: tuple[str, ...] = ()
    stages: tuple[str, ...] = ()
    report: VerifyReport | None = None

    @property
    def reason(self) -> str:
        return "; ".join(self.problems)


def _stage_of(path: str) -> str:
    for stage in STAGES:
        if path == f"$.{stage}" or path.startswith((f"$.{stage}.", f"$.{stage}[")):
            return stage
    return "task"


def _from_problems(problems: list[Problem] | tuple[Problem, ...]) -> Verdict:
    stages = tuple(s for s in STAGES if any(_stage_of(p.path) == s for p in problems))
    return Verdict(None, tuple(str(p) for p in problems[:40]), stages)


def provenance_problems(tools: dict[str, Any]) -> list[Problem]:
    """Tools that claim a registry toolset must exist in it; ``toolsets`` must name registry toolsets."""
    registry = load_registry()
    problems = []
    for i, name in enumerate(tools.get("toolsets", [])):
        if name not in registry:
            problems.append(Problem(f"$.tools.toolsets[{i}]", f"unknown toolset {name!r}"
                                    f"{did_you_mean(name, registry)}; registry toolsets: {', '.join(registry)}"))
    for i, tool in enumerate(tools.get("tools", [])):
        owner = tool.get("toolset", "")
        if not owner:
            continue
        if owner not in registry:
            problems.append(Problem(f"$.tools.tools[{i}].toolset", f"unknown toolset {owner!r}"
                                    f"{did_you_mean(owner, registry)}; use \"\" for a tool you wrote"))
            continue
        names = [t.name for t in registry[owner].all_tools]
        if tool.get("name") not in names:
            problems.append(Problem(f"$.tools.tools[{i}].name", f"toolset {owner!r} has no tool {tool.get('name')!r}"
                                    f"{did_you_mean(str(tool.get('name')), names)}; its tools: {', '.join(names)}. "
                                    f"Set toolset to \"\" for a tool you wrote"))
    return problems


def check_stage(stage: str, section: Any, sections: dict[str, dict[str, Any]]) -> Verdict:
    """Check one stage's answer given the accepted earlier sections (schema, provenance, semantics so far)."""
    problems = section_problems(stage, section)
    if problems or stage == "reward":  # the reward is checked with the whole spec
        return _from_problems(problems)
    if stage == "tools":
        problems = provenance_problems(section)
    task = World.from_dict(section if stage == "task" else sections["task"])
    tools = Tools.from_dict(section) if stage == "tools" else Tools(())
    try:
        semantic_check(SimSpec(task, tools, Reward()))
    except SpecError as exc:
        problems += exc.problems
    return _from_problems(problems)



def check_spec(sections: dict[str, dict[str, Any]], directive: str, seed: int,
               max_random_success: float = 0.2, episodes: int = 16) -> Verdict:
    """Validate and verify the assembled spec; on success the spec carries golden plan and measured difficulty."""
    import numpy as np

    document = {"format": FORMAT, "directive": directive, **{s: sections[s] for s in STAGES}}
    try:
        spec = validate_spec(document)
    except SpecError as exc:
        return _from_problems(exc.problems)
    report = verify(spec, max_random_success=max_random_success, episodes=episodes, rng=np.random.default_rng(seed))
    if not report.ok:
        stage = "reward" if ("reward" in report.reason or "return" in report.reason) else "task"
        hint = {"reward": "change the reward so that the shortest plan ends with success and a positive return",
                "task": "change init, goal or horizon so the goal is reachable with the tools but not already "
                        "true at reset and not reached by random calls"}[stage]
        plan = f" (shortest plan found: {', '.join(report.plan)})" if report.plan else ""
        return Verdict(None, (f"$.{stage}: verification failed: {report.reason}{plan}; {hint}",), (stage,), report)
    spec = spec.with_meta(golden_plan=list(report.plan),
                          difficulty=measure(spec, len(report.plan), report.random_success, report.random_episodes))
    return Verdict(spec, report=report)
