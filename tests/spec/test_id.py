"""``SimSpec.id``: a content hash of task, tools and reward that ignores meta."""

from __future__ import annotations

import hashlib
import json

from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator
from gensim_gym.spec.model import SimSpec


def _reference_id(spec: SimSpec) -> str:
    body = {"task": spec.task.to_dict(), "tools": spec.tools.to_dict(), "reward": spec.reward.to_dict()}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


def test_id_is_the_documented_hash_for_generated_specs():
    for directive in ("warehouse tasks", "web shop, hidden", "calendar and support"):
        generator = OfflineGenerator(parse_directive(directive, 0.5), directive)
        for seed in range(3):
            spec = generator.generate(seed)
            assert spec.id == _reference_id(spec)
            assert SimSpec.from_json(spec.to_json()).id == spec.id


def test_with_meta_keeps_the_id_and_meta_does_not_change_it():
    spec = OfflineGenerator(parse_directive("warehouse tasks", 0.0), "warehouse tasks").generate(0)
    fresh = SimSpec(spec.task, spec.tools, spec.reward, spec.directive, {"other": 1})
    assert spec.with_meta(extra=1).id == spec.id == fresh.id == _reference_id(fresh)
