"""The package's layering (DESIGN.md, "Boundaries"): lower layers never import higher ones, heavy
optional dependencies are imported only where used.

The order, lowest first: the error types; the shared helpers (atomic writes, bounded caches, argument
checks, packaged resources); the expression language ``dsl`` (it knows nothing of specs); ``spec`` (schemas,
models, validation, which parses expressions with the dsl); the world model and planner ``world``; the runtime
``envs``; ``generation`` (backends, verification); ``curriculum`` and ``oversight``; ``trainers`` and
``factory`` (``gym.make``); the Generative Simulator loop ``simulator``; ``integrations`` (SB3, CLI,
reports); the package's ``__init__``. Every import, also one inside a function, is checked.
"""

from __future__ import annotations

import ast
import subprocess
import sys

from tests.conftest import REPO, checkout_env

PACKAGE = REPO / "gensim_gym"
LAYERS = [
    {"errors"},
    {"_atomic", "_cache", "_checks", "_gc", "_json", "_resources"},
    {"dsl"},
    {"spec"},
    {"world"},
    {"envs", "wrappers"},
    {"generation"},
    {"curriculum", "oversight", "pddl"},
    {"trainers", "factory"},
    {"simulator"},
    {"integrations"},
    {"__init__"},
]
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def unit_of(module: str) -> str:
    """``gensim_gym.world.planner`` -> ``world``; the package itself -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports() -> list[tuple[str, str, str]]:
    """``(file, importing unit, imported unit)`` for every import of the package inside the package."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        source = unit_of(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                raise AssertionError(f"{path}: relative import; the package uses absolute imports")
            names = ([node.module] if isinstance(node, ast.ImportFrom) and node.module
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            found += [(str(path.relative_to(REPO)), source, unit_of(n)) for n in names
                      if n == "gensim_gym" or n.startswith("gensim_gym.")]
    return found


def test_every_unit_of_the_package_has_a_layer():
    units = {unit_of(f"gensim_gym.{p.stem if p.is_file() else p.name}") for p in PACKAGE.iterdir()
             if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()}
    assert units - RANK.keys() == set(), "give the new module or package a place in LAYERS"


def test_no_layer_imports_a_higher_one():
    upward = [f"{path}: {source} imports {target}" for path, source, target in imports()
              if source != target and RANK[target] >= RANK[source]]
    assert upward == []


def test_importing_and_stepping_the_package_loads_no_heavy_optional_dependency():
    code = ("import sys, gymnasium as gym, gensim_gym\n"
            "env = gym.make('GenSim-v0', directive='warehouse tasks', seed=0, curriculum='alpha')\n"
            "env.reset(seed=0)\n"
            "env.step(int(env.get_wrapper_attr('action_masks')().nonzero()[0][0]))\n"
            "heavy = ('torch', 'stable_baselines3', 'sb3_contrib', 'openai', 'httpx', 'matplotlib', 'ray', 'PIL',\n"
            "         'moviepy')\n"
            "print(sorted(m for m in heavy if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], check=False, env=checkout_env(), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "[]"
