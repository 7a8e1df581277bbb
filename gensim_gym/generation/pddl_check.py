"""Cross-checking golden plans against reference PDDL tools (extra ``[pddl]``).

Two independent checks of a spec exported with :meth:`SimSpec.to_pddl`:

- :func:`reference_plan` runs Fast Downward (the ``up-fast-downward`` wheel ships a built planner; nothing
  is downloaded at run time) with A* and the admissible LM-cut heuristic, so the plan it returns is a
  shortest one and its length must equal our golden plan's. Fast Downward plans only without numeric
  fluents; specs with fluents are validated only.
- :func:`validate_plan` replays our golden plan in the exported PDDL with unified-planning's sequential plan
  validator (its own PDDL reader and semantics, numeric fluents included).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from gensim_gym.errors import MissingDependencyError, require

_LABEL = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(([^)]*)\)\s*$")


class ReferencePlan(NamedTuple):
    """Fast Downward's verdict: ``length`` of its optimal plan (``None``: none found), ``status`` (``"solved"``,
    ``"unsolvable"``, ``"timeout"``, ``"unsupported"``, ``"error"``), wall ``seconds`` and the plan's steps."""

    length: int | None
    status: str
    seconds: float
    plan: tuple[str, ...] = ()


def _driver() -> Path:
    require("up_fast_downward", "pddl")
    import up_fast_downward

    path = Path(up_fast_downward.__file__).parent / "downward" / "fast-downward.py"
    if not path.is_file():
        raise MissingDependencyError("the up-fast-downward wheel has no built planner; reinstall extra [pddl]")
    return path


def reference_plan(domain: str, problem: str, *, timeout: float = 60.0,
                   search: str = "astar(lmcut())") -> ReferencePlan:
    """Fast Downward's plan for the PDDL texts (an optimal one with the default admissible search)."""
    driver = _driver()
    if ":numeric-fluents" in domain.split(":types", 1)[0] or ":numeric-fluents" in domain.split("(:predicates", 1)[0]:
        return ReferencePlan(None, "unsupported", 0.0)  # Fast Downward plans without numeric fluents only
    with tempfile.TemporaryDirectory(prefix="gensim-fd-") as tmp:
        d, p = Path(tmp, "domain.pddl"), Path(tmp, "problem.pddl")
        d.write_text(domain, encoding="utf-8")
        p.write_text(problem, encoding="utf-8")
        start = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, str(driver), "--search-time-limit", f"{int(timeout)}s",
                                   str(d), str(p), "--search", search], cwd=tmp, capture_output=True,
                                  text=True, timeout=timeout + 30, check=False)
        except subprocess.TimeoutExpired:
            return ReferencePlan(None, "timeout", time.perf_counter() - start)
        seconds = time.perf_counter() - start
        plan_file = Path(tmp, "sas_plan")
        if plan_file.is_file():
            steps = tuple(line.strip()[1:-1] for line in plan_file.read_text().splitlines()
                          if line.startswith("("))
            return ReferencePlan(len(steps), "solved", seconds, steps)
        out = done.stdout + done.stderr
        if "unsolvable" in out.lower() or done.returncode == 12:
            return ReferencePlan(None, "unsolvable", seconds)
        if done.returncode in (23, 24) or "time limit" in out.lower():
            return ReferencePlan(None, "timeout", seconds)
        if done.returncode in (34, 33) or "unsupported" in out.lower() or "numeric" in out.lower():
            return ReferencePlan(None, "unsupported", seconds)
        return ReferencePlan(None, "error", seconds, (out[-500:],))


def validate_plan(domain: str, problem: str, plan: list[str] | tuple[str, ...]) -> tuple[bool, str]:
    """Whether ``plan`` (labels such as ``"stack(a, b)"``) is a valid plan of the PDDL problem reaching its
    goal, by unified-planning's sequential plan validator; ``(ok, reason)``."""
    require("unified_planning", "pddl")
    from unified_planning.engines.plan_validator import SequentialPlanValidator
    from unified_planning.io import PDDLReader
    from unified_planning.plans import ActionInstance, SequentialPlan
    from unified_planning.shortcuts import get_environment

    get_environment().credits_stream = None  # no banner on stdout
    up_problem = PDDLReader().parse_problem_string(domain, problem)
    steps = []
    for label in plan:
        match = _LABEL.match(label)
        if match is None:
            return False, f"malformed plan step {label!r}"
        args = [a.strip() for a in match.group(2).split(",") if a.strip()]
        steps.append(ActionInstance(up_problem.action(match.group(1)), [up_problem.object(a) for a in args]))
    result = SequentialPlanValidator().validate(up_problem, SequentialPlan(steps))
    ok = result.status.name == "VALID"
    return ok, "" if ok else str(result.reason or result.status.name)
