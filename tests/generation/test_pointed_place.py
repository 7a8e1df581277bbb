"""A rule that points back to its place ("the backups folder is sacred (do not delete anything there)") keeps that
place safe, not every file: read as the blanket ``no_deletion``, it forbade the deletion the same directive asked
for, and no seed's golden plan could delete (fresh66, seeds 0-4)."""

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
