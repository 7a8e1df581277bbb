"""Goal counts: how many goal conditions a directive asks for, and about which type of object.

"three meetings", "5 crates", "2 goals", "blocks, 5 of them", "a tower of 4", "copy 2 of the logs", "buys two
gadgets", "order 1 laptop and 1 charger": a number and what it counts, read against the chosen worlds' types and
operations. Counts of tools, time or money (:data:`COUNT_UNITS`) are no goal items.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from gensim_gym.errors import DirectiveError
from gensim_gym.generation.cues import REWARD_WORD
from gensim_gym.generation.evidence import PHRASE_END
from gensim_gym.generation.field_vocabulary import MEASURE_OF
from gensim_gym.generation.lexicon import (
    NUMBER,
    NUMBER_WORDS,
    OPEN_GOAL_TYPES,
    PEOPLE,
    calls,
    counted_type,
    derived_operations,
    goal_subject,
    modified_noun,
    noun_lemma,
    number_value,
    object_operations,
    operations,
    said_fact,
    single_fact,
    verb_of,
)
from gensim_gym.generation.operations import MEETINGS_LISTED, LightVerb, light_verbs
from gensim_gym.generation.toolsets import CallCount, get_toolset, load_registry
from gensim_gym.generation.wording import verb_pattern

#: Words that count goal conditions of any kind ("2 goals"); nouns that count objects of a type are derived
#: from the toolsets (``lexicon.counted_nouns``).
_ANY_GOAL = ("goal", "objective", "condition")
#: "stack blocks, 5 of them": a count of the objects named before it.
_OF_THEM = re.compile(rf"\b({NUMBER})\s+of\s+(?:them|those|these)\b")
#: "a tower of 4", "a batch of 3": a count of a container with no noun after it (round 6).
_CONTAINER = re.compile(rf"\b(?:tower|stack|pile|heap|batch|set|group|bundle|series|row|column|queue|collection|lot"
                        rf"|load|bunch|handful|list)\s+of\s+({NUMBER})\b"
                        rf"(?=\s*(?:[,;:.)]|$|(?:and|then|with|on|in|at|for|to|from|please|each|every)\b))")
#: A count said after its noun, as a specification states it (round 51): "packages numbering five", "orders, four
#: in number", "parcels to the number of 2".
_NUMBERING = re.compile(rf"\b([a-z]+),?\s+(?:(?:numbering|to\s+the\s+number\s+of)\s+({NUMBER})\b"
                        rf"|({NUMBER})\s+in\s+number\b)")
#: A count pasted as a setting, its noun the key and its number the value (round 53: "meetings: 3", "balls = 6",
#: "disks -> 4"): the number ends the setting (a comma, a semicolon, a bullet dash, a wide gap or the end), so
#: "floors: 3 of them lit" or "rooms: 2 per guest" is no setting of a count.
_SET_COUNT = re.compile(rf"\b([a-z]+(?:_[a-z]+)*)\s*(?:[:=]|->|=>)\s*({NUMBER})(?=\s*$|\s*[,;.)]|\s+-\s|\s{{2}})")
#: Keys that count the goals themselves, as "3 goals" does ("goals: 3", "goal_count=3", "n_goals: 2"; round 53).
_GOAL_KEYS = frozenset({"goal", "goals", "objective", "objectives", "goal_count", "goals_count", "n_goals",
                        "num_goals", "number_of_goals", "goal_number"})
#: "a 4-disk hanoi stack", "a 3-block tower": a number joined by a hyphen to the noun after it is how many of that
#: noun the thing is made of (round 36); group 1 is the number, group 2 the noun.
_HYPHEN_COUNT = re.compile(rf"(?<![a-z0-9:-])({NUMBER})-([a-z]+)\b(?!-)")
#: "copy 2 of the logs": a count of the noun after a determiner.
#: (a possessive of one person too: "on 2 of her orders", round 46)
_PARTITIVE = re.compile(rf"\b({NUMBER})\s+of\s+(?:the|these|those|its|their|our|my|your|her|his|all the)\s+"
                        rf"(?:[a-z]+\s+)??([a-z]+)\b")
#: A count of a noun after two modifiers ("1 password reset request", "2 late delivery complaints").
_COMPOUND_COUNT = re.compile(rf"\b({NUMBER})\s+([a-z]+)\s+([a-z]+)\s+([a-z]+)\b")
MAX_GOAL_COUNT = 8  # a layout's goal-status slots (Layout.max_goals)


def read_goal_count(text: str, domains: list[str], notes: list[str], whole: str | None = None,
                    counts: list | None = None) -> tuple[int | None, str | None]:
    """``(count, object type)`` from "three meetings", "5 crates", "2 goals", "blocks, 5 of them" (the type of
    the chosen domains whose noun is counted; None for goal words), or ``(None, None)``; ``counts``: the text's
    :func:`goal_counted` counts where the caller has them (reading them costs most of a long directive's reading)."""
    counts = goal_counted(counted_phrases(text, domains, whole), domains) if counts is None else counts
    for match in counts[:1]:
        count, kind = number_value(match[3]), match[4]
        said = text[match[0]:match[1]]
        if count < 1:
            raise DirectiveError(f"'{said}': a task has at least 1 goal condition (and at most {MAX_GOAL_COUNT})")
        if kind is not None and kind not in countable_types(domains):  # "book 4 slots": no goal is about a slot
            notes.append(no_goal_about_note(said, kind, domains))
            kind = None
        most = goal_capacity(domains, kind)
        if count > most:  # "ten cells", "eight meetings": the nearest count a task holds (Knobs.goal_target)
            notes.append(f"'{said}': a task holds at most {most} goal conditions"
                         + (f" about objects of type {kind}" if kind else "")
                         + f" ({capacity_reason(domains, kind)}): {most} are aimed at")
        notes.append(f"'{said}': exactly {count} goal conditions" + (f", each about another {kind}" if kind else ""))
        return count, kind
    return None, None


#: A number and the one or two words after it: a count of what no object type names (``reading._uncounted``), or of a
#: thing a fact without arguments is about that counts calls of a tool (:func:`read_call_count`).
NUMBER_AND_NOUN = re.compile(rf"\b({NUMBER})\s+(?:([a-z]+)\s+)?([a-z]+)\b")
#: Words before a tire that say it is no flat one ("3 spare tires" count spares, not flats).
_NOT_FLAT = frozenset({"spare", "spares", "new", "good", "fresh", "extra", "inflated"})


def call_count_of(said: str, domains) -> CallCount | None:
    """The declared count of calls (:attr:`Toolset.call_counts`) whose fact the counted phrase ``said`` names ("2 flat
    tires", "two flats", "3 punctured wheels": tireworld's ``flat_tire``, counting ``change_tire`` calls), or None."""
    words = re.findall(r"[a-z]+", said)
    if _NOT_FLAT.intersection(words):
        return None
    fact = said_fact(said, domains) or next(
        (f for w in words for form in (w, *(modified_noun(w, d) for d in domains)) if form
         and (f := single_fact(form, domains)) is not None), None)
    return next((c for d in domains for c in get_toolset(d).call_counts if c.fact == fact), None) if fact else None


def call_count_most(domains, tool: str) -> int | None:
    """The most calls of ``tool`` a task of ``domains`` can need where a count of calls of it is declared
    (:attr:`CallCount.most`), else None."""
    return next((c.most for d in domains for c in get_toolset(d).call_counts if c.tool == tool), None)


def read_call_count(text: str, domains, notes: list[str], counts: list) -> tuple[int, str] | None:
    """``(count, tool)`` of the first count of at least 2 of a thing a fact without arguments is about whose count
    counts calls of a tool (:attr:`Toolset.call_counts`: "change 2 flat tires" is a journey on which tireworld's
    tire goes flat twice, a golden plan calling ``change_tire`` twice), outside the goal counts ``counts``
    (:func:`goal_counted`); None where there is none. A count of 1 ("the flat tire", "1 flat tire") keeps its meaning:
    one goal condition (``reading._single_fact_clause``)."""
    taken = [(a, b) for a, b, *_ in counts]
    for m in NUMBER_AND_NOUN.finditer(unnumbered_names(text)):
        count = number_value(m.group(1))
        if count < 2 or any(a < m.end() and m.start() < b for a, b in taken):
            continue
        said = text[m.start():m.end()]
        declared = call_count_of(said, domains)
        if declared is None:
            continue
        aim = min(count, declared.most)
        if aim < count:
            notes.append(f"'{said}': {call_count_note(domains, declared, aim)}")
        notes.append(f"'{said}': {calls_aimed(declared, aim)}")
        return count, declared.tool
    return None


def calls_aimed(declared: CallCount, aim: int) -> str:
    """What a count of calls aims at (the reading's note and the clause's): ``aim`` calls of the declared tool."""
    return f"{declared.fact}() is set right {aim} times: the golden plan calls {declared.tool} exactly {aim} times"


def plan_calls(plan: Sequence, tool: str) -> int:
    """How many calls of ``tool`` ``plan`` makes: its actions, or their labels as a spec's ``golden_plan`` records
    them ("change_tire()")."""
    return sum(calls(a.split("(")[0] if isinstance(a, str) else a.tool, tool) for a in plan)


def call_count_note(domains, declared: CallCount, aim: int) -> str:
    """Why a count of calls above what the world reaches aims at ``aim`` (the reading's note and the clause's)."""
    return (f"a task of {'+'.join(domains)} needs {declared.tool} at most {declared.most} times (its call_counts "
            f"declare it, from the shortest plans its tasks have): {aim} are aimed at")


def goal_types(domains) -> frozenset[str]:
    """The object types some goal predicate of ``domains`` (or a negated one) takes: what a goal count can be about."""
    return frozenset(getattr(t, "type", t) for d in domains for p in get_toolset(d).predicates
                     if p.name in (*get_toolset(d).goal_predicates, *get_toolset(d).goal_negated) for t in p.params)


def countable_types(domains) -> frozenset[str]:
    """The object types a goal count of ``domains`` can be about: the types some goal can name. Those are what a
    goal predicate takes (:func:`goal_types`), what a goal fluent takes (support's ``credit(customer)``) and what a
    goal predicate a tool adds when asked for takes (support's ``update_address`` adds ``address_changed(customer)``:
    "update the addresses of two customers"). A type no goal names is none of them: the calendar's slots
    (``scheduled(meeting, slot)``), gripper's grippers, transport's trucks and airplanes, elevator's floors, depot's
    hoists. Until session 23 a type some fact was about (``free(gripper)``) counted too, and "use 2 grippers" then
    failed all 40 tries of the offline generator: no goal it draws names a gripper."""
    return _countable_types(tuple(domains))


@lru_cache(maxsize=64)
def _countable_types(domains: tuple[str, ...]) -> frozenset[str]:
    """:func:`countable_types`, once per tuple of domains (every "N of them" of a reading asks)."""
    out = set(goal_types(domains))
    for d in domains:
        ts = get_toolset(d)
        out |= {kind for f in ts.fluents if f.name in ts.goal_fluents for kind in f.params}
        for extra in ts.when_asked.values():
            goal = set(extra.get("goal", ()))
            out |= {kind for p in extra.get("predicates", ()) if p["name"] in goal for kind in p["params"]}
    return frozenset(out)


def asked_count_goals(domains, required: Sequence[str]) -> dict[str, frozenset[str]]:
    """By object type, the goal predicates a count of that type's objects counts, where the directive asks for the
    tool that adds them (``Toolset.when_asked``'s ``counts``): "cancel 2 meetings" is two ``called_off`` goals, not
    any two goals about meetings. Empty where no such tool is asked (every other count is of goals about its type)."""
    out: dict[str, set[str]] = {}
    for d in domains:
        for tool, extra in get_toolset(d).when_asked.items():
            counted = set(extra.get("counts", ()))
            if counted and any(calls(tool, r) for r in required):
                for p in extra.get("predicates", ()):
                    if p["name"] in counted:
                        for kind in p["params"]:
                            out.setdefault(kind, set()).add(p["name"])
    return {kind: frozenset(names) for kind, names in out.items()}


def no_goal_about_note(said: str, kind: str, domains) -> str:
    """The note of a count of objects no goal can be about (:func:`countable_types`; "book 4 slots for a course":
    calendar goals are attendance and rooms): the count is kept as that many goal conditions, about whatever the
    world's goals are about. Before session 22 the generator tried to make goals about such objects and failed."""
    about = ", ".join(sorted(goal_types(domains)))
    article = "an" if kind[:1] in "aeiou" else "a"
    return (f"'{said}': no goal of {'+'.join(domains)} is about {article} {kind} (its goals are about {about}): "
            f"that many goal conditions are aimed at, about what its goals are about")


def more_goal_counts(counts: list, domains, text: str) -> list:
    """The counts of ``counts`` (:func:`goal_counted`'s order: the task's goal count first) that ask for goals of
    another type besides it ("refund 1 order and then delete 1 old file": 1 file): after the first, a count of at
    least 1 of a type some goal predicate of ``domains`` is about, other than the first's and every earlier one's,
    and the object of an operation verb ("delete 1 old file"; "a warehouse with 5 locations" sizes the world). The
    first must count a type too: "2 goals" and "3 files" are no two counts of different things."""
    if not counts or counts[0][4] is None:
        return []
    about = goal_types(domains)
    kinds, out = {counts[0][4]}, []
    for count in counts[1:]:
        start, kind = count[0], count[4]
        if kind is None or kind in kinds or kind not in about or number_value(count[3]) < 1:
            continue
        verb = re.search(rf"([a-z]+(?:\s+(?:{_PARTICLE}))?)\s+$", text[:start])
        if verb is None or _object_type(verb.group(1), domains) is None:
            continue
        kinds.add(kind)
        out.append(count)
    return out


def read_more_counts(text: str, domains: list[str], notes: list[str], whole: str | None = None,
                     counts: list | None = None) -> tuple[tuple[int, str], ...]:
    """``(count, object type)`` of each count besides the goal count (:func:`more_goal_counts`), as asked; a note
    says where a task holds fewer (:func:`count_targets`). ``counts`` as for :func:`read_goal_count`."""
    counts = goal_counted(counted_phrases(text, domains, whole), domains) if counts is None else counts
    more = more_goal_counts(counts, domains, text)
    if not more:
        return ()
    asked = [(number_value(c[3]), c[4]) for c in [counts[0], *more]]
    for (start, end, _, _, kind), (count, _), aim in zip(more, asked[1:], count_targets(domains, asked)[1:],
                                                         strict=True):
        said = text[start:end]
        if aim < count:
            notes.append(f"'{said}': {capped_note(domains, str(kind), aim)}")
        notes.append(f"'{said}': {count} more goal condition{'' if count == 1 else 's'}, each about another {kind}")
    return tuple((count, str(kind)) for count, kind in asked[1:])


def operation_counts(required, goal_type: str | None, more_counts, domains, notes: list[str]) -> tuple:
    """``(1, object type)`` for each asked operation of a world no count covers, where the directive counts another
    world's goal items ("schedule 1 meeting and then copy the agenda into the team folder": 1 meeting, and one goal
    about a file for the copy). The first count aims the task at exactly its conditions, so without one of its own
    the copy had no goal to serve and no golden plan called it (session 23: fresh54 at first contact). A world is
    covered where a count is of a type its goals name (:func:`countable_types`; "book 1 room and restock 2 shelves":
    rooms and locations; "update the address of one customer, then refund their order": customers);
    the type added is what the operation's first goal effect is about (``copy_file``: ``in_dir(?file, ?dest)``, a
    file); a note says it."""
    if goal_type is None:
        return ()
    kinds = {goal_type, *(kind for _, kind in more_counts)}
    covered = {name for name in domains if countable_types([name]) & kinds}
    out = []
    for tool in required:
        found = _goal_of(tool, domains)
        if found is not None and found[0] not in covered:
            covered.add(found[0])
            out.append((1, found[1]))
            notes.append(f"'{tool}' asks for a goal of its own besides the counts: 1 goal condition about {found[1]}")
    return tuple(out)


def _goal_of(tool: str, domains) -> tuple[str, str] | None:
    """``(world, object type)``: the world of ``tool`` (a tool or family of one of ``domains``) and the type the
    first argument of its first goal effect is (an effect on a goal predicate, or a ``not`` one on a predicate the
    world's goals negate: a deletion)."""
    for name in domains:
        ts = get_toolset(name)
        for t in ts.tools + ts.extra_tools:
            if not calls(t.name, tool):
                continue
            for effect in ts.goal_effects(t):
                if effect.args and effect.args[0] is not None:
                    return name, effect.args[0]
    return None


def count_targets(domains, counts) -> list[int]:
    """The goal conditions a task aims at for each ``(count, object type)`` of ``counts`` (the goal count first):
    the count, capped to what a task holds of its type (:func:`goal_capacity`) and to the goal slots
    (:data:`MAX_GOAL_COUNT`) the counts before it left; for one count, ``Knobs.goal_target``."""
    room, out = MAX_GOAL_COUNT, []
    for count, kind in counts:
        out.append(max(0, min(count, goal_capacity(domains, kind), room)))
        room -= out[-1]
    return out


def capped_note(domains, kind: str, aim: int) -> str:
    """What a count besides the first that a task cannot hold in full aims at, and why (:func:`capped_reason`): the
    reading's note and the clause's say the same."""
    return (f"a task holds at most {aim} more goal condition{'' if aim == 1 else 's'} about objects of type {kind} "
            f"({capped_reason(domains, kind, aim)}): {aim} are aimed at")


#: The names in a goal condition's text ("at(crate1, dock)": at, crate1, dock).
GOAL_NAMES = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def objects_named(goals, objects: dict[str, tuple[str, ...]], kind: str) -> int:
    """How many distinct objects of type ``kind`` the goal conditions ``goals`` name: a count's conditions are each
    about another one, so this is what a task gives of that count (the generator's meta and ``check_fidelity``)."""
    named = {name for goal in goals for name in GOAL_NAMES.findall(goal)}
    return len(named.intersection(objects.get(kind, ())))


def capped_reason(domains, kind: str | None, aim: int) -> str:
    """Why a count besides the first aims at ``aim`` goals: its type's capacity (:func:`capacity_reason`), or the
    goal slots the counts before it took."""
    if aim == goal_capacity(domains, kind):
        return capacity_reason(domains, kind)
    return f"a task has {MAX_GOAL_COUNT} goal slots in all, and the counts before it take the rest"


def goal_counted(counts: list, domains, setup: Sequence[tuple[int, int]] = ()) -> list:
    """``counts`` (:func:`counted_phrases`) with the one a task's goal count comes from first: the first count
    of goal conditions or of objects goals are about (the first argument type of a goal predicate: "3 riders"
    in "6 floors and 3 riders", as elevator goals are ``served(passenger)``), else the first count. A count inside
    ``setup`` (a scenario's "Given" steps: ``exercise_sheet.setup_spans``, round 57) says what the world starts with:
    it comes first only where no count is said outside it."""
    acting = [c for c in counts if not in_setup(c, setup)] or counts
    subjects = {getattr(p.params[0], "type", p.params[0]) for d in domains for p in get_toolset(d).predicates
                if p.name in get_toolset(d).goal_predicates and p.params}
    first = next((c for c in acting if c[4] is None or c[4] in subjects), acting[0] if acting else None)
    return [first, *(c for c in counts if c is not first)] if first is not None else []


def in_setup(count: tuple, setup: Sequence[tuple[int, int]]) -> bool:
    """Whether ``count`` (:func:`counted_phrases`) starts inside one of the ``setup`` spans (a scenario's "Given"
    steps, :func:`goal_counted`)."""
    return any(a <= count[0] < b for a, b in setup)


def goal_capacity(domains, kind: str | None) -> int:
    """The most goal conditions a task of ``domains`` holds: :data:`MAX_GOAL_COUNT` (a layout's goal slots), and
    for a count of objects of type ``kind`` ("five crates": each goal about another one), how many of them a
    task has."""
    most = [t.asked_max for d in domains for t in get_toolset(d).types if t.name == kind]
    return min([MAX_GOAL_COUNT, *([max(most)] if most else [])])


def capacity_reason(domains, kind: str | None) -> str:
    """Why a task holds no more goal conditions than :func:`goal_capacity` (round 20), for a clause's note: the
    world's own objects of type ``kind`` where they are the cap ("sokoban's world declares at most 3 objects of type
    box (box1, box2, box3)"; a world whose count of them is fixed says "every task has the same ..."), else the
    layout's goal slots. A user asking for more learns it is the world, not the reader,
    that gives fewer."""
    most = goal_capacity(domains, kind)
    for d in domains:
        for t in get_toolset(d).types:
            if t.name == kind and t.asked_max == most:
                names = ", ".join(t.names[:t.asked_max])
                if t.min == t.asked_max:
                    return f"{d}'s world is fixed: every task has the same {t.max} of type {kind} ({names})"
                return f"{d}'s world declares at most {t.asked_max} objects of type {kind} ({names})"
    return f"a task's layout has {MAX_GOAL_COUNT} goal slots"


#: A number joined to the word before it by a hyphen or a colon is part of a name ("my 1:1", "a
#: one-on-one"), no count (round 18).
_JOINED_NUMBER = re.compile(rf"(?<=[a-z]-)(?:{NUMBER})\b|(?<=\d:)\d+\b")


#: A count contrasted with the one asked for (round 48: "2 boxes rather than one", "instead of one purchase, buy 2",
#: "3 instead of 2"): the baseline a directive varies, no count of its task; group 1 is the number.
_CONTRASTED = re.compile(rf"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|as\s+opposed\s+to|up\s+from"
                         rf"|down\s+from)\s+(?:just\s+|only\s+|the\s+(?:usual\s+|single\s+|old\s+)?)?({NUMBER})\b")


def contrasted_spans(text: str) -> list[tuple[int, int]]:
    """The spans of the counts contrasted with the one asked for, with their contrast ("rather than one", "instead of
    2": :data:`_CONTRASTED`): words that say what the task is not, read as such (no clause of their own)."""
    return [m.span() for m in _CONTRASTED.finditer(text)]


def unnumbered_names(text: str) -> str:
    """``text`` with the numbers inside names (:data:`_JOINED_NUMBER`) and the counts contrasted with the one asked
    for (:data:`_CONTRASTED`) blanked, same length: neither counts the task's goal items."""
    text = _JOINED_NUMBER.sub(lambda m: " " * len(m.group(0)), text)
    return _CONTRASTED.sub(lambda m: m.group(0)[:m.start(1) - m.start()] + " " * len(m.group(1)), text)


def counted_phrases(text: str, domains, whole: str | None = None) -> list[tuple[int, int, int, str, str | None]]:
    """``(start, end, number end, number, object type)`` of each count of goal items in ``text``: a number
    and a noun of a chosen domain's types (``lexicon.counted_type``; an adjective may stand between: "3
    wooden blocks"), a goal word (type None), "N of them" after such a noun (looked for in ``whole``, the text
    before rules were masked out of it, where given) and "N of the <noun>"."""
    said, text = text, unnumbered_names(text)
    settings = _setting_counts(text, domains)
    out = list(settings)
    # (a hyphenated noun is one word: "2 catch-ups", "3 check-ins": round 16)
    for m in re.finditer(rf"\b({NUMBER})\s+(?:([a-z]+)\s+)?([a-z]+(?:-[a-z]+)*)\b", text):
        if m.group(2) and noun_lemma(m.group(2)) in DOERS:
            continue  # "3 agents refund 2 orders": the agents, and the verb after them (round 35); their parts too
        if any(a <= m.start() < b for a, b, *_ in settings):
            continue  # "crates: 2  hoists: unreliable": the number is a setting's value, the noun the next key
        for word, end in ((m.group(3), m.end(3)), (m.group(2), m.end(2))):
            if not word:
                continue
            kind = keyword_type(word, domains)
            if kind is not None or word in _ANY_GOAL or word.removesuffix("s") in _ANY_GOAL:
                out.append((m.start(), end, m.end(1), m.group(1), kind))
                break
            # "1 flat tire": the one thing a fact without arguments is about, where no type names it (a goal count
            # of 1; "2 flat tires" stays uncounted, as the world has one: round 6), its state said before the noun
            # or after it ("one wheel is flat")
            if kind is None and number_value(m.group(1)) == 1 and any(
                    single_fact(word, domains, state) is not None
                    for state in (m.group(2) if end == m.end(3) else None, *around_count(text, m.start(), end))):
                out.append((m.start(), end, m.end(1), m.group(1), None))
                break
    out += _compound_counts(text, domains, out)
    out += _numbering_counts(text, domains, out)
    for m in _OF_THEM.finditer(text):
        # the referent is read in the whole directive: a noun inside a rule ("never hands a ticket to a supervisor
        # and closes 2 of them") is still what "them" refers back to; failing a noun, what the verb before the
        # count acts on ("buys 2 of them": products), else what the domain's goals are about (round 6). The noun is
        # the nearest one a goal can name: "balls need moving by a gripper robot: 3 of them" counts balls, not
        # the grippers no goal is about (:func:`countable_types`, session 23)
        countable = countable_types(domains)
        before = [counted_type(w, domains) for w in re.findall(r"[a-z]+", (whole or text)[:m.start()])]
        verb = re.search(r"([a-z]+)\s+$", text[:m.start()])
        kind = next((k for k in reversed(before) if k in countable), None) \
            or (_object_type(verb.group(1), domains) if verb else None) \
            or next((k for d in domains if (k := goal_subject(d)) is not None), None)
        if kind is not None:
            out.append((m.start(), m.end(), m.end(1), m.group(1), kind))
    for m in _CONTAINER.finditer(text):  # "a tower of 4": the count of what the domain's goals are about
        kind = next((k for d in domains if (k := goal_subject(d)) is not None), None)
        if kind is not None and not any(a < m.end() and m.start() < b for a, b, *_ in out):
            out.append((m.start(), m.end(), m.end(1), m.group(1), kind))
    out += _hyphen_counts(said, domains, out)  # "a 4-disk hanoi stack": 4 discs (round 36)
    for m in _PARTITIVE.finditer(text):  # "copy 2 of the logs": a count of the noun after "of the"
        kind = counted_type(m.group(2), domains)
        if kind is not None and not any(a < m.end() and m.start() < b for a, b, *_ in out):
            out.append((m.start(), m.end(), m.end(1), m.group(1), kind))
    out += _operation_counts(text, domains, [(a, b) for a, b, *_ in out], whole)
    # (a list keeps its names whole: "a 1:1 with my manager and a dentist appointment" is 2)
    out += _listed_counts(said, domains, [(a, b) for a, b, *_ in out])
    out = _joined_counts(text, sorted(out), domains, whole)
    spread = _distributive_counts(text, domains)
    out = [c for c in out if not any(a <= c[0] < b for a, b, *_ in spread)]  # "with each of 3 people": one count
    return sorted(spread + out) or _sole_counts(text, domains) or _single_counts(text, domains) \
        or _open_counts(text, domains)


#: A state said of a noun after it ("one wheel is flat", "1 tyre has gone flat", round 52: "1 wheel that is flat"):
#: a copula or a verb of becoming, an adverb at most, then the word of the state.
_STATE_AFTER = re.compile(r"\s+(?:(?:that|which)\s+)?(?:is|was|has gone|had gone|went|goes|got|gets|has been"
                          r"|had been|became|has become|looks|seems)\s+(?:now\s+|already\s+|completely\s+|totally\s+)?"
                          r"([a-z]+)")


def _setting_counts(text: str, domains) -> list:
    """The counts pasted as settings (:data:`_SET_COUNT`, round 53: "meetings: 3", "balls = 6"): the key a noun of
    a chosen domain's types, the number its value, read as "3 meetings" is, or a key of the goals themselves
    (:data:`_GOAL_KEYS`: "goals: 3" is "3 goals"). A key no type names ("tools: 6", "floor: 2") counts no goal
    item. Read before the counts of a number and the noun after it, which stop at them:
    in "crates: 2  hoists: unreliable" the 2 counts crates, and "hoists" begins the next setting."""
    out = []
    for m in _SET_COUNT.finditer(text):
        kind = keyword_type(m.group(1), domains)
        if kind is not None or m.group(1) in _GOAL_KEYS:  # "goals: 3": a count of goals, its type none (as "3 goals")
            out.append((m.start(), m.end(), m.end(2), m.group(2), kind))
    return out


def _numbering_counts(text: str, domains, taken: list) -> list:
    """A count said after its noun (:data:`_NUMBERING`, round 51: "packages numbering five", "crates, four in
    number"): as many of the noun's type as a count before it would say. Only a noun of a chosen domain's types
    counts ("a list numbering 3 pages" counts no goal item), and only where no other count covers the number."""
    out = []
    for m in _NUMBERING.finditer(text):
        kind = keyword_type(m.group(1), domains)
        number, at = (m.group(2), m.end(2)) if m.group(2) else (m.group(3), m.end(3))
        if kind is None or any(a < m.end() and m.start() < b for a, b, *_ in taken):
            continue
        out.append((m.start(), m.end(), at, number, kind))
    return out


#: The word right after a counted noun ("1 wheel swapped"), past "to be" or a verb of needing ("1 wheel to be
#: changed", "one wheel needing replacing"), and the word right before its count (round 52).
_WORD_AFTER = re.compile(r"\s+(?:to\s+be\s+|(?:that\s+)?(?:needs?|needing)\s+(?:to\s+be\s+)?)?([a-z]+)\b")
_WORD_BEFORE = re.compile(r"\b([a-z]+)\s+$")
#: A damage said after the noun with "with" ("1 wheel with a puncture", round 52): its noun.
_WITH_DAMAGE = re.compile(r"\s+with\s+(?:a|an|one)\s+(?:slow\s+|bad\s+)?([a-z]+)\b")


def around_count(text: str, start: int, end: int) -> tuple[str | None, ...]:
    """The words around a count starting at ``start`` whose noun ends at ``end`` that may say the state or the fate of
    its thing, read as the modifier :func:`lexicon.single_fact` takes: the state after it ("one wheel is flat"), the
    participle right after it ("the car needs 1 wheel swapped"), the verb right before the count ("swap 1 wheel"), and
    a damage it is said to have ("1 wheel with a puncture"): a wheel to be changed is the flat one (round 52)."""
    after = _WORD_AFTER.match(text, end)
    before = _WORD_BEFORE.search(text[max(0, start - 30):start])
    damage = _WITH_DAMAGE.match(text, end)
    return (_state_after(text, end), after.group(1) if after else None, before.group(1) if before else None,
            damage.group(1) if damage else None)


def counted_fact(text: str, start: int, end: int, domains) -> str | None:
    """The fact without arguments the count ``text[start:end]`` names (``lexicon.said_fact``: "1 flat tire"), or with
    a word around it (:func:`around_count`: "1 wheel swapped"), or None."""
    fact = said_fact(text[start:end], domains)
    if fact is not None:
        return fact
    nouns = re.findall(r"[a-z]+", text[start:end])
    return None if not nouns else next(
        (f for w in around_count(text, start, end) if w and (f := single_fact(nouns[-1], domains, w))), None)


def _state_after(text: str, end: int) -> str | None:
    """The state said after the noun ending at ``end`` ("one wheel is flat": "flat"), read as the modifier
    :func:`lexicon.single_fact` takes before the noun ("1 flat wheel"); None where none follows."""
    m = _STATE_AFTER.match(text, end)
    return None if m is None else m.group(1)


def _hyphen_counts(text: str, domains, taken: list) -> list:
    """The hyphenated counts of goal items in ``text`` (:data:`_HYPHEN_COUNT`, :func:`_hyphen_count_type`) that no
    count in ``taken`` overlaps (round 36)."""
    out = []
    for m in _HYPHEN_COUNT.finditer(text):
        kind = _hyphen_count_type(m.group(2), domains)
        if kind is not None and not any(a < m.end() and m.start() < b for a, b, *_ in taken):
            out.append((m.start(), m.end(), m.end(1), m.group(1), kind))
    return out


def _hyphen_count_type(noun: str, domains) -> str | None:
    """The type a hyphenated count's noun counts ("4-disk": disc) where it is what a chosen world's goals are about
    (``lexicon.goal_subject``): "a 4-disk stack" is made of 4 discs, the goal items; "a 3-room house" or "a 2-day
    trip" counts no goal items (round 36)."""
    kind = keyword_type(noun, domains) or counted_type(noun, domains)
    return kind if kind is not None and any(goal_subject(d) == kind for d in domains) else None


def keyword_type(word: str, domains) -> str | None:
    """:func:`lexicon.counted_type` of ``word``, asked first of the chosen worlds whose own keywords name it, where
    not all do: "restock 2 shelves" beside "book 1 room" counts a warehouse's places (shelves are its keyword), not
    the calendar's rooms the general nouns of places would make them."""
    own = [d for d in domains if {word, noun_lemma(word)} & set(get_toolset(d).keywords)]
    kind = counted_type(word, own) if own and len(own) < len(domains) else None
    return kind if kind is not None else counted_type(word, domains)


def _compound_counts(text: str, domains, taken: list) -> list:
    """Counts of a noun of a goal type after two modifiers neither of which is typed ("1 password reset request",
    "2 late delivery complaints"), where no count in ``taken`` starts at the number (round 16)."""
    out = []
    for m in _COMPOUND_COUNT.finditer(text):
        if any(a <= m.start() < b for a, b, *_ in taken) or noun_lemma(m.group(2)) in AGENT_NOUNS or any(
                w in PHRASE_END or counted_type(w, domains) is not None for w in m.group(2, 3)):
            continue
        kind = counted_type(m.group(4), domains)
        if kind is not None:
            out.append((m.start(), m.end(4), m.end(1), m.group(1), kind))
    return out


#: A count joined to the one before it ("1 laptop and 1 charger", "2 lamps plus a kettle").
#: (an article counts one: "2 phone cases and a screen protector" are 3, round 16)
_JOINED_COUNT = re.compile(rf"\s*,?\s*(?:and|plus|&|as well as)\s+({NUMBER}|an?|another)\s+([a-z]+)\b"
                           rf"(?:\s+([a-z]+)\b)?")


def _joined_counts(text: str, counts: list, domains, whole: str | None = None) -> list:
    """``counts`` with each count joined by "and" to a count of objects of the same type, or of a noun no world
    types (the same verb's object: "order 1 laptop and 1 charger"), read as one count of their sum (round 9). A rule
    after a joined act is looked for in ``whole``, the text before rules were masked out of it, where given."""
    said = whole if whole is not None and len(whole) == len(text) else text
    out: list = []
    for count in counts:
        start, end, number_end, number, kind = count
        m = _JOINED_COUNT.match(text, end) if kind is not None else None
        if m is None:
            out.append(count)
            continue
        # the noun: the word after the number, else the one after that ("1 red charger"), typed or not
        group = next((g for g in (2, 3) if m.group(g) and counted_type(m.group(g), domains) is not None), 2)
        noun = m.group(group)
        other = counted_type(noun, domains)
        if other not in (kind, None) or (other is None and not _joinable(noun)) or _NO_OBJECT_JOINED.match(m.group(0)) \
                or _rule_of_any_act(said, m, group):
            out.append(count)
            continue
        joined = 1 if m.group(1) in ("a", "an", "another") else number_value(m.group(1))
        # (an untyped noun's head may follow it: "a screen protector")
        stop = m.end(3) if group == 2 and other is None and m.group(3) and m.group(3) not in PHRASE_END \
            and counted_type(m.group(3), domains) is None else m.end(group)
        out.append((start, stop, number_end, str(number_value(number) + joined), kind))
    return [c for c in out if not any(a < c[0] < b for a, b, *_ in out)]  # a joined count is part of the one before


#: What "and a" joins to a count that is no object of it (round 62, emails: "3 disks and a dense reward", "5 disks,
#: and a bit harder than the default" were read as 4 and 6 discs): a reward ("and a sparse reward", "and a shaped
#: payoff"), or a degree before a comparative ("and a bit harder", "and a lot more noise", "and a touch easier"),
#: which says how the environment differs, not what else the agent acts on ("and a little teapot" still joins).
_NO_OBJECT_JOINED = re.compile(
    rf"\s*,?\s*(?:and|plus|&|as well as)\s+(?:an?|another)\s+(?:(?:[a-z]+\s+)?(?:{REWARD_WORD})\b"
    r"|(?:bit|lot|little|touch|tad|notch|smidge)\s+(?:more|less|[a-z]{2,}er)\b)")


#: What follows "and a <noun>" when the noun names an act and is the subject of a rule said of any such act, not one
#: more object (round 64, fresh79: "2 refund cases, and a refund only goes out if the policy allows it", and "resolve
#: 2 tickets and a refund must be approved by a manager", were read as 3): a modal of obligation ("and a transfer has
#: to wait"), or an adverb of frequency or restriction before a verb ("and a deletion never touches the backups").
#: A thing, not an act, still joins ("and a kettle must be cheap"), as does an act with a condition ("2 refunds and a
#: refund only if it is approved"). The rule is looked for before rules are masked: its phrase starts after "a refund".
_SAID_OF_ANY_ACT = re.compile(
    r"\s+(?:(?:is\s+|are\s+)?(?:only|never|always)\s+(?!if\b|when\b|once\b|after\b|before\b|unless\b|for\b"
    r"|with\b|in\b|at\b|on\b|to\b|from\b|and\b|or\b|but\b|please\b)[a-z]+"
    r"|must|mustn't|should|shouldn't|shall|cannot|can't|has\s+to|needs\s+to|goes|happens"
    # ... or a modal of permission restricted (round 68: "and a refund may only be issued after ...", "and a
    # deletion can never touch ...")
    r"|(?:may|can)\s+(?:only|never|not))\b")


def _rule_of_any_act(text: str, joined: re.Match[str], group: int) -> bool:
    """Whether the noun ``joined`` adds to a count (group ``group`` of a :data:`_JOINED_COUNT` match) is the subject
    of a rule said of any such act (:data:`_SAID_OF_ANY_ACT`): "a" or "an" before an act's noun and a rule after it."""
    return joined.group(1) in ("a", "an") and verb_of(joined.group(group)) is not None \
        and _SAID_OF_ANY_ACT.match(text, joined.end(group)) is not None


def _joinable(noun: str) -> bool:
    """Whether an untyped ``noun`` may be a counted object joined to another: a noun, not a verb, a unit or a world's
    own name (round 70: "a warehouse where the robot delivers 2 boxes and a webshop where ...": the next world, no
    third box)."""
    return verb_of(noun) is None and noun_lemma(noun) not in COUNT_UNITS and noun_lemma(noun) not in load_registry()


#: Nouns a number counts that are no goal items: tool counts, time, attempts, money.
COUNT_UNITS = frozenset({"tool", "step", "move", "turn", "second", "minute", "hour", "day", "time", "episode",
                         "seed", "level", "percent", "x", "attempt", "try", "tries", "run", "epoch", "iteration",
                         "worker", "env", "environment", "of", "dollar", "euro", "buck", "usd", "eur", "cent",
                         "pound", "credit"})
#: Nouns of the agents that do a task's work (round 35: "2 robots deliver 3 packages"): a count of them is how many
#: act, no count of goal items, though a verb after them names an operation ("deliver": items).
AGENT_NOUNS = frozenset({"robot", "bot", "agent", "worker", "drone", "droid", "assistant", "helper"})
#: Nouns of an agent's own parts (session 28: "a gripper robot with two arms picks up 6 balls"): a count of them says
#: what the agent is built of, no count of goal items, though a verb after them names an operation ("picks": balls).
#: (Not "wheel": tireworld's wheels are its flat tires, "one wheel is flat".)
AGENT_PARTS = frozenset({"arm", "hand", "leg", "finger", "claw", "limb", "tentacle", "eye", "camera", "sensor",
                         "motor", "battery", "joint", "propeller", "rotor"})
#: The nouns a count of says who does the work or what it is built of, never how many goal items there are.
DOERS = AGENT_NOUNS | AGENT_PARTS
#: The particles of a phrasal verb a count may follow ("pick up 3", "pencil in 2 catch-ups": round 12 added "in",
#: whose verbs are field verbs: ``field_vocabulary.FIELD_VERBS``); a verb only counts where a world has it.
_PARTICLE = r"up|down|out|off|away|back|in"
#: (a modifier may be a possessive: "a couple of doctor's appointments", round 8)
#: (its noun is looked ahead at, not taken: the noun of one count may be the verb of the next, "50 dollars on 2
#: board games": round 28)
_COUNT_AFTER_VERB = re.compile(rf"\b([a-z]+(?:\s+(?:{_PARTICLE}))?)\s+({NUMBER})\s+"
                               rf"(?=(?:([a-z]+(?:'s)?)\s+)?([a-z]+)\b)")
_COUNT = re.compile(rf"\b({NUMBER})\s+(?:([a-z]+(?:'s)?)\s+)?([a-z]+)\b")
#: A count right after an operation verb with nothing counted after it ("compares products and purchases 1"): the
#: noun is left out, and the count is of what the verb's tool acts on (round 8).
_ELLIPTIC_COUNT = re.compile(rf"\b([a-z]+(?:\s+(?:{_PARTICLE}))?)\s+({NUMBER})"
                             rf"(?=\s*(?:[,;:.)]|$|(?:and|then|but|or|while|so|please)\b))")


def _operation_counts(text: str, domains, taken: list[tuple[int, int]], whole: str | None = None) -> list:
    """Counts of goal items named in the user's words rather than a type's: a count that is the object of an
    operation verb ("buys two gadgets", "rename 2 docs") counts what that operation's tool acts on, whatever
    the user calls it; so does a count of a noun derived from an operation ("3 invites", "two deliveries").
    The type is the tool's first parameter that a goal predicate is about (``checkout``: product). A light verb is
    looked for in ``whole`` (the text before rules were masked out of it), where given: a rule may end where what it
    caps is counted ("spend at most 50 dollars on 2 board games": round 28)."""
    out = []
    for m in _COUNT_AFTER_VERB.finditer(text):
        words = m.group(3, 4)
        if words[1] == "of" and words[0]:
            # "buy 2 pairs of shoes", "order 3 boxes of tea" (round 10): a measure of what the verb acts on counts
            # goal items as its noun would
            words = (None, words[0])
        nouns = {noun_lemma(w) for w in words if w}
        kind = _object_type(m.group(1), domains) or _placed_type(text, m.start(1), domains) \
            or _light_type(whole or text, m.start(2), domains) or _of_operation_type(text, m, domains)
        if nouns & COUNT_UNITS and not _time_block(words, kind, domains) or nouns & set(_ANY_GOAL) \
                or any(a < m.end(4) and m.start(2) < b for a, b in taken):
            continue  # "move 4 steps to": no goal items; "2 goals" are counted as goals already
        if kind is not None:
            # "put 2 gadgets in the basket": the count ends at its noun, not at the preposition after it
            end = m.end(3) if m.group(3) and m.group(4) in PHRASE_END else m.end(4)
            end = m.end(3) if words[0] is None and m.group(3) else end
            out.append((m.start(2), end, m.end(2), m.group(2), kind))
    for m in _ELLIPTIC_COUNT.finditer(text):  # "purchases 1", "pick 3 and deliver them": no noun after the count
        kind = _object_type(m.group(1), domains) or _placed_type(text, m.start(1), domains)
        if kind is not None and not any(a < m.end() and m.start(2) < b for a, b in taken):
            out.append((m.start(2), m.end(2), m.end(2), m.group(2), kind))
    for m in _COUNT.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in [*taken, *((o[0], o[1]) for o in out)]):
            continue
        if m.group(2) and noun_lemma(m.group(2)) in DOERS:
            continue  # "2 robots deliver 3 packages": the agents doing the work are counted, no goal items
        for word, end in ((m.group(3), m.end(3)), (m.group(2), m.end(2))):
            kind = _object_type(word, domains, derived=True) if word else None
            if kind is not None:
                out.append((m.start(), end, m.end(1), m.group(1), kind))
                break
    return out


#: Units of time that, named by what fills them and put into a calendar, are its events ("2 focus hours").
_TIME_UNITS = frozenset({"hour", "minute", "day", "morning", "afternoon", "evening"})
#: Words before a unit that say how much time, not what it is for ("2 more hours", "3 extra days").
_AMOUNT_WORDS = frozenset({"more", "extra", "additional", "other", "few", "many", "whole", "full", "spare"})


def _time_block(words: tuple[str | None, ...], kind: str | None, domains) -> bool:
    """Whether a count of time units is a count of events (round 16): the object of a verb whose tool schedules
    (``kind`` is what the world's "schedule" acts on) and named by what fills it ("block out 2 focus hours", "book 3
    study hours"); "wait 2 hours" and "block out 2 more hours" count time."""
    mod, unit = words
    return kind is not None and mod is not None and unit is not None and mod.isalpha() \
        and noun_lemma(unit) in _TIME_UNITS and mod not in _AMOUNT_WORDS and mod not in PHRASE_END \
        and kind == _object_type("schedule", domains)


@lru_cache(maxsize=64)
def _light_verbs(text: str, name: str) -> tuple[LightVerb, ...]:
    """``operations.light_verbs`` of ``text`` for world ``name``, found once per directive: :func:`_light_type` asks
    at every count, and a directive of many counts scanned the whole text again at each (quadratic)."""
    return tuple(light_verbs(text, [name]))


def _light_type(text: str, at: int, domains) -> str | None:
    """The type a count at ``at`` counts where a light verb read as a world's tool ("get 2 pairs of headphones":
    buying, ``operations.light_verbs``) or a phrasal operation ("shop online for 3 scarves") stands right before it
    (round 16). None otherwise."""
    before = text[:at].rstrip()
    for name in domains:
        tools = [h.tool for h in _light_verbs(text, name) if h.end == len(before)]
        tail = before[-_PHRASAL_REACH:]
        tools += [tool for pattern, tool in _phrasal_operations(name)
                  if (m := pattern.search(tail)) is not None and (m.start() > 0 or len(tail) == len(before))]
        for tool in tools:
            kind = _tool_type(name, tool)
            if kind is not None:
                return kind
    return None


#: How far back from a count a phrasal operation before it may start ("check the status of 3 orders"): the longest
#: such verb is far shorter, and reading only that tail keeps a long directive's counts linear (round 46).
_PHRASAL_REACH = 80


@lru_cache(maxsize=64)
def _phrasal_operations(name: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The operations of world ``name`` of more than one word, each as a pattern ending where the text ends, with its
    tool: compiled once (:func:`_light_type` asks at every count)."""
    return tuple((re.compile(rf"{verb_pattern(verb)}$"), tool) for verb, tool in operations(name).items()
                 if " " in verb)


def _tool_type(name: str, tool: str) -> str | None:
    """The type of world ``name`` that ``tool`` acts on and its goals are about, or None."""
    ts = get_toolset(name)
    about = {getattr(t, "type", t) for p in ts.predicates if p.name in ts.goal_predicates for t in p.params}
    params = [p.type for t in ts.tools + ts.extra_tools if calls(t.name, tool.rstrip("*")) for p in t.params]
    return next((p for p in params if p in about), None)


def _placed_type(text: str, start: int, domains) -> str | None:
    """The type a count after a generic verb counts where the verb and its tool's object ask for that tool ("put 2
    gadgets in the basket": ``add_to_cart``, which acts on products; ``lexicon.object_operations``: round 6)."""
    for name in domains:
        hit = next((h for h in object_operations(text, name) if h.start <= start < h.end), None)
        if hit is not None:
            ts = get_toolset(name)
            about = {getattr(t, "type", t) for p in ts.predicates if p.name in ts.goal_predicates for t in p.params}
            params = [p.type for t in ts.tools + ts.extra_tools if calls(t.name, hit.tool) for p in t.params]
            kind = next((p for p in params if p in about), None)
            if kind is not None:
                return kind
    return None


def _of_operation_type(text: str, m: re.Match[str], domains) -> str | None:
    """The type a count after "of" counts where a noun of an operation stands before it ("save copies of 2 essays",
    "make backups of 3 photos": what the copying acts on, round 28), or None."""
    if m.group(1) != "of":
        return None
    noun = re.search(r"([a-z]+)\s+$", text[:m.start(1)])
    return None if noun is None else _object_type(noun.group(1), domains, derived=True)


def _object_type(word: str, domains, *, derived: bool = False) -> str | None:
    """The type the tool of the operation ``word`` names acts on (see :func:`_operation_counts`); with
    ``derived``, ``word`` may be a noun derived from the operation ("invites", "deliveries")."""
    for name in domains:
        ts = get_toolset(name)
        about = {t for p in ts.predicates if p.name in ts.goal_predicates for t in p.params}
        about = {getattr(t, "type", t) for t in about}
        tool = next((tool for verb, tool in operations(name).items() if re.fullmatch(verb_pattern(verb), word)), None)
        if tool is None and derived:
            hit = next(iter(derived_operations(word, name)), None)
            tool = hit.tool if hit is not None and (hit.start, hit.end) == (0, len(word)) and not hit.redo else None
        if tool is None and derived:  # "three backups": a phrasal verb's noun, written as one word (round 8)
            tool = next((t for verb, t in operations(name).items() if " " in verb
                         and verb.replace(" ", "") == noun_lemma(word)), None)
        if tool is None:
            continue
        params = [p.type for t in ts.tools + ts.extra_tools if calls(t.name, tool) for p in t.params]
        kind = next((p for p in params if p in about), None)
        if kind is not None:
            return kind
    return None


#: Words that end an indefinite noun phrase of a list rather than belong to it.
_LIST_STOP = r"(?:and|or|plus|an?|the|to|into|onto|in|on|for|from|with|at|by|so|then|that|which|who|back|before" \
             r"|after|without|while|but|under|over|through|via|using|via|each|every|all|them|it)"
#: One indefinite noun phrase: an article or "one" and at most three more words ("a laptop bag", "a pair of gloves").
#: (round 16: a measure before it, "a pair of running shoes", and one attribute of a person or place after it,
#: "a 1:1 with my manager")
_ITEM = (rf"(?:an?|one|another)\s+(?:{MEASURE_OF}\s+)?"
         rf"(?!{_LIST_STOP}\b)[a-z0-9':-]+(?:\s+(?!{_LIST_STOP}\b)[a-z0-9':-]+){{0,2}}"
         rf"(?:\s+(?:with|for|from|of)\s+(?:my|our|your|their|his|her|the)\s+[a-z'-]+"
         rf"(?:\s+(?!{_LIST_STOP}\b)[a-z'-]+)?)?")
#: Two or more of them joined by commas and "and" ("a lamp, a desk and a chair"): round 14.
_ITEM_LIST = re.compile(rf"(?<![a-z0-9'-])({_ITEM}(?:\s*,\s*{_ITEM})*\s*,?\s*(?:and|plus|&|as well as)\s+{_ITEM})\b")
#: The verb before a list: a word and maybe its particle ("pick up a mug and a plate").
_VERB_BEFORE = re.compile(rf"\b([a-z]+(?:\s+(?:{_PARTICLE}))?)\s+$")


#: One indefinite noun phrase that no "and" extends into a list (those are :data:`_ITEM_LIST`'s).
_SINGLE_ITEM = re.compile(rf"(?<![a-z0-9'-])({_ITEM})\b(?!\s*,?\s*(?:and|plus|&|as well as)\s+(?:an?|one|another)\s)")


_DISTRIBUTED = r"(?<![a-z0-9'-])(?:an?|one|1|a single)\s+([a-z0-9':-]+(?:\s+[a-z0-9':-]+){0,2}?)\s+"
#: A count spread over others (round 15): "a one-on-one with each of 2 new hires", "a gift for each of 3 colleagues",
#: "one sync per team for 2 teams": as many of the thing as there are of the others. "one meeting per room" with
#: no count after it is an invariant (a rule: ``rules._ONE_PER``).
DISTRIBUTIVE = (
    re.compile(rf"{_DISTRIBUTED}(?:(?:with|for|to|from|at|in|on|per|across)\s+)?(?:each|every one|each one) of\s+"
               rf"(?:(?:the|our|my|your|their|its|these|those)\s+)?({NUMBER})\b"),
    re.compile(rf"{_DISTRIBUTED}(?:per|for each|for every|with each|to each)\s+[a-z]+\s*,?\s*"
               rf"(?:(?:for|across|over|in|among|with|to)\s+)?(?:(?:the|all|all the|each of the|our)\s+)?({NUMBER})\s+"
               r"[a-z]+"))


def _distributive_counts(text: str, domains) -> list:
    """Counts of :data:`DISTRIBUTIVE` phrases whose thing is what an operation verb before it acts on, or a noun of
    a goal type."""
    out: list[tuple[int, int, int, str, str]] = []
    for regex in DISTRIBUTIVE:
        for m in regex.finditer(text):
            verb = _VERB_BEFORE.search(text[:m.start()])
            head = m.group(1).split()[-1]
            kind = (_verb_type(verb.group(1), text, verb.start(1), domains) if verb else None) \
                or counted_type(head, domains)
            if kind is not None and not any(a < m.end() and m.start() < b for a, b, *_ in out):
                out.append((m.start(), m.end(), m.end(2), m.group(2), kind))
    return out


def _verb_type(verb: str, text: str, start: int, domains) -> str | None:
    """The type the operation ``verb`` (maybe with its particle, or a "re-" verb) acts on, or None."""
    head = verb.split(maxsplit=1)[0]
    return _object_type(verb, domains) or _object_type(head, domains) \
        or _object_type(head.removeprefix("re"), domains) or _placed_type(text, start, domains) \
        or _light_type(text, start + len(verb), domains)


_DETERMINER_BEFORE = re.compile(r"\b(?:the|a|an|my|our|your|their|its|his|her|this|these|those)\s+$")


#: A thing said to be the one there is (round 42: "push the only box", "the single crate", "a lone parcel", "its
#: sole disc"): a determiner, a word of oneness and the noun (an adjective may stand between); group 1 is the
#: oneness word, groups 2 and 3 the words after it.
_SOLE = re.compile(r"\b(?:the|a|an|its|their|our|your|one)\s+(only|single|sole|lone|solitary|one and only)\s+"
                   r"([a-z]+(?:-[a-z]+)*)(?:\s+([a-z]+(?:-[a-z]+)*))?")


def _sole_counts(text: str, domains) -> list:
    """Round 42: where nothing else is counted, a goal item said to be the one there is ("push the only box to its
    target", "move the single crate", "a lone disc") is a count of 1 of its type. Only a noun a chosen domain's
    goals can be about counts, in the singular: "the only rule", "the only way" and "a lone robot" name no goal
    item, "the only boxes" no one thing."""
    for m in _SOLE.finditer(text):
        for word, end in ((m.group(2), m.end(2)), (m.group(3), m.end(3))):
            kind = counted_type(word, domains) if word else None
            if kind is not None and noun_lemma(word) not in AGENT_NOUNS:
                # a plural is no one thing: "the only boxes left are red" counts nothing
                return [(m.start(1), end, m.start(1), "1", kind)] if noun_lemma(word) == word else []
    return []


def _single_counts(text: str, domains) -> list:
    """Round 15: where nothing else is counted, one indefinite noun phrase that is the object of an operation verb
    ("purchase a desk lamp", "an assistant that deletes a stale log file") is a count of 1 of what the verb's tool
    acts on. A subject ("a hero unlocks doors") or another role ("a robot with a gripper") has no verb right before
    it and is not counted; nor is a unit ("wait a minute")."""
    out: list[tuple[int, int, int, str, str | None]] = []
    for m in _SINGLE_ITEM.finditer(text):
        verb = _VERB_BEFORE.search(text[:m.start()])
        words = {noun_lemma(w) for w in re.findall(r"[a-z]+", m.group(1))}
        if verb is None or words & COUNT_UNITS - {"of"} or words & set(_ANY_GOAL) or _DETERMINER_BEFORE.search(
                text[:verb.start(1)]):
            continue  # (a word after a determiner is a noun: "stock the shelves in a depot" shelves nothing)
        # failing an operation verb, any verb whose object is a noun of a goal type ("closes a billing ticket")
        head = re.findall(r"[a-z]+", m.group(1))[-1]
        kind = _verb_type(verb.group(1), text, verb.start(1), domains) \
            or (counted_type(head, domains) if verb_of(verb.group(1).split()[0]) is not None else None)
        if kind is not None:
            out.append((m.start(1), m.end(1), m.start(1), "1", kind))
        elif verb_of(verb.group(1).split()[0]) is not None and single_fact(head, domains) is not None:
            # "change a flat tire": the one thing a fact without arguments is about, as "1 flat tire" (round 16)
            out.append((m.start(1), m.end(1), m.start(1), "1", None))
    # two verbs each with one object ("buy a gift and schedule a meeting") are two tasks' goals, not one count
    return out if len(out) == 1 else []


#: Nouns a number counts that measure or grade a thing rather than name it ("4 stars", "2 reviews"): no open goal
#: items (round 38).
_MEASURE_NOUNS = frozenset({"star", "review", "rating", "point", "percent", "digit", "character", "letter", "word",
                            "byte", "kb", "mb", "gb", "version", "copy", "time", "way", "kind", "sort", "type"})


def _open_counts(text: str, domains) -> list:
    """Round 38: where nothing else is counted and one world whose goal items are of an open kind is chosen alone
    (``lexicon.OPEN_GOAL_TYPES``: a shop's products, a file system's files), the first count of a noun no type names
    ("check out with 2 board games", "2 stale caches should be wiped") counts that kind, as the user's own name of
    the goal items. Units, agents, people and measures ("3 stars") are skipped; a noun phrase keeps an adjective or a
    modifier before its head ("1 espresso machine")."""
    if len(domains) != 1 or domains[0] not in OPEN_GOAL_TYPES:
        return []
    kind = OPEN_GOAL_TYPES[domains[0]]
    for m in _COUNT.finditer(text):
        head, end = m.group(3), m.end(3)
        if m.group(2) in PHRASE_END:
            continue  # "2 with coupons": no noun right after the count
        if m.group(2) and (head in PHRASE_END or verb_of(head) is not None and verb_of(m.group(2)) is None):
            head, end = m.group(2), m.end(2)  # "2 gadgets with", "2 caches should": the noun before
        lemmas = {noun_lemma(head), noun_lemma(m.group(2) or head)}
        if head in NUMBER_WORDS or len(head) < 3 or head in PHRASE_END or lemmas & (COUNT_UNITS | AGENT_NOUNS
                                                                                       | _MEASURE_NOUNS) \
                or head in PEOPLE or noun_lemma(head) in PEOPLE:
            continue
        return [(m.start(), end, m.end(1), m.group(1), kind)]
    return []


def _listed_counts(text: str, domains, taken: list[tuple[int, int]]) -> list:
    """A count without a numeral (round 14): a list of indefinite noun phrases that is the object of an operation
    verb ("buy a laptop bag and a mouse": 2, "purchase a lamp, a desk and a chair": 3) counts what that verb's
    tool acts on, as "buy 2 things" would. A list that is no verb's object ("an assistant and a bot that ...") stays
    uncounted; a lone "a lamp" is :func:`_single_counts`' (round 15)."""
    out = []
    for m in _ITEM_LIST.finditer(text):
        verb = _VERB_BEFORE.search(text[:m.start()])
        if verb is None or any(a < m.end() and m.start() < b for a, b in taken):
            continue
        kind = _verb_type(verb.group(1), text, verb.start(1), domains)
        if kind is None and any(s.end() == m.end(1) for s in MEETINGS_LISTED.finditer(text)):
            kind = _object_type("schedule", domains)  # "plan a team lunch and a design review": 2 meetings
        if kind is not None:
            n = len(re.findall(r"(?:^|,|\band|\bplus|&|\bas well as)\s*(?:an?|one|another)\s", m.group(1)))
            out.append((m.start(1), m.end(1), m.start(1), str(n), kind))
    return out

