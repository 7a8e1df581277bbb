"""Oversight: failure memory, bottleneck classification and directive rewriting (Algorithm 2)."""

from gensim_gym.envs.result import EpisodeResult
from gensim_gym.oversight.chat import ChatClient, ChatReply, OpenAIChat, TokenCounter
from gensim_gym.oversight.classify import BOTTLENECKS, Bottleneck, classify_bottleneck
from gensim_gym.oversight.directive import DirectiveState, DirectiveUpdate, update_directive
from gensim_gym.oversight.memory import FailureMemory
from gensim_gym.oversight.oversight import Decision, LLMOversight, Oversight, RuleOversight, check_directive

__all__ = [
    "BOTTLENECKS",
    "Bottleneck",
    "ChatClient",
    "ChatReply",
    "Decision",
    "DirectiveState",
    "DirectiveUpdate",
    "EpisodeResult",
    "FailureMemory",
    "LLMOversight",
    "OpenAIChat",
    "Oversight",
    "RuleOversight",
    "TokenCounter",
    "check_directive",
    "classify_bottleneck",
    "update_directive",
]
