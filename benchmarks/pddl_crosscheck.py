"""Golden plans against Fast Downward: optimal plan lengths agree, and golden plans validate in the export.

For every built-in domain (the JSON toolsets and the PDDL corpus) x difficulty x seed, generate a spec
offline, export it with ``SimSpec.to_pddl()``, and

- run Fast Downward with A* and the admissible LM-cut heuristic (an optimal planner): its plan length must
  equal our golden plan's (the generator keeps only exactly solved tasks, so golden plans are shortest);
- replay our golden plan in the exported PDDL with unified-planning's sequential plan validator.

Fast Downward plans without numeric fluents only; specs with fluents (webshop, calendar, support) are
validated but not planned. Prints per domain counts and both planners' time, with our planner's time as
the reference measured in the same run (``ratio`` = Fast Downward's / ours). Needs the extra ``[pddl]``.

    nice -n 10 python benchmarks/pddl_crosscheck.py                 # 17 domains x 5 difficulties x 6 seeds
    nice -n 10 python benchmarks/pddl_crosscheck.py --seeds 1 --domains blocks warehouse
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gensim_gym.errors import GenerationError  # noqa: E402
from gensim_gym.generation.directive import parse_directive  # noqa: E402
from gensim_gym.generation.offline import OfflineGenerator  # noqa: E402
from gensim_gym.generation.pddl_check import reference_plan, validate_plan  # noqa: E402
from gensim_gym.generation.toolsets import load_registry  # noqa: E402
from gensim_gym.world.compiled import CompiledWorld  # noqa: E402
from gensim_gym.world.layout import Layout  # noqa: E402
from gensim_gym.world.planner import best_plan  # noqa: E402

DIFFICULTIES = (0.0, 0.25, 0.5, 0.75, 1.0)


def our_plan_seconds(spec) -> tuple[int | None, float]:
    """Our planner's shortest plan length for the spec, and its time (compile included, as FD's translate)."""
    start = time.perf_counter()
    result, optimal = best_plan(CompiledWorld(spec, Layout.from_spec(spec)), max_expansions=200_000)
    seconds = time.perf_counter() - start
    return (len(result.plan) if result.plan is not None and optimal else None), seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--domains", nargs="*", default=None)
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--out", type=Path, default=None, help="write every case as JSON lines here")
    args = parser.parse_args(argv)
    domains = args.domains or list(load_registry())
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    disagreements: list[dict] = []
    out = args.out.open("w") if args.out else None
    for domain in domains:
        for difficulty in DIFFICULTIES:
            generator = OfflineGenerator(parse_directive(f"domain: {domain}", difficulty), f"domain: {domain}")
            for seed in range(args.seeds):
                row = rows[domain]
                try:
                    spec = generator.generate(seed)
                except GenerationError:
                    row["no_task"] += 1
                    continue
                row["specs"] += 1
                golden = spec.golden_plan
                ours, our_s = our_plan_seconds(spec)
                domain_text, problem_text = spec.to_pddl()
                ref = reference_plan(domain_text, problem_text, timeout=args.timeout)
                ok, reason = validate_plan(domain_text, problem_text, golden)
                row["validated"] += ok
                case = {"domain": domain, "difficulty": difficulty, "seed": seed, "spec": spec.id,
                        "golden": len(golden), "ours": ours, "fd": ref.length, "fd_status": ref.status,
                        "fd_s": round(ref.seconds, 3), "ours_s": round(our_s, 4), "valid": ok, "reason": reason}
                if ref.status == "solved":
                    row["both"] += 1
                    row["agree"] += ref.length == len(golden)
                    row["fd_s"] += ref.seconds
                    row["ours_s"] += our_s
                    if ref.length != len(golden):
                        disagreements.append(case)
                else:
                    row[f"fd_{ref.status}"] += 1
                if not ok:
                    disagreements.append(case)
                if out:
                    out.write(json.dumps(case) + "\n")
    print(f"{'domain':14} {'specs':>5} {'both':>5} {'agree':>5} {'valid':>5} {'fd_skip':>7} "
          f"{'fd_s/case':>9} {'ours_s/case':>11} {'ratio':>6}")
    total = defaultdict(float)
    for domain, row in rows.items():
        for k, v in row.items():
            total[k] += v
        _print_row(domain, row)
    _print_row("ALL", total)
    both = int(total["both"])
    print(f"\nagreement on optimal plan length: {int(total['agree'])}/{both} "
          f"({100 * total['agree'] / max(both, 1):.1f} %) of the specs both planners solved; "
          f"golden plans valid in the export: {int(total['validated'])}/{int(total['specs'])}")
    for case in disagreements[:20]:
        print("DISAGREEMENT", json.dumps(case))
    return 0 if not disagreements else 1


def _print_row(name: str, row) -> None:
    both = max(row["both"], 1)
    skipped = int(row["fd_unsupported"] + row["fd_timeout"] + row["fd_error"] + row["fd_unsolvable"])
    fd, ours = row["fd_s"] / both, row["ours_s"] / both
    ratio = f"{fd / ours:6.0f}" if row["both"] and ours else "     -"
    print(f"{name:14} {int(row['specs']):5d} {int(row['both']):5d} {int(row['agree']):5d} {int(row['validated']):5d} "
          f"{skipped:7d} {fd:9.3f} {ours:11.4f} {ratio}")


if __name__ == "__main__":
    raise SystemExit(main())
