"""Session 23, between rounds: progress said to be rewarded is a dense reward, not partial observability ("reward
partial progress" read its "partial" as hidden facts), and a negated one is sparse. Tested on phrasings that are in
no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import read


def _knobs(directive: str) -> dict[str, tuple[object, str]]:
    out: dict[str, tuple[object, str]] = {}
    for kind, key in (("reward_mode", "reward_mode"), ("observability", "partial")):
        for c in _clauses(directive, kind):
            out[kind] = (c.requirement.get(key), c.status)
    return out


@pytest.mark.parametrize("directive", [
    "warehouse, rewarding partial progress",
    "blocks world where incremental progress earns points",
    "calendar agent, partial success counts",
    "webshop with partial rewards along the way",
])
def test_progress_rewarded_is_dense_and_no_observability(directive: str) -> None:
    assert _knobs(directive) == {"reward_mode": ("dense", "honored")}


@pytest.mark.parametrize("directive", [
    "warehouse, no reward for partial progress",
    "filesystem, no partial rewards",
])
def test_progress_not_rewarded_is_sparse(directive: str) -> None:
    assert _knobs(directive) == {"reward_mode": ("sparse", "honored")}


@pytest.mark.parametrize("directive", [
    "warehouse, partially observable",
    "warehouse with partial information about stock",
    "webshop, a partial view of the catalogue",
])
def test_partial_seeing_stays_observability(directive: str) -> None:
    assert _knobs(directive)["observability"] == (True, "honored")


@pytest.mark.parametrize("directive", [
    "deliver 2 packages to another city by truck",
    "get 3 parcels to their towns with the lorries",
])
def test_transport_work_asks_for_any_unloading(directive: str) -> None:
    """Transport's goals are made by unloading a truck or an airplane: its work asks for either ("unload*"), where
    it asked for ``unload_airplane`` and a plan that only drove never met it."""
    from gensim_gym import check_fidelity, generate
    from gensim_gym.generation.lexicon import main_tool

    assert main_tool("transport") == "unload*" and main_tool("warehouse") == "drop"
    reading = read(directive)
    assert "unload*" in reading.knobs.required_tools
    for seed in range(2):
        spec = generate(directive, seed=seed)
        assert check_fidelity(spec, reading) == []


def _kinds(directive: str) -> dict[str, tuple[object, str]]:
    out: dict[str, tuple[object, str]] = {}
    for c in read(directive).clauses:
        if c.kind in ("noise", "reward_mode", "time_pressure", "observability"):
            value = next(iter(c.requirement.values()), None)
            out[c.kind] = (value, c.status)
    return out


# -- session 23's round 40, done by the lead (the helper made no change): answers damaged, rewards often, few steps, a
# -- span of time with its modifier, unable to look through all of it, people by where they live ------------------
@pytest.mark.parametrize("directive, kind, value", [
    ("support desk whose api replies are sometimes mangled", "noise", True),
    ("webshop where tool outputs may come back scrambled", "noise", True),
    ("warehouse with regular rewards", "reward_mode", "dense"),
    ("blocks world, immediate feedback", "reward_mode", "dense"),
    ("filesystem: move 2 files within just a few moves", "time_pressure", "tight"),
    ("calendar, short time frame", "time_pressure", "tight"),
    ("transport, the timeline is generous", "time_pressure", "loose"),
    ("webshop agent can't browse the entire catalogue, buy 1 lamp", "observability", True),
])
def test_round_40_classes(directive: str, kind: str, value: object) -> None:
    assert _kinds(directive)[kind] == (value, "honored")


@pytest.mark.parametrize("directive, absent", [
    ("filesystem: restore 2 corrupted files", "noise"),  # the files' state, no tool's answer
    ("calendar: plan the project timeline", "time_pressure"),  # a timeline alone is no pressure
    ("warehouse robot that cannot open the door", "observability"),  # no seeing
])
def test_round_40_negatives(directive: str, absent: str) -> None:
    assert absent not in _kinds(directive)


def test_residents_are_the_elevators_riders() -> None:
    (count,) = _clauses("an elevator takes 2 tenants to their floors", "goal_count")
    assert count.requirement == {"goal_count": 2, "type": "passenger"} and count.status == "honored"


@pytest.mark.parametrize("directive, domains", [
    ("Blocks domain: stack 3 blocks, sparse", ("blocks",)),
    ("the ferry domain: carry 2 cars across", ("ferry",)),
    ("domain: calendar, filesystem", ("calendar", "filesystem")),  # the list form, as before
])
def test_a_world_named_before_domain_colon_is_the_world(directive: str, domains: tuple[str, ...]) -> None:
    """"Gripper domain: move 3 balls" read "move" as a misspelt domain after the colon and raised (fresh55 at first
    contact); the world named before the word is the one."""
    assert read(directive).knobs.domains == domains


def test_an_unknown_name_after_domain_colon_still_raises() -> None:
    from gensim_gym.errors import DirectiveError

    with pytest.raises(DirectiveError, match="unknown domain 'moev'"):
        read("domain: moev")
