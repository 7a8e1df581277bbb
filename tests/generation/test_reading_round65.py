"""Reader round 65 (fid71): fresh82's misses, a chat with an assistant pasted as a log ("User:" / "Assistant:", "me:"
/ "bot:", the user's turns quoted with "> "), read by class (``chat_log.dialogue_read``). A brief answer takes its
kind from the question before it ("How many crates?" / "6"; "tight or generous?" / "tight"; "Difficulty?" /
"medium"); an assistant's suggestion counts only where the user accepts it ("sparse reward?" / "no, dense" is
dense; "noisy grasps?" / "yes please" is noise); a declined offer to add something asks for it not to be there
("should I add a noisy X?" / "nah"); small talk and the assistant's own turns ask for nothing; a user going on in a
turn of their own ("4 books" / "actually make that 3") is one sentence, so its correction is read. Text that is no
log (no turn of each side) is read as before. Tested on phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import time

import pytest

from gensim_gym.generation.chat_log import dialogue_read
from gensim_gym.generation.spelling import taken_back
from tests.reading_quiet import counts as _counts
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import names_no_world
from tests.reading_quiet import readings as _read_kind


# -- a count answering "how many" -------------------------------------------------------------------------------------
@pytest.mark.parametrize("log, count, kind", [
    ("Human: a gripper world please\nAI: How many balls should the robot carry to room b?\nHuman: 5", 5, "ball"),
    ("user: elevator task\nmodel: how many passengers should the lift drop off?\nuser: 3", 3, "passenger"),
    ("You: blocks world, stacking\nChatGPT: Great. How many blocks should it stack?\nYou: four", 4, "block"),
    ("me: file system cleanup, deleting old logs\nbot: how many files should it delete?\nme: 3 I think", 3, "file"),
    ("> webshop where the agent buys lamps\nAssistant: How many lamps?\n> 2", 2, "product"),
    ("User: hanoi puzzle\nAssistant: Sure! How many disks?\nUser: 4 please", 4, "disc"),
])
def test_a_count_answers_the_how_many_before_it(log, count, kind):
    assert [(n, t, s) for n, t, s in _counts(log)] == [(count, kind, "honored")]


@pytest.mark.parametrize("log, tools", [
    ("me: calendar, the agent books 2 meetings\nbot: how many tools should it have?\nme: 8", 8),
    ("User: support desk, resolve 2 tickets\nAssistant: Any cap on the number of tools?\nUser: at most 7", 7),
    ("Human: webshop, buy 1 kettle\nAI: How many tools do you want exposed? The default is 9.\nHuman: 6", 6),
])
def test_a_count_answering_how_many_tools_is_the_tool_count(log, tools):
    assert [r["tool_count"] for _, _, r in _read_kind(log, "tool_count")] == [tools]


def test_a_count_answering_no_question_is_no_count_of_the_question():
    # the assistant asked nothing: "3" stays the user's bare number, no count of the assistant's "crates"
    log = "User: warehouse please\nAssistant: Okay, crates it is.\nUser: 3"
    assert all(t != "item" for _, t, _ in _counts(log))


# -- a brief value read against its question --------------------------------------------------------------------------
@pytest.mark.parametrize("log, kind, requirement", [
    ("me: ferry, 2 cars\nbot: should the time limit be strict or relaxed?\nme: strict",
     "time_pressure", {"horizon_slack": "tight"}),
    ("User: depot with 3 crates\nAssistant: Is the step budget tight or generous?\nUser: generous",
     "time_pressure", {"horizon_slack": "loose"}),
    ("Human: transport, 3 packages\nAI: Difficulty?\nHuman: hard",
     "difficulty", {"difficulty": 0.8}),
    ("You: visitall grid\nChatGPT: Easy, medium or hard?\nYou: easy",
     "difficulty", {"difficulty": 0.2}),
    ("user: calendar, move 2 meetings\nmodel: should the agent see every calendar or just its own?\nuser: just its own",
     "observability", {"partial": True}),
    ("me: gripper, 3 balls\nbot: reward?\nme: only when all balls are in room b",
     "reward_mode", {"reward_mode": "sparse"}),
])
def test_a_brief_value_takes_its_kind_from_the_question(log, kind, requirement):
    found = _read_kind(log, kind)
    assert found and found[0][2] == requirement and found[0][1] == "honored", found


def test_the_alternative_not_chosen_is_not_read():
    found = _read_kind("me: ferry, 2 cars\nbot: tight or generous step limit?\nme: generous", "time_pressure")
    assert [r for _, _, r in found] == [{"horizon_slack": "loose"}]


# -- the assistant's suggestion: accepted, declined -------------------------------------------------------------------
@pytest.mark.parametrize("log, kind, requirement", [
    ("User: blocks, stack 3\nAssistant: Sparse reward?\nUser: nope, shaped", "reward_mode", {"reward_mode": "dense"}),
    ("me: sokoban 2 boxes\nbot: dense reward?\nme: no, sparse", "reward_mode", {"reward_mode": "sparse"}),
    ("Human: elevator, 4 passengers\nAI: Should I make the time limit tight?\nHuman: no, lots of time",
     "time_pressure", {"horizon_slack": "loose"}),
    ("User: warehouse, 2 pallets\nAssistant: Want random sensor dropouts?\nUser: no, deterministic please",
     "noise", {"noise": False}),
])
def test_a_declined_suggestion_gives_way_to_what_the_user_says(log, kind, requirement):
    assert [r for _, _, r in _read_kind(log, kind)] == [requirement]


@pytest.mark.parametrize("log, kind, requirement", [
    ("me: depot, 2 crates\nbot: flaky hoists, sometimes dropping a crate?\nme: yes", "noise", {"noise": True}),
    ("User: hanoi 3 disks\nAssistant: Should the reward be sparse?\nUser: yep", "reward_mode",
     {"reward_mode": "sparse"}),
    ("Human: dungeon, collect 2 keys\nAI: Fog of war?\nHuman: sure", "observability", {"partial": True}),
])
def test_an_accepted_suggestion_is_a_requirement(log, kind, requirement):
    found = _read_kind(log, kind)
    assert found and found[0][2] == requirement and found[0][1] == "honored", found


@pytest.mark.parametrize("log, kind", [
    ("me: depot, 2 crates\nbot: flaky hoists, sometimes dropping a crate?\nme: no thanks", "noise"),
    ("User: hanoi 3 disks\nAssistant: Should the reward be sparse?\nUser: not now", "reward_mode"),
    ("Human: dungeon, collect 2 keys\nAI: Fog of war?\nHuman: nah", "observability"),
    ("me: blocks, 3 blocks\nbot: should I make it a lot harder?\nme: no", "difficulty"),
])
def test_a_bare_no_leaves_the_suggestion_unread(log, kind):
    assert _read_kind(log, kind) == []


@pytest.mark.parametrize("log", [
    "User: ferry 3 cars\nAssistant: Should I add engine failures too?\nUser: nah",
    "me: webshop, buy 2 mugs\nbot: could I include a flaky search tool?\nme: no",
    "User: elevator 3 passengers\nAssistant: Want me to add some noise as well?\nUser: nope",
])
def test_a_declined_offer_to_add_noise_asks_for_none(log):
    assert [r for _, _, r in _read_kind(log, "noise")] == [{"noise": False}]


def test_a_declined_other_world_leaves_the_unknown_one():
    log = ("User: a go board game env?\nAssistant: We have no go, but I could offer sokoban instead?\n"
           "User: no, go it has to be")
    assert names_no_world(log)


def test_an_accepted_world_is_read():
    log = "me: something with a boat?\nbot: The ferry world: a boat carries cars across. Want that?\nme: yes, 2 cars"
    assert _domains(log) == ["ferry"]


# -- small talk, a user going on, what is no log -----------------------------------------------------------------------
def test_small_talk_and_the_assistants_own_turns_are_filler():
    log = "User: hi!\nAssistant: Hello! What can I do?\nUser: calendar, book 2 meetings\nAssistant: Done.\nUser: ty!"
    assert dialogue_read(log.lower()) == "calendar, book 2 meetings."
    assert {"hello", "done", "ty"} <= set(taken_back(log.lower()))


def test_a_user_going_on_in_a_turn_of_their_own_is_one_sentence():
    log = "> gripper, move 5 balls\n> no wait, 3\nbot: got it"
    assert [n for n, _, _ in _counts(log)] == [3]


@pytest.mark.parametrize("text", [
    "User: warehouse, move 3 crates to the dock",                  # one side only
    "Note: the bot: a warehouse robot moves 3 crates",             # "bot" mid-sentence is no turn
    "webshop where the agent buys 2 lamps. Assistant mode off.",   # a speaker's name without its colon
    "support env, 2 tickets. me: owner of this task",              # one side only, after a stop
])
def test_text_that_is_no_log_is_unchanged(text):
    assert dialogue_read(text.lower()) == text.lower()


def test_reading_a_log_stays_bounded():
    for text in ("me: 2 crates\nbot: how many or which or what?\n" * 60, "user: " * 400 + "bot: ok?",
                 ". " + " " * 1500 + "bot:", "> " * 900 + "\nai: a, b, c or d?\n> b", "no " * 600):
        start = time.process_time()  # CPU time: wall clock measures the machine's load
        dialogue_read(text[:2000])
        assert time.process_time() - start < 0.5, text[:40]
