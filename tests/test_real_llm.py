"""Generation and the LLM agent against a real OpenAI-compatible server (opt-in; not part of CI).

Run with ``GENSIM_REAL_LLM_URL=http://localhost:8000/v1 [GENSIM_REAL_LLM_MODEL=name] pytest -m real_llm``
(``scripts/real_llm.sh`` sets up llama-cpp-python's server with a small model and does this). The tests
pass when every request reaches the model: an accepted spec, or a ``GenerationError`` whose reasons are
about the answers' content, never about transport. Per-stage outcomes (mode, finish reason, tokens,
seconds, the reason a stage was rejected) are appended to ``$GENSIM_REAL_LLM_REPORT`` (default
``real_llm_report.jsonl`` in the working folder) and printed.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

import gensim_gym
from gensim_gym.errors import GenerationError

URL = os.environ.get("GENSIM_REAL_LLM_URL", "")
MODEL = os.environ.get("GENSIM_REAL_LLM_MODEL", "local")
TIMEOUT = float(os.environ.get("GENSIM_TIMEOUT", "1800"))  # a 2-core CPU took 515-939 s for a 700-token answer
DIRECTIVE = "warehouse tasks, easy"
TRANSPORT_WORDS = ("HTTP", "timed out", "did not answer", "could not be reached")

pytestmark = [pytest.mark.real_llm,
              pytest.mark.skipif(not URL, reason="set GENSIM_REAL_LLM_URL to an OpenAI-compatible endpoint")]


def record(kind: str, **fields: Any) -> None:
    line = {"kind": kind, "url": URL, "model": MODEL, "time": round(time.time(), 1), **fields}
    print(json.dumps(line))
    path = Path(os.environ.get("GENSIM_REAL_LLM_REPORT", "real_llm_report.jsonl"))
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(line) + "\n")


def stage_outcomes(audit: Path) -> list[dict[str, Any]]:
    rows, previous = [], None
    for line in audit.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        rows.append({k: r.get(k) for k in ("stage", "kind", "attempt", "mode", "finish_reason", "prompt_tokens",
                                           "completion_tokens", "requests", "error")}
                    | {"seconds": round(r["time"] - previous, 1) if previous else None,
                       "answer_head": (r.get("response") or "")[:120]})
        previous = r["time"]
    return rows


def test_generation_reaches_the_model_on_every_request(tmp_path):
    """The README's call, with only the endpoint changed."""
    audit, start = tmp_path / "audit.jsonl", time.time()
    try:
        spec = gensim_gym.generate(DIRECTIVE, difficulty=0.3, seed=0, backend="openai", base_url=URL, model=MODEL,
                                   cache=False, audit_log=audit, timeout=TIMEOUT)
        outcome: dict[str, Any] = {"accepted": True, "task": spec.id, "llm": spec.meta["llm"],
                                   "failed_attempts": spec.meta["generator"]["failed_attempts"]}
    except GenerationError as exc:
        outcome = {"accepted": False, "reasons": list(exc.attempts), "usage": getattr(exc, "usage", None)}
        assert not any(w in a for a in exc.attempts for w in TRANSPORT_WORDS), exc.attempts
    record("generation", seconds=round(time.time() - start, 1), stages=stage_outcomes(audit), **outcome)


def test_llm_agent_plays_an_episode():
    from gensim_gym.envs.gensim_env import GenSimEnv
    from gensim_gym.oversight import OpenAIChat
    from gensim_gym.simulator.tasks import EpochSource, OfflineTasks, directive_layout
    from gensim_gym.trainers import LLMAgent, rollout

    layout = directive_layout(DIRECTIVE)
    spec = OfflineTasks(layout)(DIRECTIVE, 0.0, 0)
    env = GenSimEnv(EpochSource(layout, [spec]), obs_mode="text", seed=0)
    agent = LLMAgent(OpenAIChat(MODEL, base_url=URL, timeout=TIMEOUT, max_tokens=96, max_retries=0))
    start = time.time()
    result, _ = rollout(agent, env, spec, seed=0)
    record("agent", seconds=round(time.time() - start, 1), task=spec.id, success=bool(result.is_success),
           steps=result.length, invalid_calls=result.invalid_calls, tokens=agent.tokens.to_dict())
    assert result.length >= 1
