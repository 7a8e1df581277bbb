"""TRL: generated tasks as a ``GRPOTrainer`` environment.

The environment class is checked on its own (tool schemas as transformers renders them, the golden plan
through its methods earns reward 1, a wrong call earns 0), then ``examples/trl_grpo.py``'s trainer runs 2
GRPO steps on CPU with a tiny randomly initialised causal LM and a tokenizer built here (a byte-level BPE
trained on a few sentences, with the Qwen3 chat template that TRL ships): no download, no hub.
"""

from __future__ import annotations

import importlib.util
import inspect
import json

import pytest

from gensim_gym.integrations.trl import GenSimToolEnv, environment_class, task_dataset
from tests.conftest import REPO

DIRECTIVE = "warehouse tasks"


@pytest.fixture(scope="module")
def env_class() -> type[GenSimToolEnv]:
    return environment_class(DIRECTIVE, num_tasks=3)


def tool_names(cls: type) -> list[str]:
    """The tools TRL finds on an environment class (its rule: public functions but reset and get_reward)."""
    return [n for n, _ in inspect.getmembers(cls, predicate=inspect.isfunction)
            if n not in ("reset", "get_reward") and not n.startswith("_")]


def test_tools_render_as_transformers_schemas(env_class: type[GenSimToolEnv]) -> None:
    pytest.importorskip("transformers")
    from transformers.utils import get_json_schema

    env = env_class()
    env.reset(task_seed=0)
    spec_tools = {t.name: t for t in env.env.unwrapped.sim_spec.tools.tools}
    assert set(spec_tools) <= set(tool_names(env_class))
    for name, tool in spec_tools.items():
        schema = get_json_schema(getattr(env, name))["function"]
        assert schema["name"] == name and schema["description"] == tool.description
        assert schema["parameters"]["required"] == [p.name for p in tool.params]


def test_golden_plan_through_the_methods_earns_reward_one(env_class: type[GenSimToolEnv]) -> None:
    a, b = env_class(), env_class()
    assert a.env is not b.env  # one env per rollout: TRL keeps rollouts isolated
    first = a.reset(task_seed=1)
    b.reset(task_seed=1)
    assert "Goal:" in first
    unwrapped = a.env.unwrapped
    for action in unwrapped.oracle_actions():
        call = unwrapped.world.actions[action].call()
        answer = getattr(a, call["name"])(**call["arguments"])
        assert "ok:" in answer
    assert a.done and a.get_reward() == 1.0 and a.episode_return > 0
    assert "error:" in getattr(b, tool_names(env_class)[0])(**{"bogus": "x"})  # untrusted arguments: an error
    assert b.get_reward() == 0.0 and b.steps == 1
    assert "ended" in getattr(a, tool_names(env_class)[0])()


def tiny_tokenizer():
    """A small byte-level BPE tokenizer with the Qwen3 chat template (the template file ships inside trl)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast
    from trl.chat_template_utils import qwen3_chat_template

    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<tool_call>", "</tool_call>", "<tool_response>",
                "</tool_response>", "<think>", "</think>"]
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    corpus = [DIRECTIVE, "pick the crate at the dock and drop it in aisle_2", json.dumps({"name": "pick"}),
              "system user assistant tool function arguments"] * 4
    tok.train_from_iterator(corpus, trainers.BpeTrainer(vocab_size=400, special_tokens=specials,
                                                        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|im_end|>", pad_token="<|endoftext|>")
    tokenizer.chat_template = qwen3_chat_template
    return tokenizer


def tiny_model(tokenizer):
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM

    torch.manual_seed(0)
    config = Qwen2Config(vocab_size=len(tokenizer), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                         num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=2048,
                         eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id)
    return Qwen2ForCausalLM(config)


def test_two_grpo_steps_on_cpu_and_rewards_reach_the_trainer(tmp_path, monkeypatch) -> None:
    pytest.importorskip("trl")
    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # nothing may come from the hub
    spec = importlib.util.spec_from_file_location("trl_grpo", REPO / "examples" / "trl_grpo.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)

    tokenizer = tiny_tokenizer()
    seen: list[float] = []

    class Recording(environment_class(DIRECTIVE, num_tasks=2)):
        def get_reward(self) -> float:
            seen.append(super().get_reward() + 0.5)  # offset: what the trainer logs must be these values
            return seen[-1]

    trainer = example.build_trainer(tiny_model(tokenizer), tokenizer, Recording,
                                    task_dataset(2, repeat=4), output_dir=str(tmp_path), max_steps=2,
                                    batch_size=2, num_generations=2, max_completion_length=24, use_cpu=True)
    trainer.train()
    assert trainer.state.global_step == 2
    assert len(seen) >= 4  # one reward per rollout: 2 steps x 2 completions
    logged = [h for h in trainer.state.log_history if "rewards/Recording/mean" in h]
    assert len(logged) == 2
    # a random model solves nothing: each rollout's reward is 0 + 0.5, and the trainer's mean is exactly that
    assert seen == [0.5] * len(seen)
    assert all(h["rewards/Recording/mean"] == pytest.approx(0.5) and h["reward"] == pytest.approx(0.5) for h in logged)
