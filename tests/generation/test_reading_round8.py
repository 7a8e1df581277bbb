"""Reader round 8: the classes of fresh18's and fresh20_fid14's misses read by mechanism. Every phrasing here is in
no benchmark set."""

from __future__ import annotations

import pytest

from gensim_gym import DirectiveError, check_fidelity, read_directive
from tests.reading_quiet import clauses as _kind
from tests.reading_quiet import generate as _generate
from tests.reading_quiet import read as _read


@pytest.mark.parametrize(("text", "count"), [
    ("coordinate 2 lectures so that no lecturer is double-booked", 2),
    ("arrange three consultations for the clinic", 3),
    ("set up a couple of seminars, nobody may attend two at once", 2),
])
def test_a_calendar_verb_acting_on_an_occasion_chooses_the_calendar(text: str, count: int) -> None:
    reading = _read(text)
    assert reading.knobs.domains == ("calendar",), reading.table()
    assert [(c.requirement["goal_count"], c.requirement["type"], c.status) for c in _kind(text, "goal_count")] == [
        (count, "meeting", "honored")], reading.table()
    assert any(c.status == "honored" and c.requirement.get("tool") == "schedule" for c in _kind(text, "operation")), \
        reading.table()


def test_a_calendar_verb_in_the_passive_acting_on_its_own_noun_chooses_the_calendar() -> None:
    text = "two rooms must be reserved for the board"
    reading = _read(text)
    assert reading.knobs.domains == ("calendar",), reading.table()
    assert [c.requirement.get("tool") for c in _kind(text, "operation")] == ["book_room"], reading.table()


@pytest.mark.parametrize("text", [
    "book 2 flights to paris",  # no occasion: a flight is no meeting
    "arrange 3 flowers in a vase",
])
def test_a_calendar_verb_on_a_noun_of_no_world_chooses_nothing(text: str) -> None:
    with pytest.raises(DirectiveError):
        read_directive(text)


def test_an_occasion_noun_alone_is_no_calendar_evidence() -> None:
    text = "web shop: buy 2 gifts, the tool calls sometimes fail"
    assert _read(text).knobs.domains == ("webshop",), _read(text).table()


@pytest.mark.parametrize("text", [
    "summarise the quarterly reports",
    "paint 3 folders blue",
])
def test_an_opening_verb_no_world_does_on_domain_nouns_is_no_domain(text: str) -> None:
    with pytest.raises(DirectiveError, match="names no domain"):
        read_directive(text)


@pytest.mark.parametrize(("text", "domain"), [
    ("sort 3 reports into folders", "filesystem"),  # a domain word outside the verb's object
    ("archive 2 drafts", "filesystem"),  # a distractor tool's verb: the world has a tool for it
    ("paint the warehouse shelves", "warehouse"),  # the world named outright
])
def test_an_opening_verb_keeps_its_domain_where_a_world_is_meant(text: str, domain: str) -> None:
    assert _read(text).knobs.domains == (domain,), _read(text).table()


@pytest.mark.parametrize(("text", "domains"), [
    ("merge the online shop with the calendar, 8 tools", {"webshop", "calendar"}),
    ("blend file management and the help desk, harder", {"filesystem", "support"}),
])
def test_a_verb_of_joining_composes_its_two_objects(text: str, domains: set[str]) -> None:
    reading = _read(text)
    assert set(reading.knobs.domains) == domains, reading.table()
    assert not _kind(text, "operation"), reading.table()  # the joining verb is the composition, no operation


@pytest.mark.parametrize(("text", "count", "kind"), [
    ("web shop: look at a few gadgets and buy 2, dense reward", 2, "product"),
    ("support desk that refunds 3 and escalates the rest", 3, "order"),
])
def test_a_count_right_after_an_operation_counts_its_object(text: str, count: int, kind: str) -> None:
    goal = _kind(text, "goal_count")
    assert [(c.requirement["goal_count"], c.requirement["type"], c.status) for c in goal][:1] == [
        (count, kind, "honored")], _read(text).table()


@pytest.mark.parametrize("text", [
    "calendar: shift 3 appointments to the afternoon",
    "postpone two meetings, plenty of time",
])
def test_moving_a_scheduled_thing_is_scheduling_it_again(text: str) -> None:
    ops = _kind(text, "operation")
    assert [(c.requirement.get("tool"), c.requirement.get("undo"), c.status) for c in ops] == [
        ("schedule", "unschedule", "honored")], _read(text).table()


def test_a_generated_task_moves_the_meetings() -> None:
    text = "calendar: shift 2 appointments to later slots"
    spec = _generate(text)
    assert not check_fidelity(spec, _read(text))
    assert any(step.startswith("unschedule(") for step in spec.golden_plan), spec.golden_plan


@pytest.mark.parametrize(("text", "status"), [
    ("calendar: availability stays a mystery until checked, schedule 2 meetings", "honored"),
    # visitall hides its grid's connections since round 58 (look_around); hanoi hides nothing
    ("visit every cell of the grid, cells stay dark until visited", "honored"),
    ("hanoi with 3 disks, the pegs stay dark until looked at", "unsupported"),
])
def test_unseen_until_an_act_reveals_it_is_partial_observability(text: str, status: str) -> None:
    seen = _kind(text, "observability")
    assert [(c.requirement, c.status) for c in seen] == [({"partial": True}, status)], _read(text).table()


@pytest.mark.parametrize(("text", "verb"), [
    ("a robot that shelves 3 parcels", "shelves"),
    ("warehouse: stock two pallets, dense reward", "stock"),
])
def test_a_keyword_said_as_the_verb_of_a_count_is_an_operation(text: str, verb: str) -> None:
    ops = [c for c in _kind(text, "operation") if c.text == verb]
    assert [(c.requirement.get("tool"), c.status) for c in ops] == [("drop", "honored")], _read(text).table()


def test_a_keyword_not_followed_by_a_count_stays_a_noun() -> None:
    text = "warehouse stock, move 2 crates"
    assert not [c for c in _kind(text, "operation") if c.text == "stock"], _read(text).table()


def test_a_phrasal_verbs_noun_written_as_one_word_is_counted() -> None:
    text = "file system: 2 backups of the thesis are needed"
    goal = _kind(text, "goal_count")
    assert [(c.requirement["goal_count"], c.requirement["type"], c.status) for c in goal] == [
        (2, "file", "honored")], _read(text).table()


@pytest.mark.parametrize(("text", "slack"), [
    ("calendar: set up 2 calls with clients, tight schedule", "tight"),
    ("book 3 meeting rooms on a relaxed schedule", "loose"),
])
def test_a_schedule_said_tight_or_relaxed_is_time_pressure_also_in_a_calendar(text: str, slack: str) -> None:
    assert [c.requirement for c in _kind(text, "time_pressure")] == [{"horizon_slack": slack}], _read(text).table()


def test_a_keyword_that_is_an_operation_already_is_read_once() -> None:
    text = "schedule a dozen classes"
    assert [c.status for c in _kind(text, "operation")] == ["honored"], _read(text).table()
