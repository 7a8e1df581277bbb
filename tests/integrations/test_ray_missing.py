"""Without Ray installed (the main venv), the Ray integration says which extra to install."""

from __future__ import annotations

import importlib.util

import pytest

from gensim_gym.errors import MissingDependencyError


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="ray is installed here")
def test_ray_integration_names_its_extra_when_ray_is_missing():
    with pytest.raises(MissingDependencyError, match=r"gensim_gym\[ray\]"):
        import gensim_gym.integrations.ray  # noqa: F401
    with pytest.raises(MissingDependencyError, match=r"gensim_gym\[rllib\]"):
        import gensim_gym.integrations.rllib  # noqa: F401
