"""Trainers: the ``Trainer`` protocol and adapters (SB3, random, oracle, LLM agent)."""

from __future__ import annotations

from typing import Any

from gensim_gym.errors import ArgumentError
from gensim_gym.trainers.base import BaseTrainer, Trainer
from gensim_gym.trainers.llm_agent import LLMAgent
from gensim_gym.trainers.rollout import rollout
from gensim_gym.trainers.sb3 import ALGOS, SB3Trainer
from gensim_gym.trainers.scripted import OracleAgent, RandomAgent

TRAINERS = (*ALGOS, "random", "oracle", "llm")


def make_trainer(name: str, **kwargs: Any) -> Trainer:
    """Build a trainer by name: ppo, a2c, dqn, maskable-ppo, random, oracle, or llm (needs ``chat=``)."""
    if name in ALGOS:
        return SB3Trainer(name, **kwargs)
    if name == "random":
        return RandomAgent(**kwargs)
    if name == "oracle":
        return OracleAgent(**kwargs)
    if name == "llm":
        return LLMAgent(**kwargs)
    raise ArgumentError(f"unknown trainer {name!r}; choose one of {', '.join(TRAINERS)}")


__all__ = ["ALGOS", "TRAINERS", "BaseTrainer", "LLMAgent", "OracleAgent", "RandomAgent", "SB3Trainer", "Trainer",
           "make_trainer", "rollout"]
