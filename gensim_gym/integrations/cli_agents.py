"""``gensim-gym serve | eval``: generated tasks for LLM agents from the command line.

``serve`` runs the OpenEnv-protocol env server (:mod:`gensim_gym.integrations.serve`, extra ``[serve]``);
``eval`` benchmarks an OpenAI-compatible model as an agent (:mod:`gensim_gym.integrations.llm_eval`).
``add_commands(subparsers)`` is called by :func:`gensim_gym.integrations.cli.main`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_serve(args: argparse.Namespace) -> int:
    from gensim_gym.integrations.serve import serve
    from gensim_gym.integrations.sessions import PoolConfig

    config = PoolConfig(directive=args.directive, difficulty=args.difficulty, num_tasks=args.num_tasks,
                        seed=args.seed, curriculum=args.curriculum, max_sessions=args.max_sessions,
                        idle_timeout=args.idle_timeout)
    serve(config, host=args.host, port=args.port)
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from gensim_gym.integrations.llm_eval import EvalConfig, evaluate, parse_difficulties, write_report
    from gensim_gym.oversight.chat import OpenAIChat

    config = EvalConfig(directives=tuple(args.directive or ("warehouse tasks",)),
                        difficulties=parse_difficulties(args.difficulties), episodes=args.episodes, seed=args.seed)
    timeout = {"timeout": args.timeout} if args.timeout is not None else {}
    chat = OpenAIChat(args.model, base_url=args.base_url, **timeout)

    def progress(r: Any) -> None:
        print(f"{r.domain} d={r.difficulty:g} seed={r.seed}: {'success' if r.success else 'failure'} in "
              f"{r.steps} steps ({r.invalid_calls} invalid)", file=sys.stderr)

    report = evaluate(chat, config, model=chat.model, progress=None if args.quiet else progress)
    json_path, md_path = write_report(report, args.out)
    sys.stdout.write(md_path.read_text(encoding="utf-8"))
    print(f"wrote {json_path} and {md_path}", file=sys.stderr)
    return 0


def add_commands(subparsers: Any) -> None:
    """Register ``serve`` (and ``eval``) on an ``argparse`` subparsers object."""
    p = subparsers.add_parser("serve", help="serve generated tasks over HTTP/WebSocket (OpenEnv protocol)")
    p.add_argument("--directive", "-d", default="warehouse tasks", help="the task family every session plays")
    p.add_argument("--difficulty", type=float, default=0.5, help="task difficulty in [0, 1]")
    p.add_argument("--num-tasks", type=int, default=32, help="generated tasks served (0 = a new task per reset)")
    p.add_argument("--seed", type=int, default=0, help="seed of the task stream (the same seed serves the same tasks)")
    p.add_argument("--curriculum", default=None, help="a curriculum shared by all sessions, e.g. alpha")
    p.add_argument("--max-sessions", type=int, default=256, help="sessions open at once; one more gets HTTP 429")
    p.add_argument("--idle-timeout", type=float, default=300.0, help="seconds before an idle session is closed")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    p.add_argument("--port", type=int, default=8000, help="TCP port to listen on")
    p.set_defaults(func=cmd_serve)

    p = subparsers.add_parser("eval", help="benchmark an OpenAI-compatible model as an agent on generated tasks")
    p.add_argument("--directive", "-d", action="append", help="repeat for several (default: warehouse tasks)")
    p.add_argument("--difficulties", default="0.2,0.5,0.8", help="comma-separated, in [0, 1]")
    p.add_argument("--episodes", type=int, default=10, help="seeded tasks per directive and difficulty")
    p.add_argument("--seed", type=int, default=0, help="first task seed; episode i plays seed + i")
    p.add_argument("--model", default=None, help="default $GENSIM_MODEL; the key comes from $OPENAI_API_KEY")
    p.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint (default $OPENAI_BASE_URL)")
    p.add_argument("--timeout", type=float, default=None, help="seconds per model request")
    p.add_argument("--out", default="runs/eval/report", help="writes <out>.json and <out>.md")
    p.add_argument("--quiet", action="store_true", help="no line per episode on stderr")
    p.set_defaults(func=cmd_eval)
