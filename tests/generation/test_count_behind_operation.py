"""A count whose nearest objects need no asked operation ("pick up 1 key and unlock the gate").

The dungeon's red key lies before any door; only the blue one lies behind a locked door. A walk that stops soon after
its first unlock has made ``has(red)`` true and nothing about the blue key, so no goal of the count needed the unlock,
and every try missed the operation. In the tries that put the operations' goals first, the goal walk now goes on to a
counted object no changed goal fact is about yet, while an asked operation it called has served no counted goal
(``OfflineGenerator._unserved``).
"""

from __future__ import annotations

import warnings

import pytest

from gensim_gym import check_fidelity, generate, read_directive

#: One counted key and an asked unlock, phrased as in no benchmark set.
DIRECTIVES = (
    "dungeon: the hero takes 1 key and unlocks a door with it",
    "in the dungeon, fetch one key and open the locked door, partially observable",
)


@pytest.mark.parametrize("directive", DIRECTIVES)
@pytest.mark.parametrize("seed", range(3))
def test_the_counted_goal_needs_the_asked_unlock(directive: str, seed: int) -> None:
    """Exactly one key goal, a golden plan that unlocks, and nothing unmet."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = generate(directive, seed=seed)
    plan = spec.meta["golden_plan"]
    assert [g for g in spec.task.goal if g.startswith("has(")] and len(spec.task.goal) == 1
    assert any(step.startswith("unlock(") for step in plan)
    assert check_fidelity(spec, read_directive(directive)) == []


def test_a_count_alone_still_takes_the_nearest_key() -> None:
    """Without an asked operation the walk is as before: one key goal, no detour behind a door."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = generate("dungeon: the hero takes 1 key", seed=0)
    assert len(spec.task.goal) == 1
    assert check_fidelity(spec, read_directive("dungeon: the hero takes 1 key")) == []
