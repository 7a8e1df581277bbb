"""Import every domain of an installed PDDLGym wheel; count imported / unsupported / generated-and-verified.

PDDLGym (PyPI ``pddlgym``, MIT) ships about 80 PDDL domains, each ``NAME.pddl`` with a folder ``NAME/`` of
problem files. For each domain this script

1. compiles the domain (``gensim_gym.pddl.compile_file``; a domain with universal quantifiers with its
   smallest problem's objects, over which they expand): imported, or unsupported with the
   :class:`SpecError`'s reason (the ``:requirement`` it names, and for probabilistic effects the shape the
   spec cannot express). A domain refused for its probabilistic effects is tried again with the lossy
   opt-in ``probabilistic="most_likely"`` and counted apart ("opt-in"): it is not an exact import;
2. builds a toolset whose start state is the domain's smallest problem and generates one task from it at
   difficulty 0.5 (else 0.0) with the offline generator (goal walks, golden plan, verification): generated-and-verified;
3. plays that smallest problem as given (``load_problem``) and, when both finish within ``--timeout``
   seconds, checks our shortest plan's length against Fast Downward's optimal one on the *original* PDDL
   files (not our export): a check of the import itself.

Only the ``.pddl`` files are needed: install the wheel without its dependencies, e.g.
``pip install --no-deps --target /tmp/pddlgym pddlgym`` and pass ``--root /tmp/pddlgym/pddlgym/pddl``
(default: the ``pddl`` folder of an importable ``pddlgym``, located without importing it).

    nice -n 10 python benchmarks/pddl_corpus.py --root /tmp/pddlgym/pddlgym/pddl
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import replace
from importlib.util import find_spec
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gensim_gym.errors import Error  # noqa: E402
from gensim_gym.generation.directive import parse_directive  # noqa: E402
from gensim_gym.generation.offline import OfflineGenerator  # noqa: E402
from gensim_gym.generation.pddl_check import reference_plan  # noqa: E402
from gensim_gym.generation.pddl_import import compile_file  # noqa: E402
from gensim_gym.generation.pddl_toolset import _problem_parts, load_problem, toolset_from_problem  # noqa: E402
from gensim_gym.generation.toolsets import register_toolset, unregister_toolset  # noqa: E402


def default_root() -> Path | None:
    spec = find_spec("pddlgym")  # locates the package without importing it (its dependencies may be absent)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "pddl"


def alias(name: str) -> str:
    """A registry name a directive can spell (letters and underscores): digits become letters."""
    return "pgym_" + re.sub(r"[^a-z_]", "_", "".join(chr(97 + int(c)) if c.isdigit() else c for c in name.lower()))


def reason_of(exc: Exception) -> str:
    """The SpecError's message without its path: what is unsupported, and where."""
    text = str(exc).splitlines()[-1].strip(" -").split(". Exact only")[0]  # the advice is the same for all
    return re.sub(r"^\$: \S+\.pddl: ", "", text)


def try_import(path: Path, problems: list[Path], row: dict, mode: str) -> bool:
    """Compile the domain with ``probabilistic=mode``; on success set ``row["imported"]`` (else the reason)."""
    try:
        compile_file(path, probabilistic=mode)
        row["imported"] = True
        return True
    except Error as exc:
        row["reason"] = reason_of(exc)
        if "load_problem" not in row["reason"] or not problems:
            return False
        try:  # universal quantifiers: they expand over a problem's fixed objects
            _problem_parts(path, problems[0], mode)
        except Error as again:
            if "requirement" in str(again) or "load_problem" in str(again):
                return False
        row["imported"], row["reason"] = True, "with a problem's objects"
        return True


def check_domain(path: Path, timeout: float) -> dict:
    row = {"domain": path.stem, "imported": False, "opt_in": False, "reason": "", "generated": False,
           "gen_reason": "", "problem": "", "ours": None, "fd": None}
    problems = sorted((path.parent / path.stem).glob("*.pddl"), key=lambda q: (q.stat().st_size, q.name))
    mode = "exact"
    if not try_import(path, problems, row, mode):
        if ":probabilistic-effects" not in row["reason"]:
            return row
        exact_reason = row["reason"]
        mode = "most_likely"  # the lossy opt-in: counted apart, never as an exact import
        if not try_import(path, problems, row, mode):
            return row
        row["opt_in"], row["reason"] = True, exact_reason
    if not problems:
        row["gen_reason"] = "no problem files"
        return row
    name = alias(path.stem)
    try:
        toolset = replace(toolset_from_problem(path, problems[0], probabilistic=mode), name=name)
        register_toolset(toolset)
        # A problem's start state is fixed, so its tasks may not reach the plan length a higher difficulty
        # asks for: the easiest difficulty counts too.
        for difficulty in (0.5, 0.0):
            try:
                OfflineGenerator(parse_directive(f"domain: {name}", difficulty), f"domain: {name}").generate(0)
                row["generated"] = True
                break
            except Error as exc:
                row["gen_reason"] = " ".join(str(exc).splitlines()[:2])[:200]
    except Error as exc:  # the problem itself does not fit (too many objects, ...)
        row["gen_reason"] = " ".join(str(exc).splitlines()[:2])[:200]
    finally:
        unregister_toolset(name)
    row["problem"] = problems[0].name
    try:
        start = time.perf_counter()
        spec = load_problem(path, problems[0], probabilistic=mode)
        row["ours_s"] = time.perf_counter() - start
        if spec.meta.get("golden_plan_optimal"):
            row["ours"] = len(spec.golden_plan)
    except Error as exc:
        row["problem_reason"] = str(exc).splitlines()[0][:160]
        return row
    if mode != "exact":  # Fast Downward plans classical PDDL: the original is PPDDL
        return row
    ref = reference_plan(path.read_text(), problems[0].read_text(), timeout=timeout)
    row["fd"], row["fd_status"], row["fd_s"] = ref.length, ref.status, ref.seconds
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=None, help="PDDLGym's pddl folder")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args(argv)
    root = args.root or default_root()
    if root is None or not root.is_dir():
        print("no pddlgym wheel found: pip install --no-deps --target DIR pddlgym, then --root DIR/pddlgym/pddl")
        return 2
    domains = sorted(p for p in root.glob("*.pddl") if (p.parent / p.stem).is_dir())
    rows = []
    for path in domains:
        row = check_domain(path, args.timeout)
        rows.append(row)
        if row["opt_in"]:
            status = f"OPT-IN only (probabilistic='most_likely'); exactly: {row['reason']}"
        elif row["imported"]:
            status = "imported"
        else:
            status = f"UNSUPPORTED: {row['reason']}"
        gen = "generated+verified" if row["generated"] else (f"not generated: {row['gen_reason']}"
                                                              if row["imported"] else "")
        cross = ""
        if row["ours"] is not None and row["fd"] is not None:
            cross = f"plan {row['ours']} vs FD {row['fd']}" + ("" if row["ours"] == row["fd"] else "  DISAGREE")
        print(f"{path.stem:36} {status:24.240} {gen} {cross}")
    n = len(rows)
    opt_in = sum(r["opt_in"] for r in rows)
    imported = sum(r["imported"] for r in rows) - opt_in
    generated = sum(r["generated"] and not r["opt_in"] for r in rows)
    both = [r for r in rows if r["ours"] is not None and r["fd"] is not None]
    agree = sum(r["ours"] == r["fd"] for r in both)
    print(f"\n{n} domains: {imported} imported exactly ({100 * imported / max(n, 1):.0f} %), {n - imported} "
          f"unsupported, {generated} generated-and-verified; smallest problem: {agree}/{len(both)} optimal plan "
          f"lengths agree with Fast Downward where both finished")
    print(f"lossy opt-in probabilistic='most_likely' (not counted above): {opt_in} more import "
          f"({100 * (imported + opt_in) / max(n, 1):.0f} % with them), "
          f"{sum(r['generated'] and r['opt_in'] for r in rows)} of them generated-and-verified")
    reasons: dict[str, int] = {}
    for r in rows:
        if not r["imported"] or r["opt_in"]:
            req = re.findall(r":[a-z-]+", r["reason"])
            key = req[0] if req else r["reason"][:60]
            shape = re.search(r"cannot express: (.*)", r["reason"])
            key += f" ({re.sub(r'[0-9.]+', 'x', shape.group(1))})" if shape else ""
            reasons[key] = reasons.get(key, 0) + 1
    for key, count in sorted(reasons.items(), key=lambda kv: -kv[1]):
        print(f"  unsupported: {count:3d} x {key}")
    return 0 if agree == len(both) else 1


if __name__ == "__main__":
    raise SystemExit(main())
