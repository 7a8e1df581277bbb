"""Reader round 55: directives written as a course's exercise sheet ("Exercise 3. Build an environment in which the
agent must ...", "Task 2 (warm-up): ...", "Part (b): ...", "Bonus: make the reward sparse.", "Hint: ...", "(5
points)"). The sheet's labels, its references to its other parts and its marks are no requests
(``exercise_sheet.unframed``): read as written they were goal counts ("Exercise 8" of 8, "(5 points)" of points), an
operation no tool does ("exercise") and a reward ("bonus"). Building the environment is said to the students, not
asked of the agent ("Build a calendar environment", "Design a dungeon"). A reward said handed out with a focus word
inside its copula ("rewards should only be given at the end") or per step of the agent ("a reward after every
correct step") is read whole; a sparse reward's end state ("paid only once every square is visited") names the task.
Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.exercise_sheet import frame_words, unframed
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read as _read
from tests.reading_quiet import tools as _tools
from tests.reading_quiet import unread as _unread


def _reward(directive: str) -> list[tuple[str | None, str, str]]:
    """``(mode, status, text)`` of each reward clause of ``directive``."""
    return [(c.requirement.get("reward_mode"), c.status, c.text) for c in _clauses(directive, "reward_mode")]


# -- the sheet's labels, references and marks --------------------------------------------------------------------------
@pytest.mark.parametrize("directive, dropped", [
    ("Problem 4: in the ferry world, sail 3 cars to the far bank.", ["problem", "4"]),
    ("Assignment 2, question 3: stack 2 blocks on the table in the blocks world.",
     ["assignment", "2", "question", "3"]),
    ("Part (ii) of problem 6: the elevator carries 2 passengers up.", ["part", "ii", "of", "problem", "6"]),
    ("Question 7 (optional). Rename 2 files in the file system.", ["question", "7", "optional"]),
    ("Lab 5 - deliver 2 parcels by truck between cities.", ["lab", "5"]),
    ("Hint: the warehouse robot picks 2 parcels from the shelves.", ["hint"]),
])
def test_a_sheets_label_is_dropped_and_listed(directive, dropped):
    assert frame_words(directive.lower()) == dropped
    reading = _read(directive)
    assert all(w in reading.filler for w in dropped)
    assert not [c for c in reading.clauses if c.kind == "goal_count" and c.status == "unsupported"]
    assert not [c for c in _clauses(directive, "operation") if c.status == "unsupported"]


@pytest.mark.parametrize("directive, count", [
    ("Exercise 9. In sokoban, push 2 boxes onto their goals.", (2, "box")),
    ("Task 11 (warm-up): the hoist lifts 3 crates in the depot.", (3, "crate")),
    ("Homework 4, part (c): the household robot puts 2 plates in the cupboard.", (2, "thing")),
])
def test_a_labels_number_is_no_goal_count(directive, count):
    assert [(n, t) for n, t, _ in _counts(directive)] == [count], _read(directive).table()


@pytest.mark.parametrize("directive, words", [
    ("Move 3 discs to the last peg in hanoi (4 marks)", ["4", "marks"]),
    ("Collect 2 keys in the dungeon (12 pts)", ["12", "pts"]),
    ("Unload 2 crates in the depot (open-ended, 8 points)", ["open-ended", "8", "points"]),
])
def test_marks_are_dropped(directive, words):
    assert frame_words(directive.lower()) == words
    assert not [c for c in _clauses(directive, "goal_count") if c.status == "unsupported"]


def test_a_labels_brackets_keep_what_they_say_beyond_the_frame():
    # "(ferry, 6 points)": the marks go, the world stays
    directive = "Task 3 (ferry, 6 points): carry 2 cars across the river"
    assert _domains(directive) == ["ferry"]
    assert frame_words(directive.lower()) == ["task", "3", "6", "points"]
    assert [(n, s) for n, _, s in _counts(directive)] == [(2, "honored")]


def test_a_reference_to_another_part_is_dropped():
    directive = "Part (c): redo part (a) for a help desk where the agent escalates 2 tickets"
    assert frame_words(directive.lower()) == ["part", "c", "redo", "part", "a"]
    assert _tools(directive) == [("escalate", "honored")]
    assert not _unread(directive)


def test_the_knobs_note_the_frame():
    notes = parse_directive("Exercise 12. Sail 2 cars across in the ferry world (3 points)").notes
    assert "an exercise sheet's or a scenario's labels and marks, so not read: 'exercise 12 3 points'" in notes


@pytest.mark.parametrize("directive", [
    "task: deliver 2 parcels by truck",  # a setting's key, no label (round 53)
    "the agent picks 2 parcels from part 2 of the warehouse",  # a part of a place, inside a sentence
    "schedule 3 meetings; rewards: 5 points per meeting",  # points as the reward, not marks in brackets
    "exercise caution: delete 2 old logs in the file system",
])
def test_no_label_where_none_stands(directive):
    assert frame_words(directive.lower()) == []
    assert unframed(directive.lower()) == directive.lower()


# -- building the environment ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, tool", [
    ("Design a ferry environment in which 2 cars are sailed across", "sail"),
    ("Students implement a warehouse scenario where a robot picks 3 parcels", "pick"),
    ("Construct an elevator simulation in which the lift serves 2 passengers", None),
    ("Model a gripper domain: the robot carries 4 balls to room b", None),
    ("Develop a dungeon where the hero collects 2 keys", "pick_key"),
])
def test_building_the_environment_is_no_operation(directive, tool):
    assert not [c for c in _clauses(directive, "operation") if c.status == "unsupported"], _read(directive).table()
    if tool:
        assert (tool, "honored") in _tools(directive)


@pytest.mark.parametrize("directive, verb", [
    ("design 2 logos for the online store and buy 1 lamp", "design"),
    # (constructing a tower of blocks is stacking since round 54, so the blocks world's case is a sketch here)
    ("sketch 2 floor plans for the warehouse and move 3 crates", "sketch"),
])
def test_building_a_thing_is_still_reported(directive, verb):
    assert any(c.text == verb and c.status == "unsupported" for c in _clauses(directive, "operation"))


@pytest.mark.parametrize("directive", [
    "Students should train a policy that stacks 2 blocks in the blocks world",
    "learn a policy which moves 2 pallets in the warehouse",
    "we evaluate the policy that sails 3 cars across in the ferry world",
])
def test_a_trained_policy_is_the_agent(directive):
    reading = _read(directive)
    assert "policy" in reading.filler and not _unread(directive), reading.table()


def test_a_desks_policy_is_no_learner():
    # "the refund policy": the support desk's rule, no agent
    reading = _read("refund 2 orders at the help desk, following the refund policy")
    assert "policy" not in reading.filler


def test_students_are_the_sheets_addressees():
    directive = "Students should train an agent that pushes 1 box in sokoban"
    assert "students" in _read(directive).filler
    assert not _unread(directive)


# -- a reward handed out with a focus word, or per step ----------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("stack 3 blocks; rewards should only be given at the end", "rewards should only be given at the end"),
    ("sail 2 cars; the reward is only paid out upon completion", "reward is only paid out upon completion"),
    ("move 2 balls; the reward must just be granted at the finish", "reward must just be granted at the finish"),
    ("rename 2 files; feedback is only provided at the very end", "feedback is only provided at the very end"),
])
def test_a_reward_handed_out_only_at_the_end_is_sparse(directive, text):
    assert _reward(directive) == [("sparse", "honored", text)]
    assert not _clauses(directive, "constraint")


@pytest.mark.parametrize("directive, text", [
    ("delete 3 logs in the file system; give a reward after every correct step", "reward after every correct step"),
    ("push 1 box in sokoban with rewards for each successful move", "rewards for each successful move"),
    ("collect 2 keys in the dungeon, rewards are given at every single action",
     "rewards are given at every single action"),
])
def test_a_reward_per_step_of_the_agent_is_dense_and_read_whole(directive, text):
    assert _reward(directive) == [("dense", "honored", text)]
    assert not _unread(directive)


def test_a_reward_per_thing_leaves_the_thing_to_be_read():
    # "per delivered crate": the crate is no step of the agent
    assert _reward("move 3 pallets with a reward per delivered crate")[0][2] == "reward per"


# -- the end state a sparse reward waits for ---------------------------------------------------------------------------
@pytest.mark.parametrize("directive, tool", [
    ("visitall: a sparse reward (paid only once each tile is visited)", "move"),
    ("the gripper robot gets a reward only when all balls are moved", "move"),
    ("in the shop, reward only once 2 lamps are bought", "checkout"),
    ("blocks world: sparse reward (paid only when 3 blocks are stacked)", "stack"),
])
def test_a_sparse_rewards_end_state_names_the_task(directive, tool):
    assert [m for m, _, _ in _reward(directive)][-1] == "sparse"
    assert (tool, "honored") in _tools(directive), _read(directive).table()
    assert tool in parse_directive(directive).required_tools


def test_a_noun_in_a_rewards_condition_is_no_act():
    # "the schedule is done": the schedule is a noun, only the end state's participle is left to the verbs
    directive = "calendar: rewards only when the schedule is done, book 2 meetings"
    assert [c.requirement["tool"] for c in _clauses(directive, "operation")] == ["book_room"]


@pytest.mark.parametrize("directive", [
    "the support agent paid 2 invoices",
    "refund 2 orders that were paid only after the due date",  # a condition of the desk, no reward
])
def test_paid_outside_a_bracket_is_no_reward(directive):
    assert not _reward(directive)


# -- hidden facts a world cannot hide ----------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, world", [
    ("in the depot, hoists load 2 crates and the agent cannot observe the trucks' contents", "depot"),
    ("move 3 discs in hanoi, and the pegs are only partially visible", "hanoi"),
])
def test_hidden_facts_in_a_world_without_them_say_what_the_world_offers(directive, world):
    found = [c for c in _clauses(directive, "observability") if c.requirement == {"partial": True}]
    assert found and found[0].status == "unsupported", _read(directive).table()
    assert found[0].note.startswith(f"{world} declares no facts that can be hidden: its agent observes the whole state")
    assert "worlds that hide facts: " in found[0].note and "webshop" in found[0].note
