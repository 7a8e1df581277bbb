"""The ``gensim-gym`` command line: generate, validate, describe and play SimSpecs.

Usage::

    gensim-gym generate --directive "warehouse tasks, easy" --difficulty 0.3 --seed 1 -o spec.json
    gensim-gym validate spec.json        # every problem with its JSON path; exit code 1 when invalid
    gensim-gym describe spec.json        # the task in words, tools, reward, golden plan, difficulty
    gensim-gym play spec.json            # text mode: type tool calls as JSON or as tool(arg, ...)
    gensim-gym list                      # the registered env ids (gym.make(id) alone works for each)

Other modules add commands: if ``gensim_gym.integrations.cli_train`` exists, its
``add_commands(subparsers)`` is called after the built-in subcommands are made.
Each subcommand sets ``func`` (taking the parsed args, returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import re
import sys
import warnings
from collections.abc import Sequence
from typing import Any, TextIO

from gensim_gym.errors import ArgumentError, Error, SpecError
from gensim_gym.spec.model import SimSpec
from gensim_gym.spec.validate import load_spec

EXTENSIONS = ("gensim_gym.integrations.cli_train", "gensim_gym.integrations.cli_agents")
_SHORTHAND = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*$", re.DOTALL)


# -- generate / validate / describe ---------------------------------------------------------
def cmd_generate(args: argparse.Namespace) -> int:
    from gensim_gym.factory import generate
    from gensim_gym.integrations.cli_llm import llm_options

    options = llm_options(args)
    if options and args.backend != "openai":
        raise ArgumentError(f"{', '.join('--' + k.replace('_', '-') for k in options)} configure --backend openai only")
    offline = {"strict": args.strict, "on_unknown": args.on_unknown} if args.backend == "offline" else {}
    spec = generate(args.directive, difficulty=args.difficulty, seed=args.seed, backend=args.backend, **options,
                    **offline)
    text = spec.to_json() + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
        score = spec.measured_difficulty
        print(f"wrote {args.output}: task {spec.id}, {len(spec.golden_plan)}-step golden plan, "
              f"measured difficulty {score}", file=sys.stderr)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write a spec (a file, or one generated from ``--directive``) as PDDL: ``domain.pddl``, ``problem.pddl``
    and its golden plan as ``plan.txt`` (one ``(action args)`` a line, as planners and validators read it)."""
    from pathlib import Path

    from gensim_gym._atomic import atomic_write_text
    from gensim_gym.factory import generate

    if (args.spec is None) == (args.directive is None):
        raise ArgumentError("give a spec file or --directive, not both")
    spec = load_spec(args.spec) if args.spec else generate(args.directive, difficulty=args.difficulty,
                                                             seed=args.seed)
    out = Path(args.pddl)
    if out.exists() and not out.is_dir():
        raise ArgumentError(f"--pddl {str(out)!r} is a file; give a folder")
    out.mkdir(parents=True, exist_ok=True)
    domain, problem = spec.to_pddl()
    atomic_write_text(out / "domain.pddl", domain)
    atomic_write_text(out / "problem.pddl", problem)
    steps = [re.sub(r"^(\w+)\((.*)\)$", lambda m: f"({m.group(1)} {m.group(2).replace(',', '')})".replace(" )", ")"),
                    label) for label in spec.golden_plan]
    atomic_write_text(out / "plan.txt", "".join(f"{s}\n" for s in steps))
    print(f"wrote {out}/domain.pddl, problem.pddl and plan.txt ({len(steps)} steps) for task {spec.id}",
          file=sys.stderr)
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    try:
        spec = load_spec(args.spec)
    except SpecError as exc:
        count = len(exc.problems)
        print(f"{args.spec}: invalid ({count} problem{'s' if count != 1 else ''})")
        for problem in exc.problems:
            print(f"  {problem.path}: {problem.message}")
        return 1
    print(f"{args.spec}: valid (task {spec.id})")
    return 0


def describe(spec: SimSpec) -> str:
    """A person-readable account of a spec: task, goal, tools, reward, golden plan and difficulty."""
    task, reward = spec.task, spec.reward
    lines = [f"Task {spec.id} ({task.name}): {task.description}"]
    if spec.directive:
        lines.append(f"Directive: {spec.directive}")
    for note in spec.meta.get("interpretation", {}).get("notes", []):
        lines.append(f"  interpreted: {note}")
    lines.append("Objects:")
    lines += [f"  {t}: {', '.join(names)}" for t, names in task.objects.items()]
    lines.append("Initial state:")
    lines += [f"  {s}" for s in task.init]
    lines.append("Goal (all must hold):")
    lines += [f"  - {g}" for g in task.goal]
    extras = [f"horizon {task.horizon} steps"]
    if task.hidden:
        extras.append(f"hidden until revealed: {', '.join(task.hidden)}")
    noisy = [t.name for t in spec.tools.tools if t.fail_prob] or ([] if not task.fail_prob else ["every tool"])
    if noisy:
        extras.append(f"unreliable tools: {', '.join(noisy)}")
    lines.append("World: " + "; ".join(extras))
    lines.append(f"Tools ({len(spec.tools.tools)}):")
    for tool in spec.tools.tools:
        params = ", ".join(f"{p.name}: {p.type}" for p in tool.params)
        tag = " [distractor]" if tool.distractor else ""
        fail = f" (fails {tool.fail_prob:.0%} of the time)" if tool.fail_prob else ""
        lines.append(f"  {tool.name}({params}){tag}{fail} - {tool.description}")
        lines.append(f"      needs: {tool.pre}")
        lines.append(f"      does:  {'; '.join(tool.effects)}")
        if tool.fail_effects:
            lines.append(f"      fails: {'; '.join(tool.fail_effects)}")
    lines.append(f"Reward ({reward.mode}): +{reward.success:g} on success")
    if reward.mode == "dense":
        lines.append(f"  progress shaping weight {reward.progress_weight:g} (gamma {reward.gamma:g}), "
                     f"step cost {reward.step_cost:g}")
    if reward.invalid_cost:
        lines.append(f"  invalid call cost {reward.invalid_cost:g}")
    for term in reward.terms:
        lines.append(f"  term {term.name}: {term.value:+g} when {term.when}{' (once)' if term.once else ''}")
    plan = spec.golden_plan
    lines.append(f"Golden plan ({len(plan)} steps):" if plan else "Golden plan: none recorded")
    lines += [f"  {i + 1}. {step}" for i, step in enumerate(plan)]
    measured = spec.meta.get("difficulty", {})
    if measured:
        features = ", ".join(f"{k} {v}" for k, v in measured.items() if k != "score")
        lines.append(f"Measured difficulty: {measured.get('score')} ({features})")
    else:
        lines.append("Measured difficulty: not recorded")
    return "\n".join(lines)


def cmd_describe(args: argparse.Namespace) -> int:
    if args.directive is not None:  # the directive's reading: which clause became what
        from gensim_gym.generation.reading import read_directive

        print(read_directive(args.directive, args.difficulty, on_unknown=args.on_unknown).table())
        return 0
    if args.spec is None:
        raise ArgumentError("describe needs a spec file or --directive TEXT")
    print(describe(load_spec(args.spec)))
    return 0


# -- play ------------------------------------------------------------------------------------
def shorthand_to_call(text: str, spec: SimSpec) -> str:
    """Turn ``tool(arg, ...)`` (positional or ``param=value``) into a JSON tool call; other text passes through.

    >>> from gensim_gym import generate
    >>> shorthand_to_call("drop(crate_a, dock)", generate("warehouse", seed=0))
    '{"name": "drop", "arguments": {"crate": "crate_a", "place": "dock"}}'
    """
    match = _SHORTHAND.match(text)
    if not match or text.lstrip().startswith("{"):
        return text
    name, inner = match.group(1), match.group(2).strip()
    tool = next((t for t in spec.tools.tools if t.name == name), None)
    values = [v.strip().strip("'\"") for v in inner.split(",")] if inner else []
    arguments: dict[str, Any] = {}
    for i, value in enumerate(values):
        key, sep, rest = value.partition("=")
        if sep:
            arguments[key.strip()] = rest.strip().strip("'\"")
        elif tool is not None and i < len(tool.params):
            arguments[tool.params[i].name] = value
        else:
            arguments[f"arg{i}"] = value  # the env reports the unexpected argument
    return json.dumps({"name": name, "arguments": arguments})


PLAY_HELP = ("Type a tool call as JSON {\"name\": ..., \"arguments\": {...}} or as tool(arg, ...); "
             "'tools' lists the tools, 'help' shows this, 'quit' ends.")


def play(spec: SimSpec, stdin: TextIO, stdout: TextIO, seed: int = 0) -> int:
    """Play ``spec`` in text mode: show the observation, read one tool call per line, until done or ``quit``."""
    from gensim_gym.envs.gensim_env import GenSimEnv

    env = GenSimEnv(spec, obs_mode="text")
    obs, _ = env.reset(seed=seed)
    print(PLAY_HELP, file=stdout)
    total = 0.0
    while True:
        print(f"\n{obs}\n> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line or line.strip().lower() in ("quit", "exit", "q"):
            print("\nbye", file=stdout)
            return 0
        command = line.strip()
        if not command:
            continue
        if command.lower() == "help":
            print(PLAY_HELP, file=stdout)
            continue
        if command.lower() == "tools":
            for tool in spec.tools.tools:
                print(f"  {tool.name}({', '.join(f'{p.name}: {p.type}' for p in tool.params)}) - {tool.description}",
                      file=stdout)
            continue
        obs, reward, terminated, truncated, info = env.step(shorthand_to_call(command, spec))
        total += reward
        print(f"reward {reward:+.3f} (total {total:+.3f})", file=stdout)
        if terminated or truncated:
            verdict = "SUCCESS" if info["is_success"] else "out of steps"
            print(f"\n{obs}\n\nEpisode over: {verdict}; return {total:+.3f}", file=stdout)
            return 0 if info["is_success"] else 2


def cmd_play(args: argparse.Namespace) -> int:
    return play(load_spec(args.spec), sys.stdin, sys.stdout, seed=args.seed)


def cmd_list(args: argparse.Namespace) -> int:
    from gensim_gym.integrations.presets import presets

    for env_id, kwargs in presets().items():
        bound = ", ".join(f"{k}={v!r}" for k, v in kwargs.items()) or "directive=... or spec=... (default directive)"
        print(f"{env_id:30} {bound}")
    return 0


# -- parser ------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every built-in subcommand and those of installed extensions."""
    from gensim_gym.integrations.cli_llm import add_llm_options

    parser = argparse.ArgumentParser(prog="gensim-gym", description="Generate, check and play gensim_gym tasks.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                       help="'gensim-gym COMMAND --help' describes each command's options")

    gen = subparsers.add_parser("generate", help="generate one verified spec from a directive")
    gen.add_argument("--directive", "-d", required=True, help="e.g. 'warehouse tasks, easy'")
    gen.add_argument("--difficulty", type=float, default=0.5, help="in [0, 1] (default 0.5)")
    gen.add_argument("--seed", type=int, default=0, help="generation seed (default 0): same seed, same spec")
    gen.add_argument("--backend", default="offline", choices=("offline", "openai"),
                     help="offline (default: procedural, no network) or openai (any OpenAI-compatible endpoint)")
    gen.add_argument("-o", "--output", help="file to write (default: stdout)")
    gen.add_argument("--strict", action="store_true", help="an unsupported clause of the directive is an error")
    gen.add_argument("--on-unknown", default="error", choices=("error", "fallback"),
                     help="a directive naming no known domain: error (default) or fall back to warehouse tasks")
    add_llm_options(gen)
    gen.set_defaults(func=cmd_generate)

    for name, func, text in (("validate", cmd_validate, "check a spec file; exit code 1 when invalid"),
                             ("describe", cmd_describe, "explain a spec in words"),
                             ("play", cmd_play, "play a spec in text mode in the terminal")):
        sub = subparsers.add_parser(name, help=text)
        sub.add_argument("spec", nargs="?" if name == "describe" else None, help="path of a spec JSON file")
        if name == "describe":
            sub.add_argument("--directive", "-d", help="instead of a spec: print how this directive is read, clause "
                                                       "by clause")
            sub.add_argument("--difficulty", type=float, default=0.5, help="with --directive: in [0, 1]")
            sub.add_argument("--on-unknown", default="error", choices=("error", "fallback"),
                             help="with --directive: a directive naming no known domain")
        if name == "play":
            sub.add_argument("--seed", type=int, default=0, help="reset seed (noisy tools)")
        sub.set_defaults(func=func)

    export = subparsers.add_parser("export", help="write a spec as PDDL (its deterministic, fully observable core)")
    export.add_argument("spec", nargs="?", help="path of a spec JSON file (or use --directive)")
    export.add_argument("--pddl", required=True, metavar="OUT_DIR", help="folder for domain.pddl, problem.pddl, "
                                                                          "plan.txt")
    export.add_argument("--directive", "-d", help="generate the spec offline from this directive")
    export.add_argument("--difficulty", type=float, default=0.5, help="with --directive: in [0, 1]")
    export.add_argument("--seed", type=int, default=0, help="with --directive")
    export.set_defaults(func=cmd_export)

    listing = subparsers.add_parser("list", help="print the registered env ids and the arguments they bind")
    listing.set_defaults(func=cmd_list)

    for module_name in EXTENSIONS:
        if importlib.util.find_spec(module_name) is not None:
            importlib.import_module(module_name).add_commands(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 1 invalid input or error, 2 play ended without success)."""
    args = build_parser().parse_args(argv)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("default")
            return int(args.func(args) or 0)
    except Error as exc:
        print(f"gensim-gym {args.command}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
