"""A seeded spec fuzzer: mutate valid specs into hostile ones and push each through every public entry point.

Each case is one seed: a base document (the hand-written spec, a small planner bomb, offline-generated
specs), one to three mutations (a hostile value at a random path, a deleted or unknown key, expression
token soup, list blow-ups, text-level damage), then validation from a dict or from JSON text and, for a
spec that validates, verification under small search limits, a vector- or text-mode episode, ``describe``
and a JSON round trip. The only acceptable exceptions are the package's (:class:`gensim_gym.errors.Error`);
an observation or reward must stay finite and inside the observation space. :func:`run_case` returns
what happened, so a failing seed can be replayed alone.
"""

from __future__ import annotations

import copy
import json
import math
import traceback
from dataclasses import dataclass
from typing import Any

import numpy as np

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec
from gensim_gym.errors import Error
from gensim_gym.generation.verify import verify
from gensim_gym.integrations.cli import describe
from gensim_gym.spec.model import SimSpec
from gensim_gym.spec.validate import validate_spec
from gensim_gym.world.budget import SearchLimits

LIMITS = SearchLimits(seconds=0.5, states=20_000, bytes=32 * 2**20)
TOKENS = ["(", ")", ",", "and", "or", "not", "+", "-", "*", "/", ">=", "<=", "==", "!=", "<", ">", "=", "+=",
          "-=", "?a", "?b", "?t", "_", "reveal", "true", "false", "0", "1", "-1", "2.5", "1e9", "1" + "0" * 400,
          "1000000000", "energy()", "open()", "in_room", "hall", "key", "v", "o0", "\u00e9", "\x00", "((((", "))"]
HOSTILE: list[Any] = [None, True, False, -1, 0, 1, 2**31, 10**30, -(10**30), 1e308, -1e308, 1e-320, math.nan,
                      math.inf, -math.inf, "", " ", "x" * 3000, "\x00", "\u00e9\u4e2d", "?", "_", [], {}, [None],
                      {"a": 1}, "true", "not", 0.5, -0.0]


@dataclass
class Outcome:
    """What one fuzz case did: ``stage`` reached ("rejected", "valid", "verified", "played") and the failure, if any."""

    seed: int
    stage: str
    failure: str = ""


def _paths(doc: Any, max_depth: int = 40) -> list[tuple]:
    """Every path (tuple of keys / indices) in a JSON document down to ``max_depth``, the root excluded."""
    out: list[tuple] = []
    stack: list[tuple[Any, tuple]] = [(doc, ())]
    while stack:
        value, prefix = stack.pop()
        if len(prefix) >= max_depth:
            continue
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for k, v in items:
            out.append(prefix + (k,))
            stack.append((v, prefix + (k,)))
    out.sort(key=repr)  # a fixed order, whatever the traversal
    return out


def _get(doc: Any, path: tuple) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _deep(depth: int) -> Any:
    out: Any = 0
    for _ in range(depth):
        out = [out]
    return out


def _soup(rng: np.random.Generator) -> str:
    return " ".join(TOKENS[int(i)] for i in rng.integers(len(TOKENS), size=int(rng.integers(1, 12))))


def mutate(doc: dict, rng: np.random.Generator) -> dict | str:
    """One to three mutations of a deep copy of ``doc``; sometimes returns damaged JSON text instead."""
    doc = copy.deepcopy(doc)
    for _ in range(int(rng.integers(1, 4))):
        paths = _paths(doc)
        if not paths:
            break
        path = paths[int(rng.integers(len(paths)))]
        op = int(rng.integers(7))
        target = _get(doc, path)
        if op == 0:
            _set(doc, path, copy.deepcopy(HOSTILE[int(rng.integers(len(HOSTILE)))]))
        elif op == 1 and isinstance(_get(doc, path[:-1]), dict):
            del _get(doc, path[:-1])[path[-1]]
        elif op == 2 and isinstance(target, dict):
            target[f"unknown_{int(rng.integers(100))}"] = HOSTILE[int(rng.integers(len(HOSTILE)))]
        elif op == 3 and isinstance(target, str):
            _set(doc, path, _soup(rng))
        elif op == 4 and isinstance(target, list) and target:
            target.extend(copy.deepcopy(target) * int(rng.integers(1, 40)))
        elif op == 5 and isinstance(target, (int, float)) and not isinstance(target, bool):
            _set(doc, path, target * float(rng.choice([-1.0, 0.0, 1e6, 1e-6, 1e300])))
        elif op == 6:
            _set(doc, path, _deep(int(rng.choice([3, 70, 2000]))))
            break  # nothing below walks or copies the deep value again
    if rng.random() < 0.25:
        text = json.dumps(doc, allow_nan=True) if _depth_ok(doc) else "[" * 3000
        cut = int(rng.integers(len(text) + 1)) if rng.random() < 0.5 else len(text)
        return text[:cut] + str(rng.choice(["", "}", "\x00", "\u00e9", "]]]"]))
    return doc


def _depth_ok(doc: Any, limit: int = 500) -> bool:
    stack = [(doc, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return True


def _play(spec: SimSpec, rng: np.random.Generator) -> str:
    """An episode of random (often invalid) calls; returns a problem with observations or rewards, or ""."""
    text = bool(rng.random() < 0.3)
    env = GenSimEnv(FixedSpec(spec), obs_mode="text" if text else "vector")
    obs, _ = env.reset(seed=int(rng.integers(1000)))
    for _ in range(int(rng.integers(1, 25))):
        if text:
            action = str(rng.choice(['{"name": "go"}', "[" * 2000, "{}", '{"name": 1}', "null", "1e999"]))
        else:
            mask = env.action_masks()
            valid = np.flatnonzero(mask)
            action = int(rng.choice(valid)) if len(valid) and rng.random() < 0.8 else int(rng.integers(len(mask)))
        obs, reward, terminated, truncated, _ = env.step(action)
        if not math.isfinite(reward):
            return f"reward {reward}"
        if not text and (not np.isfinite(obs).all() or not env.observation_space.contains(obs)):
            return "observation outside the observation space"
        if terminated or truncated:
            break
    return ""


def run_case(seed: int, bases: list[dict]) -> Outcome:
    """Mutate a base document with ``seed`` and push it through validation, verification and an episode."""
    rng = np.random.default_rng(seed)
    doc = mutate(bases[int(rng.integers(len(bases)))], rng)
    stage = "rejected"
    try:
        spec = SimSpec.from_json(doc) if isinstance(doc, str) else validate_spec(doc)
        stage = "valid"
        describe(spec)
        if SimSpec.from_json(spec.to_json()).id != spec.id:
            return Outcome(seed, stage, "the JSON round trip changed the spec id")
        verify(spec, episodes=4, limits=LIMITS)
        stage = "verified"
        problem = _play(spec, rng)
        stage = "played"
        return Outcome(seed, stage, problem)
    except Error:
        return Outcome(seed, stage)
    except Exception as exc:  # noqa: BLE001 - the point: anything else is a finding
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return Outcome(seed, stage, f"{type(exc).__name__}: {str(exc)[:200]} at {where.filename}:{where.lineno}")
