"""A rule about one place keeps that place safe, not every file (session 27). Read as the blanket ``no_deletion``, a
rule that points back to its place ("the backups folder is sacred (do not delete anything there)") or scopes its
object by one ("never remove anything in backups") forbade the deletion the same directive asked for, and no seed's
golden plan could delete (fresh66 in seeds 0-4; "delete 2 old logs, never remove anything in backups")."""

from __future__ import annotations

import pytest

from gensim_gym import generate, read_directive
from gensim_gym.generation.reading import check_fidelity
from gensim_gym.generation.rules import place_pointed_at


def _rules(directive: str) -> dict[str, tuple[str, list[str]]]:
    return {c.text: (c.status, c.requirement.get("constraints", [])) for c in read_directive(directive).clauses
            if c.kind == "constraint"}


@pytest.mark.parametrize(("directive", "rule"), [
    ("clear out 2 old files, but the backups folder is off limits: do not delete anything there",
     "do not delete anything there"),
    ("the backup directory matters, so never remove anything from it; delete 3 files", "never remove anything from it"),
    ("wipe 2 logs; as for the backup folder, delete nothing in there", "delete nothing in there"),
])
def test_a_rule_pointing_back_keeps_the_place_it_names(directive: str, rule: str) -> None:
    assert _rules(directive)[rule] == ("honored", ["protect_backups"])


def test_a_place_the_world_lacks_is_stood_in_for_and_said() -> None:
    clause = next(c for c in read_directive("in the reports folder, do not delete anything inside it; copy 2 files")
                  .clauses if c.kind == "constraint")
    assert clause.status == "approximated" and clause.requirement == {"constraints": ["protect_backups"]}
    assert "the world has no 'reports folder'" in clause.note


@pytest.mark.parametrize("directive", [
    "do not delete anything, just copy 2 files",  # no pointing back: every file
    "do not delete anything there; copy 2 files in the file system",  # points back to no directory
])
def test_without_a_place_to_point_back_to_every_deletion_is_forbidden(directive: str) -> None:
    assert [r for _, r in _rules(directive).values()] == [["no_deletion"]]


def test_place_pointed_at_is_the_last_directory_named_before_the_rule() -> None:
    text = "tidy the tmp folder and the backups folder, then delete nothing from it"
    start = text.index("delete")
    assert place_pointed_at(text, start, len(text)) == "backups folder"
    assert place_pointed_at(text, start, text.index(" from")) is None  # "delete nothing" points nowhere


def test_the_deletion_asked_for_is_in_the_golden_plan() -> None:
    directive = "as for the backup dir, never delete anything there; the agent removes 2 temp files"
    reading = read_directive(directive)
    assert all(not check_fidelity(generate(directive, seed=seed), reading) for seed in range(3))


@pytest.mark.parametrize(("directive", "rule", "status"), [
    ("purge 2 logs and never remove anything in backups", "never remove anything in backups", "honored"),
    ("never erase files from the backup dir; delete 2 logs", "never erase files from the backup dir", "honored"),
    # a place the world lacks: its own protected place stands in, and the clause says so (as for "/etc")
    ("remove 2 logs but do not delete anything in the tmp folder", "do not delete anything in the tmp folder",
     "approximated"),
])
def test_a_rule_scoped_by_a_place_keeps_that_place(directive: str, rule: str, status: str) -> None:
    assert _rules(directive)[rule] == (status, ["protect_backups"])


@pytest.mark.parametrize("directive", [
    "never delete anything, especially backups; copy 2 files",  # the place is no scope of the rule's object
    "copy 2 files but never delete anything in any folder",  # no one place
    # a place the world lacks, and no deletion asked: forbidding every deletion keeps the photos folder too
    "rename 2 photos and never erase anything in the pictures folder",
])
def test_a_rule_not_scoped_by_one_place_forbids_every_deletion(directive: str) -> None:
    assert [r for _, r in _rules(directive).values()] == [["no_deletion"]]
