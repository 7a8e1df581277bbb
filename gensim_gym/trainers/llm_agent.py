"""An LLM agent that plays text mode through a chat model with native tool calling.

Each episode is one conversation: a system message, the first observation
as a user message, then per step the model's assistant message (with
``tool_calls``) and the environment's answer as a ``tool`` message — the
OpenAI chat format, so transcripts can be used directly for SFT/GRPO. The
model's calls are untrusted: the environment validates them, and a reply
without a tool call becomes an invalid action with an error, not a crash.
"""

from __future__ import annotations

import json
from typing import Any, cast

import gymnasium as gym

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.oversight.chat import ChatClient, TokenCounter
from gensim_gym.trainers.base import BaseTrainer

SYSTEM_PROMPT = ("You are an agent solving a task by calling tools. Each turn, call exactly one tool. "
                 "Read the goal checklist and the last result; do not repeat calls that failed.")


class LLMAgent(BaseTrainer):
    """A chat model as an agent (``learn`` is a no-op: its data goes to the trajectory pool for later tuning)."""

    name = "llm"
    obs_mode = "text"

    def __init__(self, chat: ChatClient, system_prompt: str = SYSTEM_PROMPT, tokens: TokenCounter | None = None,
                 max_history: int = 40) -> None:
        super().__init__()
        self.chat = chat
        self.system_prompt = system_prompt
        self.tokens = tokens or TokenCounter()
        self.max_history = max_history
        self.messages: list[dict[str, Any]] = []
        self._pending: list[dict[str, Any]] = []

    def begin_episode(self, env: gym.Env, obs: Any) -> None:
        self.messages = [{"role": "system", "content": self.system_prompt}, {"role": "user", "content": str(obs)}]
        self._pending = []

    def _window(self) -> list[dict[str, Any]]:
        # Keep the system + first observation and the newest turns; never split an assistant/tool pair.
        if len(self.messages) <= self.max_history:
            return self.messages
        tail = self.messages[-(self.max_history - 2):]
        while tail and tail[0]["role"] == "tool":
            tail = tail[1:]
        return self.messages[:2] + tail

    def act(self, obs: Any, env: gym.Env) -> str:
        reply = self.chat(self._window(), tools=cast(GenSimEnv, env.unwrapped).openai_tools())
        self.tokens.add(reply, "agent")
        message: dict[str, Any] = {"role": "assistant", "content": reply.content or None}
        calls = reply.tool_calls
        if calls:
            message["tool_calls"] = calls
        self.messages.append(message)
        self._pending = calls
        if not calls:
            return reply.content  # not a tool call: the env answers with an error and a penalty
        fn = calls[0].get("function", {})
        return json.dumps({"name": fn.get("name"), "arguments": fn.get("arguments") or "{}"})

    def observe(self, action: Any, obs: Any, reward: float, info: dict[str, Any]) -> None:
        if not self._pending:
            self.messages.append({"role": "user", "content": f"{obs}\n(Answer with a tool call.)"})
            return
        first, *rest = self._pending
        self.messages.append({"role": "tool", "tool_call_id": first.get("id", ""), "content": str(obs)})
        for extra in rest:  # every tool call needs an answer; we execute one per step
            self.messages.append({"role": "tool", "tool_call_id": extra.get("id", ""),
                                  "content": "not executed: call one tool per turn"})
        self._pending = []

    def episode_messages(self) -> list[dict[str, Any]]:
        return list(self.messages)
