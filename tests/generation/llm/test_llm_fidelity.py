"""The LLM pipeline checks a verified spec against the directive and repairs what it misses.

A scripted server answers every stage from an offline spec of the *wrong* directive (another domain,
another goal count, another reward mode) until the conversation holds a repair turn about the
directive; then it answers from the right one. The wrong answers are valid and verifiable specs:
only the fidelity check can reject them.
"""

from __future__ import annotations

import json

import pytest
from llm_scenarios import backend_for

import gensim_gym
from gensim_gym.errors import GenerationError
from gensim_gym.generation.llm import generate_llm
from gensim_gym.generation.llm.fake_server import FakeOpenAI, FakeResponse, completion, is_system_probe, probe_answer
from tests.llm_recorded import prompt_context

REPAIR_MARK = "does not do what the directive asks"


def scripted(wrong: str, *, repairs: bool = True):
    """A handler answering from ``wrong``'s offline spec until a fidelity repair turn, then from the real one."""
    def handler(body):
        if is_system_probe(body):
            return probe_answer()
        context = prompt_context(body["messages"])
        stage = body["response_format"]["json_schema"]["name"]
        repaired = repairs and any(REPAIR_MARK in str(m.get("content", "")) for m in body["messages"])
        directive = context["directive"] if repaired else wrong
        spec = gensim_gym.generate(directive, difficulty=context["difficulty"], seed=context["seed"])
        return FakeResponse(body=completion(json.dumps(getattr(spec, stage).to_dict())))
    return handler


@pytest.mark.parametrize(("directive", "wrong", "problem"), [
    ("calendar tasks", "support tasks", "domain: asked for calendar, the spec is support"),
    ("calendar, schedule two meetings", "calendar, schedule three meetings", "goal count: asked for 2, the spec has 3"),
    ("calendar tasks, sparse reward", "calendar tasks", "reward mode: asked for sparse, the spec's is dense")])
def test_a_spec_that_misses_the_directive_is_repaired(directive: str, wrong: str, problem: str, no_openai_env):
    with FakeOpenAI(handler=scripted(wrong)) as server:
        spec = generate_llm(directive, difficulty=0.3, seed=1, backend=backend_for(server, timeout=10.0), cache=False)
        repairs = [r for r in server.requests if any(REPAIR_MARK in str(m.get("content", ""))
                                                     for m in r["messages"])]
    assert repairs, "the first, unfaithful spec was accepted"
    assert any(problem in m["content"] for m in repairs[0]["messages"] if m["role"] == "user")
    assert gensim_gym.check_fidelity(spec, gensim_gym.read_directive(directive)) == []
    assert spec.meta["generator"]["failed_attempts"][0].startswith("$: the spec does not do what the directive asks")


def test_a_model_that_never_follows_the_directive_fails_with_the_reason(no_openai_env):
    with FakeOpenAI(handler=scripted("support tasks", repairs=False)) as server, \
            pytest.raises(GenerationError, match="domain: asked for calendar, the spec is support"):
        generate_llm("calendar tasks", difficulty=0.3, seed=1, backend=backend_for(server, timeout=10.0), cache=False)


def test_generate_many_warns_when_seeds_collapse_to_one_spec(no_openai_env):
    from gensim_gym.generation.llm import generate_many

    def same_answer(body):  # a model that ignores the seed
        if is_system_probe(body):
            return probe_answer()
        stage = body["response_format"]["json_schema"]["name"]
        spec = gensim_gym.generate("calendar tasks", difficulty=0.3, seed=0)
        return FakeResponse(body=completion(json.dumps(getattr(spec, stage).to_dict())))

    with FakeOpenAI(handler=same_answer) as server, pytest.warns(UserWarning, match="3 seeds gave 1 distinct specs"):
        batch = generate_many("calendar tasks", 3, difficulty=0.3, seed=5, backend=backend_for(server, timeout=10.0),
                              progress=False, cache=False)
    assert len(batch) == 3 and batch.distinct == 1


@pytest.mark.parametrize("name", ["wrong_domain", "wrong_count", "wrong_reward_mode"])
def test_recorded_unfaithful_answers_are_rejected_and_repaired(name: str, tmp_path, no_openai_env):
    # tests/fixtures/llm/{name}.json: answers recorded from the pipeline talking to a model that writes the wrong
    # directive's spec until told (make_fixtures.py); replayed here through the OpenAI client and HTTP
    from llm_scenarios import load_scenario, play

    record = load_scenario(name)
    spec, server, _ = play(name, tmp_path)
    told = [r for r in server.requests if any(REPAIR_MARK in str(m.get("content", "")) for m in r["messages"])]
    assert told and record["expect"]["reason"] in told[0]["messages"][-1]["content"]
    assert gensim_gym.check_fidelity(spec, gensim_gym.read_directive(record["directive"])) == []
