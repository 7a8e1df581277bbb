"""Reader round 75 (session 33, the lead, on fresh88's one miss after its untouched run: social-media posts asking for
an env), read by class: "easy" as it is typed in a post or a chat ("ez", "ezpz", "easy peasy") and the easy end's
game settings named for a new player ("baby mode", "noob mode") lower the difficulty as "easy" does, scaled by an
intensity word before them ("very ez"). Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses


@pytest.mark.parametrize("directive, text, difficulty", [
    ("ferry with 2 cars, ez mode pls", "ez", 0.2),
    ("gripper, carry 3 balls, keep it EZ", "ez", 0.2),
    ("visitall, 5 cells, ezpz", "ezpz", 0.2),
    ("an easy peasy elevator task with 2 passengers", "easy peasy", 0.2),
    ("sokoban on baby mode while I debug the wrapper", "baby mode", 0.2),
    ("depot, 2 crates, noob mode", "noob mode", 0.2),
    ("blocks world on newbie difficulty, stack 3 blocks", "newbie difficulty", 0.2),
    ("hanoi, 3 discs, very ez", "very ez", 0.05),
])
def test_typed_easy_and_a_new_players_setting_lower_the_difficulty(directive, text, difficulty):
    found = clauses(directive, "difficulty")
    assert [(c.text, c.requirement, c.status) for c in found] == [(text, {"difficulty": difficulty}, "honored")]


@pytest.mark.parametrize("directive", [
    "a noob agent on sokoban with 3 boxes",        # who the agent is, no setting of the task
    "sokoban with 3 boxes for my baby brother",    # nor who it is for
    "the gripper robot carries 4 balls, chill",    # a mood, said without the word for a setting
])
def test_a_new_player_or_a_mood_without_a_setting_is_no_difficulty(directive):
    assert clauses(directive, "difficulty") == []
