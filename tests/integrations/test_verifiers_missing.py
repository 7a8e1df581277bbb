"""Without verifiers installed (the main venv), the verifiers adapter says which extra to install."""

from __future__ import annotations

import importlib.util

import pytest

from gensim_gym.errors import MissingDependencyError


@pytest.mark.skipif(importlib.util.find_spec("verifiers") is not None, reason="verifiers is installed here")
def test_verifiers_adapter_names_its_extra_when_verifiers_is_missing():
    from gensim_gym.integrations.verifiers import load_environment  # importable: verifiers loads lazily

    with pytest.raises(MissingDependencyError, match=r"gensim_gym\[verifiers\]"):
        load_environment(directive="warehouse tasks", num_tasks=1)
