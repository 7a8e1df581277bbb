"""Several goal counts in one task, one per object type ("refund 1 order and then delete 1 old file").

``Knobs.more_counts`` carries the counts besides the first (each of another type); the offline generator builds a goal
with that many conditions about distinct objects of each counted type, and the golden plan then calls the operations
the directive asks for.
"""

from __future__ import annotations

import re
import warnings

import pytest

from gensim_gym import check_fidelity, generate, read_directive
from gensim_gym.generation.directive import Knobs, parse_directive
from gensim_gym.generation.lexicon import calls
from gensim_gym.generation.verify import verify

#: Directives of two goal counts of different types, across world pairs, with the counts they ask for.
TWO_COUNTS = {
    "refund 1 order and then delete 1 old file, noisy": (("order", 1), ("file", 1)),  # support+filesystem
    "book 1 room and restock 2 shelves": (("room", 1), ("location", 2)),  # calendar+warehouse
    "buy 1 lamp and book 1 meeting room, sparse": (("product", 1), ("room", 1)),  # webshop+calendar
    "refund 1 order and delete 2 files": (("order", 1), ("file", 2)),  # support+filesystem
    "schedule 2 meetings and move 3 crates": (("meeting", 2), ("item", 3)),  # calendar+warehouse
    "purchase 2 products and schedule 1 meeting": (("product", 2), ("meeting", 1)),  # webshop+calendar
}
SEEDS = range(5)
_NAMES = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _generated(directive: str, seed: int):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return generate(directive, seed=seed)


@pytest.mark.parametrize("directive", sorted(TWO_COUNTS))
def test_reading_honors_each_count(directive: str) -> None:
    """Each count of another type is an extra count of the knobs, and its clause is honored."""
    knobs = parse_directive(directive)
    wanted = TWO_COUNTS[directive]
    assert (knobs.goal_type, knobs.goal_count) == wanted[0]
    assert knobs.more_counts == tuple((n, kind) for kind, n in wanted[1:])
    assert knobs.counted == tuple((n, kind) for kind, n in wanted)
    clauses = [c for c in read_directive(directive).clauses if c.kind == "goal_count"]
    assert [(c.requirement["type"], c.requirement["goal_count"], c.status) for c in clauses] == \
        [(kind, n, "honored") for kind, n in wanted]


@pytest.mark.parametrize("directive", sorted(TWO_COUNTS))
def test_goal_has_each_count_and_plan_calls_each_operation(directive: str) -> None:
    """Over seeds 0-4: a verified spec whose goal has exactly the counted number of conditions, naming as many
    distinct objects of each counted type, whose golden plan calls every asked operation, and whose goal-count
    clauses are honored (the spec meets every honored requirement)."""
    reading = read_directive(directive)
    wanted = TWO_COUNTS[directive]
    for seed in SEEDS:
        spec = _generated(directive, seed)
        assert verify(spec).ok
        assert len(spec.task.goal) == sum(n for _, n in wanted)
        named = {name for goal in spec.task.goal for name in _NAMES.findall(goal)}
        for kind, n in wanted:
            assert len(named & set(spec.task.objects[kind])) >= n, (seed, kind, spec.task.goal)
        plan = {label.split("(")[0] for label in spec.meta["golden_plan"]}
        for tool in reading.knobs.required_tools:
            assert any(calls(called, tool) for called in plan), (seed, tool, spec.meta["golden_plan"])
        assert check_fidelity(spec, reading) == []
        counts = [c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "goal_count"]
        assert {c["status"] for c in counts} == {"honored"}
        rows = spec.meta["fidelity"]["goal_counts"]
        assert [(r["type"], r["requested"], r["status"]) for r in rows] == [(k, n, "honored") for k, n in wanted]


def test_same_type_second_count_is_no_more_count() -> None:
    """A second count of the first's type ("rename 1 file and delete 2 files") is no count of another type: it stays
    as round 32 reads it, approximated, its operation still in the golden plan."""
    knobs = parse_directive("rename 1 file and delete 2 files")
    assert knobs.more_counts == ()
    clauses = [c for c in read_directive("rename 1 file and delete 2 files").clauses if c.kind == "goal_count"]
    assert [c.status for c in clauses] == ["honored", "approximated"]
    assert "one goal count of each type" in clauses[1].note and "delete_file" in clauses[1].note


def test_world_size_count_is_no_goal_count() -> None:
    """A count that sizes the world ("with 5 locations") is no object of an operation: no extra count."""
    assert parse_directive("a warehouse with 5 locations, move 3 crates").more_counts == ()


def test_over_capacity_count_is_approximated() -> None:
    """A count past what a task holds of its type is capped, its clause approximated with the reason."""
    directive = "buy 2 products and schedule 5 meetings"
    knobs = parse_directive(directive)
    assert knobs.more_counts == ((5, "meeting"),)
    assert knobs.counted == ((2, "product"), (3, "meeting"))
    clause = next(c for c in read_directive(directive).clauses if c.requirement.get("type") == "meeting")
    assert clause.status == "approximated"
    assert "at most 3" in clause.note and "meeting" in clause.note
    spec = _generated(directive, 0)
    assert len(spec.task.goal) == 5


def test_counts_past_the_goal_slots_are_capped() -> None:
    """The counts together fit a layout's goal slots: the later ones are capped to what is left."""
    knobs = Knobs(("warehouse", "calendar"), 0.5, goal_count=6, goal_type="item", more_counts=((3, "meeting"),))
    assert knobs.counted == ((6, "item"), (2, "meeting"))
    assert knobs.total_target == 8


def test_to_dict_unchanged_with_one_count() -> None:
    """One count: no ``more_counts`` key, so every existing spec (and its digest) is as it was."""
    one = parse_directive("schedule three meetings").to_dict()
    assert "more_counts" not in one
    two = parse_directive("refund 1 order and then delete 1 old file").to_dict()
    assert two["more_counts"] == [[1, "file"]]


def test_same_spec_twice() -> None:
    """Same directive and seed: the same episode spec."""
    directive = "book 1 room and restock 2 shelves"
    assert _generated(directive, 3).to_json() == _generated(directive, 3).to_json()


def test_counts_past_the_search_budget_fall_back_to_fewer_goals() -> None:
    """Eight goals over two worlds can be past the exact search's budget in every draft (seed 2 was): the last tries
    aim at fewer goals of the later counts, and the spec says which count it approximated and why."""
    directive = "schedule 3 meetings and move 5 crates"
    spec = _generated(directive, 2)
    assert verify(spec).ok
    rows = {r["type"]: r for r in spec.meta["fidelity"]["goal_counts"]}
    assert rows["meeting"]["status"] == "honored" and rows["item"]["status"] == "approximated"
    clauses = {c["requirement"]["type"]: c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "goal_count"}
    assert clauses["item"]["status"] == "approximated" and "type item" in clauses["item"]["note"]
    assert "type meeting" not in clauses["meeting"]["note"]


# -- a count of objects no goal is about (session 22: "book 4 slots" failed to generate) ----------------------------
@pytest.mark.parametrize("directive, asked", [
    ("book 4 slots for a training course, tools sometimes fail", 4),
    ("reserve 2 time slots for the team", 2),
])
def test_a_count_no_goal_is_about_is_approximated_and_still_generates(directive: str, asked: int) -> None:
    reading = read_directive(directive)
    (count,) = [c for c in reading.clauses if c.kind == "goal_count"]
    assert count.status == "approximated" and count.requirement == {"goal_count": asked, "type": None}
    assert "no goal of calendar is about a slot" in count.note
    for seed in range(3):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # the unread "course" / "team" is reported, as it should be
            spec = generate(directive, seed=seed)
        assert len(spec.task.goal) == asked and check_fidelity(spec, reading) == []


# -- a count of the world's machinery no goal names (session 23: "use 2 grippers" failed all 40 tries) -------------
@pytest.mark.parametrize("directive, domain, kind, asked", [
    ("gripper: use 2 grippers to move balls", "gripper", "gripper", 2),
    ("transport with 2 airplanes, deliver packages", "transport", "airplane", 2),
    ("elevator: serve passengers on 3 floors", "elevator", "floor", 3),
    ("depot: use 2 hoists to stack crates", "depot", "hoist", 2),
])
def test_a_count_of_a_type_no_goal_names_is_approximated_and_still_generates(directive: str, domain: str, kind: str,
                                                                             asked: int) -> None:
    reading = read_directive(directive)
    (count,) = [c for c in reading.clauses if c.kind == "goal_count"]
    assert count.status == "approximated" and count.requirement == {"goal_count": asked, "type": None}
    assert f"no goal of {domain} is about a{'n' if kind[0] in 'aeiou' else ''} {kind}" in count.note
    for seed in range(3):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            spec = generate(directive, seed=seed)
        assert len(spec.task.goal) == asked and check_fidelity(spec, reading) == []


@pytest.mark.parametrize("directive, kind", [
    ("update the address of 2 customers in support", "customer"),  # a goal a tool adds when asked names them
    ("support: return credit to 2 customers", "customer"),  # a goal fluent, credit(customer), names them
    ("gripper: move 2 balls to room b", "ball"),
])
def test_a_count_of_a_type_some_goal_names_stays_honored(directive: str, kind: str) -> None:
    (count,) = [c for c in read_directive(directive).clauses if c.kind == "goal_count"]
    assert count.status == "honored" and count.requirement["type"] == kind


def test_them_is_the_nearest_noun_a_goal_names() -> None:
    """"Balls need moving by a gripper robot: 3 of them": the balls, not the grippers no goal is about."""
    (count,) = [c for c in read_directive("balls need moving by a gripper robot: 3 of them, to room b").clauses
                if c.kind == "goal_count"]
    assert count.requirement == {"goal_count": 3, "type": "ball"} and count.status == "honored"
    (count,) = [c for c in read_directive("a gripper robot and some balls: move 2 of them").clauses
                if c.kind == "goal_count"]
    assert count.requirement["type"] == "ball"


def test_a_count_of_what_goals_are_about_stays_honored() -> None:
    (count,) = [c for c in read_directive("book 3 meetings").clauses if c.kind == "goal_count"]
    assert count.status == "honored" and count.requirement == {"goal_count": 3, "type": "meeting"}


@pytest.mark.parametrize("directive, kind", [
    ("schedule lunch with 2 friends", "person"),
    ("support: help 2 clients get refunds", "customer"),
])
def test_friends_and_clients_are_people(directive: str, kind: str) -> None:
    (count,) = [c for c in read_directive(directive).clauses if c.kind == "goal_count"]
    assert count.requirement["type"] == kind and count.status == "honored"


def test_a_shops_open_goal_nouns_are_no_people() -> None:
    """A shop's goods go by any name (round 38: "2 board games" are products), but friends are no goods."""
    (count,) = [c for c in read_directive("shop online with 2 friends").clauses if c.kind == "goal_count"]
    assert count.requirement["type"] != "product"


# -- an asked operation no count covers gets a goal of its own (session 23) -----------------------------------------
@pytest.mark.parametrize("directive, kind, tool", [
    ("schedule 1 meeting and then copy the minutes into the shared folder", "file", "copy_file"),
    ("refund 1 order, then delete the old export file", "file", "delete_file"),
])
def test_an_operation_no_count_covers_gets_one_goal_of_its_own(directive: str, kind: str, tool: str) -> None:
    """"Schedule 1 meeting and then copy the agenda": the count aimed the task at exactly 1 goal, about a meeting,
    so the copy served no goal and no golden plan called it (fresh54 at first contact). The copy now has 1 goal."""
    reading = read_directive(directive)
    assert reading.knobs.more_counts == ((1, kind),)
    for seed in range(3):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            spec = generate(directive, seed=seed)
        assert len(spec.task.goal) == 2 and check_fidelity(spec, reading) == []
        assert any(label.startswith(tool) for label in spec.golden_plan)


@pytest.mark.parametrize("directive, more", [
    ("refund 2 orders and cancel 1 more", ()),  # one world, counted
    ("schedule 1 meeting and copy 1 file into the team folder", ((1, "file"),)),  # the copy is counted already
    ("book 1 room and restock 2 shelves", ((2, "location"),)),  # each world counted, by any of its goal types
    ("copy the report into the archive", ()),  # no count: nothing to add to
])
def test_no_goal_is_added_where_a_count_covers_the_operations_world_or_none_is_given(directive: str, more) -> None:
    assert read_directive(directive).knobs.more_counts == more
