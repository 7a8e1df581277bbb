"""The lead's reading fixes of session 25, between rounds (``docs/directives.md``, Rounds).

- Words a user takes back or rules out (round 49's corrections) are noted in ``Knobs.notes`` in the order typed.
- An agent named by its world's trade opens the directive even where the word after its verb also ends in "s"
  ("housekeeping robot puts towels on the shelf"): the subject ends at its first agent noun followed by a verb
  (``domain_choice._named_agent_opens``), which now also covers the two-word check ``_subject`` made on its own.
"""

from __future__ import annotations

import pytest

from tests.reading_quiet import domains, read


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


def test_words_taken_back_are_noted_in_the_order_typed() -> None:
    """Round 49 drops a retracted count and a world ruled out before reading; the knobs say which words, so a user
    sees that "2" was not read (and why the shop, not the warehouse, was chosen)."""
    r = read("not the warehouse, the shop: buy 2, no wait, 3 lamps")
    assert r.knobs.domains == ("webshop",) and r.knobs.goal_count == 3
    assert "taken back or ruled out, so not read: 'not the warehouse 2 no wait'" in r.knobs.notes


def test_a_directive_without_a_correction_notes_nothing_taken_back() -> None:
    assert not any("taken back" in n for n in read("book 2 meetings, no overlaps").knobs.notes)
