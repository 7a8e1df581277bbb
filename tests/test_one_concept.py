"""One concept, one class: no public class name is defined by two modules of the package (STYLE.md, 11).

Two public ``Task`` classes (a spec's world and a curriculum's task) and two ``EpisodeResult`` classes with
different field names were once defined side by side; this keeps a name from meaning two things again.
The sources are parsed, not imported, so optional dependencies (torch under the SB3 adapter) stay unloaded.
"""

from __future__ import annotations

import ast
from collections import defaultdict

from tests.conftest import REPO


def _public_classes() -> dict[str, list[str]]:
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted((REPO / "gensim_gym").rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                where[node.name].append(str(path.relative_to(REPO)))
    return where


def test_no_public_class_name_is_defined_twice():
    where = _public_classes()
    assert {"Task", "EpisodeResult", "World", "SimSpec"} <= where.keys()
    twice = {name: files for name, files in where.items() if len(files) > 1}
    assert twice == {}
