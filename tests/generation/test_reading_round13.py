"""Reader round 13 (#14): light verbs ("get", "obtain", "take care of", "deal with") read as the world's work, and the
safety net that reports a light verb whose object no recognizer read, tested on phrasings that are in no benchmark
set, with negative cases."""

from __future__ import annotations

import warnings

import pytest

from gensim_gym import read_directive
from gensim_gym.generation.operations import acquiring_verbs, getting_to, phrasal_verbs


def _read(directive: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read_directive(directive)


def _operations(directive: str):
    return [c for c in _read(directive).clauses if c.kind == "operation"]


# -- acquiring in a shop is buying -------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "the buyer bot should get 2 headphones from the online store",
    "our shopping assistant must obtain 4 gifts and stay within budget",
    "secure 3 concert tickets in the web shop, tight budget",
    "acquire 2 laptops from the webshop, hard",
    "procure 5 office chairs at the online shop",
])
def test_acquiring_verb_in_a_shop_asks_for_checkout(directive):
    reading = _read(directive)
    ops = [c for c in reading.clauses if c.kind == "operation"]
    assert [(c.requirement.get("tool"), c.status) for c in ops] == [("checkout", "honored")]
    assert "checkout" in reading.knobs.required_tools  # honored because the golden plan really calls it


@pytest.mark.parametrize(("directive", "domains"), [
    ("the shopper should get better at bargains", ["webshop"]),  # no object: no purchase
    ("get 2 meetings scheduled", ["calendar"]),  # no shop
    ("get 3 refunds in the shop", ["webshop", "support"]),  # another world's cases, not the shop's goods
])
def test_acquiring_verb_without_a_shops_goods_is_no_purchase(directive, domains):
    assert acquiring_verbs(directive, domains) == []


# -- phrasal verbs of getting work done ---------------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "phrase"), [
    ("help desk: take care of 3 refund requests", "take care of"),
    ("support agent, deal with the 2 angry clients", "deal with"),
    ("customer care bot should work through 4 complaints", "work through"),
    ("sort out 3 support tickets, easy", "sort out"),
    ("wrap up 2 customer emails at the support desk", "wrap up"),
    ("take care of 2 meetings on my calendar", "take care of"),
    ("sort out 5 files in the file system", "sort out"),
    ("warehouse robot: deal with 3 crates", "deal with"),
    ("knock out 3 hanoi puzzles", "knock out"),
])
def test_phrasal_verb_asks_for_the_task_done(directive, phrase):
    ops = _operations(directive)
    done = [c for c in ops if c.text == phrase]
    assert len(done) == 1 and done[0].status == "honored" and "goal" in done[0].requirement
    # its parts are no verbs of their own ("take": unschedule, "out")
    assert not any(c.text in ("take", "out", "deal", "care", "work") for c in ops)


@pytest.mark.parametrize("directive", [
    "take care, 3 meetings on the calendar",  # no object after the phrase
    "the sort out there is hard",  # no verb slot
])
def test_phrasal_verb_needs_a_verb_slot_and_an_object(directive):
    assert phrasal_verbs(directive) == []


# -- getting things somewhere is the world's work -------------------------------------------------------------------
@pytest.mark.parametrize(("directive", "tool"), [
    ("the elevator should get 3 passengers to their floors", "depart"),
    ("get 2 boxes onto the sokoban targets", "move"),
    ("get 3 crates to the shelves in the warehouse", "drop"),
    ("ferry: get 2 cars to the other bank", "debark"),
])
def test_get_things_somewhere_asks_for_the_main_tool(directive, tool):
    ops = _operations(directive)
    assert any(c.text == "get" and c.requirement.get("tool") == tool and c.status == "honored" for c in ops)


def test_get_without_a_place_or_the_worlds_things_is_not_the_main_tool():
    assert getting_to("get 3 gems in the dungeon", ["dungeon"]) == []  # gems are no dungeon things
    assert getting_to("get 2 meetings scheduled", ["calendar"]) == []  # no place they go to


# -- the people a refund goes to count the refunds ------------------------------------------------------------------
@pytest.mark.parametrize("directive", [
    "send a refund to 3 unhappy purchasers at the support desk",
    "reply to 2 consumers at the help desk",
    "help desk: refund 2 buyers",
])
def test_people_a_refund_goes_to_are_counted(directive):
    counts = [c for c in _read(directive).clauses if c.kind == "goal_count"]
    assert counts and all(c.status == "honored" for c in counts)


# -- the safety net: a light verb whose object no recognizer read is reported, never filler ------------------------
@pytest.mark.parametrize(("directive", "verb"), [
    ("the agent should get 3 gems in the dungeon", "get"),
    ("do 2 things in the calendar", "do"),
])
def test_light_verb_with_an_unread_object_is_reported(directive, verb):
    reading = _read(directive)
    net = [c for c in reading.clauses if c.kind == "operation" and c.text == verb]
    assert len(net) == 1 and net[0].status == "unsupported" and "not understood" in net[0].note
    assert verb not in reading.filler


@pytest.mark.parametrize(("directive", "verb"), [
    ("issue 2 refunds in support", "issue"),  # the object is the operation ("refunds")
    ("do 3 deliveries in the warehouse", "do"),
    ("get 2 meetings scheduled", "get"),  # the operation follows its object
    ("complete 3 levels of sokoban", "complete"),  # a count of the task itself
    ("the shopper should get better at bargains", "get"),  # no count
])
def test_light_verb_whose_object_is_read_stays_filler(directive, verb):
    reading = _read(directive)
    assert verb in reading.filler
    assert not any(c.text == verb and c.status == "unsupported" for c in reading.clauses)


def test_handle_with_a_count_still_asks_for_the_task_done():
    ops = _operations("handle 3 tickets at the support desk")
    assert [(c.text, c.status) for c in ops] == [("handle", "honored")]
