"""LLM oversight renders the shared ``prompts/`` templates and checks the recorded answers it gets back.

Accepted when sound; when an answer is malformed or breaks a rule it is replaced (analysis by the rule
evidence, bottleneck by the rule decision, rewrite by the rule rewrite) and the rejection is recorded.
"""

from __future__ import annotations

import json

import pytest
import respx

from gensim_gym.generation.llm import render_prompt
from gensim_gym.oversight import EpisodeResult, FailureMemory, LLMOversight, OpenAIChat
from gensim_gym.oversight.prompts import (
    analyse_failures_prompt,
    classify_bottleneck_prompt,
    read_update,
    update_directive_prompt,
)
from tests.llm_recorded import BASE_URL, completion, replay, respx_http_client

ANALYSIS = completion('{"patterns": ["every failure times out at 50% progress"], '
                      '"summary": "All failures time out half way: plans are too long for the agent."}')


def memory() -> FailureMemory:
    return FailureMemory(records=[EpisodeResult(
        task_id=f"t{i}", domain="warehouse", difficulty=0.4, episode_return=0.1, is_success=False, length=9,
        horizon=9, progress=0.5, reward_events=1, truncated=True) for i in range(4)])


def chat() -> OpenAIChat:
    return OpenAIChat("gpt-4o-mini", base_url=BASE_URL, api_key="test-key", max_retries=0,
                      http_client=respx_http_client(respx.mock))


def prompts_sent(route) -> list[str]:
    return [json.loads(c.request.content)["messages"][0]["content"] for c in route.calls]


@respx.mock
def test_llm_oversight_sends_the_shared_templates_and_records_tokens():
    route = replay(respx.mock, [
        ANALYSIS,
        completion('```json\n{"bottleneck": "task", "evidence": "4/4 timeouts at 50% progress"}\n```'),
        completion('{"directive": "warehouse tasks, longer tasks", "change": "increase", '
                   '"rationale": "agent is doing well"}'),
    ])
    o = LLMOversight(chat())
    mem = memory()
    d = o.decide(2, "warehouse tasks", mem, mean_reward=0.7, eta=0.5)
    assert (d.source, d.bottleneck["kind"], d.new_directive, d.action) == \
        ("llm", "task", "warehouse tasks, longer tasks", "increase")
    assert "too long" in d.analysis and "50% progress" in d.analysis and d.rejected_llm == []
    assert d.reason == "agent is doing well"
    assert o.tokens.calls == 3 and o.tokens.prompt_tokens == 150
    # Byte for byte what the shared templates render: there is no other copy of the wording.
    rule = o.rules.decide(2, "warehouse tasks", mem, 0.7, 0.5)
    analysis = {"patterns": ["every failure times out at 50% progress"],
                "summary": "All failures time out half way: plans are too long for the agent."}
    assert prompts_sent(route) == [
        analyse_failures_prompt("warehouse tasks", mem.recent(64), 4, 0.7, 0.5),
        classify_bottleneck_prompt(analysis, rule.bottleneck["evidence"], 0.7, 0.5),
        update_directive_prompt("warehouse tasks", "task", 0.7, 0.5, []),
    ]
    sent = prompts_sent(route)
    assert "timed out" in sent[0] and '"patterns"' in sent[0]
    assert "shortest plan done" in sent[0] and "calls on tools the plan never uses" in sent[0]  # the Φ evidence
    assert '"timeouts_with_progress":4' in sent[1]
    assert "increase difficulty along the bottleneck" in sent[2] and '"longer tasks"' in sent[2]


@respx.mock
def test_history_of_changes_reaches_the_next_update_prompt():
    route = replay(respx.mock, [
        ANALYSIS, completion('{"bottleneck": "task", "evidence": "timeouts"}'),
        completion('{"directive": "warehouse tasks, longer tasks", "change": "increase", "rationale": "r"}'),
        ANALYSIS, completion('{"bottleneck": "tools", "evidence": "e"}'),
        completion('{"directive": "warehouse tasks, longer tasks, more tools", "change": "increase", '
                   '"rationale": "r"}'),
    ])
    o = LLMOversight(chat())
    o.decide(0, "warehouse tasks", memory(), 0.8, 0.5)
    d = o.decide(1, "warehouse tasks, longer tasks", memory(), 0.8, 0.5)
    assert d.new_directive == "warehouse tasks, longer tasks, more tools"
    assert "warehouse tasks -> warehouse tasks, longer tasks (increase)" in prompts_sent(route)[5]


@respx.mock
def test_user_template_folder_overrides_an_oversight_prompt(tmp_path):
    (tmp_path / "analyse_failures.j2").write_text("custom: {{ directive }} {{ n_failures }} {{ eta }}")
    route = replay(respx.mock, [ANALYSIS, completion('{"bottleneck": "reward"}'),
                                completion('{"directive": "warehouse tasks, sparse reward", "change": "increase"}')])
    d = LLMOversight(chat(), template_dir=tmp_path).decide(0, "warehouse tasks", memory(), 0.9, 0.5)
    assert prompts_sent(route)[0] == "custom: warehouse tasks 4 0.5"
    assert d.source == "llm"


@respx.mock
def test_llm_directive_breaking_the_eta_rule_is_rejected():
    replay(respx.mock, [
        ANALYSIS,
        completion('{"bottleneck": "tools", "evidence": "wrong tools"}'),
        completion('{"directive": "warehouse tasks, hard, more tools", "change": "maintain", "rationale": "push"}'),
    ])
    d = LLMOversight(chat()).decide(0, "warehouse tasks", memory(), mean_reward=0.1, eta=0.5)
    assert d.source == "llm bottleneck + rule rewrite"
    assert "may not get harder" in d.rejected_llm[0]
    assert d.new_directive == "warehouse tasks, fewer tools"


@respx.mock
def test_declared_change_contradicting_the_eta_rule_is_rejected():
    replay(respx.mock, [ANALYSIS, completion('{"bottleneck": "task", "evidence": "e"}'),
                        completion('{"directive": "warehouse tasks", "change": "increase", "rationale": "r"}')])
    d = LLMOversight(chat()).decide(0, "warehouse tasks", memory(), mean_reward=0.1, eta=0.5)
    assert d.rejected_llm == ["update_directive: mean reward 0.100 < eta 0.5: the change may not be 'increase'"]
    assert d.new_directive == "warehouse tasks, shorter tasks" and d.action == "simplify"


@respx.mock
def test_unparseable_bottleneck_falls_back_to_rules():
    replay(respx.mock, [ANALYSIS, completion("I think it is the vibes.")])
    d = LLMOversight(chat()).decide(0, "warehouse tasks", memory(), mean_reward=0.1, eta=0.5)
    assert d.source == "rules (llm rejected)" and d.bottleneck["kind"] == "task"
    assert d.rejected_llm[0].startswith("classify_bottleneck: could not read a JSON object")


@respx.mock
def test_malformed_analysis_is_replaced_by_the_rule_evidence():
    route = replay(respx.mock, [
        completion("The agent is slow."),  # prose, not the documented JSON
        completion('{"bottleneck": "task", "evidence": "timeouts"}'),
        completion('{"directive": "warehouse tasks, shorter tasks", "change": "simplify", "rationale": "r"}'),
    ])
    d = LLMOversight(chat()).decide(0, "warehouse tasks", memory(), mean_reward=0.1, eta=0.5)
    assert d.rejected_llm[0].startswith("analyse_failures:")
    why = "4/4 failures got a reward signal and made partial progress (mean Φ 0.50) but fell short of the goal"
    assert d.analysis == why
    assert f'"summary":"{why}"' in prompts_sent(route)[1]
    assert (d.source, d.new_directive) == ("llm", "warehouse tasks, shorter tasks")


@respx.mock
def test_directive_changing_the_domain_is_rejected():
    replay(respx.mock, [ANALYSIS, completion('{"bottleneck": "reward"}'),
                        completion('{"directive": "domain: nowhere, sparse reward", "change": "increase"}')])
    d = LLMOversight(chat()).decide(0, "warehouse tasks", memory(), mean_reward=0.9, eta=0.5)
    assert "cannot read" in d.rejected_llm[0]
    assert d.new_directive == "warehouse tasks, sparse reward"


@pytest.mark.parametrize(("answer", "problem"), [
    ('{"directive": 3, "change": "increase"}', "'directive' must be a string"),
    ('{"directive": "d", "change": "explode"}', "change 'explode' is not one of"),
    ('{"directive": "d", "change": "simplify"}', "may not be 'simplify'"),
    ("[1, 2]", "could not read a JSON object"),
])
def test_update_answers_are_checked(answer, problem):
    with pytest.raises(ValueError, match=problem):
        read_update(answer, 0.9, 0.5)


def test_templates_name_every_variable_they_need():
    with pytest.raises(Exception, match="needs a variable"):
        render_prompt("update_directive", directive="d", bottleneck="task", mean_reward=0.1, eta=0.5)
