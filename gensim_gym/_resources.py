"""Locating the data folders that ship with the package (``prompts/``, ``tool_registry/``).

In an installed wheel they live inside the package as ``gensim_gym/prompts``
and ``gensim_gym/tool_registry`` (mapped by ``package_dir`` in setup.cfg).
In a source checkout that is not installed they sit at the repository root.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_dir(name: str) -> Path:
    """Path of the shipped data folder ``name`` ("prompts" or "tool_registry")."""
    try:
        candidate = Path(str(resources.files(f"gensim_gym.{name}")))
        if candidate.is_dir():
            return candidate
    except ModuleNotFoundError:
        pass
    checkout = Path(__file__).resolve().parent.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"gensim_gym data folder {name!r} not found; the installation looks incomplete")
