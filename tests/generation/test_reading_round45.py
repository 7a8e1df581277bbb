"""Round 45: a reward said as a verb of grading ("scored", "graded", "marked", "credited", "rewarded", a passive
"is paid") reads the reward mode by when it comes: along the way ("step by step", "as it goes", "piece by piece")
is dense, only once the work is done ("only at the finish", "only when the job is finished") is sparse. Tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses


def _reward(directive: str) -> list[tuple[object, str]]:
    return [(c.requirement.get("reward_mode"), c.status) for c in clauses(directive, "reward_mode")]


@pytest.mark.parametrize("directive", [
    "filesystem tasks: the agent moves 2 files into folders, credited piece by piece",
    "a ferry carries 3 cars, graded along the way",
    "a warehouse robot moves 3 crates, marked piece by piece",
    "blocks world, the robot is rewarded as it works",
])
def test_graded_along_the_way_is_dense(directive: str) -> None:
    assert _reward(directive) == [("dense", "honored")]


@pytest.mark.parametrize("directive", [
    "blocks world: a robot stacks 3 blocks, marked only once the tower is built",
    "a warehouse robot moves 2 crates and is paid only after the delivery is done",
    "a ferry carries 2 cars, scored only upon completion",
])
def test_graded_only_when_done_is_sparse(directive: str) -> None:
    assert _reward(directive) == [("sparse", "honored")]


@pytest.mark.parametrize("directive", [
    "webshop: buy 2 mugs step by step",
    "support tasks: refund 2 orders so the customer is paid back",
])
def test_no_grading_verb_sets_no_reward(directive: str) -> None:
    assert _reward(directive) == []
