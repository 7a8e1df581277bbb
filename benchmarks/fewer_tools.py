"""Tool counts under a world's core tools, delivered: how many generated specs meet them.

Session 32 lets a tool count under the domains' core tools ("calendar plus support, 6 tools", where the two declare 8)
leave out the core tools the task's golden plan does not call. The reading cannot know the plan, so it reads such a
count honored where the tools every task needs fit under it; this script measures what the specs deliver. It takes
every directive of the benchmark sets (``fidelity.SETS``) whose reading has a tool count under its domains' core
tools, generates seeds 0 .. N-1, and counts the specs whose tool count clause is honored (the count met), and those
where another clause is approximated (what leaving tools out may cost).

    PYTHONPATH=. python benchmarks/fewer_tools.py [--seeds 3]
"""

from __future__ import annotations

import argparse
import json
import warnings
from pathlib import Path

import gensim_gym
from gensim_gym import DirectiveError, read_directive
from gensim_gym.generation.toolsets import load_registry

HERE = Path(__file__).resolve().parent


def under_core(directive: str) -> bool:
    """Whether the reading of ``directive`` asks for fewer tools than its domains' core tools."""
    try:
        reading = read_directive(directive)
    except DirectiveError:
        return False
    registry = load_registry()
    core = sum(len(registry[d].tools) for d in reading.knobs.domains if d in registry)
    return any(c.kind == "tool_count" and c.requirement.get("tool_count", core) < core for c in reading.clauses)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="generate seeds 0 .. N-1 of each directive")
    args = parser.parse_args()
    from fidelity import SETS  # the benchmark's sets, in its order

    warnings.simplefilter("ignore")
    directives = [json.loads(line)["directive"] for name in SETS
                  for line in (HERE / name).read_text().splitlines() if line.strip()]
    chosen = [d for d in directives if under_core(d)]
    met = other = total = 0
    for directive in chosen:
        for seed in range(args.seeds):
            clauses = gensim_gym.generate(directive, seed=seed).meta["interpretation"]["clauses"]
            total += 1
            met += all(c["status"] == "honored" for c in clauses if c["kind"] == "tool_count")
            other += any(c["status"] == "approximated" for c in clauses if c["kind"] != "tool_count")
    print(f"{len(chosen)} directives of {len(directives)} ask for fewer tools than their domains' core tools")
    print(f"specs (seeds 0-{args.seeds - 1}): {total}; tool count met: {met} ({met / max(total, 1):.0%}); "
          f"another clause approximated: {other}")


if __name__ == "__main__":
    main()
