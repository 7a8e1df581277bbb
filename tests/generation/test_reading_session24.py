"""Session 24, between rounds: how often rewards come says the reward mode ("infrequent rewards" and "rare feedback"
are sparse; "infrequent rewards" read dense before, "no frequent feedback" is sparse, "frequent feedback" stays
dense), and a flat tyre's state may be said after the noun ("one wheel is flat" counts tireworld's one flat tire,
as "1 flat wheel" does). Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses, counts


def _reward(directive: str) -> list[tuple[object, str]]:
    return [(c.requirement.get("reward_mode"), c.status) for c in clauses(directive, "reward_mode")]


@pytest.mark.parametrize("directive", [
    "warehouse picker moves 2 crates, infrequent rewards",
    "calendar agent books 1 review with rare feedback",
    "webshop buyer gets 2 mugs; no frequent feedback",
    "sokoban with sporadic rewards",
])
def test_seldom_rewards_are_sparse(directive: str) -> None:
    assert _reward(directive) == [("sparse", "honored")]


@pytest.mark.parametrize("directive", [
    "warehouse picker moves 2 crates with frequent feedback",
    "blocks world, constant reward signal",
])
def test_frequent_rewards_stay_dense(directive: str) -> None:
    assert _reward(directive) == [("dense", "honored")]


def test_occasional_failures_are_noise_not_a_reward_mode() -> None:
    directive = "warehouse picker moves 2 crates with occasional failures"
    assert _reward(directive) == []
    assert [c.requirement.get("noise") for c in clauses(directive, "noise")] == [True]


@pytest.mark.parametrize("directive", [
    "tireworld: one wheel is flat, swap it",
    "tireworld, 1 tyre has gone flat, fix it",
    "tireworld where one tire is already flat; replace it",
])
def test_state_after_the_noun_counts_the_one_flat_tire(directive: str) -> None:
    assert [(c.requirement["goal_count"], c.status) for c in clauses(directive, "goal_count")] == [(1, "honored")]


@pytest.mark.parametrize("directive", [
    "tireworld: one wheel is fine, swap the spare",
    "tireworld, one wheel is new",
])
def test_a_state_that_is_no_damage_is_no_flat_tire(directive: str) -> None:
    # a wheel is no type of the world: the count stays unsupported, as it was before the state was read
    assert counts(directive) == [(1, None, "unsupported")]


def test_every_mended_word_is_noted_and_clauses_keep_the_typed_words() -> None:
    """A word the reader mends (round 43's spelling) is never mended silently: the knobs' notes name it as typed
    and as read, and the clauses show the directive's own spelling."""
    from gensim_gym.generation.directive import parse_directive
    from tests.reading_quiet import read

    directive = "agent must schedul 2 meeting in calender, dont let peoples overlap"
    notes = parse_directive(directive).notes
    assert "read 'schedul' as 'schedule' (spelling)" in notes
    assert "read 'calender' as 'calendar' (spelling)" in notes
    assert "read 'dont' as 'don't' (spelling)" in notes
    assert any("calender" in c.text for c in read(directive).clauses)
    assert not any("calendar" in c.text for c in read(directive).clauses)
    assert not [n for n in parse_directive("schedule 2 meetings in the calendar").notes if "(spelling)" in n]


@pytest.mark.parametrize(("directive", "pressure"), [
    ("sokoban pusher, 1 crate, with time to spare", "loose"),
    ("hanoi with 3 discs and moves in hand", "loose"),
    ("sokoban pusher, 1 crate, no time to spare", "tight"),
    ("hanoi with 3 discs, very few moves to spare", "tight"),
    ("hanoi with 3 discs, plenty of moves to spare", "loose"),
])
def test_slack_said_without_a_quantity_is_loose(directive: str, pressure: str) -> None:
    assert [(c.requirement.get("horizon_slack"), c.status) for c in clauses(directive, "time_pressure")] \
        == [(pressure, "honored")]
