"""The offline generator meets what the reading honored (issue 14, item 4): asked operations and counts.

Directives in no benchmark set, new phrasings of the classes the delivered fidelity run found
(``benchmarks/results/fidelity_delivered_before.txt``): an operation whose goals the walk never needed (a dungeon's
unlock), an operation of use only with hidden facts (webshop's inspect: "compare"), counts a short walk never
reached (balls, parcels) and counts a draft with too few objects could not hold (``on(block, block)``). Each spec
is checked on several seeds; the negative cases show that what cannot be met is still generated and marked.
"""

from __future__ import annotations

import time
import warnings

import pytest

import gensim_gym
from gensim_gym import check_fidelity, read_directive
from gensim_gym.curriculum.generator import DirectiveGenerator
from gensim_gym.errors import GenerationError
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator, counted_room, easier_than_asked
from gensim_gym.generation.toolsets import get_toolset
from gensim_gym.generation.verify import verify

SEEDS = range(4)

MEETS = [
    # an operation the goals must need: the walk goes on until it calls it, and a goal builds on the call
    ("a dungeon explorer opens a locked door with a key and walks through", "unlock", 1),  # one door (round 15)
    ("dungeon: unlock the red door and get to the far room", "unlock", None),
    # an operation that only reveals hidden facts: the task hides them
    ("webshop: inspect a product carefully before buying it", "inspect", 1),  # one product (round 15)
    ("online store, examine the items and purchase one", "inspect", 1),
    # counts: the walk goes on until its goal facts are about that many objects
    ("gripper: carry 5 balls between the rooms", None, 5),
    ("warehouse robot relocates 6 parcels, very easy", None, 6),
    ("warehouse: move 5 crates around, easy", None, 5),
    # counts of a type a goal relates in pairs: the draft holds more blocks than goals
    ("blocks: stack 4 blocks, easy", None, 4),
    ("blocks world, pile 5 blocks", None, 5),
    # copy and delete (met before this change too: kept so)
    ("on the file system, duplicate the notes into the backup folder and then erase the old drafts", "delete_file",
     None),
]


def _quiet_generate(directive: str, seed: int):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gensim_gym.generate(directive, seed=seed)


@pytest.mark.parametrize(("directive", "tool", "count"), MEETS)
def test_spec_meets_every_honored_requirement(directive, tool, count):
    """At least 3 of 4 seeds meet every honored requirement (the walk is random: a seed whose tries all miss is
    generated with the clause marked approximated, see the negative cases); each of those calls the tool and has
    the count, and says so in its clauses."""
    reading = read_directive(directive)
    if tool is not None:
        assert tool in reading.knobs.required_tools
    assert reading.knobs.goal_count == count
    met = 0
    for seed in SEEDS:
        spec = _quiet_generate(directive, seed)
        if check_fidelity(spec, reading):
            continue
        met += 1
        if tool is not None:
            assert any(label.split("(")[0] == tool for label in spec.golden_plan), (directive, seed)
        if count is not None:
            assert len(spec.task.goal) == count, (directive, seed)
        statuses = {c["kind"]: c["status"] for c in spec.meta["interpretation"]["clauses"]}
        assert "approximated" not in {statuses.get("operation"), statuses.get("goal_count")}
    assert met >= len(SEEDS) - 1, (directive, met)


def test_same_directive_and_seed_give_the_same_spec():
    for directive, _, _ in MEETS[:6]:
        assert _quiet_generate(directive, 3).id == _quiet_generate(directive, 3).id


def test_generation_stays_bounded():
    """The longer walks are bounded (``ASKED_WALK``): a task in well under a second of CPU on average."""
    start = time.process_time()  # CPU time: wall clock measures the machine's load
    for directive, _, _ in MEETS:
        _quiet_generate(directive, 0)
    assert time.process_time() - start < 2.0 * len(MEETS)


# -- negative cases: what cannot be met is generated anyway, and marked ------------------------------------------
def test_an_address_update_for_customers_is_delivered():
    """"two tools" is below support's 4 core tools (approximated), and update_address is one of them: since gen18
    its call also marks the customer (``address_changed``, only where it is asked), so the two customers' goals can
    need it (it was marked approximated: no goal about a customer was an address)."""
    directive = "support desk, update the address of two customers, two tools"
    reading = read_directive(directive)
    assert "update_address" in reading.knobs.required_tools
    spec = _quiet_generate(directive, 0)
    clause = next(c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "operation")
    assert clause["status"] == "honored"
    assert not any("update_address" in u for u in check_fidelity(spec, reading))


def test_an_operation_the_start_never_needed_is_delivered():
    """Blocks start on the table, so no shortest plan unstacked (marked approximated before gen18): the asked unstack
    now starts from towers a short walk built (``undo_start``), and the golden plan unstacks."""
    directive = "blocks world: unstack the towers, easy"
    reading = read_directive(directive)
    assert "unstack" in reading.knobs.required_tools
    spec = _quiet_generate(directive, 0)
    clause = next(c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "operation")
    assert clause["status"] == "honored"


def test_no_operation_or_count_leaves_the_walk_as_it_was():
    """Directives without operations or counts walk their usual length: the extra steps are only for those."""
    knobs = parse_directive("domain: warehouse", 0.1)
    generator = OfflineGenerator(knobs, "domain: warehouse")
    assert not knobs.required_tools and not knobs.goal_count
    assert counted_room(knobs, generator.toolsets) == 0


def test_counted_room_is_larger_only_for_paired_goal_types():
    blocks = parse_directive("blocks: stack 4 blocks", 0.2)
    assert counted_room(blocks, [get_toolset("blocks")]) == 4 + 1 + 2  # on(block, block)
    balls = parse_directive("gripper: carry 5 balls", 0.2)
    assert counted_room(balls, [get_toolset("gripper")]) == 5  # at(ball, room): one ball per goal


@pytest.mark.parametrize("seed", [0, 1])
def test_hidden_facts_asked_for_goals_no_reveal_serves_give_a_task_marked_approximated(seed: int) -> None:
    """Booking a room never needs a person's hidden availability: every try's plan reveals nothing, and the generator
    raised GenerationError after 40 tries (fresh43 at first contact). It now returns such a task as a last resort,
    facts hidden, with the observability clause approximated and saying why."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = gensim_gym.generate("the scheduler books 1 conference room for a workshop, with hidden availability",
                                   seed=seed)
    assert spec.task.hidden
    assert not any(label.startswith("check_availability") for label in spec.golden_plan)
    clause = next(c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "observability")
    assert clause["status"] == "approximated" and "needs none of them revealed" in clause["note"]


def test_hidden_facts_asked_where_a_reveal_serves_still_give_a_revealing_task() -> None:
    """The last resort is only that: where a try can make a task whose plan reveals, the task reveals."""
    spec = gensim_gym.generate("schedule 2 meetings, partially observable", seed=0)
    assert any(label.startswith("check_availability") for label in spec.golden_plan)
    clause = next(c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "observability")
    assert clause["status"] == "honored"


def test_a_directive_whose_every_try_is_too_easy_gives_a_task_marked_easier_than_asked() -> None:
    """"Resolve 3 billing disputes, very easy": at seed 0 every try drew a task a random policy solves too often, or a
    walk that changed no goal, and the generator raised GenerationError after 40 tries (fresh54 at first contact). It
    now returns such a task as a last resort, the difficulty clause approximated and the meta saying why; a seed
    with a task of the difficulty asked still gives that one."""
    directive = "resolve 3 billing disputes, support, very easy"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = gensim_gym.generate(directive, seed=0)
        again = gensim_gym.generate(directive, seed=0)
        other = gensim_gym.generate(directive, seed=1)
    assert spec.id == again.id and easier_than_asked(spec)
    assert spec.meta["difficulty"]["note"].startswith("easier than asked: a random policy solves")
    clause = next(c for c in spec.meta["interpretation"]["clauses"] if c["kind"] == "difficulty")
    assert clause["status"] == "approximated" and clause["note"] == spec.meta["difficulty"]["note"]
    assert verify(spec, episodes=0).ok  # solvable: only easier than asked
    assert not easier_than_asked(other) and "note" not in other.meta["difficulty"]


def test_the_curriculum_generator_counts_a_task_easier_than_asked_as_failed() -> None:
    """A curriculum asks for a task at θ: the generator's last resort, easier than that, is no such task (the pool
    counts it failed, as before session 23), while another seed's task at θ is given."""
    generator = DirectiveGenerator("resolve 3 billing disputes, support, very easy")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(GenerationError, match="easier than asked"):
            generator(0.05, 0)
        assert not easier_than_asked(generator(0.05, 1))
