"""Shared fixtures: sample specs for every registry domain, a tiny hand-written spec, registry cleanup.

Tests are parametrised over ``load_registry()`` so a domain toolset added to
``tool_registry/`` is covered by the whole suite without editing any test.
"""

from __future__ import annotations

import copy
import json
import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gymnasium as gym
import pytest

import gensim_gym
from gensim_gym.generation.offline import OfflineGenerator
from gensim_gym.generation.toolsets import load_registry
from gensim_gym.spec.model import SimSpec

REPO = Path(__file__).resolve().parents[1]
DOMAINS: list[str] = sorted(load_registry())
DIFFICULTIES: tuple[float, ...] = (0.0, 0.5, 1.0)


def domain_directive(domain: str, extra: str = "") -> str:
    """A directive that names exactly one domain, unambiguously (``domain: NAME`` last: its list runs to the end)."""
    return (f"{extra}; " if extra else "") + f"domain: {domain}"


def checkout_env() -> dict[str, str]:
    """The environment for a subprocess that must import this checkout's ``gensim_gym`` (the suite's own)."""
    return {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "wheel: builds and installs a wheel (about a minute)")


@pytest.fixture(autouse=True)
def _fresh_llm_endpoints() -> Iterator[None]:
    """Each test starts with no remembered endpoint capabilities (fake servers reuse local ports)."""
    from gensim_gym.generation.llm.capabilities import forget_endpoints

    forget_endpoints()
    yield
    forget_endpoints()


@pytest.fixture(autouse=True)
def _private_llm_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's default LLM cache is a folder of its own, not the user's ``~/.cache``: fake servers reuse local
    ports, so an entry an earlier run cached for the same endpoint was a hit, and a test counting the requests its
    server heard saw none (``test_cli_drives_a_llama_cpp_python_server``, once under load)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg_cache")))


_GENERATED: dict[tuple, SimSpec] = {}


@pytest.fixture
def memoised_generation(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Share offline generation across the tests that ask for it: same knobs and seed give the same spec.

    Generation at difficulty 1 takes up to seconds per spec, and the env grids reset hundreds of
    times. Only modules that name this fixture (``pytestmark = pytest.mark.usefixtures(...)``) use
    it (per module or per test), so every other test, the determinism tests in particular, runs the
    real generator.
    """
    original = OfflineGenerator.generate

    def generate(self: OfflineGenerator, seed: int) -> SimSpec:
        key = (self.knobs, self.directive, int(seed), getattr(self, "max_tries", None),
               getattr(self, "max_random_success", None), getattr(self, "random_episodes", None))
        spec = _GENERATED.get(key)
        if spec is None:
            spec = _GENERATED[key] = original(self, seed)
        return spec

    monkeypatch.setattr(OfflineGenerator, "generate", generate)
    yield


TINY_SPEC: dict[str, Any] = {
    "format": "gensim_gym/simspec@1",
    "directive": "hand-written test spec",
    "task": {
        "name": "lamp",
        "description": "Carry the key to the door and open it.",
        "types": ["room", "thing"],
        "predicates": [
            {"name": "in_room", "params": ["room"], "description": "the agent is in the room"},
            {"name": "lies", "params": ["thing", "room"], "description": "the thing lies in the room"},
            {"name": "carries", "params": ["thing"], "description": "the agent carries the thing"},
            {"name": "open", "params": [], "description": "the door is open"},
        ],
        "fluents": [{"name": "energy", "params": [], "min": 0, "max": 10, "description": "battery"}],
        "objects": {"room": ["hall", "cellar"], "thing": ["key"]},
        "init": ["in_room(hall)", "lies(key, cellar)", "energy() = 5"],
        "goal": ["open()"],
        "horizon": 8,
        "hidden": [],
        "noise": {"fail_prob": 0.0},
    },
    "tools": {
        "toolsets": ["lamp"],
        "tools": [
            {"name": "go", "description": "Walk to another room.",
             "params": [{"name": "a", "type": "room"}, {"name": "b", "type": "room"}],
             "pre": "in_room(?a) and not in_room(?b) and energy() >= 1",
             "effects": ["not in_room(?a)", "in_room(?b)", "energy() -= 1"]},
            {"name": "take", "description": "Take a thing lying here.",
             "params": [{"name": "t", "type": "thing"}, {"name": "r", "type": "room"}],
             "pre": "in_room(?r) and lies(?t, ?r)",
             "effects": ["not lies(?t, ?r)", "carries(?t)"]},
            {"name": "unlock", "description": "Open the door in the hall with the key.",
             "params": [],
             "pre": "in_room(hall) and carries(key)",
             "effects": ["open()"]},
        ],
    },
    "reward": {"mode": "dense", "success": 1.0, "step_cost": 0.01, "invalid_cost": 0.05,
               "progress_weight": 0.5, "gamma": 0.99,
               "terms": [{"name": "got_key", "when": "carries(key)", "value": 0.1, "once": True}]},
    "meta": {},
}


@pytest.fixture
def tiny_spec_dict() -> dict[str, Any]:
    """A fresh deep copy of a small valid hand-written spec document (tests may mutate it)."""
    return copy.deepcopy(TINY_SPEC)


@pytest.fixture
def tiny_spec() -> SimSpec:
    """The hand-written spec, validated."""
    return gensim_gym.validate_spec(copy.deepcopy(TINY_SPEC))


def _generate(domain: str, difficulty: float, seed: int, extra: str = "") -> SimSpec:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(domain_directive(domain, extra), difficulty=difficulty, seed=seed)


@pytest.fixture(scope="session")
def sample_specs() -> dict[str, list[SimSpec]]:
    """Offline-generated specs per domain: difficulties 0, 0.5 and 1, plus a noisy and a hidden-facts one."""
    out: dict[str, list[SimSpec]] = {}
    for domain in DOMAINS:
        specs = [_generate(domain, d, seed) for seed in (0, 1) for d in DIFFICULTIES]
        specs.append(_generate(domain, 0.5, 7, "noisy"))
        specs.append(_generate(domain, 0.5, 8, "hidden"))
        out[domain] = specs
    return out


@pytest.fixture(scope="session")
def all_sample_specs(sample_specs: dict[str, list[SimSpec]]) -> list[SimSpec]:
    """Every sample spec of every domain, in one list."""
    return [s for specs in sample_specs.values() for s in specs]


@pytest.fixture
def clean_registry() -> Iterator[None]:
    """Remove env ids a test registers with Gymnasium, so tests do not leak registrations."""
    before = set(gym.registry)
    yield
    for env_id in set(gym.registry) - before:
        del gym.registry[env_id]


def spec_file(tmp_path, spec: SimSpec | dict[str, Any], name: str = "spec.json"):
    """Write a spec (model or raw dict) to ``tmp_path / name`` and return the path."""
    path = tmp_path / name
    text = spec.to_json() if isinstance(spec, SimSpec) else json.dumps(spec)
    path.write_text(text, encoding="utf-8")
    return path


#: A shortest plan of TINY_SPEC (the episode tests play it step by step).
TINY_GOLDEN = ["go(hall, cellar)", "take(key, cellar)", "go(cellar, hall)", "unlock()"]


@pytest.fixture
def tiny_env():
    """A GenSimEnv on TINY_SPEC, reset with seed 0."""
    from gensim_gym.envs.gensim_env import GenSimEnv
    from gensim_gym.envs.sources import FixedSpec

    env = GenSimEnv(FixedSpec(gensim_gym.validate_spec(copy.deepcopy(TINY_SPEC))))
    env.reset(seed=0)
    return env
