"""Locating the data folders that ship with the package (``prompts/``, ``tool_registry/``).

In an installed wheel they live inside the package as ``gensim_gym/prompts``
and ``gensim_gym/tool_registry`` (mapped by ``package_dir`` in setup.cfg).
In a source checkout that is not installed they sit at the repository root.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache  # where the package sits does not change while it runs; resolving it cost ~0.2 ms, twice per generated task
def data_dir(name: str) -> Path:
    """Path of the shipped data folder ``name`` ("prompts" or "tool_registry")."""
    # The folders are namespace packages (no __init__.py), for which importlib.resources.files() returns a
    # MultiplexedPath whose str() is not a path; in an installed wheel they simply sit next to this file.
    for candidate in (Path(__file__).resolve().parent / name, Path(__file__).resolve().parent.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"gensim_gym data folder {name!r} not found; the installation looks incomplete")
