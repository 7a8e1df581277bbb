"""The LLM options shared by ``gensim-gym generate`` and ``gensim-gym train``.

Each option is an argument of :class:`~gensim_gym.generation.llm.openai_backend.OpenAIBackend` under the
same name (``--base-url`` → ``base_url``) and defaults to the same environment variable, so a recipe in
``docs/llm.md`` reads the same in Python, on the command line and in the environment.
"""

from __future__ import annotations

import argparse
from typing import Any

from gensim_gym.generation.llm.capabilities import RESPONSE_FORMATS

#: (option, OpenAIBackend argument, environment variable)
LLM_OPTIONS = (("--model", "model", "GENSIM_MODEL"), ("--base-url", "base_url", "OPENAI_BASE_URL"),
               ("--response-format", "response_format", "GENSIM_RESPONSE_FORMAT"),
               ("--max-tokens", "max_tokens", "GENSIM_MAX_TOKENS"), ("--timeout", "timeout", "GENSIM_TIMEOUT"))


def add_llm_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``--backend openai`` (each defaults to its environment variable)."""
    group = parser.add_argument_group("LLM backend (--backend openai; see docs/llm.md)")
    group.add_argument("--model", default=None,
                       help="model name (default $GENSIM_MODEL or gpt-4o-mini); the key comes from $OPENAI_API_KEY")
    group.add_argument("--base-url", default=None,
                       help="OpenAI-compatible endpoint, e.g. http://localhost:8080/v1 (default $OPENAI_BASE_URL)")
    group.add_argument("--response-format", default=None, choices=RESPONSE_FORMATS,
                       help="structured output: auto (default $GENSIM_RESPONSE_FORMAT or auto: json_schema, "
                            "falling back to json_object, then text, when the server says it is unsupported) or one "
                            "forced mode")
    group.add_argument("--max-tokens", type=int, default=None,
                       help="answer limit per request (default $GENSIM_MAX_TOKENS, else sized per stage from its "
                            "schema; 0 sends none)")
    group.add_argument("--timeout", type=float, default=None,
                       help="seconds per request (default $GENSIM_TIMEOUT or 120; a CPU server may need 1000+); a "
                            "request that times out is not retried")


def llm_options(args: argparse.Namespace) -> dict[str, Any]:
    """The backend arguments given on the command line (the rest come from the environment)."""
    return {name: getattr(args, name) for _, name, _ in LLM_OPTIONS if getattr(args, name, None) is not None}
