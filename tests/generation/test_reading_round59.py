"""Reader round 59: directives dictated into a phone and written down by a speech-to-text tool (fresh75): fillers
("um", "uh", "like", "you know"), self-corrections said without the pause a typist writes as a comma ("three no wait
four meetings", "five people but wait make it four", "one or two balls i guess two"), numbers as spoken. A count the
speaker takes back is the one said last (``corrections.corrected``, round 49's mechanism, which needed the comma).
Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.corrections import corrected
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import read as _read


# -- a count taken back aloud, without a comma ----------------------------------------------------------------------
@pytest.mark.parametrize("directive, count, kind", [
    ("um the calendar agent sets up uh two no wait three meetings for friday", 3, "meeting"),
    ("so the shop agent buys like five lamps no actually four lamps", 4, "product"),
    ("the ferry carries six cars but wait make it two", 2, "car"),
    ("uh the gripper moves one or two balls i guess two to room b", 2, "ball"),
    ("the help desk refunds three orders oh wait i mean one order", 1, "order"),
    ("blocks world stack four blocks sorry three", 3, "block"),
])
def test_a_count_taken_back_aloud_is_the_one_said_last(directive, count, kind):
    found = _counts(directive)
    assert [(c, t) for c, t, _ in found] == [(count, kind)], _read(directive).table()
    assert found[0][2] in ("honored", "approximated")


def test_the_words_taken_back_are_filler_and_the_count_said_last_is_kept():
    assert corrected("book two no wait three meetings") == "book three meetings"
    assert corrected("buy 2 mugs but wait make it 3 mugs") == "buy 3 mugs"
    reading = _read("um the calendar agent sets up uh two no wait three meetings")
    assert all(w in reading.filler for w in ("two", "no", "wait"))


@pytest.mark.parametrize("text", [
    "schedule 3 meetings no 2 at once",            # a bare "no" before a count is a rule
    "deliver 2 parcels and wait 3 steps",          # "wait" alone is an act, no correction
    "move one or two balls",                        # a range nobody settled stays as said
    "pick 2 parcels actually in aisle 4",           # "actually" before no count corrects nothing
])
def test_a_spoken_phrase_that_takes_nothing_back_leaves_the_text(text):
    assert corrected(text) == text
