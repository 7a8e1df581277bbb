"""LLM oversight against recorded responses: accepted when sound, replaced by the rules when not."""

from __future__ import annotations

import json

import respx

from gensim_gym.oversight import EpisodeResult, FailureMemory, LLMOversight, OpenAIChat
from tests.llm_recorded import BASE_URL, completion, replay, respx_http_client


def memory() -> FailureMemory:
    return FailureMemory(records=[EpisodeResult(f"t{i}", "warehouse", 0.4, 0.1, False, 9, 9, progress=0.5,
                                                reward_events=1, truncated=True) for i in range(4)])


def chat() -> OpenAIChat:
    return OpenAIChat("gpt-4o-mini", base_url=BASE_URL, api_key="test-key", max_retries=0,
                      http_client=respx_http_client(respx.mock))


@respx.mock
def test_llm_oversight_follows_the_prompts_and_records_tokens():
    route = replay(respx.mock, [
        completion("All failures time out half way: plans are too long for the agent."),
        completion('```json\n{"bottleneck": "task", "evidence": "4/4 timeouts at 50% progress"}\n```'),
        completion('{"directive": "warehouse tasks, longer tasks", "reason": "agent is doing well"}'),
    ])
    o = LLMOversight(chat())
    d = o.decide(2, "warehouse tasks", memory(), mean_reward=0.7, eta=0.5)
    assert (d.source, d.bottleneck["kind"], d.new_directive, d.action) == \
        ("llm", "task", "warehouse tasks, longer tasks", "increase")
    assert "too long" in d.analysis
    assert o.tokens.calls == 3 and o.tokens.prompt_tokens == 150
    sent = [json.loads(c.request.content) for c in route.calls]
    assert "timed out" in sent[0]["messages"][0]["content"]  # the failures are in the analysis prompt
    assert "increase difficulty along the bottleneck" in sent[2]["messages"][0]["content"]


@respx.mock
def test_llm_directive_breaking_the_eta_rule_is_rejected():
    replay(respx.mock, [
        completion("The agent fails."),
        completion('{"bottleneck": "tools", "evidence": "wrong tools"}'),
        completion('{"directive": "warehouse tasks, hard, more tools", "reason": "push harder"}'),
    ])
    d = LLMOversight(chat()).decide(0, "warehouse tasks", memory(), mean_reward=0.1, eta=0.5)
    assert d.source == "llm bottleneck + rule rewrite"
    assert "may not get harder" in d.rejected_llm[0]
    assert d.new_directive == "warehouse tasks, fewer tools"


@respx.mock
def test_unparseable_bottleneck_falls_back_to_rules():
    replay(respx.mock, [completion("analysis"), completion("I think it is the vibes.")])
    d = LLMOversight(chat()).decide(0, "warehouse tasks", memory(), mean_reward=0.1, eta=0.5)
    assert d.source == "rules (llm rejected)" and d.bottleneck["kind"] == "task"
    assert d.rejected_llm and "no JSON object" in d.rejected_llm[0]


@respx.mock
def test_directive_changing_the_domain_is_rejected():
    replay(respx.mock, [completion("a"), completion('{"bottleneck": "reward"}'),
                        completion('{"directive": "domain: nowhere, sparse reward"}')])
    d = LLMOversight(chat()).decide(0, "warehouse tasks", memory(), mean_reward=0.9, eta=0.5)
    assert "cannot read" in d.rejected_llm[0]
    assert d.new_directive == "warehouse tasks, sparse reward"
