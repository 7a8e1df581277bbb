"""Reader round 24: an opening act no world does stays foreign where a world is named only by a weak word of its
scene (cooking in a kitchen), buying or ordering online names the shop and replying to or answering a customer
names support, and tasks said one after the other ("... and then ...") compose the worlds each names; tested on
phrasings that are in no benchmark set, with negatives."""

from __future__ import annotations

import pytest

from gensim_gym.errors import DirectiveError
from tests.reading_quiet import clauses as _clauses
from tests.reading_quiet import domains as _domains
from tests.reading_quiet import read


def _tools(directive: str) -> set:
    return {c.requirement.get("tool") for c in _clauses(directive, "operation")}


# -- a foreign act in a world's scene -----------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["bake a loaf of bread in a virtual kitchen",
                                       "paint a watercolour in the messy apartment, dense"])
def test_an_act_no_world_does_in_a_weak_scene_names_no_world(directive):
    with pytest.raises(DirectiveError) as caught:
        read(directive)
    assert getattr(caught.value, "unknown_domain", False)


@pytest.mark.parametrize("directive", ["a home robot tidies the kitchen", "put 3 mugs away in the kitchen",
                                       "bake some muffins, then put 2 plates in the cupboard"])
def test_the_households_own_work_in_its_scene_stays_the_households(directive):
    assert _domains(directive) == ["rearrangement"]


# -- acts that name a world ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ["purchase 2 desk lamps online, sparse", "order 3 phone chargers online"])
def test_buying_online_is_the_shops(directive):
    assert _domains(directive) == ["webshop"]
    assert _tools(directive) == {"checkout"}


@pytest.mark.parametrize("directive", ["answer 2 clients about their late parcels",
                                       "respond to the unhappy customers, dense"])
def test_answering_customers_is_supports(directive):
    assert _domains(directive) == ["support"]


def test_getting_things_from_an_online_store_stays_a_light_verb():
    assert _tools("the shopper bot should get 2 scarves from the online store") == {"checkout"}


# -- tasks one after the other ------------------------------------------------------------------------------------
@pytest.mark.parametrize("directive, domains", [
    ("arrange a meeting with the team and then buy 2 sketchbooks online", ["calendar", "webshop"]),
    ("copy the invoices to the backup folder and answer a customer about it", ["filesystem", "support"]),
])
def test_tasks_in_sequence_compose_their_worlds(directive, domains):
    assert _domains(directive) == domains


@pytest.mark.parametrize("directive, domains", [
    # (a verb many worlds do; "... and buy a toaster", a verb only the shop does, composes since round 25)
    ("schedule two meetings and grab a toaster", ["calendar"]),
    ("warehouse: pick 3 boxes and drop them at bay 2, clumsy gripper", ["warehouse"]),
])
def test_a_bare_verb_or_a_trailing_modifier_adds_no_world(directive, domains):
    assert _domains(directive) == domains
