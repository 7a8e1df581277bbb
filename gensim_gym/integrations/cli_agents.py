"""``gensim-gym serve | eval``: generated tasks for LLM agents from the command line.

``serve`` runs the OpenEnv-protocol env server (:mod:`gensim_gym.integrations.serve`, extra ``[serve]``);
``eval`` benchmarks an OpenAI-compatible model as an agent (:mod:`gensim_gym.integrations.llm_eval`).
``add_commands(subparsers)`` is called by :func:`gensim_gym.integrations.cli.main`.
"""

from __future__ import annotations

import argparse
from typing import Any


def cmd_serve(args: argparse.Namespace) -> int:
    from gensim_gym.integrations.serve import serve
    from gensim_gym.integrations.sessions import PoolConfig

    config = PoolConfig(directive=args.directive, difficulty=args.difficulty, num_tasks=args.num_tasks,
                        seed=args.seed, curriculum=args.curriculum, max_sessions=args.max_sessions,
                        idle_timeout=args.idle_timeout)
    serve(config, host=args.host, port=args.port)
    return 0


def add_commands(subparsers: Any) -> None:
    """Register ``serve`` (and ``eval``) on an ``argparse`` subparsers object."""
    p = subparsers.add_parser("serve", help="serve generated tasks over HTTP/WebSocket (OpenEnv protocol)")
    p.add_argument("--directive", "-d", default="warehouse tasks")
    p.add_argument("--difficulty", type=float, default=0.5)
    p.add_argument("--num-tasks", type=int, default=32, help="generated tasks served (0 = a new task per reset)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--curriculum", default=None, help="a curriculum shared by all sessions, e.g. alpha")
    p.add_argument("--max-sessions", type=int, default=256)
    p.add_argument("--idle-timeout", type=float, default=300.0, help="seconds before an idle session is closed")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.set_defaults(func=cmd_serve)
