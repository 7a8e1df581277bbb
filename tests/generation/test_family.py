"""DirectiveFamily: a task seed the generator finds nothing for never ends a training run."""

from __future__ import annotations

import numpy as np
import pytest

from gensim_gym.errors import GenerationError
from gensim_gym.generation.family import SEED_RETRIES, DirectiveFamily


def failing_for(family: DirectiveFamily, bad: set[int], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the family's generator fail for the seeds in ``bad``; returns the seeds it was asked for."""
    real, asked = family.generator.generate, []

    def generate(seed: int):
        asked.append(seed)
        if seed in bad:
            raise GenerationError("no acceptable task", ["too easy"])
        return real(seed)

    monkeypatch.setattr(family.generator, "generate", generate)
    return asked


def derived(seed: int, k: int) -> int:
    return int(np.random.SeedSequence([seed, k]).generate_state(1)[0])


def test_a_seed_without_a_task_gives_way_to_the_next_derived_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    family = DirectiveFamily("domain: warehouse", 0.3, seed=0)
    asked = failing_for(family, {77, derived(77, 1)}, monkeypatch)
    spec = family.spec_for_seed(77)
    assert asked == [77, derived(77, 1), derived(77, 2)]
    assert spec.id == DirectiveFamily("domain: warehouse", 0.3, seed=0).generator.generate(derived(77, 2)).id


def test_when_every_derived_seed_fails_the_first_error_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    family = DirectiveFamily("domain: warehouse", 0.3, seed=0)
    asked = failing_for(family, {5, *(derived(5, k) for k in range(1, SEED_RETRIES + 1))}, monkeypatch)
    with pytest.raises(GenerationError, match="no acceptable task"):
        family.spec_for_seed(5)
    assert len(asked) == SEED_RETRIES + 1


def test_a_real_seed_without_a_task_is_replaced() -> None:
    # task seed 1788 of the file-system family at difficulty 0.1 has no acceptable task (every draft is too
    # easy): a training stream that drew it used to die with GenerationError at that reset
    family = DirectiveFamily("domain: filesystem", 0.1, seed=0)
    with pytest.raises(GenerationError):
        family.generator.generate(1788)
    spec = family.spec_for_seed(1788)
    assert spec.id == DirectiveFamily("domain: filesystem", 0.1, seed=0).spec_for_seed(1788).id
