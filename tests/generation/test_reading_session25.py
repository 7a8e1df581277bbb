"""The lead's reading fixes of session 25, between rounds (``docs/directives.md``, Rounds).

- An agent named by its world's trade opens the directive even where the word after its verb also ends in "s"
  ("housekeeping robot puts towels on the shelf"): the subject ends at its first agent noun followed by a verb
  (``domain_choice._named_agent_opens``), which now also covers the two-word check ``_subject`` made on its own.
"""

from __future__ import annotations

import pytest

from tests.reading_quiet import domains


@pytest.mark.parametrize("directive", [
    "Housekeeping robot stores towels on a shelf, sparse",
    "housekeeping robot puts towels on the shelf",
    "the housekeeping robot lays 2 scarves on the bed",
    "our kitchen helper robot puts 3 bowls on the shelf",
])
def test_a_trade_named_agent_keeps_its_world(directive: str) -> None:
    assert domains(directive) == ["rearrangement"]


@pytest.mark.parametrize("directive", [
    "the warehouse robot puts 3 crates on the shelf",
    "a shelf robot stores crates on shelves",
])
def test_an_agent_named_by_another_trade_is_not_the_household(directive: str) -> None:
    assert domains(directive) == ["warehouse"]
