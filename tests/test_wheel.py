"""The built wheel ships ``prompts/`` and ``tool_registry/`` inside the package and works outside the checkout.

Builds a wheel with the current interpreter (no build isolation, so no
network), installs it with ``--no-deps`` into a fresh venv that sees the
test interpreter's site-packages (for gymnasium, numpy, jsonschema), and imports it from
a directory outside the source tree. About 30-60 s; deselect with ``-m 'not wheel'``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

CHECK = """
import importlib.util, json, sys
import gymnasium as gym
import gensim_gym
from gensim_gym._resources import data_dir
from importlib import resources
pkg = resources.files("gensim_gym")
assert str(pkg).startswith(sys.argv[1]), (str(pkg), sys.argv[1])
registry = data_dir("tool_registry")
prompts = data_dir("prompts")
assert str(registry).startswith(str(pkg)) and str(prompts).startswith(str(pkg)), (registry, prompts)
assert sorted(p.name for p in registry.glob("*.json")), "no toolsets in the installed tool_registry"
assert (pkg / "spec" / "schema" / "simspec.schema.json").is_file()
assert len(list((registry / "pddl").glob("*.pddl"))) >= 12 and (registry / "pddl" / "NOTICE.md").is_file()
if importlib.util.find_spec("pddl") is not None:  # the [pddl] extra: the corpus is in the registry
    gym.make("gensim_gym:GenSim-v0", directive="stack blocks", difficulty=0.0, seed=0).reset(seed=0)
env = gym.make("gensim_gym:GenSim-v0", directive="domain: warehouse", difficulty=0.0, seed=0)
obs, info = env.reset(seed=0)
print(json.dumps({"toolsets": sorted(p.name for p in registry.glob("*.json")),
                  "prompts": sorted(p.name for p in prompts.iterdir() if p.is_file()), "task": info["task_id"]}))
"""


def _run(cmd: list[str], cwd: Path, **kwargs) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False, timeout=600, **kwargs)
    assert out.returncode == 0, f"{' '.join(cmd)} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


@pytest.mark.wheel
def test_wheel_ships_data_folders(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(REPO)],
         cwd=tmp_path)
    (wheel,) = dist.glob("gensim_gym-*.whl")
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("gensim_gym/tool_registry/") and n.endswith(".json") for n in names)
    assert "gensim_gym/prompts/README.md" in names
    assert not any(n.startswith(("tests/", "benchmarks/")) for n in names)

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    python = venv / "bin" / "python"
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp_path)
    # The test interpreter may itself be a venv, whose packages --system-site-packages would not expose:
    # a .pth file appends its site-packages (after the new venv's own, so the installed wheel wins).
    parent = [p for p in sys.path if p.endswith("site-packages") and "gensim" not in p]
    (Path(site.stdout.strip()) / "_parent_site.pth").write_text("\n".join(parent) + "\n")
    _run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)], cwd=tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    result = _run([str(python), "-c", CHECK, site.stdout.strip()], cwd=outside)
    report = result.stdout.strip().splitlines()[-1]
    assert '"warehouse.json"' in report and '"README.md"' in report
    assert (venv / "bin" / "gensim-gym").exists()
    _run([str(venv / "bin" / "gensim-gym"), "generate", "-d", "domain: warehouse", "-o", "s.json"], cwd=outside)
    _run([str(venv / "bin" / "gensim-gym"), "validate", "s.json"], cwd=outside)
