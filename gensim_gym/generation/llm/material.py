"""What a generation prompt is given: the directive's reading, seeded targets and registry toolsets.

The seed picks this variation's targets (object counts, shortest-plan
length, distractors) the way the offline generator samples θ, so different
seeds ask the model for different tasks even at temperature 0.
"""

from __future__ import annotations

import json
import threading
import warnings
from functools import cache
from typing import Any

import numpy as np

from gensim_gym._resources import data_dir
from gensim_gym.generation.directive import Knobs, parse_directive
from gensim_gym.generation.offline import min_plan_length
from gensim_gym.generation.toolsets import get_toolset, load_registry

MAX_MATERIAL_CHARS = 40_000
_PARSE_LOCK = threading.Lock()


def read_directive(directive: str, difficulty: float) -> Knobs:
    """Parse the directive without the offline generator's 'no known domain' warning: an LLM may invent one."""
    with _PARSE_LOCK, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return parse_directive(directive, difficulty, on_unknown="fallback")


@cache
def _raw_toolset(name: str) -> str:
    path = data_dir("tool_registry") / f"{name}.json"
    if path.is_file():
        return json.dumps(json.loads(path.read_text(encoding="utf-8")), separators=(",", ":"))
    # A toolset compiled from PDDL or added at run time (register_toolset, GENSIM_REGISTRY): its declarative form.
    ts = get_toolset(name)
    return json.dumps({"name": ts.name, "description": ts.description, "keywords": list(ts.keywords),
                       "types": {t.name: {"names": list(t.names), "min": t.min, "max": t.max} for t in ts.types},
                       "predicates": [p.to_dict() for p in ts.predicates], "fluents": [f.to_dict() for f in ts.fluents],
                       "tools": [t.to_dict() for t in ts.tools], "init": list(ts.init),
                       "goal": {"predicates": list(ts.goal_predicates), "fluents": list(ts.goal_fluents),
                                "max_goals": ts.max_goals}}, separators=(",", ":"))


def toolset_material(knobs: Knobs) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """The directive's registry toolsets in full, and the names and descriptions of the others."""
    chosen, used = [], 0
    for name in knobs.domains:
        text = _raw_toolset(name)
        if used + len(text) > MAX_MATERIAL_CHARS:
            break
        chosen.append(json.loads(text))
        used += len(text)
    others = [{"name": ts.name, "description": ts.description} for ts in load_registry().values()
              if ts.name not in knobs.domains]
    return chosen, others


def suggestion(knobs: Knobs, seed: int) -> dict[str, Any]:
    """Seeded targets for one variation: object counts per type, shortest plan, horizon, distractors."""
    rng = np.random.default_rng(seed)
    d = knobs.difficulty
    counts: dict[str, int] = {}
    distractors = 0
    for name in knobs.domains:
        ts = get_toolset(name)
        for t in ts.types:
            n = t.min + round(d * (t.max - t.min)) + int(rng.integers(-1, 2))
            counts[t.name] = max(counts.get(t.name, 0), min(max(n, t.min), t.max))
        distractors += round(d * len(ts.distractor_tools)) + max(knobs.more_tools, 0)
    need = min_plan_length(knobs)
    return {"objects_per_type": counts, "min_plan_length": need, "horizon": 3 * need + 6,
            "goal_conditions": 1 + round(d * 2), "distractors": distractors}
