"""The error contract: bad input to a public entry point raises one of the package's errors (``gensim_gym.Error``),
also a ``ValueError`` for a bad value and a ``TypeError`` for a wrong type or an unexpected keyword (Python's
convention, which trainers rely on), with a message that says what was wrong and what is allowed."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import gymnasium as gym
import pytest

import gensim_gym
from gensim_gym import (
    AlphaCurriculum,
    GenSimEnv,
    SimSpec,
    alpha_reward,
    generate,
    generate_many,
    load_spec,
    read_directive,
    validate_spec,
)


def _spec() -> SimSpec:
    return generate("warehouse tasks", seed=0)


def _llm_generator(**kwargs):
    from gensim_gym.generation.llm.pipeline import LLMGenerator

    return LLMGenerator(**kwargs)


def _openai(**kwargs):
    from gensim_gym.generation.llm.openai_backend import OpenAIBackend

    return OpenAIBackend(model="m", base_url="http://127.0.0.1:9/v1", **kwargs)


def _step(action) -> None:
    env = gym.make("GenSim-v0", directive="warehouse tasks", seed=0)
    env.reset(seed=0)
    env.step(action)


# (name, call, builtin the error must also be, words the message must contain)
CASES: list[tuple[str, Callable[[], object], type, tuple[str, ...]]] = [
    ("gym.make unexpected keyword", lambda: gym.make("GenSim-v0", bogus=1), TypeError, ("bogus",)),
    ("gym.make difficulty", lambda: gym.make("GenSim-v0", directive="warehouse", difficulty=2.0), ValueError,
     ("difficulty", "[0, 1]", "2.0")),
    ("gym.make curriculum", lambda: gym.make("GenSim-v0", directive="warehouse", curriculum="alfa"), ValueError,
     ("alfa", "did you mean 'alpha'")),
    ("gym.make action_space", lambda: gym.make("GenSim-v0", directive="warehouse", action_space="grnd"), ValueError,
     ("grnd", "'available'", "'ground'")),
    ("gym.make directive and spec", lambda: gym.make("GenSim-v0", directive="warehouse", spec=_spec()), TypeError,
     ("directive", "spec")),
    ("generate unknown domain", lambda: generate("navigate a maze"), ValueError, ("known domains", "on_unknown")),
    ("generate difficulty type", lambda: generate("warehouse", difficulty="x"), ValueError, ("difficulty",)),
    ("generate backend", lambda: generate("warehouse", backend="gpt"), ValueError, ("gpt", "offline")),
    ("generate_many n", lambda: generate_many("warehouse", n=-1), ValueError, ("n must be", "-1")),
    ("read_directive empty", lambda: read_directive(""), ValueError, ("non-empty",)),
    ("read_directive strict", lambda: read_directive("warehouse", on_unknown="maybe"), ValueError,
     ("on_unknown", "'error'", "'fallback'")),
    ("SimSpec.from_json", lambda: SimSpec.from_json("{"), ValueError, ("$", "JSON")),
    ("validate_spec", lambda: validate_spec({}), ValueError, ("$", "'task' is a required property")),
    ("load_spec", lambda: load_spec("/nonexistent/spec.json"), ValueError, ("/nonexistent/spec.json",)),
    ("AlphaCurriculum", lambda: AlphaCurriculum(alpha=2), ValueError, ("alpha=2", "(0, 1)")),
    ("alpha_reward", lambda: alpha_reward(0.5, alpha=1.5), ValueError, ("alpha", "1.5")),
    ("GenSimEnv obs_mode", lambda: GenSimEnv(_spec(), obs_mode="image"), ValueError, ("'vector'", "'text'", "image")),
    ("GenSimEnv render_mode", lambda: GenSimEnv(_spec(), render_mode="rgb"), TypeError, ("render_mode", "rgb")),
    ("env.step out of range", lambda: _step(10_000), ValueError, ("10000",)),
    ("env.step wrong type", lambda: _step("pick"), TypeError, ("pick",)),
    ("OpenAIBackend response_format", lambda: _openai(response_format="yaml"), ValueError, ("yaml", "json_schema")),
    ("OpenAIBackend two names", lambda: _openai(response_format="json_object", mode="text"), TypeError,
     ("response_format", "mode")),
    ("OpenAIBackend timeout", lambda: _openai(timeout=-1), ValueError, ("timeout",)),
    ("LLMGenerator backend", lambda: _llm_generator(backend=3), TypeError, ("callable",)),
    ("LLMGenerator attempts", lambda: _llm_generator(backend=lambda m, s: "", max_attempts=0), ValueError,
     ("max_attempts", "[1, 10]")),
]


@pytest.mark.parametrize(("name", "call", "builtin", "words"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_the_package_error(name, call, builtin, words) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(gensim_gym.Error) as err:
            call()
    assert isinstance(err.value, builtin), f"{name}: {type(err.value).__mro__}"
    message = str(err.value)
    for word in words:
        assert word in message, f"{name}: {word!r} not in {message!r}"


def test_the_cli_reports_bad_input_in_one_line_with_exit_code_1(capsys: pytest.CaptureFixture[str]) -> None:
    from gensim_gym.integrations.cli import main

    assert main(["describe"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("gensim-gym describe: describe needs a spec file or --directive") and "Traceback" not in err
    assert main(["generate", "--directive", "navigate a maze"]) == 1
    assert "known domains" in capsys.readouterr().err
