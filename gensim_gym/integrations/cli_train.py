"""``gensim-gym train | report | demo``: the Generative Simulator loop from the command line.

``add_commands(subparsers)`` is called by ``gensim_gym.integrations.cli.main``;
``main(argv)`` runs these commands on their own (``python -m
gensim_gym.integrations.cli_train demo``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gensim_gym.errors import ArgumentError, Error
from gensim_gym.integrations.cli_llm import add_llm_options, llm_options
from gensim_gym.simulator.adapter import CURRICULA

DEMO_DIRECTIVE = "warehouse tasks, easy"


def _chat_from_args(args: argparse.Namespace):
    from gensim_gym.oversight.chat import OpenAIChat

    timeout = {"timeout": args.timeout} if getattr(args, "timeout", None) is not None else {}
    return OpenAIChat(args.model, base_url=args.base_url, **timeout)


def _oversight_kind(args: argparse.Namespace) -> str:
    """``--oversight`` if given, else the LLM when generation uses one (``--backend openai``), else the rules."""
    kind = getattr(args, "oversight", None)
    return kind or ("llm" if getattr(args, "backend", "offline") == "openai" else "rules")


def _backend_options(args: argparse.Namespace, out: Path) -> dict[str, Any] | None:
    if getattr(args, "backend", "offline") != "openai":
        return None
    return {"model": args.model, "base_url": args.base_url, **llm_options(args), "cache": not args.no_cache,
            "cache_dir": args.cache_dir, "audit_log": out / "llm_audit.jsonl"}


def build_simulator(args: argparse.Namespace):
    """A :class:`GenerativeSimulator` from parsed ``train`` arguments."""
    from gensim_gym.oversight.chat import TokenCounter
    from gensim_gym.oversight.oversight import LLMOversight, RuleOversight
    from gensim_gym.simulator.loop import GenerativeSimulator
    from gensim_gym.trainers import make_trainer

    out = Path(args.out)
    tokens = TokenCounter()  # one counter for generation, oversight and agent, so the report shows the total
    chat = None
    if args.algo == "llm" or _oversight_kind(args) == "llm":
        chat = _chat_from_args(args)
    if args.algo == "llm":
        trainer = make_trainer("llm", chat=chat, tokens=tokens)
    elif args.algo in ("random", "oracle"):
        trainer = make_trainer(args.algo)
    else:
        trainer = make_trainer(args.algo, tensorboard_log=out / "tensorboard")
    oversight = LLMOversight(chat, tokens=tokens) if chat is not None and _oversight_kind(args) == "llm" \
        else RuleOversight()
    difficulty = getattr(args, "difficulty", None)
    sim = GenerativeSimulator(args.directive, trainer=trainer, curriculum=args.curriculum, oversight=oversight,
                              backend=getattr(args, "backend", "offline"),
                              backend_options=_backend_options(args, out), tokens=tokens, out=out, seed=args.seed,
                              steps_per_epoch=args.steps // max(args.epochs, 1), difficulty=difficulty,
                              config={"total_steps": args.steps, "curriculum": args.curriculum,
                                      **({"difficulty": difficulty} if difficulty is not None else {})})
    # Record the endpoint as resolved (arguments or environment), never the key.
    llm = getattr(getattr(sim.generate, "backend", None), "config", None) or getattr(chat, "config", None)
    sim.extra_config.update(model=getattr(llm, "model", None), base_url=getattr(llm, "base_url", None))
    return sim


class TrainingBars:
    """Two tqdm bars with ETA: env steps of RL training (moved by the trainer as it learns) and epochs
    (with the last epoch's success and bottleneck); without tqdm, one line per epoch."""

    def __init__(self, epochs: int, steps: int, done: int = 0) -> None:
        self.epochs = epochs
        try:
            from tqdm import tqdm
        except ImportError:  # pragma: no cover - tqdm ships with the train extra
            self.steps_bar = self.epochs_bar = None
            return
        per_epoch = steps // max(epochs, 1)
        self.steps_bar = tqdm(total=per_epoch * epochs, initial=per_epoch * done, desc="training", unit="step",
                              position=1, leave=False) if per_epoch else None
        self.epochs_bar = tqdm(total=epochs, initial=done, desc="epochs", unit="epoch", position=0)

    def __call__(self, epoch: int, record: dict[str, Any]) -> None:
        if self.epochs_bar is None:
            print(f"epoch {epoch + 1}/{self.epochs}: success {record['success']:.2f}, directive -> "
                  f"{record['decision']['new_directive']}", file=sys.stderr)
            return
        self.epochs_bar.update(1)
        self.epochs_bar.set_postfix(success=f"{record['success']:.2f}", bottleneck=record["bottleneck"].get("kind"))

    def close(self) -> None:
        for bar in (self.steps_bar, self.epochs_bar):
            if bar is not None:
                bar.close()


def check_out(args: argparse.Namespace) -> None:
    """``--out`` over an earlier run: refused unless ``--resume`` (continue it) or ``--overwrite`` (remove its
    model, checkpoints, TensorBoard events, logs and report first, so nothing stale is left beside the new run)."""
    from gensim_gym.simulator.run_folder import clear_run, run_entries

    overwrite = getattr(args, "overwrite", False)
    if args.resume and overwrite:
        raise ArgumentError("--resume continues the run in --out and --overwrite replaces it: give one")
    if args.resume:
        return
    earlier = run_entries(args.out)
    if earlier and not overwrite:
        names = ", ".join(p.name for p in earlier[:6]) + (", ..." if len(earlier) > 6 else "")
        raise ArgumentError(f"{args.out} holds an earlier run ({names}); pass --resume to continue it, "
                            "--overwrite to replace it, or another --out")
    if earlier:
        clear_run(args.out)
        print(f"--overwrite: removed {len(earlier)} files and folders of the earlier run in {args.out}",
              file=sys.stderr)


def cmd_train(args: argparse.Namespace) -> int:
    check_out(args)
    sim = build_simulator(args)
    done = 0
    if args.resume:
        from gensim_gym.simulator.run_folder import peek_epoch

        done = peek_epoch(Path(args.out))  # for the progress bar only; the run checks the folder itself
    progress = TrainingBars(args.epochs, args.steps, min(done, args.epochs))
    sim.trainer.progress = progress.steps_bar
    try:
        report = sim.run(args.epochs, args.episodes, args.eta, resume=args.resume, progress=progress)
    finally:
        progress.close()
    ev = report["evaluation"]
    print(f"success before {ev['before']['success']:.2f} -> after {ev['after']['success']:.2f}")
    print(f"final directive: {report['final_directive']}")
    print(Path(args.out) / "report.md")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from gensim_gym.simulator.report import build_report

    run_dir = Path(args.run_dir)
    if not (run_dir / "report.json").exists():
        raise Error(f"{run_dir} has no report.json; is it a run directory made by 'gensim-gym train'?")
    print(build_report(run_dir))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """The full loop, offline, small budget: MaskablePPO on easy warehouse tasks with ``AlphaCurriculum``."""
    # the demo replaces its own earlier run in --out, so `bash scripts/demo.sh` can be run again
    ns = argparse.Namespace(directive=args.directive, algo=args.algo, steps=args.steps, curriculum="alpha",
                            epochs=args.epochs, episodes=args.episodes, eta=args.eta, out=args.out, seed=args.seed,
                            resume=False, overwrite=True, oversight="rules", backend="offline", model=None,
                            base_url=None, cache_dir=None, no_cache=False)
    print(f"gensim-gym demo: {ns.algo} on '{ns.directive}', {ns.epochs} epochs x {ns.steps // ns.epochs} steps, "
          "AlphaCurriculum, offline backend, rule oversight", file=sys.stderr)
    return cmd_train(ns)


def _train_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--directive", required=True, help="natural-language directive, e.g. 'warehouse tasks, easy'")
    p.add_argument("--algo", default="maskable-ppo",
                   choices=["ppo", "a2c", "dqn", "maskable-ppo", "llm", "random", "oracle"],
                   help="the agent: an SB3 algorithm (maskable-ppo reads the action masks), an LLM playing text mode "
                        "(llm), or a baseline (random, oracle); default maskable-ppo")
    p.add_argument("--steps", type=int, default=20_000, help="total RL steps, split evenly over the epochs")
    p.add_argument("--curriculum", default="alpha", choices=list(CURRICULA),
                   help="alpha = AlphaCurriculum (GenEnv π_env + RWR + filter C), uniform = GenEnv-Random, "
                        "static = GenEnv-Static, threshold, learnability, hard = uniform over difficulty 0.8-1, "
                        "none = fresh tasks at --difficulty (as gym.make without a curriculum); default alpha")
    p.add_argument("--difficulty", type=float, default=None,
                   help="with --curriculum none: the tasks' difficulty in [0, 1] (default 0.5); a curriculum "
                        "chooses difficulties itself")
    p.add_argument("--epochs", type=int, default=10, help="epochs of Algorithm 1 (default 10)")
    p.add_argument("--episodes", type=int, default=16, help="tasks generated and rolled out per epoch (K)")
    p.add_argument("--eta", type=float, default=0.5, help="reward threshold η for failures and the oversight rule")
    p.add_argument("--backend", default="offline", choices=["offline", "openai"],
                   help="task/tool/reward generator: procedural (offline) or an OpenAI-compatible model")
    p.add_argument("--oversight", default=None, choices=["rules", "llm"],
                   help="directive rewriting; default: llm with --backend openai, else rules")
    add_llm_options(p)  # --model and --base-url also serve --algo llm and --oversight llm
    p.add_argument("--cache-dir", default=None, help="LLM generation cache (default $GENSIM_CACHE_DIR)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the LLM generation cache")
    p.add_argument("--out", default="runs/gensim",
                   help="run folder (default runs/gensim); one holding an earlier run needs --resume or --overwrite")
    p.add_argument("--seed", type=int, default=0, help="seeds generation, curriculum, agent and rollouts")
    p.add_argument("--resume", action="store_true", help="continue the run in --out from its last checkpoint")
    p.add_argument("--overwrite", action="store_true",
                   help="replace the run in --out: its model, checkpoints, TensorBoard events, logs and report are "
                        "removed first")


def add_commands(subparsers: Any) -> None:
    """Register ``train``, ``report`` and ``demo`` on an ``argparse`` subparsers object."""
    p = subparsers.add_parser("train", help="run the Generative Simulator loop (Algorithm 1)")
    _train_args(p)
    p.set_defaults(func=cmd_train)
    p = subparsers.add_parser("report", help="(re)build report.md and plots of a run directory")
    p.add_argument("run_dir", help="a run folder written by 'gensim-gym train'")
    p.set_defaults(func=cmd_report)
    p = subparsers.add_parser("demo", help="the full loop offline on a small budget (7-9 min on 2 busy CPUs)")
    p.add_argument("--directive", default=DEMO_DIRECTIVE,
                   help=f"the directive to start from (default {DEMO_DIRECTIVE!r})")
    p.add_argument("--algo", default="maskable-ppo", choices=["ppo", "a2c", "dqn", "maskable-ppo"],
                   help="the SB3 algorithm (default maskable-ppo)")
    p.add_argument("--steps", type=int, default=12_000,
                   help="total RL steps, split evenly over the epochs (default 12000)")
    p.add_argument("--epochs", type=int, default=6, help="epochs of Algorithm 1 (default 6)")
    # 32 new tasks per epoch: with 12 the agent memorised its small pool (0.25-0.38 on unseen tasks, 0.50-0.62 with 32)
    p.add_argument("--episodes", type=int, default=32, help="tasks generated and rolled out per epoch (default 32)")
    p.add_argument("--eta", type=float, default=0.5, help="reward threshold η for failures and oversight (default 0.5)")
    p.add_argument("--out", default="runs/demo",
                   help="run folder (default runs/demo); an earlier demo there is replaced")
    p.add_argument("--seed", type=int, default=0, help="seeds generation, curriculum, agent and rollouts (default 0)")
    p.set_defaults(func=cmd_demo)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gensim-gym", description=__doc__.splitlines()[0])
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except Error as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
