"""Trainer adapters: scripted agents, SB3 algorithms (tiny budgets), and the LLM agent on recorded responses."""

from __future__ import annotations

import json

import numpy as np
import pytest
import respx

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.oversight import OpenAIChat
from gensim_gym.simulator.tasks import EpochSource, OfflineTasks, directive_layout
from gensim_gym.trainers import LLMAgent, OracleAgent, RandomAgent, Trainer, make_trainer, rollout
from tests.llm_recorded import BASE_URL, completion, replay, respx_http_client, tool_call

LAYOUT = directive_layout("warehouse tasks")


@pytest.fixture(scope="module")
def specs():
    gen = OfflineTasks(LAYOUT)
    return [gen("warehouse tasks, easy", 0.3, s) for s in range(4)]


def env(specs, obs_mode="vector"):
    return GenSimEnv(EpochSource(LAYOUT, specs), obs_mode=obs_mode, seed=0)


@pytest.mark.parametrize("obs_mode", ["vector", "text"])
def test_oracle_solves_and_random_stays_valid(specs, obs_mode):
    e = env(specs, obs_mode)
    oracle = [rollout(OracleAgent(obs_mode), e, s, seed=1)[0] for s in specs]
    assert all(r.is_success and r.invalid_calls == 0 for r in oracle)
    rnd = [rollout(RandomAgent(obs_mode), e, s, seed=1)[0] for s in specs]
    assert all(r.invalid_calls == 0 for r in rnd)  # masked random only picks available calls


def test_vector_trajectory_has_arrays(specs):
    result, traj = rollout(OracleAgent(), env(specs), specs[0], seed=0, epoch=3)
    assert len(traj["observations"]) == len(traj["actions"]) == len(traj["rewards"]) == result.length
    assert traj["epoch"] == 3 and traj["success"]


@pytest.mark.parametrize("algo", ["ppo", "a2c", "dqn", "maskable-ppo"])
def test_sb3_adapters_bind_learn_act_save_load(specs, algo, tmp_path):
    extra = {"n_steps": 32, "batch_size": 32} if "ppo" in algo else {"learning_starts": 16} if algo == "dqn" else {}
    trainer = make_trainer(algo, **extra)
    assert isinstance(trainer, Trainer)
    trainer.bind(env(specs), seed=0)
    assert trainer.learn(64)["steps"] >= 64
    result, _ = rollout(trainer, env(specs), specs[0], seed=0)
    if algo == "maskable-ppo":
        assert result.invalid_calls == 0  # acting respects action_masks()
    trainer.save(tmp_path)
    # behaviour, not files: a fresh trainer (other weights) acts and values like the saved one once it loads
    observations = np.asarray([o for spec in specs for o in rollout(OracleAgent(), env(specs), spec, seed=0)[1]
                               ["observations"]], dtype=np.float32)
    fresh = make_trainer(algo, **extra)
    fresh.bind(env(specs), seed=1)
    assert not np.allclose(_policy_outputs(fresh, observations), _policy_outputs(trainer, observations))
    fresh.load(tmp_path)
    np.testing.assert_allclose(_policy_outputs(fresh, observations), _policy_outputs(trainer, observations),
                               rtol=0, atol=0)
    assert fresh.model.num_timesteps == trainer.model.num_timesteps
    e1, e2 = env(specs), env(specs)
    for spec in specs:
        (_, traj1), (_, traj2) = rollout(trainer, e1, spec, seed=3), rollout(fresh, e2, spec, seed=3)
        assert list(traj1["actions"]) == list(traj2["actions"])


def _policy_outputs(trainer, observations: np.ndarray) -> np.ndarray:
    """What the policy computes for a batch of observations: Q-values (DQN) or action probabilities and
    state values (actor-critic), as one flat array."""
    import torch

    policy = trainer.model.policy
    with torch.no_grad():
        obs, _ = policy.obs_to_tensor(observations)
        if trainer.algo == "dqn":
            return policy.q_net(obs).numpy().ravel()
        probs = policy.get_distribution(obs).distribution.probs
        return torch.cat([probs.ravel(), policy.predict_values(obs).ravel()]).numpy()


@respx.mock
def test_llm_agent_plays_text_mode_with_native_tool_calls(specs):
    spec = specs[0]
    e = env(specs, "text")
    e.reset(seed=0, options={"spec": spec})
    steps = []
    for i, label in enumerate(spec.golden_plan):  # the recorded model answers with the golden plan
        name, args = label[:-1].split("(")
        tool = next(t for t in spec.tools.tools if t.name == name)
        values = [a.strip() for a in args.split(",") if a.strip()]
        steps.append(completion(tool_calls=[tool_call(i, name, dict(zip([p.name for p in tool.params], values,
                                                                            strict=True)))]))
    route = replay(respx.mock, [completion("Let me think first."), *steps])
    chat = OpenAIChat("gpt-4o-mini", base_url=BASE_URL, api_key="k", max_retries=0,
                      http_client=respx_http_client(respx.mock))
    agent = LLMAgent(chat)
    result, traj = rollout(agent, e, spec, seed=0)
    assert result.is_success and result.invalid_calls == 1  # the prose reply was an invalid action
    roles = [m["role"] for m in traj["messages"]]
    assert roles[:4] == ["system", "user", "assistant", "user"] and roles.count("tool") == len(spec.golden_plan)
    assert traj["tools"][0]["type"] == "function"
    request = json.loads(route.calls[1].request.content)
    assert request["tools"] and request["messages"][-1]["content"].endswith("(Answer with a tool call.)")
    assert agent.tokens.calls == len(spec.golden_plan) + 1
