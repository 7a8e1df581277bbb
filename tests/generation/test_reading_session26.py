"""The lead's reading fixes of session 26, between rounds (``docs/directives.md``, Rounds).

- A world's keyword beside an explicit "domain: NAME" ("domain = support desk") is shown in that clause's text; it was
  claimed as evidence and shown in no clause.
- A verb of making with a count after it ("create 2 folders") asks for making those things: no world has a tool that
  makes them, so the operation is reported unsupported rather than dropped as filler, as in "create an environment";
  where the world has its own task on what is counted ("create 3 meetings"), that task is read in its place.
"""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses


@pytest.mark.parametrize(("directive", "verb"), [
    ("filesystem: create 3 folders for the invoices", "create"),
    ("in the file system, make two new directories", "make"),
    ("file system task: generate 2 folders, sparse", "generate"),
])
def test_making_counted_things_no_tool_makes_is_reported(directive: str, verb: str) -> None:
    ops = [c for c in clauses(directive, "operation")]
    assert [(c.text, c.status) for c in ops] == [(verb, "unsupported")]


@pytest.mark.parametrize("directive", [
    "create 2 meetings in the calendar",
    "calendar: make three meetings, dense reward",
])
def test_making_what_the_world_schedules_is_its_own_task(directive: str) -> None:
    ops = [c for c in clauses(directive, "operation")]
    assert [(c.requirement["tool"], c.status) for c in ops] == [("schedule", "honored")]


@pytest.mark.parametrize("directive", [
    "create an environment where the agent copies 2 files",
    "make a calendar task with 2 meetings booked",
    "generate tasks where the shopper buys 3 lamps",
])
def test_making_the_environment_is_still_filler(directive: str) -> None:
    ops = [c for c in clauses(directive, "operation")]
    assert all(c.status == "honored" for c in ops) and ops


@pytest.mark.parametrize(("directive", "word"), [
    ("domain: support desk, close 2 tickets", "desk"),
    ("domain = calendar ; book 2 meetings on the schedule", "schedule"),
])
def test_a_keyword_beside_an_explicit_domain_is_shown_in_its_clause(directive: str, word: str) -> None:
    """A world's keyword outside "domain: NAME" is claimed as evidence; the explicit clause shows it, so no word of the
    directive is claimed and shown nowhere."""
    (domain,) = clauses(directive, "domain")
    assert domain.text.startswith("domain") and word in domain.text
