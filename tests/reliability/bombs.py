"""Hostile but schema-valid specs for the reliability suite (issue 17)."""

from __future__ import annotations

from typing import Any


def setpair_bomb(n: int = 32, pads: int = 20) -> dict[str, Any]:
    """Issue 17's planner bomb: ``n`` objects, a numeric sum goal ``v(o0) + … >= n`` and a two-object
    "setpair" tool whose second argument undoes progress, plus padding predicates that enlarge every state."""
    objs = [f"o{i}" for i in range(n)]
    preds = [{"name": f"pad{k}", "params": ["thing"]} for k in range(pads)]
    return {
        "format": "gensim_gym/simspec@1",
        "task": {"name": "bomb", "description": "set every value", "types": ["thing"], "predicates": preds,
                 "fluents": [{"name": "v", "params": ["thing"], "min": 0, "max": 1}],
                 "objects": {"thing": objs}, "init": [f"pad{k}({o})" for k in range(pads) for o in objs][:1000],
                 "goal": [" + ".join(f"v({o})" for o in objs) + f" >= {n}"], "horizon": 200},
        "tools": {"tools": [{"name": "setpair", "description": "set one value, clear another",
                             "params": [{"name": "a", "type": "thing"}, {"name": "b", "type": "thing"}],
                             "pre": "v(?a) == 0", "effects": ["v(?a) = 1", "v(?b) = 0"]}]},
        "reward": {"mode": "sparse", "success": 1.0},
    }
