"""``gensim-gym train --backend openai`` end to end against the local fake OpenAI-compatible server (no network).

The fake "model" answers each generation stage with the section the offline generator would write for the
directive, difficulty and seed in the task prompt's generation context, and each oversight prompt with a
well-formed JSON answer. So the run exercises the real HTTP client, the LLM pipeline's checks and cache, and
LLM oversight rendering the shared templates, on a tiny budget.
"""

from __future__ import annotations

import json
import re

import pytest

from gensim_gym.generation.llm.fake_server import FakeOpenAI, FakeResponse, completion, is_system_probe, probe_answer
from gensim_gym.integrations.cli_train import main as cli_main
from gensim_gym.simulator import load_report
from gensim_gym.simulator.tasks import OfflineTasks, directive_layout
from tests.llm_recorded import prompt_context

DIRECTIVE = "warehouse tasks, easy"


class FakeModel:
    """A handler for :class:`FakeOpenAI`: offline sections for the three stages, JSON for oversight."""

    def __init__(self) -> None:
        self.tasks = OfflineTasks(directive_layout(DIRECTIVE))
        self.stages: list[str] = []
        self.oversight: list[str] = []

    def __call__(self, body: dict) -> FakeResponse:
        messages = body["messages"]
        if is_system_probe(body):
            return probe_answer()
        schema = body.get("response_format", {}).get("json_schema", {})
        if schema.get("name") in ("task", "tools", "reward"):
            context = prompt_context(messages)
            spec = self.tasks(context["directive"], context["difficulty"], context["seed"])
            self.stages.append(schema["name"])
            answer = json.dumps(getattr(spec, schema["name"]).to_dict())
        else:
            answer = self.oversee(messages[-1]["content"])
        return FakeResponse(body=completion(answer, prompt_tokens=40, completion_tokens=8))

    def oversee(self, prompt: str) -> str:
        if "Which generator is the bottleneck" in prompt:
            self.oversight.append("classify_bottleneck")
            return '{"bottleneck": "tools", "evidence": "no invalid calls, so the tools are mastered"}'
        if '{"patterns"' in prompt:
            self.oversight.append("analyse_failures")
            return '{"patterns": ["none"], "summary": "The oracle solves every task."}'
        self.oversight.append("update_directive")
        directive = re.search(r'Current directive: "(.*)"', prompt).group(1)
        return json.dumps({"directive": directive, "change": "maintain", "rationale": "keep the cache warm"})


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "GENSIM_MODEL", "GENSIM_CACHE_DIR", "GENSIM_PROMPTS"):
        monkeypatch.delenv(name, raising=False)


def train(server: FakeOpenAI, out, cache_dir, *extra: str) -> int:
    return cli_main(["train", "--directive", DIRECTIVE, "--algo", "oracle", "--steps", "0", "--epochs", "2",
                     "--episodes", "2", "--backend", "openai", "--base-url", server.base_url, "--model", "fake-model",
                     "--cache-dir", str(cache_dir), "--out", str(out), *extra])


def test_train_with_the_openai_backend_end_to_end_then_from_the_cache(tmp_path, clean_env, capsys):
    model = FakeModel()
    with FakeOpenAI(handler=model) as server:
        assert train(server, tmp_path / "run1", tmp_path / "cache") == 0
        first_requests = len(server.requests)
        report = load_report(tmp_path / "run1")
        config = report["config"]
        assert (config["backend"], config["model"], config["base_url"]) == ("openai", "fake-model", server.base_url)
        assert config["oversight"] == "LLMOversight"  # the LLM oversees when it generates
        assert report["config"]["curriculum"] == "alpha"
        first = report["epochs"][0]
        assert first["accepted"] == 2 and first["curriculum"]["pool"] == 2  # AlphaCurriculum's pool, K specs
        for epoch in report["epochs"]:
            assert len(epoch["played_ids"]) == 2
            assert epoch["decision"]["source"] == "llm" and epoch["decision"]["action"] == "maintain"
            assert epoch["bottleneck"]["kind"] == "tools" and epoch["decision"]["rejected_llm"] == []
        assert model.oversight == ["analyse_failures", "classify_bottleneck", "update_directive"] * 2
        generated = len(model.stages)
        assert generated >= 3 * (8 + 2)  # 8 evaluation specs and the first epoch's tasks, three stages each
        tokens = report["llm_tokens"]
        probes = sum(map(is_system_probe, server.requests))
        assert probes == 1  # the chat template's system role is probed once per endpoint, then remembered
        calls = first_requests - probes
        assert tokens["calls"] == calls and tokens["prompt_tokens"] == 40 * calls
        assert tokens["by_role"]["generation"] == 48 * generated and tokens["by_role"]["oversight"] == 48 * 6
        audit = (tmp_path / "run1" / "llm_audit.jsonl").read_text().splitlines()
        assert len(audit) == generated and json.loads(audit[0])["stage"] == "task"
        specs = [json.loads(line)["spec"] for line in (tmp_path / "run1" / "env_dataset.jsonl").open()]
        assert all(s["meta"]["generator"]["backend"] == "llm" for s in specs)

        # Same command again: every accepted spec comes from the cache. Rejected specs are never cached, so
        # the (deterministic) fake model is asked for those again, at the same cost; oversight talks as before.
        assert train(server, tmp_path / "run2", tmp_path / "cache") == 0
        second = server.requests[first_requests:]
        audit1 = [json.loads(line) for line in audit]
        audit2 = [json.loads(line) for line in (tmp_path / "run2" / "llm_audit.jsonl").read_text().splitlines()]
        asked_again = {a["seed"] for a in audit2}
        accepted = {s["meta"]["generator"]["seed"] for s in specs}
        assert not asked_again & accepted and len(asked_again) <= 2
        assert len(audit2) == sum(a["seed"] in asked_again for a in audit1)
        assert len(second) == 6 + len(audit2) and len(second) < first_requests / 3
        assert sum("response_format" in body for body in second) == len(audit2)
        again = load_report(tmp_path / "run2")
        assert [e["played_ids"] for e in again["epochs"]] == [e["played_ids"] for e in report["epochs"]]
        assert again["llm_tokens"]["by_role"].get("generation", 0) == 48 * len(audit2)
    assert capsys.readouterr().out.strip().endswith("report.md")


def test_rules_oversight_can_be_kept_with_the_openai_backend(tmp_path, clean_env):
    model = FakeModel()
    with FakeOpenAI(handler=model) as server:
        assert train(server, tmp_path / "run", tmp_path / "cache", "--oversight", "rules", "--epochs", "1") == 0
    report = load_report(tmp_path / "run")
    assert report["config"]["oversight"] == "RuleOversight" and model.oversight == []
    assert report["epochs"][0]["decision"]["source"] == "rules"


def test_an_unreachable_endpoint_stops_the_run_with_a_backend_error(tmp_path, clean_env, capsys):
    with FakeOpenAI([FakeResponse(401, {"error": {"message": "bad key"}})]) as server:
        code = train(server, tmp_path / "run", tmp_path / "cache", "--no-cache")
    assert code == 2
    err = capsys.readouterr().err
    assert "refused the credentials (HTTP 401)" in err and "OPENAI_API_KEY" in err
