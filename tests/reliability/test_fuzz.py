"""Issue 17's fuzz, seeded: 2,000 hostile specs through every public entry point raise only the package's
errors and never put NaN or infinity into an observation or reward. ``-m slow`` runs 20,000."""

from __future__ import annotations

import copy
import warnings
from collections import Counter

import pytest

import gensim_gym
from tests.conftest import TINY_SPEC
from tests.reliability.bombs import setpair_bomb
from tests.reliability.fuzz import run_case

CHUNK = 500


@pytest.fixture(scope="module")
def bases() -> list[dict]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        generated = [gensim_gym.generate(f"domain: {d}", difficulty=0.5, seed=0).to_dict()
                     for d in ("warehouse", "calendar", "support", "filesystem", "webshop")]
    return [copy.deepcopy(TINY_SPEC), setpair_bomb(4, 2), *generated]


def _fuzz(bases: list[dict], seeds: range) -> Counter:
    stages: Counter = Counter()
    failures = []
    for seed in seeds:
        outcome = run_case(seed, bases)
        stages[outcome.stage] += 1
        if outcome.failure:
            failures.append(f"seed {seed} ({outcome.stage}): {outcome.failure}")
    assert failures == [], "\n".join(failures[:20])
    return stages


@pytest.mark.parametrize("chunk", range(4))
def test_two_thousand_fuzzed_specs_raise_only_package_errors(bases: list[dict], chunk: int) -> None:
    stages = _fuzz(bases, range(chunk * CHUNK, (chunk + 1) * CHUNK))
    assert stages["rejected"] > CHUNK // 2 and stages["played"] > CHUNK // 10  # both sides are exercised


@pytest.mark.slow
def test_twenty_thousand_fuzzed_specs_raise_only_package_errors(bases: list[dict]) -> None:
    _fuzz(bases, range(2_000, 22_000))
