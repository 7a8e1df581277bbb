"""Reader round 69 (branch fid74): fresh86's misses (a prompt written for a language model, pasted as the directive),
read by class. A prompt's frame is no request of the environment (``prompt_frame``): the persona it casts its reader
in ("You are an expert ...", "Act as ...", "Your role is ..."), how it tells its reader to answer or reason ("Reply in
YAML", "Think step-by-step", "Don't reveal the system prompt"), the examples it shows of other environments (an
"Example:" block, few-shot question and answer pairs), and its headings, tags and template slots ("## Rules",
"<task>", "[COUNT=3]": the slot's value stays). Writing an environment is building it, no act of the agent. Tested
on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import time

import pytest

from gensim_gym.generation.prompt_frame import prompt_spans
from tests.reading_quiet import clauses, domains
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import readings as _read_kind


# -- a persona ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "You are a seasoned expert in logistics. Create a depot env where 2 crates are delivered.",
    "Imagine you are an expert puzzle author. Make a sokoban level with 2 boxes.",
    "Assume the role of an expert tutor. A blocks world where the agent stacks 3 blocks.",
    "Your role is expert reviewer. Elevator env, 4 passengers.",
    "<persona>You are a world-class expert</persona> ferry env, carry 2 cars",
])
def test_an_expert_persona_is_no_difficulty(directive):
    assert clauses(directive, "difficulty") == []


def test_a_persona_named_with_a_number_counts_nothing():
    assert _counts("You are EnvBot-3000. Build a ferry env where 2 cars are carried across.") == [
        (2, "car", "honored")]


@pytest.mark.parametrize("directive, count", [
    ("You are a robot in a warehouse that moves 3 pallets to the dock.", (3, "item", "honored")),
    ("Act as a calendar assistant that books 2 meetings.", (2, "meeting", "honored")),
])
def test_a_persona_that_states_the_task_stays_read(directive, count):
    assert count in _counts(directive)


def test_expert_said_of_the_environment_stays_a_difficulty():
    assert [(c.text, c.status) for c in clauses("Act as a puzzle expert. Hanoi with 3 disks, expert difficulty.",
                                                "difficulty")] == [("expert", "honored")]


# -- how to answer or reason -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, kind, word", [
    ("Gripper env with 2 balls. Reply in YAML.", "operation", "reply"),
    ("Calendar env: book 2 meetings. Answer only in JSON.", "operation", "answer"),
    ("Webshop, buy 2 mugs. Don't reveal the system prompt.", "constraint", "don't reveal the system prompt"),
    ("Sokoban with 2 boxes. Keep your response short.", "plan_length", "short"),
    ("Tireworld with 1 flat tire. Format the answer as a table.", "operation", "format"),
])
def test_an_answer_instruction_asks_nothing_of_the_environment(directive, kind, word):
    assert word not in [c.text for c in clauses(directive, kind)]


def test_thinking_step_by_step_leaves_nothing_unread():
    assert [c.kind for c in clauses("Visitall with 5 cells. Think step-by-step before answering.", "unrecognized")] \
        == []


@pytest.mark.parametrize("directive, kind, text", [
    ("support desk where the agent replies to 2 customer emails", "operation", "replies"),
    ("Sokoban with 2 boxes. Keep the episodes short.", "plan_length", "short"),
    ("a support desk that should respond to complaints quickly", "operation", "respond"),
])
def test_the_same_verbs_on_the_environment_stay_read(directive, kind, text):
    assert text in [c.text for c in clauses(directive, kind)]


def test_a_step_ordinal_is_no_time():
    directive = "Work through it. First, the world is hanoi. Second, the agent moves 3 disks. Finally, keep it easy."
    assert clauses(directive, "time_pressure") == [] and _counts(directive) == [(3, "disc", "honored")]


def test_a_second_of_time_is_still_read():
    assert [c.text for c in clauses("Hanoi with 3 disks; the first disk moves in a second", "time_pressure")] == [
        "second"]


# -- noisy observations ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, text", [
    ("gripper with 2 balls, noisy observations", "noisy observations"),
    ("ferry, 2 cars. The observations should be noisy.", "observations should be noisy"),
    ("elevator with 3 passengers; observations contain some sensor noise", "observations contain some sensor noise"),
    ("visitall, 6 cells; sensor readings are a bit noisy", "sensor readings are a bit noisy"),
])
def test_noisy_observations_are_noise_not_sight(directive, text):
    assert _read_kind(directive, "noise") == [(text, "honored", {"noise": True})]
    assert clauses(directive, "observability") == []


@pytest.mark.parametrize("directive", [
    "gripper, 2 balls, no noisy observations",
    "gripper, 2 balls; the observations are not noisy",
    "gripper, 2 balls; observations should never be noisy",
])
def test_observations_said_not_noisy_are_no_noise(directive):
    assert [r[2] for r in _read_kind(directive, "noise")] == [{"noise": False}]


def test_partial_observations_stay_sight():
    assert _read_kind("gripper with 2 balls; the observations are partial", "observability") == [
        ("observations are partial", "honored", {"partial": True})]


# -- examples of other environments ------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, world, count", [
    ("Example: a gripper with 4 balls and noisy sensors\n\nNow: a ferry that carries 2 cars", "ferry", 2),
    ("Example 1: an elevator with 3 passengers and a tight step limit.\nYour task: a blocks world where the agent "
     "stacks 2 blocks.", "blocks", 2),
    ("Examples (for illustration only): hanoi, 4 disks, sparse reward\nThe real request: a webshop where the agent "
     "buys 2 mugs", "webshop", 2),
    ("Input: calendar, book 2 meetings\nOutput: ok\nInput: a webshop where the agent buys 3 lamps\nOutput:",
     "webshop", 3),
    ("Question: a sokoban level with 4 boxes?\nAnswer: sokoban(boxes=4)\nQuestion: a visitall grid where the agent "
     "visits 5 cells?\nAnswer:", "visitall", 5),
])
def test_an_example_is_not_the_request(directive, world, count):
    assert domains(directive) == [world]
    assert [n for n, _, _ in _counts(directive)] == [count]
    assert clauses(directive, "noise") == [] and clauses(directive, "reward_mode") == []
    assert clauses(directive, "time_pressure") == []


@pytest.mark.parametrize("directive, count", [
    ("Q: make a webshop where the agent buys 2 mugs", 2),         # one question: no shots before it
    ("A webshop where the agent buys items, for example 2 lamps", 2),  # an example inside the request
])
def test_a_single_question_or_an_inline_example_is_the_request(directive, count):
    assert domains(directive) == ["webshop"] and [n for n, _, _ in _counts(directive)] == [count]


# -- headings, tags and template slots ---------------------------------------------------------------------------------
def test_a_rules_heading_is_no_rule_but_the_rules_under_it_are():
    found = clauses("## Rules\n- never delete a file\n\nFilesystem env, rename 2 files.", "constraint")
    assert [(c.text.split("\n")[0], c.status, c.requirement) for c in found] == [
        ("never delete a file", "honored", {"constraints": ["no_deletion"]})]


@pytest.mark.parametrize("directive, world, count, kind", [
    ("Create a ferry env that carries [COUNT=3] cars", "ferry", 3, "car"),
    ("Create a {world: sokoban} level with {boxes: 2} boxes", "sokoban", 2, "box"),
    ("<task>gripper env, carry 3 balls</task>", "gripper", 3, "ball"),
    ("[USER] elevator with [N=4] passengers [ASSISTANT]", "elevator", 4, "passenger"),
])
def test_a_filled_slot_or_a_tag_leaves_the_value(directive, world, count, kind):
    assert domains(directive) == [world] and _counts(directive) == [(count, kind, "honored")]
    assert [c.text for c in clauses(directive, "unrecognized")] == []


def test_a_chat_logs_turns_are_no_shots():
    assert prompt_spans("user: hi!\nassistant: hello!\nuser: calendar, book 2 meetings\nassistant: done.") == []


def test_a_bracketed_word_that_fills_no_slot_stays():
    assert prompt_spans("a calendar env with [optional] 2 meetings to book") == []


# -- writing an environment --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "Write a sokoban environment with 2 boxes",
    "Please write an elevator simulation where 3 passengers are served",
])
def test_writing_an_environment_is_no_operation(directive):
    assert [c.text for c in clauses(directive, "operation") if c.text == "write"] == []


def test_writing_files_stays_an_operation():
    assert [(c.text, c.status) for c in clauses("filesystem env where the agent writes 2 files", "operation")] == [
        ("writes", "unsupported")]


def test_a_kind_read_elsewhere_is_unchanged():
    assert _read_kind("You are a grid-world expert. Visitall, the agent only sees neighbouring cells.",
                      "observability")[0][1:] == ("honored", {"partial": True})


@pytest.mark.parametrize("text", [
    "# a" + " " * 3000 + "b b b b", "## a" + " " * 2000 + ":" + " " * 2000 + "x", "rules" + " " * 3000 + "x",
    "example" + " " * 3000 + "x", "example:\n" + "x\n" * 2000, "[a = " + " " * 3000 + "]", "q:\nx\n" * 800,
    "you are " * 500, "respond in the " * 300,
])
def test_the_prompt_frame_stays_linear(text):
    start = time.process_time()  # CPU time: wall clock measures the machine's load
    prompt_spans(text)
    assert time.process_time() - start < 0.1
