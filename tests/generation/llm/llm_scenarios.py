"""Shared helpers for the LLM backend tests: recorded exchanges played by a local fake OpenAI server."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from gensim_gym.generation.llm import LLMGenerator, OpenAIBackend
from gensim_gym.generation.llm.fake_server import FakeOpenAI

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "llm"
SCENARIOS = sorted(p.stem for p in FIXTURES.glob("*.json"))


def load_scenario(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def backend_for(server: FakeOpenAI, **kw: Any) -> OpenAIBackend:
    options = {"model": "gpt-4o-mini", "base_url": server.base_url, "api_key": "sk-test", "timeout": 1.0,
               "max_retries": 2, "fold_system": False, **kw}
    return OpenAIBackend(**options)


def play(name: str, tmp_path: Path, **generator_kw: Any) -> tuple[Any, FakeOpenAI, float]:
    """Run one recorded scenario; return (spec or the raised error, the server, seconds taken)."""
    record = load_scenario(name)
    with FakeOpenAI(record["responses"]) as server:
        options = {"cache": False, "audit_log": tmp_path / "audit.jsonl", **generator_kw}
        start = time.perf_counter()
        try:
            generator = LLMGenerator(backend_for(server, **record.get("backend_options", {})), **options)
            outcome: Any = generator.generate(record["directive"], record["difficulty"], record["seed"])
        except Exception as exc:  # the scenario decides whether an error is the right outcome
            outcome = exc
        return outcome, server, time.perf_counter() - start
