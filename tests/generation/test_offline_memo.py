"""The offline generator's draft and verdict memos change no generated spec.

After the goal walk an attempt draws nothing more from the task's RNG, so the generator keeps each
attempt's verdict by draft and goals (and the draft's compiled world by objects, start and tools).
A generator with both memos disabled must give the very same specs, meta included.
"""

from __future__ import annotations

import pytest

from gensim_gym.generation.family import DirectiveFamily


class _Forgetful(dict):
    """A memo that never keeps anything."""

    def __setitem__(self, key, value) -> None:
        pass


@pytest.mark.parametrize(("directive", "difficulty", "tasks"), [
    ("domain: warehouse", 0.1, 120),
    ("domain: filesystem", 0.1, 60),
    ("noisy; domain: calendar", 0.3, 20),
    ("hidden; domain: support", 0.8, 15),
])
def test_memoised_generation_gives_the_same_specs(directive: str, difficulty: float, tasks: int) -> None:
    memo = DirectiveFamily(directive, difficulty, seed=0).generator
    plain = DirectiveFamily(directive, difficulty, seed=0).generator
    plain._draft_cache, plain._verdict_cache = _Forgetful(), _Forgetful()
    for seed in range(tasks):
        assert memo.generate(seed).to_dict() == plain.generate(seed).to_dict()
    assert len(memo._verdict_cache) > 0 and not plain._verdict_cache


def test_the_verdict_memo_is_used_when_tasks_repeat() -> None:
    generator = DirectiveFamily("domain: warehouse", 0.1, seed=0).generator
    calls = []
    original = generator._verdict
    generator._verdict = lambda *args, **kw: calls.append(args) or original(*args, **kw)
    specs = [generator.generate(seed) for seed in range(60)]
    attempts = sum(spec.meta["generator"]["attempts"] for spec in specs)
    assert len(calls) < attempts / 2  # easy warehouse: few distinct drafts and goals
