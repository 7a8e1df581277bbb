"""Reader round 17 (#14): an accomplishing verb whose object follows its preposition, a place that names a world's
trade, a world's role as the subject, emptying by particle, a thing left alone, working through a queue of cases,
the verb a world is named for, a free hour made for a meeting and seeing only one's own share; tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym import DirectiveError
from gensim_gym.generation.rules import protected_place
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read


def _operation(directive: str) -> dict:
    ops = _clauses(directive, "operation")
    assert len(ops) == 1, ops
    return {"status": ops[0].status, **ops[0].requirement}


# -- an accomplishing verb's object after its preposition ---------------------------------------------------------
@pytest.mark.parametrize("directive", ["the agent responds to 4 complaints", "a rep replies to 2 customer tickets"])
def test_reply_to_a_count_asks_for_the_task_done(directive):
    op = _operation(directive)
    assert op["status"] == "honored" and "goal" in op


def test_reply_without_an_object_is_no_operation():
    with pytest.raises(DirectiveError):
        _read("the agent replies to the question")


# -- a place naming the world's trade, a role as the subject -----------------------------------------------------
@pytest.mark.parametrize(("directive", "domains"), [
    ("dispatch 3 orders from the distribution centre", ["warehouse"]),
    ("send out 2 orders from the stockroom", ["warehouse"]),
    ("refund 3 orders at the call centre", ["support"]),  # the place agrees with the act
])
def test_a_place_of_the_trade_names_the_world(directive, domains):
    assert _domains(directive) == domains


@pytest.mark.parametrize(("directive", "domains"), [
    ("a shopper wants a refund for 2 scratched mugs and a coupon", ["webshop"]),
    ("a caller wants 2 refunds", ["support"]),
])
def test_the_subjects_role_names_the_world(directive, domains):
    assert _domains(directive) == domains


def test_a_role_after_the_verb_is_no_subject():
    assert _domains("refund 2 orders placed by a shopper") == ["support"]


# -- emptying by particle; a thing left alone ---------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["throw away 3 old logs", "cleans out 2 cache files", "weed out 4 stale files"])
def test_emptying_by_particle_deletes(directive):
    assert _operation(directive)["tool"] == "delete_file"


def test_clean_alone_on_no_world_stays_foreign():
    with pytest.raises(DirectiveError):
        _read("clean the 3 windows of the house")


@pytest.mark.parametrize(("phrase", "place"), [
    ("leave the config folder untouched", "config folder"),
    ("keep my photos intact", "photos"),
    ("leave the source tree as is", "source tree"),
])
def test_a_thing_left_alone_is_kept_safe(phrase, place):
    assert protected_place(phrase) == place


def test_left_alone_is_approximated_by_the_protected_directory():
    [rule] = _clauses("purge 3 temp files, leave the build folder alone", "constraint")
    assert rule.status == "approximated" and rule.requirement == {"constraints": ["protect_backups"]}


@pytest.mark.parametrize("phrase", ["keep the dock clear", "leave the room", "keep going alone"])
def test_other_kept_states_are_no_place(phrase):
    assert protected_place(phrase) is None


# -- a queue of cases; the verb a world is named for -------------------------------------------------------------
@pytest.mark.parametrize("directive", ["prioritise 4 complaints", "the triage bot routes 3 support requests"])
def test_working_a_queue_of_cases_asks_for_them_done(directive):
    op = _operation(directive)
    assert op["status"] == "honored" and "goal" in op


def test_sorting_files_is_no_case_of_work():
    # no case of work; since round 23 sorting files into folders is moving them ("sort 4 downloads into subfolders")
    ops = _clauses("sort 3 files into folders", "operation")
    assert [c.requirement for c in ops] == [{"operation": "sort", "tool": "move_file"}]


@pytest.mark.parametrize("directive", ["the home robot tidies up 2 cushions in the living room",
                                       "a household robot tidies 3 books"])
def test_the_worlds_own_verb_asks_for_its_goals(directive):
    op = _operation(directive)
    assert op["status"] == "honored" and op.get("goal") == "thing_at" or op.get("tool") == "put"


# -- scheduling: a free hour made; observability: one's own share -------------------------------------------------
@pytest.mark.parametrize("directive", ["find a shared free slot for 2 standups",
                                       "free up an open hour for 2 interviews"])
def test_a_free_hour_for_a_meeting_schedules(directive):
    assert _operation(directive)["tool"] == "schedule"


def test_a_free_hour_for_no_meeting_is_no_world():
    with pytest.raises(DirectiveError):
        _read("find a free hour to relax")


@pytest.mark.parametrize("directive", ["move 3 crates, each robot knows just its own aisle",
                                       "schedule 2 syncs, every attendee sees only their own calendar"])
def test_seeing_only_ones_own_is_partial(directive):
    assert [c.requirement for c in _clauses(directive, "observability")] == [{"partial": True}]


def test_seeing_ones_own_without_only_is_not_partial():
    assert not [c for c in _clauses("refund 2 orders, the agent sees its own notes", "observability")
                if c.status == "honored"]
