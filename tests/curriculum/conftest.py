"""Fixtures for curriculum tests (helpers live in ``synthetic_agents.py``)."""

from __future__ import annotations

import pytest
from synthetic_agents import DIRECTIVE, SyntheticGenerator

from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator


@pytest.fixture(scope="session")
def base_spec():
    return OfflineGenerator(parse_directive(DIRECTIVE, 0.0), DIRECTIVE).generate(1)


@pytest.fixture
def synth(base_spec):
    return SyntheticGenerator(base_spec)
